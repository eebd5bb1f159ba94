"""A city's trading entry built from the entry of the city one card shorter (the usual case
in a game) equals the one built from scratch, field by field."""

from __future__ import annotations

import pytest

from sevenwonders.base import BaseGame
from sevenwonders.base.rules import _Entry
from sevenwonders.base.state import NO_MARKS
from sevenwonders.core.playout import states


def _fields(entry: _Entry) -> tuple[object, ...]:
    return tuple(getattr(entry, slot) for slot in _Entry.__slots__)


@pytest.mark.parametrize(
    "options",
    [
        {"players": 3, "sides": "random"},
        {"players": 7, "sides": "night"},
        {"players": 5, "edition": "1st", "sides": "ab"},
    ],
)
def test_child_entries_equal_full_ones(options: dict[str, object]) -> None:
    g = BaseGame(**options)  # type: ignore[arg-type]
    rules = g.rules
    checked = 0
    for seed in range(4):
        for state in states(g, seed):
            for city in state.cities:
                if not city.cards:
                    continue
                shorter = type(city)(city.wonder, city.side, city.coins, city.cards[:-1],
                                     city.stages, city.tucked, city.tokens,
                                     city.free_build_age, city.stage_choices)
                parent = rules._make_entry(shorter, NO_MARKS, ())
                parent.owned = dict.fromkeys(shorter.cards)
                plan = rules._stage_plans[(city.wonder, city.side)]
                parent.next_stage = plan[city.stages] if city.stages < len(plan) else None
                child = rules._child_entry(parent, city)
                full = rules._make_entry(city, NO_MARKS, ())
                full.owned = dict.fromkeys(city.cards)
                full.next_stage = parent.next_stage
                assert _fields(child) == _fields(full)
                assert child.profile == full.profile
                checked += 1
    assert checked > 100
