"""Random rollouts through the three RL interfaces: PettingZoo AEC, PettingZoo Parallel and
Gymnasium, each choosing uniformly among the actions of the mask.

Usage: python examples/rl_random_rollouts.py [games]   (needs the ``rl`` extra)
"""

from __future__ import annotations

import sys

import numpy as np

from sevenwonders.rl import aec_env, gym_env, parallel_env


def aec_rollout(seed: int) -> dict[str, float]:
    """Base game, 5 players, Edifice: seats of a simultaneous turn act one after another."""
    env = aec_env("base", 5, expansions=["edifice"], reward="rank")
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, _ = env.last()
        totals[agent] += reward
        if terminated or truncated:
            env.step(None)
        else:
            env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    return totals


def parallel_rollout(seed: int) -> tuple[int, dict[str, float]]:
    """1st-edition base game, 4 players, B sides: every seat acts at once."""
    env = parallel_env("base", 4, edition="1st", sides="b", reward="score")
    observations, _ = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    steps, rewards = 0, dict[str, float]()
    while env.agents:
        actions = {}
        for agent, obs in observations.items():
            legal = np.flatnonzero(obs["action_mask"])  # empty for a seat not asked to move
            actions[agent] = int(rng.choice(legal)) if len(legal) else 0
        observations, rewards, *_ = env.step(actions)
        steps += 1
    return steps, rewards


def gym_rollout(seed: int) -> tuple[int, float]:
    """Architects, 3 players: seat 0 learns, the others are library agents."""
    env = gym_env("architects", 3, seat=0, opponents=["greedy", "random"], reward="win")
    obs, _ = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    steps, done, reward = 0, False, 0.0
    while not done:
        obs, reward, done, _, _ = env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        steps += 1
    return steps, float(reward)


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 2
    for seed in range(games):
        totals = aec_rollout(seed)
        print(f"AEC base 5p + Edifice, game {seed}: rank rewards "
              + ", ".join(f"{agent} {value:.2f}" for agent, value in totals.items()))
        steps, rewards = parallel_rollout(seed)
        print(f"Parallel base 4p 1st edition, game {seed}: {steps} steps, scores "
              + ", ".join(f"{agent} {value:.0f}" for agent, value in rewards.items()))
        steps, reward = gym_rollout(seed)
        print(f"Gymnasium Architects 3p, game {seed}: {steps} learner steps, win reward {reward}")


if __name__ == "__main__":
    main()
