"""The old import path of :mod:`sevenwonders.core.protocol`, kept for users' imports.

A package rather than a ``game.py`` module so that git sees the move to ``protocol.py`` as a
rename (and merges follow the file).
"""

from sevenwonders.core.protocol import Game, GameInfo

__all__ = ["Game", "GameInfo"]
