"""Factored payments: the card action, then the payment, each step with a small, exact mask."""

from __future__ import annotations

import random
from typing import Any

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, parallel_api_test, parallel_seed_test, seed_test

from sevenwonders.encoding.factored import Pay
from sevenwonders.errors import InvalidOptionError
from sevenwonders.rl import Adapter, action_index, aec_env, gym_env, parallel_env
from tests.rl.helpers import game_of


def _decisions(adapter: Adapter, state: Any, seat: int) -> set[Any]:
    """Every move a seat can reach through the factored steps."""
    reached = set()
    mask = adapter.step_mask(state, seat, None)
    for action in np.flatnonzero(mask):
        move, paying = adapter.decide(state, seat, None, int(action))
        if move is not None:
            reached.add(move)
            continue
        pay_mask = adapter.step_mask(state, seat, paying)
        assert pay_mask.any() and not (pay_mask & mask).any()  # payments only
        for pay in np.flatnonzero(pay_mask):
            assert isinstance(adapter.index.moves[pay], Pay)
            move, again = adapter.decide(state, seat, paying, int(pay))
            assert again is None
            reached.add(move)
    return reached


@pytest.mark.parametrize("options", [{}, {"expansions": ["edifice"]}])
def test_every_legal_move_is_reached_and_nothing_else(options: dict[str, Any]) -> None:
    """Through both steps a seat reaches exactly its legal moves, each payment on its own:
    the choice of whom to pay is real."""
    game = game_of("base", 3, options)
    adapter = Adapter(game, 3, payments="factored")
    cheapest = action_index(game)
    assert adapter.index.size == cheapest.size + (1 + 14) ** 2
    rng = random.Random(4)
    state, two_steps = game.new_game(4), 0
    while not game.is_over(state):
        moves = {}
        for seat in game.to_move(state):
            legal = game.legal_moves(state, seat)
            assert _decisions(adapter, state, seat) == set(legal)
            two_steps += len({(cheapest.move_to_action(m), getattr(m, "left", 0),
                               getattr(m, "right", 0)) for m in legal}) > len(
                {cheapest.move_to_action(m) for m in legal})
            moves[seat] = rng.choice(legal)
        state = game.play(state, moves)
    assert two_steps  # some decisions offered a choice of payment


def test_aec_and_parallel_ask_the_same_seat_for_its_payment() -> None:
    env = aec_env("base", 3, payments="factored")
    env.reset(seed=0)
    paid = 0
    rng = np.random.default_rng(0)
    for agent in env.agent_iter():
        obs, _, term, _, info = env.last()
        if term:
            env.step(None)
            continue
        assert np.array_equal(obs["action_mask"], info["action_mask"])
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        if env.agents and env.agent_selection == agent and env._paying is not None:
            paid += 1
            obs = env.observe(agent)
            assert obs["observation"][-env.adapter.factored.width:].sum() == 2  # card, kind
    assert paid
    par = parallel_env("base", 3, payments="factored")
    obs, _ = par.reset(seed=0)
    waits = 0
    while par.agents:
        actions = {a: int(rng.choice(np.flatnonzero(o["action_mask"])))
                   if o["action_mask"].any() else 0 for a, o in obs.items()}
        before = par.state_
        obs, *_ = par.step(actions)
        waits += par.agents != [] and par.state_ is before
    assert waits


def test_gym_learner_and_policy_opponents_take_both_steps() -> None:
    rng = np.random.default_rng(5)
    asked = []

    def policy(observation: Any, mask: Any) -> int:
        asked.append(bool((mask[-225:]).any()))  # the payment actions come last
        return int(rng.choice(np.flatnonzero(mask)))

    env = gym_env("base", 3, payments="factored", opponents=policy, flat=True)
    paying = 0
    for seed in range(3):
        env.reset(seed=seed)
        done = False
        while not done:
            _, _, done, _, info = env.step(int(rng.choice(np.flatnonzero(env.action_masks()))))
            paying += env._paying is not None
            assert np.array_equal(info["action_mask"].astype(bool), env.action_masks())
    assert paying and any(asked)  # both the learner and the opponents chose payments


def test_factored_payments_exist_for_the_base_game_only() -> None:
    with pytest.raises(InvalidOptionError):
        Adapter("dice", 2, payments="factored")


@pytest.mark.filterwarnings("ignore:Observation space for each agent probably")
@pytest.mark.filterwarnings("ignore:Observation is not a NumPy array")
def test_the_standard_test_tools_pass_with_factored_payments() -> None:
    api_test(aec_env("base", 4, payments="factored"), num_cycles=300)
    parallel_api_test(parallel_env("base", 4, payments="factored"), num_cycles=300)
    seed_test(lambda: aec_env("base", 4, payments="factored"), num_cycles=100)
    parallel_seed_test(lambda: parallel_env("base", 4, payments="factored"), num_cycles=50)
    check_env(gymnasium.make("sevenwonders/Base-v0", players=4, payments="factored",
                             flat=True).unwrapped)
