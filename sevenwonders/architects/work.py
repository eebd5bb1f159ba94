"""A step's scratch copy of a state: the rules change it in place, then freeze it once.

Every rule of a step writes to one :class:`Work` record; :meth:`Work.freeze` builds the next
immutable state, so a step makes one state however many rules it applies.
"""

from __future__ import annotations

import attrs

from sevenwonders.architects.state import ArchitectsState, City, Pending, SpeedSlot

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
