"""Building base-game positions for rule tests."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import attrs

from sevenwonders.base import BaseGame, BaseState, Build, City, Move
from sevenwonders.base.state import NO_MARKS


def game(wonders: Sequence[str], sides: str | Sequence[str] = "day", **options: Any) -> BaseGame:
    side_option = sides if isinstance(sides, str) else tuple(sides)
    return BaseGame(players=len(wonders), wonders=tuple(wonders), sides=side_option, **options)


def position(
    g: BaseGame,
    *,
    age: int = 1,
    turn: int = 1,
    hands: Sequence[Sequence[str]] | None = None,
    cities: Mapping[int, Mapping[str, Any]] | None = None,
    discard: Sequence[str] = (),
) -> BaseState:
    """A state of ``g`` with the given hands and city changes (cards, coins, stages...)."""
    state = g.new_game(seed=0)
    new_cities = list(state.cities)
    for seat, changes in (cities or {}).items():
        fields = dict(changes)
        if "cards" in fields:
            fields["cards"] = tuple(fields["cards"])
        if "tokens" in fields:
            fields["tokens"] = tuple(fields["tokens"])
        new_cities[seat] = attrs.evolve(new_cities[seat], **fields)
    size = 8 - turn
    if hands is None:
        hands = [state.hands[s][:size] for s in range(g.players)]
    return attrs.evolve(
        state,
        age=age,
        turn=turn,
        hands=tuple(tuple(h) for h in hands),
        cities=tuple(new_cities),
        discard=tuple(discard),
        marks=(NO_MARKS,) * g.players,
    )


def city(state: BaseState, seat: int) -> City:
    return state.cities[seat]


def play(g: BaseGame, state: BaseState, moves: Mapping[int, Move | str]) -> BaseState:
    """Play moves given as objects or text."""
    parsed = {
        seat: g.parse_move(state, seat, m) if isinstance(m, str) else m
        for seat, m in moves.items()
    }
    return g.play(state, parsed)


def sells(state: BaseState, seats: Sequence[int] | None = None) -> dict[int, Move | str]:
    """Every listed seat sells the first card of its hand."""
    chosen = range(len(state.hands)) if seats is None else seats
    return {seat: f"sell {state.hands[seat][0]}" for seat in chosen}


def builds(g: BaseGame, state: BaseState, seat: int) -> list[Build]:
    return [m for m in g.legal_moves(state, seat) if isinstance(m, Build)]
