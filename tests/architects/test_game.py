"""The Game protocol: construction, bad input, notation, events and options."""

from __future__ import annotations

import copy
from types import MappingProxyType
from typing import Any

import pytest

from sevenwonders.architects import ArchitectsGame, Build, ChooseToken, Source, Take
from sevenwonders.architects.state import ArchitectsState, StartTurn
from sevenwonders.core.protocol import Game
from sevenwonders.core.serialization import from_json, to_json
from sevenwonders.errors import (
    GameOverError,
    IllegalMoveError,
    InvalidOptionError,
    NotationError,
    UnknownCardError,
    WrongSeatError,
)
from sevenwonders.games import make_game
from tests.architects.helpers import position, settle


def test_protocol_and_registry() -> None:
    game = make_game("architects", 3)
    assert isinstance(game, ArchitectsGame) and isinstance(game, Game)
    assert (game.name, game.players) == ("architects", 3)


@pytest.mark.parametrize("players", [0, 1, 8, "3", 2.0, True, None])
def test_bad_player_counts(players: Any) -> None:
    with pytest.raises(InvalidOptionError):
        ArchitectsGame(players=players)


@pytest.mark.parametrize("options", [
    {"colour": "red"}, {"babylon_deck": "stone3"}, {"economy_splits": "yes"},
    {"wonders": ["giza"]}, {"wonders": ["giza", "giza"]}, {"wonders": ["giza", "atlantis"]},
    {"wonders": "giza"}, {"halicarnassus_shuffle": "never"},
])
def test_bad_options(options: dict[str, Any]) -> None:
    with pytest.raises(InvalidOptionError):
        ArchitectsGame(players=2, **options)


def test_options_are_json_and_rebuild_the_game() -> None:
    game = ArchitectsGame(players=2, wonders=["giza", "rhodes"], economy_forces_build=True)
    options = game.options()
    assert from_json(to_json(options), dict) == options
    assert options["economy_forces_build"] is True and options["wonders"] == ["giza", "rhodes"]
    again = ArchitectsGame(players=2, **options)
    assert again.options() == options
    defaults = ArchitectsGame(players=2).options()
    assert defaults == {
        "babylon_deck": "stone1_brick2", "wonder_effects_mandatory": True,
        "economy_forces_build": False, "economy_splits": True, "retroactive_tokens": False,
        "wonder_cards_trigger": True, "engineering_forces_build": True,
        "olympia_one_deck": True, "halicarnassus_public": False,
        "halicarnassus_shuffle": "deck", "gold_for_any_resource": True,
        "extra_cards_optional": False, "wonders": None}


def test_bad_seed() -> None:
    with pytest.raises(InvalidOptionError):
        ArchitectsGame(players=2).new_game("seed")  # type: ignore[arg-type]


GAME = ArchitectsGame(players=3, wonders=["giza", "rhodes", "olympia"])


def _start() -> Any:
    return position(GAME, decks={0: ["wood"], 1: ["gold"], 2: ["red0"]}, central=["blue3"],
                    pending=StartTurn())


def test_bad_moves_raise_and_leave_the_state_alone() -> None:
    state = _start()
    before = to_json(state)
    with pytest.raises(WrongSeatError):
        GAME.play(state, {1: Take(Source.LEFT)})
    with pytest.raises(WrongSeatError):
        GAME.play(state, {0: Take(Source.LEFT), 1: Take(Source.LEFT)})
    with pytest.raises(WrongSeatError):
        GAME.play(state, {7: Take(Source.LEFT)})
    with pytest.raises(IllegalMoveError) as error:
        GAME.play(state, {})
    assert error.value.reason == "missing_move"
    with pytest.raises(IllegalMoveError) as error:
        GAME.play(state, {0: "take left"})  # type: ignore[dict-item]
    assert error.value.reason == "not_a_move"  # the same reason in every game
    with pytest.raises(IllegalMoveError) as error:
        GAME.play(state, {0: Build("2d", "SW")})
    assert error.value.reason == "illegal" and error.value.seat == 0
    with pytest.raises(IllegalMoveError):
        GAME.step(state, {0: ChooseToken("economy")})
    with pytest.raises(IllegalMoveError):
        GAME.play(state, [Take(Source.LEFT)])  # type: ignore[arg-type]
    assert to_json(state) == before


