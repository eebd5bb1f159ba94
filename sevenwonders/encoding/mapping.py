"""The action index's inner loop: a listing's actions and mask from the identity memo.

Speed only, and a module of its own: it runs once per legal move of every decision an
environment asks about, and in CPython it is a large share of what an environment adds to the
engine. :class:`~sevenwonders.encoding.actions.ActionIndex` calls it and keeps the rules of the
mapping (what a move's action is, learning new moves).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any


def known_actions(moves: Sequence[object], ids: dict[int, int], prices: dict[int, Any],
                  zeros: bytes) -> tuple[dict[int, Any], bytearray] | None:
    """Each action of ``moves`` with the move it stands for (the cheapest by ``prices`` where
    several share it) and the mask's bytes, when the identity memo ``ids`` (id of a move ->
    action; ``prices``: id -> cost or None) knows every move; None as soon as it does not (the
    caller learns that move)."""
    get = ids.get
    out: dict[int, Any] = {}
    buffer = bytearray(zeros)
    for move in moves:
        action = get(id(move))
        if action is None:
            return None
        if action in out:  # several moves share the action (payments): the cheapest stays
            price = prices[id(move)]
            if price is not None and price >= prices[id(out[action])]:
                continue
        out[action] = move
        buffer[action] = 1
    return out, buffer
