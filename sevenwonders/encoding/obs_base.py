"""The base game's observation (2nd or 1st edition, with or without Edifice), from a BaseView.

Layout (``C`` card names of the edition in alphabetical order, ``W`` wonders, ``n`` seats):
``age`` one-hot (3), ``turn``, ``over``, ``discard_size``, ``pending`` one-hot (none, build from
discard, play last card, expansion decision), ``hand`` (count per card, C), ``tucked`` (own cards
under the wonder, C), ``discard`` (C; filled only while this seat builds from the discard pile, as
the view shows it), then per seat in relative order a city block: ``cards`` (C), ``coins``,
``stages``, ``victory_points`` (sum of military victory tokens), ``defeats`` (count of defeat
tokens), ``wonder`` one-hot (W), ``side`` one-hot (A/day, B/night), ``hand_size``, ``to_move``,
``income`` (coins received this turn), ``built_this_turn``, ``stages_this_turn``,
``free_build_used`` (Olympia's power used this Age), ``deferred`` (coin effects still owed).
With Edifice: per Age the ``project`` one-hot (all projects), ``pawns_left``, ``outcome`` one-hot
(open, completed, failed); per seat in relative order ``participates`` (3 Ages), ``holds_pawn``
(3), ``debt_points``, ``debt_tokens``, ``rewards``. Then what the seat remembers (``view.memory``,
perfect recall): ``memory_hands`` (per seat in relative order, C: the cards the seat knows to be
among the hand that seat holds now), ``memory_seen`` (per seat in relative order: 1 if the seat
has seen that hand this Age), ``memory_discard`` (C: the cards it knows lie in the discard pile).
"""

from __future__ import annotations

from array import array
from typing import Any

import numpy as np

from sevenwonders.base.state import PendingKind
from sevenwonders.base.view import BaseView
from sevenwonders.edifice.state import EdificeState
from sevenwonders.encoding.index_base import wonders
from sevenwonders.encoding.observations import FLOAT32, Array, Layout

_PENDING = {None: 0, PendingKind.BUILD_FROM_DISCARD: 1, PendingKind.PLAY_LAST_CARD: 2,
            PendingKind.EXPANSION: 3}
_SIDE = {"a": 0, "day": 0, "b": 1, "night": 1}
_OUTCOMES = ("open", "completed", "failed")


