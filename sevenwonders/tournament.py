"""Round-robin tournaments between agents, with seat rotation and openskill ratings.

A tournament plays *deals* (seeded set-ups, as in :mod:`sevenwonders.simulation`) and plays every
deal once per *lineup*: with at least as many agents as seats, every choice of ``players``
agents, in each of its ``players`` seat rotations; with fewer agents than seats, the agents
repeated in order to fill the table from each agent in turn (``a, b, c, a``, ``b, c, a, b``,
``c, a, b, c``), each in every seat rotation. So every agent
meets every other and sits in every seat on the same deals, and a seat's or a deal's advantage
cancels out. Game ``i`` plays deal ``i // lineups`` with lineup ``i % lineups``; a number of
games that is not a whole number of rounds is rounded up to one.

Each finished game updates the ratings, in game order, with the Plackett-Luce model of openskill
(``pip install 'sevenwonders[ratings]'``): every seat is one team, ranked by the game's places
(ties shared). An agent that holds several seats of one game is rated as if each seat were a
separate player holding its rating, and takes the mean of their updates. A rating is a mean
``mu`` and an uncertainty ``sigma``; the table orders agents by the conservative ``mu - 3 sigma``
(openskill's ordinal). Results are the same for a seed in this process and in any executor
(processes, Dask), since every game's seed and agent generators come from its index alone.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Sequence
from concurrent.futures import Executor, Future, as_completed
from pathlib import Path
from typing import Any

import attrs

from sevenwonders.agents.base import Agent
from sevenwonders.core.protocol import Game
from sevenwonders.errors import InvalidOptionError
from sevenwonders.simulation import GameResult, game_seed, play_game, pyplot

Progress = Callable[[int, int], None]
START_MU = 25.0
START_SIGMA = 25.0 / 3


@attrs.frozen(slots=True)
class Standing:
    """One agent's line of the results table."""

    agent: str
    seats: int
    win_share: float
    win_error: float
    mean_score: float
    mean_place: float
    mu: float
    sigma: float

    @property
    def ordinal(self) -> float:
        """The conservative rating ``mu - 3 sigma`` the table is ordered by."""
        return self.mu - 3 * self.sigma


@attrs.frozen(slots=True)
class TournamentResult:
    """Every game of a tournament (``lineups`` gives each game's agents by seat, as indices into
    ``agents``), the final standings, and each agent's rating after every game."""

    agents: tuple[str, ...]
    lineups: tuple[tuple[int, ...], ...]
    games: tuple[GameResult, ...]
    standings: tuple[Standing, ...]
    history: tuple[tuple[tuple[float, float], ...], ...]


def lineups(agents: int, players: int) -> tuple[tuple[int, ...], ...]:
    """Who sits where in each game of a round, as agent indices by seat (see the module)."""
    if agents < 2:
        raise InvalidOptionError("a tournament needs at least 2 agents")
    if players < 1:
        raise InvalidOptionError("a game needs at least 1 seat")
    if agents >= players:
        tables = list(itertools.combinations(range(agents), players))
    else:
        tables = [tuple((i + k) % agents for i in range(players)) for k in range(agents)]
    return tuple(table[r:] + table[:r] for table in tables for r in range(players))


def _play_jobs(game: Game[Any, Any, Any], agents: Sequence[Agent],
               jobs: Sequence[tuple[int, int]]) -> list[GameResult]:
    """Games ``(index, seed)`` with one lineup (one executor task)."""
    return [play_game(game, agents, seed, index) for index, seed in jobs]


def _model() -> Any:
    try:
        from openskill.models import PlackettLuce
    except ImportError:
        raise ImportError(
            "ratings need openskill: pip install 'sevenwonders[ratings]' (or openskill)"
        ) from None
    return PlackettLuce(mu=START_MU, sigma=START_SIGMA)


def rate(results: Sequence[GameResult], lineup_of: Sequence[tuple[int, ...]], agents: int
         ) -> list[tuple[tuple[float, float], ...]]:
    """Every agent's ``(mu, sigma)`` after each game of ``results`` (in their order)."""
    model = _model()
    ratings = [(START_MU, START_SIGMA)] * agents
    history = []
    for result, lineup in zip(results, lineup_of, strict=True):
        teams = [[model.rating(mu=ratings[a][0], sigma=ratings[a][1])] for a in lineup]
        updated = model.rate(teams, ranks=list(result.ranks))
        sums: dict[int, list[tuple[float, float]]] = {}
        for seat, agent in enumerate(lineup):
            new = updated[seat][0]
            sums.setdefault(agent, []).append((float(new.mu), float(new.sigma)))
        for agent, values in sums.items():
            ratings[agent] = (sum(v[0] for v in values) / len(values),
                              sum(v[1] for v in values) / len(values))
        history.append(tuple(ratings))
    return history


