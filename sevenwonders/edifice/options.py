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
from sevenwonders.core.options import checked_choice, checked_int, refuse_unknown
from sevenwonders.errors import InvalidOptionError

CASTLE_CHOICES = ("highest", "lowest")
# Reference decisions 1-4 (the Edifice reference notes): the default first, then the alternative.
STAGING_CAMP_COSTS = (2, 3)
ARTISAN_DISTRICT_VPS = (2, 3)
AMPHITHEATER_DISCARDS = ("grey", "brown")
CARTHAGE_NIGHT_VPS = ("coin_option", "both")
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


def check_choices(*, staging_camp_cost: object, artisan_district_vp: object,
                  amphitheater_discards: object, carthage_night_vp: object,
                  castle_loses: object) -> str:
    """Refuse a value of a reference decision that is none of its choices (exact types: a
    ``True`` is no ``1``); returns ``castle_loses``, checked."""
    for option, value, allowed in (
            ("staging_camp_cost", staging_camp_cost, STAGING_CAMP_COSTS),
            ("artisan_district_vp", artisan_district_vp, ARTISAN_DISTRICT_VPS),
            ("amphitheater_discards", amphitheater_discards, AMPHITHEATER_DISCARDS),
            ("carthage_night_vp", carthage_night_vp, CARTHAGE_NIGHT_VPS)):
        if not any(type(value) is type(a) and value == a for a in allowed):
            raise InvalidOptionError(f"{option} must be one of {allowed}, not {value!r}")
    castle: str = checked_choice("castle_loses", castle_loses, CASTLE_CHOICES)
    return castle


def check_chosen(chosen: tuple[str, ...] | None, ages: Mapping[str, int],
                 ) -> tuple[str, ...] | None:
    """Refuse chosen projects that are not one project of each Age in order (``ages``: every
    project's Age by name, after :func:`~.projects.project_name`); returns them."""
    if chosen is None:
        return None
    if len(chosen) != 3:
        raise InvalidOptionError("projects names one project for each of the 3 Ages")
    for age, name in enumerate(chosen, start=1):
        if name not in ages:  # an option naming nothing: the option is bad
            raise InvalidOptionError(f"option projects: no Edifice project named "
                                     f"{quote(name)}")
        if ages[name] != age:
            raise InvalidOptionError(f"{name} is a project of Age {ages[name]}")
    return chosen


__all__ = ["AMPHITHEATER_DISCARDS", "ARTISAN_DISTRICT_VPS", "CARTHAGE_NIGHT_VPS",
           "CASTLE_CHOICES", "MAX_PAWN_POINTS", "OPTION_NAMES", "STAGING_CAMP_COSTS",
           "check_choices", "check_chosen", "check_options"]
