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
from sevenwonders.rl.actions import ActionIndex, action_index
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
        self._memo: tuple[Any, dict[int, dict[int, Any]]] = (None, {})
        self._no_mask: Mask = np.zeros(self.index.size, dtype=np.int8)

    def action_space(self) -> spaces.Discrete:
        return spaces.Discrete(self.index.size)

    def legal(self, state: Any, seat: int) -> dict[int, Any]:
        """``seat``'s legal actions now and the moves they stand for (memoised per state)."""
        memo = self._memo
        if memo[0] is not state:
            memo = self._memo = (state, {})
        found = memo[1].get(seat)
        if found is None:
            found = memo[1][seat] = self.index.legal(self.game.legal_moves(state, seat))
        return found

    def mask(self, state: Any, seat: int) -> Mask:
        return self.index.mask(self.legal(state, seat))

    def observe(self, state: Any, seat: int, active: bool) -> dict[str, Any]:
        """``seat``'s observation dict; the mask is all zero unless ``active``."""
        return {"observation": self.encoder.encode(self.game.view(state, seat)),
                "action_mask": self.mask(state, seat) if active else self._no_mask.copy()}

    def move(self, state: Any, seat: int, action: Any) -> Any:
        """The move ``action`` stands for; raises :class:`IllegalMoveError` outside the mask."""
        try:
            move = self.legal(state, seat).get(int(action))
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
