"""Resources, costs as small integer vectors, production, and the search for ways to pay.

A *bag* is a tuple of seven counts in the order of :data:`RESOURCES` (wood, stone, ore, clay,
glass, papyrus, loom). A :class:`Producer` yields ``amount`` units of one of its ``options`` each
turn: a fixed producer has one option, an either/or producer several.

:func:`cheapest_payments` answers the trading question of the base game: given what a city makes,
what its two neighbours may sell and at which prices, which (coins to the left, coins to the right)
splits pay a cost, keeping only the non-dominated ones. Results are cached on their inputs, which
are all small tuples.

:func:`payment_pairs` gives the same answer on producers split once into fixed production and
either/or producers (the base game's rules keep them per city): it works on the few resources
the cost names, solves the usual case (no real choice among the producers that can help) from a
small per-resource table, enumerates the choices otherwise, and falls back to the general search
when there are too many. Tests compare it with the general search and a brute-force oracle.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Sequence
from functools import lru_cache

import attrs

from sevenwonders.errors import UnknownCardError


class Resource(enum.Enum):
    """The seven resources; the value is the letter used in data files."""

    WOOD = "W"
    STONE = "S"
    ORE = "O"
    CLAY = "C"
    GLASS = "G"
    PAPYRUS = "P"
    LOOM = "L"

    @property
    def index(self) -> int:
        return _INDEX[self]


RESOURCES: tuple[Resource, ...] = tuple(Resource)
_INDEX = {resource: i for i, resource in enumerate(RESOURCES)}
_BY_LETTER = {resource.value: resource for resource in RESOURCES}
RAW: frozenset[Resource] = frozenset({Resource.WOOD, Resource.STONE, Resource.ORE, Resource.CLAY})
MANUFACTURED: frozenset[Resource] = frozenset({Resource.GLASS, Resource.PAPYRUS, Resource.LOOM})

Bag = tuple[int, ...]
EMPTY: Bag = (0,) * len(RESOURCES)


def resource_from_letter(letter: str) -> Resource:
    try:
        return _BY_LETTER[letter]
    except KeyError:
        raise UnknownCardError(f"unknown resource letter {letter!r}") from None


def parse_bag(letters: str) -> Bag:
    """``"WWO"`` -> two wood and one ore."""
    counts = [0] * len(RESOURCES)
    for letter in letters:
        counts[resource_from_letter(letter).index] += 1
    return tuple(counts)


def format_bag(bag: Bag) -> str:
    return "".join(resource.value * count for resource, count in zip(RESOURCES, bag, strict=True))


def bag_of(resources: Iterable[Resource]) -> Bag:
    counts = [0] * len(RESOURCES)
    for resource in resources:
        counts[resource.index] += 1
    return tuple(counts)


def mask_of(resources: Iterable[Resource]) -> int:
    mask = 0
    for resource in resources:
        mask |= 1 << resource.index
    return mask


RAW_MASK = mask_of(RAW)
MANUFACTURED_MASK = mask_of(MANUFACTURED)


@attrs.frozen(slots=True)
class Producer:
    """``amount`` units per turn of one resource chosen among ``options`` (a bit mask)."""

    options: int
    amount: int = 1

    @classmethod
    def of(cls, letters: str, amount: int = 1) -> Producer:
        return cls(mask_of(resource_from_letter(letter) for letter in letters), amount)

    @property
    def is_choice(self) -> bool:
        return self.options & (self.options - 1) != 0

    def resources(self) -> tuple[Resource, ...]:
        return tuple(r for r in RESOURCES if self.options >> r.index & 1)


@attrs.frozen(slots=True, order=True)
class Payment:
    """Coins paid to the left and to the right neighbour for bought resources."""

    left: int = 0
    right: int = 0

    @property
    def total(self) -> int:
        return self.left + self.right


FREE = Payment(0, 0)

# A producer in the search below is a pair (options mask, amount); prices are per resource.
_Prod = tuple[int, int]


def _pareto(pairs: Iterable[tuple[int, int]]) -> frozenset[tuple[int, int]]:
    ordered = sorted(set(pairs))
    out: list[tuple[int, int]] = []
    best_right = None
    for left, right in ordered:
        if best_right is None or right < best_right:
            out.append((left, right))
            best_right = right
    return frozenset(out)


def _split_fixed(producers: Sequence[_Prod]) -> tuple[Bag, tuple[_Prod, ...]]:
    fixed = [0] * len(RESOURCES)
    choices: list[_Prod] = []
    for mask, amount in producers:
        if mask & (mask - 1) == 0:
            fixed[mask.bit_length() - 1] += amount
        else:
            choices.append((mask, amount))
    return tuple(fixed), tuple(choices)


def _own_remainders(need: Bag, choices: tuple[_Prod, ...]) -> frozenset[Bag]:
    """Every need left after spending the city's own either/or producers greedily per branch."""
    results: set[Bag] = set()

    def walk(i: int, current: Bag) -> None:
        if not any(current):
            results.add(current)
            return
        if i == len(choices):
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


