"""The old import path of :mod:`sevenwonders.frontend.records`, kept for users' imports.

A package rather than a ``records.py`` module so that git sees the move to ``frontend/`` as a
rename (and merges follow the file). It re-exports the module's ``__all__``, whatever it holds.
"""

from sevenwonders.frontend.records import *  # noqa: F403
from sevenwonders.frontend.records import __all__ as __all__
