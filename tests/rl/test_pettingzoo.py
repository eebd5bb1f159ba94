"""The PettingZoo environments pass PettingZoo's own test tools, and play whole games."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from pettingzoo.test import api_test, parallel_api_test, parallel_seed_test, seed_test

from sevenwonders.errors import IllegalMoveError, InvalidOptionError
from sevenwonders.frontend.choices import choices
from sevenwonders.frontend.screens import render_view
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


def test_parallel_ignores_idle_seats_and_strict_refuses_illegal_actions() -> None:
    env = parallel_env("architects", 3, strict=True)
    obs, _ = env.reset(seed=5)
    idle = [a for a in env.agents if not obs[a]["action_mask"].any()]
    assert len(idle) == 2  # Architects: one seat moves at a time
    mover = next(a for a in env.agents if a not in idle)
    actions = {a: 0 for a in idle}
    before = env.state_
    with pytest.raises(IllegalMoveError) as missing:
        env.step(actions)  # the seat to move gave nothing
    assert missing.value.reason == "missing_move"
    legal = int(np.flatnonzero(obs[mover]["action_mask"])[0])
    illegal = int(np.flatnonzero(obs[mover]["action_mask"] == 0)[0])
    with pytest.raises(IllegalMoveError):
        env.step({**actions, mover: illegal})
    assert env.state_ is before and env.agents  # nothing changed
    obs, *_ = env.step({**actions, mover: legal})
    assert any(o["action_mask"].any() for o in obs.values())


def test_strict_aec_raises_and_changes_nothing() -> None:
    env = aec_env("base", 3, strict=True)
    env.reset(seed=4)
    mask = env.observe(env.agent_selection)["action_mask"]
    with pytest.raises(IllegalMoveError):
        env.step(int(np.flatnonzero(mask == 0)[0]))
    assert env.agents and not any(env.terminations.values())
    env.step(int(np.flatnonzero(mask)[0]))


@pytest.mark.parametrize("others", [0.0, 0.5])
def test_aec_illegal_action_ends_the_episode_with_the_penalty(others: float) -> None:
    """PettingZoo's convention (its TerminateIllegalWrapper): the offender gets the penalty,
    the others ``illegal_others``, every agent is terminated, the loop then drains."""
    env = aec_env("base", 3, illegal_reward=-3.0, illegal_others=others)
    env.reset(seed=4)
    first = env.agent_selection
    env.step(int(np.flatnonzero(env.observe(first)["action_mask"])[0]))
    offender = env.agent_selection
    assert offender != first
    mask = env.observe(offender)["action_mask"]
    env.step(np.int64(np.flatnonzero(mask == 0)[0]))  # a numpy integer, outside the mask
    assert all(env.terminations.values()) and env.infos[offender]["illegal"]
    totals = {}
    for agent in env.agent_iter():
        obs, reward, term, _, info = env.last()
        assert term and not info["action_mask"].any() and not obs["action_mask"].any()
        totals[agent] = reward
        env.step(None)
    assert totals == {a: (-3.0 if a == offender else others) for a in env.possible_agents}
    assert not env.agents


def test_parallel_illegal_or_missing_actions_end_the_episode() -> None:
    env = parallel_env("base", 3, illegal_reward=-2.0)
    obs, _ = env.reset(seed=1)
    actions = {a: int(np.flatnonzero(o["action_mask"])[0]) for a, o in obs.items()}
    actions["player_1"] = int(np.flatnonzero(obs["player_1"]["action_mask"] == 0)[0])
    del actions["player_2"]
    obs, rewards, terms, truncs, infos = env.step(actions)
    assert rewards == {"player_0": 0.0, "player_1": -2.0, "player_2": -2.0}
    assert all(terms.values()) and not any(truncs.values()) and not env.agents
    assert infos["player_1"]["illegal"] and "illegal" not in infos["player_0"]
    assert not any(o["action_mask"].any() for o in obs.values())


@pytest.mark.parametrize(("name", "players", "options"), CONFIGS, ids=IDS)
def test_parallel_seeds_make_games_repeat(name: str, players: int,
                                          options: dict[str, Any]) -> None:
    """PettingZoo's own parallel_seed_test samples actions without the masks: the convention
    for illegal actions is what lets it pass."""
    parallel_seed_test(lambda: parallel_env(name, players, **options), num_cycles=50)


def test_render_modes() -> None:
    env = parallel_env("base", 3, render_mode="ansi")
    env.reset(seed=0)
    text = env.render()
    assert text == render_view(env.game, env.game.view(env.state_, 0),
                               choices(env.game, env.state_, 0))
    assert "Your hand" in text  # the hand with costs, as the terminal client shows it
    aec = aec_env("dice", 2, render_mode="ansi")
    aec.reset(seed=0)
    assert aec.render() == render_view(aec.game, aec.game.view(aec.state_, 0),
                                       choices(aec.game, aec.state_, 0))
    assert aec_env("dice", 2).render() is None
    for make in (aec_env, parallel_env):
        with pytest.raises(InvalidOptionError):
            make("dice", 2, render_mode="rgb_array")
        made = make("architects", 2)
        assert made.metadata["render_fps"] > 0
        assert set(made.metadata["render_modes"]) == {"ansi", "human"}


def test_human_render_prints_the_view(capsys: pytest.CaptureFixture[str]) -> None:
    env = aec_env("architects", 2, render_mode="human")
    env.reset(seed=3)
    assert env.render() is None
    out = capsys.readouterr().out
    assert out.strip() == render_view(env.game, env.game.view(env.state_, 0),
                                      choices(env.game, env.state_, 0)).strip()


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
