"""Greedy's judgement with other weights wherever it enters an agent: the search's anchor, its
walks and its cut values, and the learned agent's prior, through the heuristics' accessors
(``evaluate_state_for(game, weights)`` and the others). The package's weights given explicitly
play as the default; other weights change play the way they say; another game's weights are
refused."""

from __future__ import annotations

from typing import Any

import attrs
import pytest

from sevenwonders.agents import ISMCTSAgent, LearnedAgent
from sevenwonders.agents.heuristics import (
    ending_values_of_for,
    evaluate_state_for,
    greedy_policy_for,
    leaf_values_for,
    margins_of,
    values_of_for,
    weights_for,
)
from sevenwonders.agents.heuristics.dice_weights import WEIGHTS as DICE_WEIGHTS
from sevenwonders.agents.heuristics.weights import WEIGHTS, read_weights
from sevenwonders.core.rng import Rng
from sevenwonders.games import make_game
from sevenwonders.simulation import play_game

GAMES = (("base", 3), ("architects", 3), ("dice", 3))


def _state_in_age_two(game: Any, seed: int) -> Any:
    """A state of ``game`` after greedy moves well into the game (Age II in the base game)."""
    state, rng = game.new_game(seed), Rng.from_seed(seed)
    policy = greedy_policy_for(game)
    for _ in range(9):
        moves = {}
        for seat in sorted(game.to_move(state)):
            moves[seat], rng = policy(game, state, seat, game.legal_moves(state, seat), rng)
        state = game.play(state, moves)
    return state


@pytest.mark.parametrize(("name", "players"), GAMES)
def test_the_search_given_the_files_weights_plays_as_the_search(name: str, players: int) -> None:
    game = make_game(name, players)
    weights = read_weights(type(weights_for(game)))
    assert weights is not weights_for(game)
    assert ISMCTSAgent(iterations=6, weights=weights).name == "ismcts(6,weights)"
    plain = play_game(game, [ISMCTSAgent(iterations=6)] * players, 5)
    given = play_game(game, [ISMCTSAgent(iterations=6, weights=weights)] * players, 5)
    assert [s.total for s in plain.scores] == [s.total for s in given.scores]


def test_a_large_stage_weight_makes_the_search_build_its_wonder() -> None:
    game = make_game("base", 3)
    builder = ISMCTSAgent(iterations=6, weights=attrs.evolve(WEIGHTS, stage=(20.0, 20.0, 20.0)))
    wonder = {"plain": 0, "builder": 0}
    for seed in range(2):
        plain = play_game(game, [ISMCTSAgent(iterations=6)] * 3, seed)
        built = play_game(game, [builder] * 3, seed)
        wonder["plain"] += sum(s.lines.get("wonder", 0) for s in plain.scores)
        wonder["builder"] += sum(s.lines.get("wonder", 0) for s in built.scores)
    assert wonder["builder"] > wonder["plain"]


@pytest.mark.parametrize(("name", "players"), GAMES)
def test_the_accessors_play_the_judgement_with_the_weights_given(name: str, players: int) -> None:
    game = make_game(name, players)
    state = _state_in_age_two(game, 3)
    kind = type(weights_for(game))
    other = kind.from_vector([value * 1.5 + 0.25 for value in weights_for(game).vector()])
    module_values_of: Any = values_of_for(game)  # the game's own, which takes weights last
    values = module_values_of(game, state, other)
    assert values_of_for(game, other)(game, state) == values
    assert values != module_values_of(game, state)
    assert leaf_values_for(game, other)(game, state) == margins_of(values)
    seat = min(game.to_move(state))
    legal = game.legal_moves(state, seat)
    evaluate_state: Any = evaluate_state_for(game)
    bound = evaluate_state_for(game, other)
    assert bound is not None
    assert bound(game, state, seat, legal) == evaluate_state(game, state, seat, legal, other)


def test_the_ending_values_do_not_read_the_science_weights_they_replace() -> None:
    game = make_game("base", 4)
    state = _state_in_age_two(game, 8)
    science = attrs.evolve(WEIGHTS, science=(3.0, 2.0, 1.0), science_next=(0.5, 0.5, 0.5))
    ending = ending_values_of_for(game, science)(game, state)
    assert ending == pytest.approx(ending_values_of_for(game)(game, state))
    assert values_of_for(game, science)(game, state) != values_of_for(game)(game, state)


def test_another_games_weights_are_refused_by_the_search_and_the_learned_agent() -> None:
    game = make_game("base", 3)
    with pytest.raises(ValueError):
        play_game(game, [ISMCTSAgent(iterations=4, weights=DICE_WEIGHTS)] * 3, 0)
    with pytest.raises(ValueError):  # no network for 3 players: its greedy fallback refuses
        play_game(game, [LearnedAgent(weights=DICE_WEIGHTS)] * 3, 0)
    with pytest.raises(ValueError):
        evaluate_state_for(game, DICE_WEIGHTS)


def test_the_learned_agent_given_the_files_weights_plays_as_the_learned_agent() -> None:
    pytest.importorskip("numpy")
    game = make_game("base", 4)
    weights = read_weights(type(WEIGHTS))
    plain = play_game(game, [LearnedAgent()] * 4, 2)
    given = play_game(game, [LearnedAgent(weights=weights)] * 4, 2)
    assert [s.total for s in plain.scores] == [s.total for s in given.scores]
    heavy = LearnedAgent(prior=1.0, weights=attrs.evolve(WEIGHTS, stage=(30.0, 30.0, 30.0)))
    built = play_game(game, [heavy] * 4, 2)
    assert (sum(s.lines.get("wonder", 0) for s in built.scores)
            > sum(s.lines.get("wonder", 0) for s in plain.scores))
    assert heavy.name == "learned(prior=1.0,weights)"
