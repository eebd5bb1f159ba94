"""The greedy agent: one step of lookahead on the game's heuristic.

For every legal move it asks the game's evaluation (:mod:`sevenwonders.agents.heuristics`) how
good the move is for its seat, from the seat's view only, and plays the best one; ties are broken
at random with the agent's generator, so a seeded match replays exactly.

Where a game's judgement is data (the base game, with or without Edifice, Architects and Dice:
:mod:`sevenwonders.agents.heuristics.weights`), ``GreedyAgent(weights=...)`` plays with other
weights of the game's class than the package's file, which is how a tuning run measures a
candidate against the package's weights in one game.
"""

from __future__ import annotations

from typing import Any

from sevenwonders.agents.heuristics import evaluator_for
from sevenwonders.agents.heuristics.weights import WeightsTable
from sevenwonders.core.protocol import Game
from sevenwonders.core.rng import Rng

TOLERANCE = 1e-9


def best_moves(values: tuple[float, ...], legal: tuple[Any, ...]) -> list[Any]:
    """The moves whose value is the largest (within a rounding tolerance)."""
    top = max(values)
    return [move for move, value in zip(legal, values, strict=True) if value >= top - TOLERANCE]


class GreedyAgent:
    """The legal move with the best one-step value for its seat, by the game's heuristic
    (:mod:`sevenwonders.agents.heuristics`); ties broken at random."""

    name = "greedy"

    def __init__(self, weights: WeightsTable | None = None, name: str | None = None) -> None:
        self.weights = weights
        if name is not None:
            self.name = name

    def choose(
        self, game: Game[Any, Any, Any], view: Any, legal: tuple[Any, ...], rng: Rng
    ) -> tuple[Any, Rng]:
        """The best-valued legal move for the seat of ``view``, and the advanced generator."""
        if len(legal) == 1:
            return legal[0], rng
        values, rng = evaluator_for(game, self.weights)(game, view, legal, rng)
        return rng.choice(best_moves(values, legal))
