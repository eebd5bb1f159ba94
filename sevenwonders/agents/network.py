"""A small policy/value network for the base game, with inference in numpy only.

The network reads what a seat may know: its observation (:func:`sevenwonders.rl.make_encoder`,
the view with its perfect-recall memory, normalised by the encoder's scales) followed by the
derived features of the table (:class:`sevenwonders.encoding.features.Features`: the score sheet so
far and each city's production, which read only what lies open on the table). A shared trunk
of two ``tanh`` layers feeds two heads:

- the *policy* head: one logit per action of the configuration's action index
  (:func:`sevenwonders.rl.action_index`, cheapest payments), masked to the legal actions;
- the *value* head: per seat, the expected reward of the game's end for that seat as the search
  scores it (``0.6 * win + 0.4 * sigmoid(margin / 8)``, :mod:`sevenwonders.agents.ismcts`),
  a number in (0, 1).

The weights ship as ``agents/data/net_<key>.npz`` (float16, stored compressed) for the
configurations trained (:data:`NETWORKS`): the network the search reads (value leaves, policy
walks). Where a configuration also ships ``agents/data/learned_<key>.npz``, the ``learned``
agent plays that one (:func:`learned_network_for`): the policy improved by expert iteration,
whose value head was fine-tuned on few games, so the search keeps the value head it was measured
with. ``benchmarks/train_network.py`` makes both. Numpy (the
``rl`` extra) is needed only when a network is used: :func:`network_for` raises
:class:`NetworkUnavailableError` without it.
"""

from __future__ import annotations

import functools
import importlib.resources
import io
import math
from typing import Any

from sevenwonders.core.protocol import Game
from sevenwonders.errors import SevenWondersError

NETWORKS = ("base-4-2nd",)
"""The configurations a network ships for (:func:`network_key`)."""


class NetworkUnavailableError(SevenWondersError):
    """A network asked for where it cannot run: numpy is missing (``pip install
    'sevenwonders[rl]'``)."""


def network_key(game: Game[Any, Any, Any]) -> str:
    """The name of ``game``'s configuration as the network files are named: the game, the
    player count, the edition and the expansions (``base-4-2nd``, ``base-5-1st-edifice``)."""
    parts = [game.name, str(game.players)]
    edition = getattr(game, "edition", None)
    if edition is not None:
        parts.append(str(getattr(edition, "name", edition)))
    parts += [str(getattr(e, "name", e)) for e in getattr(game, "expansions", ())]
    return "-".join(parts)


def _numpy() -> Any:
    try:
        import numpy
    except ImportError as error:
        raise NetworkUnavailableError(
            "the learned network needs numpy: pip install 'sevenwonders[rl]'") from error
    return numpy


class Network:
    """The weights of one configuration's network and its numpy forward pass.

    ``layers`` holds the trunk's (weights, bias) pairs, ``policy`` and ``value`` the heads';
    weights are ``(outputs, inputs)`` as torch's ``Linear`` keeps them. ``prior`` (the file's
    ``prior``, 0 if it has none) is the weight of the game's heuristic added to the policy's
    logits when the ``learned`` agent chooses (:mod:`sevenwonders.agents.learned`)."""

    def __init__(self, game: Game[Any, Any, Any], arrays: dict[str, Any]) -> None:
        np = _numpy()
        from sevenwonders.encoding.actions import action_index
        from sevenwonders.encoding.features import Features
        from sevenwonders.encoding.observations import Layout, make_encoder

        self.np = np
        self.game = game
        self.players = game.players
        self.encoder = make_encoder(game)
        self.features = Features(game, Layout())
        self.index = action_index(game)
        self.scales = np.concatenate([self.encoder.scales(), self.features.scales()])  # type: ignore[attr-defined]
        depth = int(arrays["depth"])
        f32 = np.float32
        self.layers = [(arrays[f"w{k}"].astype(f32), arrays[f"b{k}"].astype(f32))
                       for k in range(depth)]
        self.policy = (arrays["wp"].astype(f32), arrays["bp"].astype(f32))
        self.value = (arrays["wv"].astype(f32), arrays["bv"].astype(f32))
        # the heuristic's weight in the learned agent's choice (files before it: none)
        self.prior = float(arrays["prior"]) if "prior" in arrays else 0.0
        inputs = self.layers[0][0].shape[1]
        if inputs != self.scales.shape[0] or self.policy[0].shape[0] != self.index.size:
            raise SevenWondersError(
                f"network of {network_key(game)}: {inputs} inputs and "
                f"{self.policy[0].shape[0]} actions, the game has {self.scales.shape[0]} and "
                f"{self.index.size}")

    def inputs(self, view: Any, state: Any) -> Any:
        """The input vector of the seat whose ``view`` this is; ``state`` is any state
        consistent with the view (the features read only its open parts)."""
        np = self.np
        raw = np.concatenate([self.encoder.encode(view), self.features.encode(state, view.seat)])
        return raw / self.scales

    def forward(self, x: Any) -> tuple[Any, Any]:
        """The policy logits and the value (a probability) of a batch of input rows."""
        np = self.np
        for weights, bias in self.layers:
            x = np.tanh(x @ weights.T + bias)
        logits = x @ self.policy[0].T + self.policy[1]
        value = 1.0 / (1.0 + np.exp(-(x @ self.value[0].T + self.value[1])[..., 0]))
        return logits, value

    def values(self, state: Any) -> tuple[float, ...]:
        """Each seat's value of ``state`` (a full state: the search's determinizations)."""
        np, game = self.np, self.game
        rows = np.stack([self.inputs(game.view(state, seat), state)
                         for seat in range(self.players)])
        _, value = self.forward(rows)
        return tuple(float(v) for v in value)

    def legal_logits(self, view: Any, state: Any, legal: tuple[Any, ...]
                     ) -> tuple[list[Any], Any]:
        """The legal moves that stand for distinct actions (the cheapest payment of each) and
        their logits."""
        actions = self.index.legal(legal)
        logits, _ = self.forward(self.inputs(view, state))
        chosen = list(actions)
        return [actions[a] for a in chosen], logits[chosen]


