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

from array import array
from typing import Any

import numpy as np

from sevenwonders.dice import components as c
from sevenwonders.dice.state import ChooseBonus, ExtraTicks, Phase, SeatState
from sevenwonders.dice.view import DiceView
from sevenwonders.encoding.observations import FLOAT32, Array, Layout

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
        self._memo: tuple[Any, Any, Any, bytes] | None = None
        # every sheet block in seat order, twice over (a seat's blocks in relative order are one
        # slice), refreshed per seat whose state or turn changed since the last view
        w = self.seat_width
        self._table = array("f", bytes(4 * 2 * n * w))
        self._table_bytes = b""
        self._table_key: list[tuple[SeatState | None, int]] = [(None, -1)] * n
        self._zero_seat = bytes(4 * w)
        # per seat: the last ticks and bonuses tuples met and their 0/1 segments, the last
        # laurels and their sum (successive states share these while the sheet does not change)
        self._flags: list[dict[int, tuple[Any, Any]]] = [{} for _ in range(n)]
        self._coins_at = len(self._sheet)
        self._bonus_at = self._coins_at + 1 + 2 * B
        self._unlocked_at = self._bonus_at + self._bonuses
        self.move_at = self._unlocked_at + 5

    def _ones(self, seat: int, which: int, values: tuple[int, ...]) -> array[float]:
        """``values != 0`` as floats, remembered per seat for the last tuple met (``which``: 0
        ticks, 1 bonuses)."""
        memo = self._flags[seat]
        found = memo.get(which)
        if found is not None and found[0] is values:
            ones: array[float] = found[1]
            return ones
        ones = array("f", [1.0 if value else 0.0 for value in values])
        memo[which] = (values, ones)
        return ones

    def _seat(self, seat: int, s: SeatState, turn: int) -> array[float]:
        """A sheet block without ``to_move``."""
        row = array("f", self._zero_seat)
        row[self._sheet[s.sheet]] = 1
        at = self._coins_at
        row[at] = s.coins
        ticks = s.ticks
        row[at + 1:at + 1 + len(ticks)] = self._ones(seat, 0, ticks)
        at += 1 + self._boxes
        if turn in ticks:  # the few boxes ticked this turn, found by C-level scans
            i = ticks.index(turn)
            while True:
                row[at + i] = 1
                try:
                    i = ticks.index(turn, i + 1)
                except ValueError:
                    break
        at = self._bonus_at
        bonuses = s.bonuses
        row[at:at + len(bonuses)] = self._ones(seat, 1, bonuses)
        at = self._unlocked_at
        if s.unlocked:
            for k, die in enumerate(c.SPECIAL_DICE):
                if die in s.unlocked:
                    row[at + k] = 1
        at += 3
        row[at] = s.agora_first
        laurels = s.laurels
        if laurels:
            memo = self._flags[seat]
            found = memo.get(2)
            if found is None or found[0] is not laurels:
                found = memo[2] = (laurels, sum(laurels.values()))
            row[at + 1] = found[1]
        # at + 2 is to_move, filled per state
        if s.pending:
            row[at + 3] = len(s.pending)
            head = s.pending[0]
            row[at + 4 + (0 if isinstance(head, ChooseBonus) else
                          1 if isinstance(head, ExtraTicks) else 2)] = 1
        return row

    def _public(self, view: DiceView) -> tuple[bytes, bytes]:
        """The header and the doubled sheet table: the same in every seat's view of one state
        (memoised on the state's ``seats`` tuple, which every view shares)."""
        memo = self._memo
        key = (view.turn, view.phase, view.to_move, view.agora_claimed, view.final_turn)
        if memo is not None and memo[0] is view.seats and memo[1] is view.forum \
                and memo[2] == key:
            return memo[3], self._table_bytes
        head = array("f", bytes(4 * self._seats))
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
        move_at = self.move_at
        to_move = view.to_move
        for seat, s in enumerate(view.seats):
            if done[seat][0] is not s or done[seat][1] != view.turn:
                row = self._seat(seat, s, view.turn)
                table[seat * w:(seat + 1) * w] = row
                table[(seat + n) * w:(seat + n + 1) * w] = row
                done[seat] = (s, view.turn)
            moving = seat in to_move
            table[seat * w + move_at] = moving
            table[(seat + n) * w + move_at] = moving
        self._table_bytes = table.tobytes()
        self._memo = (view.seats, view.forum, key, head.tobytes())
        return self._memo[3], self._table_bytes

    def encode(self, view: DiceView) -> Array:
        head, rows = self._public(view)
        w, seat = 4 * self.seat_width, view.seat  # bytes
        buffer = bytearray(head)
        buffer += memoryview(rows)[seat * w:(seat + self.players) * w]
        return np.frombuffer(buffer, FLOAT32)
