"""sevenwonders: rules engines for the 7 Wonders family of board games.

Every game offers the same protocol (:class:`Game`); every state, move, view and score sheet
turns into JSON with :func:`to_json` and back with :func:`from_json`. The game classes are
loaded on first use (``from sevenwonders import BaseGame`` imports the base game only), so
importing the package or :mod:`sevenwonders.games` imports no game.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from sevenwonders.buildinfo import build_info, compiled
from sevenwonders.core.protocol import Game, GameInfo
from sevenwonders.core.scoring import ScoreSheet, ranking
from sevenwonders.core.serialization import from_json, to_json
from sevenwonders.errors import (
    DataFileError,
    GameOverError,
    IllegalMoveError,
    InvalidOptionError,
    InvalidStateError,
    NotationError,
    Reason,
    ReplayError,
    SerializationError,
    SevenWondersError,
    UnknownCardError,
    WrongSeatError,
)
from sevenwonders.games import make_game
from sevenwonders.simulation import simulate

if TYPE_CHECKING:
    from sevenwonders.architects.game import ArchitectsGame
    from sevenwonders.base.game import BaseGame
    from sevenwonders.dice.game import DiceGame

__version__ = "0.1.0"

# public name -> "module:attribute", imported on first access
_LAZY = {
    "ArchitectsGame": "sevenwonders.architects.game:ArchitectsGame",
    "BaseGame": "sevenwonders.base.game:BaseGame",
    "DiceGame": "sevenwonders.dice.game:DiceGame",
}


def __getattr__(name: str) -> Any:
    ref = _LAZY.get(name)
    if ref is None:
        raise AttributeError(f"module 'sevenwonders' has no attribute {name!r}")
    module_name, _, attribute = ref.partition(":")
    value = getattr(importlib.import_module(module_name), attribute)
    globals()[name] = value  # later lookups skip this function
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_LAZY})


__all__ = [
    "ArchitectsGame", "BaseGame", "DataFileError", "DiceGame", "Game", "GameInfo", "GameOverError",
    "IllegalMoveError", "InvalidOptionError", "InvalidStateError", "NotationError", "Reason",
    "ReplayError", "ScoreSheet", "SerializationError", "SevenWondersError", "UnknownCardError",
    "WrongSeatError", "build_info", "compiled", "from_json", "make_game", "ranking", "simulate",
    "to_json",
]
