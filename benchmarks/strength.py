"""Honest strength rows: rotating seats, iteration budgets, paired and unpaired margins.

    python -m benchmarks.strength [--game base|edifice|architects|dice] [--players 4]
                                  [--deals 100] [--first 0] [--seed 0] [--workers 1]
                                  [--progress] [--record FILE]
                                  [--row ismcts:100/greedy --row greedy/ismcts:30 ...]
                                  [--table greedy --table ismcts:100 ...]
    python -m benchmarks.strength --combine FILE [FILE ...]

A row ``CANDIDATE/OPPONENT`` plays every deal (a seeded set-up) ``players + 1`` times: once with
the candidate in each seat and the opponent in every other (so the candidate is measured in
every seat, which matters where the first seat moves first, as in Architects), and once with the
opponent in every seat (the *control*). Seats keep their generators from game to game of a deal,
so the control differs from a candidate game only in the candidate's seat.

Figures of a row (``deals`` deals, ``deals * players`` candidate games):

* ``win``: the candidate's win share (a tie for first counts as a share) and its standard error
  over deals; *unpaired* margin: its distance from ``1 / players`` (what the control's seats win
  on average, exactly, since every control seat is the same agent) in standard errors.
* ``paired win``: per deal and seat, the candidate's win minus the control's win in that seat
  on that deal, averaged; its standard error over deals, and the margin in standard errors.
* ``paired score``: the same with points (the candidate's total minus the control seat's total).
* ``score``: the candidate's mean points and the opponents' mean points in its games.
* ``ms/decision``: the candidate's CPU time per decision that had a choice (``process_time``
  of the worker; on a shared machine it varies with load, the walk budget does not).

Agents are named as on the command line (:func:`sevenwonders.agents.make_agent`), and
``greedy-hand`` is greedy on the game's hand-set weights (an opponent that is not the search's
own walk policy), ``greedy-file=PATH`` greedy on the weights of a file of the game's data file
shape (a tuning run's output, before it ships), ``learned-file=PATH`` the learned agent
on the network of a file (a training run's output, its network its own: a ``learned``
opponent plays the shipped one; ``learned-file=PATH:prior=W`` with the heuristic's weight ``W``
instead of the file's), and ``SPEC+weights=PATH`` the agent of ``SPEC``
(``greedy``, ``ismcts...``, ``learned...``) playing greedy's judgement, wherever it enters, with
the weights of a file (``ismcts:100+weights=PATH``: the search whose anchor, walks and cut
values read them). Search budgets are walks
(``ismcts:100``), never seconds, so a row is the same on any machine and under any load. Rows
are for people to read; nothing here is timed by the tests.

A *table* ``--table AGENT`` (the score scale) plays one game per deal with the agent in every
seat and prints the points per player, the winner's points, the mean of each score line
(science, wonder, guilds, civilian...), the share of seats reaching 20 science points, and the
agent's CPU time per decision with a choice. ``--progress`` prints a line per finished deal to
the error stream (to size a run before it ends). A serial run (``--workers 1``) stopped with
SIGTERM prints each row with the deals it finished (and plays no further row).

A row or table grows over several runs: ``--first K`` plays the deals from index ``K`` on (a
deal's games depend on its index alone, so deals ``0..K-1`` are those an earlier run played),
``--record FILE`` adds a JSON line per deal played to ``FILE``, and ``--combine FILE ...``
prints each row and table of the records (one per game, players, row and seed; a deal recorded
twice counts once) with its seed and deal ranges.
"""

from __future__ import annotations

import argparse
import json
import math
import signal
import statistics
import sys
import time
from collections import defaultdict
from collections.abc import Callable, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor
from pathlib import Path
from typing import Any, TypeVar

import attrs

from sevenwonders.agents.base import Agent, make_agent
from sevenwonders.agents.greedy import GreedyAgent
from sevenwonders.agents.heuristics import weights_for
from sevenwonders.agents.heuristics.weights import read_weights
from sevenwonders.agents.ismcts import ISMCTSAgent
from sevenwonders.agents.learned import LearnedAgent
from sevenwonders.agents.network import Network
from sevenwonders.core.protocol import Game
from sevenwonders.core.rng import Rng
from sevenwonders.games import make_game
from sevenwonders.simulation import game_seed, play_game

GAMES = ("base", "edifice", "architects", "dice")
DEFAULT_ROWS = ("ismcts:100/greedy",)


