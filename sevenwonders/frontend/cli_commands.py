"""The commands of ``sevenwonders`` (:mod:`sevenwonders.cli` only parses their arguments).

- ``sevenwonders simulate``: seeded games with agents, a results table.
- ``sevenwonders play GAME``: a terminal game against bots.
- ``sevenwonders replay FILE``: replay a game record, checking every step, and print the final
  scores.

Each ``add_*_parser`` sets ``handler`` on the parsed arguments; a handler returns the exit code
and lets the library's errors (:class:`~sevenwonders.errors.SevenWondersError`) and
:class:`CommandError` propagate to the command line's one-line error report (exit code 2).
"""

from __future__ import annotations

import argparse
import importlib
import importlib.util
import json
import os
import sys
from collections.abc import Iterator
from concurrent.futures import Executor, ProcessPoolExecutor
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TextIO

from sevenwonders.agents.base import make_agent
from sevenwonders.core.seeds import fresh_seed
from sevenwonders.errors import InvalidOptionError
from sevenwonders.frontend.describe import describe_event
from sevenwonders.frontend.records import (
    GameRecord,
    build_game,
    game_of,
    read_record,
    replay,
    save_record,
)
from sevenwonders.frontend.terminal import format_scores, play_terminal
from sevenwonders.games import EXPANSIONS, GAMES
from sevenwonders.simulation import (
    format_summary,
    plot_scores,
    seat_labels,
    simulate,
    summarize,
    write_results,
)

Subparsers = Any  # argparse's _SubParsersAction is private

EXTRAS = {"distributed": "dask", "matplotlib": "plot", "openskill": "ratings"}
"""Optional package -> the extra of ``sevenwonders`` that installs it."""


class CommandError(Exception):
    """A command's arguments cannot be carried out (reported in one line, exit code 2)."""


def require(package: str, why: str) -> None:
    """Stop before any work starts when the optional ``package`` is missing, naming its extra."""
    if importlib.util.find_spec(package) is None:
        raise CommandError(f"{why} needs {package}: pip install "
                           f"'sevenwonders[{EXTRAS.get(package, package)}]'")


def add_table_arguments(parser: argparse.ArgumentParser) -> None:
    """``--game`` and ``--players``: the table ``simulate`` and ``tournament`` play at."""
    parser.add_argument("--game", choices=sorted(GAMES), default="base",
                        help="the game (default: base)")
    parser.add_argument("--players", type=int, default=4, help="seats at the table (default: 4)")


def add_game_arguments(parser: argparse.ArgumentParser) -> None:
    """The rule-option arguments every command that builds a game shares."""
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                        help="a rule option of the game (repeatable); VALUE is read as JSON "
                             "where it can be: --option edition=1st --option carthage=true")
    parser.add_argument("--options", metavar="FILE", default=None,
                        help="a JSON file holding an object of rule options; --option "
                             "arguments override its entries")
    parser.add_argument("--expansion", action="append", default=[], choices=sorted(EXPANSIONS),
                        help="base game: play with this expansion (repeatable)")


def add_where_arguments(parser: argparse.ArgumentParser) -> None:
    """``--workers``/``--dask``/``--chunk``: where a long run's games are played."""
    where = parser.add_mutually_exclusive_group()
    where.add_argument("--workers", type=int, default=1,
                       help="processes to run games in (0: one per core; default 1, this one)")
    where.add_argument("--dask", metavar="ADDRESS", default=None,
                       help="run the games on the Dask cluster whose scheduler is at ADDRESS "
                            "(needs the dask extra: pip install 'sevenwonders[dask]')")
    parser.add_argument("--chunk", type=int, default=None, metavar="N",
                        help="games per task with --workers or --dask (default: about 32 "
                             "tasks, at most 64 games each)")


def game_options(args: argparse.Namespace) -> dict[str, Any]:
    """The rule options the arguments give: ``--options`` file, then each ``--option``, then
    the shortcuts (``--expansion``, and ``simulate``'s ``--sides`` and ``--edition``)."""
    options: dict[str, Any] = {}
    if args.options is not None:
        text = Path(args.options).read_text(encoding="utf-8")
        try:
            loaded = json.loads(text)
        except ValueError as error:
            raise CommandError(f"{args.options} is not JSON: {error}") from None
        if not isinstance(loaded, dict):
            raise CommandError(f"{args.options} must hold a JSON object of options")
        options.update(loaded)
    options.update(parse_options(args.option))
    for name in ("sides", "edition"):
        if getattr(args, name, None) is not None:
            options[name] = getattr(args, name)
    if args.expansion:
        options["expansions"] = {name: {} for name in args.expansion}
    return options


def make_table(args: argparse.Namespace) -> Any:
    """The game the arguments name, built and checked by its constructor (the user's own
    command line may name files, such as a Dice sheet file)."""
    return build_game(args.game, args.players, game_options(args), allow_files=True)


PLAY_EPILOG = """\
Answer each question with a move's number or its text ('help' lists the commands).

examples:
  sevenwonders play base --players 3 --seat 0
  sevenwonders play base --players 5 --bots greedy --expansion edifice --record game.json
  sevenwonders play base --players 4 --option edition=1st --option sides=b
  sevenwonders play architects --players 2 --bots ismcts:100
  sevenwonders play dice --players 3 --seed 7"""

