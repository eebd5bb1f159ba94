"""Architects' observation, from an ArchitectsView.

Layout (``K`` card kinds, ``T`` progress tokens, ``E`` optional wonder effects, ``W`` wonders,
``n`` seats, seats relative to the observer): ``turn``, ``decision`` one-hot (take, actions,
token, alexandria, halicarnassus, pick, effect, over), ``central_size``, ``central_top`` (K; only
the cat's holder sees it, at the start of its turn), ``face_up`` tokens (T), ``token_pile_size``,
``conflict_flipped``, ``conflict_total``, ``cat`` (n, relative), ``current`` (n, relative),
``revealed`` (K, cards Halicarnassus shows this seat), ``revealed_count``, ``revealed_deck``
(n, relative), ``token_reason`` (science, babylon), ``effect`` (E), ``turn_flags`` (K kinds taken
this turn + a stage built), ``used`` (T), ``owed`` (T), ``discard`` (K), then per seat a city
block: ``wonder`` (W), ``built`` stages (2d 2s 3d 3s 4d), ``cards`` (K), ``tokens`` (T),
``military``, ``shields``, ``deck_size``, ``deck_top`` (K; wonder decks lie face up). Then what
the seat remembers (``view.memory``, perfect recall): ``memory_central_top`` (K, the central
deck's top card the seat saw through the cat while it stays on top) and ``memory_deck_tops``
(n x K, relative: per wonder deck the kinds the seat knows lie on top, order unknown).
"""

from __future__ import annotations

from array import array
from typing import Any

import numpy as np

from sevenwonders.architects.data import STAGE_KEYS
from sevenwonders.architects.state import BUILT_FLAG
from sevenwonders.architects.view import ArchitectsView, CityView
from sevenwonders.encoding.observations import FLOAT32, Array, Layout

_DECISIONS = ("take", "actions", "token", "alexandria", "halicarnassus", "pick", "effect", "over")


