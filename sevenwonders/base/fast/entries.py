"""Making a city's trading profile as the fast paths use it (:class:`~.profile.Entry`): ids
numbering the distinct contents of what it pays with and what it sells, and both split into
fixed production and either/or producers; the entries of a state's seats (:func:`entries_of`),
kept in the state's memo. Speed only: :func:`sevenwonders.base.trading.city_profile` is the rule,
and ``tests/base/test_speed_entries.py`` proves every entry equal to it.

A city one card longer than a known one gets its entry from that one (:func:`child_entry`), the
usual case in a game.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import partial
from typing import Any

from sevenwonders.base.effects import Effect, Produce
from sevenwonders.base.fast.profile import Entry, ProfileFields, units_of
from sevenwonders.base.fast.store import FastStore, StateMemo
from sevenwonders.base.state import BaseState, City, TurnMarks
from sevenwonders.base.trading import STANDARD_PRICE
from sevenwonders.base.trading import discounts as trade_discounts
from sevenwonders.core.resources import Producer

PROFILE_CACHE_LIMIT = 100_000
START_LIMIT = 1_000  # entries of cities without cards or stages (a few per board)


def content_id(cache: FastStore, kind: int, content: Any) -> int:
    """The id of a trading content (``kind`` 0: what a city pays with, 1: what it sells);
    ids only grow (:meth:`~.store.FastStore.new_id`), so an id never names two contents."""
    table = cache.sell_ids if kind else cache.own_ids
    found = table.get(content)
    if found is None:
        found = table[content] = next(cache.ids)
    return found


def produced_by(cache: FastStore, effect: Produce) -> tuple[int, int]:
    """The (options, amount) of a ``Produce`` effect (kept per effect)."""
    found = cache.producers.get(effect)
    if found is None:
        made = Producer.of(effect.options, effect.amount)
        found = cache.producers[effect] = (made.options, made.amount)
    return found


def entries_of(cache: FastStore, state: BaseState, seats: Iterable[int],
               memo: StateMemo | None = None) -> list[Entry | None]:
    """The memo's list of entries for ``state``, with those of ``seats`` filled in."""
    found = (cache.state_memo(state) if memo is None else memo).entries
    for seat in seats:
        if found[seat] is None:
            if len(cache.profiles) > PROFILE_CACHE_LIMIT:
                cache.clear()
            found[seat] = entry(cache, state, seat)
    return found


def entry(cache: FastStore, state: BaseState, seat: int) -> Entry:
    """The seat's profile with the ids of its trading contents (see ``_profiles``)."""
    city = state.cities[seat]
    marks = state.marks[seat]
    if cache.tables.expansions:
        extra = cache.grants(state, seat)
        key: tuple[Any, ...] = (city.wonder, city.side, city.cards, city.stages,
                                city.stage_choices, marks.built, marks.stages, extra)
    else:
        extra = ()
        key = (city.wonder, city.side, city.cards, city.stages, city.stage_choices,
               marks.built, marks.stages)
    found = cache.profiles.get(key)
    if found is None:
        parent = None
        if city.cards and not extra and not marks.built and not marks.stages:
            # Most often the city of the turn before, one card shorter, is known (its key
            # as above: no marks, and no expansion grants when the game has expansions).
            shorter = (city.wonder, city.side, city.cards[:-1], city.stages, city.stage_choices,
                       (), 0)
            parent = cache.profiles.get((*shorter, ()) if cache.tables.expansions else shorter)
        if parent is not None:
            found = child_entry(cache, parent, city)
        else:
            found = make_entry(cache, city, marks, extra)
            found.owned = dict.fromkeys(city.cards)
            plan = cache.stage_plans[(city.wonder, city.side)]
            if 0 <= city.stages < len(plan):
                found.next_stage = plan[city.stages]
        cache.profiles[key] = found
        if not city.cards and not city.stages and len(cache.start_entries) < START_LIMIT:
            cache.start_entries[key] = found  # every game's first cities: kept across games
    return found


