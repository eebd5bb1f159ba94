"""The checks of Edifice's options that need no project data: unknown names, exact types and
bounded numbers (the choices among named values are checked where the constants live).

A game server creates tables from strangers' options and stores their final scores, so every
number an option feeds into a score is small: ``pawn_points`` gives each pawn of an Age from
-:data:`MAX_PAWN_POINTS` to :data:`MAX_PAWN_POINTS` points (reference decision 5, default 0).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from sevenwonders.core.limits import quote
from sevenwonders.core.options import checked_int, refuse_unknown
from sevenwonders.errors import InvalidOptionError

OPTION_NAMES = ("projects", "pawn_points", "castle_loses", "staging_camp_cost",
                "artisan_district_vp", "amphitheater_discards", "carthage_night_vp")
"""Every keyword :class:`~sevenwonders.edifice.Edifice` takes."""
MAX_PAWN_POINTS = 10


def check_options(unknown: Mapping[str, Any], projects: object,
                  pawn_points: object) -> tuple[tuple[str, ...] | None, tuple[int, ...]]:
    """Refuse unknown keywords, a ``projects`` that is not a list of three names and a
    ``pawn_points`` that is not three bounded integers; returns both as tuples."""
    refuse_unknown("Edifice", unknown, OPTION_NAMES)
    chosen = None
    if projects is not None:
        if not isinstance(projects, list | tuple) or len(projects) != 3 \
                or not all(type(p) is str for p in projects):
            raise InvalidOptionError(f"option projects must name one project for each of the "
                                     f"3 Ages, not {quote(projects)}")
        chosen = tuple(projects)
    if not isinstance(pawn_points, list | tuple) or len(pawn_points) != 3:
        raise InvalidOptionError(f"option pawn_points needs three integers (Ages I, II, III), "
                                 f"not {quote(pawn_points)}")
    points = tuple(checked_int("pawn_points", value, -MAX_PAWN_POINTS, MAX_PAWN_POINTS)
                   for value in pawn_points)
    return chosen, points


__all__ = ["MAX_PAWN_POINTS", "OPTION_NAMES", "check_options"]
