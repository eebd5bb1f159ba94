"""Score sheets: wonder stages, the cat, blue cards, military tokens and progress tokens.

Ties are broken by completed stages (``tiebreak = (stages,)``); seats still tied share the place.
"""

from __future__ import annotations

from collections.abc import Sequence

from sevenwonders.architects.state import City
from sevenwonders.architects.tables import Tables
from sevenwonders.core.scoring import ScoreSheet

LINES: tuple[str, ...] = ("wonder", "cat", "blue", "military", "progress")
"""Score sheet lines, in the order of the rulebook's "end of game" list."""


def progress_points(tables: Tables, city: City) -> int:
    """Victory points of the seat's progress tokens."""
    points = 0
    counted: set[str] = set()
    for token_id in city.tokens:
        token = tables.tokens[token_id]
        if token.power != "score":
            continue
        rule, vp = token.score, token.vp
        if rule == "wonder_complete":
            complete = tables.built_mask(city.built) == tables.full_mask
            points += vp[1] if complete else vp[0]
        elif rule == "per_cat_icon":
            points += vp[0] * sum(tables.cat[tables.card_kind[c]] for c in city.cards)
        elif rule == "per_military_token":
            points += vp[0] * city.military
        elif rule == "per_progress_token":
            points += vp[0] * len(city.tokens)
        elif rule == "by_copies" and token_id not in counted:
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
