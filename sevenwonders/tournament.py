"""Round-robin tournaments between agents, with balanced seatings, a head-to-head table and
openskill ratings.

A tournament plays *deals* (seeded set-ups, as in :mod:`sevenwonders.simulation`), each deal
several times with the agents in other seats. Neighbours matter in these games (they are whom a
seat trades with, fights and passes hands to), so a seating scheme must make every pair of agents
neighbours equally often, not only put every agent in every seat:

* ``"all"``: every deal is played once in every distinct seating of a round. With at least as
  many agents as seats, a round is every ordered choice of ``players`` agents (every choice of
  agents in each of its distinct cyclic orders, each in every rotation); with fewer agents than
  seats, the agents fill the table with one more copy of each agent in turn (``a, a, b, c``,
  ``b, b, c, a``, ``c, c, a, b``) and a round is every distinct arrangement of those tables. By
  symmetry every agent sits in every seat, and every pair of agents sits side by side (in each
  direction), equally often.
* ``"sampled"``: when a round would be longer than :data:`MAX_LINEUPS` games (7 agents at 7
  seats: 5,040), each deal draws one seating at random (from its index alone) and plays it in
  every rotation: every agent sits in every seat of every deal it plays, and pairs are
  neighbours equally often in expectation.
* ``"auto"`` (the default) is ``"all"`` when a round has at most :data:`MAX_LINEUPS` games.

A number of games that is not a whole number of deals is rounded up to one.

Results are read two ways. The head-to-head table gives, for every pair of agents, the share of
the games they both played in which the first placed above the second (a tie for a place counts
half), with its standard error over deals (the games of one deal share its set-up, so the deal is
the unit of sampling); a pair whose share is within 2 standard errors of even is marked *not
separated*. And each finished game updates the ratings, in game order, with the Plackett-Luce
model of openskill (``pip install 'sevenwonders[ratings]'``): every seat is one team, ranked by
the game's places (ties shared). An agent that holds several seats of one game is rated as if
each seat were a separate player holding its rating, and takes the mean of their updates. A
rating is a mean ``mu`` and an uncertainty ``sigma``; the table orders agents by the
conservative ``mu - 3 sigma`` (openskill's ordinal). Results are the same for a seed in this
process and in any executor (processes, Dask), since every game's seed, seating and agent
generators come from its index alone.
"""

from __future__ import annotations

import itertools
import math
import random
import statistics
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
MAX_LINEUPS = 120
"""The longest round ``seating="auto"`` plays in full; longer ones are sampled per deal."""
SEATINGS = ("auto", "all", "sampled")
SEPARATION = 2.0
"""Standard errors a head-to-head share must be from even to count as separated."""


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
class HeadToHead:
    """How often ``first`` placed above ``second`` in the games both played: ``share`` (a tie
    counts half) with its standard ``error`` over ``deals`` deals (infinite below 2 deals)."""

    first: str
    second: str
    games: int
    deals: int
    share: float
    error: float

    @property
    def separated(self) -> bool:
        """Whether the share is more than :data:`SEPARATION` standard errors from even: only
        then does the table say one of the two is the stronger."""
        return abs(self.share - 0.5) > SEPARATION * self.error


@attrs.frozen(slots=True)
class TournamentResult:
    """Every game of a tournament (``lineups`` gives each game's agents by seat, as indices into
    ``agents``), the seating scheme played and its games per deal, the final standings, the
    head-to-head table, and each agent's rating after every game."""

    agents: tuple[str, ...]
    seating: str
    per_deal: int
    lineups: tuple[tuple[int, ...], ...]
    games: tuple[GameResult, ...]
    standings: tuple[Standing, ...]
    head_to_head: tuple[HeadToHead, ...]
    history: tuple[tuple[tuple[float, float], ...], ...]


def _tables(agents: int, players: int) -> list[tuple[int, ...]]:
    """The sets of agents that sit at one table (with repeats when agents are fewer)."""
    if agents < 2:
        raise InvalidOptionError("a tournament needs at least 2 agents")
    if players < 1:
        raise InvalidOptionError("a game needs at least 1 seat")
    if agents >= players:
        return list(itertools.combinations(range(agents), players))
    return [tuple(sorted((k + i) % agents for i in range(players))) for k in range(agents)]


