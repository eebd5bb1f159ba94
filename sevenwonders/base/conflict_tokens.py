"""Which conflict tokens conflicts between neighbours can hand out (the load check's
``military_tokens`` invariant)."""

from __future__ import annotations

from functools import lru_cache


@lru_cache(maxsize=256)
def fought_out(tokens: tuple[tuple[int, ...], ...]) -> bool:
    """Whether conflicts between neighbours give exactly these tokens: in each Age's conflict
    every pair of neighbours on the ring either ties or its stronger seat takes a victory token
    of the Age and the other a defeat token (rulebook "Abhandeln der Militärkonflikte");
    defeats carry no Age, so the defeats of all Ages together must be each seat's. (Cached:
    many states share tokens.)"""
    n = len(tokens)
    losses: set[tuple[int, ...]] = {(0,) * n}
    for value in (1, 3, 5):
        wins = [t.count(value) for t in tokens]
        if not any(wins):
            continue
        age_losses = _age_losses(wins)
        losses = {tuple(a + b for a, b in zip(done, more, strict=True))
                  for done in losses for more in age_losses}
    return tuple(t.count(-1) for t in tokens) in losses


def _age_losses(wins: list[int]) -> set[tuple[int, ...]]:
    """The defeats each seat may have taken in one Age's conflicts where seat ``s`` won
    ``wins[s]`` of its two (the pairs of neighbours ``(s, s + 1)`` round the ring)."""
    n = len(wins)
    found: set[tuple[int, ...]] = set()
    won = [0] * n
    lost = [0] * n

    def pair(s: int) -> None:
        if s == n:
            if won == wins:
                found.add(tuple(lost))
            return
        if s >= 2 and won[s - 1] != wins[s - 1]:  # seat s - 1's two conflicts are decided
            return
        t = (s + 1) % n
        for winner, loser in ((s, t), (t, s), (None, None)):
            if winner is None or loser is None:
                pair(s + 1)
                continue
            if won[winner] < wins[winner]:
                won[winner] += 1
                lost[loser] += 1
                pair(s + 1)
                won[winner] -= 1
                lost[loser] -= 1

    pair(0)
    return found
