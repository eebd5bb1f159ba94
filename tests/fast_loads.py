"""What the tests of the load's fast paths (``architects/loading.py``, ``dice/loading.py``)
compare: the state the full path (the strict converter, then every invariant) builds from a
document, and the documents a fast path reads otherwise."""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable
from typing import Any

from sevenwonders.core.serialization import plain_structure_fn
from tests.boundary.mutation import random_step


def full_path_of(cls: type, problems: Callable[[Any], tuple[Any, ...]]
                 ) -> Callable[[Any], Any | None]:
    """The full path's reading of a document of ``cls``: the state it builds, or ``None`` when
    it refuses the document."""
    plain: Callable[[Any, Any], Any] = plain_structure_fn(cls)

    def full_path(document: Any) -> Any | None:
        try:
            state = plain(document, cls)
        except Exception:
            return None
        return None if problems(state) else state

    return full_path


def disagreements(load_fast: Callable[[Any], Any | None], full_path: Callable[[Any], Any | None],
                  documents: list[Any]) -> list[str]:
    """The documents ``load_fast`` reads otherwise than ``full_path``: accepted while the full
    path refuses them, or built differently (``repr`` tells a list from a tuple, a bool from an
    int)."""
    out = []
    for document in documents:
        fast = load_fast(copy.deepcopy(document))
        if fast is None:
            continue
        full = full_path(copy.deepcopy(document))
        if full is None or fast != full or repr(fast) != repr(full):
            out.append(json.dumps(document)[:300])
    return out


def playout_states(game: Any, seed: int) -> list[Any]:
    """Every state of one random playout of ``game`` (the first and the last included)."""
    rng = random.Random(seed)
    state = game.new_game(seed)
    states = [state]
    while not game.is_over(state):
        state = random_step(game, state, rng)
        states.append(state)
    return states