class BaseEncoder:
    def __init__(self, game: Any) -> None:
        self.players = n = game.players
        cards = sorted(game.edition.cards)
        self._card = {name: i for i, name in enumerate(cards)}
        self._wonder = {name: i for i, name in enumerate(sorted({w.name for w in wonders(game)}))}
        C, W = len(cards), len(self._wonder)
        edifice = next((e for e in game.expansions if e.name == "edifice"), None)
        self._edifice_at = -1
        layout = self.layout = Layout()
        self._age = layout.add("age", 3)
        self._turn = layout.add("turn", 1)
        self._over = layout.add("over", 1)
        self._discard_size = layout.add("discard_size", 1)
        self._pending = layout.add("pending", 4)
        self._hand = layout.add("hand", C)
        self._tucked = layout.add("tucked", C)
        self._discard = layout.add("discard", C)
        # a city block, offsets relative to its start
        self._c_cards, self._c_coins, self._c_stages = 0, C, C + 1
        self._c_vp, self._c_defeats, self._c_wonder = C + 2, C + 3, C + 4
        self._c_side = C + 4 + W
        self._c_hand, self._c_move, self._c_income = C + W + 6, C + W + 7, C + W + 8
        self._c_built, self._c_stages_now, self._c_free = C + W + 9, C + W + 10, C + W + 11
        self._c_deferred = C + W + 12
        self.city_width = C + W + 13
        self._cities = layout.add("cities", n * self.city_width)
        if edifice is not None:
            self._project = {name: i for i, name in enumerate(sorted(edifice.catalogue))}
            P = len(self._project)
            self._edifice_at = layout.add("edifice_projects", 3 * (P + 4))
            self._edifice_cities = layout.add("edifice_cities", n * 9)
        self._memory = layout.add("memory_hands", n * C)
        layout.add("memory_seen", n)
        layout.add("memory_discard", C)
        self.size = layout.size
        self._memory_zeros = bytes(4 * (n * C + n + C))
        self._prefix = bytes(4 * self._cities)  # zeros: age ... discard
        self._memo: tuple[Any, ...] = ()
        self._rows = b""  # every city's block in seat order, twice over
        self._edifice_public = b""
        self._edifice_rows = b""

    def _city_rows(self, view: BaseView) -> bytes:
        """Every city's block in seat order, twice over (blocks ``n`` to ``2n - 1`` repeat the
        first ``n``, so that a seat's blocks in relative order are one slice): the same for
        every seat's view of a state. Written into an ``array('f')``: a Python write there
        costs a fraction of a write into a numpy array."""
        n, w = self.players, self.city_width
        rows = array("f", bytes(4 * n * w))
        card, wonder = self._card, self._wonder
        deferred = [seat for seat, _ in view.deferred]
        hand_sizes, to_move, age = view.hand_sizes, view.to_move, view.age
        for seat, city in enumerate(view.cities):
            at = seat * w
            for name in city.cards:
                rows[at + card[name]] += 1
            rows[at + self._c_coins] = city.coins
            rows[at + self._c_stages] = city.stages
            tokens = city.tokens
            if tokens:
                rows[at + self._c_vp] = sum(t for t in tokens if t > 0)
                rows[at + self._c_defeats] = sum(1 for t in tokens if t < 0)
            rows[at + self._c_wonder + wonder[city.wonder]] = 1
            rows[at + self._c_side + _SIDE.get(city.side, 0)] = 1
            rows[at + self._c_hand] = hand_sizes[seat]
            rows[at + self._c_move] = seat in to_move
            rows[at + self._c_income] = city.income
            rows[at + self._c_built] = len(city.built_this_turn)
            rows[at + self._c_stages_now] = city.stages_this_turn
            rows[at + self._c_free] = city.free_build_age == age
            if deferred:
                rows[at + self._c_deferred] = deferred.count(seat)
        once = rows.tobytes()
        return once + once

    def _edifice(self, view: BaseView) -> tuple[bytes, bytes]:
        """Edifice's public block (projects) and its per-seat rows (twice over, as the cities'
        blocks)."""
        state = next(e for e in view.expansions if isinstance(e, EdificeState))
        P = len(self._project)
        public = array("f", bytes(4 * 3 * (P + 4)))
        for age in range(3):
            base = age * (P + 4)
            public[base + self._project[state.projects[age]]] = 1
            public[base + P] = state.pawns_left[age]
            public[base + P + 1 + _OUTCOMES.index(state.outcomes[age])] = 1
        rows = array("f", bytes(4 * self.players * 9))
        for age in range(3):
            for seat in state.participants[age]:
                rows[9 * seat + age] = 1
            for seat in state.holders[age]:
                rows[9 * seat + 3 + age] = 1
        for seat in range(self.players):
            rows[9 * seat + 6] = sum(state.debts[seat])
            rows[9 * seat + 7] = len(state.debts[seat])
            rows[9 * seat + 8] = len(state.rewards[seat])
        once = rows.tobytes()
        return public.tobytes(), once + once

    def _public(self, view: BaseView) -> None:
        """Refresh the blocks every seat's view of a state shares, when ``view`` is of a new
        state (the game hands every seat the same ``cities`` tuple for one state)."""
        memo = self._memo
        if (memo and memo[0] is view.cities and memo[1] == view.hand_sizes
                and memo[2] == view.to_move and memo[3] == view.deferred
                and memo[4] == view.age and memo[5] == view.expansions):
            return
        self._memo = (view.cities, view.hand_sizes, view.to_move, view.deferred, view.age,
                      view.expansions)
        self._rows = self._city_rows(view)
        if self._edifice_at >= 0:
            self._edifice_public, self._edifice_rows = self._edifice(view)

    def scales(self) -> Array:
        """Each entry's normalising scale (``normalize=True``): a typical value over its
        scale lies in [0, 1]; one-hots and card counts keep scale 1."""
        out = np.ones(self.size, FLOAT32)
        out[self._turn] = 7  # turns of an Age
        out[self._discard_size] = 20
        w = self.city_width
        for seat in range(self.players):
            at = self._cities + seat * w
            for offset, scale in ((self._c_coins, 10), (self._c_stages, 4), (self._c_vp, 10),
                                  (self._c_defeats, 3), (self._c_hand, 7),
                                  (self._c_income, 5)):
                out[at + offset] = scale
        if self._edifice_at >= 0:
            P = len(self._project)
            for age in range(3):
                out[self._edifice_at + age * (P + 4) + P] = 7  # pawns left
            for seat in range(self.players):
                at = self._edifice_cities + 9 * seat
                out[at + 6], out[at + 7], out[at + 8] = 5, 3, 3  # debt points, tokens, rewards
        return out

    def encode(self, view: BaseView) -> Array:
        self._public(view)
        out = array("f", self._prefix)
        out[view.age - 1] = 1
        if view.turn:
            out[self._turn] = view.turn
        if view.over:
            out[self._over] = 1
        if view.discard_size:
            out[self._discard_size] = view.discard_size
        out[self._pending + _PENDING[view.pending]] = 1
        card = self._card
        at = self._hand
        for name in view.hand:
            out[at + card[name]] += 1
        at = self._tucked
        for name in view.tucked:
            out[at + card[name]] += 1
        at = self._discard
        for name in view.discard:
            out[at + card[name]] += 1
        n, seat, w = self.players, view.seat, 4 * self.city_width  # bytes from here on
        buffer = bytearray(out)
        buffer += memoryview(self._rows)[seat * w:(seat + n) * w]
        if self._edifice_at >= 0:
            buffer += self._edifice_public
            buffer += memoryview(self._edifice_rows)[seat * 36:(seat + n) * 36]
        buffer += self._memory_bytes(view)
        return np.frombuffer(buffer, FLOAT32)

    def _memory_bytes(self, view: BaseView) -> bytes:
        """The memory segments of ``view``."""
        memory = view.memory
        out = array("f", self._memory_zeros)
        n, card, seat = self.players, self._card, view.seat
        C = len(card)
        seen = n * C
        for holder, cards in enumerate(memory.hands):
            if cards is None:
                continue
            k = (holder - seat) % n
            out[seen + k] = 1
            at = k * C
            for name in cards:
                out[at + card[name]] += 1
        at = seen + n
        for name in memory.discard:
            out[at + card[name]] += 1
        return out.tobytes()
