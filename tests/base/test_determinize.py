"""Determinizations of base-game views: consistent with the view, playable, blind to secrets."""

from __future__ import annotations

from collections import Counter
from typing import Any

import attrs
import pytest

from sevenwonders.base import BaseGame, BaseState, PendingKind
from sevenwonders.base.determinize import determinize
from sevenwonders.core.playout import random_game, random_moves, states
from sevenwonders.core.rng import Rng
from sevenwonders.errors import InvalidStateError


def all_cards(state: BaseState) -> Counter[str]:
    cards: Counter[str] = Counter(state.discard)
    for hand in state.hands:
        cards.update(hand)
    for deck in state.decks:
        cards.update(deck)
    for city in state.cities:
        cards.update(city.cards)
        cards.update(city.tucked)
    return cards


def expected_cards(game: BaseGame) -> Counter[str]:
    cards: Counter[str] = Counter()
    for age in (1, 2, 3):
        cards.update(game.edition.age_cards(age, game.players))
    return cards


@pytest.mark.parametrize(
    ("players", "options"),
    [(3, {}), (4, {"sides": "night"}), (7, {"sides": "random"}), (5, {"edition": "1st",
                                                                       "sides": "ab"})],
)
def test_determinization_shows_the_same_view_and_deals_every_card(
    players: int, options: dict[str, Any]
) -> None:
    game = BaseGame(players=players, **options)
    guilds = set(game.edition.guilds())
    rng = Rng.from_seed(players)
    for index, state in enumerate(states(game, seed=players)):
        if index % 3:
            continue
        for seat in range(players):
            view = game.view(state, seat)
            det, rng = determinize(game, view, rng)
            assert game.view(det, seat) == view
            cards = all_cards(det)
            in_play_guilds = {name for name in cards if name in guilds}
            assert len(in_play_guilds) == players + 2
            assert sum(cards[name] for name in in_play_guilds) == players + 2
            non_guild = Counter({k: v for k, v in cards.items() if k not in guilds})
            assert non_guild == expected_cards(game)


def test_determinization_is_playable_to_the_end() -> None:
    game = BaseGame(players=4, sides="random")
    rng = Rng.from_seed(9)
    for index, state in enumerate(states(game, seed=3)):
        if index % 4 or game.is_over(state):
            continue
        det, rng = determinize(game, game.view(state, index % 4), rng)
        while not game.is_over(det):
            moves, rng = random_moves(game, det, rng)
            det = game.play(det, moves)
        assert len(game.scores(det)) == 4


def test_pending_build_from_discard_keeps_the_visible_discard() -> None:
    game = BaseGame(players=3, wonders=("halicarnassus", "rhodes", "giza"), sides="day")
    rng = Rng.from_seed(1)
    found = 0
    for seed in range(30):
        for state in states(game, seed=seed):
            if state.pending and state.pending[0].kind is PendingKind.BUILD_FROM_DISCARD:
                view = game.view(state, state.pending[0].seat)
                assert view.discard
                det, rng = determinize(game, view, rng)
                assert game.view(det, view.seat) == view
                assert sorted(det.discard) == sorted(state.discard)
                assert game.legal_moves(det, view.seat) == game.legal_moves(state, view.seat)
                found += 1
        if found >= 2:
            break
    assert found


def test_same_view_same_determinization_whatever_is_hidden() -> None:
    game = BaseGame(players=4)
    state = game.new_game(seed=5)
    # Another state that differs only in what seat 0 cannot see: the other hands swapped
    # around, and a different order of the decks.
    hands = state.hands
    other = attrs.evolve(
        state,
        hands=(hands[0], hands[2], hands[3], hands[1]),
        decks=tuple(tuple(reversed(deck)) for deck in state.decks),
        rng=Rng.from_seed(123),
    )
    assert other != state
    view = game.view(state, 0)
    assert game.view(other, 0) == view
    rng = Rng.from_seed(77)
    first, _ = determinize(game, view, rng)
    second, _ = determinize(game, game.view(other, 0), rng)
    assert first == second
    # And a different generator draws a different world with the same view.
    third, _ = determinize(game, view, Rng.from_seed(78))
    assert third != first
    assert game.view(third, 0) == view


def test_own_hand_and_tucked_cards_are_kept() -> None:
    game = BaseGame(players=5)
    final = random_game(game, seed=4)
    view = game.view(final, 2)
    det, _ = determinize(game, view, Rng.from_seed(0))
    assert det.cities[2].tucked == final.cities[2].tucked
    assert det.over and game.scores(det)[2] == game.scores(final)[2]


def test_impossible_views_are_refused() -> None:
    game = BaseGame(players=3)
    view = game.view(game.new_game(seed=1), 0)
    with pytest.raises(InvalidStateError):
        determinize(game, attrs.evolve(view, hand_sizes=(7, 7, 30)), Rng.from_seed(0))
    with pytest.raises(InvalidStateError):
        determinize(BaseGame(players=4), view, Rng.from_seed(0))


def test_determinization_with_an_expansion_is_playable() -> None:
    edifice = pytest.importorskip("sevenwonders.edifice")
    game = BaseGame(players=3, expansions=(edifice.Edifice(),))
    rng = Rng.from_seed(2)
    for index, state in enumerate(states(game, seed=6)):
        if index % 5 or game.is_over(state) or state.pending:
            continue
        view = game.view(state, 1)
        det, rng = determinize(game, view, rng)
        assert game.view(det, 1) == view
        moves, rng = random_moves(game, det, rng)
        game.play(det, moves)
