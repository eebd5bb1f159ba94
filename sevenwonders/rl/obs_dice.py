"""Dice's observation, from a DiceView (Dice is open information: only the generator is hidden).

Layout (``n`` seats relative to the observer, ``S`` sheets, ``B`` most boxes of a sheet, ``N``
most bonuses): ``turn``, ``phase`` one-hot (action, follow_up, over), ``agora_claimed``,
``final_turn``, then per die (grey_1 ... purple) ``in_forum``, ``area`` one-hot (Forum areas),
``face`` one-hot (the die's faces); then per seat a sheet block: ``sheet`` one-hot (S),
``coins``, ``ticked`` (B, box order of the seat's sheet), ``ticked_this_turn`` (B), ``bonuses``
(N), ``unlocked`` (black, white, purple), ``agora_first``, ``laurels`` (sum), ``to_move``,
``pending`` count, ``pending_head`` one-hot (bonus, extra ticks, extra action).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from sevenwonders.dice import components as c
from sevenwonders.dice.state import ChooseBonus, ExtraTicks, Phase, SeatState
from sevenwonders.dice.view import DiceView
from sevenwonders.rl.observations import Array, Layout

_PHASES = (Phase.ACTION, Phase.FOLLOW_UP, Phase.OVER)


class DiceEncoder:
    def __init__(self, game: Any) -> None:
        t = game.tables
        self.players = n = game.players
        self._sheet = {sheet: i for i, sheet in enumerate(t.sheet_ids)}
        self._boxes = max(len(s.boxes) for s in t.sheets.values())
        self._bonuses = max(len(s.bonuses) for s in t.sheets.values())
        self._areas = len(t.area_costs)
        L = self.layout = Layout()
        self._turn = L.add("turn", 1)
        self._phase = L.add("phase", 3)
        self._agora = L.add("agora_claimed", 1)
        self._final = L.add("final_turn", 1)
        self._die: dict[str, tuple[int, dict[str, int]]] = {}
        for die in c.DIE_IDS:
            faces = sorted(set(t.faces.get(die, ())))
            self._die[die] = (L.add(f"die_{die}", 1 + self._areas + len(faces)),
                              {face: i for i, face in enumerate(faces)})
        B = self._boxes
        self.seat_width = len(self._sheet) + 1 + 2 * B + self._bonuses + 3 + 7
        self._seats = L.add("seats", n * self.seat_width)
        self.size = L.size
        self._memo: tuple[Any, Any, Any, Array] | None = None
        # every sheet block in seat order, twice over (a seat's blocks in relative order are one
        # slice), refreshed per seat whose state or turn changed since the last view
        self._table = np.zeros(2 * n * self.seat_width, dtype=np.float32)
        self._table_key: list[tuple[SeatState | None, int]] = [(None, -1)] * n

    def _seat(self, s: SeatState, turn: int) -> Array:
        """A sheet block without ``to_move``."""
        row = np.zeros(self.seat_width, dtype=np.float32)
        row[self._sheet[s.sheet]] = 1
        at = len(self._sheet)
        row[at] = s.coins
        ticks = s.ticks
        row[at + 1:at + 1 + len(ticks)] = [tick != 0 for tick in ticks]
        at += 1 + self._boxes
        if turn in ticks:
            row[at:at + len(ticks)] = [tick == turn for tick in ticks]
        at += self._boxes
        row[at:at + len(s.bonuses)] = [bonus != 0 for bonus in s.bonuses]
        at += self._bonuses
        for k, die in enumerate(c.SPECIAL_DICE):
            if die in s.unlocked:
                row[at + k] = 1
        at += 3
        row[at] = s.agora_first
        row[at + 1] = sum(s.laurels.values())
        # at + 2 is to_move, filled per state
        row[at + 3] = len(s.pending)
        if s.pending:
            head = s.pending[0]
            row[at + 4 + (0 if isinstance(head, ChooseBonus) else
                          1 if isinstance(head, ExtraTicks) else 2)] = 1
        return row

    def _public(self, view: DiceView) -> tuple[Array, Array]:
        """The header and the doubled sheet table: the same in every seat's view of one state
        (memoised on the state's ``seats`` tuple, which every view shares)."""
        memo = self._memo
        key = (view.turn, view.phase, view.to_move, view.agora_claimed, view.final_turn)
        if memo is not None and memo[0] is view.seats and memo[1] is view.forum \
                and memo[2] == key:
            return memo[3], self._table
        head = np.zeros(self._seats, dtype=np.float32)
        head[self._turn] = view.turn
        head[self._phase + _PHASES.index(view.phase)] = 1
        head[self._agora] = view.agora_claimed
        head[self._final] = view.final_turn
        for rolled in view.forum:
            at, faces = self._die[rolled.die]
            head[at] = 1
            head[at + 1 + rolled.area] = 1
            head[at + 1 + self._areas + faces[rolled.face]] = 1
        table, w, n = self._table, self.seat_width, self.players
        done = self._table_key
        move_at = w - 5
        for seat, s in enumerate(view.seats):
            if done[seat][0] is not s or done[seat][1] != view.turn:
                row = self._seat(s, view.turn)
                table[seat * w:(seat + 1) * w] = row
                table[(seat + n) * w:(seat + n + 1) * w] = row
                done[seat] = (s, view.turn)
            moving = seat in view.to_move
            table[seat * w + move_at] = moving
            table[(seat + n) * w + move_at] = moving
        self._memo = (view.seats, view.forum, key, head)
        return head, table

    def encode(self, view: DiceView) -> Array:
        head, rows = self._public(view)
        out = np.empty(self.size, dtype=np.float32)
        out[:self._seats] = head
        w, seat = self.seat_width, view.seat
        out[self._seats:] = rows[seat * w:(seat + self.players) * w]
        return out
