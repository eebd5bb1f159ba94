"""Bonuses on completing a city building (R18), the end trigger (R19) and scoring (R20)."""

from __future__ import annotations

import pytest

from sevenwonders.core.frozenmap import FrozenMap
from sevenwonders.core.scoring import ScoreSheet
from sevenwonders.dice import Build, BuildWonder, DiceGame, Pass, TakeBonus
from sevenwonders.dice import events as ev
from sevenwonders.dice.scoring import LINES
from sevenwonders.dice.state import ChooseBonus, Phase
from sevenwonders.errors import GameOverError, IllegalMoveError, InvalidOptionError

from .conftest import passes, position, seat_with, ticked, with_forum


def test_completing_a_city_building_offers_a_bonus() -> None:
    game, state = position()
    state = ticked(game, state, 0, "market.m1", "market.m2", "market.m3", "market.m4",
                   "market.m5")
    state = seat_with(state, 0, coins=20)
    state = with_forum(state, ("yellow", "coin7", 0))
    after, events = game.step(state, passes(game, state, seat0=Build("yellow", "market.m6")))
    assert ev.BuildingCompleted(0, "market") in events
    assert after.seats[0].pending == (ChooseBonus("market"),)
    assert set(game.legal_moves(after, 0)) == {TakeBonus("b1"), TakeBonus("b2"), TakeBonus("b3")}
    done = game.play(after, {0: TakeBonus("b3")})
    assert done.seats[0].coins == after.seats[0].coins + 7
    assert done.seats[0].bonus_count == 1
    with pytest.raises(IllegalMoveError):
        game.play(after, {0: TakeBonus("b9")})


def test_warehouse_is_outside_the_city_and_gives_no_bonus() -> None:
    game, state = position()
    state = ticked(game, state, 0, *[f"warehouse.w{i}" for i in range(1, 6)])
    state = with_forum(state, ("grey_1", "papyrus", 0))
    after, events = game.step(state, passes(game, state, seat0=Build("grey_1", "warehouse.w6")))
    assert after.phase is Phase.ACTION
    assert not any(isinstance(e, ev.BuildingCompleted) for e in events)


def test_no_bonus_left_no_decision() -> None:
    game, state = position()
    state = ticked(game, state, 0, "wonder.s1", "wonder.s2")
    state = seat_with(state, 0, bonuses=(1, 1, 0), coins=20)
    after = game.play(state, passes(game, state, seat0=BuildWonder("s3")))
    assert game.to_move(after) == {0}
    full = seat_with(state, 0, bonuses=(1, 1, 1))
    after = game.play(full, passes(game, full, seat0=BuildWonder("s3")))
    assert after.phase is Phase.ACTION


@pytest.mark.parametrize(("option", "second_bonus"), [(True, True), (False, False)])
def test_two_buildings_in_one_turn(option: bool, second_bonus: bool) -> None:
    game, state = position(bonus_per_building=option)
    state = ticked(game, state, 0, "wonder.s1", "wonder.s2", *[f"market.m{i}" for i in range(1, 6)])
    state = seat_with(state, 0, coins=30)
    state = with_forum(state, ("yellow", "coin7", 0))
    after = game.play(state, passes(game, state, seat0=Build("yellow", "market.m6")))
    after = game.play(after, {0: TakeBonus("b1")})  # b1: anotherAction
    after, events = game.step(after, {0: BuildWonder("s3")})
    assert ev.BuildingCompleted(0, "wonder") in events
    assert (after.seats[0].pending == (ChooseBonus("wonder"),)) is second_bonus
    assert (after.phase is Phase.FOLLOW_UP) is second_bonus


def test_end_trigger_finishes_the_turn_and_plays_one_final_turn() -> None:
    game, state = position()
    state = seat_with(state, 1, bonuses=(1, 1, 0))
    state = ticked(game, state, 1, "wonder.s1", "wonder.s2")
    state = seat_with(state, 1, coins=20)
    after = game.play(state, passes(game, state, seat1=BuildWonder("s3")))
    assert game.to_move(after) == {1}
    after, events = game.step(after, {1: TakeBonus("b3")})
    assert ev.EndTriggered((1,), state.turn + 1) in events
    assert after.phase is Phase.ACTION and after.turn == state.turn + 1
    assert not game.is_over(after)
    final, events = game.step(after, passes(game, after))
    assert game.is_over(final) and ev.GameEnded(after.turn) in events
    assert game.to_move(final) == frozenset()
    assert game.legal_moves(final, 0) == ()
    with pytest.raises(GameOverError):
        game.play(final, passes(game, after))


def test_score_sheet_has_eight_lines_and_coins_break_ties() -> None:
    game, state = position()
    for seat in range(3):
        state = ticked(game, state, seat, "agora.ag1", "agora.ag2")
    state = seat_with(state, 0, coins=4)
    state = seat_with(state, 1, coins=9)
    state = seat_with(state, 2, coins=9)
    sheets = game.scores(state)
    assert all(tuple(s.lines) == LINES for s in sheets)
    assert [s.total for s in sheets] == [3, 3, 3]
    assert [s.tiebreak for s in sheets] == [(4,), (9,), (9,)]
    assert game.ranking(state) == (3, 1, 1)
    assert isinstance(sheets[0], ScoreSheet)


def test_score_lines_add_up_every_source() -> None:
    game, state = position()
    refs = ["wonder.s1", "wonder.s2", "wonder.s3", "guild_court.g1", "gallery.l1", "gallery.l2",
            "market.m6", "market.m4", "agora.ag1", "university.u5", "university.u4"]
    state = ticked(game, state, 0, *refs)
    laurels = FrozenMap({"barracks_west.at1": 2, "barracks_east.at1": 3})
    state = seat_with(state, 0, agora_first=True, laurels=laurels)
    lines = game.scores(state)[0].lines
    assert dict(lines) == {"wonder": 2 * 3 + 7, "barracks_west": 2, "barracks_east": 3,
                           "agora": 1 + 3, "market": 4 + 2, "university": 2,
                           "guild_court": 5, "gallery": 2 + 2}


def test_a_game_nobody_ends_stops_after_max_turns() -> None:
    """Seats that only pass never tick a bonus: the rulebook's game would not end (R19), the
    library's ends after ``max_turns`` (default 100) and is scored as usual."""
    for limit, game in ((100, DiceGame(players=2)), (7, DiceGame(players=3, max_turns=7))):
        state = game.new_game(5)
        steps = 0
        events: tuple[ev.DiceEvent, ...] = ()
        while not game.is_over(state):
            state, events = game.step(state, {seat: Pass() for seat in game.to_move(state)})
            steps += 1
        assert steps == limit and state.turn == limit
        assert ev.GameEnded(limit) in events
        assert len(game.scores(state)) == game.players
    unlimited = DiceGame(players=2, max_turns=None)
    state = unlimited.new_game(5)
    for _ in range(150):
        state = unlimited.play(state, {seat: Pass() for seat in unlimited.to_move(state)})
    assert not unlimited.is_over(state)


@pytest.mark.parametrize("bad", [0, -1, 2.5, "100", True])
def test_max_turns_must_be_a_number_of_turns(bad: object) -> None:
    with pytest.raises(InvalidOptionError):
        DiceGame(players=2, max_turns=bad)
