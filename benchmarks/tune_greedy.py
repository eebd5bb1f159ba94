"""Tune a game's greedy weights with CMA-ES against paired benchmarks, then check them.

    python -m benchmarks.tune_greedy [--game base] [--players 4] [--generations 10]
                                     [--deals 12] [--check-deals 100] [--seed 0] [--out FILE]
                                     [--ship] [--only science_next stage_cover ...]
                                     [--scale-weight W] [--workers N]

The weights (:mod:`sevenwonders.agents.heuristics.weights`; ``--game architects`` or ``dice``:
theirs, :mod:`~sevenwonders.agents.heuristics.architects_weights`,
:mod:`~sevenwonders.agents.heuristics.dice_weights`) are searched as offsets from the package's
current ones (the game heuristic's ``WEIGHTS``), each scaled by
its own size (at least 0.3, or :data:`FEATURE_SCALES` for weights of a feature's own unit), by
``cma`` (CMA-ES); ``--only`` moves only the named weights and keeps the others. A candidate is
judged on ``--deals`` deals, fresh each generation and shared by every candidate of it (common
random numbers): on each deal it plays every seat once against the current greedy in the other
seats, and its figure is, per seat, its *lead* (its score minus the best other score at the
table) minus the lead of the current greedy in that seat of the all-greedy game of that deal
(the paired control); with ``--scale-weight W`` it also plays each deal with the candidate in
every seat and adds ``W`` times that table's points per player minus the all-greedy table's (the
score scale, which winning against greedy alone does not raise); CMA-ES minimises the negated
figure.

After the last generation the mean of the search's distribution is *checked* on
``--check-deals`` deals from another seed (``--seed + 1_000_003``, never seen by the search)
against the current greedy with :mod:`benchmarks.strength` (paired and unpaired win margins).
The tuned weights are
written to ``--out`` (a file of the package's data file shape) in any case; with ``--ship`` they
replace the package's file only when their paired win margin over the current weights is at
least 2 standard errors on the check deals. Rerun it with the same arguments and starting
weights for the same result.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path
from typing import Any

from sevenwonders.agents import GreedyAgent
from sevenwonders.agents.heuristics import weights_for
from sevenwonders.agents.heuristics.weights import WeightsTable, format_weights
from sevenwonders.core.protocol import Game
from sevenwonders.games import make_game
from sevenwonders.simulation import GameResult, game_seed, play_game

# strength.py beside this file, however this one was loaded (one module name, for mypy too)
sys.path.insert(0, str(Path(__file__).resolve().parent))
from strength import format_row, play_row, summarize

PACKAGE_DATA = Path(__file__).resolve().parent.parent / "sevenwonders" / "agents" / "data"
CHECK_SEED_OFFSET = 1_000_003
SHIP_MARGIN = 2.0


SCALE_FLOOR = 0.3
FEATURE_SCALES = {"science_next": 0.5, "stage_cover": 2.0, "wonder_points": 0.5}
"""How far one unit moves a weight that reads a feature's own unit (points of the next science
symbol, a share of a stage's cost, a wonder point) at least, so a weight at 0 can move."""


def scales(hand: list[float], names: list[str]) -> list[float]:
    """How far one unit of the search's coordinates moves each weight."""
    return [max(abs(value), FEATURE_SCALES.get(name.split(".")[0], SCALE_FLOOR))
            for value, name in zip(hand, names, strict=True)]


def searched(only: list[str] | None, names: list[str]) -> list[int]:
    """The positions of a weights vector (of value ``names``) the search moves (``only``: weight
    names, a keyed value as ``science.2``; every weight without it)."""
    if not only:
        return list(range(len(names)))
    return [i for i, name in enumerate(names) if name in only or name.split(".")[0] in only]


def weights_at(point: list[float], start: WeightsTable, moved: list[int] | None = None
               ) -> WeightsTable:
    """The weights at a point of the search (offsets of the ``moved`` weights from ``start``),
    kept in range: no negative weight, and a coin worth at most one point."""
    names, hand = start.vector_names(), start.vector()
    moved = list(range(len(hand))) if moved is None else moved
    values, step = list(hand), scales(hand, names)
    for i, x in zip(moved, point, strict=True):
        value = max(0.0, hand[i] + step[i] * x)
        values[i] = max(1.0, value) if names[i].startswith("coin_divisor") else value
    return type(start).from_vector(values)


def lead(result: GameResult, seat: int) -> float:
    """The seat's score minus the best other seat's."""
    totals = [sheet.total for sheet in result.scores]
    return totals[seat] - max(t for s, t in enumerate(totals) if s != seat)


def points_per_player(result: GameResult) -> float:
    """The mean total of a game's seats (the score scale of a table)."""
    return statistics.fmean(sheet.total for sheet in result.scores)


