"""The AEC environment's step: the hot path of every AEC loop, one call per seat decision.

Speed only, and a module of its own so that the build can compile it (sevenwonders/compiled.py);
:class:`~sevenwonders.rl.aec.SevenWondersAEC` keeps everything else and documents what a step
does. ``env`` is that environment (typed loosely: this module must not import PettingZoo's
class, which the compiler cannot build on).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from sevenwonders.rl.actions import INT8


def aec_step(env: Any, action: Any) -> None:
    """The selected seat's ``action``; the turn resolves when its last seat has acted."""
    queue: list[int] = env._queue
    if not queue:  # the game is over: every agent is terminated
        env._was_dead_step(action)
        return
    agent = env.agent_selection
    seat = queue[0]
    adapter = env.adapter
    state = env.state_
    move = env._legal.get(action) if type(action) is int else None
    env._chosen[seat] = move if move is not None else adapter.listed_move(state, seat, action)
    del queue[0]
    if not queue:  # the turn's last seat acted: the turn resolves
        game = env.game
        state = game.play(state, env._chosen)
        env.state_ = state
        env._chosen = {}
        if game.is_over(state):
            env._game_over(agent)
            return
        queue = sorted(game.to_move(state))
        env._queue = queue
    seat = queue[0]
    selected = env.possible_agents[seat]
    env.agent_selection = selected
    infos = env.infos
    if selected != agent:  # the seat that acted has no choice until called again
        infos[agent]["action_mask"] = env._no_mask
    entry = adapter._entry(state, seat)
    env._legal = entry[0]
    infos[selected]["action_mask"] = np.frombuffer(bytearray(entry[1]), INT8)
