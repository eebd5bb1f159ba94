"""Configurations and random playouts shared by the RL adapter tests."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from sevenwonders import make_game
from sevenwonders.core.protocol import Game

# (game, players, options): both editions, Edifice, Architects and Dice, small and large tables
CONFIGS: list[tuple[str, int, dict[str, Any]]] = [
    ("base", 3, {}),
    ("base", 4, {"edition": "1st", "sides": "b"}),
    ("base", 3, {"wonders": ["carthage", "giza", "babylon"], "sides": "night"}),
    ("base", 5, {"expansions": ["edifice"]}),
    ("base", 7, {"edition": "1st", "expansions": ["edifice"]}),
    ("architects", 2, {}),
    ("architects", 5, {}),
    ("dice", 2, {}),
    ("dice", 4, {}),
]
IDS = [f"{name}-{players}-{'-'.join(sorted(options)) or 'default'}"
       for name, players, options in CONFIGS]


def game_of(name: str, players: int, options: dict[str, Any]) -> Game[Any, Any, Any]:
    return make_game(name, players, **{k: list(v) if isinstance(v, list) else v
                                       for k, v in options.items()})


def playout(game: Game[Any, Any, Any], seed: int) -> Iterator[Any]:
    """Every state of a random game, from set-up to the end."""
    rng = random.Random(seed)
    state = game.new_game(seed)
    yield state
    while not game.is_over(state):
        state = game.play(state, {seat: rng.choice(game.legal_moves(state, seat))
                                  for seat in game.to_move(state)})
        yield state
