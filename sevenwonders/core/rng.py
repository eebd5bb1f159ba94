"""Seeded randomness that lives inside immutable game states.

The generator is SplitMix64: tiny, fast in pure Python, and fully specified here, so the same seed
gives the same game on every Python version and platform (``random.Random`` promises no such thing
for ``shuffle``). Every draw returns the value together with the next generator.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

import attrs

from sevenwonders.core.memo import builder

T = TypeVar("T")

_MASK = (1 << 64) - 1
_SPAN = 1 << 64
_GAMMA = 0x9E3779B97F4A7C15
_MIX1 = 0xBF58476D1CE4E5B9
_MIX2 = 0x94D049BB133111EB
# The rejection limit of every small bound (the largest multiple of the bound within 2**64),
# worked out once: decks, hands and dice draw only small bounds.
_SMALL = 1024
_LIMITS = tuple(_SPAN - _SPAN % n if n else 0 for n in range(_SMALL))


def _mix(z: int) -> int:
    z = ((z ^ (z >> 30)) * _MIX1) & _MASK
    z = ((z ^ (z >> 27)) * _MIX2) & _MASK
    return z ^ (z >> 31)


@attrs.frozen(slots=True)
class Rng:
    """An immutable random generator; ``state`` is a 64-bit integer."""

    state: int

    @classmethod
    def from_seed(cls, seed: int) -> Rng:
        """A generator for any integer seed (negative and huge seeds are folded to 64 bits)."""
        return cls(_mix((seed * _GAMMA) & _MASK))

    def next64(self) -> tuple[int, Rng]:
        state = (self.state + _GAMMA) & _MASK
        return _mix(state), _rng(state=state)

    def below(self, n: int) -> tuple[int, Rng]:
        """A uniform integer in ``range(n)`` (rejection sampling, no modulo bias)."""
        if not 0 < n <= _SPAN:
            raise ValueError("below() needs a bound from 1 to 2**64")
        limit = _LIMITS[n] if n < _SMALL else _SPAN - _SPAN % n
        state = self.state
        while True:  # next64() inlined: the state is stepped, one generator made at the end
            state = (state + _GAMMA) & _MASK
            z = ((state ^ (state >> 30)) * _MIX1) & _MASK
            z = ((z ^ (z >> 27)) * _MIX2) & _MASK
            value = z ^ (z >> 31)
            if value < limit:
                return value % n, _rng(state=state)

    def draws(self, bounds: Sequence[int]) -> tuple[tuple[int, ...], Rng]:
        """One :meth:`below` draw per bound, in order, exactly as a chain of ``below`` calls
        would give them, stepping the state directly (one generator made at the end)."""
        out = []
        state = self.state
        limits = _LIMITS
        for n in bounds:
            if not 0 < n <= _SPAN:
                raise ValueError("below() needs a bound from 1 to 2**64")
            limit = limits[n] if n < _SMALL else _SPAN - _SPAN % n
            while True:  # _mix inlined (a call per draw is a large share of a draw)
                state = (state + _GAMMA) & _MASK
                z = ((state ^ (state >> 30)) * _MIX1) & _MASK
                z = ((z ^ (z >> 27)) * _MIX2) & _MASK
                value = z ^ (z >> 31)
                if value < limit:
                    break
            out.append(value % n)
        return tuple(out), _rng(state=state)

    def shuffle(self, items: Sequence[T]) -> tuple[tuple[T, ...], Rng]:
        """A shuffled copy of ``items`` (Fisher-Yates), drawing exactly as :meth:`below` would,
        but stepping the 64-bit state directly instead of making a generator per draw."""
        out = list(items)
        state = self.state
        limits = _LIMITS
        for i in range(len(out) - 1, 0, -1):
            bound = i + 1
            limit = limits[bound] if bound < _SMALL else _SPAN - _SPAN % bound
            while True:  # rejection sampling as in below(), _mix inlined
                state = (state + _GAMMA) & _MASK
                z = ((state ^ (state >> 30)) * _MIX1) & _MASK
                z = ((z ^ (z >> 27)) * _MIX2) & _MASK
                value = z ^ (z >> 31)
                if value < limit:
                    break
            j = value % bound
            out[i], out[j] = out[j], out[i]
        return tuple(out), _rng(state=state)

    def choice(self, items: Sequence[T]) -> tuple[T, Rng]:
        index, rng = self.below(len(items))
        return items[index], rng

    def sample(self, items: Sequence[T], k: int) -> tuple[tuple[T, ...], Rng]:
        """``k`` distinct positions of ``items``, in random order."""
        shuffled, rng = self.shuffle(items)
        return shuffled[:k], rng

    def split(self) -> tuple[Rng, Rng]:
        """Two independent generators: one to keep, one to hand to a sub-process."""
        value, rng = self.next64()
        return rng, Rng(_mix(value))


# The next generator of a draw, made without ``__init__`` (``core.memo.builder``: a slot set
# directly; the state is the 64-bit integer just computed). A draw's share of a random playout
# is large enough for the class call to show.
_rng = builder(Rng)
