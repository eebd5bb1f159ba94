"""The Gymnasium environment: one learning seat against agents of :mod:`sevenwonders.agents`.

The other seats are played by agents (names such as ``"random"``, ``"greedy"``, ``"ismcts:50"``
or agent objects; one for all, or one per other seat in seat order) that see only their views. In
a simultaneous turn they choose from the same state as the learner. An action outside the mask
ends the episode (terminated) with reward ``illegal_reward`` (default -1, below every reward of
``"win"`` and ``"rank"``), as PettingZoo's classic games do; Gymnasium's ``check_env`` samples
actions without the mask, so every action of the space is accepted. The info dicts of ``reset``
and ``step`` hold the observation's ``action_mask`` too (the same array).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import gymnasium
import numpy as np

from sevenwonders.agents.base import Agent, make_agent
from sevenwonders.core.protocol import Game
from sevenwonders.core.rng import Rng
from sevenwonders.errors import IllegalMoveError, InvalidOptionError
from sevenwonders.rl.adapter import Adapter

Opponent = str | Agent


class SevenWondersGym(gymnasium.Env):
    metadata = {"render_modes": ["ansi"]}  # noqa: RUF012 - gymnasium declares it per instance

    def __init__(self, game: str | Game[Any, Any, Any], players: int, seat: int = 0,
                 opponents: Opponent | Sequence[Opponent] = "random", *,
                 reward: str = "win", payments: str = "cheapest",
                 illegal_reward: float = -1.0, render_mode: str | None = None,
                 **options: Any) -> None:
        self.adapter = Adapter(game, players, payments=payments, reward=reward, **options)
        self.game = self.adapter.game
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
            raise InvalidOptionError(f"seat must be a seat of the table, not {seat!r}")
        self.seat = seat
        others = [s for s in range(players) if s != seat]
        if isinstance(opponents, str | Agent):
            chosen: list[Opponent] = [opponents] * len(others)
        else:
            chosen = list(opponents)
            if len(chosen) != len(others):
                raise InvalidOptionError(f"give one opponent or {len(others)}, not {len(chosen)}")
        self.opponents: dict[int, Agent] = {
            s: make_agent(o) if isinstance(o, str) else o for s, o in zip(others, chosen,
                                                                           strict=True)}
        self.illegal_reward = float(illegal_reward)
        self.render_mode = render_mode
        self.observation_space = self.adapter.observation_space
        self.action_space = self.adapter.action_space()
        self._seeds = np.random.default_rng()
        self._rngs: dict[int, Rng] = {}
        self.state_: Any = None

    def _opponent_moves(self) -> dict[int, Any]:
        moves = {}
        for s in sorted(self.game.to_move(self.state_)):
            if s == self.seat:
                continue
            agent = self.opponents[s]
            view = self.game.view(self.state_, s) if getattr(agent, "needs_view", True) else None
            moves[s], self._rngs[s] = agent.choose(
                self.game, view, self.game.legal_moves(self.state_, s), self._rngs[s])
        return moves

    def _advance(self) -> None:
        """Let the opponents play until the learner must move or the game is over."""
        while not self.game.is_over(self.state_) and self.seat not in self.game.to_move(
                self.state_):
            self.state_ = self.game.play(self.state_, self._opponent_moves())

    def _observation(self) -> dict[str, Any]:
        over = self.game.is_over(self.state_)
        return self.adapter.observe(self.state_, self.seat, not over)

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> tuple[dict[str, Any], dict[str, Any]]:
        super().reset(seed=seed)
        if seed is not None:
            self._seeds = np.random.default_rng(seed)
        self.state_ = self.game.new_game(int(self._seeds.integers(2**31)))
        self._rngs = {s: Rng.from_seed(int(self._seeds.integers(2**31))) for s in self.opponents}
        self._advance()
        observation = self._observation()
        return observation, {"action_mask": observation["action_mask"]}

    def step(self, action: Any) -> tuple[dict[str, Any], float, bool, bool, dict[str, Any]]:
        try:
            move = self.adapter.listed_move(self.state_, self.seat, action)
        except IllegalMoveError:
            move = None
        if move is None:
            observation = self._observation()
            return observation, self.illegal_reward, True, False, {
                "illegal": True, "action_mask": observation["action_mask"]}
        moves = self._opponent_moves()
        moves[self.seat] = move
        self.state_ = self.game.play(self.state_, moves)
        self._advance()
        observation = self._observation()
        info = {"action_mask": observation["action_mask"]}
        if self.game.is_over(self.state_):
            reward = self.adapter.final_rewards(self.state_)[self.seat]
            return observation, reward, True, False, info
        return observation, 0.0, False, False, info

    def render(self) -> str | None:
        if self.render_mode != "ansi":
            return None
        return repr(self.game.view(self.state_, self.seat))


def gym_env(game: str | Game[Any, Any, Any], players: int, seat: int = 0,
            opponents: Opponent | Sequence[Opponent] = "random",
            **options: Any) -> SevenWondersGym:
    """A Gymnasium environment for ``seat``; the other seats are played by ``opponents``.
    ``game`` and ``options`` as :func:`sevenwonders.make_game` takes them, plus ``reward``,
    ``payments``, ``illegal_reward`` and ``render_mode``."""
    return SevenWondersGym(game, players, seat, opponents, **options)
