"""The uniformly random agent: the baseline every other agent must beat."""

from __future__ import annotations

from typing import Any

from sevenwonders.core.protocol import Game
from sevenwonders.core.rng import Rng


class RandomAgent:
    """A uniformly random legal move: the baseline every other agent is measured against."""
    name = "random"
    needs_view = False  # (see sevenwonders.agents.base)

    def choose(
        self, game: Game[Any, Any, Any], view: Any, legal: tuple[Any, ...], rng: Rng
    ) -> tuple[Any, Rng]:
        """A uniformly random move of ``legal`` and the advanced generator (the view is not
        read)."""
        return rng.choice(legal)
