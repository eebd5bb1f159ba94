"""The load check of the seats' memory reads each trail once: what it reads equals
:func:`memory_of` seat by seat, and its refusals are those of the reference check written with
``memory_of`` (over real games and edited memories)."""

import random
from collections import Counter
from typing import Any

import attrs
import pytest

from sevenwonders.base.memory import check_memory, memory_of
from sevenwonders.base.memory_check import known_by_seat
from sevenwonders.base.recall import Recall
from sevenwonders.errors import InvalidStateError
from tests.core.helpers import game_states


def reference_check(state: Any) -> str | None:
    """The check as first written, through ``memory_of``: the field at fault, or None."""
    n = state.players
    dealt = Counter(state.discard)
    for city in state.cities:
        dealt.update(city.cards)
        dealt.update(city.tucked)
    for hand in state.hands:
        dealt.update(hand)
    for seat in range(n):
        memory = memory_of(state, seat)
        for h, known in enumerate(memory.hands):
            if known is not None and (Counter(known) - dealt
                                      or Counter(state.hands[h]) - Counter(known)):
                return f"memory[{seat}].hands[{h}]"
        if Counter(memory.discard) - Counter(state.discard):
            return f"memory[{seat}].discard"
    return None


def fast_check(state: Any) -> str | None:
    try:
        check_memory(state)
    except InvalidStateError as error:
        return error.field
    return None


def edited(state: Any, rng: random.Random) -> Any:
    """``state`` with one card of its memory replaced or dropped."""
    cards = sorted({c for city in state.cities for c in city.cards} | {"Loom", "Nonsense"})
    trails = [list(trail) for trail in state.memory.trails]
    discards = list(state.memory.discards)
    if rng.random() < 0.3 or not any(trails):
        seat = rng.randrange(len(discards))
        discards[seat] = tuple(sorted((*discards[seat], rng.choice(cards))))
    else:
        h = rng.choice([i for i, t in enumerate(trails) if t])
        j = rng.randrange(len(trails[h]))
        holder, held, built = trails[h][j]
        held = held[1:] if held and rng.random() < 0.5 else (*held, rng.choice(cards))
        trails[h][j] = (holder, held, built)
    memory = Recall(trails=tuple(map(tuple, trails)), discards=tuple(discards))
    return attrs.evolve(state, memory=memory)


@pytest.mark.parametrize("players", [3, 5, 7])
def test_one_walk_reads_what_memory_of_reads(players: int) -> None:
    for state in game_states("base", players):
        if state.memory is None:
            continue
        for seat in range(players):
            memory = memory_of(state, seat)
            for h, trail in enumerate(state.memory.trails):
                if h != seat and state.hands[h]:
                    assert known_by_seat(trail).get(seat) == memory.hands[h]


@pytest.mark.parametrize("players", [3, 4, 7])
def test_refusals_are_the_reference_checks(players: int) -> None:
    rng = random.Random(players)
    refused = 0
    for state in game_states("base", players):
        if state.memory is None:
            continue
        assert fast_check(state) is None
        for _ in range(3):
            bad = edited(state, rng)
            assert fast_check(bad) == reference_check(bad)
            refused += fast_check(bad) is not None
    assert refused > 10
