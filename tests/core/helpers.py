"""States of seeded random games, for tests that compare a fast path with its reference."""

import random
from typing import Any

from sevenwonders.games import make_game


def game_states(kind: str, players: int, games: int = 2) -> list[Any]:
    """Every state of ``games`` seeded random games of ``kind`` (the last one included)."""
    game = make_game(kind, players)
    states = []
    for seed in range(games):
        rng = random.Random(seed)
        state = game.new_game(seed=seed)
        while not game.is_over(state):
            states.append(state)
            state = game.play(state, {s: rng.choice(game.legal_moves(state, s))
                                      for s in sorted(game.to_move(state))})
        states.append(state)
    return states

