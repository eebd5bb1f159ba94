"""The Gymnasium environment: Gymnasium's checker, the illegal-action penalty, opponents."""

from __future__ import annotations

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from sevenwonders.agents import GreedyAgent
from sevenwonders.errors import InvalidOptionError
from sevenwonders.rl import gym_env
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
