"""The commands of ``sevenwonders`` (:mod:`sevenwonders.cli` only parses their arguments).

- ``sevenwonders simulate [--game G] [--players N] [--games K] ...``: seeded games with agents,
  a results table.

- ``sevenwonders play GAME --players N --seat K [--seed S] [--bots random]
  [--expansion edifice] [--option KEY=VALUE] [--record FILE]``: a terminal game against bots.
- ``sevenwonders replay FILE [--verbose] [--require-finished]``: replay a game record, checking
  every step, and print the final scores.

Each ``add_*_parser`` sets ``handler`` on the parsed arguments; a handler returns the exit code
and lets the library's errors (:class:`~sevenwonders.errors.SevenWondersError`) propagate to the
command line's usual error report.
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import sys
import time
from collections.abc import Iterator
from concurrent.futures import Executor, ProcessPoolExecutor
from contextlib import contextmanager
from typing import Any, TextIO

from sevenwonders.agents.base import make_agent
from sevenwonders.core.seeds import fresh_seed
from sevenwonders.errors import InvalidOptionError
from sevenwonders.frontend.records import (
    EXPANSIONS,
    GameRecord,
    build_game,
    game_of,
    read_record,
    replay,
    save_record,
)
from sevenwonders.frontend.terminal import describe_event, format_scores, play_terminal
from sevenwonders.games import GAMES, make_game
from sevenwonders.simulation import (
    format_summary,
    plot_scores,
    seat_labels,
    simulate,
    summarize,
    write_results,
)

Subparsers = Any  # argparse's _SubParsersAction is private


def add_play_parser(subparsers: Subparsers) -> argparse.ArgumentParser:
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "play", help="play a game in the terminal against bots",
        description="Play one seat of a game against bots; answer with a move number or a "
                    "move in notation ('help' lists the commands).")
    parser.add_argument("game", choices=sorted(GAMES))
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--seat", type=int, default=0, help="your seat, from 0")
    parser.add_argument("--seed", type=int, default=None, help="set-up seed (random if omitted)")
    parser.add_argument("--bots", default="random",
                        help="agent for the other seats, or a comma-separated list, one per "
                             "other seat (random, greedy, ismcts...)")
    parser.add_argument("--expansion", action="append", default=[], choices=sorted(EXPANSIONS),
                        help="base game: add an expansion (repeatable)")
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                        help="a game option; VALUE is read as JSON if it can be "
                             "(--option sides=night, --option edition=1st)")
    parser.add_argument("--record", metavar="FILE", default=None,
                        help="save the game record to FILE as the game goes")
    parser.set_defaults(handler=run_play)
    return parser


def add_replay_parser(subparsers: Subparsers) -> argparse.ArgumentParser:
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "replay", help="replay a game record, check every step, print the final scores")
    parser.add_argument("file")
    parser.add_argument("--verbose", "-v", action="store_true",
                        help="print every step's moves and events")
    parser.add_argument("--require-finished", action="store_true",
                        help="fail if the record stops before the end of the game")
    parser.set_defaults(handler=run_replay)
    return parser


def parse_options(pairs: list[str]) -> dict[str, Any]:
    """``["sides=night", "wonders=[\\"Gizah\\", ...]"]`` -> options (values as JSON if they
    read as JSON, else as text)."""
    options: dict[str, Any] = {}
    for pair in pairs:
        key, equals, raw = pair.partition("=")
        key = key.strip()
        if not equals or not key:
            raise InvalidOptionError(f"an option is KEY=VALUE, not {pair!r}")
        try:
            value: Any = json.loads(raw)
        except ValueError:
            value = raw
        options[key] = value
    return options


def run_play(args: argparse.Namespace, input: TextIO | None = None,
             output: TextIO | None = None) -> int:
    options = parse_options(args.option)
    if args.expansion:
        options["expansions"] = {name: {} for name in args.expansion}
    game = build_game(args.game, args.players, options, allow_files=True)  # the user's own files
    seed = args.seed if args.seed is not None else fresh_seed()
    bots: str | list[str] = args.bots
    if "," in args.bots:
        bots = [name.strip() for name in args.bots.split(",")]
    path = args.record

    def save(record: GameRecord) -> None:
        if path is not None:
            save_record(record, path)

    result = play_terminal(game, args.seat, bots, seed, input=input, output=output,
                           on_record=save)
    out = output if output is not None else sys.stdout
    if path is not None:
        out.write(f"Record saved to {path}.\n")
    return 0 if result.finished else 1


def run_replay(args: argparse.Namespace, output: TextIO | None = None) -> int:
    out = output if output is not None else sys.stdout
    record = read_record(args.file)

    game = game_of(record) if args.verbose else None

    def show(index: int, moves: Any, state: Any, events: tuple[Any, ...]) -> None:
        text = "; ".join(f"seat {seat}: {move}" for seat, move in sorted(moves.items()))
        out.write(f"step {index}: {text}\n")
        assert game is not None
        for event in events:
            out.write(f"    {describe_event(game, event)}\n")

    result = replay(record, require_finished=args.require_finished,
                    on_step=show if game is not None else None)
    status = "finished" if result.over else "not finished (running scores)"
    out.write(f"{record.game}, {record.players} players, seed {record.seed}: "
              f"{len(record.steps)} steps replayed, every step legal; game {status}.\n")
    names = None
    if result.game.name in GAMES:
        labels = seat_labels(result.game, result.state)
        names = [f"{seat} {label}" for seat, label in enumerate(labels)]
    out.write(format_scores(result.game, result.state, names) + "\n")
    return 0


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
def executor_for(workers: int, dask: str | None) -> Iterator[Executor | None]:
    """The executor ``--workers``/``--dask`` ask for (``None``: this process), closed after."""
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


def run_simulate(args: argparse.Namespace) -> int:
    """The ``simulate`` command: play seeded games with agents and print a results table."""
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
    with executor_for(args.workers, args.dask) as executor:
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


__all__ = [
    "ProgressBar", "add_play_parser", "add_replay_parser", "executor_for", "parse_options",
    "run_play", "run_replay", "run_simulate",
]
