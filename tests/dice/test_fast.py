"""The speed layer (dice/fast.py: remembered listings, die costs and draw bounds, constructors
without ``__init__``) agrees with the reference rules (dice/rules.py, legal.py, turn.py asked
afresh): whole random games through the game object and through the reference rules alone give
the same states, legal moves and events, step by step."""

from __future__ import annotations

import random
from typing import Any

import pytest

from sevenwonders.dice import DiceGame
from sevenwonders.dice.fast import FastRules
from sevenwonders.dice.rules import Rules

OPTIONS: list[tuple[int, dict[str, Any]]] = [
    (2, {}),
    (4, {"reduced_cost_stacks": False, "reserve_overflow": "kept"}),
    (7, {"agora_tie": "none"}),
]


@pytest.mark.parametrize(("players", "options"), OPTIONS)
def test_whole_games_through_the_game_equal_the_reference_rules(
        players: int, options: dict[str, Any]) -> None:
    game = DiceGame(players, **options)
    assert type(game.rules) is FastRules
    reference = Rules(game.tables, game.rules.options, players)
    steps = 0
    for seed in range(3):
        chooser = random.Random(seed)
        state = game.new_game(seed)
        assert state == reference.new_game(seed)
        while not game.is_over(state):
            moves = {}
            for seat in sorted(game.to_move(state)):
                legal = game.legal_moves(state, seat)
                assert legal == reference.legal_now(state, seat)
                moves[seat] = legal[chooser.randrange(len(legal))]
            after, events = reference.apply(state, moves)
            state, made = game.step(state, moves)
            assert (state, made) == (after, tuple(events))
            steps += 1
    assert steps > 100


def test_the_reference_rules_remember_nothing() -> None:
    rules = Rules(DiceGame(3).tables, DiceGame(3).rules.options, 3)
    assert not hasattr(rules, "cache")
    assert rules.make_state.__name__ == "DiceState" and rules.make_seat.__name__ == "SeatState"
