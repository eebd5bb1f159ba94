"""The player aid's effect vocabulary (reference section 6), one test per effect."""

from __future__ import annotations

from sevenwonders.dice import Build, BuildWonder, Pass, Skip, Tick
from sevenwonders.dice import events as ev
from sevenwonders.dice.state import ExtraAction, Phase

from .conftest import passes, position, seat_with, ticked, with_forum


def _table(game: object) -> object:
    return game.tables.sheets["giza"]  # type: ignore[attr-defined]


def test_gain_coins() -> None:
    game, state = position()
    state = with_forum(state, ("yellow", "camel", 0))
    after = game.play(state, passes(game, state, seat0=Build("yellow", "market.m2")))
    assert after.seats[0].coins == 7 - 1 + 2


def test_one_coin_per_cross_now_and_one_vp_per_cross_at_the_end() -> None:
    game, state = position()
    state = ticked(game, state, 0, "market.m1", "market.m2", "market.m5")
    state = ticked(game, state, 0, "warehouse.w1", "warehouse.w2")
    state = with_forum(state, ("yellow", "chest", 0))
    after = game.play(state, passes(game, state, seat0=Build("yellow", "market.m4")))
    assert after.seats[0].coins == 7 + 4  # cost 2 paid by resources, 4 market boxes
    assert game.scores(after)[0].lines["market"] == 4


def test_coin_per_wonder_stage() -> None:
    game, state = position()
    state = seat_with(state, 0, coins=20)
    after = game.play(state, passes(game, state, seat0=BuildWonder("s1")))
    assert after.seats[0].coins == 20 - 3 + 2
    assert game.scores(after)[0].lines["wonder"] == 2
    after = ticked(game, after, 0, "wonder.s2", "wonder.s3")
    assert game.scores(after)[0].lines["wonder"] == 2 * 3 + 7


def test_reduced_cost_lowers_the_die_cost_not_below_zero() -> None:
    game, state = position()
    state = ticked(game, state, 0, "market.m3")
    for area, paid in ((0, 0), (1, 0), (3, 2)):
        s = with_forum(state, ("yellow", "camel", area), ("blue", "scales", area))
        after = game.play(s, passes(game, s, seat0=Build("yellow", "market.m1")))
        assert after.seats[0].coins == 7 - 1 - paid + 1  # m1: cost 1 resource, +1 coin
        after = game.play(s, passes(game, s, seat0=Build("blue", "agora.ag1")))
        assert after.seats[0].coins == 7 - area  # other colours are not reduced


def test_reduced_cost_stacking_option() -> None:
    for stacks, paid in ((True, 1), (False, 2)):
        game, state = position(sheet="ephesus", reduced_cost_stacks=stacks)
        state = ticked(game, state, 0, "market.m3", "wonder.s1", "wonder.s2")
        state = with_forum(state, ("yellow", "camel", 3))
        after = game.play(state, passes(game, state, seat0=Build("yellow", "market.m1")))
        assert after.seats[0].coins == 7 - 1 - paid + 1


def test_die_cost_zero() -> None:
    game, state = position()
    state = ticked(game, state, 0, "university.u1", "university.u2", "warehouse.w1",
                   "warehouse.w2", "warehouse.w3", "warehouse.w4")
    state = with_forum(state, ("green", "gear", 3))
    after = game.play(state, passes(game, state, seat0=Build("green", "university.u7")))
    assert after.seats[0].coins == 7 + 1


def test_gain_two_coins_when_choosing_a_colour() -> None:
    game, state = position()
    state = ticked(game, state, 0, "university.u4")
    state = with_forum(state, ("red", "axe", 1), ("blue", "scales", 1))
    after = game.play(state, passes(game, state, seat0=Build("red", "barracks_west.at1")))
    assert after.seats[0].coins == 7 - 1 + 2
    after = game.play(state, passes(game, state, seat0=Build("blue", "agora.ag1")))
    assert after.seats[0].coins == 7 - 1


def test_unlock_dice() -> None:
    game, state = position()
    state = ticked(game, state, 0, "university.u4", "university.u5")
    state = seat_with(state, 0, coins=20)
    state = with_forum(state, ("green", "tablet", 0))
    after, events = game.step(state, passes(game, state, seat0=Build("green", "university.u6")))
    assert after.seats[0].unlocked == {"purple"}
    assert ev.DieUnlocked(0, "purple") in events


def test_cross_two_ticks_up_to_two_boxes() -> None:
    game, state = position(sheet="rhodes")
    state = ticked(game, state, 0, "wonder.s1")
    state = seat_with(state, 0, coins=20)
    after = game.play(state, passes(game, state, seat0=BuildWonder("s2")))
    assert game.to_move(after) == {0}
    assert Tick("barracks_west.at1") in game.legal_moves(after, 0)
    after = game.play(after, {0: Tick("barracks_west.at1")})
    assert Tick("barracks_west.at2") in game.legal_moves(after, 0)
    done = game.play(after, {0: Tick("barracks_west.at2")})
    assert done.phase is Phase.ACTION
    assert set(done.seats[0].laurels) == {"barracks_west.at1", "barracks_west.at2"}
    skipped = game.play(after, {0: Skip()})
    assert set(skipped.seats[0].laurels) == {"barracks_west.at1"}


def test_cross_multi_color_choice_of_buildings() -> None:
    game, state = position(sheet="halicarnassus")
    state = ticked(game, state, 0, "wonder.s1")
    state = seat_with(state, 0, coins=20)
    after = game.play(state, passes(game, state, seat0=BuildWonder("s2")))
    ticks = {m.box for m in game.legal_moves(after, 0) if isinstance(m, Tick)}
    assert ticks == {"barracks_west.at1", "barracks_west.df1", "barracks_east.at1",
                     "barracks_east.df1"}


def test_effect_without_a_possible_box_is_dropped() -> None:
    game, state = position(sheet="babylon")
    state = ticked(game, state, 0, *[f"university.u{i}" for i in range(1, 10)])
    after, events = game.step(state, passes(game, state, seat0=BuildWonder("s1")))
    assert after.phase is Phase.ACTION
    assert ev.EffectUnused(0, "wonder.s1") in events


def test_another_action() -> None:
    game, state = position()
    state = ticked(game, state, 0, "wonder.s1")
    state = with_forum(state, ("blue", "scales", 0))
    after = game.play(state, passes(game, state, seat0=BuildWonder("s2")))
    assert isinstance(after.seats[0].pending[0], ExtraAction)
    legal = game.legal_moves(after, 0)
    assert Pass() in legal and Build("blue", "agora.ag1") in legal
    done = game.play(after, {0: Build("blue", "agora.ag1")})
    assert done.phase is Phase.ACTION
    assert done.seats[0].ticks[_table(game).by_ref["agora.ag1"]] == state.turn  # type: ignore[attr-defined]


def test_construct_building_without_die_cost() -> None:
    game, state = position(sheet="olympia")
    state = ticked(game, state, 0, "wonder.s1")
    state = with_forum(state, ("blue", "scales", 3))
    state = seat_with(state, 0, coins=3)
    after = game.play(state, passes(game, state, seat0=BuildWonder("s2")))
    legal = game.legal_moves(after, 0)
    assert Skip() in legal and Pass() not in legal and BuildWonder("s3") not in legal
    done = game.play(after, {0: Build("blue", "agora.ag1")})
    assert done.seats[0].coins == 0
