"""Greedy's judgement is data: the package's weights files (tuned and hand-set) read back to
the weights the heuristic plays with and the ones they replaced, a file written from weights
reads back equal, greedy given the file's weights plays the same games as greedy, and other
weights change its play the way they say."""

from __future__ import annotations

from pathlib import Path

import attrs
import pytest

from sevenwonders.agents import GreedyAgent
from sevenwonders.agents.heuristics.dice_weights import WEIGHTS as DICE_WEIGHTS
from sevenwonders.agents.heuristics.weights import (
    HAND_WEIGHTS,
    WEIGHTS,
    BaseWeights,
    format_weights,
    parse_weights,
    read_weights,
)
from sevenwonders.errors import DataFileError
from sevenwonders.games import make_game
from sevenwonders.simulation import play_game


def test_the_package_holds_the_tuned_and_the_hand_set_weights() -> None:
    assert read_weights(BaseWeights) == WEIGHTS
    assert read_weights(BaseWeights, name="greedy_base_hand.toml") == HAND_WEIGHTS
    assert HAND_WEIGHTS.production == (3.5, 2.5, 0.3)
    assert HAND_WEIGHTS.coin_divisor == (3.0, 3.0, 3.0) and HAND_WEIGHTS.stage == (0.0, 0.0, 0.0)
    assert WEIGHTS != HAND_WEIGHTS and min(WEIGHTS.vector()) >= 0


def test_weights_round_trip_through_a_file_and_a_vector(tmp_path: Path) -> None:
    changed = attrs.evolve(WEIGHTS, science=(0.9, 0.7, 0.1), power=2.25)
    path = tmp_path / "w.toml"
    path.write_text(format_weights(changed, "test"), "utf-8")
    assert read_weights(BaseWeights, path) == changed
    assert BaseWeights.from_vector(changed.vector()) == changed
    with pytest.raises(ValueError):
        BaseWeights.from_vector([*changed.vector(), 1.0])
    with pytest.raises(DataFileError):
        parse_weights("[weights]\npower = 1.0\n", BaseWeights)


def test_greedy_with_the_files_weights_plays_as_greedy() -> None:
    game = make_game("base", 3)
    for seed in (1, 2):
        plain = play_game(game, [GreedyAgent()] * 3, seed)
        given_weights = GreedyAgent(weights=read_weights(BaseWeights), name="g2")
        given = play_game(game, [given_weights] * 3, seed)
        assert [s.total for s in plain.scores] == [s.total for s in given.scores]


def test_a_large_stage_weight_makes_greedy_build_its_wonder() -> None:
    game = make_game("base", 3)
    builder = GreedyAgent(weights=attrs.evolve(WEIGHTS, stage=(20.0, 20.0, 20.0)), name="b")
    stages = {"hand": 0, "stage": 0}
    for seed in range(3):
        hand = play_game(game, [GreedyAgent()] * 3, seed)
        tuned = play_game(game, [builder] * 3, seed)
        stages["hand"] += sum(s.lines.get("wonder", 0) for s in hand.scores)
        stages["stage"] += sum(s.lines.get("wonder", 0) for s in tuned.scores)
    assert stages["stage"] > stages["hand"]


def test_greedy_weights_are_refused_by_another_games_judgement() -> None:
    game = make_game("dice", 2)
    agent = GreedyAgent(weights=WEIGHTS, name="w")
    with pytest.raises(ValueError):
        play_game(game, [agent, GreedyAgent()], 0)
    with pytest.raises(ValueError):
        play_game(make_game("base", 3), [GreedyAgent(weights=DICE_WEIGHTS)] * 3, 0)
