"""Reinforcement-learning adapters (optional extra ``rl``: pettingzoo, gymnasium, numpy).

- :func:`aec_env` / :func:`parallel_env`: PettingZoo environments, one agent per seat;
- :func:`gym_env`: a Gymnasium environment for one learning seat against library agents;
- :func:`action_index` / :func:`make_encoder`: the fixed action index and the observation encoder
  of a game configuration, for learners that drive the engine themselves.

Observations are ``{"observation": float32 array, "action_mask": int8 array}`` made from the
seat's view only. The layouts are documented in the README ("Reinforcement learning and
OpenSpiel") and in each ``index_*`` and ``obs_*`` module.
"""

from sevenwonders.rl.actions import ActionIndex, action_index
from sevenwonders.rl.adapter import REWARDS, Adapter
from sevenwonders.rl.aec import SevenWondersAEC, aec_env
from sevenwonders.rl.gym_env import SevenWondersGym, gym_env
from sevenwonders.rl.observations import Encoder, Layout, make_encoder
from sevenwonders.rl.parallel import SevenWondersParallel, parallel_env

__all__ = [
    "REWARDS", "ActionIndex", "Adapter", "Encoder", "Layout", "SevenWondersAEC",
    "SevenWondersGym", "SevenWondersParallel", "action_index", "aec_env", "gym_env",
    "make_encoder", "parallel_env",
]
