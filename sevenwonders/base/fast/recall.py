"""The seats' memory after a plain draft turn, in one pass.

Speed only: :func:`sevenwonders.base.memory.remember` is the rule. This restates it for a turn
the one-pass draft turn (:mod:`.turn`) took: no decision pending, every seat played one card of
its hand (built it, used it for a wonder stage or sold it), nothing left a city, and then the
hands were passed or, after an Age's last turn, their last cards discarded. What the rule finds
by comparing the states before and after, the turn pass already knows, so each hand's trail
grows by one entry and only a seller's discard pile memory changes (after an Age's last turn,
every seat's). ``tests/base/fast/test_plain_turn.py`` proves both give equal memories along
random games.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from sevenwonders.base.memory import knew_exactly
from sevenwonders.base.recall import Recall, later

if TYPE_CHECKING:
    from sevenwonders.base.recall import Discards, Trails
    from sevenwonders.base.state import BaseState

SOLD, BUILT, STAGED = 1, 2, 3
"""What a seat did with the card it played in a turn (:func:`turn_recall`'s ``done``)."""


def turn_recall(order: tuple[int, ...], before: BaseState, after: BaseState,
                kept: Sequence[tuple[str, ...]], done: Sequence[int]) -> Recall:
    """The memory after the plain draft turn from ``before`` to ``after``, worked out when
    first read (:func:`~sevenwonders.base.recall.later`): ``kept[s]`` is seat ``s``'s hand
    after its move (before it is passed or discarded: its hand before the turn without the
    card it played), ``done[s]`` what it did with that card (:data:`SOLD`, :data:`BUILT` or
    :data:`STAGED`); ``order``: the givers of the Age's passing (``Tables.givers``)."""
    if after.age == before.age and after.turn != before.turn:  # the hands were passed
        # (what a seat kept is what its receiver holds now: after.hands, no copy kept)
        return later((_after_pass, before.memory, order, before.hands, after.hands,
                      tuple(done)))
    return later((_after_last_turn, before.memory, after.age != before.age, before.hands,
                  tuple(kept), tuple(done)))


def _played(held: tuple[str, ...], kept: tuple[str, ...]) -> str:
    """The card played from hand ``held`` that left ``kept``."""
    for i, card in enumerate(kept):
        if card != held[i]:
            return held[i]
    return held[-1]


def _start(recall: Recall | None, n: int) -> tuple[Trails, Discards]:
    """The trails and discards before the turn (a fresh deal's when the state kept none)."""
    if recall is None:
        return ((),) * n, ((),) * n
    return recall.trails, recall.discards


def _after_pass(recall: Recall | None, order: tuple[int, ...],
                held: tuple[tuple[str, ...], ...], passed: tuple[tuple[str, ...], ...],
                done: tuple[int, ...]) -> tuple[Trails, Discards]:
    """The trails and discards after a turn that passed the hands (``held``: the hands
    before it, ``passed``: after it): each hand's trail one entry longer, under its new
    holder; a seller knows the card it put on the pile."""
    trails, discards = _start(recall, len(held))
    out = None
    grown = []
    for receiver, giver in enumerate(order):
        kept = passed[receiver]
        card = _played(held[giver], kept)
        what = done[giver]
        grown.append(trails[giver] + ((giver, kept, (card,) if what == BUILT else ()),))
        if what == SOLD:
            out = out or list(discards)
            out[giver] = tuple(sorted((*out[giver], card)))
    return tuple(grown), discards if out is None else tuple(out)


def _after_last_turn(recall: Recall | None, age_ended: bool,
                     held: tuple[tuple[str, ...], ...], kept: tuple[tuple[str, ...], ...],
                     done: tuple[int, ...]) -> tuple[Trails, Discards]:
    """The trails and discards after an Age's last turn, its last cards discarded: a new
    Age's (no trails yet) or, at the game's end, each trail one entry longer."""
    trails, discards = _start(recall, len(held))
    played = [_played(held[h], kept[h]) for h in range(len(held))]
    built = [(card,) if done[h] == BUILT else () for h, card in enumerate(played)]
    sold = [card if done[h] == SOLD else None for h, card in enumerate(played)]
    return (((),) * len(held) if age_ended
            else tuple([trails[h] + ((h, (), built[h]),) for h in range(len(held))]),
            _last_cards(held, trails, discards, kept, built, sold))


def _last_cards(held: tuple[tuple[str, ...], ...], trails: Trails, discards: Discards,
                kept: Sequence[tuple[str, ...]], built: Sequence[tuple[str, ...]],
                sold: Sequence[str | None]) -> Discards:
    """Each seat's discard pile memory after an Age's last turn: its hand's cards that went
    onto the pile (the one it sold and the last), and the last cards of each hand it knew
    exactly that was not used for a stage (``memory._discards``)."""
    # what went onto the pile from each hand: all of it after a sale, else the last card
    piled = [held[h] if card is not None else kept[h] for h, card in enumerate(sold)]
    gained = [list(cards) for cards in piled]
    for h, cards in enumerate(piled):
        if built[h] or sold[h] is not None:  # (after a stage, the others cannot tell which)
            for seat in knew_exactly(trails[h]):
                if seat != h:
                    gained[seat].extend(cards)
    return tuple([tuple(sorted((*known, *gained[seat])))
                  for seat, known in enumerate(discards)])


__all__ = ["BUILT", "SOLD", "STAGED", "turn_recall"]
