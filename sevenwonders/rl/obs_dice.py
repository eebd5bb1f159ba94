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
from sevenwonders.rl.observations import Array, Layout, relative_order

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
        self._rows: dict[int, tuple[SeatState, int, Array]] = {}
        self._order = relative_order(n)
        self._memo: tuple[Any, Any, Any, tuple[Array, Array]] | None = None

    def _seat(self, s: SeatState, turn: int) -> Array:
        """A sheet block without ``to_move`` (memoised: unchanged seats keep their object)."""
        found = self._rows.get(id(s))
        if found is not None and found[0] is s and found[1] == turn:
            return found[2]
        row = np.zeros(self.seat_width, dtype=np.float32)
        row[self._sheet[s.sheet]] = 1
        at = len(self._sheet)
        row[at] = s.coins
        ticks = np.asarray(s.ticks, dtype=np.int64)
        row[at + 1:at + 1 + len(ticks)] = ticks != 0
        at += 1 + self._boxes
        row[at:at + len(ticks)] = ticks == turn
        at += self._boxes
        row[at:at + len(s.bonuses)] = np.asarray(s.bonuses) != 0
        at += self._bonuses
        for k, die in enumerate(c.SPECIAL_DICE):
            row[at + k] = die in s.unlocked
        at += 3
        row[at] = s.agora_first
        row[at + 1] = sum(s.laurels.values())
        # at + 2 is to_move, filled per view
        row[at + 3] = len(s.pending)
        if s.pending:
            head = s.pending[0]
            row[at + 4 + (0 if isinstance(head, ChooseBonus) else
                          1 if isinstance(head, ExtraTicks) else 2)] = 1
        if len(self._rows) > 4096:
            self._rows.clear()
        self._rows[id(s)] = (s, turn, row)
        return row

    def _public(self, view: DiceView) -> tuple[Array, Array]:
        """The header and every sheet block, in seat order: the same in every seat's view of
        one state (memoised on the state's ``seats`` tuple, which every view shares)."""
        memo = self._memo
        if (memo is not None and memo[0] is view.seats and memo[1] is view.forum
                and memo[2] == (view.turn, view.phase, view.to_move, view.agora_claimed,
                                view.final_turn)):
            return memo[3]
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
        rows = np.stack([self._seat(s, view.turn) for s in view.seats])
        rows[:, self.seat_width - 5] = [seat in view.to_move for seat in range(self.players)]
        both = (head, rows)
        self._memo = (view.seats, view.forum, (view.turn, view.phase, view.to_move,
                                               view.agora_claimed, view.final_turn), both)
        return both

    def encode(self, view: DiceView) -> Array:
        head, rows = self._public(view)
        out = np.empty(self.size, dtype=np.float32)
        out[:self._seats] = head
        out[self._seats:] = rows[self._order[view.seat]].ravel()
        return out
