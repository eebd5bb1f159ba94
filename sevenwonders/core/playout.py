"""Play a whole game with uniformly random legal moves: for tests, examples and quick studies."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from sevenwonders.core.protocol import Game
from sevenwonders.core.rng import Rng


def random_moves(game: Game[Any, Any, Any], state: Any, rng: Rng) -> tuple[dict[int, Any], Rng]:
    """One uniformly random legal move for every seat that must move."""
    moves: dict[int, Any] = {}
    for seat in sorted(game.to_move(state)):
        legal = game.legal_moves(state, seat)
        moves[seat], rng = rng.choice(legal)
    return moves, rng


def random_game(
    game: Game[Any, Any, Any],
    seed: int,
    *,
    move_seed: int | None = None,
    max_steps: int = 100_000,
    on_step: Callable[[Any, dict[int, Any], Any], None] | None = None,
) -> Any:
    """The final state of a game set up from ``seed`` and played with random legal moves.

    ``on_step(before, moves, after)`` is called after every step (property tests use it).
    """
    rng = Rng.from_seed(seed if move_seed is None else move_seed).split()[1]
    state = game.new_game(seed)
    for _ in range(max_steps):
        if game.is_over(state):
            return state
        moves, rng = random_moves(game, state, rng)
        after = game.play(state, moves)
        if on_step is not None:
            on_step(state, moves, after)
        state = after
    raise RuntimeError(f"game did not end within {max_steps} steps")


def states(game: Game[Any, Any, Any], seed: int, move_seed: int | None = None) -> Iterator[Any]:
    """Every state of a random game, from set-up to the end."""
    rng = Rng.from_seed(seed if move_seed is None else move_seed).split()[1]
    state = game.new_game(seed)
    yield state
    while not game.is_over(state):
        moves, rng = random_moves(game, state, rng)
        state = game.play(state, moves)
        yield state
