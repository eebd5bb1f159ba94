"""The quick card-conservation test (copies counted and compared with the deal) says "no problem"
exactly when the full check finds none: on real states of both editions and on one-change
edits of them (a card dropped, duplicated, moved elsewhere or replaced by another)."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import attrs
import pytest

from sevenwonders.base import conservation
from sevenwonders.base.loaded_table import _edition
from sevenwonders.base.state import BaseState
from sevenwonders.errors import InvalidStateError
from tests.boundary.mutation import real_states

KINDS = ["base-3", "base-7-night", "base-1st-4", "base-1st-6", "edifice-5"]


def full_check_passes(state: BaseState, edition: str) -> bool:
    """What the full check says, with the quick test out of the way."""
    original = conservation._conserved
    conservation._conserved = lambda *_: False
    try:
        return not list(conservation.check_cards(state, edition))
    except InvalidStateError:
        return False
    finally:
        conservation._conserved = original


def _places(state: BaseState) -> list[tuple[str, int, int]]:
    """(field, index, length) of every card list of the state."""
    out = [("hands", i, len(h)) for i, h in enumerate(state.hands)]
    out += [("decks", i, len(d)) for i, d in enumerate(state.decks)]
    out += [("discard", 0, len(state.discard))]
    out += [("cards", i, len(c.cards)) for i, c in enumerate(state.cities)]
    out += [("tucked", i, len(c.tucked)) for i, c in enumerate(state.cities)]
    return out


def _get(state: BaseState, field: str, i: int) -> tuple[str, ...]:
    if field in ("hands", "decks"):
        items: tuple[str, ...] = getattr(state, field)[i]
        return items
    if field == "discard":
        return state.discard
    items = getattr(state.cities[i], field)
    return items


def _put(state: BaseState, field: str, i: int, cards: tuple[str, ...]) -> BaseState:
    change: dict[str, Any] = {field: cards}
    if field in ("hands", "decks"):
        rows = list(getattr(state, field))
        rows[i] = cards
        change[field] = tuple(rows)
        return attrs.evolve(state, **change)
    if field == "discard":
        return attrs.evolve(state, discard=cards)
    cities = list(state.cities)
    cities[i] = attrs.evolve(cities[i], **change)
    return attrs.evolve(state, cities=tuple(cities))


def edited(state: BaseState, rng: random.Random) -> BaseState | None:
    """``state`` with one card edit, or ``None`` when the state holds no card to edit."""
    filled = [place for place in _places(state) if place[2]]
    if not filled:
        return None
    field, i, size = rng.choice(filled)
    cards = list(_get(state, field, i))
    card = cards[rng.randrange(size)]
    kind = rng.choice(["drop", "duplicate", "move", "replace"])
    if kind == "drop":
        cards.remove(card)
        return _put(state, field, i, tuple(cards))
    if kind == "replace":
        every = sorted(conservation.sorted_deal(_edition(state), state.players))
        cards[cards.index(card)] = rng.choice(every)
        return _put(state, field, i, tuple(cards))
    to_field, to_i, _ = rng.choice(_places(state))
    if kind == "move":
        cards.remove(card)
        state = _put(state, field, i, tuple(cards))
    return _put(state, to_field, to_i, (*_get(state, to_field, to_i), card))


@pytest.mark.parametrize("kind", KINDS)
def test_the_quick_test_agrees_with_the_full_check(kind: str) -> None:
    rng = random.Random(kind)
    agreed: dict[bool, int] = {True: 0, False: 0}
    for state in real_states(kind, seed=5)[::3]:
        candidates: list[Any] = [state] + [edited(state, rng) for _ in range(6)]
        for candidate in candidates:
            if candidate is None:
                continue
            edition = _edition(candidate)
            full = full_check_passes(candidate, edition)
            assert conservation._conserved(candidate, edition) == full, (kind, candidate)
            agreed[full] += 1
    assert agreed[True] and agreed[False]  # (both answers met)


@pytest.mark.parametrize("kind", KINDS)
def test_the_decks_verdicts_never_change_what_the_quick_test_says(kind: str) -> None:
    """The quick test remembers whether each deck it met was its Age's deal: with those
    verdicts, and with nothing remembered, it says the same of real states and their edits."""
    rng = random.Random(kind + "decks")
    for state in real_states(kind, seed=7)[::2]:
        for candidate in [state] + [edited(state, rng) for _ in range(4)]:
            if candidate is None:
                continue
            edition = _edition(candidate)
            said = conservation._conserved(candidate, edition)
            kept = dict(conservation._DECKS_FIT)
            conservation._DECKS_FIT.clear()
            try:
                assert conservation._conserved(candidate, edition) == said, (kind, candidate)
            finally:
                conservation._DECKS_FIT.update(kept)


def _counted(cards: list[str], guilds: frozenset[str], dealt: dict[str, int],
             needed: int) -> bool:
    """The deal test written with the copies of each name counted (the reference)."""
    counts = Counter(cards)
    used = guilds.intersection(counts)
    if len(used) != needed or any(counts.pop(guild) != 1 for guild in used):
        return False
    return dict(counts) == dealt


@pytest.mark.parametrize("edition", ["2nd", "1st"])
def test_the_deal_test_agrees_with_the_copies_counted(edition: str) -> None:
    """:func:`conservation._the_deal` (names, the copies of repeated names, and the count of
    all compared in C passes) says what counting each name's copies says, on the deal of
    each table size and Ages so far (and of each Age alone) with guilds drawn among all or a
    part of the guilds, and on edits of it: a card dropped, doubled, added or replaced (by a
    dealt card, a guild in play or not, or a name no deal has), two at once, or as many guilds
    asked for one more or one fewer."""
    rng = random.Random(edition)
    said: dict[bool, int] = {True: 0, False: 0}
    for n in range(3, 8):
        _, _, every_guild = conservation.deal(edition, n)
        for age in (1, 2, 3, -1, -2, -3):
            dealt = conservation.deal_counts(edition, n, age)
            shape = conservation.deal_shape(edition, n, age)
            pool = [*sorted(dealt), *sorted(every_guild), "Nonsense"]
            for _ in range(60):
                guilds = frozenset(rng.sample(sorted(every_guild), rng.randint(0, n + 2)))
                needed = rng.randint(0, len(guilds))
                cards = [card for card, times in dealt.items() for _ in range(times)]
                cards += rng.sample(sorted(guilds), needed)
                for _ in range(rng.choice([0, 0, 1, 1, 2])):
                    kind = rng.choice(["drop", "double", "add", "replace", "needed"])
                    if kind == "needed":
                        needed += rng.choice([-1, 1])
                    elif kind == "add" or not cards:
                        cards.append(rng.choice(pool))
                    else:
                        i = rng.randrange(len(cards))
                        if kind == "drop":
                            cards.pop(i)
                        elif kind == "double":
                            cards.append(cards[i])
                        else:
                            cards[i] = rng.choice(pool)
                rng.shuffle(cards)
                expected = _counted(cards, guilds, dealt, needed)
                assert conservation._the_deal(cards, guilds, shape, needed) == expected, (
                    n, age, cards, guilds, needed)
                said[expected] += 1
    assert said[True] > 300 and said[False] > 1000
