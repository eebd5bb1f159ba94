"""The old import path of :mod:`sevenwonders.frontend.records`, kept for users' imports.

A package rather than a ``records.py`` module so that git sees the move to ``frontend/`` as a
rename (and merges follow the file).
"""

from sevenwonders.frontend.records import (
    EXPANSIONS,
    FORMAT,
    VERSION,
    GameRecord,
    ReplayResult,
    Step,
    build_game,
    game_of,
    load_record,
    make_expansion,
    new_record,
    read_record,
    record_from_dict,
    record_game,
    replay,
    save_record,
)

__all__ = [
    "EXPANSIONS", "FORMAT", "VERSION", "GameRecord", "ReplayResult", "Step", "build_game",
    "game_of", "load_record", "make_expansion", "new_record", "read_record",
    "record_from_dict", "record_game", "replay", "save_record",
]
