"""The speed layer of Dice: what one game object remembers, and constructors without
``__init__`` (no rules here).

:class:`FastRules` is :class:`~sevenwonders.dice.rules.Rules` with a :class:`DiceCache`: the
legal moves of known states per seat, the die costs per sheet and set of lasting effects, the
draw bounds per Forum; and with the memo builders of :mod:`sevenwonders.core.memo` as its
constructors of states, seats and the frequent events (they fill the slots of values made from
the rules' own checked values). The game object (dice/game.py) chooses it; no reference module
imports this one, and tests/dice/test_fast.py plays whole games through both and compares them.
The cache is bounded and not pickled (the rules rebuild an empty one); what it found for a state
is kept beside the state (its private slot, :func:`~sevenwonders.core.memo.found_for`), so that a
game object stepping many live games in turn finds each game's states again, however many.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from sevenwonders.core.memo import SLOT, BoundedDict, builder
from sevenwonders.dice import events as ev
from sevenwonders.dice.legal import DieTerms
from sevenwonders.dice.moves import DiceMove
from sevenwonders.dice.options import RuleOptions
from sevenwonders.dice.rules import Rules
from sevenwonders.dice.seat_work import SeatWork
from sevenwonders.dice.state import DiceState, SeatState, SpeedSlot
from sevenwonders.dice.tables import SheetTable, Tables

TERMS = 4096
"""Die cost tables per (sheet, set of active lasting effects): a sheet has a few lasting effects,
so a game configuration needs some dozens; the bound only guards against odd sheet files."""

_NO_STATE = object()
_set_kept: Callable[[object, object], None] = SpeedSlot.__dict__[SLOT].__set__
"""The private slot's own setter (the states are frozen: no ``__setattr__``)."""

SeatMoves = list[tuple[DiceMove, ...] | None]


class DiceCache:
    """Everything a Dice game remembers for speed."""

    __slots__ = ("bounds", "last", "owner", "played", "terms")

    def __init__(self) -> None:
        self.owner = object()
        """This memory's mark on the states it kept something beside (a token, so that a state
        kept after its game object is gone keeps nothing else of it alive)."""
        self.last: tuple[object, SeatMoves] = (_NO_STATE, [])
        """The last state trusted and its entry (one attribute: a thread reads both or none).
        Every trusted state (made by the game or checked once) keeps its entry beside it, in its
        private slot, as the pair ``(owner, entry)``: per seat, the legal moves once
        computed, as the rules' own values (handed out only as copies)."""
        self.played: tuple[object, SeatMoves | None, object] = (_NO_STATE, None, _NO_STATE)
        """The state played last, its entry and the state made of it (:meth:`let_go`)."""
        self.terms: BoundedDict[tuple[str, int], DieTerms] = BoundedDict(TERMS)
        """(sheet, active lasting effects as a bit mask) -> die costs and gains."""
        self.bounds: BoundedDict[tuple[str, ...], tuple[int, ...]] = BoundedDict(TERMS)
        """The dice in the Forum -> the bounds of the draws that shake them (face, area)."""

    def trust(self, state: DiceState) -> SeatMoves:
        """Remember ``state`` as one of the game's own (or checked) states."""
        seats: SeatMoves = [None] * len(state.seats)
        _set_kept(state, (self.owner, seats))
        self.last = (state, seats)
        return seats

    def let_go(self, state: DiceState) -> None:
        """Before ``state`` is played: if the state played last is neither ``state`` (played
        again, with other moves) nor the one made of it (a playout going on), a caller steps
        another game now, and the moves listed for that state are let go (its entry's seats
        emptied: a reader finds a seat's moves or ``None`` and lists them again). They die
        young instead of living on with a state the caller may keep a while longer (many live
        games stepped in turn), where the garbage collector would walk them again and again."""
        before, seats, after = self.played
        if before is state or after is state:
            return
        self.played = (_NO_STATE, None, _NO_STATE)
        if seats is not None:
            for seat in range(len(seats)):
                seats[seat] = None

    def entry(self, state: object) -> SeatMoves | None:
        """The per-seat moves remembered for a known ``state`` (which becomes the last one
        met); None for an unknown one."""
        last = self.last
        if state is last[0]:
            return last[1]
        kept = getattr(state, SLOT, None)
        if type(kept) is tuple and kept[0] is self.owner:
            seats: SeatMoves = kept[1]
            self.last = (state, seats)  # the other calls of its step find it here
            return seats
        return None


class FastRules(Rules):
    """The rules with their answers remembered and values built without ``__init__``."""

    def __init__(self, tables: Tables, options: RuleOptions, players: int) -> None:
        super().__init__(tables, options, players)
        self.cache = DiceCache()
        self._use_builders()

    def _use_builders(self) -> None:
        self.make_state = builder(DiceState)
        self.make_seat = builder(SeatState)
        self.make_box_ticked = builder(ev.BoxTicked)
        self.make_coins_gained = builder(ev.CoinsGained)
        self.make_passed = builder(ev.Passed)

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as its configuration and made again from it, without the speed memory (a
        worker makes its own; a compiled class has no ``__dict__`` to pickle)."""
        return type(self), (self.tables, self.options, self.players)

    def legal(self, state: DiceState, seat: int) -> tuple[DiceMove, ...]:
        """Remembered for known states."""
        seats = self.cache.entry(state)
        if seats is None:
            return self.legal_now(state, seat)
        moves = seats[seat]
        if moves is None:
            moves = seats[seat] = self.legal_now(state, seat)
        return moves

    def die_terms(self, table: SheetTable, s: SeatState | SeatWork) -> DieTerms | None:
        """Remembered per sheet and set of active effects: a seat has a handful of such sets
        in a game."""
        if not table.permanent:
            return None
        mask = self.active_mask(table, s)
        if not mask:
            return None
        memo = self.cache.terms
        found = memo.get((table.sheet_id, mask))
        if found is None:
            found = self.terms_of(table, mask)
            memo.put((table.sheet_id, mask), found)
        return found

    def shake_bounds(self, dice: tuple[str, ...]) -> tuple[int, ...]:
        """Remembered per Forum."""
        bounds = self.cache.bounds.get(dice)
        if bounds is None:
            bounds = super().shake_bounds(dice)
            self.cache.bounds.put(dice, bounds)
        return bounds
