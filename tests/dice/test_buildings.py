"""Building rules: Barracks (R13), Agora (R12), Guild Hall gate (R17), Academy and the black
and white dice (R14-R16)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from sevenwonders.dice import Build, BuildWonder, DiceEvent, DiceGame, DiceState, Pass, Skip, Tick
from sevenwonders.dice import events as ev
from sevenwonders.dice.state import ExtraTicks, Phase
from sevenwonders.errors import IllegalMoveError

from .conftest import default_data, passes, position, seat_with, ticked, with_forum, write_sheets

# --- Barracks -------------------------------------------------------------------------------


def test_rulebook_example_attack_against_one_defence_scores_two() -> None:
    game, state = position(players=3)
    right = game.rules.ring.right(0)
    state = ticked(game, state, right, "barracks_west.df1")
    state = with_forum(state, ("red", "sword", 0))
    after, events = game.step(state, passes(game, state, seat0=Build("red", "barracks_east.at1")))
    attack = next(e for e in events if isinstance(e, ev.Attacked))
    assert (attack.defender, attack.printed_vp, attack.defences, attack.vp) == (right, 3, 1, 2)
    assert after.seats[0].laurels["barracks_east.at1"] == 2
    assert game.scores(after)[0].lines["barracks_east"] == 2


@pytest.mark.parametrize(("defences", "vp"), [(0, 3), (1, 2), (2, 1)])
def test_attack_scores_printed_vp_minus_earlier_defences(defences: int, vp: int) -> None:
    game, state = position(players=4)
    left = game.rules.ring.left(0)
    state = ticked(game, state, left, *["barracks_east.df1", "barracks_east.df2"][:defences])
    # defences in the wrong Barracks of the defender do not count
    state = ticked(game, state, left, "barracks_west.df1", "barracks_west.df2")
    state = with_forum(state, ("red", "axe", 0))
    after = game.play(state, passes(game, state, seat0=Build("red", "barracks_west.at1")))
    assert after.seats[0].laurels["barracks_west.at1"] == vp


def test_defence_ticked_this_turn_does_not_count_and_score_is_fixed() -> None:
    game, state = position(players=3)
    right = game.rules.ring.right(0)
    state = seat_with(state, right, unlocked=frozenset({"black"}))
    state = with_forum(state, ("red", "sword", 0), ("black", "spy_barracks", 0))
    moves = passes(game, state, seat0=Build("red", "barracks_east.at1"))
    moves[right] = Build("black", "barracks_west.df1")
    after = game.play(state, moves)
    assert after.seats[0].laurels["barracks_east.at1"] == 3
    # a later defence does not change the written score
    later = ticked(game, after, right, "barracks_west.df2", turn=after.turn - 1)
    assert game.scores(later)[0].lines["barracks_east"] == 3


def test_defence_from_earlier_in_the_same_turn_does_not_count() -> None:
    game, state = position(players=3, sheet="halicarnassus")
    right = game.rules.ring.right(0)
    state = ticked(game, state, 0, "wonder.s1")
    state = seat_with(state, 0, coins=20)
    state = with_forum(state, ("red", "shield", 0))
    moves = passes(game, state, seat0=BuildWonder("s2"))
    moves[right] = Build("red", "barracks_west.df1")
    after = game.play(state, moves)  # seat 0 now ticks a Barracks box as a follow-up
    assert after.turn == state.turn and after.seats[right].ticks != state.seats[right].ticks
    _, events = game.step(after, {0: Tick("barracks_east.at1")})
    attack = next(e for e in events if isinstance(e, ev.Attacked))
    assert (attack.defences, attack.vp) == (0, 3)
    earlier = ticked(game, after, right, "barracks_west.df1", turn=state.turn - 1)
    _, events = game.step(earlier, {0: Tick("barracks_east.at1")})
    assert next(e for e in events if isinstance(e, ev.Attacked)).vp == 2


def test_two_players_west_faces_east_and_east_faces_west() -> None:
    game, state = position(players=2)
    state = ticked(game, state, 1, "barracks_east.df1", "barracks_east.df2")
    state = with_forum(state, ("red", "axe", 0))
    west = game.play(state, passes(game, state, seat0=Build("red", "barracks_west.at1")))
    assert west.seats[0].laurels["barracks_west.at1"] == 1
    state = with_forum(state, ("red", "sword", 0))
    east = game.play(state, passes(game, state, seat0=Build("red", "barracks_east.at1")))
    assert east.seats[0].laurels["barracks_east.at1"] == 3


def test_shield_lets_the_player_choose_the_side() -> None:
    game, state = position()
    state = with_forum(state, ("red", "shield", 0))
    builds = {m for m in game.legal_moves(state, 0) if isinstance(m, Build)}
    assert builds == {Build("red", "barracks_west.df1"), Build("red", "barracks_east.df1")}


def test_negative_attack_vp_option(tmp_path: Path) -> None:
    data = default_data()
    data["common"]["barracks_east"]["boxes"][0]["printed_vp"] = 1
    path = write_sheets(tmp_path, data)
    for option, expected in ((False, 0), (True, -1)):
        game, state = position(players=3, sheets=path, negative_attack_vp=option)
        right = game.rules.ring.right(0)
        state = ticked(game, state, right, "barracks_west.df1", "barracks_west.df2")
        state = with_forum(state, ("red", "sword", 0))
        after = game.play(state, passes(game, state, seat0=Build("red", "barracks_east.at1")))
        assert after.seats[0].laurels["barracks_east.at1"] == expected
        assert game.scores(after)[0].lines["barracks_east"] == expected


# --- Agora ----------------------------------------------------------------------------------


def test_agora_box_takes_either_of_its_two_symbols() -> None:
    game, state = position()
    for face in ("theatre_mask", "scales"):
        state = with_forum(state, ("blue", face, 0))
        assert Build("blue", "agora.ag1") in game.legal_moves(state, 0)
    state = with_forum(state, ("blue", "owl", 0))
    assert Build("blue", "agora.ag1") not in game.legal_moves(state, 0)


AGORA_BUT_LAST = [f"agora.ag{i}" for i in range(1, 8)]


def _complete_agora(players: int, seats: tuple[int, ...], **options: Any
                    ) -> tuple[DiceGame, DiceState, list[DiceEvent]]:
    game, state = position(players=players, **options)
    for seat in range(players):
        state = ticked(game, state, seat, *AGORA_BUT_LAST)
        state = seat_with(state, seat, coins=20)
    state = with_forum(state, ("blue", "fountain", 0))
    moves = passes(game, state)
    for seat in seats:
        moves[seat] = Build("blue", "agora.ag8")
    after, events = game.step(state, moves)
    while game.to_move(after) and after.phase is Phase.FOLLOW_UP:
        after, more = game.step(after, {s: game.legal_moves(after, s)[0]
                                        for s in game.to_move(after)})
        events += more
    return game, after, list(events)


def test_first_to_complete_the_agora_gains_three() -> None:
    game, after, events = _complete_agora(3, (1,))
    assert [e.seats for e in events if isinstance(e, ev.AgoraFirst)] == [(1,)]
    assert [s.agora_first for s in after.seats] == [False, True, False]
    assert game.scores(after)[1].lines["agora"] == 1 + 2 + 2 + 3 + 3 + 4 + 4 + 5 + 3
    # the second to complete it later gains nothing
    state = with_forum(after, ("blue", "fountain", 0))
    later = game.play(state, passes(game, state, seat0=Build("blue", "agora.ag8")))
    while later.phase is Phase.FOLLOW_UP:
        later = game.play(later, {s: game.legal_moves(later, s)[0] for s in game.to_move(later)})
    assert later.seats[0].agora_first is False


@pytest.mark.parametrize(("option", "winners"), [("all", (0, 2)), ("none", ())])
def test_agora_tie_option(option: str, winners: tuple[int, ...]) -> None:
    _, after, events = _complete_agora(3, (0, 2), agora_tie=option)
    assert [e.seats for e in events if isinstance(e, ev.AgoraFirst)] == [winners]
    assert after.agora_claimed


# --- Guild Hall -----------------------------------------------------------------------------


def _guild(players: int, own: int, left: int, right: int) -> tuple[DiceGame, DiceState]:
    game, state = position(players=players)
    market = [f"market.m{i}" for i in (1, 2, 3, 4, 5, 6)]
    state = ticked(game, state, 0, *market[:own])
    state = ticked(game, state, game.rules.ring.left(0), *market[:left])
    if players > 2:
        state = ticked(game, state, game.rules.ring.right(0), *market[:right])
    state = seat_with(state, 0, unlocked=frozenset({"purple"}), coins=10)
    return game, with_forum(state, ("purple", "guild_market", 0))


def test_rulebook_example_guild_gate() -> None:
    game, state = _guild(3, own=2, left=1, right=2)
    assert Build("purple", "guild_court.g1") in game.legal_moves(state, 0)


def test_guild_gate_fails_against_either_neighbour() -> None:
    for left, right in ((3, 0), (0, 3)):
        game, state = _guild(4, own=2, left=left, right=right)
        assert Build("purple", "guild_court.g1") not in game.legal_moves(state, 0)
        with pytest.raises(IllegalMoveError) as info:
            game.play(state, passes(game, state, seat0=Build("purple", "guild_court.g1")))
        assert info.value.reason == "guild_gate"


def test_guild_gate_with_two_players_needs_more() -> None:
    game, state = _guild(2, own=2, left=2, right=0)
    assert Build("purple", "guild_court.g1") not in game.legal_moves(state, 0)
    game, state = _guild(2, own=3, left=2, right=0)
    assert Build("purple", "guild_court.g1") in game.legal_moves(state, 0)


def test_guild_gate_ignores_boxes_ticked_this_turn() -> None:
    game, state = _guild(3, own=2, left=1, right=1)
    state = ticked(game, state, 0, "market.m3", "market.m4", turn=state.turn)
    state = ticked(game, state, 1, "market.m2", "market.m3", "market.m4", turn=state.turn)
    assert Build("purple", "guild_court.g1") in game.legal_moves(state, 0)
    game, state = _guild(3, own=1, left=1, right=1)
    state = ticked(game, state, 0, "market.m3", "market.m4", turn=state.turn)
    state = ticked(game, state, 2, "market.m2", turn=1)
    assert Build("purple", "guild_court.g1") not in game.legal_moves(state, 0)


def test_guild_gate_on_barracks_counts_both_barracks() -> None:
    game, state = position()
    state = ticked(game, state, 0, "barracks_west.df1", "barracks_east.df1")
    state = ticked(game, state, 1, "barracks_west.df1", "barracks_west.df2")
    state = ticked(game, state, 2, "barracks_east.at1")
    state = seat_with(state, 0, unlocked=frozenset({"purple"}))
    state = with_forum(state, ("purple", "guild_barracks", 0))
    assert Build("purple", "guild_court.g1") in game.legal_moves(state, 0)


# --- Academy, black and white dice ----------------------------------------------------------


def test_black_die_ticks_next_box_of_another_building_ignoring_symbols() -> None:
    game, state = position()
    state = seat_with(state, 0, unlocked=frozenset({"black"}))
    state = ticked(game, state, 0, "warehouse.w1")
    state = with_forum(state, ("black", "spy_warehouse", 1))
    builds = [m for m in game.legal_moves(state, 0) if isinstance(m, Build)]
    assert builds == [Build("black", "warehouse.w2")]
    after = game.play(state, passes(game, state, seat0=builds[0]))
    assert after.seats[0].coins == 7 - 1


def test_black_multi_face_reaches_four_buildings() -> None:
    game, state = position()
    state = seat_with(state, 0, unlocked=frozenset({"black"}))
    state = with_forum(state, ("black", "spy_multi", 0))
    buildings = {m.box.partition(".")[0] for m in game.legal_moves(state, 0)
                 if isinstance(m, Build)}
    assert buildings == {"barracks_west", "barracks_east", "university", "agora", "market"}


def test_white_die_gallery_laurel_is_wild() -> None:
    game, state = position()
    state = seat_with(state, 0, unlocked=frozenset({"white"}))
    state = ticked(game, state, 0, "gallery.l1")
    state = with_forum(state, ("white", "leader_laurel", 0))
    assert Build("white", "gallery.l2") in game.legal_moves(state, 0)
    state = with_forum(state, ("white", "leader_market", 0))
    assert not any(isinstance(m, Build) for m in game.legal_moves(state, 0))
    state = with_forum(state, ("white", "leader_university", 0))
    assert Build("white", "gallery.l2") in game.legal_moves(state, 0)


def test_academy_effect_ticks_a_box_of_another_building() -> None:
    game, state = position()
    state = ticked(game, state, 0, "university.u7")
    state = seat_with(state, 0, coins=10)
    state = with_forum(state, ("green", "gear", 0))
    after = game.play(state, passes(game, state, seat0=Build("green", "university.u8")))
    assert after.phase is Phase.FOLLOW_UP and game.to_move(after) == {0}
    assert isinstance(after.seats[0].pending[0], ExtraTicks)
    legal = game.legal_moves(after, 0)
    assert {m for m in legal if isinstance(m, Tick)} == {Tick("agora.ag1"), Tick("agora.ag2")}
    assert Skip() in legal
    assert game.legal_moves(after, 1) == ()
    done = game.play(after, {0: Tick("agora.ag2")})
    assert done.phase is Phase.ACTION and done.turn == state.turn + 1
    assert done.seats[0].ticks[game.tables.sheets["giza"].by_ref["agora.ag2"]] == state.turn
    with pytest.raises(IllegalMoveError):
        game.play(after, {0: Pass()})


def test_black_die_attack_scores_like_a_red_one() -> None:
    game, state = position(players=3)
    left = game.rules.ring.left(0)
    state = ticked(game, state, left, "barracks_east.df1")
    state = seat_with(state, 0, unlocked=frozenset({"black"}))
    state = with_forum(state, ("black", "spy_barracks", 0))
    builds = {m.box for m in game.legal_moves(state, 0) if isinstance(m, Build)}
    assert builds == {"barracks_west.at1", "barracks_west.df1", "barracks_east.at1",
                      "barracks_east.df1"}
    after = game.play(state, passes(game, state, seat0=Build("black", "barracks_west.at1")))
    assert after.seats[0].laurels["barracks_west.at1"] == 2


@pytest.mark.parametrize("wild", [True, False])
def test_laurel_meaning_is_data(tmp_path: Path, wild: bool) -> None:
    data = default_data()
    for box in data["common"]["gallery"]["boxes"]:
        box["accepts"] = [a for a in box["accepts"] if a != "leader_laurel"]
    data["symbol_meanings"]["white.leader_laurel"]["wild"] = wild
    game, state = position(sheets=write_sheets(tmp_path, data))
    state = seat_with(state, 0, unlocked=frozenset({"white"}))
    state = with_forum(state, ("white", "leader_laurel", 0))
    assert (Build("white", "gallery.l1") in game.legal_moves(state, 0)) is wild
