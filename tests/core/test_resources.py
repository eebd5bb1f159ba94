"""The payment search, against hand-made cases and a brute-force oracle."""

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

from sevenwonders.base.trading import can_produce, cheapest_payments, missing_units
from sevenwonders.core.resources import FREE, Payment, Producer, parse_bag

TWO = (2,) * 7
ONE = (1,) * 7


def pay(cost: str, own: list[str], left: list[str] = [], right: list[str] = [],  # noqa: B006
        lp: tuple[int, ...] = TWO, rp: tuple[int, ...] = TWO, budget: int = 99
        ) -> tuple[Payment, ...]:
    return cheapest_payments(
        parse_bag(cost),
        [Producer.of(p[0], len(p)) if len(set(p)) == 1 and len(p) > 1 else Producer.of(p)
         for p in own],
        [Producer.of(p) for p in left],
        [Producer.of(p) for p in right],
        lp, rp, budget,
    )


def test_own_production_pays_alone() -> None:
    assert pay("WWO", ["WW", "O"]) == (FREE,)


def test_an_either_or_card_gives_one_resource_a_turn() -> None:
    assert pay("WC", ["WC"]) == ()
    assert pay("WC", ["WC", "C"]) == (FREE,)


def test_buying_costs_two_coins_per_unit_from_the_seller() -> None:
    assert pay("OO", ["O"], left=["O"]) == (Payment(2, 0),)
    assert pay("OO", [], left=["O"], right=["O"]) == (Payment(2, 2),)


def test_each_neighbour_sells_each_symbol_once_a_turn() -> None:
    # The left neighbour has a single Ore: it cannot sell two.
    assert pay("OO", [], left=["O"]) == ()


def test_either_or_cards_sell_either_resource() -> None:
    assert pay("C", [], left=["WC"]) == (Payment(2, 0),)
    assert pay("W", [], left=["WC"]) == (Payment(2, 0),)
    assert pay("WC", [], left=["WC"]) == ()


def test_discounts_and_non_dominated_choices() -> None:
    # Paying 2 to the left is not dominated by paying 1 to the right: a player may prefer
    # not to feed one neighbour. Cheapest comes first.
    options = pay("W", [], left=["W"], right=["W"], rp=ONE)
    assert options == (Payment(0, 1), Payment(2, 0))
    # Buying from the left is dominated when the left price is no better.
    assert pay("W", ["O"], left=["W"], right=["W"], lp=TWO, rp=ONE)[0] == Payment(0, 1)
    options = pay("WW", [], left=["W"], right=["W", "W"], lp=ONE)
    assert set(options) == {Payment(1, 2), Payment(0, 4)}


def test_budget_limits_payments() -> None:
    assert pay("OO", [], left=["O"], right=["O"], budget=3) == ()
    assert pay("OO", [], left=["O"], right=["O"], budget=4) == (Payment(2, 2),)


def test_missing_units_uses_either_or_producers_at_best() -> None:
    assert missing_units(parse_bag("WSS"), [Producer.of("WS"), Producer.of("S")]) == 1
    assert can_produce(parse_bag("WS"), [Producer.of("WS"), Producer.of("SO")])


# -- brute force --------------------------------------------------------------------------

def _oracle(cost: str, own: list[str], left: list[str], right: list[str],
            lp: tuple[int, ...], rp: tuple[int, ...], budget: int) -> set[Payment]:
    need = parse_bag(cost)
    producers = [(p, "own") for p in own] + [(p, "left") for p in left] + \
        [(p, "right") for p in right]
    found = set()
    for choice in itertools.product(*[[None, *sorted(set(p))] for p, _ in producers]):
        got = [0] * 7
        coins = {"left": 0, "right": 0, "own": 0}
        for (_letters, side), pick in zip(producers, choice, strict=True):
            if pick is None:
                continue
            r = parse_bag(pick).index(1)
            got[r] += 1
            coins[side] += (lp if side == "left" else rp)[r] if side != "own" else 0
        covered = all(g >= n for g, n in zip(got, need, strict=True))
        if covered and coins["left"] + coins["right"] <= budget:
            found.add(Payment(coins["left"], coins["right"]))
    return {p for p in found
            if not any(q != p and q.left <= p.left and q.right <= p.right for q in found)}


letters = st.sampled_from("WSOCGPL")
producer = st.text(alphabet="WSOCG", min_size=1, max_size=2)


@settings(max_examples=200, deadline=None)
@given(
    st.text(alphabet="WSOCG", min_size=1, max_size=4),
    st.lists(producer, max_size=3),
    st.lists(producer, max_size=3),
    st.lists(producer, max_size=3),
    st.tuples(*[st.sampled_from([1, 2])] * 7),
    st.integers(min_value=0, max_value=12),
)
def test_search_matches_brute_force(cost: str, own: list[str], left: list[str],
                                    right: list[str], lp: tuple[int, ...], budget: int) -> None:
    own_producers = [Producer.of("".join(sorted(set(p)))) for p in own]
    result = cheapest_payments(
        parse_bag(cost), own_producers, [Producer.of("".join(sorted(set(p)))) for p in left],
        [Producer.of("".join(sorted(set(p)))) for p in right], lp, TWO, budget,
    )
    assert set(result) == _oracle(cost, own, left, right, lp, TWO, budget)
    assert list(result) == sorted(result, key=lambda p: (p.total, p.left, p.right))
