"""The PettingZoo AEC environment: one seat acts per step.

In a simultaneous turn (base game, Dice) the seats asked to move act one after another, in seat
order, each seeing the state before the turn (so nobody sees another's choice); the turn resolves
when the last of them has acted. Pending decisions and Architects' turns are steps of the one seat
that owes them. An action outside the mask raises :class:`~sevenwonders.errors.IllegalMoveError`.

Each agent's info holds its ``action_mask`` too (equal to its observation's: all zero but for the
selected agent), so that a player who needs no observation skips encoding one with
``env.last(observe=False)``. The all-zero masks of the infos are one read-only array; the selected
agent's is a fresh array of its own. Each agent's info is one dict for the whole game (as in
PettingZoo's classic games): a step puts the new mask into it.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from sevenwonders.core.protocol import Game
from sevenwonders.rl import stepping
from sevenwonders.rl.actions import INT8
from sevenwonders.rl.adapter import Adapter


class SevenWondersAEC(AECEnv):
    metadata: ClassVar[dict[str, Any]] = {"name": "sevenwonders_aec_v0", "render_modes": ["ansi"],
                "is_parallelizable": True}

    def __init__(self, game: str | Game[Any, Any, Any], players: int, *,
                 reward: str = "win", payments: str = "cheapest",
                 render_mode: str | None = None, **options: Any) -> None:
        super().__init__()
        self.adapter = Adapter(game, players, payments=payments, reward=reward, **options)
        self.game = self.adapter.game
        self.render_mode = render_mode
        self.possible_agents = [f"player_{seat}" for seat in range(players)]
        self._seat = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        self._action_space = self.adapter.action_space()
        self._seeds = np.random.default_rng()
        self.state_: Any = None
        self._queue: list[int] = []
        self._chosen: dict[int, Any] = {}
        self._legal: dict[int, Any] = {}
        # the infos' mask of every agent not asked to move: one all-zero array, read only
        self._no_mask = self.adapter.no_mask()
        self._no_mask.flags.writeable = False

    def observation_space(self, agent: str) -> spaces.Dict:
        return self.adapter.observation_space

    def action_space(self, agent: str) -> spaces.Discrete:
        return self._action_space

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._seeds = np.random.default_rng(seed)
        self.state_ = self.game.new_game(int(self._seeds.integers(2**31)))
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self._chosen = {}
        self._queue = sorted(self.game.to_move(self.state_))
        self.agent_selection = self.possible_agents[self._queue[0]]
        # every agent's info holds its observation's mask (all zero but the selected agent's)
        self.infos: dict[str, dict[str, Any]] = {
            agent: {"action_mask": self._no_mask} for agent in self.agents}
        entry = self.adapter._entry(self.state_, self._queue[0])
        self._legal = entry[0]  # the selected seat's legal actions -> moves (read only)
        self.infos[self.agent_selection] = {
            "action_mask": np.frombuffer(bytearray(entry[1]), INT8)}

    def agent_iter(self, max_iter: int = 2**63) -> Iterator[str]:
        """The selected agent, step after step, until no agent is left (at most ``max_iter``
        times): PettingZoo's iterator as a generator, which costs a step less than its
        iterator object's Python ``__next__``."""
        while self.agents and max_iter > 0:
            max_iter -= 1
            yield self.agent_selection

    def observe(self, agent: str) -> dict[str, Any]:
        seat = self._seat[agent]
        active = bool(self._queue) and self._queue[0] == seat
        return self.adapter.observe(self.state_, seat, active)

    def step(self, action: Any) -> None:
        stepping.aec_step(self, action)  # rl/stepping.py: the hot path

    def _game_over(self, agent: str) -> None:
        """The last turn resolved: the final rewards (the only ones: every step's until now
        were 0, so no cumulative reward needs clearing before), every agent terminated."""
        final = self.adapter.final_rewards(self.state_)
        self.rewards = {a: final[self._seat[a]] for a in self.agents}
        self.terminations = dict.fromkeys(self.agents, True)
        self._accumulate_rewards()
        self.agent_selection = self.agents[0]
        self.infos[agent] = {"action_mask": self._no_mask}

    def render(self) -> str | None:
        if self.render_mode != "ansi":
            return None
        return repr(self.game.view(self.state_, self._seat[self.agent_selection]))

    def close(self) -> None:
        pass


def aec_env(game: str | Game[Any, Any, Any], players: int, **options: Any) -> SevenWondersAEC:
    """A PettingZoo AEC environment; ``game`` and ``options`` as :func:`sevenwonders.make_game`
    takes them, plus ``reward`` (win, rank, score), ``payments`` (cheapest, full) and
    ``render_mode``."""
    return SevenWondersAEC(game, players, **options)