def lineups(agents: int, players: int) -> tuple[tuple[int, ...], ...]:
    """Every distinct seating of a round, as agent indices by seat (``seating="all"``, see the
    module): every arrangement of every table, so that seats and neighbours are balanced."""
    return tuple(seats for table in _tables(agents, players)
                 for seats in dict.fromkeys(itertools.permutations(table)))


def round_length(agents: int, players: int) -> int:
    """How many games a round of ``seating="all"`` has (without listing them)."""
    total = 0
    for table in _tables(agents, players):
        count = math.factorial(players)
        for agent in set(table):
            count //= math.factorial(table.count(agent))
        total += count
    return total


def sampled_lineup(agents: int, players: int, seed: int, deal: int) -> tuple[int, ...]:
    """The seating deal ``deal`` of a ``"sampled"`` tournament seeded ``seed`` plays (in every
    rotation): a random ordered choice of agents, or with fewer agents than seats the table that
    gives agent ``deal % agents`` the extra copy first, shuffled."""
    tables = _tables(agents, players)
    draw = random.Random(f"seating:{seed}:{deal}")
    if agents >= players:
        return tuple(draw.sample(range(agents), players))
    seats = list(tables[deal % len(tables)])
    draw.shuffle(seats)
    return tuple(seats)


def plan(agents: int, players: int, games: int, seed: int = 0, seating: str = "auto"
         ) -> tuple[str, int, list[tuple[int, int, tuple[int, ...]]]]:
    """The scheme chosen, its games per deal, and every game as ``(index, deal, lineup)``: at
    least ``games`` games, whole deals."""
    if seating not in SEATINGS:
        raise ValueError(f"seating is one of {', '.join(SEATINGS)}, not {seating!r}")
    if seating == "auto":
        seating = "all" if round_length(agents, players) <= MAX_LINEUPS else "sampled"
    if seating == "all":
        tables = lineups(agents, players)
        deals = math.ceil(games / len(tables))
        return seating, len(tables), [(i, i // len(tables), tables[i % len(tables)])
                                      for i in range(deals * len(tables))]
    deals = math.ceil(games / players)
    out: list[tuple[int, int, tuple[int, ...]]] = []
    for deal in range(deals):
        seats = sampled_lineup(agents, players, seed, deal)
        out.extend((deal * players + r, deal, seats[r:] + seats[:r]) for r in range(players))
    return seating, players, out


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


def head_to_head(names: Sequence[str], results: Sequence[GameResult],
                 lineup_of: Sequence[tuple[int, ...]], per_deal: int) -> tuple[HeadToHead, ...]:
    """Every pair of agents' head-to-head line (see the module), in the agents' order."""
    out = []
    for a, b in itertools.combinations(range(len(names)), 2):
        by_deal: dict[int, list[float]] = {}
        for result, lineup in zip(results, lineup_of, strict=True):
            mine = [result.ranks[s] for s, agent in enumerate(lineup) if agent == a]
            theirs = [result.ranks[s] for s, agent in enumerate(lineup) if agent == b]
            if mine and theirs:
                wins = [1.0 if m < t else 0.5 if m == t else 0.0 for m in mine for t in theirs]
                by_deal.setdefault(result.index // per_deal, []).append(sum(wins) / len(wins))
        games = sum(len(v) for v in by_deal.values())
        deal_means = [sum(v) / len(v) for v in by_deal.values()]
        share = sum(sum(v) for v in by_deal.values()) / games if games else 0.5
        error = (statistics.stdev(deal_means) / math.sqrt(len(deal_means))
                 if len(deal_means) >= 2 else math.inf)
        out.append(HeadToHead(names[a], names[b], games, len(deal_means), share, error))
    return tuple(out)


def tournament(
    game: Game[Any, Any, Any],
    agents: Sequence[Agent],
    games: int,
    seed: int = 0,
    executor: Executor | None = None,
    progress: Progress | None = None,
    chunk: int | None = None,
    seating: str = "auto",
) -> TournamentResult:
    """Play a tournament of at least ``games`` games (whole deals) with balanced ``seating``
    (``"auto"``, ``"all"`` or ``"sampled"``, see the module), and rate it."""
    if games < 1:
        raise InvalidOptionError("games must be at least 1")
    if chunk is not None and chunk < 1:
        raise InvalidOptionError("chunk must be at least 1")
    names = tuple(agent.name for agent in agents)
    if len(set(names)) != len(names):
        raise InvalidOptionError(
            f"agents need different names to be told apart: {', '.join(names)}")
    scheme, per_deal, schedule = plan(len(agents), game.players, games, seed, seating)
    total = len(schedule)
    results: list[GameResult | None] = [None] * total
    done = 0
    if executor is None:
        for index, deal, lineup in schedule:
            results[index] = play_game(game, [agents[a] for a in lineup],
                                       game_seed(seed, deal), index)
            done += 1
            if progress is not None:
                progress(done, total)
    else:
        by_lineup: dict[tuple[int, ...], list[tuple[int, int]]] = {}
        for index, deal, lineup in schedule:
            by_lineup.setdefault(lineup, []).append((index, game_seed(seed, deal)))
        size = chunk or max(1, min(16, total // per_deal // 4))
        futures: list[Future[list[GameResult]]] = [
            executor.submit(_play_jobs, game, [agents[a] for a in lineup], jobs[start:start + size])
            for lineup, jobs in by_lineup.items()
            for start in range(0, len(jobs), size)
        ]
        for future in as_completed(futures):
            for result in future.result():
                results[result.index] = result
                done += 1
            if progress is not None:
                progress(done, total)
    played = tuple(r for r in results if r is not None)
    lineup_of = tuple(schedule[r.index][2] for r in played)
    history = rate(played, lineup_of, len(agents))
    return TournamentResult(names, scheme, per_deal, lineup_of, played,
                            _standings(names, played, lineup_of, history[-1]),
                            head_to_head(names, played, lineup_of, per_deal), tuple(history))


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
    out = [f"games: {len(result.games)} ({result.per_deal} per deal, seating "
           f"{result.seating})", "",
           f"{'agent':<{width}}{'mu':>7}{'sigma':>7}{'mu-3s':>8}{'win share':>11}{'+/-':>7}"
           f"{'score':>8}{'place':>7}{'seats':>7}"]
    for s in result.standings:
        out.append(f"{s.agent:<{width}}{s.mu:>7.2f}{s.sigma:>7.2f}{s.ordinal:>8.2f}"
                   f"{s.win_share:>10.1%}{s.win_error:>7.1%}{s.mean_score:>8.1f}"
                   f"{s.mean_place:>7.2f}{s.seats:>7}")
    return "\n".join([*out, "", format_head_to_head(result)])


def format_head_to_head(result: TournamentResult) -> str:
    """The head-to-head table as plain text: for each pair, the share of games the first agent
    placed above the second, its standard error over deals, and whether that separates them."""
    width = max(8, *(len(name) for name in result.agents)) + 2
    out = [f"{'agent':<{width}}{'vs':<{width}}{'above':>8}{'+/-':>7}{'games':>7}{'deals':>7}"
           "  (shares within 2 standard errors of even: not separated)"]
    for h in result.head_to_head:
        mark = "" if h.separated else "  not separated"
        out.append(f"{h.first:<{width}}{h.second:<{width}}{h.share:>8.1%}{h.error:>7.1%}"
                   f"{h.games:>7}{h.deals:>7}{mark}")
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


__all__ = ["MAX_LINEUPS", "SEATINGS", "SEPARATION", "HeadToHead", "Standing", "TournamentResult",
           "format_head_to_head", "format_standings", "head_to_head", "lineups", "plan",
           "plot_ratings", "rate", "round_length", "sampled_lineup", "tournament"]
