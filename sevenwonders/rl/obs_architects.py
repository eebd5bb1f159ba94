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
``military``, ``shields``, ``deck_size``, ``deck_top`` (K; wonder decks lie face up).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from sevenwonders.architects.data import STAGE_KEYS
from sevenwonders.architects.state import BUILT_FLAG
from sevenwonders.architects.view import ArchitectsView, CityView, DeckView
from sevenwonders.rl.observations import Array, Layout, relative_order

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
        self.size = L.size
        self._rows: dict[int, tuple[CityView, Array]] = {}
        self._bits = np.arange(K)
        self._order = relative_order(n)
        self._memo: tuple[tuple[CityView, ...], tuple[DeckView, ...], Array] | None = None

    def _city(self, city: CityView) -> Array:
        """A city's block without its deck (memoised: the game reuses unchanged city views)."""
        found = self._rows.get(id(city))
        if found is not None and found[0] is city:
            return found[1]
        row = np.zeros(self.city_width, dtype=np.float32)
        row[self._wonder[city.wonder]] = 1
        at = len(self._wonder)
        for key in city.built:
            row[at + self._stage[key]] = 1
        at += len(self._stage)
        for kind in city.cards:
            row[at + self._kind[kind]] += 1
        at += len(self._kind)
        for token in city.tokens:
            row[at + self._token[token]] += 1
        at += len(self._token)
        row[at] = city.military
        row[at + 1] = city.shields
        if len(self._rows) > 4096:
            self._rows.clear()
        self._rows[id(city)] = (city, row)
        return row

    def _city_rows(self, view: ArchitectsView) -> Array:
        """Every city's block with its deck, in seat order (memoised: every seat's view of one
        state holds the same city views and decks)."""
        memo = self._memo
        if (memo is not None and len(memo[0]) == len(view.cities)
                and all(a is b for a, b in zip(memo[0], view.cities, strict=True))
                and memo[1] == view.decks):
            return memo[2]
        kind = self._kind
        rows = np.stack([self._city(city) for city in view.cities])
        top = self.city_width - len(kind) - 1  # deck_size, then deck_top
        for other, deck in enumerate(view.decks):
            rows[other, top] = deck.size
            if deck.top is not None:
                rows[other, top + 1 + kind[deck.top]] = 1
        self._memo = (view.cities, view.decks, rows)
        return rows

    def encode(self, view: ArchitectsView) -> Array:
        out = np.zeros(self.size, dtype=np.float32)
        n, seat = self.players, view.seat
        kind, token = self._kind, self._token
        out[self._turn] = view.turn
        out[self._decision + _DECISIONS.index(view.decision)] = 1
        out[self._central_size] = view.central_size
        if view.central_top is not None:
            out[self._central_top + kind[view.central_top]] = 1
        for name in view.face_up:
            out[self._face_up + token[name]] += 1
        out[self._pile] = view.token_pile_size
        out[self._flipped] = view.conflict_flipped
        out[self._conflicts] = view.conflict_total
        if view.cat is not None:
            out[self._cat + (view.cat - seat) % n] = 1
        out[self._current + (view.current - seat) % n] = 1
        for name in view.revealed:
            out[self._revealed + kind[name]] += 1
        out[self._revealed_count] = view.revealed_count
        wonders = [city.wonder for city in view.cities]
        if view.revealed_deck is not None:
            out[self._revealed_deck + (wonders.index(view.revealed_deck) - seat) % n] = 1
        if view.token_reason is not None:
            out[self._reason + (view.token_reason == "babylon")] = 1
        if view.effect is not None:
            out[self._effect_at + self._effect[view.effect]] = 1
        flags = view.turn_flags
        out[self._flags:self._flags + len(kind)] = (flags >> self._bits) & 1
        out[self._flags + len(kind)] = bool(flags & BUILT_FLAG)
        for name in view.used:
            out[self._used + token[name]] = 1
        for name in view.owed:
            out[self._owed + token[name]] = 1
        for name in view.discard:
            out[self._discard + kind[name]] += 1
        out[self._cities:] = self._city_rows(view)[self._order[seat]].ravel()
        return out
