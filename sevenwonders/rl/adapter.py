"""What every environment shares: the game, its action index, its encoder, spaces and rewards.

Rewards come at the end of the game only (``reward``): ``"win"`` 1 for a first place, shared or
not, else 0; ``"rank"`` ``(players - place) / (players - 1)``, 1 for first and 0 for last (ties
share a place); ``"score"`` the seat's final victory points.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces

from sevenwonders.core.game import Game
from sevenwonders.errors import IllegalMoveError, InvalidOptionError
from sevenwonders.games import make_game
from sevenwonders.rl.actions import INT8, ActionIndex, action_index
from sevenwonders.rl.observations import Encoder, make_encoder

REWARDS = ("win", "rank", "score")
BOUND = 1e6  # every observed count, coin or turn number stays far below
Mask = np.ndarray[Any, np.dtype[np.int8]]


def build_game(game: str | Game[Any, Any, Any], players: int,
               options: dict[str, Any]) -> Game[Any, Any, Any]:
    """``game`` by name through :func:`sevenwonders.make_game`, or a game object as is."""
    if isinstance(game, str):
        return make_game(game, players, **options)
    if options or game.players != players:
        raise InvalidOptionError("give options only with a game name; a game object has its own")
    return game


class Adapter:
    """One game configuration seen by a learner: actions, masks, observations, rewards."""

    def __init__(self, game: str | Game[Any, Any, Any], players: int, *,
                 payments: str = "cheapest", reward: str = "win", **options: Any) -> None:
        if reward not in REWARDS:
            raise InvalidOptionError(f"reward must be one of {REWARDS}, not {reward!r}")
        self.game = build_game(game, players, options)
        self.players = players
        self.reward = reward
        self.index: ActionIndex = action_index(self.game, payments)
        self.encoder: Encoder = make_encoder(self.game)
        self.observation_space = spaces.Dict({
            "observation": spaces.Box(-BOUND, BOUND, (self.encoder.size,), np.float32),
            "action_mask": spaces.Box(0, 1, (self.index.size,), np.int8),
        })
        self._memo: tuple[Any, dict[int, tuple[dict[int, Any], bytearray]]] = (None, {})

    def action_space(self) -> spaces.Discrete:
        return spaces.Discrete(self.index.size)

    def _entry(self, state: Any, seat: int) -> tuple[dict[int, Any], bytearray]:
        """``seat``'s legal actions and its mask's bytes on ``state`` (memoised for the last
        state: an environment asks for them in its observation, its infos and its step; the
        bytes are never handed out, only copies)."""
        memo = self._memo
        if memo[0] is state:
            found = memo[1].get(seat)
            if found is not None:
                return found
        else:
            memo = self._memo = (state, {})
        found = memo[1][seat] = self.index.legal_and_mask(self.game.legal_moves(state, seat))
        return found

    def legal(self, state: Any, seat: int) -> dict[int, Any]:
        """``seat``'s legal actions now and the moves they stand for (memoised per state)."""
        return self._entry(state, seat)[0]

    def mask(self, state: Any, seat: int) -> Mask:
        """``seat``'s mask now (a fresh array: users keep what they are given)."""
        return np.frombuffer(bytearray(self._entry(state, seat)[1]), INT8)

    def no_mask(self) -> Mask:
        """An all-zero mask (a fresh array), the mask of a seat not asked to move."""
        return np.zeros(self.index.size, INT8)

    def observe(self, state: Any, seat: int, active: bool) -> dict[str, Any]:
        """``seat``'s observation dict; the mask is all zero unless ``active``."""
        return {"observation": self.encoder.encode(self.game.view(state, seat)),
                "action_mask": self.mask(state, seat) if active else self.no_mask()}

    def move(self, state: Any, seat: int, action: Any) -> Any:
        """The move ``action`` stands for; raises :class:`IllegalMoveError` outside the mask."""
        legal = self._entry(state, seat)[0]
        if type(action) is int:
            move = legal.get(action)
        else:
            try:
                move = legal.get(int(action))
            except (TypeError, ValueError):
                move = None
        if move is None:
            raise IllegalMoveError(f"action {action!r} is not legal for seat {seat} now",
                                   reason="illegal")
        return move

    def final_rewards(self, state: Any) -> tuple[float, ...]:
        if self.reward == "score":
            return tuple(float(sheet.total) for sheet in self.game.scores(state))
        places = self.game.ranking(state)
        if self.reward == "win":
            return tuple(float(place == 1) for place in places)
        n = self.players
        return tuple((n - place) / (n - 1) if n > 1 else 1.0 for place in places)
