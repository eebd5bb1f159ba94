"""Agents: names, legality, reproducibility, the registries, and relative strength."""

from __future__ import annotations

import pytest

from sevenwonders.agents import GreedyAgent, ISMCTSAgent, RandomAgent, make_agent
from sevenwonders.agents.determinize import determinizer_for, register_determinizer
from sevenwonders.agents.heuristics import (
    evaluator_for,
    fallback_evaluate,
    greedy_policy_for,
    leaf_values_for,
    margins,
    playout_policy_for,
    random_playout_move,
)
from sevenwonders.base import BaseGame
from sevenwonders.core.playout import states
from sevenwonders.core.rng import Rng
from sevenwonders.errors import InvalidOptionError
from sevenwonders.simulation import simulate
from tests.agents.toy import Nim, determinize_nim


def test_make_agent_reads_names_and_options() -> None:
    assert isinstance(make_agent("random"), RandomAgent)
    assert isinstance(make_agent("greedy"), GreedyAgent)
    default = make_agent("ismcts")
    assert isinstance(default, ISMCTSAgent) and default.iterations == 100
    agent = make_agent("ismcts:30")
    assert isinstance(agent, ISMCTSAgent) and agent.iterations == 30
    timed = make_agent("ismcts:seconds=0.5:exploration=1.2:horizon=full:width=all:rollout=fast")
    assert isinstance(timed, ISMCTSAgent)
    assert (timed.iterations, timed.seconds, timed.exploration) == (None, 0.5, 1.2)
    assert (timed.horizon, timed.width, timed.rollout) == (None, None, "fast")
    assert agent.name == "ismcts(30)"
    assert timed.name == "ismcts(0.5s,exploration=1.2,horizon=full,width=all,rollout=fast)"
    deep = make_agent("ismcts:iterations=3:depth=1")
    assert isinstance(deep, ISMCTSAgent) and deep.depth == 1 and deep.name == "ismcts(3,depth=1)"
    for bad in ("best", "greedy:3", "ismcts:colour=red", "ismcts:depth=0", "ismcts:many",
                "ismcts:rollout=smart", "ismcts:0"):
        with pytest.raises(InvalidOptionError):
            make_agent(bad)


@pytest.mark.parametrize("spec", ["random", "greedy", "ismcts:4"])
def test_agents_choose_legal_moves_reproducibly(spec: str) -> None:
    game = BaseGame(players=3, sides="random")
    agent = make_agent(spec)
    for index, state in enumerate(states(game, seed=2)):
        if index % 5 or game.is_over(state):
            continue
        for seat in sorted(game.to_move(state)):
            view = game.view(state, seat)
            legal = game.legal_moves(state, seat)
            move, rng = agent.choose(game, view, legal, Rng.from_seed(index))
            assert move in legal
            again, rng2 = agent.choose(game, view, legal, Rng.from_seed(index))
            assert (again, rng2) == (move, rng)


def test_the_search_agent_is_blind_to_hidden_cards() -> None:
    game = BaseGame(players=3)
    state = game.new_game(seed=11)
    other = type(state)(**{**{f: getattr(state, f) for f in state.__slots__ if f != "__weakref__"},
                           "decks": tuple(tuple(reversed(d)) for d in state.decks),
                           "hands": (state.hands[0], state.hands[2], state.hands[1])})
    view = game.view(state, 0)
    assert game.view(other, 0) == view and other != state
    agent = ISMCTSAgent(iterations=8)
    legal = game.legal_moves(state, 0)
    assert agent.choose(game, view, legal, Rng.from_seed(3)) == agent.choose(
        game, game.view(other, 0), legal, Rng.from_seed(3)
    )


def test_seconds_budget_stops() -> None:
    game = BaseGame(players=3)
    state = game.new_game(seed=1)
    move, _ = ISMCTSAgent(seconds=0.05).choose(game, game.view(state, 0),
                                              game.legal_moves(state, 0), Rng.from_seed(0))
    assert move in game.legal_moves(state, 0)
    with pytest.raises(ValueError):
        ISMCTSAgent(iterations=0)
    with pytest.raises(ValueError):
        ISMCTSAgent(seconds=0)
    assert "ISMCTSAgent(" in repr(ISMCTSAgent(iterations=3, seconds=1.0))


