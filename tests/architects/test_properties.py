"""Whole random games for 2..7 players: cards and tokens accounted for, determinism, JSON, and
views that hide what they must."""

from __future__ import annotations

from collections import Counter
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sevenwonders.architects import ArchitectsGame, ArchitectsState, ArchitectsView
from sevenwonders.architects import events as ev
from sevenwonders.architects.accounting import card_locations
from sevenwonders.architects.events import Event
from sevenwonders.architects.moves import MOVE_TYPES
from sevenwonders.architects.state import Revealed, StartTurn
from sevenwonders.core.playout import random_game, random_moves, states
from sevenwonders.core.rng import Rng
from sevenwonders.core.scoring import ScoreSheet
from sevenwonders.core.serialization import from_json, to_json


def _accounted(game: ArchitectsGame, state: ArchitectsState) -> None:
    n = game.players
    seen = card_locations(state)
    assert sum(seen.values()) == 25 * n + 60
    assert all(count == 1 for count in seen.values())
    tokens = Counter(state.face_up) + Counter(state.token_pile)
    for city in state.cities:
        tokens.update(city.tokens)
    assert sum(tokens.values()) == 15 and tokens["culture"] == 2
    game.check(state)


def _scramble(game: ArchitectsGame, state: ArchitectsState, seat: int,
              seed: int) -> ArchitectsState:
    """The same position as ``seat`` sees it: every hidden order shuffled, another rng."""
    rng = Rng.from_seed(seed)
    keep_central_top = ((state.cat == seat and state.current == seat
                        and (isinstance(state.pending, StartTurn) or state.peeked))
                        or game.view(state, seat).memory.central_top is not None)
    decks = []
    for deck in state.decks:
        below, rng = rng.shuffle(deck[:-1])
        decks.append((*below, *deck[-1:]))
    if keep_central_top:
        below, rng = rng.shuffle(state.central[:-1])
        central = (*below, *state.central[-1:])
    else:
        central, rng = rng.shuffle(state.central)
    pile, rng = rng.shuffle(state.token_pile)
    pending = state.pending
    if isinstance(pending, Revealed) and state.current != seat:
        # Swap the revealed cards with as many cards from the central deck.
        k = min(len(pending.cards), len(central))
        pending, central = (Revealed(pending.deck, (*central[:k], *pending.cards[k:])),
                            (*pending.cards[:k], *central[k:]))
        central, rng = rng.shuffle(central) if not keep_central_top else (central, rng)
    return attrs.evolve(state, decks=tuple(decks), central=central, token_pile=pile,
                        pending=pending, rng=rng)


def _round_trips(game: ArchitectsGame, state: ArchitectsState) -> None:
    copy = from_json(to_json(state), ArchitectsState)
    assert copy == state and copy is not state
    # A state read back (not the game's last one) offers the same moves.
    assert game.legal_moves(copy, copy.current) == game.legal_moves(state, state.current)
    for seat in range(game.players):
        view = game.view(state, seat)
        assert from_json(to_json(view), ArchitectsView) == view
    for sheet in game.scores(state):
        assert from_json(to_json(sheet), ScoreSheet) == sheet


@pytest.mark.parametrize("players", range(2, 8))
def test_random_games(players: int) -> None:
    game = ArchitectsGame(players=players)
    for seed in range(10):
        steps = 0

        def check(before: ArchitectsState, moves: dict[int, Any], after: ArchitectsState) -> None:
            nonlocal steps
            steps += 1
            _accounted(game, after)
            (seat, move), = moves.items()
            assert isinstance(move, MOVE_TYPES) and seat == before.current
            assert game.parse_move(before, seat, str(move)) == move
            assert not game.is_over(after) or game.to_move(after) == frozenset()
            if not game.is_over(after):
                assert len(game.legal_moves(after, after.current)) >= 2
            if steps % 17 == 0:
                _round_trips(game, after)
            if isinstance(after.pending, StartTurn) and (after.face_up or after.token_pile):
                # Science sets are always cashed in while tokens remain.
                for city in after.cities:
                    _, _, sci = game.moves.counts(city)
                    assert max(sci) < 2 and min(sci) == 0

        final = random_game(game, seed, on_step=check)
        assert game.is_over(final)
        sheets = game.scores(final)
        assert all(set(s.lines) == {"wonder", "cat", "blue", "military", "progress"}
                   for s in sheets)
        assert all(s.tiebreak == (len(c.built),) for s, c in zip(sheets, final.cities,
                                                                strict=True))
        assert 1 in game.ranking(final)
        complete = [len(c.built) == 5 for c in final.cities]
        assert any(complete) or (not final.central and not any(final.decks))
        _round_trips(game, final)


