"""What loading a state costs, in units of ``play`` calls, per game family.

For each configuration a few seeded random games are played; every state met is written to
JSON once. The script then times, in CPU time and interleaved round by round, (a) ``from_json``
of those documents (which runs every load check) and (b) ``play`` of a legal random move from
the same states as the game produced them (the trusted path a playout takes). The figure
reported is (a) / (b): how many plays one load costs. Run it with
``python benchmarks/load_cost.py [--rounds N] [--games N]``.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

from sevenwonders.core.serialization import from_json, to_json
from sevenwonders.games import make_game


def _configs() -> list[tuple[str, Callable[[], Any]]]:
    from sevenwonders.edifice import Edifice

    return [
        ("base 2nd 4p", lambda: make_game("base", 4)),
        ("base 1st 5p", lambda: make_game("base", 5, edition="1st", sides="ab")),
        ("edifice 4p", lambda: make_game("base", 4, sides="random", expansions=(Edifice(),))),
        ("architects 4p", lambda: make_game("architects", 4)),
        ("dice 4p", lambda: make_game("dice", 4)),
    ]


def sample(game: Any, games: int) -> list[tuple[Any, dict[int, Any], str]]:
    """(state, a legal joint move, the state's JSON) for every ply of ``games`` random games."""
    out = []
    for seed in range(games):
        rng = random.Random(seed)
        state = game.new_game(seed=seed)
        while not game.is_over(state):
            moves = {seat: rng.choice(game.legal_moves(state, seat))
                     for seat in sorted(game.to_move(state))}
            out.append((state, moves, to_json(state)))
            state = game.play(state, moves)
    return out


def _time_loads(cls: type, samples: list[tuple[Any, dict[int, Any], str]]) -> float:
    start = time.process_time()
    for _, _, text in samples:
        from_json(text, cls)
    return (time.process_time() - start) / len(samples)


def _time_plays(game: Any, samples: list[tuple[Any, dict[int, Any], str]]) -> float:
    """The games replayed move by move: each ``play`` from the state the game just made, as
    in a playout (the samples hold whole games, one after the other)."""
    start = time.process_time()
    state: Any = None
    for before, moves, _ in samples:
        if state is None or game.is_over(state):
            state = before
        state = game.play(state, moves)
    return (time.process_time() - start) / len(samples)


def measure(make: Callable[[], Any], rounds: int, games: int) -> dict[str, float]:
    """Median and range of load / play over ``rounds`` interleaved rounds."""
    game = make()
    samples = sample(game, games)
    cls = type(samples[0][0])
    ratios, loads, plays = [], [], []
    for _ in range(rounds):
        load = _time_loads(cls, samples)
        play = _time_plays(game, samples)
        loads.append(load)
        plays.append(play)
        ratios.append(load / play)
    return {"ratio": statistics.median(ratios), "low": min(ratios), "high": max(ratios),
            "load_us": statistics.median(loads) * 1e6, "play_us": statistics.median(plays) * 1e6,
            "states": len(samples)}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--games", type=int, default=3)
    args = parser.parse_args(argv)
    print(f"{'configuration':<16}{'states':>7}{'load us':>10}{'play us':>10}"
          f"{'loads in plays (median, range)':>34}")
    for label, make in _configs():
        r = measure(make, args.rounds, args.games)
        print(f"{label:<16}{r['states']:>7}{r['load_us']:>10.0f}{r['play_us']:>10.0f}"
              f"{r['ratio']:>14.2f} ({r['low']:.2f}-{r['high']:.2f})")


if __name__ == "__main__":
    main()
