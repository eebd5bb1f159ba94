"""How fast each game runs: random full games per CPU-second, plies per second, and the cost of
one ``legal_moves`` and one ``play`` call.

    python benchmarks/speed.py [--seconds 2] [--rounds 5] [--only base,dice]

Every configuration gets about ``--seconds`` of CPU time for its rates, in ``--rounds`` slices
taken round-robin over the configurations (so a change of load on the machine touches them all
alike; each slice plays at least one whole game). Rates are per second of the process's CPU time.
Then each configuration plays as long again with every call timed (wall clock), for the call
costs. The script measures the checkout it lives in. A game that cannot be built is
skipped with a note.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

if __package__ in (None, ""):  # run as a script: measure this checkout, not an installed copy
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from sevenwonders.core.protocol import Game
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


def random_game(game: Game[Any, Any, Any], seed: int) -> int:
    """One seeded random game (every seat to move picks a uniformly random legal move); the
    number of plies."""
    rng = Rng.from_seed(seed)
    state = game.new_game(seed)
    plies = 0
    while not game.is_over(state):
        moves = {}
        for seat in sorted(game.to_move(state)):
            moves[seat], rng = rng.choice(game.legal_moves(state, seat))
        state = game.play(state, moves)
        plies += 1
    return plies


class Tally:
    """Games, plies and CPU seconds of one configuration, over all its slices."""

    def __init__(self, game: Game[Any, Any, Any]) -> None:
        self.game = game
        self.games = self.plies = 0
        self.cpu = 0.0

    def play_for(self, seconds: float) -> None:
        """Play random games for about ``seconds`` of CPU time (at least one game)."""
        cpu: Callable[[], float] = time.process_time
        start = cpu()
        first = True
        while first or cpu() - start < seconds:
            first = False
            self.plies += random_game(self.game, self.games)
            self.games += 1
        self.cpu += cpu() - start

    def rates(self) -> dict[str, float]:
        cpu = max(self.cpu, 1e-9)
        return {"games_per_s": self.games / cpu, "plies_per_s": self.plies / cpu,
                "plies_per_game": self.plies / max(self.games, 1), "games": self.games}


def call_costs(game: Game[Any, Any, Any], seconds: float, first_seed: int) -> dict[str, float]:
    """Mean wall-clock cost of ``legal_moves`` and ``play`` over random games (new seeds: the
    rules' caches meet new positions)."""
    clock: Callable[[], float] = time.perf_counter
    timed = legal_calls = play_calls = 0
    legal_time = play_time = 0.0
    start = clock()
    while timed == 0 or clock() - start < seconds:
        rng = Rng.from_seed(first_seed + timed)
        state = game.new_game(first_seed + timed)
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
    return {"legal_us": 1e6 * legal_time / max(legal_calls, 1),
            "play_us": 1e6 * play_time / max(play_calls, 1)}


def measure(game: Game[Any, Any, Any], seconds: float) -> dict[str, float]:
    """Rates and call costs of one configuration on its own."""
    tally = Tally(game)
    tally.play_for(seconds)
    return {**tally.rates(), **call_costs(game, seconds, tally.games)}


def measure_interleaved(games: dict[str, Game[Any, Any, Any]], seconds: float,
                        rounds: int) -> dict[str, dict[str, float]]:
    """Rates of every configuration, ``rounds`` slices each, round-robin; then call costs."""
    tallies = {label: Tally(game) for label, game in games.items()}
    for _ in range(max(rounds, 1)):
        for tally in tallies.values():
            tally.play_for(seconds / max(rounds, 1))
    return {label: {**tally.rates(), **call_costs(tally.game, seconds, tally.games)}
            for label, tally in tallies.items()}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0,
                        help="CPU seconds per configuration for the rates")
    parser.add_argument("--rounds", type=int, default=5,
                        help="slices per configuration, taken round-robin")
    parser.add_argument("--only", default=None, help="comma-separated games to run (e.g. base)")
    args = parser.parse_args(argv)
    only = set(args.only.split(",")) if args.only else None
    games: dict[str, Game[Any, Any, Any]] = {}
    notes: list[str] = []
    for label, kind, players in CONFIGS:
        if only is not None and label not in only:
            continue
        try:
            games[f"{label}:{players}"] = build(kind, players)
        except Exception as error:  # a game still being written: skip it, say why
            notes.append(f"{label:<14}{players:>8}  skipped: {type(error).__name__}: {error}")
    header = (f"{'game':<14}{'players':>8}{'games/s':>10}{'plies/s':>10}{'plies/game':>12}"
              f"{'legal_moves':>13}{'play':>10}")
    print(header)
    print("-" * len(header))
    for label, result in measure_interleaved(games, args.seconds, args.rounds).items():
        name, seats = label.split(":")
        print(f"{name:<14}{seats:>8}{result['games_per_s']:>10.1f}"
              f"{result['plies_per_s']:>10.0f}{result['plies_per_game']:>12.1f}"
              f"{result['legal_us']:>11.0f}us{result['play_us']:>8.0f}us")
    for note in notes:
        print(note)


if __name__ == "__main__":
    main()
