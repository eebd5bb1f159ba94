"""Legal moves are exact: everything listed is accepted, everything else refused with a reason."""

import pytest

from sevenwonders import from_json, to_json
from sevenwonders.base import BaseGame, Build, BuildStage, Move, Sell, Skip
from sevenwonders.core.playout import states
from sevenwonders.errors import (
    GameOverError,
    IllegalMoveError,
    NotationError,
    UnknownCardError,
    WrongSeatError,
)
from tests.base.helpers import game, position


def _refused(g: BaseGame, state, moves, reason: str) -> None:  # type: ignore[no-untyped-def]
    before = to_json(state)
    with pytest.raises(IllegalMoveError) as caught:
        g.play(state, moves)
    assert caught.value.reason == reason
    assert to_json(state) == before  # nothing changed


def test_every_listed_move_is_accepted_along_random_games() -> None:
    for players in (3, 5, 7):
        g = BaseGame(players=players, sides="random")
        for state in list(states(g, seed=players))[::5]:
            for seat in g.to_move(state):
                for move in g.legal_moves(state, seat):
                    g.check_move(state, seat, move)
                    assert g.is_legal(state, seat, move)
                    assert g.parse_move(state, seat, str(move)) == move


def test_refusals_name_the_reason() -> None:
    g = game(["giza", "rhodes", "babylon"])
    state = position(g, hands=[["Barracks", "Altar"], ["Baths", "Press"], ["Palace", "Tavern"]],
                     cities={0: {"cards": ["Altar"]}})
    others: dict[int, Move] = {1: Sell("Baths"), 2: Sell("Palace")}
    _refused(g, state, {0: Sell("Loom"), **others}, "not_in_hand")
    _refused(g, state, {0: Build("Altar"), **others}, "duplicate")
    _refused(g, state, {0: Build("Barracks", 0, 2), **others}, "payment")
    _refused(g, state, {0: Build("Barracks", 2, 0), 1: Sell("Baths"), 2: Build("Palace")},
             "cannot_pay")
    _refused(g, state, {0: Skip(), **others}, "no_skip")
    _refused(g, state, {0: Build("Barracks", 0, 0, free_build=True), **others}, "no_free_build")
    _refused(g, state, {0: BuildStage("Altar", 0, 0, ("project",)), **others}, "unknown_extra")
    with pytest.raises(WrongSeatError):
        g.play(state, {0: Sell("Altar"), 1: Sell("Baths")})
    with pytest.raises(WrongSeatError):
        g.play(state, {0: Sell("Altar"), 1: Sell("Baths"), 2: Sell("Palace"), 3: Sell("x")})
    _refused(g, state, {0: "sell Altar", **others}, "not_a_move")  # type: ignore[dict-item]


def test_game_over_refuses_moves() -> None:
    g = BaseGame(players=3)
    final = list(states(g, seed=1))[-1]
    assert g.is_over(final) and g.legal_moves(final, 0) == ()
    with pytest.raises(GameOverError):
        g.play(final, {0: Sell("Altar")})


def test_notation_errors() -> None:
    g = BaseGame(players=3)
    state = g.new_game(seed=1)
    with pytest.raises(NotationError):
        g.parse_move(state, 0, "dance")
    with pytest.raises(UnknownCardError):
        g.parse_move(state, 0, "build Excalibur")
    with pytest.raises(WrongSeatError):
        g.parse_move(state, 9, f"sell {state.hands[0][0]}")
    with pytest.raises(IllegalMoveError):
        g.parse_move(state, 0, f"sell {state.hands[1][0]}" if state.hands[1][0] not in
                     state.hands[0] else "sell Palace")


def test_card_names_and_keywords_are_matched_without_case() -> None:
    # "build barracks" failed.
    g = game(["giza", "rhodes", "babylon"])
    state = position(g, hands=[["Barracks", "Altar"], ["Baths", "Press"], ["Palace", "Tavern"]],
                     cities={0: {"cards": ["Ore Vein"]}})
    assert g.parse_move(state, 0, "build barracks") == Build("Barracks")
    assert g.parse_move(state, 0, "BUILD BARRACKS") == Build("Barracks")
    assert g.parse_move(state, 0, "Sell ALTAR") == Sell("Altar")
    with pytest.raises(UnknownCardError):
        g.parse_move(state, 0, "build excalibur")
    for seat in g.to_move(state):  # every listed move reads back from any spelling
        for move in g.legal_moves(state, seat):
            assert g.parse_move(state, seat, str(move).upper()) == move
            assert g.parse_move(state, seat, str(move).lower()) == move


def test_moves_round_trip_as_json() -> None:
    for move in (Build("Baths", 2, 1), Build("Palace", free_build=True),
                 BuildStage("Loom", 0, 4, ("project",)), Sell("Press"), Skip()):
        assert from_json(to_json(move), Move) == move  # type: ignore[arg-type]


def test_visible_events_blank_other_seats_face_down_cards() -> None:
    from sevenwonders.base.events import CardSold

    g = BaseGame(players=3)
    state = g.new_game(seed=2)
    moves = {seat: Sell(state.hands[seat][0]) for seat in range(3)}
    _, events = g.step(state, moves)
    sold = [e for e in g.visible_events(events, 0) if isinstance(e, CardSold)]
    assert [e.card for e in sold] == [state.hands[0][0], "", ""]
    assert [e.card for e in events if isinstance(e, CardSold)] == [
        state.hands[s][0] for s in range(3)]
