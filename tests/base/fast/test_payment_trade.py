"""The fast payment search on a trading situation (``TradeSituation.pairs``: plain splits,
either/or producers folded or assigned every way) agrees with the general search and the
oracle."""

from __future__ import annotations

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

from sevenwonders.base.fast.payment import TradeSituation
from sevenwonders.base.fast.profile import UNCLEAN, Entry, cost_items
from sevenwonders.base.trading import CityProfile, all_payments
from sevenwonders.core.resources import Payment, Producer, parse_bag
from tests.base.fast.payment_helpers import pairs as _pairs
from tests.base.fast.payment_helpers import prices, trade_situations
from tests.core.test_resources import _oracle

_ids = itertools.count(1)


def _entry(own: tuple[tuple[int, int], ...], sellable: tuple[tuple[int, int], ...],
           lp: tuple[int, ...], rp: tuple[int, ...]) -> Entry:
    return Entry(CityProfile(own, sellable, lp, rp, frozenset()),
                  lambda _kind, _content: next(_ids))


def _trade_pairs(cost: str, own: tuple[tuple[int, int], ...],
                 left: tuple[tuple[int, int], ...], right: tuple[tuple[int, int], ...],
                 lp: tuple[int, ...], rp: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
    me = _entry(own, (), lp, rp)
    trade = TradeSituation(me, _entry((), left, lp, rp), _entry((), right, lp, rp))
    bag = parse_bag(cost)
    found = trade.pairs(bag, cost_items(bag), 1)
    assert trade.pays[1] == found
    return found


@settings(max_examples=500, deadline=None)
@trade_situations("WSOCGP")
def test_trade_pairs_match_the_general_search(
    cost: str, own: list[tuple[str, int]], left: list[tuple[str, int]],
    right: list[tuple[str, int]], lp: tuple[int, ...], rp: tuple[int, ...],
) -> None:
    own_p, left_p, right_p = _pairs(own), _pairs(left), _pairs(right)
    general = all_payments(parse_bag(cost), own_p, left_p, right_p, lp, rp)
    fast = _trade_pairs(cost, own_p, left_p, right_p, lp, rp)
    assert fast == tuple((p.left, p.right) for p in general)


@settings(max_examples=300, deadline=None)
@given(
    st.text(alphabet="WSOCG", min_size=1, max_size=4),
    st.lists(st.text(alphabet="WSOCG", min_size=1, max_size=2), max_size=3),
    st.lists(st.text(alphabet="WSOCG", min_size=1, max_size=2), max_size=3),
    st.lists(st.text(alphabet="WSOCG", min_size=1, max_size=2), max_size=3),
    prices,
)
def test_trade_pairs_match_brute_force(
    cost: str, own: list[str], left: list[str], right: list[str], lp: tuple[int, ...]
) -> None:
    two = (2,) * 7
    own_p, left_p, right_p = (_pairs([(p, 1) for p in side]) for side in (own, left, right))
    fast = _trade_pairs(cost, own_p, left_p, right_p, lp, two)
    assert {Payment(x, y) for x, y in fast} == _oracle(cost, own, left, right, lp, two, 99)
    assert list(fast) == sorted(fast, key=lambda p: (p[0] + p[1], p))


def test_many_either_or_producers_take_the_general_search() -> None:
    """Past the assignments worth enumerating the search falls back: same answer."""
    own = ((Producer.of("WSOC").options, 1),) * 4
    left = ((Producer.of("WSOCG").options, 1),) * 3
    right = ((Producer.of("SOCG").options, 1),) * 3
    for cost in ("WWSSOOCCG", "WSOCGG", "WWWWWSSSSOCG", "WS", "G"):
        general = all_payments(parse_bag(cost), own, left, right, (2,) * 7, (1,) * 7)
        fast = _trade_pairs(cost, own, left, right, (2,) * 7, (1,) * 7)
        assert fast == tuple((p.left, p.right) for p in general)


def test_unclean_masks_are_those_an_either_or_producer_offers_two_of() -> None:
    """``UNCLEAN[m]`` has bit ``M`` set exactly when options ``m`` hold two or more of the
    resources of ``M`` (the search's test for folding either/or producers away)."""
    for m in range(1 << 7):
        for mask in range(1 << 7):
            assert bool(UNCLEAN[m] >> mask & 1) == (bin(m & mask).count("1") >= 2)


@settings(max_examples=400, deadline=None)
@trade_situations("WSOCG")
def test_units_shortcut_equals_the_folded_search(
    cost: str, own: list[tuple[str, int]], left: list[tuple[str, int]],
    right: list[tuple[str, int]], lp: tuple[int, ...], rp: tuple[int, ...],
) -> None:
    """``search`` splits by the units counted for every option when no either/or producer
    offers two needed resources; the folds and assignments (which take every case) give
    the same payments."""
    own_p, left_p, right_p = _pairs(own), _pairs(left), _pairs(right)
    me = _entry(own_p, (), lp, rp)
    bag = parse_bag(cost)
    items = cost_items(bag)
    fast = TradeSituation(me, _entry((), left_p, lp, rp), _entry((), right_p, lp, rp))
    folded = TradeSituation(me, _entry((), left_p, lp, rp), _entry((), right_p, lp, rp))
    available = fast.available
    if any(count > available[r] for r, count in items):
        return  # no payment: the caller's check, before any search
    assert fast.search(bag, items, 1) == folded._search_choices(bag, items, 1)
