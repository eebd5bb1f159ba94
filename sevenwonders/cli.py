"""The ``sevenwonders`` command: ``simulate`` seeded games and print a results table."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from sevenwonders.agents.base import make_agent
from sevenwonders.errors import SevenWondersError
from sevenwonders.games import GAMES, make_game
from sevenwonders.simulation import format_summary, simulate, summarize


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="sevenwonders", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    sim = commands.add_parser("simulate", help="play seeded games with agents, print a table")
    sim.add_argument("--game", choices=sorted(GAMES), default="base")
    sim.add_argument("--players", type=int, default=4)
    sim.add_argument("--games", type=int, default=100)
    sim.add_argument("--seed", type=int, default=0)
    sim.add_argument("--agents", default="random",
                     help="one agent name for all seats, or a comma-separated list per seat")
    sim.add_argument("--sides", default=None, help="base game: day, night or random")
    return parser


def _simulate(args: argparse.Namespace) -> int:
    options = {}
    if args.sides is not None:
        options["sides"] = args.sides
    game = make_game(args.game, args.players, **options)
    names = args.agents.split(",")
    if len(names) == 1:
        names = names * game.players
    if len(names) != game.players:
        raise SystemExit(f"--agents needs 1 or {game.players} names, got {len(names)}")
    agents = [make_agent(name) for name in names]
    results = simulate(game, agents, games=args.games, seed=args.seed)
    print(f"{args.game}, {args.players} players, seed {args.seed}, agents {','.join(names)}")
    print(format_summary(summarize(results)))
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    try:
        if args.command == "simulate":
            return _simulate(args)
    except SevenWondersError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    return 1


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
