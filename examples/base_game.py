"""Play one seeded 7 Wonders game with random moves and print each Age's builds and the scores.

Usage: python examples/base_game.py [players] [seed] [day|night|random]
"""

from __future__ import annotations

import sys
from typing import Any

from sevenwonders import BaseGame
from sevenwonders.base.events import AgeStarted, CardBuilt, ConflictResolved, StageBuilt
from sevenwonders.core.rng import Rng


def main() -> None:
    players = int(sys.argv[1]) if len(sys.argv) > 1 else 4
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    sides = sys.argv[3] if len(sys.argv) > 3 else "random"
    game = BaseGame(players=players, sides=sides)
    state = game.new_game(seed)
    print(", ".join(f"seat {s}: {c.wonder} ({c.side})" for s, c in enumerate(state.cities)))
    rng = Rng.from_seed(seed)
    print("== Age I ==")
    while not game.is_over(state):
        moves: dict[int, Any] = {}
        for seat in sorted(game.to_move(state)):  # a random legal move each
            moves[seat], rng = rng.choice(game.legal_moves(state, seat))
        state, events = game.step(state, moves)
        for event in events:
            if isinstance(event, CardBuilt):
                paid = f" (paid {event.left} left, {event.right} right)" if event.left or \
                    event.right else ""
                print(f"  seat {event.seat} builds {event.card}{paid}")
            elif isinstance(event, StageBuilt):
                print(f"  seat {event.seat} builds wonder stage {event.stage}")
            elif isinstance(event, ConflictResolved) and event.token:
                print(f"  conflict: seat {event.seat} vs {event.neighbour}: {event.token:+d}")
            elif isinstance(event, AgeStarted):
                print(f"== Age {'I' * event.age} ==")
    for seat, (sheet, place) in enumerate(zip(game.scores(state), game.ranking(state),
                                              strict=True)):
        lines = ", ".join(f"{name} {points}" for name, points in sheet.lines.items())
        print(f"seat {seat}: {sheet.total} points (place {place}): {lines}")


if __name__ == "__main__":
    main()
