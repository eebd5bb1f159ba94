"""The load check reads every table of distinct known wonders with one game of its size and
Babylon deck (the rules do not depend on which seat drew which wonder) and remembers the stage
orders it found allowed: it finds exactly what the game the wonders name finds with nothing
remembered, on real states of 2, 4 and 7 players, states with a wonder twice, an unknown one,
two seats' wonders swapped or a city's stages reordered or cut, and one-change edits of their
documents."""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest

from sevenwonders.architects import accounting, validation
from sevenwonders.architects.state import ArchitectsState
from tests.boundary.mutation import edited_values, real_states


def named_game_problems(state: ArchitectsState, monkeypatch: pytest.MonkeyPatch
                        ) -> tuple[object, ...]:
    """The problems of ``state`` checked with the game its wonders name."""
    def named(wonders: tuple[str, ...], babylon: str) -> Any:
        return validation._game(len(wonders), wonders, babylon)

    with monkeypatch.context() as patched:
        patched.setattr(validation, "_game_of", named)
        return validation.problems(state)


def forgetful(state: ArchitectsState) -> tuple[object, ...]:
    """The problems of ``state`` with no stage order remembered before or kept after."""
    kept = dict(accounting.BUILT_IN_ORDER)
    accounting.BUILT_IN_ORDER.clear()
    try:
        return validation.problems(state)
    finally:
        accounting.BUILT_IN_ORDER.update(kept)


def _built(state: ArchitectsState, seat: int, built: tuple[str, ...]) -> ArchitectsState:
    cities = list(state.cities)
    cities[seat] = attrs.evolve(cities[seat], built=built)
    return attrs.evolve(state, cities=tuple(cities))


def _wonder(state: ArchitectsState, seat: int, wonder: str) -> ArchitectsState:
    cities = list(state.cities)
    cities[seat] = attrs.evolve(cities[seat], wonder=wonder)
    return attrs.evolve(state, cities=tuple(cities))


def variants(state: ArchitectsState, rng: random.Random) -> list[ArchitectsState]:
    """A city's stages reordered or cut, other wonders at a seat (one already seated, an unknown
    one, another's), and one-change edits of the document."""
    n = len(state.cities)
    built = max(range(n), key=lambda seat: len(state.cities[seat].built))
    out = [_built(state, built, state.cities[built].built[::-1]),  # (out of order, mostly)
           _built(state, built, state.cities[built].built[1:]),
           _wonder(state, n - 1, state.cities[0].wonder), _wonder(state, 0, "nowhere"),
           _wonder(_wonder(state, 0, state.cities[1].wonder), 1, state.cities[0].wonder)]
    return out + edited_values(state, rng, 5)


@pytest.mark.parametrize("kind", ["architects-2", "architects-4", "architects-7"])
def test_the_shared_game_judges_as_the_game_the_wonders_name(
        kind: str, monkeypatch: pytest.MonkeyPatch) -> None:
    rng = random.Random(kind)
    found = {True: 0, False: 0}
    for state in real_states(kind, seed=3)[::9]:
        for candidate in [state, *variants(state, rng)]:
            said = validation.problems(candidate)
            assert said == named_game_problems(candidate, monkeypatch), (kind, candidate)
            assert said == forgetful(candidate), (kind, candidate)
            found[not said] += 1
    assert found[True] and found[False] > 10  # (both verdicts met)
