"""The benchmark scripts still run: each configuration plays at least one game (no timing is
checked; the figures are for people to read)."""

from __future__ import annotations

import gc
import importlib.metadata
import importlib.util
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

BENCHMARKS = Path(__file__).resolve().parent.parent / "benchmarks"


def _load(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(f"benchmark_{name}", BENCHMARKS / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("label,kind,players", _load("speed").CONFIGS)
def test_speed_measures_every_configuration(label: str, kind: str, players: int) -> None:
    speed = _load("speed")
    result = speed.measure(speed.build(kind, players), 0.0)
    assert result["games"] >= 1
    assert result["plies_per_game"] > 0
    assert result["legal_us"] > 0 and result["play_us"] > 0


def test_speed_prints_a_table(capsys: pytest.CaptureFixture[str]) -> None:
    _load("speed").main(["--seconds", "0", "--rounds", "2", "--only", "architects"])
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].split()[:3] == ["game", "players", "games/s"]
    assert [line.split()[:2] for line in lines[2:]] == [
        ["architects", "2"], ["architects", "4"], ["architects", "7"]
    ]


def test_base_profile_rates_games() -> None:
    profile = _load("base_profile")
    assert profile.rate(profile.make(3, False), 1, 0) > 0


def test_speed_interleaves_configurations() -> None:
    speed = _load("speed")
    games = {"a": speed.build("architects", 2), "d": speed.build("dice", 2)}
    results = speed.measure_interleaved(games, 0.0, 3)
    assert sorted(results) == ["a", "d"]
    assert all(r["games"] >= 3 and r["games_per_s"] > 0 for r in results.values())


def test_peer_counts_completed_games_of_both(capsys: pytest.CaptureFixture[str]) -> None:
    peer = _load("peer")
    try:
        importlib.metadata.distribution(peer.DISTRIBUTION)
    except importlib.metadata.PackageNotFoundError:
        pytest.skip("needs the peer extra (7Wonder-RL-Lib)")
    results = peer.measure((3,), 0.0, 2)
    row = results[3]
    assert row["ours_games"] >= 2 and row["ours"] > 0
    assert row["peer_tried"] >= 2 and 0 <= row["peer_completed"] <= row["peer_tried"]
    assert sum(row["peer_errors"].values()) == row["peer_tried"] - row["peer_completed"]
    peer.main(["--seconds", "0", "--rounds", "1", "--players", "3"])
    assert capsys.readouterr().out.splitlines()[0].split()[:3] == ["players", "ours/s", "peer/s"]


def test_scaling_runs_every_part(capsys: pytest.CaptureFixture[str]) -> None:
    scaling = _load("scaling")
    scaling.main(["--games", "6", "--pool-games", "4", "--seconds", "0", "--rounds", "1",
                  "--live", "2,3"])
    out = capsys.readouterr().out
    assert "pooled simulation" in out and "live games" in out and "resident memory" in out
    assert out.count("%") == 2 * len(scaling.LIVE_CONFIGS)


def test_scaling_live_run_with_the_collector_frozen_leaves_it_as_it_was() -> None:
    scaling = _load("scaling")
    frozen = gc.get_freeze_count()
    result = scaling.live("architects", 2, 0.0, 1, 2, freeze=True)
    assert result["sequential"] > 0 and result["interleaved"] > 0
    assert gc.get_freeze_count() == frozen


def _rl_configs() -> list[Any]:
    """rl_speed's configurations; without the rl extra one skipped case (the script imports
    numpy, so it is not even loaded)."""
    if any(importlib.util.find_spec(name) is None for name in ("numpy", "pettingzoo", "gymnasium")):
        return [pytest.param(None, marks=pytest.mark.skip(reason="needs the rl extra"))]
    return list(_load("rl_speed").CONFIGS)


@pytest.mark.parametrize("config", _rl_configs(), ids=lambda c: str(c and c[:2]))
def test_rl_speed_measures_every_configuration(config: tuple[str, int, dict[str, object]]) -> None:
    result = _load("rl_speed").measure(*config, games=1)
    assert result["plies_s"] > 0 and result["aec_steps_s"] > 0
    assert result["parallel_steps_s"] > 0 and result["gym_steps_s"] > 0
    # every pass was timed: each overhead is a finite ratio of two positive times
    assert all(-1 < result[key] < 100 for key in result if key.endswith("_overhead"))


def test_load_cost_measures_every_family() -> None:
    load_cost = _load("load_cost")
    for _, make in load_cost._configs():
        result = load_cost.measure(make, 1, 1)
        assert result["states"] > 0 and result["load_us"] > 0 and result["play_us"] > 0
        assert 0 < result["parse_us"] < result["load_us"]  # (a load parses, then builds)
        assert all(result[kind][0] > 0 for kind in ("play", "step", "replayed", "stateless"))
