"""The ``sevenwonders`` command: argument parsing only; the commands live in
:mod:`sevenwonders.frontend.cli_commands` and :mod:`sevenwonders.frontend.cli_tournament`."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from sevenwonders import __version__, build_info
from sevenwonders.errors import SevenWondersError
from sevenwonders.frontend.cli_commands import (
    CommandError,
    ProgressBar,
    add_game_arguments,
    add_play_parser,
    add_replay_parser,
    add_table_arguments,
    add_where_arguments,
    run_simulate,
)
from sevenwonders.frontend.cli_tournament import add_tournament_parser
from sevenwonders.frontend.server.command import add_serve_parser

DESCRIPTION = """\
Play and study the 7 Wonders family of board games: the base game (2nd or 1st edition, with
the Edifice expansion), 7 Wonders Architects and 7 Wonders Dice.

Run 'sevenwonders COMMAND --help' for a command's options and examples."""

EPILOG = """\
examples:
  sevenwonders simulate --game base --players 5 --games 200 --seed 1
  sevenwonders simulate --game base --players 4 --option edition=1st --option sides=ab
  sevenwonders play base --players 3 --seat 0 --bots greedy
  sevenwonders tournament --game dice --players 3 --agents random,greedy --games 30
  sevenwonders replay game.json --verbose
  sevenwonders serve --port 8000"""

SIMULATE_EPILOG = """\
Rule options: --option KEY=VALUE (repeatable; VALUE is read as JSON where it can be) or
--options FILE.json (an object of options); both are checked by the game itself.

examples:
  sevenwonders simulate --game base --players 5 --games 200 --seed 1
  sevenwonders simulate --game base --players 4 --expansion edifice --agents greedy
  sevenwonders simulate --game base --players 4 --option edition=1st --option sides=ab
  sevenwonders simulate --game dice --players 3 --option max_turns=60 --out results.csv
  sevenwonders simulate --game architects --players 2 --agents ismcts:20,greedy --games 20
  sevenwonders simulate --games 1000 --workers 0 --plot scores.png"""

AGENTS_HELP = (
    "one agent for all seats, or a comma-separated list with one per seat: random, greedy, "
    "ismcts (100 iterations), ismcts:ITERATIONS, ismcts:seconds=S; more ismcts options follow "
    "colons as NAME=VALUE: exploration, horizon, width, rollout, depth, root, evidence, "
    "cut_evidence, chance, leaf, points, preset; learned (the policy network, no search) "
    "(default: random)"
)


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="sevenwonders", description=DESCRIPTION, epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--version", action="version",
                        version=f"sevenwonders {__version__} ({build_info()})")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    sim = commands.add_parser(
        "simulate", help="play seeded games with agents and print a results table",
        description="Play seeded games with agents and print the mean of every score line and "
                    "the win share of every wonder (and agent).",
        epilog=SIMULATE_EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter)
    add_table_arguments(sim)
    sim.add_argument("--games", type=int, default=100, help="games to play (default: 100)")
    sim.add_argument("--seed", type=int, default=0,
                     help="the run's seed: the same seed plays the same games (default: 0)")
    sim.add_argument("--agents", default="random", help=AGENTS_HELP)
    add_game_arguments(sim)
    sim.add_argument("--sides", default=None,
                     help="base game: day, night or random (1st edition: a, b or ab); "
                          "the same as --option sides=...")
    sim.add_argument("--edition", default=None,
                     help="base game: 2nd (default) or 1st; the same as --option edition=...")
    add_where_arguments(sim)
    sim.add_argument("--out", metavar="FILE", default=None,
                     help="write every game's results to FILE.csv (a row per seat) or FILE.json")
    sim.add_argument("--plot", metavar="FILE", default=None,
                     help="draw the score distribution per wonder to FILE.png "
                          "(needs the plot extra: pip install 'sevenwonders[plot]')")
    sim.add_argument("--quiet", action="store_true",
                     help="no progress bar (it is drawn only when stderr is a terminal)")
    add_play_parser(commands)
    add_replay_parser(commands)
    serve = add_serve_parser(commands)
    serve.formatter_class = argparse.RawDescriptionHelpFormatter
    serve.epilog = ("needs the server extra: pip install 'sevenwonders[server]'\n\nexamples:\n"
                    "  sevenwonders serve\n"
                    "  sevenwonders serve --host 0.0.0.0 --port 8080 --db tables.sqlite3")
    add_tournament_parser(commands)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line with ``argv`` (default: the process's arguments); the exit code.

    0: done; 1: a game left unfinished (``play``); 2: bad input (options, agents, files,
    missing optional dependencies), reported on stderr as one line."""
    args = _parser().parse_args(argv)
    try:
        if args.command == "simulate":
            return run_simulate(args)
        if hasattr(args, "handler"):
            return int(args.handler(args))
    except (SevenWondersError, CommandError, ValueError, OSError) as error:
        print(f"sevenwonders {args.command}: error: {error}", file=sys.stderr)
        return 2
    return 1


__all__ = ["ProgressBar", "main"]


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
