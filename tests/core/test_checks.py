"""Every game refuses each protocol mistake with the same error class and reason.

The games of the registry (and the base game with Edifice) are driven through the protocol
alone, along seeded random games, so that each mistake is made in a real position: a fresh
turn, a position where some seat is not asked to move (a pending decision, a Dice follow-up,
Architects' other seats), and a finished game.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from sevenwonders.architects.moves import Source, Take
from sevenwonders.base.game import BaseGame
from sevenwonders.base.moves import Sell
from sevenwonders.core.protocol import Game
from sevenwonders.dice.moves import Pass
from sevenwonders.edifice import Edifice
from sevenwonders.errors import (
    GameOverError,
    IllegalMoveError,
    Reason,
    SevenWondersError,
    WrongSeatError,
)
from sevenwonders.games import make_game

GAMES: dict[str, Callable[[], Game[Any, Any, Any]]] = {
    "base": lambda: make_game("base", 3),
    "edifice": lambda: BaseGame(players=3, expansions=(Edifice(),)),
    "architects": lambda: make_game("architects", 3),
    "dice": lambda: make_game("dice", 3),
}
# a move of another game for each game (and a plain string, which is no game's move)
FOREIGN: dict[str, tuple[object, ...]] = {
    "base": (Pass(), Take(Source.LEFT), "sell Altar", None),
    "edifice": (Pass(), Take(Source.LEFT), "sell Altar", None),
    "architects": (Pass(), Sell("Altar"), "take left", None),
    "dice": (Take(Source.LEFT), Sell("Altar"), "pass", None),
}
BAD_SEATS: tuple[object, ...] = (-1, 3, 99, True, False, "0", 0.0, None)


class Positions:
    """A game and three positions of it found along seeded random games."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.game = GAMES[name]()
        self.fresh = self.game.new_game(seed=1)
        self.partial: Any = None  # a position where some seat is not asked to move
        self.finished: Any = None
        rng = random.Random(7)
        for seed in range(1, 40):
            state = self.game.new_game(seed=seed)
            while not self.game.is_over(state):
                movers = self.game.to_move(state)
                if self.partial is None and len(movers) < self.game.players:
                    self.partial = state
                state = self.game.play(state, self.moves(state, rng))
            self.finished = state
            if self.partial is not None:
                break
        assert self.partial is not None and self.finished is not None

    def moves(self, state: Any, rng: random.Random | None = None) -> dict[int, Any]:
        """A legal move for every seat to move (the first one, or a random one)."""
        out = {}
        for seat in sorted(self.game.to_move(state)):
            legal = self.game.legal_moves(state, seat)
            out[seat] = rng.choice(legal) if rng is not None else legal[0]
        return out

    def idle_seat(self) -> int:
        return min(set(range(self.game.players)) - self.game.to_move(self.partial))


@pytest.fixture(scope="module", params=sorted(GAMES))
def positions(request: pytest.FixtureRequest) -> Positions:
    return Positions(request.param)


def refused(call: Callable[[], object], cls: type[SevenWondersError], reason: Reason) -> None:
    """``call`` raises exactly ``cls`` (not a subclass) with ``reason``."""
    with pytest.raises(SevenWondersError) as error:
        call()
    assert type(error.value) is cls, f"{type(error.value).__name__}: {error.value}"
    assert error.value.reason is reason, f"{error.value.reason}: {error.value}"


def refused_step(game: Game[Any, Any, Any], state: Any, moves: object,
                 cls: type[SevenWondersError], reason: Reason) -> None:
    """Both ``play`` and ``step`` refuse ``moves`` with exactly ``cls`` and ``reason``."""
    refused(lambda: game.play(state, moves), cls, reason)  # type: ignore[arg-type]
    refused(lambda: game.step(state, moves), cls, reason)  # type: ignore[arg-type]


def test_every_game_declares_what_it_is(positions: Positions) -> None:
    game = positions.game
    info = game.info
    assert info.name == game.name
    assert info.min_players <= game.players <= info.max_players
    everyone = game.to_move(positions.fresh) == frozenset(range(game.players))
    assert info.simultaneous is everyone
    assert isinstance(game, Game)


def without(moves: dict[int, Any], seat: object) -> dict[Any, Any]:
    """``moves`` without the seat equal to ``seat`` (``True == 1``), so that the bad seat is a
    key of its own."""
    return {s: move for s, move in moves.items() if s != seat}


