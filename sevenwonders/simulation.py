"""Many seeded games with agents, their summary, and their results as rows for files.

Each game's seed is derived from the run's seed and the game's index alone, and each seat's agent
generator from the game's seed and the seat, so the results are the same whether the games run in
this process or in any ``concurrent.futures.Executor``: a ``ProcessPoolExecutor`` for every local
core, or a Dask cluster's ``distributed.Client(address).get_executor()`` across machines. Games,
agents and results are plain picklable objects.

An agent with a time budget (``ISMCTSAgent(seconds=...)``, the deciding thread's CPU time) is
the one exception: its moves depend on the machine's speed.
"""

from __future__ import annotations

import csv
import json
import math
from collections import defaultdict
from collections.abc import Callable, Sequence
from concurrent.futures import Executor, Future, as_completed
from pathlib import Path
from typing import Any

import attrs

from sevenwonders.agents.base import Agent
from sevenwonders.agents.random_agent import RandomAgent
from sevenwonders.core.limits import quote
from sevenwonders.core.memo import adopt
from sevenwonders.core.protocol import Game
from sevenwonders.core.rng import Rng
from sevenwonders.core.scoring import ScoreSheet, ranking
from sevenwonders.core.seeds import checked_seed
from sevenwonders.errors import InvalidOptionError
from sevenwonders.games import part_of

Progress = Callable[[int, int], None]


@attrs.frozen(slots=True)
class GameResult:
    """One finished game: its seed, every seat's sheet and place, and what each seat played.

    ``labels`` names each seat's wonder and side when the game says (``seat_labels``), else the
    seat; ``agents`` names each seat's agent.
    """

    index: int
    seed: int
    scores: tuple[ScoreSheet, ...]
    ranks: tuple[int, ...]
    labels: tuple[str, ...]
    agents: tuple[str, ...]

    @property
    def winners(self) -> tuple[int, ...]:
        """The seats in first place (several on a shared first place)."""
        return tuple(seat for seat, rank in enumerate(self.ranks) if rank == 1)

    def rows(self) -> list[dict[str, Any]]:
        """One flat row per seat: game, seed, seat, label, agent, rank, every line, total."""
        out = []
        for seat, sheet in enumerate(self.scores):
            row: dict[str, Any] = {
                "game": self.index, "seed": self.seed, "seat": seat, "label": self.labels[seat],
                "agent": self.agents[seat], "rank": self.ranks[seat],
            }
            row.update(sheet.lines)
            row["total"] = sheet.total
            out.append(row)
        return out

    def to_dict(self) -> dict[str, Any]:
        """A JSON-able form: the game's index and seed, then one entry per seat."""
        return {
            "game": self.index,
            "seed": self.seed,
            "seats": [
                {
                    "seat": seat, "label": self.labels[seat], "agent": self.agents[seat],
                    "rank": self.ranks[seat], "lines": dict(sheet.lines), "total": sheet.total,
                    "tiebreak": list(sheet.tiebreak),
                }
                for seat, sheet in enumerate(self.scores)
            ],
        }


def game_seed(seed: int, index: int) -> int:
    """The set-up seed of game ``index`` in a run seeded with ``seed``."""
    value, _ = Rng.from_seed(seed).split()[1].next64()
    return Rng.from_seed(value ^ index).next64()[0] >> 1


def play_game(
    game: Game[Any, Any, Any], agents: Sequence[Agent], seed: int, index: int = 0
) -> GameResult:
    """Play one game from ``seed`` with one agent per seat; agents see only their seat's view."""
    state = game.new_game(seed)
    rngs = [Rng.from_seed(seed ^ (0x5EED << seat)) for seat in range(game.players)]
    labels = seat_labels(game, state)
    # agents that never look at their view (``needs_view = False``) get None instead
    looks = [getattr(agent, "needs_view", True) for agent in agents]
    while not game.is_over(state):
        moves = {}
        for seat in sorted(game.to_move(state)):
            legal = game.legal_moves(state, seat)
            view = game.view(state, seat) if looks[seat] else None
            moves[seat], rngs[seat] = agents[seat].choose(game, view, legal, rngs[seat])
        state = game.play(state, moves)
    scores = game.scores(state)  # scored once: the ranking is that of these sheets
    return GameResult(index, seed, scores, ranking(scores), labels,
                      tuple(agent.name for agent in agents))


def seat_labels(game: Game[Any, Any, Any], state: Any) -> tuple[str, ...]:
    """What each seat plays (a wonder and side), if the game says; else the seat number."""
    labels = part_of(game, "seat_labels")
    if labels is not None:
        return tuple(labels(state))
    labels = getattr(game, "seat_labels", None)  # a game outside the registry may say
    if callable(labels):
        return tuple(labels(state))
    return tuple(f"seat {seat}" for seat in range(game.players))