def test_parse_move() -> None:
    state = _start()
    assert GAME.parse_move(state, 0, "take central") == Take(Source.CENTRAL)
    assert GAME.parse_move(state, 0, "  take   left ") == Take(Source.LEFT)
    with pytest.raises(NotationError):
        GAME.parse_move(state, 0, "grab left")
    with pytest.raises(NotationError):
        GAME.parse_move(state, 0, "take up")
    with pytest.raises(IllegalMoveError):
        GAME.parse_move(state, 0, "token economy")
    with pytest.raises(UnknownCardError):
        GAME.parse_move(state, 0, "token magic")
    with pytest.raises(UnknownCardError):
        GAME.parse_move(state, 0, "build 5d: S S")
    with pytest.raises(UnknownCardError):
        GAME.parse_move(state, 0, "build 2d: X Y")
    with pytest.raises(UnknownCardError):
        GAME.parse_move(state, 0, "alexandria atlantis")
    with pytest.raises(UnknownCardError):
        GAME.parse_move(state, 0, "pick dragon")
    with pytest.raises(WrongSeatError):
        GAME.parse_move(state, 2, "take left")


def test_parse_move_puts_cards_in_order() -> None:
    state = position(GAME, cities={0: {"cards": ["wood", "stone"]}},
                     decks={0: ["wood"], 1: ["gold"], 2: ["red0"]}, central=["blue3"])
    # build 2d is the only option, so a hand-made Actions state lists it.
    assert GAME.parse_move(state, 0, "build 2d: W S") == Build("2d", "SW")


def test_game_over_errors() -> None:
    state = position(GAME, decks={}, central=["blue3"], pending=StartTurn())
    over, _ = settle(GAME, state)
    assert GAME.is_over(over)
    with pytest.raises(GameOverError):
        GAME.parse_move(over, 0, "take left")
    with pytest.raises(GameOverError):
        GAME.step(over, {0: Take(Source.LEFT)})


def test_view_checks_the_seat() -> None:
    with pytest.raises(WrongSeatError):
        GAME.view(_start(), 3)


def test_legal_moves_only_for_the_seat_to_move() -> None:
    state = GAME.new_game(3)
    assert GAME.legal_moves(state, 1) == () and GAME.legal_moves(state, 2) == ()
    assert len(GAME.legal_moves(state, 0)) == 3


def test_a_move_leaves_the_old_state_valid() -> None:
    game = ArchitectsGame(players=2)
    state = game.new_game(9)
    before = to_json(state)
    moves = game.legal_moves(state, 0)
    first = game.play(state, {0: moves[0]})
    second = game.play(state, {0: moves[1]})
    assert to_json(state) == before
    assert first != second
    assert game.legal_moves(state, 0) == moves
    assert game.play(state, {0: moves[0]}) == first


@pytest.mark.parametrize("players", [2, 4, 7])
def test_every_way_of_handing_a_legal_move_plays_the_usual_calls_state(players: int) -> None:
    """The game object's play hands the usual call (a plain dict holding a listed move) to its
    step and checks any other: a read-only mapping, a copy of the move, a state met again
    after another game's, a state loaded from JSON; each plays the same next state."""
    game = ArchitectsGame(players=players)
    other = ArchitectsGame(players=players)
    state = game.new_game(players)
    for _ in range(40):
        if game.is_over(state):
            break
        (seat,) = game.to_move(state)
        listed = game.shared_legal_moves(state, seat)
        move = listed[len(listed) // 2]
        usual = game.play(state, {seat: move})
        other.new_game(1)  # (nothing of the other game object's is this game's last state)
        game.new_game(1)  # the state is no longer the last one made
        assert game.to_move(state) == {seat} and not game.is_over(state)
        assert game.legal_moves(state, seat) == listed
        for moves in (MappingProxyType({seat: move}), {seat: copy.copy(move)}):
            assert to_json(game.play(state, moves)) == to_json(usual)
        loaded = from_json(to_json(state), ArchitectsState)
        assert to_json(game.play(loaded, {seat: copy.copy(move)})) == to_json(usual)
        state = usual
