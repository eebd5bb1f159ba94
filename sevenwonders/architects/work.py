"""A step's scratch copy of a state: the rules change it in place, then freeze it once.

Every rule of a step writes to one :class:`Work` record; :meth:`Work.freeze` builds the next
immutable state, so a step makes one state however many rules it applies.

The drafts of a city and a state (:class:`CityDraft`, :class:`StateDraft`): objects of plain
classes with exactly the slots of :class:`City` and :class:`ArchitectsState` (so the same memory
layout), whose fields are set by ordinary attribute stores and which then become the frozen
class by assigning ``__class__`` (Python allows that between classes of the same layout; it is
why ArchitectsState and City have no ``__weakref__`` slot): attrs' ``__init__`` of a frozen
class sets each field through ``object.__setattr__``, a call a field.
:func:`make_city` and :func:`make_state` build the values so, from values the rules made or a
load checked (the classes have no validators or converters).
"""

from __future__ import annotations

from typing import Any

import attrs

from sevenwonders.architects.state import ArchitectsState, City, Pending, SpeedSlot
from sevenwonders.core.rng import Rng

STATE_FIELDS = tuple(field.name for field in attrs.fields(ArchitectsState))


class Work(SpeedSlot):
    """A mutable copy of a state's fields, for the duration of one step (slots: exactly the
    state's fields, and the state's empty speed slot: the same layout)."""

    __slots__ = STATE_FIELDS

    def __init__(self, s: ArchitectsState) -> None:
        self.cities: list[City] = list(s.cities)
        self.decks: list[tuple[int, ...]] = list(s.decks)
        self.central = s.central
        self.discard = s.discard
        self.face_up = s.face_up
        self.token_pile = s.token_pile
        self.flipped = s.flipped
        self.cat = s.cat
        self.current = s.current
        self.turn = s.turn
        self.pending: Pending = s.pending
        self.triggered = s.triggered
        self.used = s.used
        self.flags = s.flags
        self.peeked = s.peeked
        self.seen = s.seen
        self.rng = s.rng

    def freeze(self) -> ArchitectsState:
        """The next state, made of this record."""
        return ArchitectsState(
            cities=tuple(self.cities), decks=tuple(self.decks), central=self.central,
            discard=self.discard, face_up=self.face_up, token_pile=self.token_pile,
            flipped=self.flipped, cat=self.cat, current=self.current, turn=self.turn,
            pending=self.pending, rng=self.rng, triggered=self.triggered, used=self.used,
            flags=self.flags, peeked=self.peeked, seen=self.seen)


class CityDraft:
    """A :class:`City` being filled in."""

    __slots__ = tuple(f.name for f in attrs.fields(City))


class StateDraft(SpeedSlot):
    """An :class:`ArchitectsState` being filled in (no ``__init__``: made by a bare call; its
    speed slot, like the state's, is left empty)."""

    __slots__ = STATE_FIELDS


def make_city(wonder: str, built: tuple[str, ...], cards: tuple[int, ...],
              tokens: tuple[str, ...], military: int) -> City:
    """``City(wonder, built, cards, tokens, military)``."""
    c: Any = CityDraft()
    c.wonder = wonder
    c.built = built
    c.cards = cards
    c.tokens = tokens
    c.military = military
    c.__class__ = City
    return c  # type: ignore[no-any-return]


def make_state(cities: tuple[City, ...], decks: tuple[tuple[int, ...], ...],
               central: tuple[int, ...], discard: tuple[int, ...], face_up: tuple[str, ...],
               token_pile: tuple[str, ...], flipped: int, cat: int | None, current: int,
               turn: int, pending: Pending, rng: Rng, triggered: tuple[str, ...],
               used: tuple[str, ...], flags: int, peeked: bool,
               seen: tuple[tuple[int, ...], ...]) -> ArchitectsState:
    """``ArchitectsState(...)`` of these fields, in their order."""
    s: Any = StateDraft()
    s.cities = cities
    s.decks = decks
    s.central = central
    s.discard = discard
    s.face_up = face_up
    s.token_pile = token_pile
    s.flipped = flipped
    s.cat = cat
    s.current = current
    s.turn = turn
    s.pending = pending
    s.rng = rng
    s.triggered = triggered
    s.used = used
    s.flags = flags
    s.peeked = peeked
    s.seen = seen
    s.__class__ = ArchitectsState
    return s  # type: ignore[no-any-return]


# Import-time proof that the layouts match (a mismatch raises TypeError here, not in a game).
_probe: Any = CityDraft()
_probe.__class__ = City
_probe = StateDraft()
_probe.__class__ = ArchitectsState
del _probe
