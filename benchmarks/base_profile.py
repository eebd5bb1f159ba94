"""Profile the base game engine: random full games per second (CPU time, one core) and the
functions that take the most time.

    python benchmarks/base_profile.py [--players 3,5,7] [--games 40] [--reps 5] [--edifice]
                                      [--replay] [--profile 5] [--top 25]

Rates use ``time.process_time()`` so other load on the machine disturbs them less; each rate is
measured ``--reps`` times and the best and median are printed. Games are the seeded random
games of :func:`sevenwonders.core.playout.random_game`, new seeds for every repetition (the
rules' caches meet new positions, as in a simulation); ``--replay`` plays the same seeds again
in every repetition, which shows the cost once the caches keyed on content alone (moves,
payment splits) are warm; a search that revisits positions within one game also finds its
cities' entries and trading situations, which a new game drops. With ``--profile N`` a
cProfile run of ``N`` new games per configuration prints the ``--top`` functions by internal
time.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import statistics
import time
from typing import Any

from sevenwonders.base.game import BaseGame
from sevenwonders.core.playout import random_game


def make(players: int, edifice: bool) -> Any:
    if edifice:
        from sevenwonders.edifice import Edifice

        return BaseGame(players=players, expansions=(Edifice(),))
    return BaseGame(players=players)


def rate(game: Any, games: int, first_seed: int) -> float:
    start = time.process_time()
    for seed in range(first_seed, first_seed + games):
        random_game(game, seed)
    return games / (time.process_time() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--players", default="3,5,7")
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--reps", type=int, default=5)
    parser.add_argument("--edifice", action="store_true", help="also base+Edifice, 5 players")
    parser.add_argument("--profile", type=int, default=0, help="games to profile per config")
    parser.add_argument("--top", type=int, default=25)
    parser.add_argument("--seed", type=int, default=1000)
    parser.add_argument("--replay", action="store_true", help="same seeds in every repetition")
    args = parser.parse_args()
    configs = [(int(p), False) for p in args.players.split(",") if p]
    if args.edifice:
        configs.append((5, True))
    for players, edifice in configs:
        game = make(players, edifice)
        label = f"base{'+edifice' if edifice else ''} {players}p"
        rate(game, 3, 0)  # warm caches of the card tables
        rates = [
            rate(game, args.games, args.seed + (0 if args.replay else rep * args.games))
            for rep in range(args.reps)
        ]
        print(f"{label:>16}: best {max(rates):7.1f} games/s, median "
              f"{statistics.median(rates):7.1f} ({args.reps} x {args.games} games, CPU time)")
    for players, edifice in configs if args.profile else ():
        game = make(players, edifice)
        profiler = cProfile.Profile()
        profiler.enable()
        first = args.seed + args.reps * args.games  # seeds not played yet
        for seed in range(first, first + args.profile):
            random_game(game, seed)
        profiler.disable()
        print(f"\n--- profile: base{'+edifice' if edifice else ''} {players}p, "
              f"{args.profile} games ---")
        pstats.Stats(profiler).sort_stats("tottime").print_stats(args.top)


if __name__ == "__main__":
    main()
