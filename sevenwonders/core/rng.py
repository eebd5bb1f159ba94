"""Seeded randomness that lives inside immutable game states.

The generator is SplitMix64: tiny, fast in pure Python, and fully specified here, so the same seed
gives the same game on every Python version and platform (``random.Random`` promises no such thing
for ``shuffle``). Every draw returns the value together with the next generator.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

import attrs

from sevenwonders.core.draws import (
    _GAMMA,
    _LIMITS,
    _MASK,
    _SMALL,
    _SPAN,
    _mix,
    draw,
    draws,
    shuffled,
)

T = TypeVar("T")


@attrs.frozen(slots=True)
class Rng:
    """An immutable random generator; ``state`` is a 64-bit integer."""

    state: int

    @classmethod
    def from_seed(cls, seed: int) -> Rng:
        """A generator for any integer seed (negative and huge seeds are folded to 64 bits)."""
        return cls(_mix((seed * _GAMMA) & _MASK))

    def next64(self) -> tuple[int, Rng]:
        """A uniformly random 64-bit integer and the advanced generator (the generator is a
        value: keep the one returned)."""
        state = (self.state + _GAMMA) & _MASK
        return _mix(state), Rng(state)

    def below(self, n: int) -> tuple[int, Rng]:
        """A uniform integer in ``range(n)`` (rejection sampling, no modulo bias)."""
        if 0 < n < _SMALL:
            limit = _LIMITS[n]
        elif 0 < n <= _SPAN:
            limit = _SPAN - _SPAN % n
        else:
            raise ValueError("below() needs a bound from 1 to 2**64")
        value, state = draw(self.state, n, limit)
        rng: Rng = _new(Rng)  # the field is a plain integer: no __init__ (speed)
        _set_state(rng, state)
        return value, rng

    def draws(self, bounds: Sequence[int]) -> tuple[tuple[int, ...], Rng]:
        """One :meth:`below` draw per bound, in order, exactly as a chain of ``below`` calls
        would give them, stepping the state directly (one generator made at the end)."""
        values, state = draws(self.state, bounds)
        return values, _at(state)

    def shuffle(self, items: Sequence[T]) -> tuple[tuple[T, ...], Rng]:
        """A shuffled copy of ``items`` (Fisher-Yates), drawing exactly as :meth:`below` would,
        but stepping the 64-bit state directly instead of making a generator per draw."""
        out, state = shuffled(self.state, items)
        return out, _at(state)

    def choice(self, items: Sequence[T]) -> tuple[T, Rng]:
        """A uniformly random item of ``items`` and the advanced generator; the same state always
        picks the same item."""
        n = len(items)
        if not 0 < n < _SMALL:
            index, rng = self.below(n)
            return items[index], rng
        index, state = draw(self.state, n, _LIMITS[n])  # below() inlined (a random player's
        rng = _new(Rng)  # every move is a choice)
        _set_state(rng, state)
        return items[index], rng

    def sample(self, items: Sequence[T], k: int) -> tuple[tuple[T, ...], Rng]:
        """``k`` distinct positions of ``items``, in random order."""
        shuffled, rng = self.shuffle(items)
        return shuffled[:k], rng

    def split(self) -> tuple[Rng, Rng]:
        """Two independent generators: one to keep, one to hand to a sub-process."""
        value, rng = self.next64()
        return rng, Rng(_mix(value))


_new = object.__new__
_set_state = Rng.__dict__["state"].__set__  # the slot's setter: a generator without __init__


def _at(state: int) -> Rng:
    """The generator whose state is ``state`` modulo 2**64 (made without ``__init__``: the
    field is a plain integer; speed only)."""
    rng: Rng = _new(Rng)
    _set_state(rng, state & _MASK)
    return rng
