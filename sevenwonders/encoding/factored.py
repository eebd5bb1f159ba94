"""Factored payments (``payments="factored"``, base game): the card action, then whom to pay.

The default index merges a card action's payments into its cheapest; ``payments="full"`` gives
every payment its own action (34,882 actions, a huge sparse mask). Factored keeps the default's
card actions and appends one ``pay <left> <right>`` action per payment ``(left, right)``,
``0 <= left, right <= M`` (``M`` = 2 coins x the largest cost, as in the full index): 386 + 225
actions for the 2nd edition. A decision is then one or two steps of the same seat:

1. the seat chooses a card action (the mask: the card actions of its legal moves);
2. if that action's legal moves pay in more than one way, the same seat is asked again, now
   with a mask of exactly those payments, and chooses one: which neighbour to fund is its
   choice. An action with one way to pay (or none: sell, free builds) needs no second step.

During the second step the observation's ``paying_for`` segment names the chosen card action
(its card one-hot, then 1 for a build or for a stage), all zero otherwise.
"""

from __future__ import annotations

from typing import Any

import attrs
import numpy as np

from sevenwonders.base.moves import Build
from sevenwonders.encoding.actions import INT8, ActionIndex
from sevenwonders.errors import IllegalMoveError


@attrs.frozen(slots=True)
class Pay:
    """The payment action ``pay <left> <right>``: coins to the left and right neighbours."""

    left: int
    right: int

    def __str__(self) -> str:
        return f"pay {self.left} {self.right}"


class FactoredPayments:
    """The second step of a factored decision, over an index whose last actions are
    :class:`Pay` actions (built by ``index_base.base_index_factored``)."""

    def __init__(self, game: Any, index: ActionIndex) -> None:
        self.index = index
        self._pay = {move: a for a, move in enumerate(index.moves) if isinstance(move, Pay)}
        cards = sorted(game.edition.cards)
        self._card = {name: i for i, name in enumerate(cards)}
        self.width = len(cards) + 2  # the paying_for segment

    def group(self, moves: Any, action: int) -> dict[int, Any]:
        """The payment actions of ``action``'s legal moves among ``moves`` (a seat's listing),
        each with its move."""
        out: dict[int, Any] = {}
        move_to_action = self.index.move_to_action
        for move in moves:
            if move_to_action(move) == action:
                pay = Pay(getattr(move, "left", 0), getattr(move, "right", 0))
                out.setdefault(self._pay[pay], move)
        return out

    def mask(self, group: dict[int, Any]) -> np.ndarray[Any, np.dtype[np.int8]]:
        """The mask of a second step: exactly the payments of ``group``."""
        out = np.zeros(self.index.size, INT8)
        out[list(group)] = 1
        return out

    def paying_for(self, action: int | None) -> np.ndarray[Any, np.dtype[np.float32]]:
        """The ``paying_for`` segment for a second step of card action ``action``."""
        out = np.zeros(self.width, np.float32)
        if action is not None:
            move = self.index.moves[action]
            out[self._card[move.card]] = 1
            out[-2 if isinstance(move, Build) else -1] = 1
        return out

    def resolve(self, legal: dict[int, Any], moves: Any, paying: int | None, action: Any
                ) -> tuple[Any, int | None]:
        """One step of a seat's factored decision: ``legal`` its card actions (-> cheapest
        move), ``moves`` its listing, ``paying`` the card action of a second step or None.
        Returns the move decided and None, or None and the card action whose payment the seat
        must now choose; raises :class:`IllegalMoveError` for an action outside the step's
        mask."""
        try:
            chosen = int(action)
        except (TypeError, ValueError):
            chosen = -1
        if paying is None:
            if chosen not in legal:
                raise IllegalMoveError(f"action {action!r} is not legal now", reason="illegal")
            if len(self.group(moves, chosen)) <= 1:
                return legal[chosen], None
            return None, chosen
        group = self.group(moves, paying)
        if chosen not in group:
            raise IllegalMoveError(f"action {action!r} is not a payment of this card now",
                                   reason="illegal")
        return group[chosen], None