def tournament(
    game: Game[Any, Any, Any],
    agents: Sequence[Agent],
    games: int,
    seed: int = 0,
    executor: Executor | None = None,
    progress: Progress | None = None,
    chunk: int | None = None,
) -> TournamentResult:
    """Play a round-robin tournament of at least ``games`` games (whole rounds) and rate it."""
    if games < 1:
        raise InvalidOptionError("games must be at least 1")
    if chunk is not None and chunk < 1:
        raise InvalidOptionError("chunk must be at least 1")
    names = tuple(agent.name for agent in agents)
    if len(set(names)) != len(names):
        raise InvalidOptionError(
            f"agents need different names to be told apart: {', '.join(names)}")
    tables = lineups(len(agents), game.players)
    deals = math.ceil(games / len(tables))
    total = deals * len(tables)
    per_lineup: list[list[tuple[int, int]]] = [[] for _ in tables]
    for index in range(total):
        per_lineup[index % len(tables)].append((index, game_seed(seed, index // len(tables))))
    results: list[GameResult | None] = [None] * total
    done = 0
    if executor is None:
        for index in range(total):
            table = tables[index % len(tables)]
            _, deal_seed = per_lineup[index % len(tables)][index // len(tables)]
            results[index] = play_game(game, [agents[a] for a in table], deal_seed, index)
            done += 1
            if progress is not None:
                progress(done, total)
    else:
        size = chunk or max(1, min(16, deals // 4))
        futures: list[Future[list[GameResult]]] = [
            executor.submit(_play_jobs, game, [agents[a] for a in table], jobs[start:start + size])
            for table, jobs in zip(tables, per_lineup, strict=True)
            for start in range(0, len(jobs), size)
        ]
        for future in as_completed(futures):
            for result in future.result():
                results[result.index] = result
                done += 1
            if progress is not None:
                progress(done, total)
    played = tuple(r for r in results if r is not None)
    lineup_of = [tables[r.index % len(tables)] for r in played]
    history = rate(played, lineup_of, len(agents))
    return TournamentResult(names, tables, played, _standings(names, played, lineup_of,
                                                              history[-1]), tuple(history))


def _standings(names: tuple[str, ...], results: Sequence[GameResult],
               lineup_of: Sequence[tuple[int, ...]], final: tuple[tuple[float, float], ...]
               ) -> tuple[Standing, ...]:
    seats = [0] * len(names)
    wins = [0.0] * len(names)
    scores = [0.0] * len(names)
    places = [0.0] * len(names)
    for result, lineup in zip(results, lineup_of, strict=True):
        winners = result.winners
        for seat, agent in enumerate(lineup):
            seats[agent] += 1
            scores[agent] += result.scores[seat].total
            places[agent] += result.ranks[seat]
            if seat in winners:
                wins[agent] += 1 / len(winners)
    out = []
    for a, name in enumerate(names):
        share = wins[a] / seats[a]
        out.append(Standing(name, seats[a], share, math.sqrt(share * (1 - share) / seats[a]),
                            scores[a] / seats[a], places[a] / seats[a], *final[a]))
    return tuple(sorted(out, key=lambda s: (-s.ordinal, s.agent)))


def format_standings(result: TournamentResult) -> str:
    """A plain-text results table: rating (mu, sigma, ordinal), win share with its standard
    error, mean score and mean place, per agent, best first."""
    width = max(8, *(len(s.agent) for s in result.standings)) + 2
    out = [f"games: {len(result.games)} ({len(result.lineups)} lineups per deal)", "",
           f"{'agent':<{width}}{'mu':>7}{'sigma':>7}{'mu-3s':>8}{'win share':>11}{'+/-':>7}"
           f"{'score':>8}{'place':>7}{'seats':>7}"]
    for s in result.standings:
        out.append(f"{s.agent:<{width}}{s.mu:>7.2f}{s.sigma:>7.2f}{s.ordinal:>8.2f}"
                   f"{s.win_share:>10.1%}{s.win_error:>7.1%}{s.mean_score:>8.1f}"
                   f"{s.mean_place:>7.2f}{s.seats:>7}")
    return "\n".join(out)


def plot_ratings(result: TournamentResult, path: str | Path) -> None:
    """Draw every agent's rating after each game (mean, and a band of two sigmas) to an image
    file. Needs matplotlib (``pip install 'sevenwonders[plot]'``)."""
    plt = pyplot()
    figure, axes = plt.subplots(figsize=(8, 5))
    xs = list(range(1, len(result.history) + 1))
    for a, name in enumerate(result.agents):
        mus = [step[a][0] for step in result.history]
        sigmas = [step[a][1] for step in result.history]
        axes.plot(xs, mus, label=name)
        axes.fill_between(xs, [m - 2 * s for m, s in zip(mus, sigmas, strict=True)],
                          [m + 2 * s for m, s in zip(mus, sigmas, strict=True)], alpha=0.15)
    axes.set_xlabel("games")
    axes.set_ylabel("openskill rating (mu, band of 2 sigma)")
    axes.set_title(f"Ratings over {len(result.games)} games")
    axes.legend()
    figure.tight_layout()
    figure.savefig(str(path))
    plt.close(figure)


__all__ = ["Standing", "TournamentResult", "format_standings", "lineups", "plot_ratings",
           "rate", "tournament"]
