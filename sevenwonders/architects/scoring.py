"""Score sheets: wonder stages, the cat, blue cards, military tokens and progress tokens.

Ties are broken by completed stages (``tiebreak = (stages,)``); seats still tied share the place.
"""

from __future__ import annotations

from collections.abc import Sequence

from sevenwonders.architects.powers import (
    PointsByCopies,
    PointsPerCat,
    PointsPerMilitaryToken,
    PointsPerProgressToken,
    WonderCompletePoints,
)
from sevenwonders.architects.state import City
from sevenwonders.architects.tables import Tables
from sevenwonders.core.scoring import ScoreSheet

LINES: tuple[str, ...] = ("wonder", "cat", "blue", "military", "progress")
"""Score sheet lines, in the order of the rulebook's "end of game" list."""


def progress_points(tables: Tables, city: City) -> int:
    """Victory points of the seat's progress tokens (DE rulebook "Effekte der
    Fortschrittsmarker"; reference architects.md 3.6)."""
    points = 0
    counted: set[str] = set()
    for token_id in city.tokens:
        match tables.token_power[token_id]:
            case WonderCompletePoints(incomplete, complete):
                finished = tables.built_mask(city.built) == tables.full_mask
                points += complete if finished else incomplete
            case PointsPerCat(vp):
                points += vp * sum(tables.cat[tables.card_kind[c]] for c in city.cards)
            case PointsPerMilitaryToken(vp):
                points += vp * city.military
            case PointsPerProgressToken(vp):
                points += vp * len(city.tokens)
            case PointsByCopies(vp) if token_id not in counted:
                counted.add(token_id)
                points += vp[min(city.tokens.count(token_id), len(vp) - 1)]
    return points


def score_sheet(tables: Tables, city: City, has_cat: bool) -> ScoreSheet:
    setup = tables.data.setup
    stage_vp = tables.stage_vp[city.wonder]
    lines = {
        "wonder": sum(stage_vp[key] for key in city.built),
        "cat": setup.cat_vp if has_cat else 0,
        "blue": sum(tables.vp[tables.card_kind[c]] for c in city.cards),
        "military": setup.military_token_vp * city.military,
        "progress": progress_points(tables, city),
    }
    return ScoreSheet.of(lines, (len(city.built),))


def score_sheets(tables: Tables, cities: Sequence[City], cat: int | None) -> tuple[ScoreSheet, ...]:
    return tuple(score_sheet(tables, city, seat == cat) for seat, city in enumerate(cities))
