"""The ``tournament`` command of ``sevenwonders``, for :mod:`sevenwonders.cli`.

A round-robin with seat rotation (:mod:`sevenwonders.tournament`), its openskill ratings and a
results table.
"""

from __future__ import annotations

import argparse
from typing import Any

from sevenwonders.agents.base import make_agent
from sevenwonders.frontend.cli_commands import (
    CommandError,
    add_game_arguments,
    add_table_arguments,
    add_where_arguments,
    check_run,
    executor_for,
    make_table,
    progress_bar,
    require,
)

Subparsers = Any  # argparse's _SubParsersAction is private

EPILOG = """\
Needs the ratings extra (openskill): pip install 'sevenwonders[ratings]'.

examples:
  sevenwonders tournament --game dice --players 3 --agents random,greedy --games 30
  sevenwonders tournament --game base --players 4 --agents random,greedy,ismcts:100 \\
      --games 120 --seed 1 --workers 0 --plot ratings.png
  sevenwonders tournament --game base --players 3 --agents random,greedy --games 12 \\
      --option edition=1st --expansion edifice"""


def add_tournament_parser(subparsers: Subparsers) -> argparse.ArgumentParser:
    """The ``tournament`` command's arguments."""
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "tournament", help="rate agents in a round-robin with seat rotation (openskill)",
        description="Play every agent against every other, in every seat, on shared seeded "
                    "deals; print openskill ratings with their uncertainty and a results table.",
        epilog=EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter)
    add_table_arguments(parser)
    parser.add_argument("--agents", required=True,
                        help="comma-separated agent specs, at least 2 (random, greedy, "
                             "ismcts:100, ismcts:seconds=0.2, learned, ...)")
    parser.add_argument("--games", type=int, default=100,
                        help="games to play at least, rounded up to whole rounds (default: 100)")
    parser.add_argument("--seed", type=int, default=0, help="the run's seed (default: 0)")
    add_game_arguments(parser)
    add_where_arguments(parser)
    parser.add_argument("--plot", metavar="FILE", default=None,
                        help="draw the ratings after every game to FILE.png "
                             "(needs the plot extra: pip install 'sevenwonders[plot]')")
    parser.add_argument("--quiet", action="store_true",
                        help="no progress bar (it is drawn only when stderr is a terminal)")
    parser.set_defaults(handler=run_tournament)
    return parser


def run_tournament(args: argparse.Namespace) -> int:
    """The ``tournament`` command: play the round-robin, print the standings."""
    from sevenwonders.tournament import format_standings, plot_ratings, tournament

    require("openskill", "tournament ratings")
    check_run(args)
    game = make_table(args)
    names = [name.strip() for name in args.agents.split(",") if name.strip()]
    if len(names) < 2:
        raise CommandError("--agents needs at least 2 comma-separated agents")
    agents = [make_agent(name) for name in names]
    with executor_for(args.workers, args.dask) as executor:
        result = tournament(game, agents, games=args.games, seed=args.seed, executor=executor,
                            progress=progress_bar(args.quiet), chunk=args.chunk)
    print(f"{args.game}, {args.players} players, seed {args.seed}, agents {','.join(names)}")
    print(format_standings(result))
    if args.plot is not None:
        plot_ratings(result, args.plot)
        print(f"plot written to {args.plot}")
    return 0


__all__ = ["add_tournament_parser", "run_tournament"]