def test_greedy_beats_random_and_search_is_no_worse_than_greedy() -> None:
    game = BaseGame(players=3)
    results = simulate(game, [GreedyAgent(), RandomAgent(), RandomAgent()], games=3, seed=1)
    assert sum(r.scores[0].total for r in results) > max(
        sum(r.scores[s].total for r in results) for s in (1, 2)
    )
    assert sum(1 for r in results if r.ranks[0] == 1) >= 2


def test_base_registries() -> None:
    game = BaseGame(players=3)
    assert determinizer_for(game) is not None
    assert evaluator_for(game) is not fallback_evaluate
    assert playout_policy_for(game) is not random_playout_move
    assert leaf_values_for(game) is not margins
    state = game.new_game(seed=0)
    legal = game.legal_moves(state, 1)
    for policy in (playout_policy_for(game), greedy_policy_for(game)):
        move, _ = policy(game, state, 1, legal, Rng.from_seed(0))
        assert move in legal
    values, _ = fallback_evaluate(game, game.view(state, 1), legal, Rng.from_seed(0))
    assert len(values) == len(legal)


def test_a_game_with_nothing_registered_plays_at_random() -> None:
    game = Nim(name="nim-bare")
    assert determinizer_for(game) is None
    assert evaluator_for(game) is fallback_evaluate
    assert greedy_policy_for(game) is random_playout_move
    state = game.new_game(0)
    view = game.view(state, 0)
    values, _ = fallback_evaluate(game, view, (1, 2, 3), Rng.from_seed(0))
    assert values == (0.0, 0.0, 0.0)
    for agent in (GreedyAgent(), ISMCTSAgent(iterations=5)):
        move, _ = agent.choose(game, view, (1, 2, 3), Rng.from_seed(0))
        assert move in (1, 2, 3)


def test_generic_agents_play_nim_through_the_protocol_alone() -> None:
    game = Nim(stones=6, name="nim")
    register_determinizer("nim", determinize_nim)
    # 6 stones: taking 2 leaves a multiple of 4, the only winning move.
    state = game.new_game(0)
    view = game.view(state, 0)
    move, _ = ISMCTSAgent(iterations=300, width=None, horizon=None, exploration=1.0).choose(
        game, view, (1, 2, 3), Rng.from_seed(1)
    )
    assert move == 2
    # 3 stones left: the greedy fallback (play and compare scores) takes them all.
    near_end = game.view(type(state)(3, 0), 0)
    move, _ = GreedyAgent().choose(game, near_end, (1, 2, 3), Rng.from_seed(1))
    assert move == 3
    values, _ = evaluator_for(game)(game, near_end, (1, 2, 3), Rng.from_seed(1))
    assert values[2] > values[0]
    results = simulate(game, [ISMCTSAgent(iterations=200, horizon=None), RandomAgent()],
                       games=4, seed=0)
    assert sum(1 for r in results if r.ranks[0] == 1) >= 3


def test_agents_play_base_with_edifice() -> None:
    edifice = pytest.importorskip("sevenwonders.edifice")
    game = BaseGame(players=3, expansions=(edifice.Edifice(),))
    results = simulate(game, [GreedyAgent(), ISMCTSAgent(iterations=2), RandomAgent()], games=1,
                       seed=3)
    assert len(results) == 1 and len(results[0].scores) == 3


@pytest.mark.parametrize("name", ["architects", "dice"])
def test_agents_play_every_registered_game(name: str) -> None:
    from sevenwonders.games import make_game

    try:
        game = make_game(name, 3)
    except ImportError:
        pytest.skip(f"{name} is not importable yet")
    results = simulate(game, [GreedyAgent(), ISMCTSAgent(iterations=2), RandomAgent()], games=1,
                       seed=5)
    assert len(results[0].scores) == 3
