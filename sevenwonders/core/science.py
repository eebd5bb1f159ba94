"""Science scoring shared by the base game and its expansions.

Each symbol kind scores its count squared; each complete set of the three kinds scores 7 more.
Wildcard symbols (Babylon, the Scientists Guild...) are placed where they score most.
"""

from __future__ import annotations

from functools import lru_cache

SET_BONUS = 7


def _plain(compass: int, gear: int, tablet: int) -> int:
    squares = compass * compass + gear * gear + tablet * tablet
    return squares + SET_BONUS * min(compass, gear, tablet)


@lru_cache(maxsize=4096)
def science_points(compass: int, gear: int, tablet: int, wildcards: int = 0) -> int:
    """Points for the given symbols, with every wildcard placed to maximise the total."""
    if min(compass, gear, tablet, wildcards) < 0:
        raise ValueError("symbol counts cannot be negative")
    best = 0
    for c in range(wildcards + 1):
        for g in range(wildcards - c + 1):
            t = wildcards - c - g
            best = max(best, _plain(compass + c, gear + g, tablet + t))
    return best


def best_wildcard_placement(
    compass: int, gear: int, tablet: int, wildcards: int
) -> tuple[int, int, int]:
    """How many wildcards become compasses, gears and tablets in a best placement."""
    best: tuple[int, tuple[int, int, int]] = (-1, (0, 0, 0))
    for c in range(wildcards + 1):
        for g in range(wildcards - c + 1):
            t = wildcards - c - g
            points = _plain(compass + c, gear + g, tablet + t)
            if points > best[0]:
                best = (points, (c, g, t))
    return best[1]
