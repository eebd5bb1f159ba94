"""Measured strength of the agents, their search speed, and the score scale of their games.

    python -m benchmarks.agents [--game base|edifice|architects|dice] [--games 100] [--seed 0]
                                [--players 4] [--workers 1] [--control]
                                [--match greedy/random --match ismcts/greedy]
    python -m benchmarks.agents --speed [--game ...] [--iterations 30] [--games 1]
    python -m benchmarks.agents --scale [--game ...] [--players 3 4 7] [--agents random greedy]

Strength (the default mode): each match seats the challenger at seat 0 and the opponent at every
other seat of a game (the base game by default, ``--game edifice`` adds the Edifice expansion;
``--game architects`` or ``--game dice`` for the others, each with its default rule options);
wonders (base: Day sides; Architects: wonders; Dice: sheets) are dealt from each game's seed, so
over many games every seat sees every wonder. ``--players`` may list several counts, each playing
every match. The win share counts a tie for first as a share; the baseline is ``1 / players``.
The standard error is that of a proportion over the number of games. ``--control`` also plays
each match's opponent against copies of itself (the *seat-0 control*: the share seat 0 wins when
nothing differs, which is not exactly the baseline, since seats differ). An ``ismcts`` spec
takes the game's preset for the options it leaves out (``sevenwonders.agents.ismcts.PRESETS``).
``greedy-noprojects`` is the greedy agent as it was before it valued Edifice projects: a stage
with ``+project`` is worth what the same stage without it is. ``greedy@PATH`` is greedy on the
base heuristic module at PATH (e.g. an older ``heuristics/base.py`` saved with ``git show``), to
match a heuristic change against the one it replaces. Each line ends with the match's
wall-clock time (``--workers 1``: one core).

Speed (``--speed``): ``--games`` games of a search (``ismcts:ITERATIONS:preset=off``, the
generic defaults; ``chance=`` with ``--chance``, ``root=tree:depth=all`` with ``--root tree``) at
seat 0 against greedy agents; prints the search's walks (counted) per second of CPU time spent
in its decisions.

Score scale (``--scale``): every seat plays the same agent (each of ``--agents``); prints the mean
points per player, the winner's mean, the spread (standard deviation of all totals) and the mean
of each score line.
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from collections import defaultdict
from collections.abc import Sequence
from concurrent.futures import Executor, ProcessPoolExecutor
from pathlib import Path
from typing import Any

from sevenwonders.agents.base import Agent, make_agent
from sevenwonders.agents.greedy import GreedyAgent, best_moves
from sevenwonders.agents.heuristics import evaluator_for
from sevenwonders.agents.ismcts import ISMCTSAgent
from sevenwonders.core.protocol import Game
from sevenwonders.core.rng import Rng
from sevenwonders.games import make_game
from sevenwonders.simulation import GameResult, simulate

# strength.py beside this file, however this one was loaded (one module name, for mypy too)
sys.path.insert(0, str(Path(__file__).resolve().parent))
from strength import Timed

DEFAULT_MATCHES = ("greedy/random", "ismcts/greedy")
GAMES = ("base", "edifice", "architects", "dice")


class GreedyWithoutProjects(GreedyAgent):
    """Greedy as before it valued Edifice projects: ``stage X +project`` is worth ``stage X``."""

    name = "greedy-noprojects"

    def choose(
        self, game: Game[Any, Any, Any], view: Any, legal: tuple[Any, ...], rng: Rng
    ) -> tuple[Any, Rng]:
        if len(legal) == 1:
            return legal[0], rng
        import attrs

        plain = tuple(
            attrs.evolve(m, extras=()) if getattr(m, "extras", ()) else m for m in legal)
        values, rng = evaluator_for(game)(game, view, plain, rng)
        return rng.choice(best_moves(values, legal))


class GreedyFromFile(GreedyAgent):
    """Greedy on another version of the base heuristic, loaded from a file (``greedy@PATH``,
    e.g. a copy of ``heuristics/base.py`` from an older commit), to measure a heuristic change
    against the one it replaces without keeping two versions in the package."""

    def __init__(self, path: str) -> None:
        import importlib.util

        spec = importlib.util.spec_from_file_location(f"_heuristic_{abs(hash(path))}", path)
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        self.path = path
        self.evaluate = module.evaluate
        self.name = "greedy@" + path.rsplit("/", 1)[-1]

    def __reduce__(self) -> tuple[Any, ...]:
        return (GreedyFromFile, (self.path,))

    def choose(
        self, game: Game[Any, Any, Any], view: Any, legal: tuple[Any, ...], rng: Rng
    ) -> tuple[Any, Rng]:
        if len(legal) == 1:
            return legal[0], rng
        values, rng = self.evaluate(game, view, legal, rng)
        return rng.choice(best_moves(values, legal))


def agent(spec: str) -> Agent:
    if spec == "greedy-noprojects":
        return GreedyWithoutProjects()
    if spec.startswith("greedy@"):
        return GreedyFromFile(spec.removeprefix("greedy@"))
    return make_agent(spec)


def build_game(game_name: str, players: int) -> Game[Any, Any, Any]:
    if game_name == "edifice":
        return make_game("base", players, expansions=["edifice"])
    return make_game(game_name, players)


def share_of(results: Sequence[GameResult], seat: int = 0) -> tuple[float, float]:
    """Seat ``seat``'s win share (ties split) and its standard error."""
    games = len(results)
    wins = sum(1 / len(r.winners) for r in results if seat in r.winners)
    share = wins / games
    return share, math.sqrt(share * (1 - share) / games)


