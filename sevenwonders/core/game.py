"""The old import path of :mod:`sevenwonders.core.protocol`, kept for users' imports."""

from sevenwonders.core.protocol import Game

__all__ = ["Game"]
