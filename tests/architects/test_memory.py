"""What an Architects seat remembers of face-down cards (``ArchitectsView.memory``): true, seen
by that seat, kept after its turn, dealt as known by the determinizer."""

from __future__ import annotations

from collections import Counter
from itertools import islice
from typing import Any

import pytest

from sevenwonders.architects import ArchitectsGame
from sevenwonders.architects.determinize import determinize
from sevenwonders.architects.state import ArchitectsState
from sevenwonders.architects.view import ArchitectsView
from sevenwonders.core.playout import states
from sevenwonders.core.rng import Rng
from sevenwonders.core.serialization import from_json, to_json

CONFIGS: list[tuple[int, dict[str, Any]]] = [
    (2, {}), (3, {"halicarnassus_shuffle": "returned"}),
    (5, {"halicarnassus_shuffle": "returned", "halicarnassus_public": True}),
    (7, {"halicarnassus_shuffle": "returned"}),  # (every wonder at the table)
]


def _kinds(game: ArchitectsGame, cards: tuple[int, ...]) -> list[str]:
    t = game.tables
    return [t.kind_ids[t.card_kind[card]] for card in cards]


@pytest.mark.parametrize(("players", "options"), CONFIGS)
def test_memory_is_true_and_was_seen_by_the_seat(players: int, options: dict[str, Any]) -> None:
    game = ArchitectsGame(players=players, **options)
    kept_after_turn = 0
    for seed in (1, 2, 3):
        # per seat: the central deck's size when it last saw its top card; the decks whose
        # top cards it saw through Halicarnassus
        peeked: list[int | None] = [None] * players
        looked: list[set[str]] = [set() for _ in range(players)]
        for state in states(game, seed):
            for seat in range(players):
                view = game.view(state, seat)
                memory = view.memory
                if view.central_top is not None:
                    peeked[seat] = view.central_size
                if view.revealed and view.revealed_deck is not None:
                    looked[seat].add(view.revealed_deck)
                if memory.central_top is not None:
                    assert memory.central_top == _kinds(game, state.central[-1:])[0]
                    assert peeked[seat] == view.central_size  # seen, and nothing drawn since
                    kept_after_turn += state.current != seat
                for deck, kinds, shown in zip(state.decks, memory.deck_tops, view.decks,
                                              strict=True):
                    if kinds:
                        assert Counter(kinds) == Counter(_kinds(game, deck[-len(kinds):]))
                        assert shown.wonder in looked[seat]
    assert kept_after_turn > 0


@pytest.mark.parametrize(("players", "options"), CONFIGS)
def test_determinization_deals_the_remembered_cards_where_they_are(
        players: int, options: dict[str, Any]) -> None:
    game = ArchitectsGame(players=players, **options)
    rng = Rng.from_seed(players)
    remembered = 0
    for state in islice(states(game, 4), 0, None, 3):  # every third position
        for seat in range(players):
            view = game.view(state, seat)
            sample, rng = determinize(game, view, rng)
            assert game.view(sample, seat) == view
            if view.memory.central_top is not None:
                assert _kinds(game, sample.central[-1:]) == _kinds(game, state.central[-1:])
                remembered += 1
            for i, kinds in enumerate(view.memory.deck_tops):
                if kinds:
                    assert Counter(_kinds(game, sample.decks[i][-len(kinds):])) == Counter(kinds)
                    remembered += 1
    assert remembered > 0


def test_states_and_views_with_memory_read_back_equal() -> None:
    game = ArchitectsGame(players=3, halicarnassus_shuffle="returned")
    for index, state in enumerate(states(game, 9)):
        if index % 5:
            continue
        assert from_json(to_json(state), ArchitectsState) == state
        for seat in range(3):
            view = game.view(state, seat)
            assert from_json(to_json(view), ArchitectsView) == view
