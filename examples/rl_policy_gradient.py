"""Train a linear softmax policy with REINFORCE (numpy only) on the base game for 3 players,
against two random agents, then measure how much more often it wins than a random player.

Usage: python examples/rl_policy_gradient.py [training-games] [evaluation-games]
(defaults 400 and 200: a few seconds; more games learn more; needs the ``rl`` extra)

The policy scores each legal action by a weight vector over the observation (squashed with
``sign(x) log(1 + |x|)``) plus a bias, and samples from the softmax over the mask. The return
of a game is the learner's final score margin over the best opponent (read from the final
state's score sheets), minus a running baseline.
"""

from __future__ import annotations

import sys
from typing import Any

import numpy as np
import numpy.typing as npt

from sevenwonders.rl import gym_env

Array = np.ndarray[Any, np.dtype[np.float64]]
Indices = npt.NDArray[np.intp]
Step = tuple[Array, int, Indices, Array]  # features, pick, legal actions, probabilities


def features(observation: Array) -> Array:
    x = np.sign(observation) * np.log1p(np.abs(observation))
    return np.append(x, 1.0)


def act(weights: Array, x: Array, mask: Any, rng: np.random.Generator,
        greedy: bool = False) -> tuple[int, Indices, Array]:
    """An action of the mask, the legal actions, and their probabilities."""
    legal = np.flatnonzero(mask)
    logits = weights[legal] @ x
    probs = np.exp(logits - logits.max())
    probs /= probs.sum()
    pick = int(np.argmax(probs)) if greedy else int(rng.choice(len(legal), p=probs))
    return int(legal[pick]), legal, probs


def margin(env: Any) -> float:
    totals = [sheet.total for sheet in env.game.scores(env.state_)]
    mine = totals.pop(env.seat)
    return float(mine - max(totals))


def play(env: Any, weights: Array | None, seed: int, rng: np.random.Generator,
         greedy: bool = False) -> tuple[float, list[Step]]:
    """One game; ``weights=None`` plays uniformly at random. Returns the win reward and the
    trajectory (features, chosen index among the legal actions, legal actions, probabilities)."""
    obs, _ = env.reset(seed=seed)
    trajectory = []
    done, reward = False, 0.0
    while not done:
        if weights is None:
            action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        else:
            x = features(obs["observation"])
            action, legal, probs = act(weights, x, obs["action_mask"], rng, greedy)
            trajectory.append((x, int(np.flatnonzero(legal == action)[0]), legal, probs))
        obs, reward, done, _, _ = env.step(action)
    return float(reward), trajectory


def train(env: Any, games: int, rng: np.random.Generator) -> Array:
    size = env.observation_space["observation"].shape[0] + 1
    weights = np.zeros((env.action_space.n, size))
    baseline, rate = 0.0, 0.01
    for game in range(games):
        _, trajectory = play(env, weights, 10_000 + game, rng)
        advantage = margin(env) - baseline
        baseline += 0.05 * (margin(env) - baseline)
        for x, chosen, legal, probs in trajectory:
            grad = -probs
            grad[chosen] += 1.0  # d log pi / d logits over the legal actions
            weights[legal] += rate * advantage / 10 * np.outer(grad, x)
    return weights


def main() -> None:
    training = int(sys.argv[1]) if len(sys.argv) > 1 else 400
    evaluation = int(sys.argv[2]) if len(sys.argv) > 2 else 200
    env = gym_env("base", 3, seat=0, opponents="random", reward="win")
    rng = np.random.default_rng(0)
    weights = train(env, training, rng)
    learned = sum(play(env, weights, seed, rng, greedy=True)[0] for seed in range(evaluation))
    random_ = sum(play(env, None, seed, rng)[0] for seed in range(evaluation))
    print(f"Base game 3p against two random agents, {evaluation} games each "
          f"(after {training} training games):")
    print(f"  learned linear policy wins {learned / evaluation:.1%}")
    print(f"  random policy wins         {random_ / evaluation:.1%}")
    print(f"  margin: {100 * (learned - random_) / evaluation:+.1f} percentage points")


if __name__ == "__main__":
    main()
