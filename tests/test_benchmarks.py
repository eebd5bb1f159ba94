"""The benchmark scripts still run: each configuration plays at least one game (no timing is
checked; the figures are for people to read)."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

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
    _load("speed").main(["--seconds", "0", "--only", "architects"])
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].split()[:3] == ["game", "players", "games/s"]
    assert [line.split()[:2] for line in lines[2:]] == [
        ["architects", "2"], ["architects", "4"], ["architects", "7"]
    ]


def test_base_profile_rates_games() -> None:
    profile = _load("base_profile")
    assert profile.rate(profile.make(3, False), 1, 0) > 0


@pytest.mark.parametrize("config", _load("rl_speed").CONFIGS, ids=lambda c: str(c[:2]))
def test_rl_speed_measures_every_configuration(config: tuple[str, int, dict[str, object]]) -> None:
    result = _load("rl_speed").measure(*config, games=1)
    assert result["plies_s"] > 0 and result["aec_steps_s"] > 0
    assert result["parallel_steps_s"] > 0
