"""How fast each game runs: random full games per second on one core, plies per second, and the
cost of one ``legal_moves`` and one ``play`` call.

    python benchmarks/speed.py [--seconds 2] [--only base,dice]

Each configuration plays seeded random games (every seat to move picks a uniformly random legal
move) for about ``--seconds`` seconds, at least one game, for the rates; then as long again with
every call timed, for the call costs. Rates are per second of the process's CPU time (so other
load on the machine disturbs them less); call costs are wall-clock. A game that cannot be
imported or built yet is skipped with a note.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from typing import Any

from sevenwonders.core.game import Game
from sevenwonders.core.rng import Rng

CONFIGS: tuple[tuple[str, str, int], ...] = (
    ("base", "base", 3),
    ("base", "base", 5),
    ("base", "base", 7),
    ("base+edifice", "base+edifice", 5),
    ("architects", "architects", 2),
    ("architects", "architects", 4),
    ("architects", "architects", 7),
    ("dice", "dice", 2),
    ("dice", "dice", 4),
    ("dice", "dice", 7),
)


def build(kind: str, players: int) -> Game[Any, Any, Any]:
    if kind == "base+edifice":
        from sevenwonders.base.game import BaseGame
        from sevenwonders.edifice import Edifice

        game: Game[Any, Any, Any] = BaseGame(players=players, expansions=(Edifice(),))
        return game
    from sevenwonders.games import make_game

    return make_game(kind, players)


def measure(game: Game[Any, Any, Any], seconds: float) -> dict[str, float]:
    """Play random games for about ``seconds`` twice: once untouched, for the rates, and
    once with every ``legal_moves`` and ``play`` call timed, for their mean costs (the
    timers would slow the first pass down)."""
    cpu: Callable[[], float] = time.process_time
    games = plies = 0
    start = cpu()
    while games == 0 or cpu() - start < seconds:
        rng = Rng.from_seed(games)
        state = game.new_game(games)
        while not game.is_over(state):
            moves = {}
            for seat in sorted(game.to_move(state)):
                moves[seat], rng = rng.choice(game.legal_moves(state, seat))
            state = game.play(state, moves)
            plies += 1
        games += 1
    elapsed = cpu() - start
    clock: Callable[[], float] = time.perf_counter
    timed = legal_calls = play_calls = 0
    legal_time = play_time = 0.0
    start = clock()
    while timed == 0 or clock() - start < seconds:
        rng = Rng.from_seed(games + timed)  # new seeds: the rules' caches meet new positions
        state = game.new_game(games + timed)
        while not game.is_over(state):
            moves = {}
            for seat in sorted(game.to_move(state)):
                t0 = clock()
                legal = game.legal_moves(state, seat)
                legal_time += clock() - t0
                legal_calls += 1
                moves[seat], rng = rng.choice(legal)
            t0 = clock()
            state = game.play(state, moves)
            play_time += clock() - t0
            play_calls += 1
        timed += 1
    return {
        "games_per_s": games / elapsed,
        "plies_per_s": plies / elapsed,
        "plies_per_game": plies / games,
        "legal_us": 1e6 * legal_time / max(legal_calls, 1),
        "play_us": 1e6 * play_time / max(play_calls, 1),
        "games": games,
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="time per configuration")
    parser.add_argument("--only", default=None, help="comma-separated games to run (e.g. base)")
    args = parser.parse_args(argv)
    only = set(args.only.split(",")) if args.only else None
    header = (f"{'game':<14}{'players':>8}{'games/s':>10}{'plies/s':>10}{'plies/game':>12}"
              f"{'legal_moves':>13}{'play':>10}")
    print(header)
    print("-" * len(header))
    for label, kind, players in CONFIGS:
        if only is not None and label not in only:
            continue
        try:
            game = build(kind, players)
        except Exception as error:  # a game still being written: skip it, say why
            print(f"{label:<14}{players:>8}  skipped: {type(error).__name__}: {error}")
            continue
        try:
            result = measure(game, args.seconds)
        except Exception as error:
            print(f"{label:<14}{players:>8}  failed: {type(error).__name__}: {error}")
            continue
        print(f"{label:<14}{players:>8}{result['games_per_s']:>10.1f}"
              f"{result['plies_per_s']:>10.0f}{result['plies_per_game']:>12.1f}"
              f"{result['legal_us']:>11.0f}us{result['play_us']:>8.0f}us")


if __name__ == "__main__":
    main()