class Timed:
    """An agent wrapper adding up the CPU time its agent spends on decisions with a choice."""

    def __init__(self, inner: Agent) -> None:
        self.inner = inner
        self.name = inner.name
        self.cpu = 0.0
        self.choices = 0

    def choose(self, game: Game[Any, Any, Any], view: Any, legal: tuple[Any, ...], rng: Rng
               ) -> tuple[Any, Rng]:
        """The inner agent's choice, timed."""
        if len(legal) == 1:
            return self.inner.choose(game, view, legal, rng)
        start = time.process_time()
        try:
            return self.inner.choose(game, view, legal, rng)
        finally:
            self.cpu += time.process_time() - start
            self.choices += 1


@attrs.frozen
class Deal:
    """One deal of a row: per seat, the candidate's (win, score) and the control's (win, score),
    the opponents' mean score in the candidate's games, and the candidate's CPU and choices."""

    candidate: tuple[tuple[float, int], ...]
    control: tuple[tuple[float, int], ...]
    opponents: float
    cpu: float
    choices: int


class FileLearned(LearnedAgent):
    """The learned agent on the network of a file (a training run's output, before it ships)."""

    def __init__(self, path: str, prior: float | None = None) -> None:
        super().__init__(prior=prior)
        import numpy as np  # the learned agent's extra, only for this agent

        with np.load(path) as data:
            self.arrays = {name: data[name] for name in data.files}
        self.file = Path(path).name
        self.network: Network | None = None

    @property
    def name(self) -> str:
        """``learned(FILE)``, or ``learned(FILE,prior=W)``."""
        return f"learned({self.file})" if self.prior is None else (
            f"learned({self.file},prior={self.prior})")

    def network_in(self, game: Game[Any, Any, Any]) -> Network:
        """The file's network, held by this agent alone (the shipped ``learned`` agent at the
        same table keeps the shipped network), built again when the game object changes."""
        if self.network is None or self.network.game is not game:
            self.network = Network(game, self.arrays)
        return self.network


WITH_WEIGHTS = "+weights="
"""``SPEC+weights=PATH``: the agent of ``SPEC`` playing greedy's judgement with the weights of
``PATH`` (see the module)."""


def agent(spec: str, game: Game[Any, Any, Any]) -> Agent:
    """An agent for ``game`` by its command-line name, or ``greedy-hand``, ``greedy-file=PATH``,
    ``learned-file=PATH`` or ``SPEC+weights=PATH`` (see the module)."""
    if WITH_WEIGHTS in spec:
        inner, _, path = spec.partition(WITH_WEIGHTS)
        made = agent(inner, game)
        if not isinstance(made, GreedyAgent | ISMCTSAgent | LearnedAgent):
            raise ValueError(f"{inner!r} plays no greedy judgement to take weights")
        made.weights = read_weights(type(weights_for(game)), path)
        return made
    if spec == "greedy-hand" or spec.startswith("greedy-file="):
        kind = type(weights_for(game))
        if spec == "greedy-hand":
            return GreedyAgent(weights=read_weights(kind, name=kind.hand_file), name=spec)
        path = spec.removeprefix("greedy-file=")
        return GreedyAgent(weights=read_weights(kind, path), name=f"greedy({Path(path).name})")
    if spec.startswith("learned-file="):
        path, _, prior = spec.removeprefix("learned-file=").partition(":prior=")
        return FileLearned(path, float(prior) if prior else None)
    return make_agent(spec)


def build_game(name: str, players: int) -> Game[Any, Any, Any]:
    """The game a row plays (``edifice``: the base game with the Edifice expansion)."""
    if name == "edifice":
        return make_game("base", players, expansions=["edifice"])
    return make_game(name, players)


def play_deal(game: Game[Any, Any, Any], candidate: Agent, opponent: Agent, seed: int,
              deal: int) -> Deal:
    """The ``players + 1`` games of one deal (see the module)."""
    setup = game_seed(seed, deal)
    players = game.players
    control = play_game(game, [opponent] * players, setup, deal)
    timed = Timed(candidate)
    mine: list[Any] = []
    theirs: list[Any] = []
    for seat in range(players):
        seats: list[Any] = [opponent] * players
        seats[seat] = timed
        result = play_game(game, seats, setup, deal)
        win = 1 / len(result.winners) if seat in result.winners else 0.0
        mine.append((win, result.scores[seat].total))
        theirs.extend(result.scores[s].total for s in range(players) if s != seat)
    control_row = tuple((1 / len(control.winners) if s in control.winners else 0.0,
                         control.scores[s].total) for s in range(players))
    return Deal(tuple(mine), control_row, statistics.fmean(theirs), timed.cpu, timed.choices)


