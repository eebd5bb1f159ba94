"""The speed memory of one Dice game object (no rules here).

One :class:`DiceCache` per :class:`~sevenwonders.dice.rules.Rules`; it is bounded, not pickled
(the rules rebuild an empty one), and keyed by the identity of states, so that a game object
stepping many live games in turn finds each game's states again.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from sevenwonders.core.memo import BoundedDict, IdentityMemo
from sevenwonders.dice.moves import DiceMove
from sevenwonders.dice.state import DiceState

if TYPE_CHECKING:
    from sevenwonders.dice.legal import DieTerms

STATES = 32
"""Known states (made by the game or checked once) with the legal moves computed for them:
enough for every live game of a server or vectorised environment (at least the last 16 states
made), few enough that the garbage collector's full passes stay short."""

TERMS = 4096
"""Die cost tables per (sheet, set of active lasting effects): a sheet has a few lasting effects,
so a game configuration needs some dozens; the bound only guards against odd sheet files."""

_NO_STATE = object()

SeatMoves = list[tuple[DiceMove, ...] | None]


class DiceCache:
    """Everything a Dice game remembers for speed."""

    __slots__ = ("bounds", "last", "states", "terms")

    def __init__(self) -> None:
        self.last: tuple[object, SeatMoves] = (_NO_STATE, [])
        """The last state trusted and its entry (one attribute: a thread reads both or none)."""
        self.states: IdentityMemo[DiceState, SeatMoves] = IdentityMemo(STATES)
        """A trusted state -> per seat, the legal moves once computed, as the rules' own values
        (handed out only as copies)."""
        self.terms: BoundedDict[tuple[str, int], DieTerms] = BoundedDict(TERMS)
        """(sheet, active lasting effects as a bit mask) -> die costs and gains."""
        self.bounds: BoundedDict[tuple[str, ...], tuple[int, ...]] = BoundedDict(TERMS)
        """The dice in the Forum -> the bounds of the draws that shake them (face, area)."""

    def trust(self, state: DiceState) -> SeatMoves:
        """Remember ``state`` as one of the game's own (or checked) states."""
        seats: SeatMoves = [None] * len(state.seats)
        self.states.put(state, seats)
        self.last = (state, seats)
        return seats

    def entry(self, state: object) -> SeatMoves | None:
        """The per-seat moves remembered for a known ``state``; None for an unknown one."""
        last = self.last
        if state is last[0]:
            return last[1]
        return self.states.get(state)