def _purchases(
    need: Bag, sellers: tuple[tuple[_Prod, int], ...], prices: tuple[Bag, Bag]
) -> frozenset[tuple[int, int]]:
    """Pareto set of (left coins, right coins) buying ``need`` from the sellers' producers.

    Each seller entry is (producer, side) with side 0 = left, 1 = right.
    """
    if all(mask & (mask - 1) == 0 for (mask, _), _ in sellers):
        return _fixed_purchases(need, sellers, prices)
    memo: dict[tuple[int, Bag], frozenset[tuple[int, int]]] = {}

    def solve(i: int, current: Bag) -> frozenset[tuple[int, int]]:
        if not any(current):
            return frozenset({(0, 0)})
        if i == len(sellers):
            return frozenset()
        key = (i, current)
        cached = memo.get(key)
        if cached is not None:
            return cached
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
        result = _pareto(options)
        memo[key] = result
        return result

    return solve(0, need)


def _fixed_purchases(
    need: Bag, sellers: tuple[tuple[_Prod, int], ...], prices: tuple[Bag, Bag]
) -> frozenset[tuple[int, int]]:
    """:func:`_purchases` when every seller makes one resource: each resource is split between
    the sides on its own, and the splits add up."""
    capacity = [[0] * len(RESOURCES), [0] * len(RESOURCES)]
    for (mask, amount), side in sellers:
        capacity[side][mask.bit_length() - 1] += amount
    totals: frozenset[tuple[int, int]] = frozenset({(0, 0)})
    for r, count in enumerate(need):
        if not count:
            continue
        low = max(0, count - capacity[1][r])
        high = min(count, capacity[0][r])
        if low > high:
            return frozenset()
        splits = [(a * prices[0][r], (count - a) * prices[1][r]) for a in range(low, high + 1)]
        totals = _pareto((x + sx, y + sy) for x, y in totals for sx, sy in splits)
    return totals


@lru_cache(maxsize=200_000)
def _pareto_purchases(
    need: Bag,
    own_choices: tuple[_Prod, ...],
    sellers: tuple[tuple[_Prod, int], ...],
    prices: tuple[Bag, Bag],
) -> tuple[tuple[int, int], ...]:
    """Every non-dominated (left, right) split for ``need``, before any budget: the cached core.

    Its inputs are canonical (only producers that can help with ``need``, sorted), so equal
    trading situations in different games share one entry.
    """
    remainders = _own_remainders(need, own_choices)
    if any(not any(bag) for bag in remainders):
        return ((0, 0),)
    found: list[tuple[int, int]] = []
    for bag in remainders:
        found.extend(_purchases(bag, sellers, prices))
    return tuple(sorted(_pareto(found), key=lambda p: (p[0] + p[1], p)))


def pay_options(
    cost: Bag,
    own: tuple[_Prod, ...],
    left: tuple[_Prod, ...],
    right: tuple[_Prod, ...],
    left_prices: Bag,
    right_prices: Bag,
    budget: int,
) -> tuple[Payment, ...]:
    """:func:`cheapest_payments` on producers given as (options mask, amount) pairs."""
    options = _all_options(cost, own, left, right, left_prices, right_prices)
    if options and options[-1].total <= budget:
        return options
    return tuple(p for p in options if p.total <= budget)


