"""Measured strength of the agents: win share of one agent against copies of another.

    python benchmarks/agents.py [--game base|architects|dice] [--games 100] [--seed 0]
                                [--players 4] [--workers 1]
                                [--match greedy/random --match ismcts/greedy]

Each match seats the challenger at seat 0 and the opponent at every other seat of a game (the
base game by default; ``--game architects`` or ``--game dice`` for the others, each with its
default rule options); wonders (base: Day sides; Architects: wonders; Dice: sheets) are dealt
from each game's seed, so over many games every seat sees every wonder. ``--players`` may list
several counts (``--players 2 4``), each playing every match. The win share counts a tie for
first as a share; the baseline is ``1 / players``. The standard error is that of a proportion
over the number of games. An ``ismcts`` spec takes the game's preset for the options it leaves
out (``sevenwonders.agents.ismcts.PRESETS``; Dice has one), so ``ismcts:100`` is the same
agent as the library's default with 100 iterations; ``--match greedy/greedy`` gives the seat-0
control. Each line ends with the match's wall-clock time on one core (``--workers 1``).
"""

from __future__ import annotations

import argparse
import math
import time
from concurrent.futures import Executor, ProcessPoolExecutor

from sevenwonders.agents.base import make_agent
from sevenwonders.games import make_game
from sevenwonders.simulation import simulate

DEFAULT_MATCHES = ("greedy/random", "ismcts/greedy")
GAMES = ("base", "architects", "dice")


def run_match(challenger: str, opponent: str, players: int, games: int, seed: int,
              executor: Executor | None, game_name: str = "base") -> str:
    game = make_game(game_name, players)
    agents = [make_agent(challenger)] + [make_agent(opponent) for _ in range(players - 1)]
    start = time.perf_counter()
    results = simulate(game, agents, games=games, seed=seed, executor=executor)
    elapsed = time.perf_counter() - start
    wins = sum(1 / len(r.winners) for r in results if 0 in r.winners)
    share = wins / games
    error = math.sqrt(share * (1 - share) / games)
    mine = sum(r.scores[0].total for r in results) / games
    theirs = sum(r.scores[s].total for r in results for s in range(1, players)) / (
        games * (players - 1)
    )
    prefix = "" if game_name == "base" else f"{game_name} {players}p: "
    return (f"{prefix}{agents[0].name:>12} vs {players - 1} x {agents[1].name:<10} "
            f"{games:>5} games seed {seed}: win share {share:6.1%} +/- {error:4.1%} "
            f"(baseline {1 / players:.0%}),"
            f" mean score {mine:5.1f} vs {theirs:5.1f}, {elapsed:6.1f}s")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--game", choices=GAMES, default="base")
    parser.add_argument("--players", type=int, nargs="+", default=[4])
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--match", action="append", default=None,
                        help="CHALLENGER/OPPONENT agent specs (repeatable), e.g. ismcts:100/greedy")
    args = parser.parse_args(argv)
    matches = args.match or list(DEFAULT_MATCHES)
    pool = ProcessPoolExecutor(max_workers=args.workers) if args.workers > 1 else None
    try:
        for players in args.players:
            for match in matches:
                challenger, _, opponent = match.partition("/")
                print(run_match(challenger, opponent, players, args.games, args.seed, pool,
                                args.game), flush=True)
    finally:
        if pool is not None:
            pool.shutdown()


if __name__ == "__main__":
    main()
