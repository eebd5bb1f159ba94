"""The one owner of every cache of a base game and the fast answers built on them:
:class:`FastCache` (the caches themselves: :class:`~.store.FastStore`).

One object per game object (:class:`~sevenwonders.base.game.BaseGame`): it hands the entries
of a state on to the next (:meth:`FastCache.carry`), finds the entries of a state's seats
(:func:`~.entries.entries_of`) and lists a seat's hand moves (:func:`~.moves.hand_moves`).
"""

from __future__ import annotations

from collections.abc import Iterable

from sevenwonders.base.fast import entries as _entries
from sevenwonders.base.fast import moves as _moves
from sevenwonders.base.fast.profile import Entry
from sevenwonders.base.fast.store import FastStore, StateMemo
from sevenwonders.base.moves import Move
from sevenwonders.base.state import BaseState


class FastCache(FastStore):
    """Every cache of one game (:class:`~.store.FastStore`), and the fast answers built on
    them."""

    def carry(self, before: BaseState, memo: StateMemo, after: BaseState) -> None:
        """Hand the entries of ``before`` (its ``memo``) on to ``after``, the state a step
        made of it: a city without marks of the turn (D3b) on either side and without
        expansion grants before or after (their producers follow the stages' in an entry)
        that placed no card keeps its entry, one a card longer gets its parent's child
        (:func:`~.entries.child_entry`), one a stage longer its stage child
        (:func:`~.entries.stage_child`); the others are left to :func:`~.entries.entry`.
        This spares every seat's profile key (its cards hashed) and lookup on the next
        state."""
        carried = (self.state_memo(after) if after is before else self.fresh_memo(after)).entries
        tables = self.tables
        expansions = tables.expansions
        for seat, found in enumerate(memo.entries):
            if found is None:
                continue
            mark, next_mark = before.marks[seat], after.marks[seat]
            if mark.built or mark.stages or next_mark.built or next_mark.stages:
                continue
            old, new = before.cities[seat], after.cities[seat]
            stages = new.stages - old.stages
            if stages and (stages != 1 or new.cards != old.cards
                           or new.stage_choices[:len(old.stage_choices)] != old.stage_choices):
                continue
            if expansions and (self.grants(before, seat) or self.grants(after, seat)):
                continue
            if stages:
                carried[seat] = _entries.stage_child(self, found, new)
            elif new.cards is old.cards:
                carried[seat] = found
            elif len(new.cards) == len(old.cards) + 1 and (
                    not expansions or new.cards[:-1] == old.cards):
                carried[seat] = _entries.child_entry(self, found, new)

    def entries(self, state: BaseState, seats: Iterable[int],
                memo: StateMemo | None = None) -> list[Entry | None]:
        """The memo's list of entries for ``state``, with those of ``seats`` filled in."""
        return _entries.entries_of(self, state, seats, memo)

    def entry(self, state: BaseState, seat: int) -> Entry:
        found = self.entries(state, (seat,))[seat]
        assert found is not None
        return found

    def legal_moves(self, state: BaseState, seat: int) -> tuple[Move, ...]:
        """The seat's hand moves on ``state`` (drafting, or Babylon's last card)."""
        last = self.last
        memo = last[1] if last[0] is state else self.state_memo(state)
        assert memo is not None
        moves = memo.moves.get(seat)
        if moves is None:
            moves = memo.moves[seat] = _moves.hand_moves(
                self, state, seat, not state.pending, None, memo.entries, memo)
        return moves
