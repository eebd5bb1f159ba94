"""Many seeded games with agents, and their summary.

Each game's seed is derived from the run's seed and the game's index alone, so the results are
the same whether the games run in this process or in any ``concurrent.futures.Executor``.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Sequence
from concurrent.futures import Executor
from typing import Any

import attrs

from sevenwonders.agents.base import Agent
from sevenwonders.agents.random_agent import RandomAgent
from sevenwonders.core.game import Game
from sevenwonders.core.rng import Rng
from sevenwonders.core.scoring import ScoreSheet


@attrs.frozen(slots=True)
class GameResult:
    """One finished game: its seed, every seat's sheet and place, and what each seat played."""

    index: int
    seed: int
    scores: tuple[ScoreSheet, ...]
    ranks: tuple[int, ...]
    labels: tuple[str, ...]
    agents: tuple[str, ...]


def game_seed(seed: int, index: int) -> int:
    """The set-up seed of game ``index`` in a run seeded with ``seed``."""
    value, _ = Rng.from_seed(seed).split()[1].next64()
    return Rng.from_seed(value ^ index).next64()[0] >> 1


def play_game(
    game: Game[Any, Any, Any], agents: Sequence[Agent], seed: int, index: int = 0
) -> GameResult:
    """Play one game from ``seed`` with one agent per seat."""
    state = game.new_game(seed)
    rngs = [Rng.from_seed(seed ^ (0x5EED << seat)) for seat in range(game.players)]
    labels = seat_labels(game, state)
    while not game.is_over(state):
        moves = {}
        for seat in sorted(game.to_move(state)):
            legal = game.legal_moves(state, seat)
            moves[seat], rngs[seat] = agents[seat].choose(game, game.view(state, seat), legal,
                                                          rngs[seat])
        state = game.play(state, moves)
    scores = game.scores(state)
    return GameResult(index, seed, scores, game.ranking(state), labels,
                      tuple(agent.name for agent in agents))


def seat_labels(game: Game[Any, Any, Any], state: Any) -> tuple[str, ...]:
    """What each seat plays (a wonder and side), if the game says; else the seat number."""
    labels = getattr(game, "seat_labels", None)
    if callable(labels):
        return tuple(labels(state))
    return tuple(f"seat {seat}" for seat in range(game.players))


def _play_indexed(args: tuple[Game[Any, Any, Any], Sequence[Agent], int, int]) -> GameResult:
    game, agents, seed, index = args
    return play_game(game, agents, game_seed(seed, index), index)


def simulate(
    game: Game[Any, Any, Any],
    agents: Sequence[Agent] | None = None,
    games: int = 1,
    seed: int = 0,
    executor: Executor | None = None,
) -> tuple[GameResult, ...]:
    """Play ``games`` games; ``agents`` has one agent per seat (random by default)."""
    seat_agents: Sequence[Agent] = (
        agents if agents is not None else [RandomAgent() for _ in range(game.players)]
    )
    if len(seat_agents) != game.players:
        raise ValueError(f"need {game.players} agents, got {len(seat_agents)}")
    jobs = [(game, seat_agents, seed, index) for index in range(games)]
    if executor is None:
        return tuple(_play_indexed(job) for job in jobs)
    return tuple(executor.map(_play_indexed, jobs))


@attrs.frozen(slots=True)
class Summary:
    games: int
    line_means: tuple[tuple[str, float, float], ...]  # (line, mean, standard deviation)
    win_share: tuple[tuple[str, float, int], ...]  # (label, share of games won, seats played)


def summarize(results: Sequence[GameResult]) -> Summary:
    """Mean and spread per score line over all seats; win share per label (ties split)."""
    values: dict[str, list[int]] = defaultdict(list)
    wins: dict[str, float] = defaultdict(float)
    played: dict[str, int] = defaultdict(int)
    for result in results:
        winners = [seat for seat, rank in enumerate(result.ranks) if rank == 1]
        for seat, sheet in enumerate(result.scores):
            for line, value in sheet.lines.items():
                values[line].append(value)
            values["total"].append(sheet.total)
            played[result.labels[seat]] += 1
            if seat in winners:
                wins[result.labels[seat]] += 1 / len(winners)
    line_means = []
    for line, data in values.items():
        mean = sum(data) / len(data)
        spread = math.sqrt(sum((x - mean) ** 2 for x in data) / len(data))
        line_means.append((line, mean, spread))
    shares = sorted(
        ((label, wins[label] / played[label], played[label]) for label in played),
        key=lambda item: (-item[1], item[0]),
    )
    return Summary(len(results), tuple(line_means), tuple(shares))


def format_summary(summary: Summary) -> str:
    """A plain-text table of a summary."""
    out = [f"games: {summary.games}", "", f"{'score line':<14}{'mean':>8}{'spread':>9}"]
    for line, mean, spread in summary.line_means:
        out.append(f"{line:<14}{mean:>8.2f}{spread:>9.2f}")
    out += ["", f"{'seat played':<24}{'win share':>10}{'seats':>8}"]
    for label, share, count in summary.win_share:
        out.append(f"{label:<24}{share:>9.1%}{count:>8}")
    return "\n".join(out)
