"""The Game protocol: construction, seats, move checking, notation, views and options."""

from __future__ import annotations

import pytest

from sevenwonders.core.protocol import Game
from sevenwonders.core.serialization import from_json, to_json
from sevenwonders.dice import (
    DEFAULT_SHEETS_PATH,
    Build,
    BuildWonder,
    DiceGame,
    DiceMove,
    DiceView,
    Pass,
    Skip,
    TakeBonus,
    Tick,
    load_sheets,
)
from sevenwonders.dice.moves import parse
from sevenwonders.errors import (
    IllegalMoveError,
    InvalidOptionError,
    InvalidStateError,
    NotationError,
    WrongSeatError,
)
from sevenwonders.games import make_game

from .conftest import passes, position, seat_with, ticked, with_forum


def test_protocol_and_registry() -> None:
    game = make_game("dice", 5)
    assert isinstance(game, DiceGame) and isinstance(game, Game)
    assert (game.name, game.players) == ("dice", 5)


@pytest.mark.parametrize("players", [0, 1, 8, "3", 2.0, True])
def test_bad_player_counts(players: object) -> None:
    with pytest.raises(InvalidOptionError):
        DiceGame(players=players)  # type: ignore[arg-type]


def test_bad_rule_options() -> None:
    with pytest.raises(InvalidOptionError):
        DiceGame(players=3, colour="red")
    with pytest.raises(InvalidOptionError):
        DiceGame(players=3, agora_tie="first")
    with pytest.raises(InvalidOptionError):
        DiceGame(players=3, bonus_per_building=1)


def test_options_round_trip_through_the_constructor() -> None:
    game = DiceGame(players=3, agora_tie="none", reserve_overflow="kept")
    options = dict(game.options())
    assert options["agora_tie"] == "none" and options["sheets"] == "default"
    assert from_json(to_json(options), dict) == options
    again = DiceGame(players=3, **options)
    assert again.options() == game.options()
    assert to_json(again.new_game(4)) == to_json(game.new_game(4))


def test_every_seat_moves_at_once_and_must_be_present() -> None:
    game, state = position()
    assert game.to_move(state) == {0, 1, 2}
    with pytest.raises(IllegalMoveError) as info:
        game.play(state, {0: Pass(), 1: Pass()})
    assert info.value.reason == "missing_move" and info.value.seat == 2
    with pytest.raises(WrongSeatError):
        game.play(state, {0: Pass(), 1: Pass(), 2: Pass(), 3: Pass()})
    with pytest.raises(WrongSeatError):
        game.legal_moves(state, 7)
    with pytest.raises(IllegalMoveError) as info:
        game.play(state, {0: Pass(), 1: Pass(), 2: "pass"})  # type: ignore[dict-item]
    assert info.value.reason == "not_a_move"


def test_illegal_move_leaves_state_unchanged() -> None:
    game, state = position()
    before = to_json(state)
    with pytest.raises(IllegalMoveError) as info:
        game.play(state, {0: Pass(), 1: Build("blue", "agora.ag9"), 2: Pass()})
    assert info.value.reason == "no_such_box" and info.value.seat == 1
    assert to_json(state) == before
    with pytest.raises(IllegalMoveError) as info:
        game.play(state, {0: TakeBonus("b1"), 1: Pass(), 2: Pass()})
    assert info.value.reason == "wrong_kind"
    with pytest.raises(IllegalMoveError) as info:
        game.play(state, {0: Build("white", "gallery.l1"), 1: Pass(), 2: Pass()})
    assert info.value.reason == "no_such_die"


@pytest.mark.parametrize("move", [Pass(), Skip(), BuildWonder("s1"), TakeBonus("b2"),
                                  Tick("agora.ag1"), Build("grey_2", "warehouse.w1")])
def test_notation_round_trip(move: DiceMove) -> None:
    assert parse(str(move)) == move
    assert from_json(to_json(move), DiceMove) == move  # type: ignore[arg-type]


