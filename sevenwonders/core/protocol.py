"""The one protocol every game of the family offers, and what each game declares about itself.

Bots, the simulator, the command line, replays, the server and the RL adapters are written once
against :class:`Game`. A step takes the moves of every seat in :meth:`Game.to_move` at once: all
seats in simultaneous games (base game, Dice), one seat in sequential games or for a pending
decision. :class:`GameInfo` says which kind a game is, as OpenSpiel's game types do.

Every game refuses the same protocol mistake with the same error class and reason
(:mod:`sevenwonders.core.checks`; the table is in the README).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol, TypeVar, runtime_checkable

import attrs

from sevenwonders.core.scoring import ScoreSheet

S = TypeVar("S")
M = TypeVar("M")
V = TypeVar("V", covariant=True)


@attrs.frozen(slots=True, kw_only=True)
class GameInfo:
    """What an adapter needs to know of a game before it plays one."""

    name: str
    """The game's registry name (:mod:`sevenwonders.games`)."""
    min_players: int
    max_players: int
    simultaneous: bool
    """Whether every seat moves at once in a plain turn (base game, Dice) rather than one seat
    after the other (Architects). Pending decisions are asked of one seat in either kind."""
    hidden_information: bool
    """Whether a seat's view leaves out part of the state (hands, deck tops)."""
    chance: bool
    """Whether the game draws at random as it goes (shuffles, rolls), from the seeded generator
    the state carries: the same seed and moves still give the same states."""


@runtime_checkable
class Game(Protocol[S, M, V]):
    """A game: options fixed at construction, pure functions of immutable states."""

    @property
    def name(self) -> str:
        """Short identifier: ``"base"``, ``"architects"``, ``"dice"``."""
        ...

    @property
    def players(self) -> int:
        """The number of seats at the table, fixed at construction."""

    @property
    def info(self) -> GameInfo:
        """The game's declared kind: player range, simultaneous turns, hidden information,
        chance."""
        ...

    def new_game(self, seed: int | None = None) -> S:
        """The state after set-up, fully determined by ``seed`` and the game's options.

        Without a seed, an unpredictable 64-bit one is drawn (:mod:`secrets`): what a server
        should do. Only plain ints are seeds; others raise ``InvalidOptionError``.
        """
        ...

    def to_move(self, state: S) -> frozenset[int]:
        """The seats that must choose a move now (empty once the game is over)."""
        ...

    def legal_moves(self, state: S, seat: int) -> tuple[M, ...]:
        """Every move ``seat`` may make now; empty if the seat is not asked to move."""
        ...

    def is_legal(self, state: S, seat: int, move: object) -> bool:
        """Whether ``seat`` may play ``move`` now (False for a seat not to move, after the end,
        or for an object that is not a move of this game); raises only for a seat that does
        not exist or a state that is not this game's."""
        ...

    def play(self, state: S, moves: Mapping[int, M]) -> S:
        """The state after every seat in :meth:`to_move` made its move; raises on a bad move."""
        ...

    def step(self, state: S, moves: Mapping[int, M]) -> tuple[S, tuple[Any, ...]]:
        """Like :meth:`play`, also returning the ordered events of the step, for animation."""
        ...

    def visible_events(self, events: tuple[Any, ...], seat: int) -> tuple[Any, ...]:
        """``events`` as ``seat`` may see them (hidden cards blanked): what a server sends."""
        ...

    def parse_move(self, state: S, seat: int, text: str) -> M:
        """Read a move from its text form (``str(move)``); raises if unreadable or illegal."""
        ...

    def is_over(self, state: S) -> bool:
        """Whether the game has ended (then :meth:`to_move` is empty and :meth:`scores` are
        final)."""

    def scores(self, state: S) -> tuple[ScoreSheet, ...]:
        """One score sheet per seat (a running count before the end)."""
        ...

    def ranking(self, state: S) -> tuple[int, ...]:
        """Place of each seat, 1 for the winner; ties share a place: always
        :func:`sevenwonders.core.scoring.ranking` of :meth:`scores` (the simulator relies on it
        to score a finished game once)."""
        ...

    def view(self, state: S, seat: int) -> V:
        """Everything ``seat`` may see, and nothing more."""
        ...

    def options(self) -> Mapping[str, Any]:
        """The options the game was built with, as plain JSON-able values."""
        ...


__all__ = ["Game", "GameInfo"]
