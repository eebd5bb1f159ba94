"""Greedy's features for the score scale: the science potential grows as sets grow, the share of
the next wonder stage a city's own production pays counts single resources before choices, the
weights of the features a file leaves out are 0 (older files play as before), the features'
remembered values equal the plain ones, and a large weight on a feature changes play the way it
says (more science, more wonder points)."""

from __future__ import annotations

from importlib import resources

import attrs
import pytest

from sevenwonders.agents import GreedyAgent
from sevenwonders.agents.heuristics.base import cached_city_value, city_value, evaluate_state
from sevenwonders.agents.heuristics.base_features import covered, science_next, wonder_of
from sevenwonders.agents.heuristics.weights import (
    HAND_WEIGHTS,
    WEIGHTS,
    BaseWeights,
    format_weights,
    parse_weights,
)
from sevenwonders.base.effects import Produce, Science, ScienceChoice, Symbol
from sevenwonders.core.playout import states
from sevenwonders.games import make_game
from sevenwonders.simulation import play_game

FEATURES = attrs.evolve(WEIGHTS, science_next=(0.6, 0.5, 0.2), stage_cover=(2.0, 1.5, 0.5),
                        wonder_points=(0.4, 0.3, 0.1))


def test_one_more_symbol_is_worth_more_as_sets_grow() -> None:
    compass, gear, tablet = (Science(s) for s in (Symbol.COMPASS, Symbol.GEAR, Symbol.TABLET))
    assert science_next([]) == 1  # 0 -> 1
    assert science_next([compass]) == 3  # 1 -> 4
    assert science_next([compass, gear]) == 8  # 2 -> 3 + 7 for the set
    assert science_next([compass, gear, tablet]) == 3  # 10 -> 13 (a second of one kind)
    # two compasses and a wild score 9 (the wild a third compass); one more compass: 16
    assert science_next([compass, compass, ScienceChoice()]) == 7


def test_the_next_stage_is_covered_by_single_resources_first_then_choices() -> None:
    game = make_game("base", 3)
    city = game.new_game(seed=1).cities[0]
    own = wonder_of(game, city.wonder).resource
    letters = [letter for letter in "WSOCLGP" if letter not in own]
    a, b = letters[0], letters[1]
    assert covered(game, city, [], a + a) == 0.0
    assert covered(game, city, [Produce(a)], a + a) == 0.5
    assert covered(game, city, [Produce(a, amount=2)], a + a) == 1.0
    # a choice unit goes where most is missing: b, not the a a single unit already pays
    assert covered(game, city, [Produce(a), Produce(a + b)], a + b) == 1.0
    assert covered(game, city, [Produce(a + b)], own + a + b) == pytest.approx(2 / 3)


def test_a_file_without_the_new_features_plays_as_before() -> None:
    hand_file = resources.files("sevenwonders.agents").joinpath("data", "greedy_base_hand.toml")
    assert "science_next" not in hand_file.read_text("utf-8")  # written before they existed
    assert HAND_WEIGHTS.science_next == (0.0, 0.0, 0.0)
    assert HAND_WEIGHTS.stage_cover == HAND_WEIGHTS.wonder_points == (0.0, 0.0, 0.0)
    assert parse_weights(format_weights(FEATURES, "test"), BaseWeights) == FEATURES


def test_remembered_values_with_the_features_equal_the_plain_ones() -> None:
    game = make_game("base", 4)
    for index, state in enumerate(states(game, seed=3)):
        if game.is_over(state) or index % 3:
            continue
        for seat in sorted(game.to_move(state)):
            plain = city_value(game, state, seat, weights=FEATURES)
            assert cached_city_value(game, state, seat, weights=FEATURES) == pytest.approx(plain)
            legal = game.legal_moves(state, seat)
            assert len(evaluate_state(game, state, seat, legal, FEATURES)) == len(legal)


def _lines(weights: object, line: str) -> int:
    """The line's points of one seat played with ``weights`` (the others the package's greedy),
    every seat in turn over a few deals (at a table of like players they would split the
    cards they all want)."""
    game = make_game("base", 4)
    agent = GreedyAgent(weights=weights, name="w")  # type: ignore[arg-type]
    total = 0
    for seed in range(3):
        for seat in range(4):
            seats = [GreedyAgent()] * 4
            seats[seat] = agent
            total += play_game(game, seats, seed).scores[seat].lines.get(line, 0)
    return total


def test_a_large_science_potential_weight_makes_greedy_play_science() -> None:
    scientist = attrs.evolve(WEIGHTS, science_next=(5.0, 5.0, 5.0))
    assert _lines(scientist, "science") > _lines(WEIGHTS, "science")


def test_a_large_wonder_points_weight_makes_greedy_build_point_stages() -> None:
    builder = attrs.evolve(WEIGHTS, wonder_points=(3.0, 3.0, 3.0))
    assert _lines(builder, "wonder") > _lines(WEIGHTS, "wonder")
