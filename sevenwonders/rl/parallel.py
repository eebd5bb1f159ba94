"""The PettingZoo Parallel environment: every seat submits an action each step.

A seat not asked to move (Architects' other seats, everyone but the seat owing a pending decision)
has an all-zero mask and whatever it submits is ignored; every step has at least one seat with a
legal action. Each agent's info holds its observation's ``action_mask`` too (the same array).
A seat asked to move that submits an action outside its mask, or none, ends the episode with a
penalty (every seat that did so is an offender), or with ``strict=True`` raises
:class:`~sevenwonders.errors.IllegalMoveError` (reason ``missing_move`` if it gave none) and
changes nothing (:mod:`sevenwonders.rl.conventions`).
"""

from __future__ import annotations

from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import ParallelEnv

from sevenwonders.core.protocol import Game
from sevenwonders.errors import IllegalMoveError
from sevenwonders.rl.adapter import Adapter
from sevenwonders.rl.conventions import IllegalActions, check_render_mode, metadata, render

Returns = tuple[dict[str, Any], dict[str, float], dict[str, bool], dict[str, bool],
                dict[str, Any]]


class SevenWondersParallel(ParallelEnv):
    """A PettingZoo Parallel environment of one game configuration (see the module's
    docstring)."""

    metadata: ClassVar[dict[str, Any]] = metadata("sevenwonders_parallel_v0")

    def __init__(self, game: str | Game[Any, Any, Any], players: int, *,
                 reward: str = "win", payments: str = "cheapest",
                 render_mode: str | None = None, illegal_reward: float = -1.0,
                 illegal_others: float = 0.0, strict: bool = False, **options: Any) -> None:
        self.render_mode = check_render_mode(render_mode)
        self.adapter = Adapter(game, players, payments=payments, reward=reward, **options)
        self.game = self.adapter.game
        self.illegal = IllegalActions(illegal_reward, illegal_others, strict)
        self.possible_agents = [f"player_{seat}" for seat in range(players)]
        self.agents: list[str] = []
        self._seat = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        self._action_space = self.adapter.action_space()
        self._seeds = np.random.default_rng()
        self.state_: Any = None
        # factored payments: the seats choosing a payment (-> the card action) and the seats
        # whose move this turn is decided
        self._paying: dict[int, int] = {}
        self._decided: dict[int, Any] = {}

    def observation_space(self, agent: str) -> spaces.Dict:
        """The observation space of ``agent``: the view's vector and the action mask."""
        return self.adapter.observation_space

    def action_space(self, agent: str) -> spaces.Discrete:
        """The action space of ``agent``: one discrete action per index entry."""
        return self._action_space

    def _observations(self) -> dict[str, dict[str, Any]]:
        """Every agent's observation: the seats still to decide have masks (with factored
        payments, those choosing a payment now only)."""
        if self._paying:
            asked: Any = self._paying
        else:
            asked = self.game.to_move(self.state_)
        return {agent: self.adapter.observe(self.state_, seat, seat in asked,
                                            self._paying.get(seat))
                for seat, agent in enumerate(self.possible_agents)}

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> tuple[dict[str, Any], dict[str, Any]]:
        """Start a new game (from ``seed`` if given); every agent's observation and info."""
        if seed is not None:
            self._seeds = np.random.default_rng(seed)
        self.state_ = self.game.new_game(int(self._seeds.integers(2**31)))
        self.agents = self.possible_agents[:]
        self._paying, self._decided = {}, {}
        observations = self._observations()
        return observations, self._infos(observations)

    def _infos(self, observations: dict[str, dict[str, Any]]) -> dict[str, dict[str, Any]]:
        """Each agent's info: its observation's ``action_mask`` (the same array)."""
        return {agent: {"action_mask": observations[agent]["action_mask"]}
                for agent in self.agents}

    def step(self, actions: dict[str, Any]) -> Returns:
        """Play the actions of the seats asked to move (the others' are ignored); observations,
        rewards, terminations, truncations and infos."""
        offenders = set()
        decided, paying = dict(self._decided), dict(self._paying)
        for seat in sorted(self.game.to_move(self.state_)):
            if seat in decided:
                continue
            agent = self.possible_agents[seat]
            try:
                if agent not in actions:
                    raise IllegalMoveError(f"{agent} must act now", reason="missing_move")
                move, card = self.adapter.decide(self.state_, seat, paying.get(seat),
                                                 actions[agent])
            except IllegalMoveError:
                if self.illegal.strict:
                    raise
                offenders.add(agent)
                continue
            if move is None:  # factored payments: the seat chooses the payment next step
                paying[seat] = card  # type: ignore[assignment]
            else:
                paying.pop(seat, None)
                decided[seat] = move
        if offenders:
            return self._illegal_end(offenders)
        self._paying = paying
        if paying:  # a seat chooses its payment first: the turn waits for it
            self._decided = decided
            return self._returns(False, (0.0,) * len(self.possible_agents))
        self._decided = {}
        self.state_ = self.game.play(self.state_, decided)
        over = self.game.is_over(self.state_)
        rewards = (self.adapter.final_rewards(self.state_) if over
                   else (0.0,) * len(self.possible_agents))
        return self._returns(over, rewards)

    def _returns(self, over: bool, rewards: tuple[float, ...]) -> Returns:
        """What a step returns now (and, when ``over``, no agent left)."""
        agents = self.agents
        observations = self._observations()
        infos = self._infos(observations)
        out: Returns = ({a: observations[a] for a in agents},
                        {a: rewards[self._seat[a]] for a in agents},
                        dict.fromkeys(agents, over), dict.fromkeys(agents, False), infos)
        if over:
            self.agents = []
        return out

    def _illegal_end(self, offenders: set[str]) -> Returns:
        """The episode ended by actions outside the masks: the penalty, every agent
        terminated, all-zero masks, the offenders' infos saying ``"illegal": True``."""
        agents = self.agents
        self._paying, self._decided = {}, {}
        observations = {agent: self.adapter.observe(self.state_, self._seat[agent], False)
                        for agent in agents}
        infos = self._infos(observations)
        for agent in offenders:
            infos[agent]["illegal"] = True
        self.agents = []
        return (observations, self.illegal.rewards(agents, offenders),
                dict.fromkeys(agents, True), dict.fromkeys(agents, False), infos)

    def render(self) -> str | None:
        """The table as seat 0 sees it (never the hidden state), as the terminal client
        shows it (``render_mode``)."""
        return render(self.game, self.state_, 0, self.render_mode)

    def close(self) -> None:
        """Release nothing: the environment holds no outside resources."""
        pass


def parallel_env(game: str | Game[Any, Any, Any], players: int,
                 **options: Any) -> SevenWondersParallel:
    """A PettingZoo Parallel environment; arguments as :func:`sevenwonders.rl.aec_env`."""
    return SevenWondersParallel(game, players, **options)
