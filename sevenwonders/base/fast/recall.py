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

from sevenwonders.base.memory import Recall, knew_exactly
from sevenwonders.core.memo import builder

if TYPE_CHECKING:
    from sevenwonders.base.memory import Entry
    from sevenwonders.base.state import BaseState

    def make_recall(*, trails: tuple[tuple[Entry, ...], ...],
                    discards: tuple[tuple[str, ...], ...]) -> Recall:
        """``Recall(...)`` with every field named."""
else:
    make_recall = builder(Recall)  # (the slots set directly: values this pass builds)


def turn_recall(order: Sequence[int], before: BaseState, after: BaseState,
                kept: Sequence[tuple[str, ...]], built: Sequence[tuple[str, ...]],
                sold: Sequence[str | None]) -> Recall:
    """The memory after the plain draft turn from ``before`` to ``after``: ``kept[s]`` is
    seat ``s``'s hand after its move (before it is passed or discarded), ``built[s]`` the card
    it built from it (one or none), ``sold[s]`` the card it sold (a seat that did neither used
    its card for a stage); ``order``: the givers of the Age's passing (``Tables.givers``)."""
    n = before.players
    recall = before.memory
    if recall is None:
        trails: tuple[tuple[Entry, ...], ...] = ((),) * n
        discards: tuple[tuple[str, ...], ...] = ((),) * n
    else:
        trails, discards = recall.trails, recall.discards
    if after.age == before.age and after.turn != before.turn:  # the hands were passed
        grown = [(*trails[h], (h, kept[h], built[h])) for h in range(n)]
        if any(sold):  # a seller knows the card it put on the pile
            out = list(discards)
            for seat, card in enumerate(sold):
                if card is not None:
                    out[seat] = tuple(sorted((*out[seat], card)))
            discards = tuple(out)
        return make_recall(trails=tuple([grown[giver] for giver in order]), discards=discards)
    return make_recall(
        trails=((),) * n if after.age != before.age
        else tuple([(*trails[h], (h, (), built[h])) for h in range(n)]),
        discards=_last_cards(before, trails, discards, kept, built, sold))


def _last_cards(before: BaseState, trails: tuple[tuple[Entry, ...], ...],
                discards: tuple[tuple[str, ...], ...], kept: Sequence[tuple[str, ...]],
                built: Sequence[tuple[str, ...]],
                sold: Sequence[str | None]) -> tuple[tuple[str, ...], ...]:
    """Each seat's discard pile memory after an Age's last turn: its hand's cards that went
    onto the pile (the one it sold and the last), and the last cards of each hand it knew
    exactly that was not used for a stage (``memory._discards``)."""
    # what went onto the pile from each hand: all of it after a sale, else the last card
    piled = [before.hands[h] if card is not None else kept[h] for h, card in enumerate(sold)]
    gained = [list(cards) for cards in piled]
    for h, cards in enumerate(piled):
        if built[h] or sold[h] is not None:  # (after a stage, the others cannot tell which)
            for seat in knew_exactly(trails[h]):
                if seat != h:
                    gained[seat].extend(cards)
    return tuple([tuple(sorted((*known, *gained[seat])))
                  for seat, known in enumerate(discards)])


__all__ = ["turn_recall"]