def split_producers(producers: Sequence[_Prod]) -> tuple[Bag, tuple[_Prod, ...]]:
    """(units of fixed production per resource, the either/or producers in order)."""
    return _split_fixed(producers)


_SPARSE: dict[Bag, tuple[tuple[int, int], ...]] = {}
_NO_TRADE = ((0, 0),)


def _pair_order(p: tuple[int, int]) -> tuple[int, tuple[int, int]]:
    return (p[0] + p[1], p)


def _single_options(choices: Sequence[_Prod], mask: int) -> tuple[bool, dict[int, int] | None]:
    """A seller's either/or producers that can help with ``mask``: ``(True, None)`` when one
    keeps two useful options (a real choice), else ``(False, extra fixed units per resource)``
    (``None`` when none helps)."""
    more: dict[int, int] | None = None
    for m, a in choices:
        m &= mask
        if not m:
            continue
        if m & (m - 1):
            return True, None
        if more is None:
            more = {}
        r = m.bit_length() - 1
        more[r] = more.get(r, 0) + a
    return False, more


def _sparse(cost: Bag) -> tuple[tuple[int, int], ...]:
    """:func:`cost_items` of ``cost``, remembered in :data:`_SPARSE`."""
    if len(_SPARSE) > 10_000:
        _SPARSE.clear()
    items = _SPARSE[cost] = cost_items(cost)
    return items


def payment_pairs(
    cost: Bag,
    own_fixed: Bag,
    own_choices: tuple[_Prod, ...],
    left_fixed: Bag,
    left_choices: tuple[_Prod, ...],
    right_fixed: Bag,
    right_choices: tuple[_Prod, ...],
    left_prices: Bag,
    right_prices: Bag,
) -> tuple[tuple[int, int], ...]:
    """:func:`all_payments` as (left, right) pairs, on producers already split by
    :func:`split_producers`: the same payments in the same order.

    Works on the few resources the cost names. In the common case every either/or producer
    that can help has a single needed resource among its options, so it acts as a fixed
    producer of it; then each needed resource is split between the sides on its own, and the
    result depends only on (units needed, units each side sells, prices) per resource, a
    small key cached here. Other cases go to :func:`_choice_pairs`.
    """
    items = _SPARSE.get(cost) or _sparse(cost)
    need: list[tuple[int, int]] = []
    mask = 0
    for r, count in items:
        fixed = own_fixed[r]
        if count > fixed:
            need.append((r, count - fixed))
            mask |= 1 << r
    if not mask:
        return _NO_TRADE
    if not (own_choices or left_choices or right_choices):
        key = tuple([(count, left_fixed[r], right_fixed[r], left_prices[r], right_prices[r])
                     for r, count in need])
        found = _SPLITS.get(key)
        if found is None:
            if len(_SPLITS) > 100_000:
                _SPLITS.clear()
            found = _SPLITS[key] = _split_between_sides(key)
        return found
    if own_choices:
        folded: dict[int, int] | None = None
        for m, a in own_choices:
            m &= mask
            if not m:
                continue
            if m & (m - 1):
                return _choice_pairs(cost, own_fixed, own_choices, left_fixed, left_choices,
                                     right_fixed, right_choices, left_prices, right_prices)
            if folded is None:
                folded = dict(need)
            folded[m.bit_length() - 1] -= a
        if folded is not None:
            need = [(r, count) for r, count in folded.items() if count > 0]
            if not need:
                return _NO_TRADE
            mask = 0
            for r, _ in need:
                mask |= 1 << r
    left_choice, left_more = _single_options(left_choices, mask)
    right_choice, right_more = _single_options(right_choices, mask)
    if left_choice or right_choice:
        return _choice_pairs(cost, own_fixed, own_choices, left_fixed, left_choices,
                             right_fixed, right_choices, left_prices, right_prices)
    if left_more is None and right_more is None:
        key = tuple((count, left_fixed[r], right_fixed[r], left_prices[r], right_prices[r])
                    for r, count in need)
    else:
        key = tuple(
            (count,
             left_fixed[r] + (left_more.get(r, 0) if left_more else 0),
             right_fixed[r] + (right_more.get(r, 0) if right_more else 0),
             left_prices[r], right_prices[r])
            for r, count in need
        )
    return split_pairs(key)


