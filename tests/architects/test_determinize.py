"""Determinization: a state drawn from a view shows the same view and is a valid state."""

from __future__ import annotations

import pytest

from sevenwonders.architects import ArchitectsGame
from sevenwonders.architects.determinize import determinize
from sevenwonders.architects.state import Revealed
from sevenwonders.core.playout import states
from sevenwonders.core.rng import Rng
from sevenwonders.errors import InvalidStateError


@pytest.mark.parametrize("players", [2, 3, 5, 7])
def test_determinization_shows_the_same_view(players: int) -> None:
    game = ArchitectsGame(players=players, wonder_effects_mandatory=players != 3)
    rng = Rng.from_seed(players)
    for i, state in enumerate(states(game, 100 + players)):
        if i % 4 and not isinstance(state.pending, Revealed):
            continue
        for seat in range(players):
            view = game.view(state, seat)
            drawn, rng = determinize(game, view, rng)
            game.check(drawn)
            assert game.view(drawn, seat) == view
            if seat == state.current:
                assert game.legal_moves(drawn, seat) == game.legal_moves(state, seat)


def test_the_peeked_central_card_stays_on_top_of_every_determinization() -> None:
    # after the main take the cat holder still knows the card it saw.
    game = ArchitectsGame(players=3)
    found = 0
    for seed in range(40):
        for state in states(game, seed):
            if not state.peeked:
                continue
            found += 1
            view = game.view(state, state.current)
            assert view.central_top is not None
            for draw in range(3):
                drawn, _ = determinize(game, view, Rng.from_seed(draw))
                game.check(drawn)
                kind = game.tables.card_kind
                assert kind[drawn.central[-1]] == kind[state.central[-1]] and drawn.peeked
                assert game.view(drawn, state.current) == view
    assert found >= 5


def test_determinization_draws_the_hidden_parts() -> None:
    game = ArchitectsGame(players=3)
    state = game.new_game(4)
    view = game.view(state, 1)
    first, rng = determinize(game, view, Rng.from_seed(1))
    second, _ = determinize(game, view, rng)
    assert first.central != second.central
    assert first.decks[0][-1] == second.decks[0][-1] == state.decks[0][-1]


def test_an_inconsistent_view_is_rejected() -> None:
    import attrs

    game = ArchitectsGame(players=2)
    view = game.view(game.new_game(2), 0)
    bad = attrs.evolve(view, central_size=view.central_size + 1)
    with pytest.raises(InvalidStateError):
        determinize(game, bad, Rng.from_seed(0))
