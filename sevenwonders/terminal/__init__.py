"""The old import path of :mod:`sevenwonders.frontend.terminal`, kept for users' imports.

A package rather than a ``terminal.py`` module so that git sees the move to ``frontend/`` as a
rename (and merges follow the file). It re-exports the module's ``__all__``, whatever it holds.
"""

from sevenwonders.frontend.terminal import *  # noqa: F403
from sevenwonders.frontend.terminal import __all__ as __all__
