"""What each seat of a base game has seen and may remember (perfect recall).

Rulebook (2nd ed.) "3. HANDKARTEN WEITERGEBEN": the hand a player passes is the hand its
neighbour plays next, so from the second turn of an Age a player knows cards of the hands in
circulation. The discard pile lies face down ("ABWERFEN"): a player knows the cards it put
there itself and what it could see or deduce, nothing else.

Each seat's :class:`SeatMemory` is kept in the state (``BaseState.memory``) and shown to that
seat alone in its view. It is updated once per step by :func:`remember` from the state before
and after the step; it only ever holds what the seat saw or can deduce from what it saw:

- ``hands[h]``: for the hand seat ``h`` holds now, the cards last seen in it minus the cards
  built from it since (building is public). The hand's cards are all among them; when there
  are as many as the hand holds (``hand_sizes[h]``) the hand is known exactly. ``None``: the
  seat has not seen that hand this Age. ``hands[seat]`` is the seat's own hand.
- ``discard``: cards the seat knows lie in the discard pile: the ones it sold or discarded
  itself (its Age's last card included), cards taken out of a city onto the pile in the open
  (an expansion's penalty), the whole pile when it built from it (Halikarnassos, Solomon), and
  the last cards of a hand it knew exactly when that hand was emptied without a stage built
  from it; minus the cards anyone built from the pile since.

The seat's own staged cards are ``City.tucked`` (shown as ``BaseView.tucked``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING

import attrs

from sevenwonders.core.memo import builder

if TYPE_CHECKING:
    from sevenwonders.base.state import BaseState


@attrs.frozen(slots=True)
class SeatMemory:
    """What one seat remembers beyond what lies open on the table (see the module's text)."""

    hands: tuple[tuple[str, ...] | None, ...] = ()
    discard: tuple[str, ...] = ()


if TYPE_CHECKING:
    def _make_memory(*, hands: tuple[tuple[str, ...] | None, ...],
                     discard: tuple[str, ...]) -> SeatMemory:
        """``SeatMemory(...)`` with every field named."""
else:
    _make_memory = builder(SeatMemory)


def first_memory(state: BaseState, seat: int) -> SeatMemory:
    """What ``seat`` knows of a state whose memory is not kept (a fresh deal): its own hand."""
    return SeatMemory(
        hands=tuple(state.hands[seat] if h == seat else None for h in range(state.players)),
        discard=(),
    )


def memory_of(state: BaseState, seat: int) -> SeatMemory:
    """``seat``'s memory in ``state`` (its first memory where the state keeps none)."""
    kept = state.memory
    return kept[seat] if kept else first_memory(state, seat)


def _sorted(cards: Counter[str]) -> tuple[str, ...]:
    return tuple(sorted(cards.elements()))



def _minus(cards: tuple[str, ...], gone: tuple[str, ...]) -> tuple[str, ...]:
    """The sorted ``cards`` without one copy of each of ``gone`` (those it holds)."""
    if not gone:
        return cards
    left = list(cards)
    for name in gone:
        if name in left:
            left.remove(name)
    return tuple(left)


def remember(givers: Sequence[Sequence[int]], before: BaseState,
             after: BaseState) -> tuple[SeatMemory, ...]:
    """Every seat's memory after the step from ``before`` to ``after``.

    ``givers[0]``/``givers[1]``: for each seat, the seat whose hand it receives when hands are
    passed to the left/right (``Rules.givers``). (Written for speed: it runs at every step.)"""
    from sevenwonders.base.state import PendingKind

    n = before.players
    head = before.pending[0] if before.pending else None
    from_discard = head is not None and head.kind is PendingKind.BUILD_FROM_DISCARD
    from_hand = (range(n) if head is None
                 else (head.seat,) if head.kind is PendingKind.PLAY_LAST_CARD else ())
    # what each city built this step, what the step took out of cities onto the pile (in the
    # open), which cities staged
    built: list[tuple[str, ...]] = [()] * n
    staged = [False] * n
    lost: tuple[str, ...] = ()
    for h, (a, b) in enumerate(zip(after.cities, before.cities, strict=True)):
        if a.cards is not b.cards and a.cards != b.cards:
            if a.cards[:len(b.cards)] == b.cards:
                built[h] = a.cards[len(b.cards):]
            else:
                built[h] = _sorted(Counter(a.cards) - Counter(b.cards))
                lost += _sorted(Counter(b.cards) - Counter(a.cards))
        staged[h] = a.stages != b.stages
    new_age = after.age != before.age
    passed = not new_age and after.turn != before.turn
    order = givers[0 if before.age != 2 else 1]
    if passed:
        after_hands: list[tuple[str, ...]] = [()] * n
        for receiver, giver in enumerate(order):
            after_hands[giver] = after.hands[receiver]
    elif new_age:
        after_hands = [()] * n
    else:
        after_hands = list(after.hands)
    seen_pile = before.discard if from_discard and head is not None else ()
    taken = built[head.seat] if from_discard and head is not None else ()
    shrink = [built[h] if h in from_hand else () for h in range(n)]
    shrinks = any(shrink)
    emptied = not all(after_hands)

    kept = before.memory
    memories = []
    for seat in range(n):
        old = kept[seat] if kept else first_memory(before, seat)
        discard = old.discard
        if from_discard:
            discard = _minus(seen_pile if head is not None and head.seat == seat else discard,
                             taken)
        gained = list(lost)
        held, now = before.hands[seat], after_hands[seat]
        if len(now) != len(held) and not (len(now) + 1 == len(held) and seat in from_hand
                                          and (built[seat] or staged[seat])):
            # the seat's own card(s) left its hand unbuilt and unstaged: they lie on the pile
            tucked = after.cities[seat].tucked[len(before.cities[seat].tucked):]
            gained.extend(_minus(_minus(_minus(held, now), shrink[seat]), tucked))
        hands = old.hands
        if shrinks:
            hands = tuple([_minus(known, shrink[h]) if known and shrink[h] else known
                           for h, known in enumerate(hands)])
        if emptied:
            hands = _emptied(hands, seat, before, after_hands, shrink, staged, gained)
        if passed:  # the hand the seat passed is known exactly
            hands = tuple([now if giver == seat else hands[giver] for giver in order])
        own = after.hands[seat]
        if new_age:
            hands = tuple([own if h == seat else None for h in range(n)])
        elif hands[seat] is not own:
            hands = (*hands[:seat], own, *hands[seat + 1:])
        if gained:
            discard = tuple(sorted((*discard, *gained)))
        memories.append(_make_memory(hands=hands, discard=discard))
    return tuple(memories)


def _emptied(hands: tuple[tuple[str, ...] | None, ...], seat: int, before: BaseState,
             after_hands: list[tuple[str, ...]], shrink: list[tuple[str, ...]],
             staged: list[bool], gained: list[str]) -> tuple[tuple[str, ...] | None, ...]:
    """``hands`` (already without the step's builds) after the step emptied some hands (the
    last turn of an Age): an emptied hand is known empty, and one the seat knew exactly before
    the step went onto the pile whole unless its holder staged a card (noted in ``gained``)."""
    out = list(hands)
    for h, known in enumerate(hands):
        if after_hands[h] or h == seat:
            continue
        held = before.hands[h]
        if known and held and shrink is not None and not staged[h] and (
                len(known) + len(shrink[h]) == len(held)):
            gained.extend(known)  # (known exactly before the step, as many as the hand held)
        out[h] = ()  # (an empty hand: its size shows it)
    return tuple(out)


def check_memory(state: BaseState) -> None:
    """Raise :class:`InvalidStateError` (naming the field) unless ``state.memory`` is one a
    game can reach: none, or per seat a memory of every hand that holds the seat's own hand,
    every other hand's cards among what it remembers of that hand, and only cards of the
    discard pile as remembered there."""
    from sevenwonders.errors import InvalidStateError

    if not state.memory:
        return
    n = state.players
    if len(state.memory) != n:
        raise InvalidStateError(f"{len(state.memory)} memories for {n} seats", field="memory")
    dealt = Counter(state.discard)  # where the Age's cards can be now
    for city in state.cities:
        dealt.update(city.cards)
        dealt.update(city.tucked)
    for hand in state.hands:
        dealt.update(hand)
    for seat, memory in enumerate(state.memory):
        place = f"memory[{seat}]"
        if len(memory.hands) != n or memory.hands[seat] != state.hands[seat]:
            raise InvalidStateError("a memory that is not of this table's hands",
                                    field=f"{place}.hands")
        for h, known in enumerate(memory.hands):
            if known is not None and Counter(known) - dealt:
                raise InvalidStateError("a memory of cards the Age did not deal",
                                        field=f"{place}.hands[{h}]")
            if known is not None and Counter(state.hands[h]) - Counter(known):
                raise InvalidStateError("a hand holds cards its memory lacks",
                                        field=f"{place}.hands[{h}]")
        if Counter(memory.discard) - Counter(state.discard):
            raise InvalidStateError("remembered cards that are not in the discard pile",
                                    field=f"{place}.discard")


__all__ = ["SeatMemory", "check_memory", "first_memory", "memory_of", "remember"]
