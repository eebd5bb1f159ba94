"""The old import path of :mod:`sevenwonders.frontend.cli_commands`, kept for users' imports.

A package rather than a ``cli_commands.py`` module so that git sees the move to ``frontend/`` as a
rename (and merges follow the file).
"""

from sevenwonders.frontend.cli_commands import (
    ProgressBar,
    add_play_parser,
    add_replay_parser,
    parse_options,
    run_play,
    run_replay,
    run_simulate,
)

__all__ = [
    "ProgressBar", "add_play_parser", "add_replay_parser", "parse_options", "run_play",
    "run_replay", "run_simulate",
]