# ((units needed, units the left sells, units the right sells, left price, right price) per
# needed resource) -> the non-dominated (left, right) totals, cheapest first
_SPLITS: dict[tuple[tuple[int, int, int, int, int], ...], tuple[tuple[int, int], ...]] = {}


def cost_items(cost: Bag) -> tuple[tuple[int, int], ...]:
    """The (resource, units) of ``cost`` with units, in resource order."""
    return tuple((r, c) for r, c in enumerate(cost) if c)


def split_pairs(
    key: tuple[tuple[int, int, int, int, int], ...],
) -> tuple[tuple[int, int], ...]:
    """The non-dominated (left, right) totals, cheapest first, buying per resource
    (units needed, units the left sells, units the right sells, left price, right price)
    of ``key`` (the needs not zero) when no either/or producer is involved: the case of
    :func:`payment_pairs` that splits each resource between the sides on its own."""
    found = _SPLITS.get(key)
    if found is None:
        if len(_SPLITS) > 100_000:
            _SPLITS.clear()
        found = _SPLITS[key] = _split_between_sides(key)
    return found


def _split_between_sides(
    key: tuple[tuple[int, int, int, int, int], ...],
) -> tuple[tuple[int, int], ...]:
    totals: list[tuple[int, int]] = [(0, 0)]
    for count, left_cap, right_cap, lp, rp in key:
        low = count - right_cap if count > right_cap else 0
        high = count if count < left_cap else left_cap
        if low > high:
            return ()
        if low == high:
            dl, dr = low * lp, (count - low) * rp
            totals = [(x + dl, y + dr) for x, y in totals]
        else:
            splits = [(a * lp, (count - a) * rp) for a in range(low, high + 1)]
            totals = list(_pareto((x + sx, y + sy) for x, y in totals for sx, sy in splits))
    return tuple(sorted(totals, key=_pair_order))


def _choice_pairs(
    cost: Bag,
    own_fixed: Bag,
    own_choices: tuple[_Prod, ...],
    left_fixed: Bag,
    left_choices: tuple[_Prod, ...],
    right_fixed: Bag,
    right_choices: tuple[_Prod, ...],
    left_prices: Bag,
    right_prices: Bag,
) -> tuple[tuple[int, int], ...]:
    """:func:`payment_pairs` when either/or producers offer real choices.

    Each either/or producer that can help is given one of the needed resources among its
    options, every way; for each assignment the units still needed are split between the
    sides resource by resource, and the non-dominated totals of all assignments are kept.
    Giving a producer a resource and using fewer units than it makes (none at all included)
    covers every use of it, so this is exact. Too many assignments go to the general search
    (:func:`_payment_pairs`).
    """
    items = _SPARSE.get(cost) or _sparse(cost)
    need: dict[int, int] = {}
    mask = 0
    for r, count in items:
        fixed = own_fixed[r]
        if count > fixed:
            need[r] = count - fixed
            mask |= 1 << r
    if not mask:
        return _NO_TRADE
    remainders = [need]
    if own_choices:
        helpers = [(m & mask, a) for m, a in own_choices if m & mask]
        if helpers:
            ways = 1
            for m, _ in helpers:
                ways *= _BITS[m]
            if ways > _MAX_WAYS:
                return _payment_pairs(cost, own_fixed, own_choices, left_fixed, left_choices,
                                      right_fixed, right_choices, left_prices, right_prices)
            for m, a in helpers:
                grown = []
                for current in remainders:
                    used = False
                    for r in _RESOURCES_OF[m]:
                        have = current.get(r, 0)
                        if not have:
                            continue
                        used = True
                        nxt = dict(current)
                        if have > a:
                            nxt[r] = have - a
                        else:
                            del nxt[r]
                            if not nxt:
                                return _NO_TRADE  # this way covers the whole cost
                        grown.append(nxt)
                    if not used:
                        grown.append(current)
                remainders = grown
            if len(remainders) > 1:
                unique = {tuple(sorted(bag.items())): bag for bag in remainders}
                remainders = list(unique.values())
    found: set[tuple[int, int]] = set()
    for bag in remainders:
        totals = _buy(bag, left_fixed, left_choices, right_fixed, right_choices, left_prices,
                      right_prices)
        if totals is None:
            return _payment_pairs(cost, own_fixed, own_choices, left_fixed, left_choices,
                                  right_fixed, right_choices, left_prices, right_prices)
        if len(remainders) == 1:
            if len(totals) == 1:
                return (totals[0],)
            return tuple(sorted(totals, key=_pair_order))
        found.update(totals)
    if not found:
        return ()
    return tuple(sorted(_pareto(found), key=_pair_order))


