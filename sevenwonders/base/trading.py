"""Trading: what a city may use and sell, its prices, and the one reference search for the ways
to pay a cost.

Rulebook (2nd ed., base-game.de.txt) "Ressourcen von einer Nachbarstadt kaufen": 2 coins per
resource bought from a neighbour; only a neighbour's starting resource and brown and grey cards
are for sale; an either/or card sells either resource; each symbol is bought at most once per
turn per buyer. Reference (base.md) §4.2, and D3b: a card or stage built this turn produces and
discounts nothing this turn, and coins received this turn cannot be spent yet.

The plain rule lives here; ``base/fast/`` answers the same questions from caches, and the tests
prove both equal (``tests/base/test_speed_*.py``, ``tests/base/fast/test_payment_*.py``).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

import attrs

from sevenwonders.base.effects import Effect, Produce, Side, TradeDiscount
from sevenwonders.core.resources import RESOURCES, Bag, Payment, Producer, parse_bag

if TYPE_CHECKING:
    from sevenwonders.base.state import BaseState
    from sevenwonders.base.tables import Tables

STANDARD_PRICE = 2  # coins per resource bought from a neighbour
FREE = Payment(0, 0)

# A producer as the search sees it: (options mask, amount).
Prod = tuple[int, int]


@attrs.frozen(slots=True)
class CityProfile:
    """What trading needs to know of one city now: what it may use (``own``), what it sells
    (``sellable``), its prices to each side, and the types of the powers of the stages it built
    before this turn."""

    own: tuple[Prod, ...]
    sellable: tuple[Prod, ...]
    left_prices: Bag
    right_prices: Bag
    powers: frozenset[type]


# (own profile, left neighbour's sellable producers, right neighbour's sellable producers)
Trade = tuple[CityProfile, tuple[Prod, ...], tuple[Prod, ...]]


def discounts(effects: Iterable[Effect]) -> tuple[tuple[int, int, int], ...]:
    """The (side: 0 left / 1 right, resource, price) of every trade discount in ``effects``
    (Trading Posts, Marketplace and the stages that act alike)."""
    out: list[tuple[int, int, int]] = []
    for effect in effects:
        if isinstance(effect, TradeDiscount):
            bag = parse_bag(effect.resources)
            for index, side in enumerate((Side.LEFT, Side.RIGHT)):
                if side in effect.sides:
                    out.extend((index, r, effect.price) for r, count in enumerate(bag) if count)
    return tuple(out)


def city_profile(tables: Tables, state: BaseState, seat: int) -> CityProfile:
    """The seat's trading profile, straight from its cards, stages and expansion effects.

    Order: the starting resource, the cards in build order, the stages, the expansions' grants.
    Cards and stages built this turn are left out (D3b)."""
    city = state.cities[seat]
    marks = state.marks[seat]
    start = Producer.of(tables.wonders[city.wonder].resource)
    own: list[Prod] = [(start.options, start.amount)]
    sellable: list[Prod] = [(start.options, start.amount)]
    prices = [[STANDARD_PRICE] * len(RESOURCES), [STANDARD_PRICE] * len(RESOURCES)]
    lasting: list[Effect] = []
    for name in city.cards:
        if name in marks.built:
            continue  # built this turn: produces and discounts nothing yet (D3b)
        card = tables.cards[name]
        if card.producer is not None:
            own.append((card.producer.options, card.producer.amount))
            if card.tradable:  # brown and grey cards only are for sale
                sellable.append((card.producer.options, card.producer.amount))
        lasting.extend(card.effects)
    stage_effects = tables.stage_effects(city, city.stages - marks.stages)
    granted = (*stage_effects, *tables.extra_effects(state, seat))
    for effect in granted:
        if isinstance(effect, Produce):
            producer = Producer.of(effect.options, effect.amount)
            own.append((producer.options, producer.amount))
    for side, r, price in discounts((*lasting, *granted)):
        prices[side][r] = min(prices[side][r], price)
    return CityProfile(own=tuple(own), sellable=tuple(sellable), left_prices=tuple(prices[0]),
                       right_prices=tuple(prices[1]),
                       powers=frozenset(type(effect) for effect in stage_effects))


def trade(tables: Tables, state: BaseState, seat: int) -> Trade:
    """The seat's own profile and what each neighbour sells: all a payment depends on."""
    left_seat, right_seat = tables.ring.sides(seat)
    return (city_profile(tables, state, seat), city_profile(tables, state, left_seat).sellable,
            city_profile(tables, state, right_seat).sellable)


