"""Whole random games for 2 to 7 players: invariants, determinism and JSON round-trips."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sevenwonders.core.playout import random_game, random_moves
from sevenwonders.core.rng import Rng
from sevenwonders.core.scoring import ScoreSheet
from sevenwonders.core.serialization import from_json, to_json
from sevenwonders.dice import DiceGame, DiceMove, DiceState, DiceView
from sevenwonders.dice.events import DiceEvent
from sevenwonders.dice.state import Phase

GAMES = {n: DiceGame(players=n) for n in range(2, 8)}


def _check_state(game: DiceGame, state: DiceState) -> None:
    assert all(0 <= s.coins <= game.tables.sheets[s.sheet].reserve_size for s in state.seats)
    assert len(state.forum) == 7
    assert len({r.die for r in state.forum}) == 7
    to_move = game.to_move(state)
    if state.phase is Phase.ACTION:
        assert to_move == frozenset(range(game.players))
    for seat in range(game.players):
        legal = game.legal_moves(state, seat)
        assert bool(legal) == (seat in to_move)
        assert len(set(legal)) == len(legal)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(2, 7), seed=st.integers(0, 2**63), move_seed=st.integers(0, 1000))
def test_random_games_keep_invariants(players: int, seed: int, move_seed: int) -> None:
    game = GAMES[players]
    steps = 0

    def check(before: Any, moves: dict[int, Any], after: Any) -> None:
        nonlocal steps
        steps += 1
        _check_state(game, after)
        for seat, move in moves.items():
            assert game.parse_move(before, seat, str(move)) == move

    final = random_game(game, seed, move_seed=move_seed, on_step=check)
    assert game.is_over(final) and steps > 0
    assert any(s.bonus_count >= 3 for s in final.seats)
    sheets = game.scores(final)
    assert all(len(s.lines) == 8 and s.tiebreak == (st_.coins,)
               for s, st_ in zip(sheets, final.seats, strict=True))
    ranks = game.ranking(final)
    assert (min(ranks) == 1 and sorted(ranks) == list(ranks)) or min(ranks) == 1


@pytest.mark.parametrize("players", range(2, 8))
def test_determinism_and_round_trips(players: int) -> None:
    game = GAMES[players]
    seed = 100 + players
    rng = Rng.from_seed(seed)
    state = game.new_game(seed)
    log: list[str] = []
    while not game.is_over(state):
        moves, rng = random_moves(game, state, rng)
        after, events = game.step(state, moves)
        assert from_json(to_json(after), DiceState) == after
        for event in events:
            assert from_json(to_json(event), DiceEvent) == event  # type: ignore[arg-type]
        for move in moves.values():
            assert from_json(to_json(move), DiceMove) == move  # type: ignore[arg-type]
        view = game.view(after, len(log) % players)
        assert from_json(to_json(view), DiceView) == view
        log.append(to_json(after))
        state = after
    for sheet in game.scores(state):
        assert from_json(to_json(sheet), ScoreSheet) == sheet
    # same seed and same moves give the same bytes, and earlier states were not changed
    replay = game.new_game(seed)
    rng = Rng.from_seed(seed)
    for expected in log:
        moves, rng = random_moves(game, replay, rng)
        before = to_json(replay)
        replay = game.play(replay, moves)
        assert to_json(replay) == expected
        assert to_json(replay) != before
    assert to_json(random_game(game, seed)) == to_json(random_game(game, seed))