def child_entry(cache: FastStore, parent: Entry, city: City) -> Entry:
    """The entry of ``city`` (no marks, no expansion effects) from ``parent``, the entry of
    the same city without its last card: :meth:`_make_entry` with that card added where
    the full pass would meet it (after the other cards, before the stages' producers)."""
    name = city.cards[-1]
    info = cache.info[name]
    producer = info.producer
    if producer is None and not info.discounts:
        return parent.with_card(name)  # the same trading contents
    own, sellable = parent.own, parent.sellable
    own_fixed, own_choices = parent.own_fixed, parent.own_choices
    sell_fixed, sell_choices = parent.sell_fixed, parent.sell_choices
    if producer is not None:
        stage_producers = stage_part(cache, city, city.stages)[0]
        at = len(own) - len(stage_producers)
        own = (*own[:at], producer, *own[at:])
        fixed_at = info.fixed_at
        if fixed_at >= 0:
            units = producer[1]
            own_fixed = (*own_fixed[:fixed_at], own_fixed[fixed_at] + units,
                         *own_fixed[fixed_at + 1:])
        else:
            at = len(own_choices) - sum(1 for m, _ in stage_producers if m & (m - 1))
            own_choices = (*own_choices[:at], producer, *own_choices[at:])
        if info.tradable:
            sellable = (*sellable, producer)
            if fixed_at >= 0:
                sell_fixed = (*sell_fixed[:fixed_at], sell_fixed[fixed_at] + producer[1],
                              *sell_fixed[fixed_at + 1:])
            else:
                sell_choices = (*sell_choices, producer)
    left_prices, right_prices = parent.left_prices, parent.right_prices
    if info.discounts:
        prices = [list(left_prices), list(right_prices)]
        for side, r, price in info.discounts:
            if price < prices[side][r]:
                prices[side][r] = price
        left_prices, right_prices = tuple(prices[0]), tuple(prices[1])
    # the parent's entry with what the card changed (ids of the contents as Entry.__init__
    # makes them: either/or producers sorted)
    found = parent.with_card(name)
    found.own, found.own_fixed, found.own_choices = own, own_fixed, own_choices
    if producer is not None:
        found.own_units, found.own_tagged = units_of(own_fixed, own_choices, False)
    found.left_prices, found.right_prices = left_prices, right_prices
    found.own_id = content_id(cache, 0, (
        own_fixed, tuple(sorted(own_choices)) if len(own_choices) > 1 else own_choices,
        left_prices, right_prices))
    if sellable is not parent.sellable:
        found.sellable, found.sell_fixed, found.sell_choices = sellable, sell_fixed, sell_choices
        found.sell_units, found.sell_tagged = units_of(sell_fixed, sell_choices, True)
        found.sell_id = content_id(cache, 1, (
            sell_fixed, tuple(sorted(sell_choices)) if len(sell_choices) > 1 else sell_choices))
    return found



def stage_child(cache: FastStore, parent: Entry, city: City) -> Entry:
    """The entry of ``city`` (no marks, no expansion effects) from ``parent``, the entry of
    the same city one wonder stage shorter: :func:`make_entry` meets the new stage's
    producers after every other, then its discounts; the stages' powers are the new count's."""
    shorter = stage_part(cache, city, city.stages - 1)
    producers, discounts, powers = stage_part(cache, city, city.stages)
    found = parent.copy()
    found.powers = powers
    plan = cache.stage_plans[(city.wonder, city.side)]
    found.next_stage = plan[city.stages] if city.stages < len(plan) else None
    added = producers[len(shorter[0]):]
    new_discounts = discounts[len(shorter[1]):]
    if not added and not new_discounts:
        return found  # the same trading contents (and ids)
    if added:
        own_fixed = list(parent.own_fixed)
        own_choices = parent.own_choices
        for producer in added:
            mask = producer[0]
            if mask & (mask - 1):
                own_choices = (*own_choices, producer)
            else:
                own_fixed[mask.bit_length() - 1] += producer[1]
        found.own = (*parent.own, *added)
        found.own_fixed, found.own_choices = tuple(own_fixed), own_choices
        found.own_units, found.own_tagged = units_of(found.own_fixed, own_choices, False)
    if new_discounts:
        prices = [list(parent.left_prices), list(parent.right_prices)]
        for side, r, price in new_discounts:
            if price < prices[side][r]:
                prices[side][r] = price
        found.left_prices, found.right_prices = tuple(prices[0]), tuple(prices[1])
    own_choices = found.own_choices
    found.own_id = content_id(cache, 0, (
        found.own_fixed, tuple(sorted(own_choices)) if len(own_choices) > 1 else own_choices,
        found.left_prices, found.right_prices))
    return found


