"""Seeded randomness that lives inside immutable game states.

The generator is SplitMix64: tiny, fast in pure Python, and fully specified here, so the same seed
gives the same game on every Python version and platform (``random.Random`` promises no such thing
for ``shuffle``). Every draw returns the value together with the next generator.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import TypeVar

import attrs

from sevenwonders.core import rng_native

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


# Many outputs at once (speed only; the values are exactly those of successive draws). The
# outputs after ``state`` are ``_mix(state + k * _GAMMA)`` for k = 1, 2, ...: independent of
# each other, so ``_outputs`` computes a block of them with a handful of operations on one big
# integer holding each step's 64-bit state in its own 128-bit lane (room for the products of
# the mixing; the masks clear what the shifts and products leave above each lane's 64 bits),
# instead of a dozen operations on small integers per output. Every draw of a small bound
# accepts an output below ``_SAFE`` (the rejection limit of a bound n is 2**64 - 2**64 % n, above
# 2**64 - n), so a block without a larger output is used as it is; a block with one (odds about
# 2**-54 per output) is left to the one-draw-at-a-time loops, which reject exactly as ``below``.
_SAFE = _SPAN - _SMALL
_BLOCKS = sys.byteorder == "little"
"""The lanes are read back as native 64-bit words, laid out here for a little-endian machine
(elsewhere every draw goes one at a time)."""
_STEPS: dict[int, tuple[int, int, int, int, int]] = {}
"""Per block size, each a value repeated in every lane: the mask keeping each lane's low 64
bits, the lanes' offsets k * _GAMMA, a 1 (to copy the state into every lane by one product),
the distance from _SAFE to 2**64 and the bit above each lane's 64 (bounded: cleared at
_STEP_SIZES sizes)."""
_STEP_SIZES = 32
_BLOCK_FROM = 6
"""The fewest draws worth a block (below that, the fixed cost of a block is larger)."""
_NATIVE = rng_native.WRAPS
"""Whether the draws run on machine words (the compiled build: :mod:`~.rng_native`, tested
equal to the arithmetic here, which the pure package runs)."""
_NATIVE_LARGEST = rng_native.LARGEST


def _lanes(count: int, value: int) -> int:
    """``value`` (below 2**128) in each of ``count`` 128-bit lanes."""
    return int.from_bytes(value.to_bytes(16, "little") * count, "little")


def _steps(count: int) -> tuple[int, int, int, int, int]:
    found = _STEPS.get(count)
    if found is None:
        offsets = 0
        for k in range(count, 0, -1):
            offsets = offsets << 128 | (k * _GAMMA) & _MASK
        if len(_STEPS) >= _STEP_SIZES:
            _STEPS.clear()
        found = _STEPS[count] = (_lanes(count, _MASK), offsets, _lanes(count, 1),
                                 _lanes(count, _SPAN - _SAFE), _lanes(count, _SPAN))
    return found


def _outputs(state: int, count: int) -> list[int] | None:
    """The next ``count`` outputs after ``state`` (``count`` >= 1), or ``None`` if one of them is
    not below ``_SAFE`` (then the caller draws one at a time)."""
    mask, offsets, ones, distance, above = _steps(count)
    z = (state * ones + offsets) & mask  # state + k * _GAMMA in lane k - 1
    z = (((z ^ (z >> 30)) & mask) * _MIX1) & mask
    z = (((z ^ (z >> 27)) & mask) * _MIX2) & mask
    z = (z ^ (z >> 31)) & mask
    if (z + distance) & above:  # an output at or above _SAFE carries into its lane's bit 64
        return None
    values: list[int] = memoryview(z.to_bytes(16 * count, "little")).cast("Q")[::2].tolist()
    return values


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
        if _NATIVE and 0 < n <= _NATIVE_LARGEST:
            value, state = rng_native.below(self.state, n)
            return value, _at(state)
        if 0 < n < _SMALL:
            limit = _LIMITS[n]
        elif 0 < n <= _SPAN:
            limit = _SPAN - _SPAN % n
        else:
            raise ValueError("below() needs a bound from 1 to 2**64")
        state = self.state
        while True:  # next64() inlined: the state is stepped, one generator made at the end
            state = (state + _GAMMA) & _MASK
            z = ((state ^ (state >> 30)) * _MIX1) & _MASK
            z = ((z ^ (z >> 27)) * _MIX2) & _MASK
            value = z ^ (z >> 31)
            if value < limit:
                rng: Rng = _new(Rng)
                _set_state(rng, state)
                return value % n, rng

    def draws(self, bounds: Sequence[int]) -> tuple[tuple[int, ...], Rng]:
        """One :meth:`below` draw per bound, in order, exactly as a chain of ``below`` calls
        would give them, stepping the state directly (one generator made at the end)."""
        if _NATIVE and bounds and min(bounds) > 0 and max(bounds) <= _NATIVE_LARGEST:
            values, state = rng_native.draws(self.state, bounds)
            return values, _at(state)
        state = self.state
        out = []
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
        return tuple(out), _at(state)

    def shuffle(self, items: Sequence[T]) -> tuple[tuple[T, ...], Rng]:
        """A shuffled copy of ``items`` (Fisher-Yates), drawing exactly as :meth:`below` would,
        but stepping the 64-bit state directly instead of making a generator per draw."""
        out = list(items)
        if _NATIVE:  # (shuffled in place first, then copied)
            state = rng_native.shuffle(self.state, out)
            return tuple(out), _at(state)
        state = self.state
        last = len(out) - 1
        if _BLOCKS and _BLOCK_FROM <= last < _SMALL:
            values = _outputs(state, last)
            if values is not None:  # the usual case: the whole block's draws at once
                i = last
                for value in values:
                    j = value % (i + 1)
                    out[i], out[j] = out[j], out[i]
                    i -= 1
                return tuple(out), _at(state + last * _GAMMA)
        limits = _LIMITS
        for i in range(last, 0, -1):
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
        return tuple(out), _at(state)

    def choice(self, items: Sequence[T]) -> tuple[T, Rng]:
        """A uniformly random item of ``items`` and the advanced generator; the same state always
        picks the same item."""
        n = len(items)
        if _NATIVE or not 0 < n < _SMALL:  # (the compiled build's below draws on machine words)
            index, rng = self.below(n)
            return items[index], rng
        limit = _LIMITS[n]
        state = self.state
        while True:  # below() inlined (a random player's every move is a choice)
            state = (state + _GAMMA) & _MASK
            z = ((state ^ (state >> 30)) * _MIX1) & _MASK
            z = ((z ^ (z >> 27)) * _MIX2) & _MASK
            value = z ^ (z >> 31)
            if value < limit:
                rng = _new(Rng)
                _set_state(rng, state)
                return items[value % n], rng

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
