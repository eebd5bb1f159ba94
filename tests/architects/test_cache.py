"""The speed memory of an Architects game: bounded, not pickled, not poisoned by callers."""

from __future__ import annotations

import pickle
import random

import attrs
import pytest

from sevenwonders.architects import ArchitectsGame
from sevenwonders.architects.fast.moves import PAYMENTS
from sevenwonders.architects.moves import Source, Take
from sevenwonders.architects.state import ArchitectsState
from sevenwonders.core.serialization import converter, to_json
from sevenwonders.errors import IllegalMoveError
from tests.core.speed_slot_helpers import held_states


def _play(game: ArchitectsGame, seed: int, tamper: bool = False) -> list[str]:
    """A seeded random game; with ``tamper``, every move handed out is then changed in place."""
    chooser = random.Random(seed)
    state = game.new_game(seed)
    trail = [to_json(state)]
    while not game.is_over(state):
        seat = state.current
        legal = game.legal_moves(state, seat)
        move = legal[chooser.randrange(len(legal))]
        chosen = converter.structure(converter.unstructure(move), type(move))
        if tamper:
            for offered in legal:
                for field in attrs.fields(type(offered)):
                    value = Source.CENTRAL if field.type in (Source, "Source") else "x"
                    object.__setattr__(offered, field.name, value)
        state = game.play(state, {seat: chosen})
        trail.append(to_json(state))
    return trail


@pytest.mark.parametrize("players", [2, 4])
def test_callers_changing_offered_moves_change_nothing(players: int) -> None:
    clean = [_play(ArchitectsGame(players), seed) for seed in range(3)]
    game = ArchitectsGame(players)
    assert [_play(game, seed, tamper=True) for seed in range(3)] == clean
    assert [_play(game, seed) for seed in range(3)] == clean  # later games as well


def test_a_changed_move_is_judged_by_its_new_value() -> None:
    game = ArchitectsGame(2)
    state = game.new_game(3)
    seat = state.current
    offered = game.legal_moves(state, seat)
    assert [str(m) for m in offered] == ["take left", "take right", "take central"]
    object.__setattr__(offered[0], "source", Source.CENTRAL)
    object.__setattr__(offered[1], "source", "nowhere")
    after = game.play(state, {seat: offered[0]})
    assert after == game.play(state, {seat: Take(Source.CENTRAL)})
    with pytest.raises(IllegalMoveError):
        game.play(state, {seat: offered[1]})
    assert [str(m) for m in game.legal_moves(state, seat)] == [
        "take left", "take right", "take central"]


def test_the_memory_is_bounded_and_not_pickled() -> None:
    game = ArchitectsGame(3)
    for seed in range(40):
        _play(game, seed)
    cache = game.moves.cache
    assert 0 < len(cache.payments) <= PAYMENTS
    assert held_states(cache, ArchitectsState) <= 1  # the last one; the others keep their own
    assert len(pickle.dumps(game)) == len(pickle.dumps(ArchitectsGame(3))) < 1000
    moves = pickle.loads(pickle.dumps(game.moves))
    assert moves.cache.last[1] == () and not moves.cache.payments
    copy = pickle.loads(pickle.dumps(game))
    assert copy is not game and copy.options() == game.options()
    assert pickle.loads(pickle.dumps(game)) is copy  # one warm game object per process
    assert _play(copy, 5) == _play(ArchitectsGame(3), 5)


def test_pickled_options_survive() -> None:
    game = ArchitectsGame(3, wonders=["giza", "rhodes", "babylon"], economy_splits=True)
    copy = pickle.loads(pickle.dumps(game))
    assert copy.options() == game.options()
    assert to_json(copy.new_game(4)) == to_json(game.new_game(4))


def test_remembered_payments_equal_fresh_ones() -> None:
    """Along random games, every payment situation the speed layer answers (asked twice: found,
    then remembered) equals the reference's (architects/legal.py, the payment rule afresh)."""
    from sevenwonders.architects.legal import LegalMoves
    from sevenwonders.architects.state import Actions

    game = ArchitectsGame(4, economy_splits=True)
    reference = LegalMoves(game.tables)
    checked = 0
    for seed in range(12):
        chooser = random.Random(seed)
        state = game.new_game(seed)
        while not game.is_over(state):
            if type(state.pending) is Actions:
                city = state.cities[state.current]
                for left in (True, False):
                    fresh = reference.situation(city, state.used, left)
                    for _ in range(2):
                        assert game.moves.situation(city, state.used, left) == fresh
                    checked += 1
            legal = game.legal_moves(state, state.current)
            state = game.play(state, {state.current: legal[chooser.randrange(len(legal))]})
    assert checked > 100