def make_entry(cache: FastStore, city: City, marks: TurnMarks, extra: tuple[Effect, ...]) -> Entry:
    """A city's profile and its :class:`Entry` in one pass: the producers are split into
    fixed production and either/or producers as they are met; ``extra`` holds what the
    expansions grant (production and discounts, after the stages')."""
    start = cache.start_producer[city.wonder]
    own = [start]
    sellable = [start]
    own_fixed = [0] * 7
    sell_fixed = [0] * 7
    own_choices: list[tuple[int, int]] = []
    sell_choices: list[tuple[int, int]] = []
    start_at = cache.start_fixed[city.wonder]
    if start_at >= 0:
        own_fixed[start_at] += start[1]
        sell_fixed[start_at] += start[1]
    else:
        own_choices.append(start)
        sell_choices.append(start)
    left_prices = [STANDARD_PRICE] * 7
    right_prices = [STANDARD_PRICE] * 7
    built = marks.built
    info_of = cache.info
    for name in city.cards:
        if built and name in built:
            continue  # built this turn: produces and discounts nothing yet
        info = info_of[name]
        producer = info.producer
        if producer is not None:
            own.append(producer)
            at = info.fixed_at
            if at >= 0:
                own_fixed[at] += producer[1]
            else:
                own_choices.append(producer)
            if info.tradable:
                sellable.append(producer)
                if at >= 0:
                    sell_fixed[at] += producer[1]
                else:
                    sell_choices.append(producer)
        if info.discounts:
            for side, r, price in info.discounts:
                prices = right_prices if side else left_prices
                if price < prices[r]:
                    prices[r] = price
    producers, discounts, powers = stage_part(cache, city, city.stages - marks.stages)
    if extra:
        producers = (*producers,
                     *(produced_by(cache, e) for e in extra if isinstance(e, Produce)))
        discounts = (*discounts, *trade_discounts(extra))
    for producer in producers:
        own.append(producer)
        mask = producer[0]
        if mask & (mask - 1):
            own_choices.append(producer)
        else:
            own_fixed[mask.bit_length() - 1] += producer[1]
    for side, r, price in discounts:
        prices = right_prices if side else left_prices
        if price < prices[r]:
            prices[r] = price
    profile = ProfileFields(tuple(own), tuple(sellable), tuple(left_prices),
                             tuple(right_prices), powers)
    return Entry(profile, partial(content_id, cache),
                  (tuple(own_fixed), tuple(own_choices), tuple(sell_fixed),
                   tuple(sell_choices)))


def stage_part(
    cache: FastStore, city: City, count: int
) -> tuple[tuple[tuple[int, int], ...], tuple[tuple[int, int, int], ...], frozenset[type]]:
    """What the first ``count`` built stages give a profile: their producers, their trade
    discounts and the types of their effects (cached per board, count and options)."""
    key = (city.wonder, city.side, count, city.stage_choices[:count])
    found = cache.stage_parts.get(key)
    if found is None:
        effects = cache.tables.stage_effects(city, count)
        producers = tuple(produced_by(cache, e) for e in effects if isinstance(e, Produce))
        found = cache.stage_parts[key] = (
            producers, trade_discounts(effects), frozenset(type(effect) for effect in effects)
        )
    return found