def softmax_sample(logits: Any, u: float, temperature: float) -> int:
    """The index drawn from ``softmax(logits / temperature)`` by the uniform number ``u``
    (``temperature`` 0: the largest logit, the first of equals)."""
    values = [float(v) for v in logits]
    if temperature <= 0:
        return max(range(len(values)), key=lambda i: values[i])
    top = max(values)
    weights = [math.exp((v - top) / temperature) for v in values]
    target = u * sum(weights)
    for i, weight in enumerate(weights):
        target -= weight
        if target < 0:
            return i
    return len(weights) - 1


def policy_playout(game: Game[Any, Any, Any], weights: Any = None) -> Any:
    """The search's playout policy ``rollout="policy"``: the network's softmax sampled at
    temperature 1 on the mover's view of the walk's state (the greedy policy, with ``weights``
    if given, where no network ships)."""
    network = network_for(game)
    if network is None:
        from sevenwonders.agents.heuristics import greedy_policy_for

        return greedy_policy_for(game, weights)

    def move(game: Game[Any, Any, Any], state: Any, seat: int, legal: tuple[Any, ...],
             rng: Any) -> tuple[Any, Any]:
        if len(legal) == 1:
            return legal[0], rng
        moves, logits = network.legal_logits(game.view(state, seat), state, legal)
        draw, rng = rng.next64()
        return moves[softmax_sample(logits, draw / 2.0**64, 1.0)], rng

    return move


@functools.lru_cache(maxsize=8)
def _load(key: str, prefix: str = "net") -> dict[str, Any] | None:
    np = _numpy()
    resource = importlib.resources.files("sevenwonders.agents") / "data" / f"{prefix}_{key}.npz"
    if not resource.is_file():
        return None
    with np.load(io.BytesIO(resource.read_bytes())) as data:
        return {name: data[name] for name in data.files}


_networks: dict[tuple[int, str], Network | None] = {}


def use_network(game: Game[Any, Any, Any], network: Network) -> None:
    """Make ``network`` what :func:`network_for` gives for this game object (and so what its
    searches read), in place of the shipped one: the training run's search plays with the
    network being trained. (A ``learned`` agent playing another network than the shipped one
    overrides :meth:`~sevenwonders.agents.learned.LearnedAgent.network_in` instead.)"""
    _networks[(id(game), "net")] = network


def network_for(game: Game[Any, Any, Any]) -> Network | None:
    """The shipped network of ``game``'s configuration, or ``None`` if none was trained for
    it; raises :class:`NetworkUnavailableError` without numpy."""
    return _network(game, "net")


def learned_network_for(game: Game[Any, Any, Any]) -> Network | None:
    """The network the ``learned`` agent plays: the configuration's ``learned_<key>.npz`` if it
    ships, else :func:`network_for`'s."""
    found = _network(game, "learned")
    return found if found is not None else network_for(game)


def _network(game: Game[Any, Any, Any], prefix: str) -> Network | None:
    key = network_key(game)
    if key not in NETWORKS:
        return None
    slot = (id(game), prefix)
    found = _networks.get(slot)
    if found is None or found.game is not game:
        arrays = _load(key, prefix)
        found = None if arrays is None else Network(game, arrays)
        if len(_networks) > 64:
            _networks.clear()
        _networks[slot] = found
    return found
