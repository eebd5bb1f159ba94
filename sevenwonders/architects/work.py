"""A step's scratch copy of a state: the rules change it in place, then freeze it once.

Every rule of a step writes to one :class:`Work` record; :meth:`Work.freeze` builds the next
immutable state, so a step makes one state however many rules it applies.
"""

from __future__ import annotations

from sevenwonders.architects.state import ArchitectsState, City, Pending, StateDraft


class Work(StateDraft):
    """A mutable copy of a state's fields, for the duration of one step: a draft of the next
    state (see architects/state.py), frozen in place at the end."""

    __slots__ = ()

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
        """This record, turned into the next state (its lists made tuples, its class the
        state's: see architects/state.py). The record is the state from now on: it is not
        changed any more (a frozen state refuses every change)."""
        self.cities = tuple(self.cities)  # type: ignore[assignment]
        self.decks = tuple(self.decks)  # type: ignore[assignment]
        self.__class__ = ArchitectsState  # type: ignore[assignment]
        return self  # type: ignore[return-value]
