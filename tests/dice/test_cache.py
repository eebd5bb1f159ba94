"""The speed memory of a Dice game: bounded, not pickled, not poisoned by callers."""

from __future__ import annotations

import pickle
import random

import attrs
import pytest

from sevenwonders.core.serialization import to_json
from sevenwonders.dice import DiceGame
from sevenwonders.dice.moves import Build
from sevenwonders.dice.sheets import default_sheets
from sevenwonders.dice.state import DiceState
from sevenwonders.errors import IllegalMoveError
from tests.core.speed_slot_helpers import held_states


def _play(game: DiceGame, seed: int, tamper: bool = False) -> list[str]:
    """A seeded random game; with ``tamper``, every move handed out is then changed in place."""
    chooser = random.Random(seed)
    state = game.new_game(seed)
    trail = [to_json(state)]
    while not game.is_over(state):
        moves = {}
        for seat in sorted(game.to_move(state)):
            legal = game.legal_moves(state, seat)
            chosen = legal[chooser.randrange(len(legal))]
            moves[seat] = type(chosen)(*attrs.astuple(chosen))
            if tamper:
                for offered in legal:
                    for field in attrs.fields(type(offered)):
                        object.__setattr__(offered, field.name, "x")
        state = game.play(state, moves)
        trail.append(to_json(state))
    return trail


@pytest.mark.parametrize("players", [2, 4])
def test_callers_changing_offered_moves_change_nothing(players: int) -> None:
    clean = [_play(DiceGame(players), seed) for seed in range(2)]
    game = DiceGame(players)
    assert [_play(game, seed, tamper=True) for seed in range(2)] == clean
    assert [_play(game, seed) for seed in range(2)] == clean


def test_a_changed_move_is_judged_by_its_new_value() -> None:
    game = DiceGame(2)
    state = game.new_game(1)
    legal = game.legal_moves(state, 0)
    build = next(m for m in legal if isinstance(m, Build))
    listed = [str(m) for m in legal]
    object.__setattr__(build, "box", "wonder.nowhere")
    with pytest.raises(IllegalMoveError):
        game.play(state, {0: build, 1: game.legal_moves(state, 1)[0]})
    assert [str(m) for m in game.legal_moves(state, 0)] == listed


def test_the_memory_is_bounded_and_not_pickled() -> None:
    game = DiceGame(3)
    for seed in range(4):
        _play(game, seed)
    # the last state met, the last played and the one made of it; the others keep their moves
    assert held_states(game.rules.cache, DiceState) <= 3
    assert len(pickle.dumps(game)) == len(pickle.dumps(DiceGame(3))) < 1000
    rules = pickle.loads(pickle.dumps(game.rules))
    assert rules.cache.last[1] == [] and not len(rules.cache.terms)
    copy = pickle.loads(pickle.dumps(game))
    assert copy is not game and copy.options() == game.options()
    assert pickle.loads(pickle.dumps(game)) is copy  # one warm game object per process
    assert _play(copy, 7) == _play(DiceGame(3), 7)


def test_pickled_options_survive() -> None:
    game = DiceGame(3, sheets=default_sheets(), seat_sheets=["giza", "rhodes", "babylon"],
                    max_turns=30)
    copy = pickle.loads(pickle.dumps(game))
    assert copy.options() == game.options()
    assert to_json(copy.new_game(4)) == to_json(game.new_game(4))