class ArchitectsEncoder:
    def __init__(self, game: Any) -> None:
        t = game.tables
        self.players = n = game.players
        self._kind = {kind: i for i, kind in enumerate(t.kind_ids)}
        self._token = {token: i for i, token in enumerate(sorted(t.tokens))}
        self._effect = {e: i for i, e in enumerate(sorted(set(t.effect.values()) - {"none"}))}
        self._wonder = {w: i for i, w in enumerate(t.wonder_ids)}
        self._stage = {key: i for i, key in enumerate(STAGE_KEYS)}
        K, T, W = len(self._kind), len(self._token), len(self._wonder)
        L = self.layout = Layout()
        self._turn = L.add("turn", 1)
        self._decision = L.add("decision", len(_DECISIONS))
        self._central_size = L.add("central_size", 1)
        self._central_top = L.add("central_top", K)
        self._face_up = L.add("face_up", T)
        self._pile = L.add("token_pile_size", 1)
        self._flipped = L.add("conflict_flipped", 1)
        self._conflicts = L.add("conflict_total", 1)
        self._cat = L.add("cat", n)
        self._current = L.add("current", n)
        self._revealed = L.add("revealed", K)
        self._revealed_count = L.add("revealed_count", 1)
        self._revealed_deck = L.add("revealed_deck", n)
        self._reason = L.add("token_reason", 2)
        self._effect_at = L.add("effect", len(self._effect))
        self._flags = L.add("turn_flags", K + 1)
        self._used = L.add("used", T)
        self._owed = L.add("owed", T)
        self._discard = L.add("discard", K)
        self.city_width = W + len(STAGE_KEYS) + 2 * K + T + 3
        self._cities = L.add("cities", n * self.city_width)
        self._memory = L.add("memory_central_top", K)
        L.add("memory_deck_tops", n * K)
        self.size = L.size
        self._no_memory = bytes(4 * (n + 1) * K)
        self._flag_rows: dict[int, array[float]] = {}
        # Every city's block with its deck, in seat order, twice over: seat s's cities in
        # relative order are the slice from block s (memoised on the city and deck views,
        # which the game shares between the views of one state and between successive states).
        self._table = array("f", bytes(4 * 2 * n * self.city_width))
        self._table_bytes = self._table.tobytes()
        self._table_key: tuple[Any, ...] = ()
        self._discard_memo: tuple[tuple[str, ...] | None, array[float]] = (
            None, array("f", bytes(4 * K)))
        self._deck_at = self.city_width - K - 1  # deck_size, then deck_top
        self._zeros = bytes(4 * self._cities)  # the seat's own segments, before the cities
        self._zero_city = array("f", bytes(4 * self.city_width))

    def _city(self, table: array[float], at: int, city: CityView) -> None:
        """Write a city's block without its deck at ``at`` of ``table`` (only for a city that
        changed: see :meth:`_cities_table`)."""
        table[at:at + self.city_width] = self._zero_city
        table[at + self._wonder[city.wonder]] = 1
        at += len(self._wonder)
        for key in city.built:
            table[at + self._stage[key]] = 1
        at += len(self._stage)
        kind = self._kind
        for name in city.cards:
            table[at + kind[name]] += 1
        at += len(kind)
        token = self._token
        for name in city.tokens:
            table[at + token[name]] += 1
        at += len(token)
        table[at] = city.military
        table[at + 1] = city.shields

    def _flags_row(self, flags: int) -> array[float]:
        """``turn_flags``: the kinds taken this turn, then whether a stage was built."""
        row = self._flag_rows.get(flags)
        if row is None:
            K = len(self._kind)
            row = array("f", [(flags >> k) & 1 for k in range(K)] + [bool(flags & BUILT_FLAG)])
            self._flag_rows[flags] = row
        return row

    def _cities_table(self, view: ArchitectsView) -> bytes:
        """The doubled city table of ``view``'s state, refreshed for the cities and decks that
        changed since the last view (tuple comparison: identical views compare at C speed,
        equal ones encode the same)."""
        old_cities, old_decks = self._table_key or ((), ())
        if view.cities == old_cities and view.decks == old_decks:
            return self._table_bytes
        table, w, n, kind = self._table, self.city_width, self.players, self._kind
        top = self._deck_at
        fresh = len(old_cities) != n
        for seat, (city, deck) in enumerate(zip(view.cities, view.decks, strict=True)):
            if not fresh and old_cities[seat] is city and old_decks[seat] is deck:
                continue
            at = seat * w
            self._city(table, at, city)
            table[at + top] = deck.size
            if deck.top is not None:
                table[at + top + 1 + kind[deck.top]] = 1
            table[(seat + n) * w:(seat + n + 1) * w] = table[at:at + w]
        self._table_key = (view.cities, view.decks)
        self._table_bytes = table.tobytes()
        return self._table_bytes

    def _counts(self, names: tuple[str, ...]) -> array[float]:
        """Card counts per kind of ``names`` (the discard pile; memoised on the tuple, which
        successive views share while the pile does not change)."""
        memo = self._discard_memo
        if memo[0] is names:
            return memo[1]
        row = array("f", bytes(4 * len(self._kind)))
        kind = self._kind
        for name in names:
            row[kind[name]] += 1
        self._discard_memo = (names, row)
        return row

    def encode(self, view: ArchitectsView) -> Array:
        out = array("f", self._zeros)
        n, seat = self.players, view.seat
        kind, token = self._kind, self._token
        out[self._turn] = view.turn
        out[self._decision + _DECISIONS.index(view.decision)] = 1
        out[self._central_size] = view.central_size
        if view.central_top is not None:
            out[self._central_top + kind[view.central_top]] = 1
        for name in view.face_up:
            out[self._face_up + token[name]] += 1
        if view.token_pile_size:
            out[self._pile] = view.token_pile_size
        if view.conflict_flipped:
            out[self._flipped] = view.conflict_flipped
        out[self._conflicts] = view.conflict_total
        if view.cat is not None:
            out[self._cat + (view.cat - seat) % n] = 1
        out[self._current + (view.current - seat) % n] = 1
        for name in view.revealed:
            out[self._revealed + kind[name]] += 1
        if view.revealed_count:
            out[self._revealed_count] = view.revealed_count
        if view.revealed_deck is not None:
            at = next(i for i, city in enumerate(view.cities)
                      if city.wonder == view.revealed_deck)
            out[self._revealed_deck + (at - seat) % n] = 1
        if view.token_reason is not None:
            out[self._reason + (view.token_reason == "babylon")] = 1
        if view.effect is not None:
            out[self._effect_at + self._effect[view.effect]] = 1
        if view.turn_flags:
            flags = self._flags
            out[flags:flags + len(kind) + 1] = self._flags_row(view.turn_flags)
        for name in view.used:
            out[self._used + token[name]] = 1
        for name in view.owed:
            out[self._owed + token[name]] = 1
        if view.discard:
            out[self._discard:self._discard + len(kind)] = self._counts(view.discard)
        w = 4 * self.city_width  # bytes
        buffer = bytearray(out)
        buffer += memoryview(self._cities_table(view))[seat * w:(seat + n) * w]
        buffer += self._memory_bytes(view)
        return np.frombuffer(buffer, FLOAT32)

    def _memory_bytes(self, view: ArchitectsView) -> bytes:
        """The memory segments of ``view`` (zeros while the seat knows no face-down card)."""
        memory = view.memory
        if memory.central_top is None and not any(memory.deck_tops):
            return self._no_memory
        n, kinds, kind = self.players, len(self._kind), self._kind
        out = array("f", self._no_memory)
        if memory.central_top is not None:
            out[kind[memory.central_top]] = 1
        for deck, names in enumerate(memory.deck_tops):
            at = kinds * (1 + (deck - view.seat) % n)
            for name in names:
                out[at + kind[name]] += 1
        return out.tobytes()