@pytest.mark.parametrize("text", ["", "jump", "build red", "build red agora", "wonder",
                                  "pass now", "tick ag1", "bonus b1 b2", "build r!d agora.ag1"])
def test_unreadable_notation(text: str) -> None:
    game, state = position()
    with pytest.raises(NotationError):
        game.parse_move(state, 0, text)


def test_parse_checks_legality() -> None:
    game, state = position()
    state = with_forum(state, ("blue", "scales", 0))
    assert game.parse_move(state, 0, "build blue agora.ag1") == Build("blue", "agora.ag1")
    assert game.parse_move(state, 0, "  PASS ") == Pass()
    with pytest.raises(IllegalMoveError):
        game.parse_move(state, 0, "build blue agora.ag3")
    with pytest.raises(IllegalMoveError):
        game.parse_move(state, 0, "skip")


def test_parse_for_a_seat_not_to_move_and_after_the_end() -> None:
    game, state = position()
    state = with_forum(state, ("yellow", "coin7", 0))
    state = ticked(game, state, 0, *[f"market.m{i}" for i in range(1, 6)])
    after = game.play(state, passes(game, state, seat0=Build("yellow", "market.m6")))
    assert game.to_move(after) == {0}
    with pytest.raises(WrongSeatError):
        game.parse_move(after, 1, "pass")
    assert game.legal_moves(after, 1) == ()


def test_view_hides_only_the_generator() -> None:
    game = DiceGame(players=3)  # a dealt game: a view loads only if its state could be reached
    state = game.new_game(0)
    view = game.view(state, 1)
    assert isinstance(view, DiceView)
    assert "rng" not in to_json(view) and str(state.rng.state) not in to_json(view)
    assert view.seats == state.seats and view.forum == state.forum
    assert view.to_move == (0, 1, 2) and view.provisional is True
    assert from_json(to_json(view), DiceView) == view


def test_hand_edited_state_is_rejected() -> None:
    game, state = position()
    bad = seat_with(state, 0, ticks=state.seats[0].ticks[:-1])
    with pytest.raises(InvalidStateError):
        game.legal_moves(bad, 0)
    with pytest.raises(InvalidStateError):
        game.play(bad, passes(game, state))
    with pytest.raises(InvalidStateError):
        game.play(with_forum(state, ("blue", "axe", 0)), passes(game, state))
    with pytest.raises(InvalidStateError):
        game.scores(seat_with(state, 1, sheet="atlantis"))


def test_a_loaded_sheet_set_object_is_accepted() -> None:
    sheets = load_sheets(DEFAULT_SHEETS_PATH)
    game = DiceGame(players=2, sheets=sheets)
    assert game.options()["sheets"] == "default"  # the built-in set, by name: never a path
    assert to_json(game.new_game(9)) == to_json(DiceGame(players=2).new_game(9))


def test_seat_sheets_option() -> None:
    game = DiceGame(players=3, seat_sheets=["rhodes", "giza", "olympia"])
    state = game.new_game(5)
    assert [s.sheet for s in state.seats] == ["rhodes", "giza", "olympia"]
    assert DiceGame(players=3, **game.options()).options() == game.options()
    for bad in (["giza", "giza", "rhodes"], ["giza", "rhodes"], ["giza", "rhodes", "atlantis"],
                "giza"):
        with pytest.raises(InvalidOptionError):
            DiceGame(players=3, seat_sheets=bad)


def test_names_in_notation_are_matched_without_case() -> None:
    # dice, boxes, stages and bonuses in any case.
    import random

    game = DiceGame(players=3)
    state = game.new_game(2)
    chooser = random.Random(2)
    checked = 0
    for _ in range(30):
        if game.is_over(state):
            break
        for seat in sorted(game.to_move(state)):
            for move in game.legal_moves(state, seat):
                assert game.parse_move(state, seat, str(move).upper()) == move
                checked += 1
        state = game.play(state, {s: chooser.choice(game.legal_moves(state, s))
                                  for s in game.to_move(state)})
    assert checked > 50
