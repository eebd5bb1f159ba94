"""Random full games of 7 Wonders Architects per second, for 2, 4 and 7 players, on one core.

Usage: python examples/architects_benchmark.py [seconds per player count]
"""

from __future__ import annotations

import sys
import time

from sevenwonders.architects import ArchitectsGame
from sevenwonders.core.playout import random_game


def main() -> None:
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 5.0
    for players in (2, 4, 7):
        game = ArchitectsGame(players=players)
        random_game(game, 0)
        games = turns = 0
        start = time.process_time()
        while time.process_time() - start < seconds:
            final = random_game(game, games)
            games += 1
            turns += final.turn
        elapsed = time.process_time() - start
        print(f"{players} players: {games / elapsed:7.1f} games/s of CPU time "
              f"({turns / games:.1f} turns per game)")


if __name__ == "__main__":
    main()