def judge(game: Game[Any, Any, Any], weights: WeightsTable, deals: list[int],
          controls: dict[int, GameResult], scale_weight: float = 0.0) -> float:
    """The candidate's mean paired lead over the current greedy on ``deals``, plus
    ``scale_weight`` times its tables' paired points per player (see the module)."""
    current = GreedyAgent()
    candidate = GreedyAgent(weights=weights, name="greedy-candidate")
    gains = []
    scale = []
    for setup in deals:
        for seat in range(game.players):
            seats: list[Any] = [current] * game.players
            seats[seat] = candidate
            gains.append(lead(play_game(game, seats, setup), seat)
                         - lead(controls[setup], seat))
        if scale_weight:
            table = play_game(game, [candidate] * game.players, setup)
            scale.append(points_per_player(table) - points_per_player(controls[setup]))
    return statistics.fmean(gains) + (scale_weight * statistics.fmean(scale) if scale else 0.0)


def judge_all(game: Game[Any, Any, Any], candidates: list[WeightsTable], deals: list[int],
              controls: dict[int, GameResult], scale_weight: float, workers: int
              ) -> list[float]:
    """:func:`judge` of each candidate, in order, in ``workers`` processes (here if 1)."""
    if workers <= 1:
        return [judge(game, w, deals, controls, scale_weight) for w in candidates]
    from concurrent.futures import ProcessPoolExecutor
    from functools import partial

    with ProcessPoolExecutor(workers) as pool:
        task = partial(judge, game, deals=deals, controls=controls, scale_weight=scale_weight)
        return list(pool.map(task, candidates))


def tune(game: Game[Any, Any, Any], generations: int, deals: int, seed: int,
         only: list[str] | None = None, scale_weight: float = 0.0, workers: int = 1
         ) -> WeightsTable:
    """The mean of the CMA-ES distribution after ``generations`` generations, from the game's
    current weights (moving the weights named in ``only``, every weight without it); each
    generation's candidates judged in ``workers`` processes (the figures do not depend on
    it: every game is seeded)."""
    import cma

    current = weights_for(game)
    moved = searched(only, current.vector_names())
    strategy = cma.CMAEvolutionStrategy([0.0] * len(moved), 0.3,
                                        {"seed": seed + 1, "verbose": -9})
    for generation in range(generations):
        start = time.perf_counter()
        setups = [game_seed(seed, generation * deals + d) for d in range(deals)]
        controls = {s: play_game(game, [GreedyAgent()] * game.players, s) for s in setups}
        points = strategy.ask()
        candidates = [weights_at(list(p), current, moved) for p in points]
        figures = judge_all(game, candidates, setups, controls, scale_weight, workers)
        strategy.tell(points, [-f for f in figures])
        print(f"generation {generation + 1}: best figure {max(figures):+.2f}, median "
              f"{statistics.median(figures):+.2f} over {deals} deals x {game.players} seats, "
              f"{time.perf_counter() - start:.0f}s", flush=True)
    return weights_at(list(strategy.mean), current, moved)


def main(argv: list[str] | None = None) -> None:
    """Tune, write, check and (with ``--ship``, when it passes) ship."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=("base", "architects", "dice"), default="base")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--generations", type=int, default=10)
    parser.add_argument("--deals", type=int, default=12)
    parser.add_argument("--check-deals", type=int, default=100)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--only", nargs="+", default=None,
                        help="search only these weights (names, or name.AGE); all without it")
    parser.add_argument("--scale-weight", type=float, default=0.0,
                        help="add this times the candidate's all-candidate tables' points per "
                             "player over the all-greedy tables' (the score scale)")
    parser.add_argument("--workers", type=int, default=1,
                        help="judge each generation's candidates in this many processes")
    parser.add_argument("--out", default="greedy_tuned.toml")
    parser.add_argument("--ship", action="store_true",
                        help="replace the package's weights if the check passes")
    args = parser.parse_args(argv)
    game = make_game(args.game, args.players)
    tuned = tune(game, args.generations, args.deals, args.seed, args.only, args.scale_weight,
                 args.workers)
    only = f" --only {' '.join(args.only)}" if args.only else ""
    scale = f" --scale-weight {args.scale_weight}" if args.scale_weight else ""
    named = f" --game {args.game}" if args.game != "base" else ""
    source = (f"tuned: benchmarks/tune_greedy.py{named} --players {args.players} --generations "
              f"{args.generations} --deals {args.deals} --seed {args.seed}{only}{scale}")
    Path(args.out).write_text(format_weights(tuned, source), "utf-8")
    print(f"tuned weights written to {args.out}: {tuned}")
    start = time.perf_counter()
    check = play_row(game, GreedyAgent(weights=tuned, name="greedy-tuned"), GreedyAgent(),
                     args.check_deals, args.seed + CHECK_SEED_OFFSET)
    figures = summarize(check, args.players)
    print(format_row(args.game, args.players, "greedy-tuned", "greedy", figures,
                     time.perf_counter() - start))
    passed = figures["paired_win_se"] >= SHIP_MARGIN
    print(f"check on fresh seeds: paired win margin {figures['paired_win_se']:+.2f} SE "
          f"({'passes' if passed else 'does not pass'} the {SHIP_MARGIN:.0f} SE bar)")
    if args.ship and passed:
        package_file = PACKAGE_DATA / tuned.data_file
        package_file.write_text(format_weights(tuned, source), "utf-8")
        print(f"shipped: {package_file.name} now holds the tuned weights")
    elif args.ship:
        print("not shipped: the current weights stay", file=sys.stderr)


if __name__ == "__main__":
    main()
