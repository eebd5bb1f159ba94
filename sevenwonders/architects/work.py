"""A step's scratch copy of a state: the rules change it in place, then freeze it once.

Every rule of a step writes to one :class:`Work` record; :meth:`Work.freeze` builds the next
immutable state, so a step makes one state however many rules it applies.
"""

from __future__ import annotations

from sevenwonders.architects.state import ArchitectsState, City, Pending, state_from


class Work:
    """A mutable copy of a state's fields, for the duration of one step."""

    __slots__ = (
        "cat",
        "central",
        "cities",
        "current",
        "decks",
        "discard",
        "face_up",
        "flags",
        "flipped",
        "peeked",
        "pending",
        "rng",
        "token_pile",
        "triggered",
        "turn",
        "used",
    )

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
        self.rng = s.rng

    def freeze(self) -> ArchitectsState:
        """The next state (each field from the attribute of its name, built without
        ``__init__``: see :func:`~sevenwonders.architects.state.state_from`)."""
        return state_from(self)
