"""The old import path of :mod:`sevenwonders.frontend.cli_tournament`, kept for users' imports.

A package rather than a ``cli_tournament.py`` module so that git sees the move to ``frontend/``
as a rename (and merges follow the file). It re-exports the module's ``__all__``.
"""

from sevenwonders.frontend.cli_tournament import *  # noqa: F403
from sevenwonders.frontend.cli_tournament import __all__ as __all__