def spendable(state: BaseState, seat: int) -> int:
    """Coins the seat may spend now: coins received this turn are not yet usable (D3b)."""
    return state.cities[seat].coins - state.marks[seat].income


def payments(tables: Tables, state: BaseState, seat: int, cost: Bag, budget: int,
             situation: Trade | None = None) -> tuple[Payment, ...]:
    """The cheapest non-dominated (left, right) payments for ``cost`` within ``budget``."""
    if budget < 0:
        return ()
    if not any(cost):
        return (FREE,)
    me, left, right = situation or trade(tables, state, seat)
    return pay_options(cost, me.own, left, right, me.left_prices, me.right_prices, budget)


# ---------------------------------------------------------------- the reference payment search


def pareto(pairs: Iterable[tuple[int, int]]) -> frozenset[tuple[int, int]]:
    """The non-dominated (left, right) pairs of ``pairs``."""
    ordered = sorted(set(pairs))
    out: list[tuple[int, int]] = []
    best_right = None
    for left, right in ordered:
        if best_right is None or right < best_right:
            out.append((left, right))
            best_right = right
    return frozenset(out)


def pair_order(pair: tuple[int, int]) -> tuple[int, tuple[int, int]]:
    """Sort key of payments: cheapest total first, then fewer coins to the left."""
    return (pair[0] + pair[1], pair)


def split_producers(producers: Sequence[Prod]) -> tuple[Bag, tuple[Prod, ...]]:
    """(units of fixed production per resource, the either/or producers in order)."""
    fixed = [0] * len(RESOURCES)
    choices: list[Prod] = []
    for mask, amount in producers:
        if mask & (mask - 1) == 0:
            fixed[mask.bit_length() - 1] += amount
        else:
            choices.append((mask, amount))
    return tuple(fixed), tuple(choices)


def own_remainders(need: Bag, choices: tuple[Prod, ...]) -> frozenset[Bag]:
    """Every need left after spending the city's own either/or producers, one option each."""
    results: set[Bag] = set()

    def walk(i: int, current: Bag) -> None:
        if not any(current) or i == len(choices):
            results.add(current)
            return
        mask, amount = choices[i]
        used = False
        for r in range(len(RESOURCES)):
            if mask >> r & 1 and current[r]:
                used = True
                nxt = list(current)
                nxt[r] = max(0, nxt[r] - amount)
                walk(i + 1, tuple(nxt))
        if not used:
            walk(i + 1, current)

    walk(0, need)
    # A remainder that is at least another one everywhere is never better.
    return frozenset(
        bag for bag in results
        if not any(other != bag and all(o <= b for o, b in zip(other, bag, strict=True))
                   for other in results)
    )


def purchases(
    need: Bag, sellers: tuple[tuple[Prod, int], ...], prices: tuple[Bag, Bag]
) -> frozenset[tuple[int, int]]:
    """Pareto set of (left coins, right coins) buying ``need`` from the sellers' producers;
    each seller entry is (producer, side) with side 0 = left, 1 = right."""
    memo: dict[tuple[int, Bag], frozenset[tuple[int, int]]] = {}

    def solve(i: int, current: Bag) -> frozenset[tuple[int, int]]:
        if not any(current):
            return frozenset({(0, 0)})
        if i == len(sellers):
            return frozenset()
        key = (i, current)
        known = memo.get(key)
        if known is not None:
            return known
        (mask, amount), side = sellers[i]
        price = prices[side]
        options: list[tuple[int, int]] = list(solve(i + 1, current))
        for r in range(len(RESOURCES)):
            if mask >> r & 1 and current[r]:
                for units in range(1, min(amount, current[r]) + 1):
                    nxt = list(current)
                    nxt[r] -= units
                    cost = units * price[r]
                    for left, right in solve(i + 1, tuple(nxt)):
                        options.append((left + cost, right) if side == 0 else (left, right + cost))
        result = memo[key] = pareto(options)
        return result

    return solve(0, need)