REPLAY_EPILOG = """\
examples:
  sevenwonders replay game.json
  sevenwonders replay game.json --verbose --require-finished"""


def add_play_parser(subparsers: Subparsers) -> argparse.ArgumentParser:
    """The ``play`` command's arguments."""
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "play", help="play a game in the terminal against bots",
        description="Play one seat of a game against bots in the terminal.",
        epilog=PLAY_EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("game", choices=sorted(GAMES))
    parser.add_argument("--players", type=int, default=3, help="seats at the table (default: 3)")
    parser.add_argument("--seat", type=int, default=0, help="your seat, from 0 (default: 0)")
    parser.add_argument("--seed", type=int, default=None, help="set-up seed (random if omitted)")
    parser.add_argument("--bots", default="random",
                        help="agent for the other seats, or a comma-separated list, one per "
                             "other seat (random, greedy, ismcts, learned...; default: "
                             "random)")
    add_game_arguments(parser)
    parser.add_argument("--record", metavar="FILE", default=None,
                        help="save the game record to FILE as the game goes")
    parser.set_defaults(handler=run_play)
    return parser


def add_replay_parser(subparsers: Subparsers) -> argparse.ArgumentParser:
    """The ``replay`` command's arguments."""
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "replay", help="replay a game record, check every step, print the final scores",
        description="Replay a game record (JSON), checking every step; a record that does not "
                    "replay names its first bad step.",
        epilog=REPLAY_EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("file", help="the game record (as play --record writes it)")
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
    """The ``play`` command: one seat in the terminal, bots at the others."""
    game = make_table(args)
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
    """The ``replay`` command: check every step of a record and print the final scores."""
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
    """A long run's progress as a tqdm bar on ``stream``, with its rate and the time left;
    called as ``progress(done, total)`` by :func:`~sevenwonders.simulation.simulate` and
    :func:`~sevenwonders.tournament.tournament`."""

    def __init__(self, stream: TextIO, unit: str = "game") -> None:
        self.stream = stream
        self.unit = unit
        self.bar: Any = None

    def __call__(self, done: int, total: int) -> None:
        if self.bar is None:
            from tqdm import tqdm

            self.bar = tqdm(total=total, file=self.stream, unit=self.unit, dynamic_ncols=True)
        self.bar.update(done - self.bar.n)
        if done >= total:
            self.bar.close()


def progress_bar(quiet: bool, stream: TextIO | None = None) -> ProgressBar | None:
    """A progress bar on ``stream`` (stderr) unless ``quiet`` or the stream is no terminal."""
    stream = stream if stream is not None else sys.stderr
    if quiet or not stream.isatty():
        return None
    return ProgressBar(stream)


def check_run(args: argparse.Namespace) -> None:
    """What ``simulate`` and ``tournament`` check before any game is played."""
    if args.games < 1:
        raise CommandError("--games must be at least 1")
    if args.chunk is not None and args.chunk < 1:
        raise CommandError("--chunk must be at least 1")
    if args.workers < 0:
        raise CommandError("--workers must be 0 (one per core) or more")
    if args.dask is not None:
        require("distributed", "--dask")
    if args.plot is not None:
        require("matplotlib", "--plot")


@contextmanager
def executor_for(workers: int, dask: str | None) -> Iterator[Executor | None]:
    """The executor ``--workers``/``--dask`` ask for (``None``: this process), closed after."""
    if dask is not None:
        require("distributed", "--dask")
        distributed = importlib.import_module("distributed")
        with distributed.Client(dask) as client:
            yield client.get_executor()
        return
    if workers == 1:
        yield None
        return
    if workers < 0:
        raise CommandError("--workers must be 0 (one per core) or more")
    with ProcessPoolExecutor(max_workers=workers or os.cpu_count() or 1) as pool:
        yield pool


def run_simulate(args: argparse.Namespace) -> int:
    """The ``simulate`` command: play seeded games with agents and print a results table."""
    check_run(args)
    if args.out is not None and not args.out.lower().endswith((".csv", ".json")):
        raise CommandError("--out must name a .csv or .json file")
    game = make_table(args)
    names = [name.strip() for name in args.agents.split(",")]
    if len(names) == 1:
        names = names * game.players
    if len(names) != game.players:
        raise CommandError(f"--agents needs 1 or {game.players} names, got {len(names)}")
    agents = [make_agent(name) for name in names]
    with executor_for(args.workers, args.dask) as executor:
        results = simulate(game, agents, games=args.games, seed=args.seed, executor=executor,
                           progress=progress_bar(args.quiet), chunk=args.chunk)
    print(f"{args.game}, {args.players} players, seed {args.seed}, agents {','.join(names)}")
    print(format_summary(summarize(results)))
    if args.out is not None:
        write_results(results, args.out)
        print(f"\nresults written to {args.out}")
    if args.plot is not None:
        plot_scores(results, args.plot)
        print(f"plot written to {args.plot}")
    return 0


__all__ = [
    "CommandError", "ProgressBar", "add_game_arguments", "add_play_parser", "add_table_arguments",
    "add_replay_parser", "add_where_arguments", "check_run", "executor_for", "game_options",
    "make_table", "parse_options", "progress_bar", "require", "run_play", "run_replay",
    "run_simulate",
]
