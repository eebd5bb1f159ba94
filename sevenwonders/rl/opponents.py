"""Opponents for the Gymnasium environment: library agents, or policies over observations.

An opponent seat of :func:`sevenwonders.rl.gym_env` is played by one of:

- a library agent (:mod:`sevenwonders.agents`) or its name (``"random"``, ``"greedy"``,
  ``"ismcts:50"``): it sees its seat's view and chooses among the legal moves;
- a *policy*: anything with a ``predict(observation, action_masks=mask)`` method returning the
  action first (a stable-baselines3 / sb3-contrib model or policy, such as a frozen copy of the
  learner for self-play), or any callable ``policy(observation, mask) -> action``. It sees its
  own seat's observation in the learner's form (the same flat vector or dict, features and
  normalisation) and its mask, so a copy of the learner plays any seat;
- a :class:`League`: a pool of policies (frozen copies of the learner at several points of its
  training) of which one, drawn at each reset, plays the seat for the whole episode.

An opponent object with a ``new_episode(rng)`` method (a :class:`League`) is told of each reset
with the environment's seeded ``numpy.random.Generator``.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from sevenwonders.agents.base import Agent, make_agent

Policy = Callable[[Any, np.ndarray[Any, Any]], Any]


class PredictPolicy:
    """A model or policy with stable-baselines3's ``predict`` as a policy callable
    (``deterministic``: its most likely action, else a sample)."""

    def __init__(self, model: Any, deterministic: bool = False) -> None:
        self.model = model
        self.deterministic = deterministic

    def __call__(self, observation: Any, mask: np.ndarray[Any, Any]) -> int:
        action, _ = self.model.predict(observation, action_masks=mask.astype(bool),
                                       deterministic=self.deterministic)
        return int(action)


def frozen(model: Any, deterministic: bool = False) -> PredictPolicy:
    """A frozen copy of an sb3 model's policy (its weights as they are now), for self-play:
    training the model on does not change the copy."""
    policy = getattr(model, "policy", model)
    return PredictPolicy(copy.deepcopy(policy), deterministic)


class League:
    """A pool of policies; at each reset one is drawn (the newest with probability ``latest``,
    else one of all uniformly) to play its seat for the episode. ``add`` a frozen copy of the
    learner now and then, and the pool grows (keeping the last ``size``)."""

    def __init__(self, policies: Sequence[Any] = (), latest: float = 0.5, size: int = 20) -> None:
        self.policies: list[Policy] = [as_policy(p) for p in policies]
        self.latest = latest
        self.size = size
        self.current: Policy | None = self.policies[-1] if self.policies else None

    def add(self, policy: Any) -> None:
        """Add a policy (a callable, a model or policy with ``predict``) to the pool."""
        self.policies.append(as_policy(policy))
        del self.policies[:-self.size]

    def new_episode(self, rng: np.random.Generator) -> None:
        """Draw the policy of the coming episode."""
        if not self.policies:
            raise ValueError("a League needs at least one policy before an episode")
        if rng.random() < self.latest:
            self.current = self.policies[-1]
        else:
            self.current = self.policies[int(rng.integers(len(self.policies)))]

    def __call__(self, observation: Any, mask: np.ndarray[Any, Any]) -> Any:
        if self.current is None:
            raise ValueError("a League needs at least one policy before an episode")
        return self.current(observation, mask)


def as_policy(opponent: Any) -> Policy:
    """A policy callable of ``opponent`` (a callable, or an object with ``predict``)."""
    if hasattr(opponent, "predict"):
        return PredictPolicy(opponent)
    if callable(opponent):
        return opponent  # type: ignore[no-any-return]
    raise TypeError(f"not a policy: {opponent!r}")


def as_opponent(opponent: Any) -> Agent | Policy:
    """An agent (for a name or an :class:`Agent`) or a policy callable (for anything else)."""
    if isinstance(opponent, str):
        return make_agent(opponent)
    if isinstance(opponent, Agent):
        return opponent
    return as_policy(opponent)
