"""The ``sevenwonders`` command: ``simulate`` seeded games and print a results table."""

from __future__ import annotations

import argparse
import importlib
import os
import sys
import time
from collections.abc import Iterator, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor
from contextlib import contextmanager
from typing import Any, TextIO

from sevenwonders.agents.base import make_agent
from sevenwonders.cli_commands import add_play_parser, add_replay_parser
from sevenwonders.cli_tournament import add_tournament_parser
from sevenwonders.errors import SevenWondersError
from sevenwonders.frontend.server.command import add_serve_parser
from sevenwonders.games import EXPANSIONS, GAMES, make_game
from sevenwonders.simulation import (
    format_summary,
    plot_scores,
    simulate,
    summarize,
    write_results,
)

AGENTS_HELP = (
    "one agent for all seats, or a comma-separated list with one per seat: random, greedy, "
    "ismcts (50 iterations), ismcts:ITERATIONS, ismcts:seconds=S; more ismcts options follow "
    "colons as NAME=VALUE: exploration, horizon, width, rollout, depth, root, evidence, "
    "cut_evidence, chance, preset"
)


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="sevenwonders", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    sim = commands.add_parser("simulate", help="play seeded games with agents, print a table")
    sim.add_argument("--game", choices=sorted(GAMES), default="base")
    sim.add_argument("--players", type=int, default=4)
    sim.add_argument("--games", type=int, default=100)
    sim.add_argument("--seed", type=int, default=0)
    sim.add_argument("--agents", default="random", help=AGENTS_HELP)
    sim.add_argument("--sides", default=None,
                     help="base game: day, night or random (1st edition: a, b or ab)")
    sim.add_argument("--edition", default=None, help="base game: 2nd (default) or 1st")
    sim.add_argument("--expansion", action="append", default=[], choices=sorted(EXPANSIONS),
                     help="base game: play with this expansion (repeatable)")
    where = sim.add_mutually_exclusive_group()
    where.add_argument("--workers", type=int, default=1,
                       help="processes to run games in (0: one per core; default 1, this one)")
    where.add_argument("--dask", metavar="ADDRESS", default=None,
                       help="run the games on the Dask cluster whose scheduler is at ADDRESS "
                            "(needs the distributed package)")
    sim.add_argument("--chunk", type=int, default=None, metavar="N",
                     help="games per task with --workers or --dask (default: about 32 tasks, "
                          "at most 64 games each)")
    sim.add_argument("--out", metavar="FILE", default=None,
                     help="write every game's results to FILE.csv (a row per seat) or FILE.json")
    sim.add_argument("--plot", metavar="FILE", default=None,
                     help="draw the score distribution per wonder to FILE.png (needs matplotlib)")
    sim.add_argument("--quiet", action="store_true", help="no progress bar")
    add_play_parser(commands)
    add_replay_parser(commands)
    add_serve_parser(commands)
    add_tournament_parser(commands)
    return parser


class ProgressBar:
    """A one-line text progress bar, redrawn in place on a terminal (``stream``)."""

    def __init__(self, stream: TextIO, width: int = 30) -> None:
        self.stream = stream
        self.width = width
        self.start = time.perf_counter()
        self.last = -1.0

    def __call__(self, done: int, total: int) -> None:
        now = time.perf_counter()
        if done < total and now - self.last < 0.1:
            return
        self.last = now
        filled = self.width * done // total if total else self.width
        elapsed = now - self.start
        rate = done / elapsed if elapsed > 0 else 0.0
        eta = (total - done) / rate if rate > 0 else 0.0
        bar = "#" * filled + "-" * (self.width - filled)
        self.stream.write(f"\r[{bar}] {done}/{total} games, {elapsed:.0f}s, eta {eta:.0f}s")
        if done >= total:
            self.stream.write("\n")
        self.stream.flush()


@contextmanager
def _executor(workers: int, dask: str | None) -> Iterator[Executor | None]:
    if dask is not None:
        try:
            distributed = importlib.import_module("distributed")
        except ImportError:
            raise SystemExit(
                "--dask needs the distributed package: pip install 'sevenwonders[dask]'"
            ) from None
        with distributed.Client(dask) as client:
            yield client.get_executor()
        return
    if workers == 1:
        yield None
        return
    if workers < 0:
        raise SystemExit("--workers must be 0 (one per core) or more")
    with ProcessPoolExecutor(max_workers=workers or os.cpu_count() or 1) as pool:
        yield pool


def _simulate(args: argparse.Namespace) -> int:
    options: dict[str, Any] = {}
    if args.sides is not None:
        options["sides"] = args.sides
    if args.edition is not None:
        options["edition"] = args.edition
    if args.expansion:
        options["expansions"] = list(args.expansion)
    if args.games < 1:
        raise SystemExit("--games must be at least 1")
    if args.chunk is not None and args.chunk < 1:
        raise SystemExit("--chunk must be at least 1")
    if args.out is not None and not args.out.lower().endswith((".csv", ".json")):
        raise SystemExit("--out must name a .csv or .json file")
    game = make_game(args.game, args.players, **options)
    names = [name.strip() for name in args.agents.split(",")]
    if len(names) == 1:
        names = names * game.players
    if len(names) != game.players:
        raise SystemExit(f"--agents needs 1 or {game.players} names, got {len(names)}")
    agents = [make_agent(name) for name in names]
    progress = None if args.quiet else ProgressBar(sys.stderr)
    with _executor(args.workers, args.dask) as executor:
        results = simulate(game, agents, games=args.games, seed=args.seed, executor=executor,
                           progress=progress, chunk=args.chunk)
    print(f"{args.game}, {args.players} players, seed {args.seed}, agents {','.join(names)}")
    print(format_summary(summarize(results)))
    if args.out is not None:
        write_results(results, args.out)
        print(f"\nresults written to {args.out}")
    if args.plot is not None:
        try:
            plot_scores(results, args.plot)
        except ImportError as error:
            print(f"error: {error}", file=sys.stderr)
            return 2
        print(f"plot written to {args.plot}")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    try:
        if args.command == "simulate":
            return _simulate(args)
        if hasattr(args, "handler"):
            return int(args.handler(args))
    except (SevenWondersError, ValueError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    return 1


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
