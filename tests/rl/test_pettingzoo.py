"""The PettingZoo environments pass PettingZoo's own test tools, and play whole games."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from pettingzoo.test import api_test, parallel_api_test, seed_test

from sevenwonders.errors import IllegalMoveError
from sevenwonders.rl import aec_env, parallel_env
from tests.rl.helpers import CONFIGS, IDS

# PettingZoo's tests warn about any dict observation, the form its own classic games use
pytestmark = [
    pytest.mark.filterwarnings("ignore:Observation space for each agent probably"),
    pytest.mark.filterwarnings("ignore:Observation is not a NumPy array"),
]


@pytest.mark.parametrize(("name", "players", "options"), CONFIGS, ids=IDS)
def test_aec_api(name: str, players: int, options: dict[str, Any]) -> None:
    api_test(aec_env(name, players, **options), num_cycles=300)


@pytest.mark.parametrize(("name", "players", "options"), CONFIGS, ids=IDS)
def test_parallel_api(name: str, players: int, options: dict[str, Any]) -> None:
    parallel_api_test(parallel_env(name, players, **options), num_cycles=1000)


@pytest.mark.parametrize(("name", "players", "options"), CONFIGS[::2], ids=IDS[::2])
def test_seeds_make_games_repeat(name: str, players: int, options: dict[str, Any]) -> None:
    seed_test(lambda: aec_env(name, players, **options), num_cycles=100)


@pytest.mark.parametrize("reward", ["win", "rank", "score"])
def test_aec_plays_to_the_end_with_final_rewards(reward: str) -> None:
    env = aec_env("base", 4, reward=reward, expansions=["edifice"])
    env.reset(seed=3)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    steps = 0
    for agent in env.agent_iter():
        obs, rew, term, trunc, _ = env.last()
        totals[agent] += rew
        if term or trunc:
            env.step(None)
            continue
        assert obs["action_mask"].any()
        env.step(int(np.flatnonzero(obs["action_mask"])[0]))
        steps += 1
    assert steps >= 4 * 18
    final = env.adapter.final_rewards(env.state_)
    assert [totals[a] for a in env.possible_agents] == list(final)
    if reward == "win":
        assert max(final) == 1.0
    if reward == "rank":
        assert max(final) == 1.0 and min(final) >= 0.0


def test_simultaneous_seats_choose_from_the_same_state() -> None:
    env = aec_env("base", 3)
    env.reset(seed=1)
    before = env.state_
    for agent in env.possible_agents:  # the turn resolves after the last seat acted
        assert env.agent_selection == agent and env.state_ is before
        env.step(int(np.flatnonzero(env.observe(agent)["action_mask"])[0]))
    assert env.state_ is not before


def test_parallel_ignores_idle_seats_and_refuses_illegal_actions() -> None:
    env = parallel_env("architects", 3)
    obs, _ = env.reset(seed=5)
    idle = [a for a in env.agents if not obs[a]["action_mask"].any()]
    assert len(idle) == 2  # Architects: one seat moves at a time
    mover = next(a for a in env.agents if a not in idle)
    actions = {a: 0 for a in idle}
    with pytest.raises(IllegalMoveError):
        env.step(actions)  # the seat to move gave nothing
    legal = int(np.flatnonzero(obs[mover]["action_mask"])[0])
    illegal = int(np.flatnonzero(obs[mover]["action_mask"] == 0)[0])
    with pytest.raises(IllegalMoveError):
        env.step({**actions, mover: illegal})
    obs, *_ = env.step({**actions, mover: legal})
    assert any(o["action_mask"].any() for o in obs.values())


def test_render_shows_a_view() -> None:
    env = parallel_env("base", 3, render_mode="ansi")
    env.reset(seed=0)
    assert env.render() == repr(env.game.view(env.state_, 0))
    aec = aec_env("dice", 2, render_mode="ansi")
    aec.reset(seed=0)
    assert aec.render() == repr(aec.game.view(aec.state_, 0))
    assert aec_env("dice", 2).render() is None


@pytest.mark.parametrize(("name", "players", "options"), CONFIGS, ids=IDS)
def test_infos_carry_the_observations_masks(name: str, players: int,
                                            options: dict[str, Any]) -> None:
    """A player reading only ``last(observe=False)`` and its info's mask plays the game the
    observation's mask would: every agent's info mask equals its observation's, every step."""
    env = aec_env(name, players, **options)
    env.reset(seed=2)
    rng = np.random.default_rng(2)
    for agent in env.agent_iter():
        for other in env.agents:
            assert np.array_equal(env.infos[other]["action_mask"],
                                  env.observe(other)["action_mask"])
        none, _, term, trunc, info = env.last(observe=False)
        assert none is None and info is env.infos[agent]
        if term or trunc:
            assert not info["action_mask"].any()
            env.step(None)
            continue
        env.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
    par = parallel_env(name, players, **options)
    obs, infos = par.reset(seed=2)
    while par.agents:
        actions = {}
        for agent in par.agents:
            mask = infos[agent]["action_mask"]
            assert mask is obs[agent]["action_mask"]
            actions[agent] = int(rng.choice(np.flatnonzero(mask))) if mask.any() else 0
        obs, _, _, _, infos = par.step(actions)
