"""Train MaskablePPO (sb3-contrib) on the base game for 3 players, then measure its win rates.

    python examples/rl_maskable_ppo.py league --steps 200000      # self-play, a league
    python examples/rl_maskable_ppo.py fixed --opponents greedy --steps 200000
    python examples/rl_maskable_ppo.py league --steps 2000 --games 4 --ismcts-games 1  # smoke

Needs the ``training`` extra (``pip install 'sevenwonders[training]'``: sb3-contrib, torch; a
CPU build of torch is enough). Two ways to train:

- ``fixed``: against fixed library agents (``--opponents greedy``, ``random``, or one per seat
  separated by commas);
- ``league``: self-play only, against frozen copies of itself: the league starts with the
  untrained policy, and every ``--snapshot`` steps a frozen copy of the learner joins it; at
  each reset each opponent seat draws the newest copy half of the time, else any copy.

The learner sees the flat observation with the derived features, normalised; its seat is drawn
at every reset (it learns every seat); ``--reward`` is its end-of-game reward (``margin``, the
final score minus the best other score, divided by 10 here; or ``win``, ``rank``). At the end,
the learner (its most likely legal action) plays ``--games`` games against two random agents,
two greedy agents, and ``--ismcts-games`` against two ISMCTS agents (``--ismcts`` iterations),
from a random seat; its win rate is printed with a seat's fair share (1/3) beside it.
"""

from __future__ import annotations

import argparse
import time
from typing import Any

import gymnasium

from sevenwonders.rl import League, frozen, gym_env

OBSERVATION = {"flat": True, "features": True, "normalize": True}
PLAIN = {"flat": True}  # --plain: the encoder's observation alone, unscaled
REWARD_SCALE = {"margin": 0.1, "win": 1.0, "rank": 1.0}


class Scaled(gymnasium.RewardWrapper[Any, Any]):
    """The reward times a constant (margins of tens of points -> a few units)."""

    def __init__(self, env: gymnasium.Env[Any, Any], scale: float) -> None:
        super().__init__(env)
        self.scale = scale

    def reward(self, reward: Any) -> float:
        return float(reward) * self.scale

    def action_masks(self) -> Any:
        return self.env.unwrapped.action_masks()  # type: ignore[attr-defined]


def make_env(opponents: Any, reward: str, observation: dict[str, bool]) -> Any:
    def build() -> gymnasium.Env[Any, Any]:
        env = gym_env("base", 3, seat="random", opponents=opponents, reward=reward,
                      **observation)
        return Scaled(env, REWARD_SCALE[reward])  # seeded by the model (its seed)
    return build


def train(args: argparse.Namespace, observation: dict[str, bool]) -> Any:
    """The trained model (sb3-contrib is imported here: without it the script still shows
    its usage)."""
    from sb3_contrib import MaskablePPO
    from stable_baselines3.common.vec_env import DummyVecEnv

    league = None
    mode, reward, seed = args.mode, args.reward, args.seed
    if mode == "league":
        league = League(latest=args.latest)
        chosen: Any = league
    else:
        names = args.opponents.split(",")
        chosen = names[0] if len(names) == 1 else names
    vec = DummyVecEnv([make_env(chosen, reward, observation) for _ in range(args.envs)])
    if args.resume:  # train a saved model on
        model = MaskablePPO.load(args.resume, env=vec, device="cpu", seed=seed)
    else:
        model = MaskablePPO("MlpPolicy", vec, n_steps=512, batch_size=256, n_epochs=5,
                            learning_rate=3e-4, gamma=1.0, gae_lambda=0.95, ent_coef=0.01,
                            seed=seed, device="cpu", verbose=0)
    if league is None:
        model.learn(total_timesteps=args.steps)
        return model
    league.add(frozen(model))  # the starting policy (untrained, or the resumed one) first
    done = 0
    while done < args.steps:  # every --snapshot steps, a frozen copy joins the league
        model.learn(total_timesteps=min(args.snapshot, args.steps - done),
                    reset_num_timesteps=done == 0)
        done = model.num_timesteps
        league.add(frozen(model))
    return model


def win_rate(model: Any, opponents: str, games: int, seed: int,
             observation: dict[str, bool]) -> float:
    """The share of ``games`` the learner wins (a shared first place counts) from a random
    seat against two ``opponents``, playing its most likely legal action."""
    learner = frozen(model, deterministic=True)
    env = gym_env("base", 3, seat="random", opponents=opponents, reward="win", **observation)
    wins = 0.0
    for game in range(games):
        obs, _ = env.reset(seed=seed + game)
        done, reward = False, 0.0
        while not done:
            obs, reward, done, _, _ = env.step(learner(obs, env.action_masks()))
        wins += reward
    return wins / max(games, 1)


def main(argv: list[str] | None = None) -> dict[str, float]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("mode", choices=["league", "fixed"], nargs="?")
    parser.add_argument("--opponents", default="greedy", help="fixed: the agents to train on")
    parser.add_argument("--reward", default="margin", choices=sorted(REWARD_SCALE))
    parser.add_argument("--steps", type=int, default=200_000)
    parser.add_argument("--snapshot", type=int, default=20_000, help="league: steps a copy")
    parser.add_argument("--envs", type=int, default=8)
    parser.add_argument("--games", type=int, default=200, help="evaluation games")
    parser.add_argument("--ismcts-games", type=int, default=30)
    parser.add_argument("--ismcts", type=int, default=50, help="ISMCTS iterations")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--latest", type=float, default=0.5,
                        help="league: how often an opponent is the newest copy")
    parser.add_argument("--plain", action="store_true",
                        help="the encoder's observation alone (no features, not normalised)")
    parser.add_argument("--save", default="", help="save the trained model to this file")
    parser.add_argument("--load", default="", help="evaluate this saved model, no training")
    parser.add_argument("--resume", default="", help="train this saved model on")
    args = parser.parse_args(argv)
    if args.mode is None:  # no way to train chosen: how to start one
        parser.print_help()
        return {}
    import torch
    from sb3_contrib import MaskablePPO

    torch.set_num_threads(1)  # small networks: one thread is faster, and kinder to others
    observation = PLAIN if args.plain else OBSERVATION
    start = time.process_time()
    model = MaskablePPO.load(args.load, device="cpu") if args.load else train(args, observation)
    trained = time.process_time() - start
    if args.save:
        model.save(args.save)
    rates = {name: win_rate(model, name, games, seed, observation) for name, games, seed in (
        ("random", args.games, 10_000), ("greedy", args.games, 20_000),
        (f"ismcts:{args.ismcts}", args.ismcts_games, 30_000))}
    how = (f"loaded from {args.load}" if args.load
           else f"{args.reward}, {args.steps} steps, {trained:.0f} s of CPU")
    print(f"{args.mode} ({how}): "
          + ", ".join(f"wins against 2x {name} {100 * rate:.1f}%"
                      for name, rate in rates.items())
          + " (a seat's fair share: 33.3%)")
    return rates


if __name__ == "__main__":
    main()
