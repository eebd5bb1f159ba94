"""A seeded match: one greedy bot against random bots, on every local core.

Usage: python examples/bot_match.py [games] [game: base|architects|dice] [players]
"""

from __future__ import annotations

import sys
from concurrent.futures import ProcessPoolExecutor

from sevenwonders import make_game, simulate
from sevenwonders.agents import Agent, GreedyAgent, RandomAgent
from sevenwonders.simulation import format_summary, summarize


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 40
    name = sys.argv[2] if len(sys.argv) > 2 else "base"
    players = int(sys.argv[3]) if len(sys.argv) > 3 else 4
    game = make_game(name, players)
    agents: list[Agent] = [GreedyAgent(), *(RandomAgent() for _ in range(players - 1))]
    with ProcessPoolExecutor() as pool:
        results = simulate(game, agents, games=games, seed=1, executor=pool)
    wins = sum(1 for r in results if r.ranks[0] == 1)
    print(f"greedy at seat 0 won {wins} of {games} games (baseline {games / players:.0f})")
    print(format_summary(summarize(results)))


if __name__ == "__main__":
    main()
