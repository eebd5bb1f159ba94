"""Helpers to build exact positions: chosen sheets, ticked boxes, coins and Forum dice."""

from __future__ import annotations

import copy
import json
import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import attrs
import pytest

from sevenwonders.dice import DiceGame, DiceState, Pass
from sevenwonders.dice.sheets import DEFAULT_SHEETS_PATH
from sevenwonders.dice.state import RolledDie

_RAW = tomllib.loads(DEFAULT_SHEETS_PATH.read_text(encoding="utf-8"))


def default_data() -> dict[str, Any]:
    """A fresh copy of the default sheet file's data, to modify in tests."""
    return copy.deepcopy(_RAW)


def write_sheets(tmp_path: Path, data: dict[str, Any], name: str = "sheets.json") -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def seat_with(state: DiceState, seat: int, **changes: Any) -> DiceState:
    seats = list(state.seats)
    seats[seat] = attrs.evolve(seats[seat], **changes)
    return attrs.evolve(state, seats=tuple(seats))


def ticked(game: DiceGame, state: DiceState, seat: int, *refs: str, turn: int = 1) -> DiceState:
    """``state`` with the boxes ``refs`` (``"market.m1"``) of ``seat`` ticked in ``turn``."""
    s = state.seats[seat]
    table = game.tables.sheets[s.sheet]
    ticks = list(s.ticks)
    for ref in refs:
        ticks[table.by_ref[ref]] = turn
    return seat_with(state, seat, ticks=tuple(ticks))


def with_forum(state: DiceState, *dice: tuple[str, str, int]) -> DiceState:
    """``state`` whose Forum holds exactly ``(die, face, area)`` dice."""
    return attrs.evolve(state, forum=tuple(RolledDie(d, f, a) for d, f, a in dice))


def position(players: int = 3, sheet: str = "giza", turn: int = 5, seed: int = 0,
             **options: Any) -> tuple[DiceGame, DiceState]:
    """A game and a state in ``turn`` where every seat plays ``sheet`` with 7 coins and nothing
    ticked; the Forum holds the 7 start dice, all showing their first face in area 0."""
    game = DiceGame(players=players, **options)
    state = game.new_game(seed)
    state = attrs.evolve(state, turn=turn)
    for seat in range(players):
        state = seat_with(state, seat, sheet=sheet)
    forum = [(die, game.tables.faces[die][0], 0) for die in
             ("grey_1", "grey_2", "grey_3", "blue", "red", "yellow", "green")]
    return game, with_forum(state, *forum)


def passes(game: DiceGame, state: DiceState, **moves: Any) -> dict[int, Any]:
    """Every seat to move passes, except ``seat<n>=move`` overrides."""
    out: dict[int, Any] = dict.fromkeys(game.to_move(state), Pass())
    for key, move in moves.items():
        out[int(key.removeprefix("seat"))] = move
    return out


@pytest.fixture
def data() -> dict[str, Any]:
    return default_data()


Mutator = Callable[[dict[str, Any]], None]
