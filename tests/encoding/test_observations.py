"""Observations: fixed shape, a function of the view, blind to what the seat may not see."""

from __future__ import annotations

import itertools
import random
from typing import Any

import attrs
import numpy as np
import pytest

from sevenwonders.base.state import PendingKind
from sevenwonders.core.rng import Rng
from sevenwonders.rl import Adapter, make_encoder
from tests.rl.helpers import CONFIGS, IDS, game_of, playout


@pytest.mark.parametrize(("name", "players", "options"), CONFIGS, ids=IDS)
def test_shape_and_same_view_same_array(name: str, players: int,
                                        options: dict[str, Any]) -> None:
    game = game_of(name, players, options)
    encoder = make_encoder(game)
    assert encoder.layout.size == encoder.size
    fresh = make_encoder(game_of(name, players, options))  # no memo shared with ``encoder``
    seen = set()
    for state in itertools.islice(playout(game, 1), 0, None, 3):
        for seat in range(players):
            view = game.view(state, seat)
            obs = encoder.encode(view)
            assert obs.shape == (encoder.size,) and obs.dtype == np.float32
            assert np.array_equal(obs, fresh.encode(view))
            assert np.array_equal(obs, encoder.encode(game.view(state, seat)))
            seen.add(obs.tobytes())
    assert len(seen) > 5  # the observation follows the game


def _twin_base(state: Any, seat: int) -> Any:
    """The same base state except for what ``seat`` cannot see: other hands change owners,
    hidden cards (the discard pile unless ``seat`` builds from it, other seats' tucked cards)
    trade places with cards of the decks, the decks are reordered, and the generator differs."""
    others = [s for s in range(state.players) if s != seat]
    hands = list(state.hands)
    if len({len(hands[s]) for s in others}) == 1:
        for s, t in zip(others, others[1:] + others[:1], strict=True):
            hands[s] = state.hands[t]
    pool = [card for deck in state.decks for card in deck]  # cards nobody sees
    sees_discard = any(p.seat == seat and p.kind is PendingKind.BUILD_FROM_DISCARD
                       for p in state.pending[:1])
    discard = state.discard
    if discard and pool and not sees_discard:
        discard, pool[0] = (pool[0], *discard[1:]), discard[0]
    cities = list(state.cities)
    for s in others:
        if cities[s].tucked and len(pool) > 1:
            tucked = cities[s].tucked
            cities[s] = attrs.evolve(cities[s], tucked=(pool[1], *tucked[1:]))
            pool[1] = tucked[0]
    decks, at = [], 0
    for deck in state.decks:
        decks.append(tuple(pool[at:at + len(deck)])[::-1])
        at += len(deck)
    return attrs.evolve(state, hands=tuple(hands), decks=tuple(decks), discard=discard,
                        cities=tuple(cities), rng=Rng.from_seed(12345))


def _twin_architects(state: Any, seat: int) -> Any:
    """Deck orders below the face-up tops, the central deck below its top, the token pile and
    the generator change."""
    return attrs.evolve(
        state, decks=tuple(d[:-1][::-1] + d[-1:] for d in state.decks),
        central=state.central[:-1][::-1] + state.central[-1:],
        token_pile=state.token_pile[::-1], rng=Rng.from_seed(12345))


def _twin_dice(state: Any, seat: int) -> Any:
    return attrs.evolve(state, rng=Rng.from_seed(12345))  # Dice hides only its generator


TWINS = {"base": _twin_base, "architects": _twin_architects, "dice": _twin_dice}


@pytest.mark.parametrize(("name", "players", "options"), CONFIGS, ids=IDS)
def test_hidden_information_does_not_show(name: str, players: int,
                                          options: dict[str, Any]) -> None:
    adapter = Adapter(game_of(name, players, options), players)
    game = adapter.game
    differed = 0
    for state in itertools.islice(playout(game, 2), 0, None, 2):
        if game.is_over(state):
            continue
        for seat in range(players):
            twin = TWINS[name](state, seat)
            assert twin != state
            active = seat in game.to_move(state)
            mine = adapter.observe(state, seat, active)
            theirs = adapter.observe(twin, seat, active)
            assert np.array_equal(mine["observation"], theirs["observation"])
            assert np.array_equal(mine["action_mask"], theirs["action_mask"])
            if name == "base":  # the hands did move: another seat's observation shows it
                other = (seat + 1) % players
                differed += not np.array_equal(
                    adapter.observe(state, other, False)["observation"],
                    adapter.observe(twin, other, False)["observation"])
    if name == "base":
        assert differed


