"""The ``tournament`` command of ``sevenwonders``, for :mod:`sevenwonders.cli`.

``sevenwonders tournament --game G --players N --agents a,b,c --games K [--seed S]
[--workers W | --dask ADDRESS] [--plot FILE]``: a round-robin with seat rotation
(:mod:`sevenwonders.tournament`), its openskill ratings and a results table.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from sevenwonders.agents.base import make_agent
from sevenwonders.games import EXPANSIONS, GAMES, make_game

Subparsers = Any  # argparse's _SubParsersAction is private


def add_tournament_parser(subparsers: Subparsers) -> argparse.ArgumentParser:
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "tournament", help="rate agents in a round-robin with seat rotation (openskill)",
        description="Play every agent against every other, in every seat, on shared seeded "
                    "deals; print openskill ratings with their uncertainty and a results table.")
    parser.add_argument("--game", choices=sorted(GAMES), default="base")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--agents", required=True,
                        help="comma-separated agent specs, at least 2 (random, greedy, "
                             "ismcts:100, ismcts:seconds=0.2, ...)")
    parser.add_argument("--games", type=int, default=100,
                        help="games to play at least (rounded up to whole rounds)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--expansion", action="append", default=[], choices=sorted(EXPANSIONS),
                        help="base game: play with this expansion (repeatable)")
    where = parser.add_mutually_exclusive_group()
    where.add_argument("--workers", type=int, default=1,
                       help="processes to run games in (0: one per core; default 1, this one)")
    where.add_argument("--dask", metavar="ADDRESS", default=None,
                       help="run the games on the Dask cluster whose scheduler is at ADDRESS")
    parser.add_argument("--chunk", type=int, default=None, metavar="N",
                        help="games per executor task")
    parser.add_argument("--plot", metavar="FILE", default=None,
                        help="draw the ratings after every game to FILE.png (needs matplotlib)")
    parser.add_argument("--quiet", action="store_true", help="no progress bar")
    parser.set_defaults(handler=run_tournament)
    return parser


def run_tournament(args: argparse.Namespace) -> int:
    from sevenwonders.frontend.cli_commands import ProgressBar, executor_for
    from sevenwonders.tournament import format_standings, plot_ratings, tournament

    if args.games < 1:
        raise SystemExit("--games must be at least 1")
    if args.chunk is not None and args.chunk < 1:
        raise SystemExit("--chunk must be at least 1")
    options: dict[str, Any] = {}
    if args.expansion:
        options["expansions"] = list(args.expansion)
    game = make_game(args.game, args.players, **options)
    names = [name.strip() for name in args.agents.split(",") if name.strip()]
    if len(names) < 2:
        raise SystemExit("--agents needs at least 2 comma-separated agents")
    agents = [make_agent(name) for name in names]
    # frames redrawn in place belong on a terminal, not in a redirected log
    progress = None if args.quiet or not sys.stderr.isatty() else ProgressBar(sys.stderr)
    try:
        with executor_for(args.workers, args.dask) as executor:
            result = tournament(game, agents, games=args.games, seed=args.seed,
                                executor=executor, progress=progress, chunk=args.chunk)
    except ImportError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    print(f"{args.game}, {args.players} players, seed {args.seed}, agents {','.join(names)}")
    print(format_standings(result))
    if args.plot is not None:
        try:
            plot_ratings(result, args.plot)
        except ImportError as error:
            print(f"error: {error}", file=sys.stderr)
            return 2
        print(f"plot written to {args.plot}")
    return 0


__all__ = ["add_tournament_parser", "run_tournament"]
