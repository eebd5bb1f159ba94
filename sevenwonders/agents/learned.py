"""The learned agent: one forward pass of the policy network, no search.

``LearnedAgent()`` plays the legal move whose action the shipped network
(:func:`sevenwonders.agents.network.learned_network_for`: the policy improved by expert
iteration) rates highest; ``LearnedAgent(temperature=t)`` draws from
the network's softmax at temperature ``t`` instead (the self-play policy of the training run and
of the search's walks). The network's features read the open table from a state, so the agent
draws one determinization of its view (:mod:`sevenwonders.agents.determinize`) for them: what
lies open is the same in every determinization. A decision costs well under 5 ms.

A configuration without a shipped network (:data:`sevenwonders.agents.network.NETWORKS`), or a
position the determinizer cannot rebuild, is played greedily, as the search agent does; the
agent's ``name`` stays ``learned``.
"""

from __future__ import annotations

from typing import Any

from sevenwonders.agents.determinize import determinizer_for
from sevenwonders.agents.greedy import GreedyAgent
from sevenwonders.agents.network import learned_network_for, softmax_sample
from sevenwonders.core.protocol import Game
from sevenwonders.core.rng import Rng
from sevenwonders.errors import SevenWondersError


class LearnedAgent:
    """The shipped policy network's choice (``temperature`` 0: its best action; above 0: a
    sample from its softmax), greedy where no network covers the game."""

    def __init__(self, temperature: float = 0.0) -> None:
        if temperature < 0:
            raise ValueError("temperature must not be negative")
        self.temperature = temperature

    @property
    def name(self) -> str:
        """``learned``, or ``learned(t=0.5)`` with a temperature."""
        return "learned" if not self.temperature else f"learned(t={self.temperature})"

    def __repr__(self) -> str:
        return f"LearnedAgent(temperature={self.temperature})"

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
        u = 0.0
        if self.temperature:
            draw, rng = rng.next64()
            u = draw / 2.0**64
        return moves[softmax_sample(logits, u, self.temperature)], rng
