"""Move notation: every move reads back from its text; bad text raises NotationError only."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sevenwonders.architects import moves as m
from sevenwonders.core.serialization import from_json, to_json
from sevenwonders.errors import NotationError

EXAMPLES = [
    (m.Take(m.Source.LEFT), "take left"),
    (m.Build("3s", "WW$"), "build 3s: W W $"),
    (m.Science(("gear", "gear")), "science gear gear"),
    (m.ChooseToken("hidden"), "token hidden"),
    (m.Extra("urbanism", m.Source.CENTRAL), "extra urbanism central"),
    (m.Alexandria("giza"), "alexandria giza"),
    (m.Halicarnassus(m.Source.RIGHT), "halicarnassus right"),
    (m.Pick("gold"), "pick gold"),
    (m.UseEffect("olympia"), "use olympia"),
    (m.Skip(), "skip"),
    (m.EndTurn(), "end"),
]


@pytest.mark.parametrize(("move", "text"), EXAMPLES)
def test_notation_round_trip(move: m.Move, text: str) -> None:
    assert str(move) == text
    assert m.parse(text) == move
    assert from_json(to_json(move), type(move)) == move
    assert from_json(to_json(move), m.Move) == move  # type: ignore[arg-type]


@pytest.mark.parametrize("text", [
    "", "take", "take left right", "take north", "build 3s W W", "build 3s:", "build 3s: WW",
    "science gear", "science a b c d", "token", "extra urbanism", "extra urbanism up",
    "halicarnassus central", "skip now", "dance",
])
def test_unreadable(text: str) -> None:
    with pytest.raises(NotationError):
        m.parse(text)


def test_not_text() -> None:
    with pytest.raises(NotationError):
        m.parse(42)  # type: ignore[arg-type]


@given(st.text(max_size=30))
def test_parse_never_raises_anything_else(text: str) -> None:
    try:
        move = m.parse(text)
    except NotationError:
        return
    assert m.parse(str(move)) == move


def test_names_in_notation_are_matched_without_case() -> None:
    # every listed move reads back whatever the case of its words.
    from sevenwonders.architects import ArchitectsGame
    from sevenwonders.core.playout import states

    game = ArchitectsGame(players=4)
    checked = 0
    for state in list(states(game, 3))[::3]:
        seat = state.current
        for move in game.legal_moves(state, seat):
            assert game.parse_move(state, seat, str(move).upper()) == move
            assert game.parse_move(state, seat, str(move).lower()) == move
            checked += 1
    assert checked > 50