@pytest.mark.parametrize("players", [2, 5, 7])
def test_determinism(players: int) -> None:
    game = ArchitectsGame(players=players)
    first = [to_json(s) for s in states(game, 21)]
    again = [to_json(s) for s in states(ArchitectsGame(players=players), 21)]
    assert first == again
    other = [to_json(s) for s in states(game, 21, move_seed=22)]
    assert other != first


def test_events_round_trip_and_describe_the_game() -> None:
    game = ArchitectsGame(players=4)
    state = game.new_game(8)
    rng = Rng.from_seed(3)
    seen: set[str] = set()
    while not game.is_over(state):
        moves, rng = random_moves(game, state, rng)
        state, events = game.step(state, moves)
        for event in events:
            seen.add(type(event).__name__)
            assert from_json(to_json(event), type(event)) == event
            assert from_json(to_json(event), Event) == event  # type: ignore[arg-type]
    assert {"CardTaken", "TurnEnded", "GameEnded", "StageBuilt"} <= seen


@pytest.mark.parametrize("players", [2, 3, 6])
def test_views_hide_deck_orders_and_secrets(players: int) -> None:
    game = ArchitectsGame(players=players)
    for i, state in enumerate(states(game, 40 + players)):
        if i % 3:
            continue
        for seat in range(players):
            view = game.view(state, seat)
            text = to_json(view)
            assert str(state.rng.state) not in text
            scrambled = _scramble(game, state, seat, i)
            assert game.view(scrambled, seat) == view, (i, seat)


def test_views_show_the_cat_holder_the_central_top() -> None:
    game = ArchitectsGame(players=3)
    shown = 0
    for state in states(game, 5):
        for seat in range(3):
            top = game.view(state, seat).central_top
            if top is not None:
                shown += 1
                assert seat == state.cat == state.current
                t = game.tables
                assert top == t.kind_ids[t.card_kind[state.central[-1]]]
    assert shown > 0


OPTION_SETS = [
    {"babylon_deck": "stone2_brick1"}, {"wonder_effects_mandatory": False},
    {"economy_forces_build": True, "economy_splits": False}, {"retroactive_tokens": True},
    {"wonder_cards_trigger": False}, {"engineering_forces_build": False},
    {"halicarnassus_shuffle": "returned", "halicarnassus_public": True},
    {"olympia_one_deck": False, "wonder_effects_mandatory": False},
]


@pytest.mark.parametrize("options", OPTION_SETS)
def test_random_games_with_other_options(options: dict[str, Any]) -> None:
    for players in (2, 4, 7):
        game = ArchitectsGame(players=players, **options)
        for seed in range(3):
            final = random_game(game, seed, on_step=lambda b, m, a, g=game: g.check(a))
            assert game.is_over(final)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(2, 7), st.integers(0, 2**64 - 1), st.integers(0, 1000))
def test_any_seed_plays_to_a_valid_end(players: int, seed: int, move_seed: int) -> None:
    game = ArchitectsGame(players=players)
    final = random_game(game, seed, move_seed=move_seed)
    _accounted(game, final)
    assert game.is_over(final)
    assert from_json(to_json(final), ArchitectsState) == final


@pytest.mark.parametrize("players", [2, 3, 7])
def test_battles_in_random_games(players: int) -> None:
    game = ArchitectsGame(players=players)
    t = game.tables
    battles = 0
    for seed in range(6):
        state = game.new_game(seed)
        rng = Rng.from_seed(seed)
        while not game.is_over(state):
            moves, rng = random_moves(game, state, rng)
            before = state
            state, events = game.step(state, moves)
            fought = [e for e in events if isinstance(e, ev.Battle)]
            battles += len(fought)
            assert sum(c.military for c in state.cities) == sum(
                c.military for c in before.cities) + sum(sum(b.won) for b in fought)
            if fought:
                last = max(i for i, e in enumerate(events) if isinstance(e, ev.Battle))
                if not any(isinstance(e, ev.CardTaken) for e in events[last:]):
                    assert state.flipped == 0
                    assert not any(t.horns[t.card_kind[c]] for city in state.cities
                                   for c in city.cards)
                for battle in fought:
                    assert battle.won == game.engine.battle_gains(battle.shields)
    assert battles > 0


def test_same_bytes_whatever_the_hash_seed() -> None:
    import os
    import subprocess
    import sys

    script = ("import hashlib\n"
              "from sevenwonders.architects import ArchitectsGame\n"
              "from sevenwonders.core.playout import states\n"
              "from sevenwonders.core.serialization import to_json\n"
              "g = ArchitectsGame(players=4)\n"
              "print(hashlib.sha256(''.join(to_json(s) for s in states(g, 5)).encode())"
              ".hexdigest())\n")
    digests = set()
    for hash_seed in ("1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        out = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True,
                             text=True, check=True)
        digests.add(out.stdout.strip())
    assert len(digests) == 1
