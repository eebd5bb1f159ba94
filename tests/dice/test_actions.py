"""The three actions (R4-R10): building with a die, the Wonder, passing; costs and arrows."""

from __future__ import annotations

import pytest

from sevenwonders.dice import Build, BuildWonder, DiceMove, Pass
from sevenwonders.dice import events as ev
from sevenwonders.errors import IllegalMoveError

from .conftest import passes, position, seat_with, ticked, with_forum


def test_rulebook_example_three_resource_box_with_two_resources_costs_one_coin() -> None:
    game, state = position()
    state = ticked(game, state, 0, "warehouse.w1", "warehouse.w2", "university.u1")
    state = with_forum(state, ("green", "compass", 0))
    table = game.tables.sheets["giza"]
    assert table.boxes[table.by_ref["university.u2"]].cost == 3
    after, events = game.step(state, passes(game, state, seat0=Build("green", "university.u2")))
    assert after.seats[0].coins == state.seats[0].coins - 1
    tick = next(e for e in events if isinstance(e, ev.BoxTicked))
    assert (tick.die_cost, tick.resource_coins) == (0, 1)


def test_resources_are_never_spent() -> None:
    game, state = position()
    state = ticked(game, state, 0, "warehouse.w1", "warehouse.w2", "warehouse.w3")
    state = with_forum(state, ("green", "gear", 0), ("blue", "scales", 0))
    after = game.play(state, passes(game, state, seat0=Build("green", "university.u7")))
    # u7 costs 0 and gives 1 coin; the three resources are still there for a 3-cost box
    assert game.rules.resources(game.tables.sheets["giza"], after.seats[0].ticks) == 3


def test_die_cost_is_the_area_cost_and_the_die_stays() -> None:
    game, state = position()
    state = with_forum(state, ("blue", "scales", 2))
    moves: dict[int, DiceMove] = {0: Build("blue", "agora.ag1"), 1: Build("blue", "agora.ag1"),
                                  2: Pass()}
    after, events = game.step(state, moves)
    assert [s.coins for s in after.seats] == [5, 5, 7 + 3]
    assert sum(isinstance(e, ev.BoxTicked) for e in events) == 2


@pytest.mark.parametrize("coins", [0, 1, 2])
def test_cannot_build_without_coins_for_die_and_missing_resources(coins: int) -> None:
    game, state = position()
    state = ticked(game, state, 0, "university.u1")
    state = with_forum(state, ("green", "compass", 1))
    state = seat_with(state, 0, coins=coins)  # u2 costs 3 resources (no Warehouse) + 1 die
    move = Build("green", "university.u2")
    legal = move in game.legal_moves(state, 0)
    assert legal is False
    state = seat_with(state, 0, coins=4)
    assert move in game.legal_moves(state, 0)
    assert game.play(state, passes(game, state, seat0=move)).seats[0].coins == 0


def test_arrow_order_must_be_followed() -> None:
    game, state = position()
    state = with_forum(state, ("grey_1", "wood", 0), ("grey_2", "stone", 0))
    legal = game.legal_moves(state, 0)
    assert Build("grey_2", "warehouse.w1") in legal
    assert Build("grey_1", "warehouse.w2") not in legal
    with pytest.raises(IllegalMoveError) as info:
        game.play(state, passes(game, state, seat0=Build("grey_1", "warehouse.w2")))
    assert info.value.reason == "arrow_order"
    state = ticked(game, state, 0, "warehouse.w1")
    assert Build("grey_1", "warehouse.w2") in game.legal_moves(state, 0)


def test_market_free_order_boxes() -> None:
    game, state = position()
    state = with_forum(state, ("yellow", "camel", 0))
    legal = game.legal_moves(state, 0)
    assert {Build("yellow", "market.m1"), Build("yellow", "market.m2")} <= set(legal)
    state = with_forum(state, ("yellow", "coin7", 0))
    assert [m for m in game.legal_moves(state, 0) if isinstance(m, Build)] == \
        [Build("yellow", "market.m5")]


def test_the_symbol_must_match() -> None:
    game, state = position()
    state = with_forum(state, ("blue", "owl", 0))
    with pytest.raises(IllegalMoveError) as info:
        game.play(state, passes(game, state, seat0=Build("blue", "agora.ag1")))
    assert info.value.reason == "wrong_symbol"


def test_pass_gives_three_coins() -> None:
    game, state = position()
    after, events = game.step(state, passes(game, state))
    assert all(s.coins == 10 for s in after.seats)
    assert sum(isinstance(e, ev.Passed) for e in events) == 3


def test_wonder_stages_without_a_die_in_arrow_order() -> None:
    game, state = position()
    legal = game.legal_moves(state, 0)
    assert BuildWonder("s1") in legal and BuildWonder("s2") not in legal
    after = game.play(state, passes(game, state, seat0=BuildWonder("s1")))
    # cost 3 with no resources: 3 coins; coinPerWonder then pays 2 per stage
    assert after.seats[0].coins == 7 - 3 + 2
    assert BuildWonder("s2") in game.legal_moves(after, 0)


def test_reserve_overflow_is_lost_by_default_or_kept() -> None:
    for option, expected in (("lost", 28), ("kept", 29)):
        game, state = position(reserve_overflow=option)
        state = seat_with(state, 0, coins=26)
        assert game.play(state, passes(game, state)).seats[0].coins == expected
