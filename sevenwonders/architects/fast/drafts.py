"""Values built on a draft of the same layout (see the package's docstring)."""

from __future__ import annotations

from typing import Any

from sevenwonders.architects.state import (
    ArchitectsState,
    City,
    Pending,
    StartTurn,
)
from sevenwonders.architects.work import Work, make_city, make_state

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
    return make_city(city.wonder, city.built, cards, city.tokens, city.military)


def built_city(city: City, built: tuple[str, ...], cards: tuple[int, ...]) -> City:
    """``city`` with these stages built and these cards."""
    return make_city(city.wonder, built, cards, city.tokens, city.military)


_START_TURN = StartTurn()


def next_turn(state: ArchitectsState, cities: tuple[City, ...],
              decks: tuple[tuple[int, ...], ...], central: tuple[int, ...],
              discard: tuple[int, ...], flipped: int, cat: int | None,
              current: int, seen: tuple[tuple[int, ...], ...]) -> ArchitectsState:
    """The state at the start of seat ``current``'s turn, after a turn that changed only these
    fields (``seen``: what each seat has seen face down, architects/memory.py): the progress
    tokens on offer and the generator as in ``state``, the turn record (triggered, used, flags,
    peeked) cleared."""
    return make_state(cities, decks, central, discard, state.face_up, state.token_pile,
                      flipped, cat, current, state.turn + 1, _START_TURN, state.rng, (), (), 0,
                      False, seen)


def in_turn(state: ArchitectsState, cities: tuple[City, ...],
            decks: tuple[tuple[int, ...], ...], central: tuple[int, ...],
            discard: tuple[int, ...], flipped: int, cat: int | None, pending: Pending,
            triggered: tuple[str, ...], flags: int, peeked: bool) -> ArchitectsState:
    """The state of the same seat's turn going on with ``pending``, after a first action that
    changed only these fields (the tokens on offer, the generator and ``used`` as in
    ``state``)."""
    return make_state(cities, decks, central, discard, state.face_up, state.token_pile,
                      flipped, cat, state.current, state.turn, pending, state.rng, triggered,
                      state.used, flags, peeked, state.seen)


__all__ = ["Draft", "built_city", "in_turn", "make_city", "next_turn", "with_cards"]

# (next_turn and in_turn take their arguments by position: the fast take calls them on most
# plies, and a call by keywords costs about twice as much.)

# Import-time proof that the layouts match (a mismatch raises TypeError here, not in a game).
_probe: Any = object.__new__(Draft)
_probe.__class__ = ArchitectsState
del _probe


