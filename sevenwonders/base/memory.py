"""What each seat of a base game has seen and may remember (perfect recall).

Rulebook (2nd ed.) "3. HANDKARTEN WEITERGEBEN": the hand a player passes is the hand its
neighbour plays next, so from the second turn of an Age a player knows cards of the hands in
circulation. The discard pile lies face down ("ABWERFEN"): a player knows the cards it put
there itself and what it could see or deduce, nothing else.

A seat's :class:`SeatMemory` (shown to it alone, in its view) holds only what the seat saw or
can deduce from what it saw:

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

What the state keeps for it (``BaseState.memory``, a :class:`~sevenwonders.base.recall.Recall`)
is shared by all seats: per hand in circulation its *trail* this Age (after every step that
changed or passed it: who held it, what it held then, which cards were built from it), and per
seat the discard pile cards it knows. A seat's memory of a hand is read off the trail (the hand
as the seat left it, minus what was built from it since), so a step adds one entry per hand,
not one per seat and hand. :func:`remember` gives it for the step from one state to the next;
it is worked out when first read (:func:`~sevenwonders.base.recall.later`), since a playout
steps through states whose memories nobody reads (the speed layer's one-pass turn notes the
same from what it knows, ``base/fast/recall.py``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import NamedTuple

import attrs

from sevenwonders.base.memory_check import check_memory, minus
from sevenwonders.base.recall import Discards, Entry, Recall, Trails, later
from sevenwonders.base.state import BaseState, City


@attrs.frozen(slots=True)
class SeatMemory:
    """What one seat remembers beyond what lies open on the table (see the module's text)."""

    hands: tuple[tuple[str, ...] | None, ...] = ()
    discard: tuple[str, ...] = ()


def _known(trail: tuple[Entry, ...], seat: int) -> tuple[str, ...] | None:
    """What ``seat`` knows of the hand with this trail: what it held when the seat last had
    it, minus the cards built from it since; ``None`` if the seat has not had it."""
    for i in range(len(trail) - 1, -1, -1):
        if trail[i][0] == seat:
            cards = trail[i][1]
            for _, _, built in trail[i + 1:]:
                cards = minus(cards, built)
            return cards
    return None


def memory_of(state: BaseState, seat: int) -> SeatMemory:
    """``seat``'s memory in ``state`` (where the state keeps none, a fresh deal's: the seat
    knows its own hand)."""
    recall = state.memory
    hands = state.hands
    if recall is None:
        return SeatMemory(hands=tuple(hands[seat] if h == seat else None
                                      for h in range(len(hands))), discard=())
    return SeatMemory(
        hands=tuple(hands[h] if h == seat else () if not hands[h] else _known(trail, seat)
                    for h, trail in enumerate(recall.trails)),
        discard=recall.discards[seat])


class _After(NamedTuple):
    """What :func:`remember` reads of the state after a step (not the state itself, whose
    memory this is)."""

    cities: tuple[City, ...]
    hands: tuple[tuple[str, ...], ...]
    age: int
    turn: int


def remember(givers: Sequence[Sequence[int]], before: BaseState,
             after: BaseState) -> Recall:
    """The :class:`Recall` after the step from ``before`` to ``after``, worked out when first
    read (:func:`later`).

    ``givers[0]``/``givers[1]``: for each seat, the seat whose hand it receives when hands are
    passed to the left/right (``Rules.givers``)."""
    return later((_remember, before.memory, givers, before,
                  _After(after.cities, after.hands, after.age, after.turn)))


def _remember(before_recall: Recall | None, givers: Sequence[Sequence[int]],
              before: BaseState, after: _After) -> tuple[Trails, Discards]:
    """The trails and discards :func:`remember` stands for. (Written for speed: a game reads
    them along every step it shows.)"""
    n = before.players
    head = before.pending[0] if before.pending else None
    kind = None if head is None else head.kind.value
    from_discard = kind == "build_from_discard"
    from_hand = (range(n) if head is None
                 else (head.seat,) if kind == "play_last_card" else ())
    # what each city built this step (from its hand, unless from the pile), what the step took
    # out of cities onto the pile in the open, which cities staged
    built: list[tuple[str, ...]] = [()] * n
    staged = [False] * n
    lost: list[str] = []
    for h, (a, b) in enumerate(zip(after.cities, before.cities, strict=True)):
        if a.cards is not b.cards and a.cards != b.cards:
            if a.cards[:len(b.cards)] == b.cards:
                built[h] = a.cards[len(b.cards):]
            else:
                built[h] = tuple(sorted((Counter(a.cards) - Counter(b.cards)).elements()))
                lost.extend(sorted((Counter(b.cards) - Counter(a.cards)).elements()))
        staged[h] = a.stages != b.stages
    new_age = after.age != before.age
    order = givers[0 if before.age != 2 else 1]
    passed = not new_age and after.turn != before.turn
    # each hand after the step, by the seat that held it before the step
    if passed:
        after_hands: list[tuple[str, ...]] = [()] * n
        for receiver, giver in enumerate(order):
            after_hands[giver] = after.hands[receiver]
    elif new_age:
        after_hands = [()] * n
    else:
        after_hands = list(after.hands)
    recall = before_recall or Recall(trails=((),) * n, discards=((),) * n)

    discards = _discards(recall, before, after, after_hands, built, staged, lost, from_hand,
                         head.seat if from_discard and head is not None else None)
    if new_age:
        return ((),) * n, discards
    trails = list(recall.trails)
    for h in range(n):
        if passed or after_hands[h] != before.hands[h]:
            trails[h] = (*trails[h], (h, after_hands[h], built[h] if h in from_hand else ()))
    if passed:
        trails = [trails[giver] for giver in order]
    return tuple(trails), discards


def _discards(recall: Recall, before: BaseState, after: _After,
              after_hands: list[tuple[str, ...]], built: list[tuple[str, ...]],
              staged: list[bool], lost: list[str], from_hand: Sequence[int],
              pile_builder: int | None) -> tuple[tuple[str, ...], ...]:
    """Each seat's known discard pile cards after the step (see the module's text)."""
    out = list(recall.discards)
    n = len(out)
    # an emptied hand that went onto the pile whole (no stage from it): who knew it exactly
    leftover: dict[int, tuple[str, ...]] = {}
    for h in from_hand:
        if before.hands[h] and not after_hands[h] and not staged[h]:
            cards = minus(before.hands[h], built[h])
            for seat in knew_exactly(recall.trails[h]) - {h}:  # (its holder: see below)
                leftover[seat] = (*leftover.get(seat, ()), *cards)
    for seat in range(n):
        gained = list(lost)
        known = out[seat]
        if pile_builder is not None:  # the builder sees the pile; everyone sees what it takes
            known = minus(before.discard if seat == pile_builder else known,
                          built[pile_builder])
        held, now = before.hands[seat], after_hands[seat]
        if len(now) != len(held) and not (len(now) + 1 == len(held) and seat in from_hand
                                          and (built[seat] or staged[seat])):
            # the seat's own card(s) left its hand unbuilt and unstaged: they lie on the pile
            tucked = after.cities[seat].tucked[len(before.cities[seat].tucked):]
            own = built[seat] if seat in from_hand else ()
            gained.extend(minus(minus(minus(held, now), own), tucked))
        if seat in leftover:
            gained.extend(leftover[seat])  # hands it knew exactly, emptied onto the pile
        if gained:
            known = tuple(sorted((*known, *gained)))
        out[seat] = known
    return tuple(out)


def knew_exactly(trail: tuple[Entry, ...]) -> set[int]:
    """The seats that know the hand with this trail exactly: those that held it after the
    last step that took a card out of it unseen (not built)."""
    seats: set[int] = set()
    for j in range(len(trail) - 1, -1, -1):
        holder, cards, built = trail[j]
        seats.add(holder)
        if j and len(trail[j - 1][1]) - len(cards) > len(built):
            break  # (a card left the hand unseen in this step: the earlier holders lost it)
    return seats


def recall_of(memories: Sequence[SeatMemory]) -> Recall:
    """A :class:`Recall` that gives each seat the memory in ``memories`` (for a state built
    from views: each remembered hand's trail starts with what the seats remember of it)."""
    n = len(memories)
    trails: list[tuple[Entry, ...]] = [() for _ in range(n)]
    for seat, memory in enumerate(memories):
        for h, cards in enumerate(memory.hands):
            if cards is not None and h != seat:
                trails[h] = (*trails[h], (seat, cards, ()))
    return Recall(trails=tuple(trails), discards=tuple(m.discard for m in memories))


__all__ = ["SeatMemory", "check_memory", "knew_exactly", "memory_of", "recall_of", "remember"]
