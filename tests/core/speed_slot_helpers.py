"""What a game object's speed memory holds on to (for the tests of the states' speed slot)."""

from __future__ import annotations

import gc


def held_states(memory: object, state_type: type) -> int:
    """How many objects of ``state_type`` are reachable from ``memory`` (a speed layer's cache):
    every container it refers to, followed to the end, not through the states themselves."""
    seen = {id(memory)}
    todo = [memory]
    states = 0
    while todo:
        for found in gc.get_referents(todo.pop()):
            if id(found) in seen:
                continue
            seen.add(id(found))
            if isinstance(found, state_type):
                states += 1
            elif not isinstance(found, type):
                todo.append(found)
    return states
