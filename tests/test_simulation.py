"""The simulator: reproducible whatever runs it, summaries, result files, plots."""

from __future__ import annotations

import csv
import json
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from pathlib import Path

import pytest

from sevenwonders.agents import GreedyAgent, ISMCTSAgent, RandomAgent
from sevenwonders.base import BaseGame
from sevenwonders.base.view import BaseView
from sevenwonders.core.rng import Rng
from sevenwonders.simulation import (
    chunk_size,
    format_summary,
    game_seed,
    play_game,
    plot_scores,
    simulate,
    summarize,
    write_results,
)


def agents() -> list[object]:
    return [GreedyAgent(), RandomAgent(), ISMCTSAgent(iterations=2)]


def test_same_seed_same_results_and_different_seeds_differ() -> None:
    game = BaseGame(players=3, sides="random")
    first = simulate(game, [RandomAgent()] * 3, games=3, seed=4)
    assert first == simulate(game, [RandomAgent()] * 3, games=3, seed=4)
    assert first != simulate(game, [RandomAgent()] * 3, games=3, seed=5)
    assert [r.index for r in first] == [0, 1, 2]
    assert first[1].seed == game_seed(4, 1)
    assert first[1] == play_game(game, [RandomAgent()] * 3, game_seed(4, 1), 1)
    assert all(len(r.scores) == 3 and sorted(r.ranks)[0] == 1 for r in first)
    assert all(label.endswith(("(day)", "(night)")) for r in first for label in r.labels)


def test_executors_give_the_same_results_as_this_process() -> None:
    game = BaseGame(players=3)
    seat_agents = agents()
    local = simulate(game, seat_agents, games=4, seed=2)  # type: ignore[arg-type]
    with ProcessPoolExecutor(max_workers=2) as pool:
        assert simulate(game, seat_agents, games=4, seed=2, executor=pool) == local  # type: ignore[arg-type]
    with ThreadPoolExecutor(max_workers=2) as pool:
        assert simulate(game, seat_agents, games=4, seed=2, executor=pool) == local  # type: ignore[arg-type]


def test_a_dask_cluster_gives_the_same_results() -> None:
    distributed = pytest.importorskip("distributed")
    game = BaseGame(players=3)
    local = simulate(game, [GreedyAgent(), RandomAgent(), RandomAgent()], games=3, seed=8)
    cluster = distributed.LocalCluster(n_workers=1, processes=False, dashboard_address=None)
    with cluster, distributed.Client(cluster) as client:
        remote = simulate(game, [GreedyAgent(), RandomAgent(), RandomAgent()], games=3,
                          seed=8, executor=client.get_executor())
    assert remote == local


@pytest.mark.parametrize("chunk", [None, 1, 2, 5, 50])
def test_tasks_of_several_games_give_the_same_results(chunk: int | None) -> None:
    game = BaseGame(players=3)
    local = simulate(game, games=5, seed=3)
    calls: list[tuple[int, int]] = []
    with ThreadPoolExecutor(max_workers=2) as pool:
        pooled = simulate(game, games=5, seed=3, executor=pool, chunk=chunk,
                          progress=lambda done, total: calls.append((done, total)))
    assert pooled == local
    assert calls[-1] == (5, 5) and len(calls) == -(-5 // (chunk or chunk_size(5)))


def test_default_chunks() -> None:
    assert [chunk_size(games) for games in (1, 31, 64, 100, 2048, 10**6)] == [1, 1, 2, 3, 64, 64]


def test_progress_is_reported_for_every_game() -> None:
    calls: list[tuple[int, int]] = []
    game = BaseGame(players=3)
    simulate(game, games=3, seed=0, progress=lambda done, total: calls.append((done, total)))
    assert calls == [(1, 3), (2, 3), (3, 3)]
    calls.clear()
    with ThreadPoolExecutor(max_workers=2) as pool:
        simulate(game, games=2, seed=0, executor=pool,
                 progress=lambda done, total: calls.append((done, total)))
    assert calls == [(1, 2), (2, 2)]


def test_bad_arguments() -> None:
    game = BaseGame(players=3)
    with pytest.raises(ValueError):
        simulate(game, [RandomAgent()], games=1)
    with pytest.raises(ValueError):
        simulate(game, games=-1)
    with pytest.raises(ValueError):
        simulate(game, games=2, chunk=0)
    assert simulate(game, games=0) == ()


def test_summary_and_files(tmp_path: Path) -> None:
    game = BaseGame(players=3)
    results = simulate(game, [GreedyAgent(), RandomAgent(), RandomAgent()], games=3, seed=1)
    summary = summarize(results)
    assert summary.games == 3
    lines = [line for line, _, _ in summary.line_means]
    assert lines[-1] == "total" and "science" in lines
    assert abs(sum(share * count for _, share, count in summary.win_share) - 3) < 1e-9
    assert {name for name, _, _ in summary.agent_share} == {"greedy", "random"}
    text = format_summary(summary)
    assert "win share" in text and "greedy" in text

    write_results(results, tmp_path / "r.csv")
    with (tmp_path / "r.csv").open() as handle:
        rows = list(csv.DictReader(handle))
    assert len(rows) == 9
    assert rows[0]["agent"] == "greedy" and int(rows[0]["total"]) == results[0].scores[0].total
    write_results(results, tmp_path / "r.json")
    data = json.loads((tmp_path / "r.json").read_text())
    assert data[2]["seed"] == results[2].seed
    assert data[0]["seats"][1]["lines"] == dict(results[0].scores[1].lines)
    with pytest.raises(ValueError):
        write_results(results, tmp_path / "r.txt")


def test_plot(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    results = simulate(BaseGame(players=3), games=2, seed=0)
    plot_scores(results, tmp_path / "scores.png")
    assert (tmp_path / "scores.png").read_bytes().startswith(b"\x89PNG")


class _Recorder:
    """A random agent that records the views it is given."""

    name = "recorder"

    def __init__(self, needs_view: bool) -> None:
        self.needs_view = needs_view
        self.views: list[object] = []

    def choose(self, game: object, view: object, legal: tuple[object, ...],
               rng: Rng) -> tuple[object, Rng]:
        self.views.append(view)
        return rng.choice(legal)


def test_agents_that_need_no_view_get_none_and_play_the_same() -> None:
    game = BaseGame(players=3)
    blind, seeing = _Recorder(False), _Recorder(True)
    with_views = simulate(game, [seeing, RandomAgent(), RandomAgent()], games=1, seed=6)
    without = simulate(game, [blind, RandomAgent(), RandomAgent()], games=1, seed=6)
    assert [r.scores for r in with_views] == [r.scores for r in without]
    assert blind.views and all(view is None for view in blind.views)
    assert seeing.views and all(isinstance(view, BaseView) for view in seeing.views)
    assert RandomAgent.needs_view is False


def test_a_pooled_run_adopts_its_game_object(monkeypatch: pytest.MonkeyPatch) -> None:
    adopted: list[object] = []
    monkeypatch.setattr("sevenwonders.simulation.adopt", adopted.append)
    game = BaseGame(players=3)
    with ThreadPoolExecutor(max_workers=1) as pool:
        simulate(game, games=2, seed=1, executor=pool)
    simulate(game, games=2, seed=1)  # no executor: nothing to adopt
    assert adopted == [game]
