"""The old import path of :mod:`sevenwonders.core.protocol`, kept for users' imports."""

from sevenwonders.core.protocol import Game, GameInfo

__all__ = ["Game", "GameInfo"]
