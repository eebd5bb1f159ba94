"""Fit the estimate of a base-game city's final science line from what it holds.

    nice -n 10 python -m benchmarks.train_science_estimate [--games 824] [--seed 99100]
        [--out FILE]

Plays ``--games`` all-greedy base 4-player games (game ``i`` from
``sevenwonders.simulation.game_seed(seed, i)``, seats' generators as
:func:`sevenwonders.simulation.play_game` draws them), records at every step without a pending
decision each seat's Age, turn, science points held (wildcards placed best) and science symbols
held, and at the end its science line; then fits, per Age and turn, the final science line on
``[1, points held, symbols held]`` by least squares (numpy's minimum-norm solution: in Age I the
points held equal the symbols held, the two share the weight). A turn with fewer than
:data:`MIN_HOLDERS` seats holding a symbol takes the next turn's fit. Writes the TOML file
:mod:`sevenwonders.agents.heuristics.base_ending` reads (the package's
``agents/data/science_ending.toml`` by default). Needs numpy (the ``training`` extra).
Reproducible: the same arguments write the same file.
"""

from __future__ import annotations

import argparse
from collections import defaultdict
from pathlib import Path
from typing import Any

from sevenwonders.agents.greedy import GreedyAgent
from sevenwonders.agents.heuristics.base import _city_effects
from sevenwonders.agents.heuristics.base_ending import ESTIMATE_FILE, TURNS, held_science
from sevenwonders.core.rng import Rng
from sevenwonders.games import make_game
from sevenwonders.simulation import game_seed

MIN_HOLDERS = 200
Sample = tuple[int, int, int, int, int]
"""Age, turn, science points held, symbols held, final science line."""


def play_samples(games: int, seed: int, first: int = 0) -> list[Sample]:
    """Every seat's samples of all-greedy base 4-player games ``first .. first + games - 1``."""
    game: Any = make_game("base", 4)
    agent = GreedyAgent()
    samples: list[Sample] = []
    for index in range(first, first + games):
        start = game_seed(seed, index)
        state = game.new_game(start)
        rngs = [Rng.from_seed(start ^ (0x5EED << seat)) for seat in range(game.players)]
        held: list[tuple[int, int, int, int]] = []
        while not game.is_over(state):
            if not state.pending:
                for seat in range(game.players):
                    points, symbols = held_science(_city_effects(game, state.cities[seat]))
                    held.append((seat, state.age, state.turn, points * 1000 + symbols))
            moves = {}
            for seat in sorted(game.to_move(state)):
                legal = game.legal_moves(state, seat)
                moves[seat], rngs[seat] = agent.choose(game, game.view(state, seat), legal,
                                                       rngs[seat])
            state = game.play(state, moves)
        final = [sheet.lines.get("science", 0) for sheet in game.scores(state)]
        samples += [(age, turn, both // 1000, both % 1000, final[seat])
                    for seat, age, turn, both in held]
    return samples


def fit(samples: list[Sample]) -> dict[tuple[int, int], tuple[float, float, float]]:
    """The least-squares fit per Age and turn (rounded to 3 decimals), later turns first so a
    thin turn takes the next one's."""
    import numpy as np

    by_turn: defaultdict[tuple[int, int], list[Sample]] = defaultdict(list)
    for sample in samples:
        by_turn[sample[0], sample[1]].append(sample)
    fits: dict[tuple[int, int], tuple[float, float, float]] = {}
    for age in (1, 2, 3):
        for turn in range(TURNS, 0, -1):
            rows = np.array(by_turn[age, turn], dtype=float).reshape(-1, 5)
            if (rows[:, 3] > 0).sum() < MIN_HOLDERS:
                if turn == TURNS:
                    raise ValueError(f"Age {age}: too few seats hold a symbol on its last turn")
                fits[age, turn] = fits[age, turn + 1]
                continue
            inputs = np.c_[np.ones(len(rows)), rows[:, 2], rows[:, 3]]
            coef = np.linalg.lstsq(inputs, rows[:, 4], rcond=None)[0]
            a, b, c = (round(float(v), 3) for v in coef)
            fits[age, turn] = (a, b, c)
    return fits


def format_estimate(fits: dict[tuple[int, int], tuple[float, float, float]], source: str) -> str:
    """The TOML text of the data file's shape."""
    lines = ["# The base game's science line at the end of the game, estimated from what a city",
             "# holds (sevenwonders.agents.heuristics.base_ending): per Age and turn, the",
             "# least-squares fit of the final science line on the science points and symbols",
             "# held, over every seat and turn of all-greedy base 4-player games (made by",
             "# benchmarks/train_science_estimate.py). [estimate.\"A.T\"] = [intercept, per",
             "# point held, per symbol held]; a turn with too few seats holding a symbol takes",
             "# the next turn's fit.",
             f"source = \"{source}\"", "", "[estimate]"]
    lines += [f"\"{age}.{turn}\" = [{a!r}, {b!r}, {c!r}]"
              for (age, turn), (a, b, c) in sorted(fits.items())]
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> None:
    """Play, fit and write the estimate."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=824)
    parser.add_argument("--seed", type=int, default=99100)
    parser.add_argument("--out", type=Path, default=None)
    args = parser.parse_args(argv)
    fits = fit(play_samples(args.games, args.seed))
    source = (f"benchmarks/train_science_estimate.py --games {args.games} "
              f"--seed {args.seed}")
    out = args.out or Path(__file__).resolve().parents[1] / "sevenwonders" / "agents" / "data" / \
        ESTIMATE_FILE
    out.write_text(format_estimate(fits, source), "utf-8")
    print(f"wrote {out}")


if __name__ == "__main__":
    main()
