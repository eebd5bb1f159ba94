"""Lookup tables computed once per game from the data files and the rule options.

The rules read plain tuples and dicts from here so that the hot path (legal moves, playing a
move) does no parsing and no validation.

Cards get integer ids: the decks in the order of ``decks.toml`` (the seven wonder decks, then the
central deck), each deck's cards grouped by kind in the order of ``cards.toml``. A card's kind
depends on the options only through the Babylon deck variant.
"""

from __future__ import annotations

from typing import Any

from sevenwonders.architects.data import STAGE_KEYS, ArchitectsData, stage_cost
from sevenwonders.architects.options import RuleOptions
from sevenwonders.architects.powers import (
    Economy,
    Engineering,
    ExtraCard,
    TokenPower,
    TokenShields,
    WonderPower,
    token_power,
    wonder_power,
)

NO_SLOT = -1


class Tables:
    """Everything the rules look up, indexed by small integers."""

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as what it is built from (a compiled class has no ``__dict__``)."""
        return Tables, (self.data, self.options, self.players)

    def __init__(self, data: ArchitectsData, options: RuleOptions, players: int) -> None:
        self.data = data
        self.options = options
        self.players = players
        self.conflict_total = data.setup.conflicts(players)

        kinds = data.kinds
        self.kind_ids: tuple[str, ...] = tuple(k.id for k in kinds)
        self.kind_index: dict[str, int] = {k.id: i for i, k in enumerate(kinds)}
        resources = [i for i, k in enumerate(kinds) if k.resource]
        sciences = [i for i, k in enumerate(kinds) if k.science]
        self.resource_kinds: tuple[int, ...] = tuple(resources)
        """Kind index of each resource slot (stone, brick, wood, glass, papyrus)."""
        self.science_kinds: tuple[int, ...] = tuple(sciences)
        self.gold_kind: int = next(i for i, k in enumerate(kinds) if k.coins)
        self.res_slot: tuple[int, ...] = tuple(
            resources.index(i) if i in resources else NO_SLOT for i in range(len(kinds)))
        self.sci_slot: tuple[int, ...] = tuple(
            sciences.index(i) if i in sciences else NO_SLOT for i in range(len(kinds)))
        self.letters: tuple[str, ...] = tuple(kinds[i].letter for i in resources)
        self.gold_letter: str = kinds[self.gold_kind].letter
        self.letter_slot: dict[str, int] = {letter: s for s, letter in enumerate(self.letters)}
        self.vp: tuple[int, ...] = tuple(k.vp for k in kinds)
        self.cat: tuple[bool, ...] = tuple(k.cat for k in kinds)
        self.shields: tuple[int, ...] = tuple(k.shields for k in kinds)
        self.horns: tuple[int, ...] = tuple(k.horns for k in kinds)
        self._cards(data, options)
        self._wonders(data)
        self._tokens(data)

    def _cards(self, data: ArchitectsData, options: RuleOptions) -> None:
        """Cards: ids per deck name, kind per id."""
        card_kind: list[int] = []
        self.deck_cards: dict[str, tuple[int, ...]] = {}
        for deck in data.decks:
            variant = options.babylon_deck if deck == "babylon" else None
            counts = data.deck(deck, variant)
            start = len(card_kind)
            for kind_id in self.kind_ids:
                card_kind.extend([self.kind_index[kind_id]] * counts.get(kind_id, 0))
            self.deck_cards[deck] = tuple(range(start, len(card_kind)))
        self.card_kind: tuple[int, ...] = tuple(card_kind)
        origin = [""] * len(card_kind)
        for deck, cards in self.deck_cards.items():
            for card in cards:
                origin[card] = deck
        self.card_origin: tuple[str, ...] = tuple(origin)
        """The deck each card comes from (its back): a wonder id or ``"central"``."""
        self.card_kind_id: tuple[str, ...] = tuple(self.kind_ids[k] for k in self.card_kind)
        """The name of each card's kind (what views show)."""

    def _wonders(self, data: ArchitectsData) -> None:
        """Wonders: stage keys -> bit, available stages per built mask."""
        self.stage_bit: dict[str, int] = {key: 1 << i for i, key in enumerate(STAGE_KEYS)}
        self.stage_cost: dict[str, tuple[int, bool]] = {key: stage_cost(key) for key in STAGE_KEYS}
        self.wonder_ids: tuple[str, ...] = tuple(w.id for w in data.wonders)
        self.effect: dict[str, str] = {w.id: w.effect for w in data.wonders}
        """The name of each wonder's effect, as events and moves show it."""
        self.power: dict[str, WonderPower] = {
            w.id: wonder_power(w, data.setup) for w in data.wonders}
        self.power_by_name: dict[str, WonderPower] = {
            w.effect: self.power[w.id] for w in data.wonders}
        self.stage_vp: dict[str, dict[str, int]] = {}
        self.stage_effect: dict[str, dict[str, bool]] = {}
        self.available: dict[str, tuple[tuple[str, ...], ...]] = {}
        for wonder in data.wonders:
            self.stage_vp[wonder.id] = {s.key: s.vp for s in wonder.stages}
            self.stage_effect[wonder.id] = {s.key: s.effect for s in wonder.stages}
            table: list[tuple[str, ...]] = []
            for mask in range(1 << len(STAGE_KEYS)):
                table.append(tuple(
                    s.key for s in wonder.stages
                    if not mask & self.stage_bit[s.key]
                    and all(mask & self.stage_bit[n] for n in s.needs)))
            self.available[wonder.id] = tuple(table)
        self.full_mask = (1 << len(STAGE_KEYS)) - 1

    def _tokens(self, data: ArchitectsData) -> None:
        """Progress tokens: typed powers, and what the hot path asks of them as plain
        lookups."""
        self.tokens = {t.id: t for t in data.tokens}
        self.token_power: dict[str, TokenPower] = {t.id: token_power(t) for t in data.tokens}
        self.token_pile: tuple[str, ...] = tuple(
            t.id for t in data.tokens for _ in range(t.copies))
        extra = {tid: p for tid, p in self.token_power.items() if isinstance(p, ExtraCard)}
        self.extra_tokens: tuple[str, ...] = tuple(extra)
        self.take_trigger: dict[str, int] = {
            tid: sum(1 << self.kind_index[k] for k in p.on_take) for tid, p in extra.items()}
        self.build_trigger: frozenset[str] = frozenset(
            tid for tid, p in extra.items() if p.on_build)
        self.token_shields: dict[str, int] = {
            tid: p.shields for tid, p in self.token_power.items() if isinstance(p, TokenShields)}
        self.economy: frozenset[str] = frozenset(
            tid for tid, p in self.token_power.items() if isinstance(p, Economy))
        self.engineering: frozenset[str] = frozenset(
            tid for tid, p in self.token_power.items() if isinstance(p, Engineering))

    def wonder_deck(self, wonder: str) -> tuple[int, ...]:
        return self.deck_cards[wonder]

    def all_cards(self, wonders: tuple[str, ...]) -> tuple[int, ...]:
        """Every card id in a game with these wonders."""
        out: list[int] = []
        for wonder in wonders:
            out.extend(self.deck_cards[wonder])
        out.extend(self.deck_cards["central"])
        return tuple(out)

    def built_mask(self, built: tuple[str, ...]) -> int:
        mask = 0
        for key in built:
            mask |= self.stage_bit[key]
        return mask