_BITS = [bin(m).count("1") for m in range(1 << 7)]
_RESOURCES_OF = [tuple(r for r in range(7) if m >> r & 1) for m in range(1 << 7)]
_MAX_WAYS = 64
# For callers that enumerate either/or choices themselves: options per mask, the resources
# of a mask, and how many assignments are worth enumerating.
OPTION_COUNT = _BITS
RESOURCES_OF_MASK = _RESOURCES_OF
MAX_WAYS = _MAX_WAYS


def pareto_pairs(pairs: Iterable[tuple[int, int]]) -> frozenset[tuple[int, int]]:
    """The non-dominated (left, right) pairs of ``pairs``."""
    return _pareto(pairs)


def pair_order(pair: tuple[int, int]) -> tuple[int, tuple[int, int]]:
    """Sort key of payments: cheapest total first, then fewer coins to the left."""
    return _pair_order(pair)


def _buy(
    need: dict[int, int],
    left_fixed: Bag,
    left_choices: tuple[_Prod, ...],
    right_fixed: Bag,
    right_choices: tuple[_Prod, ...],
    left_prices: Bag,
    right_prices: Bag,
) -> list[tuple[int, int]] | None:
    """The non-dominated (left, right) totals buying ``need`` (resource -> units, none zero),
    or ``None`` when the sellers' either/or producers give too many assignments."""
    mask = 0
    for r in need:
        mask |= 1 << r
    sellers = [(m & mask, a, 0) for m, a in left_choices if m & mask]
    sellers.extend((m & mask, a, 1) for m, a in right_choices if m & mask)
    ways = 1
    for m, _, _ in sellers:
        ways *= _BITS[m]
    if ways > _MAX_WAYS:
        return None
    # Every assignment of the sellers' either/or producers: extra units per (side, resource).
    assignments: list[dict[tuple[int, int], int]] = [{}]
    for m, a, side in sellers:
        grown = []
        for extra in assignments:
            for r in _RESOURCES_OF[m]:
                nxt = dict(extra)
                nxt[side, r] = nxt.get((side, r), 0) + a
                grown.append(nxt)
        assignments = grown
    found: list[tuple[int, int]] = []
    for extra in assignments:
        totals: list[tuple[int, int]] | None = [(0, 0)]
        for r, count in need.items():
            right_cap = right_fixed[r] + extra.get((1, r), 0)
            low = count - right_cap if count > right_cap else 0
            left_cap = left_fixed[r] + extra.get((0, r), 0)
            high = count if count < left_cap else left_cap
            if low > high:
                totals = None
                break
            lp, rp = left_prices[r], right_prices[r]
            assert totals is not None
            if low == high:
                dl, dr = low * lp, (count - low) * rp
                totals = [(x + dl, y + dr) for x, y in totals]
            else:
                splits = [(a * lp, (count - a) * rp) for a in range(low, high + 1)]
                totals = list(_pareto((x + sx, y + sy) for x, y in totals for sx, sy in splits))
        if totals is not None:
            if len(assignments) == 1:
                return totals
            found.extend(totals)
    if len(found) > 1:
        return list(_pareto(found))
    return found