def pareto_purchases(
    need: Bag,
    own_choices: tuple[Prod, ...],
    sellers: tuple[tuple[Prod, int], ...],
    prices: tuple[Bag, Bag],
) -> tuple[tuple[int, int], ...]:
    """Every non-dominated (left, right) split for ``need`` (past fixed own production), before
    any budget, cheapest first."""
    remainders = own_remainders(need, own_choices)
    if any(not any(bag) for bag in remainders):
        return ((0, 0),)
    found: list[tuple[int, int]] = []
    for bag in remainders:
        found.extend(purchases(bag, sellers, prices))
    return tuple(sorted(pareto(found), key=pair_order))


def all_payments(
    cost: Bag,
    own: tuple[Prod, ...],
    left: tuple[Prod, ...],
    right: tuple[Prod, ...],
    left_prices: Bag,
    right_prices: Bag,
) -> tuple[Payment, ...]:
    """Every non-dominated payment of ``cost`` whatever the budget, cheapest total first (so
    the payments within a budget are a prefix): own production first, the rest bought."""
    fixed, choices = split_producers(own)
    need = tuple(c - f if c > f else 0 for c, f in zip(cost, fixed, strict=True))
    if not any(need):
        return (FREE,)
    mask = 0
    for r, count in enumerate(need):
        if count:
            mask |= 1 << r
    own_choices = tuple(sorted((m & mask, a) for m, a in choices if m & mask))
    sellers = tuple(sorted(
        ((m & mask, a), side)
        for side, producers in ((0, left), (1, right))
        for m, a in producers
        if m & mask
    ))
    found = pareto_purchases(need, own_choices, sellers, (left_prices, right_prices))
    return tuple(Payment(lc, rc) for lc, rc in found)


def pay_options(
    cost: Bag,
    own: tuple[Prod, ...],
    left: tuple[Prod, ...],
    right: tuple[Prod, ...],
    left_prices: Bag,
    right_prices: Bag,
    budget: int,
) -> tuple[Payment, ...]:
    """:func:`all_payments` within ``budget`` coins."""
    options = all_payments(cost, own, left, right, left_prices, right_prices)
    return tuple(p for p in options if p.total <= budget)


def cheapest_payments(
    cost: Bag,
    own: Sequence[Producer],
    left: Sequence[Producer] = (),
    right: Sequence[Producer] = (),
    left_prices: Bag = (STANDARD_PRICE,) * 7,
    right_prices: Bag = (STANDARD_PRICE,) * 7,
    budget: int = 1 << 30,
) -> tuple[Payment, ...]:
    """The non-dominated ways to pay ``cost``: own production first, the rest bought.

    ``own`` is everything the city may use; ``left``/``right`` are only what each neighbour may
    sell. A result of ``(FREE,)`` means no trade is needed; ``()`` means the cost cannot be paid
    within ``budget`` coins. Payments come cheapest first.
    """
    return pay_options(
        cost,
        tuple((p.options, p.amount) for p in own),
        tuple((p.options, p.amount) for p in left),
        tuple((p.options, p.amount) for p in right),
        tuple(left_prices),
        tuple(right_prices),
        budget,
    )


def missing_units(cost: Bag, own: Sequence[Producer]) -> int:
    """How many units of ``cost`` the producers cannot cover, with either/or choices at best."""
    fixed, choices = split_producers(tuple((p.options, p.amount) for p in own))
    need = tuple(max(0, c - f) for c, f in zip(cost, fixed, strict=True))
    return min(sum(bag) for bag in own_remainders(need, choices))


def can_produce(cost: Bag, own: Sequence[Producer]) -> bool:
    return missing_units(cost, own) == 0
