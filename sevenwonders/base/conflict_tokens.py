"""Which conflict tokens conflicts between neighbours can hand out (the load check's
``military_tokens`` invariant)."""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache
from typing import Any

from sevenwonders.base.state import BaseState
from sevenwonders.core.problems import Problem, Verdicts, problem

TOKEN_VALUES = frozenset({-1, 1, 3, 5})
"""The values of conflict tokens: a victory of Age I, II or III, or a defeat."""


def token_problems(state: BaseState, sides: tuple[tuple[int, int], ...],
                   counted_elsewhere: bool) -> Iterator[Problem]:
    """The problems of the ``military_tokens`` invariant (the statement: the load check's
    list) of ``state`` at a table whose seats have neighbours ``sides``; ``counted_elsewhere``:
    an expansion hands out or takes tokens besides the conflicts. What it finds depends on the
    cities' tokens, the conflicts fought and these two, no more, so it is remembered by them
    (the states of one game share their tokens from one conflict to the next)."""
    conflicts = 3 if state.over else state.age - 1
    key = (tuple([city.tokens for city in state.cities]), conflicts, sides, counted_elsewhere)
    found = _TOKEN_PROBLEMS.get(key)
    if found is None:
        try:
            found = tuple(_token_problems(state, sides, conflicts, counted_elsewhere))
        except Exception:  # (a rule tripping: reported as before, nothing remembered)
            return _token_problems(state, sides, conflicts, counted_elsewhere)
        _TOKEN_PROBLEMS.remember(key, found)
    return iter(found)


_TOKEN_PROBLEMS: Verdicts[Any, tuple[Problem, ...]] = Verdicts(1024)


def _token_problems(state: BaseState, sides: tuple[tuple[int, int], ...], conflicts: int,
                    counted_elsewhere: bool) -> Iterator[Problem]:
    """What :func:`token_problems` finds, worked out."""
    odd = False
    for s, city in enumerate(state.cities):
        tokens = city.tokens
        if tokens and (not TOKEN_VALUES.issuperset(tokens) or (not counted_elsewhere and (
                len(tokens) > 2 * conflicts
                or tokens.count(1) > 2 or tokens.count(3) > 2 or tokens.count(5) > 2
                or any(2 * k - 1 in tokens for k in range(conflicts + 1, 4))))):
            odd = True
            yield from problem("military_tokens", f"cities[{s}].tokens",
                               f"conflict tokens {city.tokens[:8]} after {conflicts} conflicts")
    if counted_elsewhere:
        return
    all_tokens = [t for city in state.cities for t in city.tokens]
    if not all_tokens:
        return
    victories, defeats = sum(1 for t in all_tokens if t > 0), all_tokens.count(-1)
    if victories != defeats:
        odd = True
        yield from problem("military_tokens", "cities",
                           f"{victories} victory tokens but {defeats} defeat tokens")
    # per city, the Ages in which it beat both neighbours (two victory tokens of the Age)
    doubles = [int(t.count(1) == 2) + (t.count(3) == 2) + (t.count(5) == 2)
               for t in (city.tokens for city in state.cities)]
    for s, city in enumerate(state.cities):
        owed = sum(doubles[neighbour] for neighbour in set(sides[s]))
        if city.tokens.count(-1) < owed:
            yield from problem("military_tokens", f"cities[{s}].tokens",
                               f"a neighbour beat both its neighbours, but {s} has "
                               f"{city.tokens.count(-1)} defeats")
            return
    if victories and not odd and not fought_out(tuple(city.tokens for city in state.cities)):
        yield from problem("military_tokens", "cities",
                           "no conflicts between neighbours hand out these tokens")


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
        age_losses = _age_losses(tuple(wins))
        losses = {tuple(a + b for a, b in zip(done, more, strict=True))
                  for done in losses for more in age_losses}
    return tuple(t.count(-1) for t in tokens) in losses


@lru_cache(maxsize=4096)
def _age_losses(wins: tuple[int, ...]) -> frozenset[tuple[int, ...]]:
    """The defeats each seat may have taken in one Age's conflicts where seat ``s`` won
    ``wins[s]`` of its two (the pairs of neighbours ``(s, s + 1)`` round the ring). (Cached:
    the wins of an Age are a few thousand patterns at most, met by game after game.)"""
    n = len(wins)
    found: set[tuple[int, ...]] = set()
    won = [0] * n
    lost = [0] * n

    def pair(s: int) -> None:
        if s == n:
            if tuple(won) == wins:
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
    return frozenset(found)
