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
    assert game.is_over(final) and ev.GameEnded(after.turn, "final_turn") in events
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
                           "guild_court": 5, "gallery": 2}
    stacked = DiceGame(players=3, per_cross_stacks=True)
    assert stacked.scores(state)[0].lines["gallery"] == 2 + 2


@pytest.mark.parametrize(("stacks", "values"), [(False, [0, 1, 2, 3, 4]),
                                                 (True, [0, 1, 4, 9, 16])])
def test_the_gallery_counts_its_per_cross_effect_once(stacks: bool, values: list[int]) -> None:
    # Reference dice.md, addenda: the Gallery line scores once per ticked box, "not stacked".
    game, state = position(per_cross_stacks=stacks)
    boxes = ["gallery.l1", "gallery.l2", "gallery.l3", "gallery.l4"]
    assert [game.scores(ticked(game, state, 0, *boxes[:n]))[0].lines["gallery"]
            for n in range(5)] == values


ELSA = (15, 3, 22, 18, 8, 7, 5, 8)
"""The rulebook's final-scoring example ("Beispiel für die Endwertung", dice.de.txt): Elsa's
eight lines and her 86 VP. The lines are labelled with icons only (reference Q23)."""


def test_the_rulebooks_final_scoring_example_is_reachable() -> None:
    # On the default Rhodes sheet: Wonder complete (8), Barracks West attacked five times against
    # 0, 0, 1, 1, 1 defences (22) and completed, East four times against 0, 0, 1, 2 (15), Agora
    # ag1 ag3 ag2 ag4 (8), Market m4 m5 m6 (3 + 4), University u1 u4 u5 u7 u8 (5), the Guild
    # Court complete (18), Gallery l1-l3 (3): three buildings complete, three bonuses.
    game, state = position(players=2, sheet="rhodes")
    refs = ["wonder.s1", "wonder.s2", "wonder.s3",
            *(f"barracks_west.{b}" for b in ("at1", "at2", "at3", "at4", "at5", "df1", "df2")),
            *(f"barracks_east.at{i}" for i in range(1, 5)),
            "agora.ag1", "agora.ag3", "agora.ag2", "agora.ag4",
            "market.m4", "market.m5", "market.m6",
            "university.u1", "university.u4", "university.u5", "university.u7", "university.u8",
            "guild_court.g1", "guild_court.g2", "guild_court.g3",
            "gallery.l1", "gallery.l2", "gallery.l3"]
    state = ticked(game, state, 0, *refs)
    west = dict(zip(("at1", "at2", "at3", "at4", "at5"), (0, 0, 1, 1, 1), strict=True))
    east = dict(zip(("at1", "at2", "at3", "at4"), (0, 0, 1, 2), strict=True))
    table = game.tables.sheets["rhodes"]
    laurels = {}
    for side, defences in (("barracks_west", west), ("barracks_east", east)):
        for box, defended in defences.items():
            ref = f"{side}.{box}"
            laurels[ref] = table.boxes[table.by_ref[ref]].printed_vp - defended
    state = seat_with(state, 0, laurels=FrozenMap(laurels), bonuses=(1, 1, 1))
    # What play allows: every ticked box's requirements are ticked, at most the 2 defence boxes
    # of a Barracks ever count against an attack.
    ticks = state.seats[0].ticks
    for box in table.boxes:
        if ticks[box.index]:
            assert all(ticks[r] for r in box.requires), box.ref
    assert all(0 <= d <= 2 for d in (*west.values(), *east.values()))
    complete = [b for b in ("wonder", "barracks_west", "barracks_east", "agora", "market",
                            "university", "guild_court", "gallery")
                if all(ticks[i] for i in table.building_boxes[b])]
    assert complete == ["wonder", "barracks_west", "guild_court"]
    sheet = game.scores(state)[0]
    assert sorted(sheet.lines.values()) == sorted(ELSA) and sheet.total == sum(ELSA) == 86
    assert sheet.lines["gallery"] == 3
    # Stacked, the same Gallery scores 9: the example's eight values are then out of reach here.
    stacked = DiceGame(players=2, per_cross_stacks=True).scores(state)[0]
    assert stacked.lines["gallery"] == 9 and stacked.total == 92


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
        assert ev.GameEnded(limit, "max_turns") in events
        assert len(game.scores(state)) == game.players
    unlimited = DiceGame(players=2, max_turns=None)
    state = unlimited.new_game(5)
    for _ in range(150):
        state = unlimited.play(state, {seat: Pass() for seat in unlimited.to_move(state)})
    assert not unlimited.is_over(state)


def test_max_turns_never_cuts_an_announced_final_turn() -> None:
    # R19: once someone has 3 bonuses, the turn is finished and one final turn is played. The
    # cap is reached in the very turn the end is triggered; the final turn is still played.
    game, state = position(turn=5, max_turns=5)
    state = seat_with(state, 1, bonuses=(1, 1, 0))
    state = ticked(game, state, 1, "wonder.s1", "wonder.s2")
    state = seat_with(state, 1, coins=20)
    after = game.play(state, passes(game, state, seat1=BuildWonder("s3")))
    after, events = game.step(after, {1: TakeBonus("b3")})
    assert ev.EndTriggered((1,), 6) in events
    assert not any(isinstance(e, ev.GameEnded) for e in events)
    assert not game.is_over(after) and after.turn == 6
    final, events = game.step(after, passes(game, after))
    assert game.is_over(final) and ev.GameEnded(6, "final_turn") in events


@pytest.mark.parametrize("bad", [0, -1, 2.5, "100", True])
def test_max_turns_must_be_a_number_of_turns(bad: object) -> None:
    with pytest.raises(InvalidOptionError):
        DiceGame(players=2, max_turns=bad)
