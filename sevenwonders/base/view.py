"""What one seat may see of a base game: the only input a seat's frontend or bot needs.

Hidden: other hands (only their sizes), the decks, the discard pile's contents (face down; shown
only to a seat that must build from it), the cards tucked under other wonders, the generator.
Expansion states are public (Edifice's projects, pawns and debts lie open on the table).

Remembered (``memory``, the seat's own :class:`~sevenwonders.base.memory.SeatMemory`): what the
seat saw of the hands in circulation and of the discard pile, minus what was since made public
(perfect recall; see :mod:`sevenwonders.base.memory`).
"""

from __future__ import annotations

import attrs

from sevenwonders.base.hooks import ExpansionState
from sevenwonders.base.memory import SeatMemory, memory_of
from sevenwonders.base.state import BaseState, PendingKind


@attrs.frozen(slots=True)
class CityView:
    """A city as everyone sees it. ``income``, ``built_this_turn`` and ``stages_this_turn`` are
    this turn's marks (coins received this turn cannot be spent yet; what was built this turn
    produces nothing yet): they matter while a turn's pending decisions are taken."""

    seat: int
    wonder: str
    side: str
    coins: int
    cards: tuple[str, ...]
    stages: int
    tokens: tuple[int, ...]
    free_build_age: int = 0
    stage_choices: tuple[int, ...] = ()
    income: int = 0
    built_this_turn: tuple[str, ...] = ()
    stages_this_turn: int = 0


@attrs.frozen(slots=True)
class BaseView:
    """``discard`` lists the discard pile only while this seat must build from it; ``memory``
    is what this seat has seen and may remember of the hands in circulation and the discard
    pile (:class:`~sevenwonders.base.memory.SeatMemory`)."""

    seat: int
    players: int
    age: int
    turn: int
    hand: tuple[str, ...]
    hand_sizes: tuple[int, ...]
    cities: tuple[CityView, ...]
    tucked: tuple[str, ...]
    discard_size: int
    discard: tuple[str, ...]
    to_move: tuple[int, ...]
    pending: PendingKind | None
    over: bool
    expansions: tuple[ExpansionState, ...] = ()
    pending_detail: str = ""
    deferred: tuple[tuple[int, str], ...] = ()
    memory: SeatMemory = attrs.field(factory=SeatMemory)


def city_views(state: BaseState) -> tuple[CityView, ...]:
    """Every city as everyone sees it (the same in every seat's view of ``state``)."""
    return tuple(
        CityView(s, c.wonder, c.side, c.coins, c.cards, c.stages, c.tokens,
                 c.free_build_age, c.stage_choices, m.income, m.built, m.stages)
        for s, (c, m) in enumerate(zip(state.cities, state.marks, strict=True))
    )


def make_view(
    state: BaseState, seat: int, to_move: frozenset[int],
    cities: tuple[CityView, ...] | None = None,
) -> BaseView:
    """``seat``'s view of ``state``; ``cities`` are :func:`city_views` of it when the caller
    has them (every seat of a turn shares them)."""
    head = state.pending[0] if state.pending else None
    mine = head if head is not None and head.seat == seat else None
    sees_discard = mine is not None and mine.kind is PendingKind.BUILD_FROM_DISCARD
    return BaseView(
        seat=seat,
        players=state.players,
        age=state.age,
        turn=state.turn,
        hand=state.hands[seat],
        hand_sizes=tuple(len(hand) for hand in state.hands),
        cities=city_views(state) if cities is None else cities,
        tucked=state.cities[seat].tucked,
        discard_size=len(state.discard),
        discard=tuple(sorted(state.discard)) if sees_discard else (),
        to_move=tuple(sorted(to_move)),
        pending=mine.kind if mine is not None else None,
        over=state.over,
        expansions=state.expansions,
        pending_detail=mine.detail if mine is not None else "",
        deferred=state.deferred,
        memory=memory_of(state, seat),
    )
