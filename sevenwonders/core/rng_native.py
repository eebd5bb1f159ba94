"""SplitMix64's draws on machine words: the compiled build's speed for :mod:`~.rng`.

The generator's arithmetic is modulo 2**64. Compiled with mypyc, an ``i64`` is a machine word
whose sums and products wrap around modulo 2**64 (the C code is built with ``-fwrapv``), so
the whole draw runs as a handful of machine instructions instead of a dozen operations on
Python's boxed integers. In the pure package ``i64`` is a plain ``int`` that never wraps:
there :data:`WRAPS` is false and :mod:`~.rng` draws with its own arithmetic, the reference.
A 64-bit state ``u`` is held as the signed word ``u - 2**64`` from ``2**63`` up; shifts are
masked to act as unsigned shifts. The draws are exactly :meth:`Rng.below <.rng.Rng.below>`'s
(same outputs, same rejections): ``tests/core/test_rng.py`` compares them, with outputs made
to be rejected.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from mypy_extensions import i64

_SPAN: Final = 1 << 64
_HALF: Final = 1 << 63
_GAMMA: Final[i64] = 0x9E3779B97F4A7C15 - (1 << 64)
_MIX1: Final[i64] = 0xBF58476D1CE4E5B9 - (1 << 64)
_MIX2: Final[i64] = 0x94D049BB133111EB - (1 << 64)
_LOW34: Final[i64] = (1 << 34) - 1
_LOW37: Final[i64] = (1 << 37) - 1
_LOW33: Final[i64] = (1 << 33) - 1
_QUARTER: Final[i64] = 4611686018427387904  # 2**62 (a literal: C folds no shift of an int)
LARGEST: Final = 1 << 62
"""The largest bound drawn here (larger ones: :mod:`~.rng`'s own arithmetic)."""


def _wraps(word: i64) -> bool:
    """Whether ``word * 4`` wraps around (``word`` = 2**62): true only for a machine word."""
    try:
        return word * 4 == 0
    except OverflowError:  # (a build that checks its words instead of wrapping)
        return False


WRAPS: Final = _wraps(1 << 62)
"""Whether this module runs compiled, on wrapping machine words (else it must not be used)."""


def _word(state: int) -> i64:
    """The state as a signed word (any integer is taken modulo 2**64, as :mod:`~.rng` does)."""
    if 0 <= state < _HALF:
        return i64(state)
    state &= _SPAN - 1
    return i64(state - _SPAN) if state >= _HALF else i64(state)


def _unsigned(word: i64) -> int:
    """The signed ``word`` as the 64-bit state (0 to 2**64 - 1)."""
    return int(word) + _SPAN if word < 0 else int(word)


def _mix(z: i64) -> i64:
    """SplitMix64's output function (:func:`~.rng._mix`) on a word."""
    z = (z ^ ((z >> 30) & _LOW34)) * _MIX1
    z = (z ^ ((z >> 27) & _LOW37)) * _MIX2
    return z ^ ((z >> 31) & _LOW33)


def _below(word: i64, bound: i64) -> tuple[i64, i64]:
    """One draw in ``range(bound)`` after the state ``word``, rejecting the outputs at or
    above the largest multiple of ``bound`` within 2**64; the value and the state after."""
    rest = ((_QUARTER % bound) * 4) % bound  # 2**64 % bound
    while True:
        word += _GAMMA
        value = _mix(word)
        # unsigned, the output is below 2**64 - rest: any non-negative word, or below -rest
        if value >= 0:
            return value % bound, word
        if value < -rest:
            return (value % bound + rest) % bound, word


def below(state: int, bound: int) -> tuple[int, int]:
    """:meth:`Rng.below <.rng.Rng.below>` after ``state`` (``0 < bound <= 2**62``): the
    value and the state after."""
    value, word = _below(_word(state), bound)
    return int(value), _unsigned(word)


def shuffle(state: int, items: list[Any]) -> int:
    """:meth:`Rng.shuffle <.rng.Rng.shuffle>` after ``state``, in place on ``items`` (fewer
    than 2**62); the state after."""
    word = _word(state)
    i: i64 = len(items) - 1
    while i > 0:
        j, word = _below(word, i + 1)
        items[i], items[j] = items[j], items[i]
        i -= 1
    return _unsigned(word)


def draws(state: int, bounds: Sequence[int]) -> tuple[tuple[int, ...], int]:
    """:meth:`Rng.draws <.rng.Rng.draws>` after ``state`` (every bound from 1 to 2**62):
    the values and the state after."""
    word = _word(state)
    out: list[int] = []
    for bound in bounds:
        value, word = _below(word, bound)
        out.append(int(value))
    return tuple(out), _unsigned(word)
