"""The learned agent: one forward pass of the policy network, no search.

``LearnedAgent()`` plays the legal move whose action the shipped network
(:func:`sevenwonders.agents.network.learned_network_for`: the policy improved by expert
iteration) rates highest; ``LearnedAgent(temperature=t)`` draws from
the network's softmax at temperature ``t`` instead (the self-play policy of the training run and
of the search's walks). The network's features read the open table from a state, so the agent
draws one determinization of its view (:mod:`sevenwonders.agents.determinize`) for them: what
lies open is the same in every determinization. A decision costs well under 5 ms.

The heuristic as a prior: a network file may carry a weight ``prior`` (``LearnedAgent(prior=w)``
sets another; 0 is the network alone). The agent then adds ``w`` times the game's one-step
heuristic value of each action (:mod:`sevenwonders.agents.heuristics`, in points: what the
greedy agent maximises; an action's best-valued payment) to the network's logits, and plays that
payment. The network was trained on the search's moves, and the search keeps the heuristic's
move unless its walks show a better one; from the few hundred games the network saw, its logits
alone miss much of the judgement the heuristic holds (see the strength page).

A configuration without a shipped network (:data:`sevenwonders.agents.network.NETWORKS`), or a
position the determinizer cannot rebuild, is played greedily, as the search agent does; the
agent's ``name`` stays ``learned``.
"""

from __future__ import annotations

from typing import Any

from sevenwonders.agents.determinize import determinizer_for
from sevenwonders.agents.greedy import GreedyAgent
from sevenwonders.agents.heuristics import evaluator_for
from sevenwonders.agents.network import Network, learned_network_for, softmax_sample
from sevenwonders.core.protocol import Game
from sevenwonders.core.rng import Rng
from sevenwonders.errors import SevenWondersError


class LearnedAgent:
    """The shipped policy network's choice (``temperature`` 0: its best action; above 0: a
    sample from its softmax), with the heuristic's values added at weight ``prior`` (``None``:
    the network file's), greedy where no network covers the game."""

    def __init__(self, temperature: float = 0.0, prior: float | None = None) -> None:
        if temperature < 0:
            raise ValueError("temperature must not be negative")
        if prior is not None and prior < 0:
            raise ValueError("prior must not be negative")
        self.temperature = temperature
        self.prior = prior

    @property
    def name(self) -> str:
        """``learned``, or ``learned(t=0.5)`` with a temperature, ``learned(prior=0.3)`` with a
        prior weight of its own."""
        options = [f"t={self.temperature}"] if self.temperature else []
        if self.prior is not None:
            options.append(f"prior={self.prior}")
        return "learned" if not options else f"learned({','.join(options)})"

    def __repr__(self) -> str:
        return f"LearnedAgent(temperature={self.temperature}, prior={self.prior})"

    def choose(
        self, game: Game[Any, Any, Any], view: Any, legal: tuple[Any, ...], rng: Rng
    ) -> tuple[Any, Rng]:
        """The network's move for the seat of ``view``, and the advanced generator."""
        if len(legal) == 1:
            return legal[0], rng
        network = learned_network_for(game)
        determinize = determinizer_for(game)
        if network is None or determinize is None:
            return GreedyAgent().choose(game, view, legal, rng)
        try:
            state, rng = determinize(game, view, rng)
        except SevenWondersError:
            return GreedyAgent().choose(game, view, legal, rng)
        moves, logits = network.legal_logits(view, state, legal)
        weight = network.prior if self.prior is None else self.prior
        if weight:
            moves, logits, rng = with_prior(game, view, legal, network, moves, logits, weight, rng)
        u = 0.0
        if self.temperature:
            draw, rng = rng.next64()
            u = draw / 2.0**64
        return moves[softmax_sample(logits, u, self.temperature)], rng


def with_prior(game: Game[Any, Any, Any], view: Any, legal: tuple[Any, ...], network: Network,
               moves: list[Any], logits: Any, weight: float, rng: Rng
               ) -> tuple[list[Any], Any, Rng]:
    """The moves of :meth:`Network.legal_logits` replaced by each action's best payment by the
    game's heuristic, and the logits plus ``weight`` times that payment's value."""
    values, rng = evaluator_for(game)(game, view, legal, rng)
    best: dict[int, tuple[float, Any]] = {}
    for move, value in zip(legal, values, strict=True):
        action = network.index.move_to_action(move)
        if action not in best or value > best[action][0]:
            best[action] = (value, move)
    chosen = [best[network.index.move_to_action(move)] for move in moves]
    prior = network.np.array([value for value, _ in chosen], dtype=logits.dtype)
    return [move for _, move in chosen], logits + weight * prior, rng
