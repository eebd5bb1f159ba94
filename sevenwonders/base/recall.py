"""What a base-game state keeps of the past for its seats' memories: the :class:`Recall`.

Its fields are worked out when first read (:func:`later`): a playout steps through states
whose memories nobody reads. What a seat remembers, and how a step adds to the trails, is in
:mod:`sevenwonders.base.memory`; the speed layer's one-pass turn notes the same
(``base/fast/recall.py``).
"""

from __future__ import annotations

from typing import Any

import attrs

Entry = tuple[int, tuple[str, ...], tuple[str, ...]]
"""One step of a hand's trail: the seat that held it, what it held after the step, and the
cards built from it in that step."""

Trails = tuple[tuple[Entry, ...], ...]
"""Per seat, the trail this Age of the hand it holds now."""

Discards = tuple[tuple[str, ...], ...]
"""Per seat, the discard pile cards it knows (sorted)."""


@attrs.frozen(slots=True)
class Recall:
    """What a state keeps of the past for its seats' memories: ``trails[h]``, the trail this
    Age of the hand seat ``h`` holds now (oldest first, see :data:`Entry`); ``discards[s]``, the
    discard pile cards seat ``s`` knows (sorted).

    A step's memory is made by :func:`later` and worked out when first read: a playout steps
    through states whose memories nobody reads. Until then its two fields are unset and
    ``_step`` says how to work them out (:meth:`__getattr__`, which Python calls only for an
    unset field, sets them)."""

    trails: Trails
    discards: Discards
    _step: tuple[Any, ...] | None = attrs.field(default=None, init=False, eq=False,
                                                repr=False)

    def __getattr__(self, name: str) -> Any:
        if name not in ("trails", "discards") or object.__getattribute__(self, "_step") is None:
            raise AttributeError(name)
        _settle(self)
        return object.__getattribute__(self, name)


_set_trails = Recall.__dict__["trails"].__set__  # (the slots' own setters: the class is frozen)
_set_discards = Recall.__dict__["discards"].__set__
_set_step = Recall.__dict__["_step"].__set__


def later(step: tuple[Any, ...]) -> Recall:
    """The :class:`Recall` ``work(before, *facts)`` returns as (trails, discards), worked out
    when first read, for ``step`` = ``(work, before, *facts)``: ``before`` is the
    :class:`Recall` (or ``None``) of the state before the step, ``facts`` what ``work`` needs
    of the step (values that do not change afterwards)."""
    out: Recall = object.__new__(Recall)
    _set_step(out, step)
    return out


def _settle(recall: Recall) -> None:
    """Work out the fields of ``recall`` and of every unsettled one before it, oldest first
    (no recursion however long the chain), and let go of the chain."""
    chain = []
    node: Recall | None = recall
    while node is not None and node._step is not None:
        chain.append(node)
        node = node._step[1]
    for node in reversed(chain):
        step = node._step
        assert step is not None
        trails, discards = step[0](*step[1:])
        _set_trails(node, trails)
        _set_discards(node, discards)
        _set_step(node, None)


__all__ = ["Discards", "Entry", "Recall", "Trails", "later"]
