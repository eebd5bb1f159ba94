"""The old import path of :mod:`sevenwonders.frontend.choices`, kept for users' imports.

A package rather than a ``choices.py`` module so that git sees the move to ``frontend/`` as a
rename (and merges follow the file). It re-exports the module's ``__all__``, whatever it holds.
"""

from sevenwonders.frontend.choices import *  # noqa: F403
from sevenwonders.frontend.choices import __all__ as __all__