@pytest.mark.parametrize("seat", BAD_SEATS)
def test_a_seat_that_does_not_exist(positions: Positions, seat: object) -> None:
    game, state = positions.game, positions.fresh
    moves = positions.moves(state)
    some_move = next(iter(moves.values()))
    for call in (
        lambda: game.play(state, {**without(moves, seat), seat: some_move}),
        lambda: game.step(state, {**without(moves, seat), seat: some_move}),
        lambda: game.legal_moves(state, seat),  # type: ignore[arg-type]
        lambda: game.is_legal(state, seat, some_move),  # type: ignore[arg-type]
        lambda: game.parse_move(state, seat, str(some_move)),  # type: ignore[arg-type]
        lambda: game.view(state, seat),  # type: ignore[arg-type]
        lambda: game.visible_events((), seat),  # type: ignore[arg-type]
    ):
        refused(call, WrongSeatError, Reason.NO_SUCH_SEAT)


def test_a_seat_not_asked_to_move(positions: Positions) -> None:
    game, state = positions.game, positions.partial
    idle = positions.idle_seat()
    moves = positions.moves(state)
    some_move = next(iter(moves.values()))
    for call in (
        lambda: game.play(state, {**moves, idle: some_move}),
        lambda: game.step(state, {**moves, idle: some_move}),
        lambda: game.play(state, {idle: some_move}),
        lambda: game.parse_move(state, idle, str(some_move)),
    ):
        refused(call, WrongSeatError, Reason.NOT_TO_MOVE)
    assert game.legal_moves(state, idle) == ()
    assert game.is_legal(state, idle, some_move) is False
    assert all(game.is_legal(state, seat, move) for seat, move in moves.items())


@pytest.mark.parametrize("which", ["fresh", "partial"])
def test_a_missing_move(positions: Positions, which: str) -> None:
    game, state = positions.game, getattr(positions, which)
    moves = positions.moves(state)
    last = max(moves)
    del moves[last]
    refused_step(game, state, moves, WrongSeatError, Reason.MISSING_MOVE)


@pytest.mark.parametrize("which", ["fresh", "partial", "finished"])
def test_moves_that_are_not_a_mapping(positions: Positions, which: str) -> None:
    game, state = positions.game, getattr(positions, which)
    listed = list(positions.moves(state).values()) if which != "finished" else []
    for moves in (listed, tuple(listed), None, "0: pass", 3):
        refused_step(game, state, moves, IllegalMoveError, Reason.NOT_A_MAPPING)


@pytest.mark.parametrize("which", ["fresh", "partial"])
def test_a_move_of_another_game(positions: Positions, which: str) -> None:
    game, state = positions.game, getattr(positions, which)
    moves = positions.moves(state)
    seat = min(moves)
    for foreign in FOREIGN[positions.name]:
        refused_step(game, state, {**moves, seat: foreign}, IllegalMoveError, Reason.NOT_A_MOVE)
        assert game.is_legal(state, seat, foreign) is False


def test_a_move_after_the_end(positions: Positions) -> None:
    game, state = positions.game, positions.finished
    assert game.is_over(state) and game.to_move(state) == frozenset()
    move = next(iter(positions.moves(positions.fresh).values()))
    for moves in ({0: move}, {}, {1: move, 2: move}):
        refused_step(game, state, moves, GameOverError, Reason.GAME_OVER)
    refused(lambda: game.parse_move(state, 0, str(move)), GameOverError, Reason.GAME_OVER)
    for seat in range(game.players):
        assert game.legal_moves(state, seat) == ()
        assert game.is_legal(state, seat, move) is False
        assert game.view(state, seat) is not None  # a finished game can still be looked at


def test_refusals_leave_the_position_playable(positions: Positions) -> None:
    """After every kind of refusal the same position still takes its legal moves."""
    game, state = positions.game, positions.partial
    for bad in ({}, [], {99: None}, {positions.idle_seat(): None}):
        with pytest.raises(SevenWondersError):
            game.play(state, bad)  # type: ignore[arg-type]
    after = game.play(state, positions.moves(state))
    assert after is not state


def test_is_legal_agrees_with_legal_moves(positions: Positions) -> None:
    """Along a seeded random game: every listed move is legal for its seat, and a move listed
    for another seat only (another hand, another sheet) is legal exactly when listed here."""
    game = positions.game
    rng = random.Random(11)
    state = game.new_game(seed=5)
    for _ in range(40):
        if game.is_over(state):
            break
        listed = {seat: game.legal_moves(state, seat) for seat in range(game.players)}
        for seat, moves in listed.items():
            assert all(game.is_legal(state, seat, move) for move in moves)
            others = {move for other, theirs in listed.items() if other != seat
                      for move in theirs}
            for move in others:
                assert game.is_legal(state, seat, move) is (move in moves)
        state = game.play(state, positions.moves(state, rng))