def run_match(challenger: str, opponent: str, players: int, games: int, seed: int,
              executor: Executor | None, game_name: str = "base") -> str:
    game = build_game(game_name, players)
    agents = [agent(challenger)] + [agent(opponent) for _ in range(players - 1)]
    start = time.perf_counter()
    results = simulate(game, agents, games=games, seed=seed, executor=executor)
    elapsed = time.perf_counter() - start
    share, error = share_of(results)
    mine = sum(r.scores[0].total for r in results) / games
    theirs = sum(r.scores[s].total for r in results for s in range(1, players)) / (
        games * (players - 1)
    )
    return (f"{game_name} {players}p: {agents[0].name:>12} vs {players - 1} x "
            f"{agents[1].name:<10} {games:>5} games seed {seed}: win share {share:6.1%} +/- "
            f"{error:4.1%} (baseline {1 / players:.0%}),"
            f" mean score {mine:5.1f} vs {theirs:5.1f}, {elapsed:6.1f}s")


def run_speed(game_name: str, players: int, iterations: int, games: int, seed: int,
              options: dict[str, Any]) -> str:
    """Walks per CPU second of a search (no preset, so every game searches alike: the generic
    defaults, the paired search, unless ``options`` say otherwise). The walks are counted as
    they run (a paired round walks every remaining move, so a decision may take a few more or,
    with one move left, fewer than ``iterations``)."""
    from sevenwonders.agents.search_walk import Search

    game = build_game(game_name, players)
    searcher = Timed(ISMCTSAgent(iterations=iterations, preset=False, **options))
    agents: list[Any] = [searcher] + [GreedyAgent() for _ in range(players - 1)]
    count = [0]
    iterate = Search.iterate

    def counted(self: Any, *args: Any, **kwargs: Any) -> Any:
        count[0] += 1
        return iterate(self, *args, **kwargs)

    Search.iterate = counted  # type: ignore[method-assign]
    try:
        simulate(game, agents, games=games, seed=seed)
    finally:
        Search.iterate = iterate  # type: ignore[method-assign]
    walks = count[0]
    return (f"{game_name} {players}p: {walks} walks of {searcher.name} in {searcher.cpu:.2f}s "
            f"CPU over {games} game(s): {walks / searcher.cpu:7.1f} walks/s")


def run_scale(game_name: str, players: int, spec: str, games: int, seed: int,
              executor: Executor | None) -> str:
    game = build_game(game_name, players)
    agents = [agent(spec) for _ in range(players)]
    start = time.perf_counter()
    results = simulate(game, agents, games=games, seed=seed, executor=executor)
    elapsed = time.perf_counter() - start
    totals = [sheet.total for r in results for sheet in r.scores]
    winners = [max(sheet.total for sheet in r.scores) for r in results]
    lines: dict[str, list[int]] = defaultdict(list)
    for r in results:
        for sheet in r.scores:
            for line, value in sheet.lines.items():
                lines[line].append(value)
    shown = ", ".join(f"{line} {sum(v) / len(v):.1f}" for line, v in lines.items())
    return (f"{game_name} {players}p all {agents[0].name}, {games} games seed {seed}: "
            f"mean {statistics.fmean(totals):.1f} per player (spread "
            f"{statistics.pstdev(totals):.1f}), winner {statistics.fmean(winners):.1f}; "
            f"lines: {shown}; {elapsed:.0f}s")


def split_match(match: str) -> tuple[str, str]:
    """``CHALLENGER/OPPONENT``, or ``CHALLENGER vs OPPONENT`` (for specs holding a path)."""
    challenger, _, opponent = match.partition(" vs " if " vs " in match else "/")
    return challenger.strip(), opponent.strip()


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--game", choices=GAMES, default="base")
    parser.add_argument("--players", type=int, nargs="+", default=[4])
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--control", action="store_true",
                        help="also play each opponent against copies of itself")
    parser.add_argument("--match", action="append", default=None,
                        help="CHALLENGER/OPPONENT agent specs (repeatable), e.g. "
                        "ismcts:100/greedy; 'CHALLENGER vs OPPONENT' when a spec holds a path")
    parser.add_argument("--speed", action="store_true", help="search walks per CPU second")
    parser.add_argument("--iterations", type=int, default=30)
    parser.add_argument("--chance", default=None, help="--speed: the search's chance option")
    parser.add_argument("--root", choices=("paired", "tree"), default="paired",
                        help="--speed: the paired search (default) or the tree search")
    parser.add_argument("--scale", action="store_true", help="score scale of same-agent games")
    parser.add_argument("--agents", nargs="+", default=["random", "greedy"])
    args = parser.parse_args(argv)
    if args.speed:
        for players in args.players:
            options: dict[str, Any] = {} if args.chance is None else {"chance": args.chance}
            if args.root == "tree":
                options.update(root="tree", depth=None)
            print(run_speed(args.game, players, args.iterations, args.games, args.seed,
                            options), flush=True)
        return
    pool = ProcessPoolExecutor(max_workers=args.workers) if args.workers > 1 else None
    try:
        for players in args.players:
            if args.scale:
                for spec in args.agents:
                    print(run_scale(args.game, players, spec, args.games, args.seed, pool),
                          flush=True)
                continue
            matches = list(args.match or DEFAULT_MATCHES)
            if args.control:
                opponents = dict.fromkeys(split_match(m)[1] for m in matches)
                matches += [f"{o} vs {o}" for o in opponents
                            if split_match(f"{o} vs {o}") not in map(split_match, matches)]
            for match in matches:
                challenger, opponent = split_match(match)
                print(run_match(challenger, opponent, players, args.games, args.seed, pool,
                                args.game), flush=True)
    finally:
        if pool is not None:
            pool.shutdown()


if __name__ == "__main__":
    main()
