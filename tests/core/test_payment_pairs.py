"""The fast payment search on split producers agrees with the general search and the oracle."""

from hypothesis import given, settings
from hypothesis import strategies as st

from sevenwonders.base.fast.payment import payment_pairs
from sevenwonders.base.trading import all_payments, split_producers
from sevenwonders.core.resources import Payment, Producer, parse_bag
from tests.core.payment_helpers import pairs as _pairs
from tests.core.payment_helpers import prices, trade_situations
from tests.core.test_resources import _oracle


@settings(max_examples=400, deadline=None)
@trade_situations("WSOCGP")
def test_payment_pairs_match_the_general_search(
    cost: str, own: list[tuple[str, int]], left: list[tuple[str, int]],
    right: list[tuple[str, int]], lp: tuple[int, ...], rp: tuple[int, ...],
) -> None:
    bag = parse_bag(cost)
    own_p, left_p, right_p = _pairs(own), _pairs(left), _pairs(right)
    general = all_payments(bag, own_p, left_p, right_p, lp, rp)
    own_fixed, own_choices = split_producers(own_p)
    left_fixed, left_choices = split_producers(left_p)
    right_fixed, right_choices = split_producers(right_p)
    fast = payment_pairs(bag, own_fixed, own_choices, left_fixed, left_choices, right_fixed,
                         right_choices, lp, rp)
    assert fast == tuple((p.left, p.right) for p in general)


@settings(max_examples=300, deadline=None)
@given(
    st.text(alphabet="WSOCG", min_size=1, max_size=4),
    st.lists(st.text(alphabet="WSOCG", min_size=1, max_size=2), max_size=3),
    st.lists(st.text(alphabet="WSOCG", min_size=1, max_size=2), max_size=3),
    st.lists(st.text(alphabet="WSOCG", min_size=1, max_size=2), max_size=3),
    prices,
)
def test_payment_pairs_match_brute_force(
    cost: str, own: list[str], left: list[str], right: list[str], lp: tuple[int, ...]
) -> None:
    two = (2,) * 7
    split = [split_producers(_pairs([(p, 1) for p in side])) for side in (own, left, right)]
    fast = payment_pairs(parse_bag(cost), *split[0], *split[1], *split[2], lp, two)
    assert {Payment(x, y) for x, y in fast} == _oracle(cost, own, left, right, lp, two, 99)
    assert list(fast) == sorted(fast, key=lambda p: (p[0] + p[1], p))


def test_many_either_or_producers_take_the_general_search() -> None:
    """Past 64 assignments the search falls back to the general one: same answer."""
    wsoc = Producer.of("WSOC")
    own = ((wsoc.options, 1),) * 4
    left = ((Producer.of("WSOCG").options, 1),) * 3
    right = ((Producer.of("SOCG").options, 1),) * 3
    for cost in ("WWSSOOCCG", "WSOCGG", "WWWWWSSSSOCG"):
        bag = parse_bag(cost)
        general = all_payments(bag, own, left, right, (2,) * 7, (1,) * 7)
        fast = payment_pairs(bag, *split_producers(own), *split_producers(left),
                             *split_producers(right), (2,) * 7, (1,) * 7)
        assert fast == tuple((p.left, p.right) for p in general)
