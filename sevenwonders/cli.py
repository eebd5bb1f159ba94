"""The ``sevenwonders`` command: argument parsing only; the commands live in
:mod:`sevenwonders.frontend.cli_commands`."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from sevenwonders.errors import SevenWondersError
from sevenwonders.frontend.cli_commands import (
    ProgressBar,
    add_play_parser,
    add_replay_parser,
    run_simulate,
)
from sevenwonders.frontend.cli_tournament import add_tournament_parser
from sevenwonders.frontend.server.command import add_serve_parser
from sevenwonders.games import EXPANSIONS, GAMES

AGENTS_HELP = (
    "one agent for all seats, or a comma-separated list with one per seat: random, greedy, "
    "ismcts (100 iterations), ismcts:ITERATIONS, ismcts:seconds=S; more ismcts options follow "
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


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    try:
        if args.command == "simulate":
            return run_simulate(args)
        if hasattr(args, "handler"):
            return int(args.handler(args))
    except (SevenWondersError, ValueError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    return 1


__all__ = ["ProgressBar", "main"]


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
