"""The strength benchmark and the greedy tuning script measure what they say: a row whose
candidate plays exactly as its opponent has paired margins of exactly zero (the control shares
the deal and every seat's generator), a weak candidate is measured below the baseline in every
seat, and a tuning generation runs and writes weights the package can read."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

from sevenwonders.agents import GreedyAgent, RandomAgent
from sevenwonders.agents.heuristics.weights import read_weights
from sevenwonders.games import make_game

ROOT = Path(__file__).resolve().parent.parent.parent


def _load(name: str) -> ModuleType:
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    spec = importlib.util.spec_from_file_location(f"benchmarks.{name}",
                                                  ROOT / "benchmarks" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def test_a_candidate_that_plays_as_its_opponent_has_no_paired_margin() -> None:
    strength = _load("strength")
    game = make_game("base", 3)
    same = GreedyAgent(weights=read_weights(), name="greedy-copy")
    figures = strength.summarize(strength.play_row(game, same, GreedyAgent(), 3, seed=5), 3)
    assert figures["paired_win"] == 0 and figures["paired_score"] == 0
    assert figures["games"] == 9 and figures["deals"] == 3


def test_a_weak_candidate_is_measured_below_the_baseline_in_every_seat() -> None:
    strength = _load("strength")
    game = make_game("dice", 2)
    figures = strength.summarize(strength.play_row(game, RandomAgent(), GreedyAgent(), 4), 2)
    assert figures["win"] < 0.5 and figures["paired_win"] < 0
    assert all(figures[f"seat{s}"] < 0.5 for s in range(2))
    line = strength.format_row("dice", 2, "random", "greedy", figures, 0.0)
    assert "paired win" in line and "unpaired" in line


def test_a_tuning_generation_writes_weights_the_package_reads(tmp_path: Path) -> None:
    pytest.importorskip("cma")
    tune = _load("tune_greedy")
    out = tmp_path / "tuned.toml"
    tune.main(["--players", "3", "--generations", "1", "--deals", "1", "--check-deals", "2",
               "--out", str(out)])
    tuned = read_weights(out)
    assert tuned != read_weights() and min(tuned.vector()) >= 0
    assert min(tuned.coin_divisor) >= 1


def test_the_hand_set_greedy_is_an_opponent_by_name() -> None:
    strength = _load("strength")
    hand = strength.agent("greedy-hand")
    assert hand.name == "greedy-hand" and strength.agent("greedy").name == "greedy"
