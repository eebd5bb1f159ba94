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


_ACTIVATIONS: dict[str, Callable[[Any], Any]] = {
    "Tanh": np.tanh, "ReLU": lambda x: np.maximum(x, 0.0), "Identity": lambda x: x}


class NumpyActor:
    """The actor of an sb3 MLP policy copied into numpy: a layer is a (weights, bias) pair
    or an activation. Picks among the mask (``deterministic``: the most likely action, else a
    sample from its own generator, reseeded by the environment at each reset). Far cheaper
    than a torch forward pass for one observation, the opponents' case."""

    def __init__(self, layers: list[Any], deterministic: bool = False) -> None:
        self.layers = layers
        self.deterministic = deterministic
        self.rng = np.random.default_rng(0)

    def new_episode(self, rng: np.random.Generator) -> None:
        """Reseed from the environment's generator (seeded episodes repeat)."""
        self.rng = np.random.default_rng(int(rng.integers(2**31)))

    def logits(self, observation: np.ndarray[Any, Any]) -> np.ndarray[Any, Any]:
        """The actor network's action logits for one observation (numpy only, no torch)."""
        x = np.asarray(observation, np.float32).reshape(-1)
        for layer in self.layers:
            x = layer(x) if callable(layer) else layer[0] @ x + layer[1]
        return x

    def __call__(self, observation: Any, mask: np.ndarray[Any, Any]) -> int:
        legal = np.flatnonzero(mask)
        logits = self.logits(observation)[legal].astype(np.float64)
        if self.deterministic:
            return int(legal[int(np.argmax(logits))])
        weights = np.exp(logits - logits.max())
        return int(legal[self.rng.choice(len(legal), p=weights / weights.sum())])


def _numpy_layers(policy: Any) -> list[Any] | None:
    """The actor's layers of an sb3 MLP policy over a flat observation, or None for another
    architecture."""
    extractor = getattr(policy, "features_extractor", None)
    mlp = getattr(getattr(policy, "mlp_extractor", None), "policy_net", None)
    head = getattr(policy, "action_net", None)
    if type(extractor).__name__ != "FlattenExtractor" or mlp is None or head is None:
        return None
    layers: list[Any] = []
    for module in [*mlp, head]:
        kind = type(module).__name__
        if kind == "Linear":
            layers.append((module.weight.detach().cpu().numpy().astype(np.float32),
                           module.bias.detach().cpu().numpy().astype(np.float32)))
        elif kind in _ACTIVATIONS:
            layers.append(_ACTIVATIONS[kind])
        else:
            return None
    return layers


def frozen(model: Any, deterministic: bool = False) -> NumpyActor | PredictPolicy:
    """A frozen copy of an sb3 model's policy (its weights as they are now), for self-play:
    training the model on does not change the copy. An MLP policy over a flat observation is
    copied into numpy (:class:`NumpyActor`), any other deep-copied and asked through
    ``predict``."""
    policy = getattr(model, "policy", model)
    layers = _numpy_layers(policy)
    if layers is not None:
        return NumpyActor(layers, deterministic)
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
        """Draw the policy of the coming episode (and pass the reset on to it)."""
        if not self.policies:
            raise ValueError("a League needs at least one policy before an episode")
        if rng.random() < self.latest:
            self.current = self.policies[-1]
        else:
            self.current = self.policies[int(rng.integers(len(self.policies)))]
        new_episode = getattr(self.current, "new_episode", None)
        if new_episode is not None:
            new_episode(rng)

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
