"""States of seeded random games, and a load's two paths compared, for tests that compare a
fast path with its reference."""

import copy
import json
import random
from collections.abc import Callable
from typing import Any

from sevenwonders.core.serialization import plain_structure_fn
from sevenwonders.games import make_game


def game_states(kind: str, players: int, games: int = 2) -> list[Any]:
    """Every state of ``games`` seeded random games of ``kind`` (the last one included)."""
    game = make_game(kind, players)
    states = []
    for seed in range(games):
        rng = random.Random(seed)
        state = game.new_game(seed=seed)
        while not game.is_over(state):
            states.append(state)
            state = game.play(state, {s: rng.choice(game.legal_moves(state, s))
                                      for s in sorted(game.to_move(state))})
        states.append(state)
    return states


def full_load(cls: type, problems_of: Callable[[Any], tuple[Any, ...]]
              ) -> Callable[[Any], Any | None]:
    """A load's full path for ``cls``: the strict converter, then ``problems_of``; the value
    built, or ``None`` for a document it refuses."""
    plain = plain_structure_fn(cls)

    def full(document: Any) -> Any | None:
        try:
            value = plain(document, cls)
        except Exception:
            return None
        return None if problems_of(value) else value

    return full


def paths_disagree(fast: Callable[[Any], Any | None], full: Callable[[Any], Any | None],
                   documents: list[Any]) -> list[str]:
    """The documents a load's ``fast`` path reads otherwise than its ``full`` path (each a
    value or ``None``, each given its own copy): accepted where the full path refuses, or
    built otherwise (``repr`` tells a list from a tuple, a bool from an int)."""
    found = []
    for document in documents:
        accepted = fast(copy.deepcopy(document))
        if accepted is None:
            continue
        built = full(copy.deepcopy(document))
        if built is None or accepted != built or repr(accepted) != repr(built):
            found.append(json.dumps(document)[:300])
    return found
