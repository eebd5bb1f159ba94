"""The fast payment search: the answers of :func:`sevenwonders.base.trading.all_payments` on
producers split once into fixed production and either/or producers, for one trading situation.

Speed only (the rule is in ``base/trading.py``). It works on the few resources a cost names,
solves the usual case (no real choice among the producers that can help) from a small table
keyed on (units needed, units each side sells, prices) per resource, gives either/or producers
with several useful options each option in turn, and past 64 such ways falls back to the
reference search itself (:func:`~sevenwonders.base.trading.all_payments`).
``tests/base/fast/test_payment_trade.py`` proves it equal to the reference search and to a
brute-force oracle.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable
from operator import add

from sevenwonders.base.fast.profile import MAX_WAYS, OPTION_COUNT, RESOURCES_OF_MASK, UNCLEAN, Entry
from sevenwonders.base.trading import Prod, all_payments, pair_order, pareto
from sevenwonders.core.resources import Bag

_Prod = Prod
Pairs = tuple[tuple[int, int], ...]

_NO_TRADE = ((0, 0),)

# ((units needed, units the left sells, units the right sells, left price, right price) per
# needed resource) -> the non-dominated (left, right) totals, cheapest first
_SPLITS: dict[tuple[tuple[int, int, int, int, int], ...], tuple[tuple[int, int], ...]] = {}


def split_pairs(
    key: tuple[tuple[int, int, int, int, int], ...],
) -> tuple[tuple[int, int], ...]:
    """The non-dominated (left, right) totals, cheapest first, buying per resource
    (units needed, units the left sells, units the right sells, left price, right price)
    of ``key`` (the needs not zero) when no either/or producer is involved, or each acts as
    a fixed one: each resource splits between the sides on its own."""
    found = _SPLITS.get(key)
    if found is None:
        if len(_SPLITS) > 20_000:
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
            totals = list(pareto((x + sx, y + sy) for x, y in totals for sx, sy in splits))
    return tuple(sorted(totals, key=pair_order))


Template = tuple[tuple[int, int, tuple[str, ...], int], ...]


class TradeSituation:
    """What paying depends on for one (own id, left sell id, right sell id) of
    :class:`Entry`: the payments found so far per cost id and what computing a new payment
    needs. Its cache only grows while it is cached."""

    __slots__ = ("_choices_id", "_unclean", "available", "choices", "fold_table", "folds",
                 "left", "left_prices", "left_units", "me", "own_fixed", "own_units", "pays",
                 "plain", "right", "right_prices", "right_units")

    def __init__(self, me: Entry, left: Entry, right: Entry, folds: Folds | None = None) -> None:
        self.folds = Folds() if folds is None else folds
        self.fold_table = self.folds.table  # (read in place: no frame of Folds.get)
        self.me = me
        self.left = left
        self.right = right
        # cost id -> every payment, cheapest first (none within no budget)
        self.pays: dict[int, Pairs] = {}
        # Every either/or producer: (options, amount, whose: 0 own, 1 left, 2 right).
        self.choices = choices = me.own_tagged + left.sell_tagged[0] + right.sell_tagged[1]
        # No either/or producer anywhere: a payment only splits each resource between sides.
        self.plain = not choices
        # (made when first asked: the id of the choices for the shared folds, and the masks
        # of resources some either/or producer offers two of)
        self._choices_id = 0
        self._unclean = 0 if self.plain else -1
        # Per resource, what the city makes (fixed, and fixed plus every either/or producer
        # offering it) and what each side sells (likewise counted for every option), and
        # the prices: enough for every cost whose resources no either/or producer offers
        # two of (see :meth:`search`).
        self.own_fixed = me.own_fixed
        self.own_units = own_units = me.own_units
        self.left_units = left_units = left.sell_units
        self.right_units = right_units = right.sell_units
        self.left_prices = me.left_prices
        self.right_prices = me.right_prices
        # Per resource, the units of every producer that could give it to the city (its
        # own, and what its neighbours sell): a cost needing more of one cannot be paid.
        self.available = tuple(map(add, map(add, own_units, left_units), right_units))

    @property
    def choices_id(self) -> int:
        """The id of :attr:`choices` (equal choices, equal ids), for the shared folds."""
        found = self._choices_id
        if not found:
            found = self._choices_id = (0 if self.plain
                                        else self.folds.choices_id(self.choices))
        return found

    @property
    def unclean(self) -> int:
        """A bit set over masks of resources: bit ``mask`` is set when some either/or
        producer offers two or more of the resources of ``mask``."""
        found = self._unclean
        if found < 0:
            found = 0
            for m, _, _ in self.choices:
                found |= UNCLEAN[m]
            self._unclean = found
        return found

    def pairs(self, cost: Bag, items: tuple[tuple[int, int], ...], cost_id: int) -> Pairs:
        """Every payment of ``cost`` (whose non-zero (resource, units) are ``items``),
        cheapest first, whatever the budget; stored under ``cost_id``."""
        available = self.available
        for r, count in items:
            if count > available[r]:
                self.pays[cost_id] = ()
                return ()  # more than all producers together make: no payment
        return self.search(cost, items, cost_id)

    def search(self, cost: Bag, items: tuple[tuple[int, int], ...], cost_id: int) -> Pairs:
        """:meth:`pairs` for a cost no resource of which needs more units than
        :attr:`available` (the caller checked).

        When no either/or producer offers two of the resources still needed past fixed
        production (always, without either/or producers), each one that offers one of them
        acts as a fixed producer of it: then the units counted for every option
        (:attr:`own_units` and the sides') are what the city makes and what each side sells
        of each needed resource, and the cost splits resource by resource between the sides.
        Otherwise :meth:`_search_choices`."""
        own_fixed = self.own_fixed
        own_units = self.own_units
        left_units = self.left_units
        right_units = self.right_units
        left_prices = self.left_prices
        right_prices = self.right_prices
        parts = []
        mask = 0  # the resources fixed production does not cover
        for r, count in items:
            if count > own_fixed[r]:
                mask |= 1 << r
                own = own_units[r]
                if count > own:
                    count -= own
                    left_cap = left_units[r]
                    right_cap = right_units[r]
                    # (sellers' units past the need change nothing: capped, for shared keys)
                    parts.append((count, left_cap if left_cap < count else count,
                                  right_cap if right_cap < count else count,
                                  left_prices[r], right_prices[r]))
        unclean = self._unclean
        if unclean:
            if unclean < 0:
                unclean = self.unclean
            if unclean >> mask & 1:
                return self._search_choices(cost, items, cost_id)
        if parts:
            key = tuple(parts)
            found = _SPLITS.get(key) or split_pairs(key)
        else:
            found = _NO_TRADE
        self.pays[cost_id] = found
        return found

    def _search_choices(self, cost: Bag, items: tuple[tuple[int, int], ...],
                        cost_id: int) -> Pairs:
        """:meth:`search` when an either/or producer offers two of the needed resources."""
        own_fixed = self.own_fixed
        # The units still needed after fixed production, then the either/or producers: when
        # each one that can help has a single needed resource among its options, it acts as
        # a fixed producer of it (as in search); otherwise every way is tried.
        need = []
        mask = 0
        for r, count in items:
            own = own_fixed[r]
            if count > own:
                need.append((r, count - own))
                mask |= 1 << r
        if not mask:
            self.pays[cost_id] = _NO_TRADE
            return _NO_TRADE
        choices_id = self.choices_id
        fold = self.fold_table.get((choices_id, mask))
        if fold is None:
            fold = self.folds.fold(self.choices, mask, choices_id)
        found = self._assign(cost, need, *fold)
        self.pays[cost_id] = found
        return found

    def _assign(
        self, cost: Bag, need: list[tuple[int, int]], extra: _Extra | None,
        several: tuple[tuple[int, int, int], ...] | None,
    ) -> Pairs:
        """The payments when some either/or producers (``several``) can help with several
        needed resources, the others acting as ``extra`` (own, left, right) units per
        resource: each of ``several`` is given one of them, every way (a producer given a
        resource covers every use of it, using fewer units included), and the
        non-dominated totals of all the ways are kept. Too many ways go to the general
        search."""
        ways = 1
        for m, _, _ in several or ():
            ways *= OPTION_COUNT[m]
        if ways > MAX_WAYS:
            # the reference search (rare: many either/or producers with several options)
            me = self.me
            return tuple((p.left, p.right) for p in all_payments(
                cost, me.own, self.left.sellable, self.right.sellable, me.left_prices,
                me.right_prices))
        # per needed resource: (resource, units, left cap, right cap, prices) before the ways
        left_fixed = self.left.sell_fixed
        right_fixed = self.right.sell_fixed
        left_prices = self.left_prices
        right_prices = self.right_prices
        base = []
        for r, count in need:
            left_cap = left_fixed[r]
            right_cap = right_fixed[r]
            if extra is not None:
                own_units, left_units, right_units = extra[r]
                count -= own_units
                left_cap += left_units
                right_cap += right_units
            base.append((r, count, left_cap, right_cap, left_prices[r], right_prices[r]))
        if several is not None and len(several) == 1:
            found = _one_way_splits(base, several[0])
        else:
            found = _every_way_splits(base, several)
        if found is None:
            return _NO_TRADE  # some way needs nothing bought
        return found.pop() if len(found) == 1 else _front(found)
# per needed resource before the ways: (resource, units, left cap, right cap, prices)
_Base = list[tuple[int, int, int, int, int, int]]
# a resource's part of a split key (sellers' units past the need change nothing: capped)
_Split = tuple[int, int, int, int, int]


def _one_way_splits(base: _Base, producer: tuple[int, int, int]) -> set[Pairs] | None:
    """The payments of each way to give one either/or producer (options, amount, whose) one
    of the needed resources: the way changes that resource's part alone (the usual case).
    ``None`` when a way needs nothing bought."""
    m, amount, whose = producer
    parts: list[_Split] = []
    at_of = {}
    for r, count, left_cap, right_cap, lp, rp in base:
        if count > 0:
            at_of[r] = len(parts)
            parts.append((count, left_cap if left_cap < count else count,
                          right_cap if right_cap < count else count, lp, rp))
    if not parts:
        return None  # every way needs nothing bought
    results: set[Pairs] = set()
    for r, count, left_cap, right_cap, lp, rp in base:
        if not m >> r & 1:
            continue
        way = parts.copy()
        if count <= 0:
            pass  # the resource is covered already: this way buys as without it
        elif whose == 0:
            count -= amount
            if count > 0:
                way[at_of[r]] = (count, left_cap if left_cap < count else count,
                                 right_cap if right_cap < count else count, lp, rp)
            else:
                del way[at_of[r]]
                if not way:
                    return None  # this way needs nothing bought
        else:
            if whose == 1:
                left_cap += amount
            else:
                right_cap += amount
            way[at_of[r]] = (count, left_cap if left_cap < count else count,
                             right_cap if right_cap < count else count, lp, rp)
        key = tuple(way)
        results.add(_SPLITS.get(key) or split_pairs(key))
    return results


def _every_way_splits(base: _Base,
                      several: tuple[tuple[int, int, int], ...] | None) -> set[Pairs] | None:
    """The payments of every way to give each of ``several`` either/or producers one of the
    needed resources. ``None`` when a way needs nothing bought."""
    # every way: (whose, resource, units) of each of several
    if not several:
        ways_of: Iterable[tuple[tuple[int, int, int], ...]] = ((),)
    else:
        ways_of = itertools.product(*[[(whose, r, amount) for r in RESOURCES_OF_MASK[m]]
                                      for m, amount, whose in several])
    results: set[Pairs] = set()
    for adds in ways_of:
        parts = []
        for r, count, left_cap, right_cap, lp, rp in base:
            for whose, at, units in adds:
                if at == r:
                    if whose == 0:
                        count -= units
                    elif whose == 1:
                        left_cap += units
                    else:
                        right_cap += units
            if count > 0:
                parts.append((count, left_cap if left_cap < count else count,
                          right_cap if right_cap < count else count, lp, rp))
        if not parts:
            return None  # this way needs nothing bought
        key = tuple(parts)
        results.add(_SPLITS.get(key) or split_pairs(key))
    return results


def _front(results: set[Pairs]) -> Pairs:
    """The non-dominated totals of all the ways (pareto), cheapest first then fewer to the
    left (pair_order: sorted by left, a stable sort by the total)."""
    best = -1
    front = []
    for pair in sorted({pair for found in results for pair in found}):
        if best < 0 or pair[1] < best:
            front.append(pair)
            best = pair[1]
    front.sort(key=sum)
    return tuple(front)


# (own, left, right) units per resource
_Extra = tuple[tuple[int, int, int], ...]
_Fold = tuple[_Extra | None, tuple[tuple[int, int, int], ...] | None]
FOLD_CACHE_LIMIT = 5_000


class Folds:
    """How sets of either/or producers act on needed resources (:meth:`fold`), remembered
    under a short id per set of producers. Owned by one :class:`~.cache.FastCache`."""

    __slots__ = ("_counter", "_ids", "table")

    def __init__(self) -> None:
        # either/or producers ((options, amount, whose) of a TradeSituation) -> their id
        self._ids: dict[tuple[tuple[int, int, int], ...], int] = {}
        self._counter = itertools.count(1)
        # (choices id, mask of needed resources) -> what fold returns for them
        self.table: dict[tuple[int, int], _Fold] = {}

    def __len__(self) -> int:
        return len(self._ids) + len(self.table)

    def choices_id(self, choices: tuple[tuple[int, int, int], ...]) -> int:
        found = self._ids.get(choices)
        if found is None:
            if len(self._ids) > FOLD_CACHE_LIMIT:
                self._ids.clear()  # ids only grow: the folds of old ids cannot be mistaken
            found = self._ids[choices] = next(self._counter)
        return found

    def get(self, key: tuple[int, int]) -> _Fold | None:
        return self.table.get(key)

    def fold(self, choices: tuple[tuple[int, int, int], ...], mask: int, choices_id: int) -> _Fold:
        """How the either/or producers ``choices`` act on the needed resources ``mask``: the
        (own, left, right) units per resource of those with a single needed option, which act
        as fixed ones, and those with several, each ``None`` for none."""
        extra: list[int] | None = None  # (own, left, right) units of each resource in turn
        several: list[tuple[int, int, int]] | None = None
        for m, amount, whose in choices:
            m &= mask
            if m:
                if m & (m - 1):
                    if several is None:
                        several = []
                    several.append((m, amount, whose))
                    continue
                if extra is None:
                    extra = [0] * 21
                extra[3 * (m.bit_length() - 1) + whose] += amount
        found = (None if extra is None
                 else tuple(zip(extra[0::3], extra[1::3], extra[2::3], strict=True)),
                 None if several is None else tuple(several))
        if len(self.table) > FOLD_CACHE_LIMIT:
            self.table.clear()
        self.table[(choices_id, mask)] = found
        return found
