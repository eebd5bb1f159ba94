"""The Gymnasium environment: Gymnasium's checker, the illegal-action penalty, opponents."""

from __future__ import annotations

import warnings
from typing import Any

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from sevenwonders.agents import GreedyAgent
from sevenwonders.errors import IllegalMoveError, InvalidOptionError
from sevenwonders.rl import League, gym_env
from tests.rl.helpers import CONFIGS, IDS


@pytest.mark.parametrize(("name", "players", "options"), CONFIGS, ids=IDS)
def test_check_env(name: str, players: int, options: dict[str, object]) -> None:
    check_env(gym_env(name, players, seat=players - 1, **options), skip_render_check=True)


def test_illegal_action_ends_the_episode_with_the_penalty() -> None:
    env = gym_env("base", 3, illegal_reward=-2.5)
    obs, _ = env.reset(seed=0)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    after, reward, terminated, truncated, info = env.step(illegal)
    assert (reward, terminated, truncated, info["illegal"]) == (-2.5, True, False, True)
    assert info["action_mask"] is after["action_mask"]


@pytest.mark.parametrize(("name", "players"), [("base", 3), ("architects", 2), ("dice", 3)])
def test_whole_episodes_against_agents(name: str, players: int) -> None:
    env = gym_env(name, players, seat=1, opponents=[GreedyAgent()] + ["random"] * (players - 2),
                  reward="rank")
    for seed in range(2):
        obs, _ = env.reset(seed=seed)
        done, reward = False, 0.0
        while not done:
            assert obs["action_mask"].any()
            action = int(np.flatnonzero(obs["action_mask"])[-1])
            obs, reward, done, _, _ = env.step(action)
        assert 0.0 <= reward <= 1.0
        assert not obs["action_mask"].any()


def test_same_seed_same_episode() -> None:
    def run() -> list[bytes]:
        env = gym_env("dice", 2)
        obs, _ = env.reset(seed=7)
        out = [obs["observation"].tobytes()]
        for _ in range(20):
            obs, _, done, _, _ = env.step(int(np.flatnonzero(obs["action_mask"])[0]))
            out.append(obs["observation"].tobytes())
            if done:
                break
        return out

    assert run() == run()


def test_bad_seat_or_opponents_are_refused() -> None:
    with pytest.raises(InvalidOptionError):
        gym_env("base", 3, seat=3)
    with pytest.raises(InvalidOptionError):
        gym_env("base", 3, opponents=["random"])


@pytest.mark.parametrize(("env_id", "options"), [
    ("sevenwonders/Base-v0", {"players": 4, "expansions": ["edifice"]}),
    ("sevenwonders/Architects-v0", {"seat": "random"}),
    ("sevenwonders/Dice-v0", {"flat": True, "features": True, "normalize": True}),
])
def test_registered_ids_pass_check_env_without_warnings(env_id: str,
                                                        options: dict[str, Any]) -> None:
    env = gymnasium.make(env_id, **options)
    assert env.spec is not None and env.spec.id == env_id
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # no warning of ours (spec, spaces, render, seeding)
        check_env(env.unwrapped)
    env.reset(seed=0)
    assert env.unwrapped.game.players == options.get("players", env.unwrapped.game.players)


def test_flat_observation_and_action_masks_for_sb3_contrib() -> None:
    env = gym_env("base", 3, flat=True, features=True)
    obs, info = env.reset(seed=3)
    assert isinstance(env.observation_space, gymnasium.spaces.Box)
    assert obs.shape == env.observation_space.shape and env.observation_space.contains(obs)
    masks = env.action_masks()
    assert masks.dtype == np.bool_ and np.array_equal(masks, info["action_mask"].astype(bool))
    done = False
    while not done:
        obs, _, done, _, info = env.step(int(np.flatnonzero(env.action_masks())[0]))
        assert np.array_equal(env.action_masks(), info["action_mask"].astype(bool))
    assert not env.action_masks().any()


def test_random_seat_moves_between_episodes() -> None:
    env = gym_env("dice", 3, seat="random", opponents="random")
    seats = set()
    for seed in range(12):
        env.reset(seed=seed)
        seats.add(env.seat)
        assert sorted(env.opponents) == [s for s in range(3) if s != env.seat]
    assert seats == {0, 1, 2}


class _Recorder:
    """A policy callable that plays the first legal action and records what it saw."""

    def __init__(self) -> None:
        self.seen: list[tuple[Any, Any]] = []

    def __call__(self, observation: Any, mask: Any) -> int:
        self.seen.append((observation, mask))
        return int(np.flatnonzero(mask)[0])


class _Model:
    """An object with sb3's predict signature (a frozen policy in self-play)."""

    def __init__(self) -> None:
        self.calls = 0

    def predict(self, observation: Any, action_masks: Any = None,
                deterministic: bool = False) -> tuple[Any, None]:
        self.calls += 1
        return np.array(np.flatnonzero(action_masks)[-1]), None


def test_policies_play_opponent_seats_from_their_own_observations() -> None:
    recorder, model = _Recorder(), _Model()
    env = gym_env("base", 3, seat=0, opponents=[recorder, model], flat=True)
    obs, _ = env.reset(seed=1)
    assert not recorder.seen and model.calls == 0  # simultaneous turn: chosen at the step
    env.step(int(np.flatnonzero(env.action_masks())[0]))
    assert model.calls == 1 and len(recorder.seen) == 1
    seen_obs, seen_mask = recorder.seen[0]
    assert seen_obs.shape == obs.shape  # the learner's form, for seat 1
    assert seen_mask.any()


def test_league_draws_a_member_per_episode() -> None:
    members = [_Recorder(), _Recorder()]
    league = League(members, latest=0.0)
    env = gym_env("base", 3, opponents=league)
    drawn = set()
    for seed in range(8):
        env.reset(seed=seed)
        drawn.add(id(league.current))
        env.step(int(np.flatnonzero(env.action_masks())[0]))
    assert drawn == {id(m) for m in members}
    with pytest.raises(ValueError):
        gym_env("base", 3, opponents=League()).reset(seed=0)


def test_an_opponent_policy_outside_its_mask_is_an_error() -> None:
    env = gym_env("architects", 2, seat=1, opponents=lambda obs, mask: -1)
    with pytest.raises(IllegalMoveError):
        env.reset(seed=0)  # seat 0 moves first


def test_strict_and_render_modes() -> None:
    env = gym_env("base", 3, strict=True, render_mode="ansi")
    obs, _ = env.reset(seed=0)
    with pytest.raises(IllegalMoveError):
        env.step(int(np.flatnonzero(obs["action_mask"] == 0)[0]))
    assert "Your hand" in str(env.render())
    assert env.metadata["render_fps"] > 0
    with pytest.raises(InvalidOptionError):
        gym_env("base", 3, render_mode="rgb_array")


@pytest.mark.parametrize("reward", ["margin", "score"])
def test_margin_and_score_rewards(reward: str) -> None:
    env = gym_env("base", 3, reward=reward, opponents="greedy")
    obs, _ = env.reset(seed=5)
    done, total = False, 0.0
    while not done:
        obs, r, done, _, _ = env.step(int(np.flatnonzero(obs["action_mask"])[-1]))
        total += r
    totals = [sheet.total for sheet in env.game.scores(env.state_)]
    expected = totals[0] - max(totals[1:]) if reward == "margin" else totals[0]
    assert total == expected
