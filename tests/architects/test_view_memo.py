"""The view's memos (deck views, discard, notation, city views) never change what a view shows."""

from __future__ import annotations

import random

import attrs

from sevenwonders.architects import ArchitectsGame, ArchitectsState
from sevenwonders.architects.view import DeckView, city_view, deck_views


def _fresh_decks(game: ArchitectsGame, state: ArchitectsState) -> tuple[DeckView, ...]:
    t = game.tables
    return tuple(DeckView(city.wonder, len(deck), t.kind_ids[t.card_kind[deck[-1]]] if deck
                          else None) for city, deck in zip(state.cities, state.decks, strict=True))


def test_two_games_interleaved_show_their_own_decks_discard_cities_and_moves() -> None:
    game = ArchitectsGame(4)
    states = [game.new_game(1), game.new_game(2)]
    rng = random.Random(0)
    for step in range(400):
        k = step % 2 if step % 7 else rng.randrange(2)
        state = states[k]
        if game.is_over(state):
            continue
        for seat in range(4):
            view = game.view(state, seat)
            assert view.decks == _fresh_decks(game, state)
            assert view.cities == tuple(city_view(game.tables, city, game.engine.shields(city))
                                        for city in state.cities)
            kinds = game.tables.card_kind_id
            assert view.discard == tuple(kinds[card] for card in state.discard)
            mine = seat == state.current
            assert view.moves == (tuple(str(m) for m in game.legal_moves(state, seat)) if mine
                                  else ())
        (seat,) = game.to_move(state)
        states[k] = game.play(state, {seat: rng.choice(game.legal_moves(state, seat))})


def test_empty_decks_of_another_game_keep_their_own_wonders() -> None:
    game = ArchitectsGame(3)
    a, b = game.new_game(1), game.new_game(2)
    assert [c.wonder for c in a.cities] != [c.wonder for c in b.cities]
    empty_a = attrs.evolve(a, decks=((),) * 3)
    empty_b = attrs.evolve(b, decks=((),) * 3)
    tables = game.tables
    assert deck_views(tables, empty_a) == _fresh_decks(game, empty_a)
    assert deck_views(tables, empty_b) == _fresh_decks(game, empty_b)