@pytest.mark.parametrize(("name", "players", "options"), CONFIGS, ids=IDS)
def test_memoised_blocks_never_leak_between_states(name: str, players: int,
                                                   options: dict[str, Any]) -> None:
    """Views of many states in shuffled order through one encoder give what a fresh encoder
    gives for each (the encoders memoise the blocks every seat's view of a state shares)."""
    game = game_of(name, players, options)
    views = [game.view(state, seat) for seed in (3, 4)
             for state in itertools.islice(playout(game, seed), 0, None, 2)
             for seat in range(players)]
    random.Random(0).shuffle(views)
    shared = make_encoder(game)
    for view in views[:60]:
        assert np.array_equal(shared.encode(view), make_encoder(game).encode(view))


@pytest.mark.parametrize(("name", "players", "options"), CONFIGS, ids=IDS)
def test_the_encoders_memory_changes_no_observation(name: str, players: int,
                                                     options: dict[str, Any]) -> None:
    """Encoders remember blocks of the last views (cities, decks, sheets, by identity of the
    view's parts): along two whole games played in turns, every seat's observation from one
    long-lived encoder equals that of an encoder made for that observation alone."""
    game = game_of(name, players, options)
    encoder = make_encoder(game)
    games = [playout(game, 11), playout(game, 12)]
    alive = [True, True]
    while any(alive):
        for k, states in enumerate(games):
            state = next(states, None)
            if state is None:
                alive[k] = False
                continue
            for seat in (*range(players), 0):  # seat 0 again, after the others
                view = game.view(state, seat)
                assert np.array_equal(encoder.encode(view), make_encoder(game).encode(view))


def _segment(adapter: Adapter, name: str, vector: Any) -> Any:
    start, length = next((s, n) for seg, s, n in adapter.layout.segments if seg == name)
    return vector[start:start + length]


@pytest.mark.parametrize("options", [{}, {"expansions": ["edifice"]}])
def test_base_observations_encode_the_seats_memory(options: dict[str, Any]) -> None:
    """What a seat remembers (the hands it saw, the discards it knows) is in its observation,
    hand by hand in relative order, and decodes back to its view's memory."""
    game = game_of("base", 4, options)
    adapter = Adapter(game, 4)
    cards = sorted(game.edition.cards)
    remembered = 0
    for state in playout(game, 8):
        for seat in range(4):
            view = game.view(state, seat)
            vector = adapter.vector(state, seat)
            hands = _segment(adapter, "memory_hands", vector).reshape(4, -1)
            seen = _segment(adapter, "memory_seen", vector)
            for k in range(4):
                known = view.memory.hands[(seat + k) % 4] if view.memory.hands else None
                assert seen[k] == (known is not None)
                assert sorted(c for i, c in enumerate(cards) for _ in range(int(hands[k, i]))) \
                    == sorted(known or ())
                remembered += k > 0 and bool(known)
            discard = _segment(adapter, "memory_discard", vector)
            assert int(discard.sum()) == len(view.memory.discard)
    assert remembered  # seats did remember other hands


def test_architects_observations_encode_the_seats_memory() -> None:
    game = game_of("architects", 3, {})
    adapter = Adapter(game, 3)
    known = 0
    for seed in range(4):
        for state in playout(game, seed):
            for seat in range(3):
                memory = game.view(state, seat).memory
                vector = adapter.vector(state, seat)
                top = _segment(adapter, "memory_central_top", vector)
                tops = _segment(adapter, "memory_deck_tops", vector)
                assert top.sum() == (memory.central_top is not None)
                assert tops.sum() == sum(len(names) for names in memory.deck_tops)
                known += memory.central_top is not None
    assert known  # the cat's holder saw the central top
