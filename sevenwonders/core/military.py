"""Comparing military strength with neighbours.

The games differ in what a win is worth and in who fights whom; the comparison itself is shared.
"""

from __future__ import annotations

from collections.abc import Sequence

from sevenwonders.core.seats import Ring

WIN = 1
TIE = 0
LOSS = -1


def compare(own: int, other: int) -> int:
    """``WIN``, ``TIE`` or ``LOSS`` for a strength ``own`` against ``other``."""
    return WIN if own > other else LOSS if own < other else TIE


def neighbour_conflicts(strengths: Sequence[int], ring: Ring) -> tuple[tuple[int, int], ...]:
    """For every seat, the outcome against its left and its right neighbour.

    With two players both entries are the one conflict against the other seat; a game that
    fights only once in that case takes the first entry.
    """
    out = []
    for seat in ring.seats:
        left, right = ring.sides(seat)
        out.append((compare(strengths[seat], strengths[left]),
                    compare(strengths[seat], strengths[right])))
    return tuple(out)
