"""A 5-player game with the Edifice expansion: who joined which project, and how each ended.

Usage: python examples/edifice_game.py [seed]
"""

from __future__ import annotations

import sys
from typing import Any

from sevenwonders import BaseGame
from sevenwonders.base.events import ExpansionEvent
from sevenwonders.core.rng import Rng
from sevenwonders.edifice import Edifice, EdificeState


def main() -> None:
    seed = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    game = BaseGame(players=5, sides="random", expansions=(Edifice(),))
    state = game.new_game(seed)
    projects = state.expansions[0]
    assert isinstance(projects, EdificeState)
    print("projects:", ", ".join(projects.projects))
    rng = Rng.from_seed(seed)
    while not game.is_over(state):
        moves: dict[int, Any] = {}
        for seat in sorted(game.to_move(state)):  # a random legal move each
            moves[seat], rng = rng.choice(game.legal_moves(state, seat))
        age = state.age
        state, events = game.step(state, moves)
        for event in events:
            if isinstance(event, ExpansionEvent):
                who = f"seat {event.seat} " if event.seat is not None else ""
                print(f"  Age {age}: {who}{event.kind} {event.detail} {event.value or ''}")
    for seat, sheet in enumerate(game.scores(state)):
        print(f"seat {seat}: {sheet.total} points, of which edifice {sheet.lines['edifice']}")


if __name__ == "__main__":
    main()
