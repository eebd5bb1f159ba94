"""Whole random 1st-edition games for 3..7 players and the invariants of test_properties.py."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from sevenwonders import from_json, to_json
from sevenwonders.base import BaseGame, BaseState, BaseView, PendingKind
from sevenwonders.base.events import (
    CardBuilt,
    CardSold,
    CoinsGained,
    Event,
    PendingDecision,
    StageBuilt,
)
from sevenwonders.core.playout import random_game

FIRST_EDITION_ONLY = {"Pawnshop", "Strategists Guild"}
SECOND_EDITION_ONLY = {"Well", "Ludus", "Castrum", "Decorators Guild"}


def _cards_in_play(state: BaseState) -> int:
    return (sum(len(h) for h in state.hands) + sum(len(d) for d in state.decks)
            + len(state.discard) + sum(len(c.cards) + len(c.tucked) for c in state.cities))


def _names(state: BaseState) -> set[str]:
    return ({n for h in state.hands for n in h} | {n for d in state.decks for n in d}
            | set(state.discard) | {n for c in state.cities for n in (*c.cards, *c.tucked)})


def _checked_game(g: BaseGame, seed: int, seen: Counter[str]) -> BaseState:
    """Play a random game, checking every step; count the 1st-edition powers used in ``seen``."""
    n = g.players
    total = 3 * 7 * n
    played: Counter[tuple[int, int]] = Counter()

    def check(before: BaseState, moves: dict[int, Any], after: BaseState) -> None:
        again, events = g.step(before, moves)
        assert again == after  # play and step agree: the step is a pure function
        assert _cards_in_play(after) == total
        bank_in = sum(e.coins for e in events if isinstance(e, CardSold)) + sum(
            e.amount for e in events if isinstance(e, CoinsGained))
        bank_out = sum(e.bank for e in events if isinstance(e, CardBuilt | StageBuilt))
        delta = sum(c.coins for c in after.cities) - sum(c.coins for c in before.cities)
        assert delta == bank_in - bank_out
        assert all(c.coins >= 0 for c in after.cities)
        assert all(len(set(c.cards)) == len(c.cards) for c in after.cities)
        assert all(c.free_build_age <= after.age for c in after.cities)
        if not before.pending:
            assert all(len(h) == 8 - before.turn for h in before.hands)
            for seat in moves:
                played[(before.age, seat)] += 1
        for event in events:
            if isinstance(event, CardBuilt) and event.free:
                seen[event.free] += 1
            elif isinstance(event, PendingDecision):
                seen[event.kind.value] += 1
            assert from_json(to_json(event), Event) == event  # type: ignore[arg-type]
        if before.turn in (1, 6):
            assert from_json(to_json(before), BaseState) == before
            for seat in g.to_move(before):  # every listed move is accepted and reads back
                for move in g.legal_moves(before, seat):
                    assert g.is_legal(before, seat, move)
                    assert g.parse_move(before, seat, str(move)) == move
            for seat in range(n):
                view = g.view(before, seat)
                assert from_json(to_json(view), BaseView) == view

    first_state = g.new_game(seed)
    assert _cards_in_play(first_state) == total
    final: BaseState = random_game(g, seed, on_step=check)
    assert _names(final) <= set(g.edition.cards)
    assert not _names(final) & SECOND_EDITION_ONLY
    assert set(played.values()) == {6} and len(played) == 3 * n
    assert final.over and g.to_move(final) == frozenset()
    assert all(len(c.tokens) <= 6 for c in final.cities)
    for sheet in g.scores(final):
        assert from_json(to_json(sheet), type(sheet)) == sheet
        assert sheet.total == sum(sheet.lines.values())
    return final


@pytest.mark.parametrize("sides", ["a", "b", "ab"])
@pytest.mark.parametrize("players", range(3, 8))
def test_random_first_edition_games_keep_their_invariants(players: int, sides: str) -> None:
    g = BaseGame(players=players, edition="1st", sides=sides)
    seen: Counter[str] = Counter()
    for seed in range(3):
        final = _checked_game(g, 1000 * players + seed, seen)
        if sides != "ab":
            assert {c.side for c in final.cities} == {sides}


POWER_WONDERS = ("olympia", "babylon", "halicarnassus", "giza", "rhodes", "alexandria",
                 "ephesus")


def test_random_games_use_the_first_edition_powers() -> None:
    """With the power boards at the table, random play uses the turn powers at least once.

    (Olympia B rarely completes in random play; her guild copy is tested in test_first_powers.)
    """
    seen: Counter[str] = Counter()
    for side in ("a", "b"):
        g = BaseGame(players=7, edition="1st", sides=side, wonders=POWER_WONDERS)
        for seed in range(12):
            _checked_game(g, seed, seen)
    assert seen["free_build"] > 0  # Olympia A
    assert seen[PendingKind.PLAY_LAST_CARD.value] > 0  # Babylon B
    assert seen[PendingKind.BUILD_FROM_DISCARD.value] > 0  # Halicarnassus A and B
    assert seen["discard"] > 0


def _json_states(g: BaseGame, seed: int) -> list[str]:
    states: list[str] = []
    random_game(g, seed, on_step=lambda _b, _m, after: states.append(to_json(after)))
    return states


@pytest.mark.parametrize("players", [3, 7])
def test_same_seed_gives_identical_games(players: int) -> None:
    g = BaseGame(players=players, edition="1st", sides="ab")
    run = _json_states(g, 99)
    assert run and run == _json_states(g, 99)
    assert _json_states(g, 98) != run
