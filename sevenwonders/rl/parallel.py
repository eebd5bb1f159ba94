"""The PettingZoo Parallel environment: every seat submits an action each step.

A seat not asked to move (Architects' other seats, everyone but the seat owing a pending decision)
has an all-zero mask and whatever it submits is ignored; every step has at least one seat with a
legal action. Each agent's info holds its observation's ``action_mask`` too (the same array).
A seat asked to move must submit an action inside its mask, else
:class:`~sevenwonders.errors.IllegalMoveError` (with reason ``missing_move`` if it gave none).
"""

from __future__ import annotations

from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import ParallelEnv

from sevenwonders.core.protocol import Game
from sevenwonders.errors import IllegalMoveError
from sevenwonders.rl.adapter import Adapter


class SevenWondersParallel(ParallelEnv):
    metadata: ClassVar[dict[str, Any]] = {"name": "sevenwonders_parallel_v0",
                                          "render_modes": ["ansi"]}

    def __init__(self, game: str | Game[Any, Any, Any], players: int, *,
                 reward: str = "win", payments: str = "cheapest",
                 render_mode: str | None = None, **options: Any) -> None:
        self.adapter = Adapter(game, players, payments=payments, reward=reward, **options)
        self.game = self.adapter.game
        self.render_mode = render_mode
        self.possible_agents = [f"player_{seat}" for seat in range(players)]
        self.agents: list[str] = []
        self._seat = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        self._action_space = self.adapter.action_space()
        self._seeds = np.random.default_rng()
        self.state_: Any = None

    def observation_space(self, agent: str) -> spaces.Dict:
        return self.adapter.observation_space

    def action_space(self, agent: str) -> spaces.Discrete:
        return self._action_space

    def _observations(self) -> dict[str, dict[str, Any]]:
        to_move = self.game.to_move(self.state_)
        return {agent: self.adapter.observe(self.state_, seat, seat in to_move)
                for seat, agent in enumerate(self.possible_agents)}

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> tuple[dict[str, Any], dict[str, Any]]:
        if seed is not None:
            self._seeds = np.random.default_rng(seed)
        self.state_ = self.game.new_game(int(self._seeds.integers(2**31)))
        self.agents = self.possible_agents[:]
        observations = self._observations()
        return observations, self._infos(observations)

    def _infos(self, observations: dict[str, dict[str, Any]]) -> dict[str, dict[str, Any]]:
        """Each agent's info: its observation's ``action_mask`` (the same array)."""
        return {agent: {"action_mask": observations[agent]["action_mask"]}
                for agent in self.agents}

    def step(self, actions: dict[str, Any]) -> tuple[dict[str, Any], dict[str, float],
                                                     dict[str, bool], dict[str, bool],
                                                     dict[str, Any]]:
        moves = {}
        for seat in sorted(self.game.to_move(self.state_)):
            agent = self.possible_agents[seat]
            if agent not in actions:
                raise IllegalMoveError(f"{agent} must act now", reason="missing_move")
            moves[seat] = self.adapter.listed_move(self.state_, seat, actions[agent])
        self.state_ = self.game.play(self.state_, moves)
        over = self.game.is_over(self.state_)
        rewards = (self.adapter.final_rewards(self.state_) if over
                   else (0.0,) * len(self.possible_agents))
        agents = self.agents
        observations = self._observations()
        infos = self._infos(observations)
        out: tuple[dict[str, Any], dict[str, float], dict[str, bool], dict[str, bool],
                   dict[str, Any]] = ({a: observations[a] for a in agents},
               {a: rewards[self._seat[a]] for a in agents},
               dict.fromkeys(agents, over), dict.fromkeys(agents, False),
               infos)
        if over:
            self.agents = []
        return out

    def render(self) -> str | None:
        """The table as seat 0 sees it (never the hidden state)."""
        if self.render_mode != "ansi":
            return None
        return repr(self.game.view(self.state_, 0))

    def close(self) -> None:
        pass


def parallel_env(game: str | Game[Any, Any, Any], players: int,
                 **options: Any) -> SevenWondersParallel:
    """A PettingZoo Parallel environment; arguments as :func:`sevenwonders.rl.aec_env`."""
    return SevenWondersParallel(game, players, **options)
