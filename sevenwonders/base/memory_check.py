"""The load check of what the seats of a base game remember (see :mod:`.memory`).

:func:`check_memory` refuses a state whose memory no game could reach, as far as the state
shows. It reads values the converter has already built (a state's fields), so it compiles with
the engine; the memory itself and how it grows are in :mod:`.memory`.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import chain
from operator import itemgetter

from sevenwonders.base.recall import Discards, Entry, Trails
from sevenwonders.base.state import BaseState
from sevenwonders.errors import InvalidStateError


def minus(cards: tuple[str, ...], gone: tuple[str, ...]) -> tuple[str, ...]:
    """``cards`` without one copy of each of ``gone`` (those it holds)."""
    if not gone:
        return cards
    left = list(cards)
    for name in gone:
        if name in left:
            left.remove(name)
    return tuple(left)


def check_memory(state: BaseState, quick: bool = True) -> None:
    """Raise :class:`InvalidStateError` (naming the field) unless ``state.memory`` is one a
    game can reach as far as the state shows: none, or trails and discards for every seat, each
    seat's memory of a hand holding every card of that hand, of cards the Age dealt, and only
    cards of the discard pile as remembered there. (What
    :func:`~sevenwonders.base.memory.memory_of` gives each seat, read off each trail in one
    walk; a seat's memory of its own or an empty hand always fits.)
    ``quick=False``: the seat-by-seat check alone, without the quick pass that says "no
    problem" first where it can (its tests compare the two)."""
    recall = state.memory
    if recall is None:
        return
    n = state.players
    trails, discards = recall.trails, recall.discards
    seats = _SEATS[n] if n < len(_SEATS) else frozenset(range(n))
    entries = [*chain.from_iterable(trails)]
    shaped = _THREE.issuperset(map(len, entries)) and seats.issuperset(
        map(itemgetter(0), entries))  # (C passes; where they fail, the plain rule says)
    if len(trails) != n or len(discards) != n or not (
            shaped or all(0 <= holder < n for holder, _, _ in entries)):
        raise InvalidStateError(f"a memory that is not of {n} seats", field="memory")
    hands, discard = state.hands, state.discard
    dealt = [*discard, *chain.from_iterable(hands)]  # where the Age's cards are now
    for city in state.cities:
        dealt += city.cards
        dealt += city.tucked
    if quick and _remembered_fit(hands, discard, dealt, trails, discards, entries):
        return
    dealt_set, discard_set = set(dealt), set(discard)
    known = [known_by_seat(trail) if hands[h] else {} for h, trail in enumerate(trails)]
    for seat in range(n):  # (a problem: the first one, seat by seat)
        for h in range(n):
            cards = known[h].get(seat) if h != seat else None
            if cards is None:
                continue
            if not _fits(cards, dealt_set, dealt):
                raise InvalidStateError("a memory of cards the Age did not deal",
                                        field=f"memory[{seat}].hands[{h}]")
            if not _fits(hands[h], set(cards), cards):
                raise InvalidStateError("a hand holds cards its memory lacks",
                                        field=f"memory[{seat}].hands[{h}]")
        if not _fits(discards[seat], discard_set, discard):
            raise InvalidStateError("remembered cards that are not in the discard pile",
                                    field=f"memory[{seat}].discard")


def _remembered_fit(hands: tuple[tuple[str, ...], ...], discard: tuple[str, ...],
                    dealt: list[str], trails: Trails, discards: Discards,
                    entries: list[Entry]) -> bool:
    """The quick pass of :func:`check_memory`: ``True`` only when the seat-by-seat check finds
    no problem (``dealt``: the Age's cards where they are now; ``entries``: every trail's
    entries). Every remembered card is a dealt one, for all trails in one C pass: each seat's
    memory of a hand is part of an entry's cards, so only how often a card is held is left to
    count per seat."""
    dealt_set, discard_set = set(dealt), set(discard)
    return dealt_set.issuperset(chain.from_iterable(map(itemgetter(1), entries))) and all(
        _fits(cards, discard_set, discard) for cards in discards) and all(
        _hand_fits(hands[h], h, trail, dealt_set, dealt)
        for h, trail in enumerate(trails) if hands[h] and trail)


_SEATS = tuple(frozenset(range(n)) for n in range(8))
"""The seats of a table of n players, by n (at most 7)."""
_THREE = frozenset({3})


def _hand_fits(hand: tuple[str, ...], h: int, trail: tuple[Entry, ...], dealt_set: set[str],
               dealt: list[str]) -> bool:
    """Whether every other seat's memory of hand ``h`` (``hand`` now, ``trail`` its trail)
    holds only cards the Age dealt and every card of the hand, each as often (the caller has
    seen that every card of the trail is a dealt one: only repeated cards are counted here)."""
    held = set(hand)
    unique = len(held) == len(hand)  # (then "in" is enough)
    for seat, cards in known_by_seat(trail).items():
        if seat == h:
            continue
        remembered = set(cards)  # (made once: whether a card repeats, and the hand's test)
        if not ((len(remembered) == len(cards) or _fits(cards, dealt_set, dealt)) and (
                held <= remembered if unique else _within_hand(hand, cards))):
            return False
    return True


def known_by_seat(trail: tuple[Entry, ...]) -> dict[int, tuple[str, ...]]:
    """:func:`_known` of this trail for every seat that had the hand, in one walk back."""
    out: dict[int, tuple[str, ...]] = {}
    later: tuple[str, ...] = ()  # the cards built from the hand after the entry
    for holder, cards, built in reversed(trail):
        if holder not in out:
            out[holder] = minus(cards, later)
        later = built + later
    return out


def _within_hand(hand: tuple[str, ...], cards: tuple[str, ...]) -> bool:
    """Whether ``cards`` holds every card of ``hand`` as many times as ``hand`` does."""
    left = list(cards)
    try:
        for card in hand:
            left.remove(card)
    except ValueError:
        return False
    return True


def _fits(part: tuple[str, ...], whole_set: set[str], whole: Sequence[str]) -> bool:
    """Whether ``whole`` (with ``whole_set`` its cards) holds every card of ``part`` as many
    times as ``part`` does."""
    if not whole_set.issuperset(part):
        return False
    if len(set(part)) == len(part):  # (a card held once: ``whole`` has it)
        return True
    counts: dict[str, int] = {}  # (counted in a loop: a Counter costs more than the count)
    for card in part:
        counts[card] = counts.get(card, 0) + 1
    return all(whole.count(card) >= times for card, times in counts.items() if times > 1)


__all__ = ["check_memory", "known_by_seat", "minus"]
