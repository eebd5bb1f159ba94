"""A city's trading entry built from the entry of the city one card shorter (the usual case
in a game) equals the one built from scratch, field by field."""

from __future__ import annotations

import attrs
import pytest

from sevenwonders.base import BaseGame
from sevenwonders.base.fast.entries import child_entry, make_entry
from sevenwonders.base.fast.profile import Entry
from sevenwonders.base.state import NO_MARKS
from sevenwonders.base.trading import city_profile
from sevenwonders.core.playout import states
from sevenwonders.edifice import Edifice


def _field_names() -> tuple[str, ...]:
    """The entry's fields: its ``__slots__``, or, compiled (a class that keeps none), the
    names of its fields' descriptors."""
    slots: tuple[str, ...] | None = getattr(Entry, "__slots__", None)
    if slots is not None:
        return slots
    return tuple(name for name in dir(Entry) if not name.startswith("_") and name != "profile"
                 and not callable(getattr(Entry, name)))


def _fields(entry: Entry) -> tuple[object, ...]:
    names = _field_names()
    assert len(names) == 17 and "owned" in names
    return tuple(getattr(entry, slot) for slot in names)


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
    cache = g.fast
    checked = 0
    for seed in range(4):
        for state in states(g, seed):
            for city in state.cities:
                if not city.cards:
                    continue
                shorter = attrs.evolve(city, cards=city.cards[:-1])
                parent = make_entry(cache, shorter, NO_MARKS, ())
                parent.owned = dict.fromkeys(shorter.cards)
                plan = cache.stage_plans[(city.wonder, city.side)]
                parent.next_stage = plan[city.stages] if city.stages < len(plan) else None
                child = child_entry(cache, parent, city)
                full = make_entry(cache, city, NO_MARKS, ())
                full.owned = dict.fromkeys(city.cards)
                full.next_stage = parent.next_stage
                assert _fields(child) == _fields(full)
                assert child.profile == full.profile
                checked += 1
    assert checked > 100


@pytest.mark.parametrize(
    "options",
    [
        {"players": 4, "sides": "random"},
        {"players": 6, "edition": "1st", "sides": "ab"},
        {"players": 5, "sides": "night", "expansions": "edifice"},
    ],
)
def test_entries_equal_the_rule(options: dict[str, object]) -> None:
    """Every seat's entry (the speed layer) gives the profile ``trading.city_profile`` gives,
    marks of the turn (D3b) and expansion grants included."""
    if options.pop("expansions", None):
        options["expansions"] = (Edifice(),)
    g = BaseGame(**options)  # type: ignore[arg-type]
    checked = 0
    for seed in range(3):
        for state in states(g, seed):
            for seat in range(g.players):
                assert g.fast.entry(state, seat).profile == city_profile(
                    g.rules, state, seat)
                checked += 1
    assert checked > 200


@pytest.mark.parametrize(
    "options",
    [
        {"players": 3, "sides": "random"},
        {"players": 7, "edition": "1st", "sides": "ab"},
        {"players": 5, "sides": "random", "expansions": "edifice"},
        {"players": 3, "edition": "1st", "expansions": "edifice"},
    ],
)
def test_carried_entries_equal_fresh_ones(options: dict[str, object]) -> None:
    """The entries a step hands on to the next state (``FastCache.carry``: the same
    entry, or its child) equal entries made from scratch for that state, field by field
    (ids, owned cards and next stage included)."""
    if options.pop("expansions", None):
        options["expansions"] = (Edifice(),)
    g = BaseGame(**options)  # type: ignore[arg-type]
    cache = g.fast
    carried = 0
    for seed in range(3):
        for state in states(g, seed):
            memo = cache.state_memo(state)
            for seat, city in enumerate(state.cities):
                carried += memo.entries[seat] is not None
                found = cache.entry(state, seat)
                fresh = make_entry(cache, city, state.marks[seat],
                                   g.rules.extra_effects(state, seat))
                fresh.owned = dict.fromkeys(city.cards)
                plan = cache.stage_plans[(city.wonder, city.side)]
                fresh.next_stage = plan[city.stages] if city.stages < len(plan) else None
                assert _fields(found) == _fields(fresh)
            for seat in range(g.players):  # what a playout asks before it plays the state
                g.legal_moves(state, seat)
    assert carried > 100