class Stop(Exception):
    """Raised by SIGTERM in a serial run: the row ends with the deals finished (a deal's games
    depend on its index alone, so the first ``k`` deals are the row ``--deals k`` plays)."""


STOPPED: list[bool] = []
"""Holds ``True`` once a SIGTERM stopped the run."""


def _stop(signum: int, frame: Any) -> None:
    STOPPED.append(True)
    raise Stop


T = TypeVar("T")


def _each(play: Callable[[int], T], deals: Sequence[int], progress: bool) -> list[T]:
    """``play(deal)`` for each deal in order, until a :class:`Stop`; a progress line per deal."""
    out: list[T] = []
    start = time.perf_counter()
    for d in deals:
        try:
            out.append(play(d))
        except Stop:
            break
        if progress:
            print(f"deal {d} ({len(out)}/{len(deals)}): {time.perf_counter() - start:.0f}s",
                  file=sys.stderr, flush=True)
    return out


def _play_deals(game: Game[Any, Any, Any], candidate: Agent, opponent: Agent, seed: int,
                deals: Sequence[int], progress: bool = False) -> list[Deal]:
    return _each(lambda d: play_deal(game, candidate, opponent, seed, d), deals, progress)


def play_row(game: Game[Any, Any, Any], candidate: Agent, opponent: Agent, deals: int,
             seed: int = 0, executor: Executor | None = None,
             progress: bool = False, first: int = 0) -> list[Deal]:
    """Every deal of a row (``deals`` from index ``first``), in deal order (the same in any
    executor)."""
    end = first + deals
    if executor is None:
        return _play_deals(game, candidate, opponent, seed, range(first, end), progress)
    size = max(1, deals // 16)
    futures = [executor.submit(_play_deals, game, candidate, opponent, seed,
                               range(start, min(end, start + size)))
               for start in range(first, end, size)]
    return [deal for future in futures for deal in future.result()]


def mean_error(values: Sequence[float]) -> tuple[float, float]:
    """A mean and its standard error (infinite for fewer than two values)."""
    mean = statistics.fmean(values)
    if len(values) < 2:
        return mean, math.inf
    return mean, statistics.stdev(values) / math.sqrt(len(values))


def ratio(margin: float, error: float) -> float:
    """A margin in standard errors; with no spread at all, infinite with the margin's sign (0
    for no margin)."""
    if error:
        return margin / error
    return math.copysign(math.inf, margin) if margin else 0.0


def summarize(deals: Sequence[Deal], players: int) -> dict[str, float]:
    """A row's figures (see the module) from its deals."""
    win, win_error = mean_error([statistics.fmean(w for w, _ in d.candidate) for d in deals])
    paired_win, paired_win_error = mean_error([
        statistics.fmean(c[0] - k[0] for c, k in zip(d.candidate, d.control, strict=True))
        for d in deals])
    paired_score, paired_score_error = mean_error([
        statistics.fmean(c[1] - k[1] for c, k in zip(d.candidate, d.control, strict=True))
        for d in deals])
    seat_wins = [statistics.fmean(d.candidate[s][0] for d in deals) for s in range(players)]
    choices = sum(d.choices for d in deals)
    return {
        "deals": len(deals), "games": len(deals) * players, "win": win, "win_error": win_error,
        "unpaired_se": ratio(win - 1 / players, win_error),
        "paired_win": paired_win, "paired_win_error": paired_win_error,
        "paired_win_se": ratio(paired_win, paired_win_error),
        "paired_score": paired_score, "paired_score_error": paired_score_error,
        "paired_score_se": ratio(paired_score, paired_score_error),
        "score": statistics.fmean(s for d in deals for _, s in d.candidate),
        "opponents": statistics.fmean(d.opponents for d in deals),
        "ms_per_decision": 1000 * sum(d.cpu for d in deals) / choices if choices else 0.0,
        **{f"seat{s}": share for s, share in enumerate(seat_wins)},
    }


def format_row(game_name: str, players: int, candidate: str, opponent: str,
               figures: dict[str, float], seconds: float) -> str:
    """One printed row."""
    f = figures
    seats = " ".join(f"{f[f'seat{s}']:.0%}" for s in range(players))
    return (f"{game_name} {players}p {candidate} vs {opponent}: {f['deals']:.0f} deals, "
            f"{f['games']:.0f} games; win {f['win']:.1%} +/- {f['win_error']:.1%} "
            f"(baseline {1 / players:.1%}, unpaired {f['unpaired_se']:+.2f} SE); paired win "
            f"{f['paired_win']:+.1%} +/- {f['paired_win_error']:.1%} "
            f"({f['paired_win_se']:+.2f} SE); paired score {f['paired_score']:+.2f} +/- "
            f"{f['paired_score_error']:.2f} ({f['paired_score_se']:+.2f} SE); score "
            f"{f['score']:.1f} vs {f['opponents']:.1f}; win by seat {seats}; "
            f"{f['ms_per_decision']:.1f} ms CPU/decision; {seconds:.0f}s wall")


SCIENCE_MARK = 20
"""A seat whose science line reaches this many points counts as a science seat."""


@attrs.frozen
class Table:
    """One game of a table (every seat the same agent): every seat's score lines and total, and
    the agent's CPU time and decisions with a choice in it."""

    lines: tuple[dict[str, int], ...]
    totals: tuple[int, ...]
    cpu: float
    choices: int


def play_table(game: Game[Any, Any, Any], spec: Agent, seed: int, deal: int) -> Table:
    """The game of deal ``deal`` with ``spec`` in every seat."""
    timed = Timed(spec)
    result = play_game(game, [timed] * game.players, game_seed(seed, deal), deal)
    return Table(tuple(dict(sheet.lines) for sheet in result.scores),
                 tuple(sheet.total for sheet in result.scores), timed.cpu, timed.choices)


def _play_tables(game: Game[Any, Any, Any], spec: Agent, seed: int, deals: Sequence[int],
                 progress: bool = False) -> list[Table]:
    return _each(lambda d: play_table(game, spec, seed, d), deals, progress)


def play_tables(game: Game[Any, Any, Any], spec: Agent, deals: int, seed: int = 0,
                executor: Executor | None = None, progress: bool = False,
                first: int = 0) -> list[Table]:
    """Every game of a table row (``deals`` from index ``first``), in deal order (the same in
    any executor)."""
    end = first + deals
    if executor is None:
        return _play_tables(game, spec, seed, range(first, end), progress)
    size = max(1, deals // 16)
    futures = [executor.submit(_play_tables, game, spec, seed,
                               range(start, min(end, start + size)))
               for start in range(first, end, size)]
    return [table for future in futures for table in future.result()]


def summarize_tables(tables: Sequence[Table]) -> dict[str, float]:
    """A table row's figures: points per player and the winner's (with standard errors over
    games), each score line's mean per player, the share of science seats, CPU per decision."""
    per_game = [statistics.fmean(t.totals) for t in tables]
    winners = [max(t.totals) for t in tables]
    lines: defaultdict[str, list[int]] = defaultdict(list)
    for t in tables:
        for sheet in t.lines:
            for line, value in sheet.items():
                lines[line].append(value)
    science = [sheet.get("science", 0) >= SCIENCE_MARK for t in tables for sheet in t.lines]
    choices = sum(t.choices for t in tables)
    points, points_error = mean_error(per_game)
    winner, winner_error = mean_error(winners)
    return {
        "games": len(tables), "points": points, "points_error": points_error,
        "winner": winner, "winner_error": winner_error,
        "science_seats": statistics.fmean(science) if science else 0.0,
        "ms_per_decision": 1000 * sum(t.cpu for t in tables) / choices if choices else 0.0,
        **{f"line_{line}": statistics.fmean(values) for line, values in lines.items()},
    }


def format_table(game_name: str, players: int, spec: str, figures: dict[str, float],
                 seconds: float) -> str:
    """One printed table row."""
    f = figures
    shown = ", ".join(f"{name.removeprefix('line_')} {value:.1f}"
                      for name, value in f.items() if name.startswith("line_"))
    return (f"{game_name} {players}p all {spec}: {f['games']:.0f} games; points/player "
            f"{f['points']:.1f} +/- {f['points_error']:.1f}, winner {f['winner']:.1f} +/- "
            f"{f['winner_error']:.1f}; lines: {shown}; seats with {SCIENCE_MARK}+ science "
            f"{f['science_seats']:.1%}; {f['ms_per_decision']:.1f} ms CPU/decision; "
            f"{seconds:.0f}s wall")


def record(path: Path | None, head: dict[str, Any], first: int, items: Sequence[Any]) -> None:
    """Append a JSON line per deal (a :class:`Deal` or :class:`Table`) to ``path``."""
    if path is None:
        return
    with path.open("a") as out:
        for k, item in enumerate(items):
            out.write(json.dumps({**head, "deal": first + k, **attrs.asdict(item)}) + "\n")


def _ranges(deals: list[int]) -> str:
    """``0-99, 120-133``: the deal indices as ranges."""
    spans: list[list[int]] = []
    for d in sorted(deals):
        if spans and d == spans[-1][1] + 1:
            spans[-1][1] = d
        else:
            spans.append([d, d])
    return ", ".join(f"{a}-{b}" if a != b else f"{a}" for a, b in spans)


def combine(paths: Sequence[Path]) -> list[str]:
    """The rows and tables of recorded deals (see the module), one printed line each."""
    groups: dict[tuple[Any, ...], dict[int, dict[str, Any]]] = defaultdict(dict)
    for path in paths:
        for line in path.read_text().splitlines():
            item = json.loads(line)
            key = (item["kind"], item["game"], item["players"], item["spec"], item["seed"])
            groups[key].setdefault(item["deal"], item)
    out = []
    for (kind, game, players, spec, seed), items in groups.items():
        found = [items[d] for d in sorted(items)]
        where = f"seed {seed}, deals {_ranges(sorted(items))}: "
        if kind == "table":
            tables = [Table(tuple(t["lines"]), tuple(t["totals"]), t["cpu"], t["choices"])
                      for t in found]
            out.append(where + format_table(game, players, spec, summarize_tables(tables), 0))
            continue
        deals = [Deal(tuple(map(tuple, d["candidate"])), tuple(map(tuple, d["control"])),
                      d["opponents"], d["cpu"], d["choices"]) for d in found]
        candidate, _, opponent = spec.rpartition("/")
        out.append(where + format_row(game, players, candidate, opponent,
                                      summarize(deals, players), 0))
    return out


def main(argv: list[str] | None = None) -> None:
    """Play and print each ``--row``."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=GAMES, default="base")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--row", action="append", default=None,
                        help="CANDIDATE/OPPONENT agent specs (repeatable), e.g. ismcts:100/greedy")
    parser.add_argument("--table", action="append", default=None,
                        help="an agent spec to play in every seat (repeatable): the score scale")
    parser.add_argument("--progress", action="store_true",
                        help="a line per finished deal on the error stream")
    parser.add_argument("--first", type=int, default=0, help="the first deal's index")
    parser.add_argument("--record", type=Path, default=None,
                        help="append a JSON line per deal played to this file")
    parser.add_argument("--combine", type=Path, nargs="+", default=None,
                        help="print the rows and tables of recorded deals, and play nothing")
    args = parser.parse_args(argv)
    if args.combine:
        print("\n".join(combine(args.combine)))
        return
    if args.workers <= 1:
        signal.signal(signal.SIGTERM, _stop)  # end the row early, with the deals played
    pool = ProcessPoolExecutor(max_workers=args.workers) if args.workers > 1 else None
    try:
        for spec in args.table or ():
            if STOPPED:
                break
            start = time.perf_counter()
            game = build_game(args.game, args.players)  # a fresh game object: no row's network
            tables = play_tables(game, agent(spec, game), args.deals, args.seed, pool,
                                 args.progress, args.first)
            record(args.record, {"kind": "table", "game": args.game, "players": args.players,
                                 "spec": spec, "seed": args.seed}, args.first, tables)
            print(format_table(args.game, args.players, spec, summarize_tables(tables),
                               time.perf_counter() - start), flush=True)
        for row in args.row or (() if args.table else DEFAULT_ROWS):
            if STOPPED:
                break
            candidate, _, opponent = row.rpartition("/")  # a candidate spec may hold a path
            start = time.perf_counter()
            game = build_game(args.game, args.players)  # a fresh game object: no row's network
            deals = play_row(game, agent(candidate, game), agent(opponent, game), args.deals,
                             args.seed, pool, args.progress, args.first)
            record(args.record, {"kind": "row", "game": args.game, "players": args.players,
                                 "spec": row, "seed": args.seed}, args.first, deals)
            print(format_row(args.game, args.players, candidate, opponent,
                             summarize(deals, args.players), time.perf_counter() - start),
                  flush=True)
    finally:
        if pool is not None:
            pool.shutdown()


if __name__ == "__main__":
    main()
