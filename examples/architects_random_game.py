"""Play one random game of 7 Wonders Architects and print what happened.

Usage: python examples/architects_random_game.py [players] [seed]
"""

from __future__ import annotations

import sys
from typing import Any

from sevenwonders.architects import ArchitectsGame
from sevenwonders.architects import events as ev
from sevenwonders.core.rng import Rng


def main() -> None:
    players = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    game = ArchitectsGame(players=players)
    state = game.new_game(seed)
    print("wonders:", ", ".join(f"{seat}: {c.wonder}" for seat, c in enumerate(state.cities)))
    rng = Rng.from_seed(seed + 1)
    while not game.is_over(state):
        moves: dict[int, Any] = {}
        for seat in sorted(game.to_move(state)):  # a random legal move each
            moves[seat], rng = rng.choice(game.legal_moves(state, seat))
        (seat, move), = moves.items()
        print(f"seat {seat}: {move}")
        state, events = game.step(state, moves)
        for event in events:
            if isinstance(event, ev.CardTaken):
                print(f"    seat {event.seat} takes {event.card} from {event.source}"
                      f" ({event.reason})")
            elif isinstance(event, ev.StageBuilt):
                print(f"    seat {event.seat} builds {event.wonder} {event.stage}"
                      f" with {' '.join(event.spent)}")
            elif isinstance(event, ev.TokenTaken):
                print(f"    seat {event.seat} takes progress token {event.token}")
            elif isinstance(event, ev.Battle):
                print(f"    battle: shields {event.shields}, tokens won {event.won}")
            elif isinstance(event, ev.GameEnded):
                print(f"    game over ({event.reason})")
    for seat, sheet in enumerate(game.scores(state)):
        print(f"seat {seat}: {dict(sheet.lines)} total {sheet.total}, "
              f"place {game.ranking(state)[seat]}")


if __name__ == "__main__":
    main()
