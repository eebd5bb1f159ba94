"""Seeds from callers: integers only, and unpredictable when none is given.

A seed fixes every hand, deck and roll of a game. A server that numbers its games 1, 2, 3...
lets a seat recover the seed from what it sees (one seat found seed 73,421 from its first view
by brute force in 4.8 s, and then knew every hand and deck). ``new_game()`` without a seed
therefore draws 64 bits from :mod:`secrets`; a caller that wants to record the game draws its
own with :func:`fresh_seed` and passes it.
"""

from __future__ import annotations

import secrets

from sevenwonders.core.limits import quote
from sevenwonders.errors import InvalidOptionError, Reason

SEED_BITS = 64
MAX_SEED = 2**SEED_BITS - 1
"""Seeds lie in ``-MAX_SEED..MAX_SEED`` (the generator folds them to 64 bits)."""


def fresh_seed() -> int:
    """An unpredictable 64-bit seed (what ``new_game()`` uses when given none)."""
    return secrets.randbits(SEED_BITS)


def checked_seed(seed: object) -> int:
    """``seed`` if it is a plain int within range, a fresh seed for ``None``; else
    :class:`InvalidOptionError` (``True``, ``1.5`` and ``"7"`` are not seeds)."""
    if seed is None:
        return fresh_seed()
    if type(seed) is not int:
        raise InvalidOptionError(f"a seed is an integer, not {type(seed).__name__} "
                                 f"{quote(seed)}", reason=Reason.WRONG_TYPE)
    if not -MAX_SEED <= seed <= MAX_SEED:
        raise InvalidOptionError(f"a seed lies within ±(2**64 - 1), not {quote(seed)}",
                                 reason=Reason.OUT_OF_RANGE)
    return seed