def play_indexed(game: Game[Any, Any, Any], agents: Sequence[Agent], seed: int, index: int
                 ) -> GameResult:
    """Game ``index`` of a run seeded with ``seed`` (what every executor runs)."""
    return play_game(game, agents, game_seed(seed, index), index)


def play_chunk(
    game: Game[Any, Any, Any], agents: Sequence[Agent], seed: int, indices: range
) -> list[GameResult]:
    """Games ``indices`` of a run seeded with ``seed``, one after the other (one executor task:
    the game and agents travel once, and the game's caches stay warm from game to game)."""
    return [play_game(game, agents, game_seed(seed, index), index) for index in indices]


def chunk_size(games: int) -> int:
    """How many games one executor task plays by default: enough tasks (about 32) to keep
    many workers busy and even, at most 64 games each so progress is seen."""
    return max(1, min(64, games // 32))


_PLAYED_WITH = ("new_game", "to_move", "legal_moves", "view", "play", "is_over", "scores")
"""What :func:`play_game` asks of a game (a game outside the registry needs no more)."""
MAX_GAMES = 10_000_000
"""The most games one call of :func:`simulate` plays (its results are kept in a list)."""


def _check_arguments(game: object, games: object, seed: object, executor: object,
                     progress: object, chunk: object) -> int:
    """Refuse what :func:`simulate` cannot use with :class:`InvalidOptionError` naming the
    argument (before any game starts); the seed checked (``None``: a fresh one)."""
    if type(getattr(game, "players", None)) is not int or not all(
            callable(getattr(game, name, None)) for name in _PLAYED_WITH):
        raise InvalidOptionError(f"game must be a game (sevenwonders.Game), not {quote(game)}")
    if type(games) is not int or not 0 <= games <= MAX_GAMES:
        raise InvalidOptionError(f"games must be a whole number from 0 to {MAX_GAMES:,}, not "
                                 f"{quote(games)}")
    if chunk is not None and (type(chunk) is not int or chunk < 1):
        raise InvalidOptionError(f"chunk must be a whole number from 1, not {quote(chunk)}")
    if progress is not None and not callable(progress):
        raise InvalidOptionError(f"progress must be a function, not {quote(progress)}")
    if executor is not None and not callable(getattr(executor, "submit", None)):
        raise InvalidOptionError(f"executor must be an Executor, not {quote(executor)}")
    return checked_seed(seed)


def _seat_agents(game: Game[Any, Any, Any], agents: Sequence[Agent] | None) -> list[Agent]:
    """One agent a seat (random ones by default); else :class:`InvalidOptionError`."""
    if agents is None:
        return [RandomAgent() for _ in range(game.players)]
    if isinstance(agents, str | bytes) or not isinstance(agents, Sequence):
        raise InvalidOptionError(f"agents must be a list of agents, not {quote(agents)}")
    if len(agents) != game.players:
        raise InvalidOptionError(f"need {game.players} agents, got {len(agents)}")
    if not all(callable(getattr(agent, "choose", None)) for agent in agents):
        raise InvalidOptionError("every agent needs a choose method (sevenwonders.Agent)")
    return list(agents)


def simulate(
    game: Game[Any, Any, Any],
    agents: Sequence[Agent] | None = None,
    games: int = 1,
    seed: int = 0,
    executor: Executor | None = None,
    progress: Progress | None = None,
    chunk: int | None = None,
) -> tuple[GameResult, ...]:
    """Play ``games`` games; ``agents`` has one agent per seat (random by default).

    With ``executor`` the games are split into tasks of ``chunk`` consecutive games (by default
    :func:`chunk_size`); results come back in game order and equal those of a run in this
    process. ``progress(done, games)`` is called as games (or tasks) finish.
    """
    seed = _check_arguments(game, games, seed, executor, progress, chunk)
    seat_agents = _seat_agents(game, agents)
    results: list[GameResult | None] = [None] * games
    if executor is None:
        for index in range(games):
            results[index] = play_indexed(game, seat_agents, seed, index)
            if progress is not None:
                progress(index + 1, games)
    else:
        adopt(game)  # workers forked from here on start with this game object's warm caches
        size = chunk or chunk_size(games)
        futures: list[Future[list[GameResult]]] = [
            executor.submit(play_chunk, game, seat_agents, seed,
                            range(start, min(start + size, games)))
            for start in range(0, games, size)
        ]
        done = 0
        for future in as_completed(futures):
            for result in future.result():
                results[result.index] = result
                done += 1
            if progress is not None:
                progress(done, games)
    return tuple(result for result in results if result is not None)


# ---------------------------------------------------------------------------- summaries


@attrs.frozen(slots=True)
class Summary:
    """What :func:`summarize` finds over many games: each score line's mean and standard
    deviation, and the win share of each wonder and side (and agent)."""
    games: int
    line_means: tuple[tuple[str, float, float], ...]  # (line, mean, standard deviation)
    win_share: tuple[tuple[str, float, int], ...]  # (label, share of games won, seats played)
    agent_share: tuple[tuple[str, float, int], ...] = ()  # (agent, share of wins, seats played)


def _shares(played: dict[str, int], wins: dict[str, float]) -> tuple[tuple[str, float, int], ...]:
    return tuple(sorted(
        ((key, wins[key] / played[key], played[key]) for key in played),
        key=lambda item: (-item[1], item[0]),
    ))


def summarize(results: Sequence[GameResult]) -> Summary:
    """Mean and spread per score line over all seats; win share per label (wonder and side) and
    per agent, ties split."""
    values: dict[str, list[int]] = defaultdict(list)
    wins: dict[str, float] = defaultdict(float)
    played: dict[str, int] = defaultdict(int)
    agent_wins: dict[str, float] = defaultdict(float)
    agent_played: dict[str, int] = defaultdict(int)
    for result in results:
        winners = result.winners
        for seat, sheet in enumerate(result.scores):
            for line, value in sheet.lines.items():
                values[line].append(value)
            values["total"].append(sheet.total)
            played[result.labels[seat]] += 1
            agent_played[result.agents[seat]] += 1
            if seat in winners:
                wins[result.labels[seat]] += 1 / len(winners)
                agent_wins[result.agents[seat]] += 1 / len(winners)
    line_means = []
    for line, data in values.items():
        mean = sum(data) / len(data)
        spread = math.sqrt(sum((x - mean) ** 2 for x in data) / len(data))
        line_means.append((line, mean, spread))
    return Summary(len(results), tuple(line_means), _shares(played, wins),
                   _shares(agent_played, agent_wins))


def format_summary(summary: Summary) -> str:
    """A plain-text table of a summary."""
    out = [f"games: {summary.games}", "", f"{'score line':<14}{'mean':>8}{'spread':>9}"]
    for line, mean, spread in summary.line_means:
        out.append(f"{line:<14}{mean:>8.2f}{spread:>9.2f}")
    out += ["", f"{'seat played':<24}{'win share':>10}{'seats':>8}"]
    for label, share, count in summary.win_share:
        out.append(f"{label:<24}{share:>9.1%}{count:>8}")
    if len(summary.agent_share) > 1:
        out += ["", f"{'agent':<24}{'win share':>10}{'seats':>8}"]
        for name, share, count in summary.agent_share:
            out.append(f"{name:<24}{share:>9.1%}{count:>8}")
    return "\n".join(out)


# ---------------------------------------------------------------------------- files


def write_results(results: Sequence[GameResult], path: str | Path) -> None:
    """Write ``results`` to ``path``: ``.csv`` (one row per seat) or ``.json`` (one object per
    game)."""
    target = Path(path)
    suffix = target.suffix.lower()
    if suffix == ".json":
        target.write_text(json.dumps([r.to_dict() for r in results], indent=1) + "\n")
        return
    if suffix != ".csv":
        raise InvalidOptionError(f"write results to a .csv or .json file, not "
                                 f"{quote(target.name)}")
    rows = [row for result in results for row in result.rows()]
    fields: list[str] = []
    for row in rows:
        for key in row:
            if key not in fields:
                fields.append(key)
    with target.open("w", newline="") as handle:
        writer = csv.DictWriter(handle, fieldnames=fields, restval="")
        writer.writeheader()
        writer.writerows(rows)


def pyplot() -> Any:
    """matplotlib's pyplot on the file-only backend, or an ImportError saying which extra to
    install (plotting is optional: ``pip install 'sevenwonders[plot]'``)."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        raise ImportError(
            "plotting needs matplotlib: pip install 'sevenwonders[plot]' (or matplotlib)"
        ) from None
    return plt


def plot_scores(results: Sequence[GameResult], path: str | Path) -> None:
    """Draw the distribution of final totals per wonder and side (box plots) to an image file.

    Needs matplotlib (``pip install 'sevenwonders[plot]'``).
    """
    plt = pyplot()
    totals: dict[str, list[int]] = defaultdict(list)
    for result in results:
        for seat, sheet in enumerate(result.scores):
            totals[result.labels[seat]].append(sheet.total)
    labels = sorted(totals, key=lambda label: -sum(totals[label]) / len(totals[label]))
    figure, axes = plt.subplots(figsize=(max(6.0, 0.6 * len(labels) + 2), 5))
    axes.boxplot([totals[label] for label in labels])
    names = [f"{label}\nn={len(totals[label])}" for label in labels]
    axes.set_xticks(range(1, len(labels) + 1), names, rotation=45, ha="right")
    axes.set_ylabel("final score")
    axes.set_title(f"Final scores per wonder over {len(results)} games")
    figure.tight_layout()
    figure.savefig(str(path))
    plt.close(figure)
