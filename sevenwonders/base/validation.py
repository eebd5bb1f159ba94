"""Checks that a base-game state read from outside (JSON) is consistent before any rule runs.

The rules trust their own states; documents from elsewhere are checked once, on load, so a
hand-edited or hostile document fails with ``InvalidStateError`` instead of deep inside a step.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from cattrs.gen import make_dict_structure_fn

from sevenwonders.base.cards import load_edition
from sevenwonders.base.rules import HAND_SIZE, TURNS_PER_AGE
from sevenwonders.base.state import BaseState, PendingKind
from sevenwonders.core.serialization import converter
from sevenwonders.errors import InvalidStateError


@cache
def _known_cards() -> frozenset[str]:
    return frozenset(load_edition("2nd").cards) | frozenset(load_edition("1st").cards)


def check_state(state: BaseState) -> BaseState:
    """Return ``state`` if its parts fit together, else raise :class:`InvalidStateError`."""
    n = state.players

    def fail(message: str) -> None:
        raise InvalidStateError(f"inconsistent base-game state: {message}")

    if not 3 <= n <= 7:
        fail(f"{n} players")
    for name, part in (("cities", state.cities), ("hands", state.hands)):
        if len(part) != n:
            fail(f"{len(part)} {name} for {n} players")
    if len(state.marks) != n:
        fail(f"{len(state.marks)} turn marks for {n} players")
    if not 1 <= state.age <= 3 or not 1 <= state.turn <= TURNS_PER_AGE:
        fail(f"Age {state.age}, turn {state.turn}")
    if len(state.decks) != 3 - state.age:
        fail(f"{len(state.decks)} decks left in Age {state.age}")
    known = _known_cards()
    cards = [c for hand in state.hands for c in hand] + [c for deck in state.decks for c in deck]
    cards += list(state.discard)
    for city in state.cities:
        cards += list(city.cards) + list(city.tucked)
        if city.coins < 0 or not 0 <= city.stages <= 4 or len(city.tucked) != city.stages:
            fail(f"city of {city.wonder}: coins {city.coins}, stages {city.stages}")
        if len(set(city.cards)) != len(city.cards):
            fail(f"city of {city.wonder} holds a building twice")
        if len(city.stage_choices) > city.stages or any(c < 0 for c in city.stage_choices):
            fail(f"city of {city.wonder}: stage options {city.stage_choices}")
    for city, marks in zip(state.cities, state.marks, strict=True):
        if (not 0 <= marks.stages <= city.stages or marks.income < 0
                or not set(marks.built) <= set(city.cards)):
            fail(f"turn marks {marks} do not fit the city of {city.wonder}")
    unknown = sorted(set(cards) - known)
    if unknown:
        fail(f"unknown cards {unknown[:3]}")
    if any(len(hand) > HAND_SIZE for hand in state.hands):
        fail("a hand holds more than 7 cards")
    for pending in state.pending:
        if not 0 <= pending.seat < n:
            fail(f"a pending decision for seat {pending.seat}")
        if pending.kind is PendingKind.PLAY_LAST_CARD and len(state.hands[pending.seat]) != 1:
            fail("a last-card decision without exactly one card in hand")
    for seat, _ in state.deferred:
        if not 0 <= seat < n:
            fail(f"a deferred effect for seat {seat}")
    return state


_plain = make_dict_structure_fn(BaseState, converter, _cattrs_forbid_extra_keys=True)


def _structure(data: Any, cls: Any) -> BaseState:
    return check_state(_plain(data, cls))


converter.register_structure_hook(BaseState, _structure)
