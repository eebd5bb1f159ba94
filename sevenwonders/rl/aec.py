"""The PettingZoo AEC environment: one seat acts per step.

In a simultaneous turn (base game, Dice) the seats asked to move act one after another, in seat
order, each seeing the state before the turn (so nobody sees another's choice); the turn resolves
when the last of them has acted. Pending decisions and Architects' turns are steps of the one seat
that owes them. An action outside the mask ends the episode with a penalty for the offender, or
raises with ``strict=True`` (:mod:`sevenwonders.rl.conventions`).

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
from sevenwonders.encoding.actions import INT8
from sevenwonders.errors import IllegalMoveError
from sevenwonders.rl import stepping
from sevenwonders.rl.adapter import Adapter
from sevenwonders.rl.conventions import IllegalActions, check_render_mode, metadata, render


class SevenWondersAEC(AECEnv):
    """A PettingZoo AEC environment of one game configuration (see the module's docstring)."""

    metadata: ClassVar[dict[str, Any]] = metadata("sevenwonders_aec_v0", is_parallelizable=True)

    def __init__(self, game: str | Game[Any, Any, Any], players: int, *,
                 reward: str = "win", payments: str = "cheapest",
                 render_mode: str | None = None, illegal_reward: float = -1.0,
                 illegal_others: float = 0.0, strict: bool = False, **options: Any) -> None:
        super().__init__()
        self.render_mode = check_render_mode(render_mode)
        self.adapter = Adapter(game, players, payments=payments, reward=reward, **options)
        self.game = self.adapter.game
        self.illegal = IllegalActions(illegal_reward, illegal_others, strict)
        if self.adapter.factored is not None:
            self.step = self._step_factored  # type: ignore[method-assign]
        self.possible_agents = [f"player_{seat}" for seat in range(players)]
        self._seat = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        self._action_space = self.adapter.action_space()
        self._seeds = np.random.default_rng()
        self.state_: Any = None
        self._queue: list[int] = []
        self._chosen: dict[int, Any] = {}
        self._legal: dict[int, Any] = {}
        self._paying: int | None = None  # factored payments: the card action being paid
        # the infos' mask of every agent not asked to move: one all-zero array, read only
        self._no_mask = self.adapter.no_mask()
        self._no_mask.flags.writeable = False

    def observation_space(self, agent: str) -> spaces.Dict:
        """The observation space of ``agent``: the view's vector and the action mask."""
        return self.adapter.observation_space

    def action_space(self, agent: str) -> spaces.Discrete:
        """The action space of ``agent``: one discrete action per index entry."""
        return self._action_space

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new game (from ``seed`` if given) and select the first agent to act."""
        if seed is not None:
            self._seeds = np.random.default_rng(seed)
        self.state_ = self.game.new_game(int(self._seeds.integers(2**31)))
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self._chosen = {}
        self._paying = None
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
        """``agent``'s observation: its view's vector and its action mask."""
        seat = self._seat[agent]
        active = bool(self._queue) and self._queue[0] == seat
        return self.adapter.observe(self.state_, seat, active, self._paying if active else None)

    def step(self, action: Any) -> None:
        """Record the selected agent's action; the turn is played once the last seat of it acted."""
        stepping.aec_step(self, action)  # rl/stepping.py: the hot path

    def _step_factored(self, action: Any) -> None:
        """``step`` with factored payments (bound in its place at construction, so that the
        usual step pays nothing for the option)."""
        if self._queue:
            action = self._factored_step(action)
            if action is None:  # a payment step is next, or the episode ended
                return
        stepping.aec_step(self, action)

    def _factored_step(self, action: Any) -> int | None:
        """A step of a factored decision: None when the same seat must now choose the
        payment (its info's mask says which) or the action was illegal; else the card action
        to play, its move (with the payment chosen) put where the step finds it."""
        seat = self._queue[0]
        paying = self._paying
        try:
            move, self._paying = self.adapter.decide(self.state_, seat, paying, action)
        except IllegalMoveError:
            if self.illegal.strict:
                raise
            self._illegal_end(seat)
            return None
        if move is None:
            self.infos[self.agent_selection]["action_mask"] = self.adapter.step_mask(
                self.state_, seat, self._paying)
            return None
        card = int(action) if paying is None else paying
        self._legal = {card: move}
        return card

    def _game_over(self, agent: str) -> None:
        """The last turn resolved: the final rewards (the only ones: every step's until now
        were 0, so no cumulative reward needs clearing before), every agent terminated."""
        final = self.adapter.final_rewards(self.state_)
        self.rewards = {a: final[self._seat[a]] for a in self.agents}
        self.terminations = dict.fromkeys(self.agents, True)
        self._accumulate_rewards()
        self.agent_selection = self.agents[0]
        self.infos[agent] = {"action_mask": self._no_mask}

    def _unlisted(self, seat: int, action: Any) -> Any:
        """The move of an action the step did not find among the selected seat's legal
        actions as is (a numpy integer, say); for an illegal action None, after ending the
        episode with the penalty (or raising, ``strict``)."""
        try:
            return self.adapter.listed_move(self.state_, seat, action)
        except IllegalMoveError:
            if self.illegal.strict:
                raise
        self._illegal_end(seat)
        return None

    def _illegal_end(self, seat: int) -> None:
        """PettingZoo's convention: ``seat`` acted outside its mask, the episode ends."""
        offender = self.possible_agents[seat]
        self.rewards = self.illegal.rewards(self.agents, {offender})
        self.terminations = dict.fromkeys(self.agents, True)
        self._accumulate_rewards()
        self._queue = []
        self._chosen = {}
        self._legal = {}
        self._paying = None
        for agent in self.agents:
            self.infos[agent] = {"action_mask": self._no_mask}
        self.infos[offender]["illegal"] = True
        self.agent_selection = self.agents[0]

    def render(self) -> str | None:
        """The selected agent's view as the terminal client shows it (``render_mode``)."""
        if self.state_ is None:
            return None
        return render(self.game, self.state_, self._seat[self.agent_selection], self.render_mode)

    def close(self) -> None:
        """Release nothing: the environment holds no outside resources."""
        pass


def aec_env(game: str | Game[Any, Any, Any], players: int, **options: Any) -> SevenWondersAEC:
    """A PettingZoo AEC environment; ``game`` and ``options`` as :func:`sevenwonders.make_game`
    takes them, plus ``reward`` (win, rank, score, margin), ``payments`` (cheapest, full,
    factored), ``render_mode`` (ansi, human), ``illegal_reward``, ``illegal_others`` and
    ``strict`` (:mod:`sevenwonders.rl.conventions`)."""
    return SevenWondersAEC(game, players, **options)
