"""Reinforcement-learning adapters (optional extra ``rl``: pettingzoo, gymnasium, numpy).

- :func:`aec_env` / :func:`parallel_env`: PettingZoo environments, one agent per seat;
- :func:`gym_env`: a Gymnasium environment for one learning seat against opponents (library
  agents or policies); registered with Gymnasium on import as ``sevenwonders/Base-v0``,
  ``sevenwonders/Architects-v0`` and ``sevenwonders/Dice-v0``;
- :func:`action_index` / :func:`make_encoder`: the fixed action index and the observation encoder
  of a game configuration, for learners that drive the engine themselves.

Observations are ``{"observation": float32 array, "action_mask": int8 array}`` made from the
seat's view only, by the encoders of :mod:`sevenwonders.encoding` (which the learned agent reads
too, so they sit below the agents); the layouts are documented in the guide (``docs/rl.md``), in
each ``index_*`` and ``obs_*`` module there, and printed by
``python -m sevenwonders.encoding.layout``. Names load lazily, so the Gymnasium environment does
not need PettingZoo installed, nor the action index either of them.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from sevenwonders.encoding.actions import ActionIndex, action_index
    from sevenwonders.encoding.observations import Encoder, Layout, make_encoder
    from sevenwonders.rl.adapter import REWARDS, Adapter
    from sevenwonders.rl.aec import SevenWondersAEC, aec_env
    from sevenwonders.rl.gymnasium_env import SevenWondersGym, gym_env
    from sevenwonders.rl.opponents import League, NumpyActor, frozen
    from sevenwonders.rl.parallel import SevenWondersParallel, parallel_env

_WHERE = {
    "ActionIndex": "encoding.actions", "action_index": "encoding.actions",
    "REWARDS": "rl.adapter", "Adapter": "rl.adapter", "SevenWondersAEC": "rl.aec",
    "aec_env": "rl.aec", "SevenWondersGym": "rl.gymnasium_env", "gym_env": "rl.gymnasium_env",
    "Encoder": "encoding.observations", "Layout": "encoding.observations",
    "make_encoder": "encoding.observations", "SevenWondersParallel": "rl.parallel",
    "parallel_env": "rl.parallel", "League": "rl.opponents", "NumpyActor": "rl.opponents",
    "frozen": "rl.opponents",
}

__all__ = [
    "REWARDS", "ActionIndex", "Adapter", "Encoder", "Layout", "League", "NumpyActor",
    "SevenWondersAEC", "SevenWondersGym", "SevenWondersParallel", "action_index", "aec_env",
    "frozen", "gym_env", "make_encoder", "parallel_env",
]


GYM_IDS = {"Base": ("base", 3), "Architects": ("architects", 2), "Dice": ("dice", 3)}
"""Gymnasium id ``sevenwonders/<Name>-v0`` -> the game and its default player count."""


def _register() -> None:
    """Register the Gymnasium ids (entry points named as text: nothing of ours loads until
    ``gymnasium.make``); ``make``'s keyword arguments reach :func:`gym_env` (``players``,
    ``seat``, ``opponents``, the game's options...). Without Gymnasium, nothing to do."""
    try:
        import gymnasium
    except ImportError:
        return
    for name, (game, players) in GYM_IDS.items():
        env_id = f"sevenwonders/{name}-v0"
        if env_id not in gymnasium.registry:
            gymnasium.register(id=env_id, entry_point="sevenwonders.rl.gymnasium_env:gym_env",
                               kwargs={"game": game, "players": players})


_register()


def __getattr__(name: str) -> Any:
    module = _WHERE.get(name)
    if module is None:
        raise AttributeError(f"module 'sevenwonders.rl' has no attribute {name!r}")
    try:
        return getattr(importlib.import_module(f"sevenwonders.{module}"), name)
    except ModuleNotFoundError as error:
        raise ModuleNotFoundError(
            f"sevenwonders.rl.{name} needs {error.name}: pip install 'sevenwonders[rl]'",
            name=error.name) from error
