"""sevenwonders: rules engines for the 7 Wonders family of board games.

Every game offers the same protocol (:class:`Game`); every state, move, view and score sheet
turns into JSON with :func:`to_json` and back with :func:`from_json`.
"""

from sevenwonders.architects.game import ArchitectsGame
from sevenwonders.base.game import BaseGame
from sevenwonders.core.game import Game
from sevenwonders.core.scoring import ScoreSheet, ranking
from sevenwonders.core.serialization import from_json, to_json
from sevenwonders.dice.game import DiceGame
from sevenwonders.errors import (
    DataFileError,
    GameOverError,
    IllegalMoveError,
    InvalidOptionError,
    InvalidStateError,
    NotationError,
    ReplayError,
    SerializationError,
    SevenWondersError,
    UnknownCardError,
    WrongSeatError,
)
from sevenwonders.games import make_game
from sevenwonders.simulation import simulate

__version__ = "0.1.0"

__all__ = [
    "ArchitectsGame", "BaseGame", "DataFileError", "DiceGame", "Game", "GameOverError",
    "IllegalMoveError", "InvalidOptionError", "InvalidStateError", "NotationError", "ReplayError",
    "ScoreSheet", "SerializationError", "SevenWondersError", "UnknownCardError",
    "WrongSeatError", "from_json", "make_game", "ranking", "simulate", "to_json",
]
