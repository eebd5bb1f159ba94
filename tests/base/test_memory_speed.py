"""The memory check's quick pass (C passes over all the trails at once) says "no problem" only
where the seat-by-seat check finds none, says it on every real state, and the check refuses the
same states with the same field and message with or without it: on real states of both
editions and Edifice and on one-change edits of them (a remembered card dropped, duplicated or
replaced, a card built from a hand, a hand's card changed, a trail's holder moved, a discard
pile card remembered or forgotten)."""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest

from sevenwonders.base import memory_check
from sevenwonders.base.recall import Recall
from sevenwonders.base.state import BaseState
from sevenwonders.errors import InvalidStateError
from tests.base.test_conservation_speed import KINDS
from tests.boundary.mutation import real_states

Outcome = tuple[str, str] | None
"""What the memory check says: ``None`` (no problem) or the refusal's field and message."""


def outcome(state: BaseState, quick: bool = True) -> Outcome:
    """The memory check's verdict on ``state``, with its quick pass or with it out of the way."""
    try:
        memory_check.check_memory(state, quick)
    except InvalidStateError as error:
        return str(error.field), str(error)
    return None


def quick_says_fit(state: BaseState) -> bool:
    """The quick pass's own answer on ``state`` (whose memory is of its seats)."""
    hands, discard = state.hands, state.discard
    dealt = [*discard, *(card for hand in hands for card in hand)]
    for city in state.cities:
        dealt += city.cards
        dealt += city.tucked
    recall = state.memory
    assert recall is not None
    entries = [entry for trail in recall.trails for entry in trail]
    return memory_check._remembered_fit(hands, discard, dealt, recall.trails, recall.discards,
                                        entries)


def _cards(state: BaseState) -> list[str]:
    """Cards to plant: those of the table, and one no table has."""
    table = {card for city in state.cities for card in (*city.cards, *city.tucked)}
    table.update(state.discard)
    for hand in state.hands:
        table.update(hand)
    return [*sorted(table), "Nonsense"]


def _edit_cards(cards: tuple[str, ...], rng: random.Random, pool: list[str]
                ) -> tuple[str, ...]:
    """``cards`` with one card dropped, duplicated or replaced, or one card added."""
    kind = rng.choice(["drop", "duplicate", "replace", "add"]) if cards else "add"
    if kind == "add":
        return (*cards, rng.choice(pool))
    i = rng.randrange(len(cards))
    if kind == "drop":
        return cards[:i] + cards[i + 1:]
    if kind == "duplicate":
        return (*cards, cards[i])
    return (*cards[:i], rng.choice(pool), *cards[i + 1:])


def edited(state: BaseState, rng: random.Random) -> BaseState:
    """``state`` with one change to its memory or to a hand the memory must hold."""
    recall = state.memory
    assert recall is not None
    pool = _cards(state)
    trails = [list(trail) for trail in recall.trails]
    discards = list(recall.discards)
    hands = list(state.hands)
    where = rng.choice(["trail", "trail", "built", "holder", "discard", "hand"])
    filled = [h for h, trail in enumerate(trails) if trail]
    if where in ("trail", "built", "holder") and filled:
        h = rng.choice(filled)
        j = rng.randrange(len(trails[h]))
        holder, held, built = trails[h][j]
        if where == "holder":
            holder = rng.choice([-1, state.players, (holder + 1) % state.players])
        elif where == "built":  # (a card of the hand now, or any, built from it)
            built = _edit_cards(built, rng, list(hands[h]) or pool)
        else:
            held = _edit_cards(held, rng, pool)
        trails[h][j] = (holder, held, built)
    elif where == "hand":
        h = rng.randrange(len(hands))
        hands[h] = _edit_cards(hands[h], rng, pool)
    else:
        seat = rng.randrange(len(discards))
        discards[seat] = tuple(sorted(_edit_cards(discards[seat], rng, pool)))
    changed = Recall(trails=tuple(map(tuple, trails)), discards=tuple(discards))
    return attrs.evolve(state, memory=changed, hands=tuple(hands))


@pytest.mark.parametrize("kind", KINDS)
def test_the_quick_pass_agrees_with_the_full_check(kind: str) -> None:
    rng = random.Random(kind)
    agreed: dict[bool, int] = {True: 0, False: 0}
    for state in real_states(kind, seed=7)[::2]:
        if state.memory is None:
            continue
        assert quick_says_fit(state), (kind, state)  # (real play: the quick pass is enough)
        candidates: list[Any] = [state] + [edited(state, rng) for _ in range(8)]
        for candidate in candidates:
            full = outcome(candidate, quick=False)
            assert outcome(candidate) == full, (kind, candidate)
            if full is not None and full[0] == "memory":
                continue  # (a memory not of the table's seats: refused before the quick pass)
            quick = quick_says_fit(candidate)
            assert full is None or not quick, (kind, candidate)  # (never a fault let through)
            agreed[quick] += 1
    assert agreed[True] and agreed[False] > 20  # (both answers met)


def _copies_planted(state: BaseState, rng: random.Random) -> list[BaseState]:
    """Copies of ``state`` whose memory holds one card more often than before: a seat's memory
    of another's hand (through the entry of the trail it last held) and a seat's remembered
    discard pile, each with a card repeated as often as the table or the pile holds it, and
    once more."""
    recall = state.memory
    assert recall is not None
    dealt = [*state.discard, *(card for hand in state.hands for card in hand)]
    for city in state.cities:
        dealt += city.cards
        dealt += city.tucked
    out = []
    trails = [list(trail) for trail in recall.trails]
    held = [(h, j) for h, trail in enumerate(trails) for j, entry in enumerate(trail)
            if entry[1] and entry[0] != h]
    if held:
        h, j = rng.choice(held)
        holder, cards, built = trails[h][j]
        card = rng.choice(cards)
        lying = dealt.count(card) - cards.count(card)  # (copies to add: as many as lie)
        for extra in (lying, lying + 1):
            changed = [list(trail) for trail in trails]
            changed[h][j] = (holder, (*cards, *[card] * extra), built)
            out.append(attrs.evolve(state, memory=Recall(
                trails=tuple(map(tuple, changed)), discards=recall.discards)))
    if state.discard:
        card = rng.choice(state.discard)
        seat = rng.randrange(state.players)
        known = recall.discards[seat]
        for times in (state.discard.count(card), state.discard.count(card) + 1):
            discards = list(recall.discards)
            discards[seat] = tuple(sorted((*[c for c in known if c != card], *[card] * times)))
            out.append(attrs.evolve(state, memory=Recall(trails=recall.trails,
                                                         discards=tuple(discards))))
    return out


@pytest.mark.parametrize("kind", KINDS)
def test_cards_remembered_as_often_as_they_lie_pass_and_once_more_do_not(kind: str) -> None:
    """A memory holding a card as often as the discard pile or the table holds it passes the
    quick pass and the seat-by-seat check; once more, both refuse it (the quick pass leaves it
    to the check, which names the same field with the same message)."""
    rng = random.Random(kind + "copies")
    met = {"pass": 0, "refused": 0}
    for state in real_states(kind, seed=11)[::2]:
        if state.memory is None:
            continue
        for candidate in _copies_planted(state, rng):
            full = outcome(candidate, quick=False)
            assert outcome(candidate) == full, (kind, candidate)
            assert quick_says_fit(candidate) == (full is None), (kind, candidate)
            met["pass" if full is None else "refused"] += 1
    assert met["pass"] > 5 and met["refused"] > 5
