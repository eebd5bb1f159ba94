"""Names of the games, for the command line, records and the simulator.

Each entry is imported only when asked for, so one game's import cost is not paid by another.
"""

from __future__ import annotations

import importlib
from typing import Any

from sevenwonders.core.game import Game
from sevenwonders.errors import InvalidOptionError

# name -> (module, class)
GAMES: dict[str, tuple[str, str]] = {
    "base": ("sevenwonders.base.game", "BaseGame"),
    "architects": ("sevenwonders.architects.game", "ArchitectsGame"),
    "dice": ("sevenwonders.dice.game", "DiceGame"),
}


def make_game(name: str, players: int, **options: Any) -> Game[Any, Any, Any]:
    """Build the game called ``name`` (see :data:`GAMES`) for ``players`` seats."""
    try:
        module_name, class_name = GAMES[name]
    except KeyError:
        raise InvalidOptionError(
            f"unknown game {name!r}; choose one of {', '.join(sorted(GAMES))}"
        ) from None
    cls = getattr(importlib.import_module(module_name), class_name)
    game: Game[Any, Any, Any] = cls(players=players, **options)
    return game
