"""A tiny game of the protocol for agent tests: Nim, where taking the last stone wins."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import attrs

from sevenwonders.core.rng import Rng
from sevenwonders.core.scoring import ScoreSheet, ranking


@attrs.frozen
class NimState:
    stones: int
    player: int
    winner: int | None = None


class Nim:
    """Two seats take turns removing 1 to 3 stones; whoever takes the last one wins."""

    players = 2

    def __init__(self, stones: int = 10, name: str = "nim") -> None:
        self.stones = stones
        self.name = name

    def new_game(self, seed: int) -> NimState:
        return NimState(self.stones, seed % 2)

    def to_move(self, state: NimState) -> frozenset[int]:
        return frozenset() if state.winner is not None else frozenset({state.player})

    def legal_moves(self, state: NimState, seat: int) -> tuple[int, ...]:
        if seat not in self.to_move(state):
            return ()
        return tuple(range(1, min(3, state.stones) + 1))

    def play(self, state: NimState, moves: Mapping[int, int]) -> NimState:
        (seat, take), = moves.items()
        assert take in self.legal_moves(state, seat)
        left = state.stones - take
        return NimState(left, 1 - seat, seat if left == 0 else None)

    def step(self, state: NimState, moves: Mapping[int, int]) -> tuple[NimState, tuple[Any, ...]]:
        return self.play(state, moves), ()

    def visible_events(self, events: tuple[Any, ...], seat: int) -> tuple[Any, ...]:
        return events

    def parse_move(self, state: NimState, seat: int, text: str) -> int:
        return int(text)

    def is_over(self, state: NimState) -> bool:
        return state.winner is not None

    def scores(self, state: NimState) -> tuple[ScoreSheet, ...]:
        return tuple(ScoreSheet.of({"win": int(state.winner == s)}) for s in range(2))

    def ranking(self, state: NimState) -> tuple[int, ...]:
        return ranking(self.scores(state))

    def view(self, state: NimState, seat: int) -> NimView:
        return NimView(seat, state.stones, state.player, state.winner)

    def options(self) -> dict[str, Any]:
        return {"stones": self.stones}


@attrs.frozen
class NimView:
    seat: int
    stones: int
    player: int
    winner: int | None


def determinize_nim(game: Any, view: NimView, rng: Rng) -> tuple[NimState, Rng]:
    """Nim hides nothing: the state is the view."""
    return NimState(view.stones, view.player, view.winner), rng
