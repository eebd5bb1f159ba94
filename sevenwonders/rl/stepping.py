"""The hot paths of the environments: a seat's legal actions and mask, and the AEC step.

Speed only, and a module of its own: they run once per seat decision.
:class:`~sevenwonders.rl.adapter.Adapter` and :class:`~sevenwonders.rl.aec.SevenWondersAEC` keep
everything else and document what these do; both are typed loosely here.
"""

from __future__ import annotations

from typing import Any

import numpy as np

# No import of the package's own RL modules: the build's compiler checks what a module imports,
# and numpy's types are not there at build time.
INT8 = np.dtype(np.int8)


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
    if move is None:  # another spelling of a legal action, or an illegal one
        move = env._unlisted(seat, action)
        if move is None:  # illegal: the episode ended (PettingZoo's convention)
            return
    env._chosen[seat] = move
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
    entry = seat_entry(adapter, state, seat)
    env._legal = entry[0]
    infos[selected]["action_mask"] = np.frombuffer(bytearray(entry[1]), INT8)


def seat_entry(adapter: Any, state: Any, seat: Any) -> tuple[dict[int, Any], bytearray]:
    """``Adapter._entry``: ``seat``'s legal actions (-> their moves) and mask bytes on
    ``state``, remembered for the last state and per tuple of moves an engine lists again.
    ``seat`` is the caller's, unchecked: anything but an int (a bool, a float or a numpy
    integer equal to a seat) goes to the engine's listing, which refuses it."""
    memo: tuple[Any, dict[int, Any]] = adapter._memo
    if memo[0] is state:
        found = memo[1].get(seat) if type(seat) is int else None
        if found is not None:
            return found  # type: ignore[no-any-return]
    else:
        memo = (state, {})
        adapter._memo = memo
    moves = adapter._listed(state, seat)
    tuples: dict[int, Any] | None = adapter._tuples
    if tuples is None:
        found = adapter.index.legal_and_mask(moves)
        memo[1][seat] = found
        return found  # type: ignore[no-any-return]
    hit = tuples.get(id(moves))  # the memo holds its tuples: an id there is theirs
    if hit is not None:
        adapter._tuple_hits += 1
        found = hit[1]
    else:
        found = adapter.index.legal_and_mask(moves)
        if len(tuples) >= 10_000:
            tuples.clear()
        tuples[id(moves)] = (moves, found)
    memo[1][seat] = found
    adapter._tuple_looks += 1
    if adapter._tuple_looks == 1_000 and adapter._tuple_hits < 250:
        adapter._tuples = None  # the engine lists new tuples (Dice): nothing to find again
    return found  # type: ignore[no-any-return]