def _payment_pairs(
    cost: Bag,
    own_fixed: Bag,
    own_choices: tuple[_Prod, ...],
    left_fixed: Bag,
    left_choices: tuple[_Prod, ...],
    right_fixed: Bag,
    right_choices: tuple[_Prod, ...],
    left_prices: Bag,
    right_prices: Bag,
) -> tuple[tuple[int, int], ...]:
    """:func:`payment_pairs` by the general search (many either/or producers), on canonical
    inputs (only what bears on the need), so equal situations share the cached
    :func:`_pareto_purchases` entry."""
    need = tuple(c - f if c > f else 0 for c, f in zip(cost, own_fixed, strict=True))
    mask = 0
    for r, count in enumerate(need):
        if count:
            mask |= 1 << r
    if not mask:
        return _NO_TRADE
    own_helpers = tuple(sorted((m & mask, a) for m, a in own_choices if m & mask))
    sellers = [((1 << r, left_fixed[r]), 0) for r in range(len(need))
               if need[r] and left_fixed[r]]
    sellers.extend(((1 << r, right_fixed[r]), 1) for r in range(len(need))
                   if need[r] and right_fixed[r])
    sellers.extend(((m & mask, a), 0) for m, a in left_choices if m & mask)
    sellers.extend(((m & mask, a), 1) for m, a in right_choices if m & mask)
    prices = (
        tuple(p if mask >> r & 1 else 0 for r, p in enumerate(left_prices)),
        tuple(p if mask >> r & 1 else 0 for r, p in enumerate(right_prices)),
    )
    return _pareto_purchases(need, own_helpers, tuple(sorted(sellers)), prices)


def all_payments(
    cost: Bag,
    own: tuple[_Prod, ...],
    left: tuple[_Prod, ...],
    right: tuple[_Prod, ...],
    left_prices: Bag,
    right_prices: Bag,
) -> tuple[Payment, ...]:
    """Every non-dominated payment of ``cost`` whatever the budget, cheapest total first (so
    the payments within a budget are a prefix): :func:`pay_options` without the budget."""
    return _all_options(cost, own, left, right, left_prices, right_prices)


@lru_cache(maxsize=200_000)
def _all_options(
    cost: Bag,
    own: tuple[_Prod, ...],
    left: tuple[_Prod, ...],
    right: tuple[_Prod, ...],
    left_prices: Bag,
    right_prices: Bag,
) -> tuple[Payment, ...]:
    need = list(cost)
    choices = []
    for mask, amount in own:
        if mask & (mask - 1) == 0:
            r = mask.bit_length() - 1
            if need[r]:
                need[r] = max(0, need[r] - amount)
        else:
            choices.append((mask, amount))
    if not any(need):
        return (FREE,)
    needed_mask = 0
    for r, count in enumerate(need):
        if count:
            needed_mask |= 1 << r
    own_choices = tuple(sorted((m & needed_mask, a) for m, a in choices if m & needed_mask))
    sellers = tuple(sorted(
        ((mask & needed_mask, amount), side)
        for side, producers in ((0, left), (1, right))
        for mask, amount in producers
        if mask & needed_mask
    ))
    found = _pareto_purchases(tuple(need), own_choices, sellers, (left_prices, right_prices))
    return tuple(Payment(lc, rc) for lc, rc in found)


def cheapest_payments(
    cost: Bag,
    own: Sequence[Producer],
    left: Sequence[Producer] = (),
    right: Sequence[Producer] = (),
    left_prices: Bag = (2,) * 7,
    right_prices: Bag = (2,) * 7,
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
    fixed, choices = _split_fixed(tuple((p.options, p.amount) for p in own))
    need = tuple(max(0, c - f) for c, f in zip(cost, fixed, strict=True))
    return min(sum(bag) for bag in _own_remainders(need, choices))


def can_produce(cost: Bag, own: Sequence[Producer]) -> bool:
    return missing_units(cost, own) == 0
