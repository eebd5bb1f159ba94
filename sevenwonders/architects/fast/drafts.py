"""Values built on a draft of the same layout (see the package's docstring)."""

from __future__ import annotations

from typing import Any

from sevenwonders.architects.state import (
    ArchitectsState,
    City,
    Pending,
    StartTurn,
)
from sevenwonders.architects.work import CityDraft, StateDraft, Work, make_city

# (the drafts, and why they are built so: :mod:`sevenwonders.architects.work`)


class Draft(Work):
    """The general step's scratch record (:class:`~.work.Work`), frozen in place."""

    __slots__ = ()

    def freeze(self) -> ArchitectsState:
        """This record, turned into the next state (its lists made tuples, its class the
        state's). The record is the state from now on."""
        self.cities = tuple(self.cities)  # type: ignore[assignment]
        self.decks = tuple(self.decks)  # type: ignore[assignment]
        self.__class__ = ArchitectsState  # type: ignore[assignment]
        return self  # type: ignore[return-value]


def with_cards(city: City, cards: tuple[int, ...]) -> City:
    """``city`` holding ``cards`` instead of its cards."""
    c: Any = CityDraft()
    c.wonder = city.wonder
    c.built = city.built
    c.cards = cards
    c.tokens = city.tokens
    c.military = city.military
    c.__class__ = City
    return c  # type: ignore[no-any-return]


def built_city(city: City, built: tuple[str, ...], cards: tuple[int, ...]) -> City:
    """``city`` with these stages built and these cards."""
    c: Any = CityDraft()
    c.wonder = city.wonder
    c.built = built
    c.cards = cards
    c.tokens = city.tokens
    c.military = city.military
    c.__class__ = City
    return c  # type: ignore[no-any-return]


_START_TURN = StartTurn()


def next_turn(state: ArchitectsState, cities: tuple[City, ...],
              decks: tuple[tuple[int, ...], ...], central: tuple[int, ...],
              discard: tuple[int, ...], flipped: int, cat: int | None,
              current: int, seen: tuple[tuple[int, ...], ...]) -> ArchitectsState:
    """The state at the start of seat ``current``'s turn, after a turn that changed only these
    fields (``seen``: what each seat has seen face down, architects/memory.py): the progress
    tokens on offer and the generator as in ``state``, the turn record (triggered, used, flags,
    peeked) cleared."""
    s: Any = StateDraft()
    s.cities = cities
    s.decks = decks
    s.central = central
    s.discard = discard
    s.face_up = state.face_up
    s.token_pile = state.token_pile
    s.flipped = flipped
    s.cat = cat
    s.current = current
    s.turn = state.turn + 1
    s.pending = _START_TURN
    s.rng = state.rng
    s.triggered = ()
    s.used = ()
    s.flags = 0
    s.peeked = False
    s.seen = seen
    s.__class__ = ArchitectsState
    return s  # type: ignore[no-any-return]


def in_turn(state: ArchitectsState, cities: tuple[City, ...],
            decks: tuple[tuple[int, ...], ...], central: tuple[int, ...],
            discard: tuple[int, ...], flipped: int, cat: int | None, pending: Pending,
            triggered: tuple[str, ...], flags: int, peeked: bool) -> ArchitectsState:
    """The state of the same seat's turn going on with ``pending``, after a first action that
    changed only these fields (the tokens on offer, the generator and ``used`` as in
    ``state``)."""
    s: Any = StateDraft()
    s.cities = cities
    s.decks = decks
    s.central = central
    s.discard = discard
    s.face_up = state.face_up
    s.token_pile = state.token_pile
    s.flipped = flipped
    s.cat = cat
    s.current = state.current
    s.turn = state.turn
    s.pending = pending
    s.rng = state.rng
    s.triggered = triggered
    s.used = state.used
    s.flags = flags
    s.peeked = peeked
    s.seen = state.seen
    s.__class__ = ArchitectsState
    return s  # type: ignore[no-any-return]


__all__ = ["Draft", "built_city", "in_turn", "make_city", "next_turn", "with_cards"]

# (next_turn and in_turn take their arguments by position: the fast take calls them on most
# plies, and a call by keywords costs about twice as much.)

# Import-time proof that the layouts match (a mismatch raises TypeError here, not in a game).
_probe: Any = object.__new__(Draft)
_probe.__class__ = ArchitectsState
del _probe


