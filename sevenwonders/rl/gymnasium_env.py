"""The Gymnasium environment: one learning seat against opponents.

The other seats are played by opponents (:mod:`sevenwonders.rl.opponents`): library agents
(``"random"``, ``"greedy"``, ``"ismcts:50"`` or agent objects) that see only their views, or
policies over observations (an sb3 model, a frozen copy of the learner, any callable, a
:class:`~sevenwonders.rl.opponents.League`) that see their own seat's observation; one for all,
or one per other seat in seat order. In a simultaneous turn they choose from the same state as
the learner. ``seat="random"`` draws the learner's seat at every reset (from the seeded
generator), so one policy learns every seat.

``flat=True`` makes the observation the vector alone (a ``Box``), the form stable-baselines3
expects; the mask is then in the infos and in :meth:`SevenWondersGym.action_masks`, the method
sb3-contrib's ``MaskablePPO`` calls. An action outside the mask ends the episode (terminated)
with reward ``illegal_reward`` (default -1), as PettingZoo's classic games do (``strict=True``
raises instead); Gymnasium's ``check_env`` samples actions without the mask, so every action of
the space is accepted. The info dicts of ``reset`` and ``step`` hold the ``action_mask`` too.
Registered with Gymnasium as ``sevenwonders/Base-v0``, ``sevenwonders/Architects-v0`` and
``sevenwonders/Dice-v0`` (``gymnasium.make("sevenwonders/Base-v0", players=4)``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from sevenwonders.agents.base import Agent
from sevenwonders.core.protocol import Game
from sevenwonders.core.rng import Rng
from sevenwonders.errors import IllegalMoveError, InvalidOptionError
from sevenwonders.rl.adapter import BOUND, Adapter
from sevenwonders.rl.conventions import check_render_mode, metadata, render
from sevenwonders.rl.opponents import Policy, as_opponent

Opponent = Any  # a name, an Agent, a policy callable, an object with predict, a League


class SevenWondersGym(gymnasium.Env):
    """A Gymnasium environment of one learning seat (see the module's docstring)."""

    metadata = metadata("sevenwonders_gym_v0")

    def __init__(self, game: str | Game[Any, Any, Any], players: int,
                 seat: int | str = 0, opponents: Opponent | Sequence[Opponent] = "random", *,
                 reward: str = "win", payments: str = "cheapest", flat: bool = False,
                 illegal_reward: float = -1.0, strict: bool = False,
                 render_mode: str | None = None, **options: Any) -> None:
        self.render_mode = check_render_mode(render_mode)
        self.adapter = Adapter(game, players, payments=payments, reward=reward, **options)
        self.game = self.adapter.game
        if seat != "random" and (isinstance(seat, bool) or not isinstance(seat, int)
                                 or not 0 <= seat < players):
            raise InvalidOptionError(f"seat must be a seat of the table or 'random', not {seat!r}")
        self.random_seat = seat == "random"
        self.seat: int = 0 if isinstance(seat, str) else seat
        if isinstance(opponents, str | Agent) or not isinstance(opponents, Sequence):
            chosen: list[Opponent] = [opponents] * (players - 1)
        else:
            chosen = list(opponents)
            if len(chosen) != players - 1:
                raise InvalidOptionError(f"give one opponent or {players - 1}, not {len(chosen)}")
        self._opponents = [as_opponent(o) for o in chosen]
        self.opponents: dict[int, Agent | Policy] = {}
        self._policies: dict[int, Policy] = {}
        self._place_opponents()
        self.flat = flat
        self.illegal_reward = float(illegal_reward)
        self.strict = strict
        vector = self.adapter.observation_space["observation"]
        self.observation_space: spaces.Space[Any] = (
            spaces.Box(-BOUND, BOUND, vector.shape, np.float32) if flat
            else self.adapter.observation_space)
        self.action_space: spaces.Discrete = self.adapter.action_space()
        self._seeds = np.random.default_rng()
        self._rngs: dict[int, Rng] = {}
        self._paying: int | None = None  # the learner's card action of a payment step
        self.state_: Any = None

    def _place_opponents(self) -> None:
        """The opponents on the seats other than the learner's, in seat order."""
        others = [s for s in range(self.game.players) if s != self.seat]
        self.opponents = dict(zip(others, self._opponents, strict=True))
        # the policies' seats apart (an isinstance check of a protocol costs microseconds)
        self._policies = {s: o for s, o in self.opponents.items() if not isinstance(o, Agent)}

    def _observe(self, seat: int, active: bool, paying: int | None = None) -> Any:
        observation = self.adapter.observe(self.state_, seat, active, paying)
        return observation["observation"] if self.flat else observation, observation[
            "action_mask"]

    def _policy_move(self, policy: Policy, seat: int) -> Any:
        """A policy's move for ``seat``: one step, or two with factored payments."""
        paying = None
        while True:
            observation, mask = self._observe(seat, True, paying)
            action = policy(observation, mask)
            try:
                move, paying = self.adapter.decide(self.state_, seat, paying, action)
            except IllegalMoveError as error:
                raise IllegalMoveError(f"the opponent of seat {seat} chose an illegal action: "
                                       f"{error}", reason="illegal") from error
            if move is not None:
                return move

    def _opponent_moves(self) -> dict[int, Any]:
        moves = {}
        for s in sorted(self.game.to_move(self.state_)):
            if s == self.seat:
                continue
            policy = self._policies.get(s)
            if policy is not None:
                moves[s] = self._policy_move(policy, s)
                continue
            agent: Any = self.opponents[s]
            view = self.game.view(self.state_, s) if getattr(agent, "needs_view", True) else None
            moves[s], self._rngs[s] = agent.choose(
                self.game, view, self.game.legal_moves(self.state_, s), self._rngs[s])
        return moves

    def _advance(self) -> None:
        """Let the opponents play until the learner must move or the game is over."""
        while not self.game.is_over(self.state_) and self.seat not in self.game.to_move(
                self.state_):
            self.state_ = self.game.play(self.state_, self._opponent_moves())

    def _observation(self) -> tuple[Any, dict[str, Any]]:
        over = self.game.is_over(self.state_)
        observation, mask = self._observe(self.seat, not over, self._paying)
        return observation, {"action_mask": mask}

    def action_masks(self) -> np.ndarray[Any, np.dtype[np.bool_]]:
        """The learner's mask now, as booleans (what sb3-contrib's ``MaskablePPO`` asks for)."""
        if self.state_ is None or self.game.is_over(self.state_):
            return np.zeros(int(self.action_space.n), np.bool_)
        return self.adapter.step_mask(self.state_, self.seat, self._paying).astype(bool)

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> tuple[Any, dict[str, Any]]:
        """Start a new game (from ``seed`` if given), let the other seats play up to the
        learner's first decision; its observation and info (with the mask)."""
        super().reset(seed=seed)
        if seed is not None:
            self._seeds = np.random.default_rng(seed)
        self.state_ = self.game.new_game(int(self._seeds.integers(2**31)))
        if self.random_seat:
            self.seat = int(self._seeds.integers(self.game.players))
            self._place_opponents()
        self._rngs = {s: Rng.from_seed(int(self._seeds.integers(2**31))) for s in self.opponents}
        for opponent in self._opponents:
            new_episode = getattr(opponent, "new_episode", None)
            if new_episode is not None:
                new_episode(self._seeds)
        self._paying = None
        self._advance()
        return self._observation()

    def step(self, action: Any) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """Play the learner's action, then the other seats up to its next decision; an action
        outside the mask ends the episode with ``illegal_reward``."""
        try:
            move, self._paying = self.adapter.decide(self.state_, self.seat, self._paying,
                                                     action)
        except IllegalMoveError:
            if self.strict:
                raise
            observation, info = self._observation()
            return observation, self.illegal_reward, True, False, {**info, "illegal": True}
        if move is None:  # factored payments: the same seat now chooses whom to pay
            observation, info = self._observation()
            return observation, 0.0, False, False, info
        moves = self._opponent_moves()
        moves[self.seat] = move
        self.state_ = self.game.play(self.state_, moves)
        self._advance()
        observation, info = self._observation()
        if self.game.is_over(self.state_):
            reward = self.adapter.final_rewards(self.state_)[self.seat]
            return observation, reward, True, False, info
        return observation, 0.0, False, False, info

    def render(self) -> str | None:
        """The learner's view as the terminal client shows it (``render_mode``)."""
        return render(self.game, self.state_, self.seat, self.render_mode)


def gym_env(game: str | Game[Any, Any, Any], players: int, seat: int | str = 0,
            opponents: Opponent | Sequence[Opponent] = "random",
            **options: Any) -> SevenWondersGym:
    """A Gymnasium environment for ``seat`` (or ``"random"``); the other seats are played by
    ``opponents``. ``game`` and ``options`` as :func:`sevenwonders.make_game` takes them, plus
    ``reward``, ``payments``, ``flat``, ``features``, ``normalize``, ``illegal_reward``,
    ``strict`` and ``render_mode``."""
    return SevenWondersGym(game, players, seat, opponents, **options)


def registered(game: str, players: int = 3, **options: Any) -> SevenWondersGym:
    """The entry point of the registered ids: ``gym_env(game, players, **options)``."""
    return SevenWondersGym(game, players, **options)
