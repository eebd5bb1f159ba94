"""Which moves a seat may choose in each pending decision (DE rulebook "Spielablauf"; reference
architects.md 3.4), and the payment situations behind the builds it may make.

Decisions: take a card from the left, right or central deck; then in any order build every
affordable stage (mandatory: "Falls du alle Ressourcen zur Vollendung eines Bauabschnitts..."),
take a progress token for each science set (mandatory: "Falls du 2 gleiche oder 3 verschiedene
Wissenschaftssymbole..."), take the extra cards progress tokens give ("Effekte der
Fortschrittsmarker"); the choices wonder powers ask for (architects/powers.py). Payments are
listed by architects/payment.py and remembered in the game's cache (architects/cache.py).
"""

from __future__ import annotations

from typing import Any

from sevenwonders.architects.cache import PAYMENTS, ArchitectsCache, Payments, Situation
from sevenwonders.architects.data import STAGE_KEYS, stage_cost
from sevenwonders.architects.moves import (
    SOURCES,
    Alexandria,
    Build,
    ChooseToken,
    EndTurn,
    Extra,
    Halicarnassus,
    Move,
    Pick,
    Science,
    Skip,
    Source,
    Take,
    UseEffect,
)
from sevenwonders.architects.payment import Pay, stage_payments
from sevenwonders.architects.powers import TakeCentralCard
from sevenwonders.architects.state import (
    Actions,
    ArchitectsState,
    City,
    DeckChoice,
    EffectChoice,
    Finished,
    Revealed,
    SideChoice,
    StartTurn,
    TokenChoice,
)
from sevenwonders.architects.tables import Tables
from sevenwonders.architects.work import Work
from sevenwonders.core.seats import Ring

Readable = Work | ArchitectsState
"""What the moves of a decision are read from: the step's scratch record, or a state (the fast
take, architects/fast.py, asks for the options of the state it made)."""

CENTRAL = -1
"""Deck index of the central deck (wonder decks are indexed by their owner's seat)."""
HIDDEN = "hidden"

_LEFT, _RIGHT, _CENTRAL = SOURCES  # an enum member read from a module global: no class lookup
_START = StartTurn()
_ACTIONS = Actions()
_FINISHED = Finished()
_SKIP = Skip()
_END = EndTurn()
TAKES: dict[Source, Move] = {source: Take(source) for source in SOURCES}
"""The engine's own take moves (handed out only as copies)."""
SCIENCE_CHOICE = TokenChoice("science")
_TAKE_SETS: tuple[tuple[Move, ...], ...] = tuple(
    tuple(TAKES[s] for i, s in enumerate(SOURCES) if mask >> i & 1) for mask in range(8))
"""The take moves for each set of non-empty decks (bit 0 left, 1 right, 2 central)."""

LARGEST_STAGE = max(stage_cost(key)[0] for key in STAGE_KEYS)
"""The most cards a stage costs (4: "4d")."""


class LegalMoves:
    """The moves of one game configuration (player count and options)."""

    def __init__(self, tables: Tables) -> None:
        self.t = tables
        self.n = tables.players
        self.ring = Ring(tables.players)
        # A seat's left deck is its own wonder's; its right deck is its right neighbour's.
        self.right: tuple[int, ...] = tuple(self.ring.right(s) for s in self.ring.seats)
        self.next_seat: tuple[int, ...] = tuple(self.ring.left(s) for s in self.ring.seats)
        self.opts = tables.options
        self.mandatory_effects = tables.options.wonder_effects_mandatory
        # Per card id: 0-4 resource slot, 5 gold, 6-8 science slot, 9 anything else.
        tally = []
        for kind in tables.card_kind:
            if tables.res_slot[kind] >= 0:
                tally.append(tables.res_slot[kind])
            elif kind == tables.gold_kind:
                tally.append(5)
            elif tables.sci_slot[kind] >= 0:
                tally.append(6 + tables.sci_slot[kind])
            else:
                tally.append(9)
        self._tally_slot: tuple[int, ...] = tuple(tally)
        self._science_names: tuple[str, ...] = tuple(
            tables.kind_ids[k] for k in tables.science_kinds)
        self._pack(len(tables.card_kind))
        # The engine's own moves of the small decisions, made once (handed out only as copies).
        self._extra = {(token, source): Extra(token, source)
                       for token in tables.tokens for source in SOURCES}
        self._choose = {token: ChooseToken(token) for token in (*tables.tokens, HIDDEN)}
        self._pick = {kind: Pick(kind) for kind in tables.kind_ids}
        self._alexandria = {deck: Alexandria(deck) for deck in (*tables.wonder_ids, "central")}
        self._halicarnassus = {side: Halicarnassus(side) for side in SOURCES}
        self.cache = ArchitectsCache()

    def _pack(self, cards: int) -> None:
        """The same tally packed into one integer (speed only): slot ``i`` is the bit field
        ``i * width`` up, wide enough for every card of the game plus one spare bit, so that
        each field can be capped at once. Gold is capped at the largest cost of the stages open
        and greys at what :meth:`_stage_payments` keeps of them for the stages open (more
        changes no payment); greens at 2 (more makes no other science set)."""
        width = cards.bit_length() + 1
        top = 1 << width - 1
        self._tally_bit: tuple[int, ...] = tuple(
            0 if slot == 9 else 1 << width * slot for slot in self._tally_slot)
        self._cap_adds: dict[tuple[int, int], int] = {}
        """Per (grey cap, gold cap): added to a tally, it sets a field's top bit exactly when the
        field reached its cap."""
        self._caps: dict[tuple[int, int], int] = {}
        """Per (grey cap, gold cap): every field at its cap."""
        for grey in range(LARGEST_STAGE + 1):
            for gold in range(LARGEST_STAGE + 1):
                caps = (grey,) * 5 + (gold,) + (2,) * 3
                self._cap_adds[grey, gold] = sum(top - c << width * i for i, c in enumerate(caps))
                self._caps[grey, gold] = sum(c << width * i for i, c in enumerate(caps))
        self._cap_top = sum(top << width * i for i in range(9))
        self._cap_shift = width - 1
        self._field = (1 << width) - 1
        self._pay_mask = (1 << width * 6) - 1
        """The grey and gold fields: what payments depend on."""
        self._sci_shift = width * 6
        self._science: dict[int, tuple[Move, ...]] = {
            a | b << width | c << width * 2: tuple(
                Science(symbols) for symbols in self.science_sets((a, b, c)))
            for a in range(3) for b in range(3) for c in range(3)}
        """The science sets of each capped tally of green cards."""

    def _stages_open(self, wonder: str, built: tuple[str, ...]) -> tuple[int, int, int, int, int]:
        """The entry of ``cache.stages`` for a wonder with these stages built: the code of the
        stages open, and the constants capping a tally there without and with engineering."""
        t = self.t
        open_now = t.available[wonder][t.built_mask(built)]
        known = self.cache.open_stages
        if open_now not in known:
            known.append(open_now)
        costs = [t.stage_cost[key] for key in open_now]
        most = max((n for n, _ in costs), default=0)
        grey = max((self._grey_cap(n, same, False) for n, same in costs), default=0)
        entry = self.cache.stages[wonder, built] = (
            known.index(open_now), self._cap_adds[grey, most], self._caps[grey, most],
            self._cap_adds[most, most], self._caps[most, most])
        return entry

    @staticmethod
    def _grey_cap(n: int, same: bool, engineering: bool) -> int:
        """How many grey cards of one kind matter to the payments of a stage of ``n``
        resources (architects/payment.py): on an "identical" stage, or with engineering, up to
        ``n`` of a kind (never more is spent); on a "different" stage without engineering only
        whether the seat has the kind (one of each kind is spent, gold fills the rest)."""
        return n if same or engineering else 1

    def __getstate__(self) -> dict[str, Any]:
        """Pickle the rules without the cache (a worker builds its own)."""
        return {name: getattr(self, name) for name in self.__dict__ if name != "cache"}

    def __setstate__(self, data: dict[str, Any]) -> None:
        self.__dict__.update(data)
        self.cache = ArchitectsCache()

    # ----------------------------------------------------------------- helpers

    def deck_index(self, seat: int, source: Source) -> int:
        if source is _LEFT:
            return seat
        if source is _RIGHT:
            return self.right[seat]
        return CENTRAL

    def _sources(self, w: Readable, seat: int) -> list[Source]:
        return self.sources_of(w.decks, w.central, seat)

    def sources_of(self, decks: tuple[tuple[int, ...], ...] | list[tuple[int, ...]],
                   central: tuple[int, ...], seat: int) -> list[Source]:
        """The decks ``seat`` can take a card from."""
        out = []
        if decks[seat]:
            out.append(_LEFT)
        if decks[self.right[seat]]:
            out.append(_RIGHT)
        if central:
            out.append(_CENTRAL)
        return out

    def counts(self, city: City) -> tuple[tuple[int, ...], int, tuple[int, ...]]:
        """Grey cards per resource slot, gold cards, green cards per science slot."""
        tally = [0] * 10
        slot_of = self._tally_slot
        for card in city.cards:
            tally[slot_of[card]] += 1
        return (tally[0], tally[1], tally[2], tally[3], tally[4]), tally[5], (
            tally[6], tally[7], tally[8])

    def science_sets(self, sci: tuple[int, ...]) -> list[tuple[str, ...]]:
        names = self._science_names
        sets: list[tuple[str, ...]] = [(names[i], names[i]) for i in range(len(sci))
                                       if sci[i] >= 2]
        if all(sci):
            sets.append(names)
        return sets

    def _builds(self, w: Work, city: City, res: tuple[int, ...],
                gold: int) -> tuple[Payments, ...]:
        """For each stage the seat may build next: its builds, whether one is forced, and what
        each build spends (each stage's payments remembered in the cache)."""
        return self._payments(city, w.used, res, gold)

    def _payments(self, city: City, used: tuple[str, ...], res: tuple[int, ...],
                  gold: int) -> tuple[Payments, ...]:
        """:meth:`_builds` for the progress tokens ``used`` this turn."""
        t = self.t
        economy = engineering = False
        if city.tokens:
            for token in city.tokens:
                if token not in used:
                    if token in t.economy:
                        economy = True
                    elif token in t.engineering:
                        engineering = True
        # A stage costs at most LARGEST_STAGE cards, so more of one resource or of gold changes
        # no payment: counts are capped there, and the situations stay few (speed only).
        if gold > LARGEST_STAGE:
            gold = LARGEST_STAGE
        if max(res) > LARGEST_STAGE:
            res = tuple([r if r <= LARGEST_STAGE else LARGEST_STAGE for r in res])
        return tuple(self._stage_payments(key, res, gold, economy, engineering)
                     for key in t.available[city.wonder][t.built_mask(city.built)])

    def _stage_payments(self, stage: str, res: tuple[int, ...], gold: int, economy: bool,
                        engineering: bool) -> Payments:
        n, same = self.t.stage_cost[stage]
        if gold > n:  # more changes no payment of this stage (see _grey_cap)
            gold = n
        cap = self._grey_cap(n, same, engineering)
        if max(res) > cap:
            res = tuple([r if r <= cap else cap for r in res])
        cache = self.cache.stage_payments
        key = (stage, res, gold, economy, engineering)
        found = cache.get(key)
        if found is None:
            o, t = self.opts, self.t
            found = stage_payments(
                stage, res, gold, economy, engineering, o.economy_splits,
                o.economy_forces_build, o.engineering_forces_build, t.letters, t.gold_letter,
                gold_for_any=o.gold_for_any_resource)
            if len(cache) >= PAYMENTS:
                cache.clear()
            cache[key] = found
        return found

    # ----------------------------------------------------------------- options

    def options(self, w: Readable) -> tuple[Move, ...]:
        """The legal moves of the seat to move in ``w``'s pending decision."""
        pending = w.pending
        seat = w.current
        kind = type(pending)
        if kind is StartTurn:
            right = self.right[seat]
            return _TAKE_SETS[(1 if w.decks[seat] else 0) | (2 if w.decks[right] else 0)
                              | (4 if w.central else 0)]
        if kind is Actions:
            return self._action_options(w, seat)
        moves: list[Move]
        if isinstance(pending, TokenChoice):
            return self.token_choices(w.face_up, w.token_pile, pending.reason)
        if kind is DeckChoice:
            alexandria = self._alexandria
            moves = [alexandria[w.cities[i].wonder] for i in range(self.n) if w.decks[i]]
            if w.central:
                moves.append(alexandria["central"])
            if moves and not self.mandatory_effects:
                moves.append(_SKIP)
            return tuple(moves)
        if kind is SideChoice:
            moves = [self._halicarnassus[s] for s in self._sources(w, seat)
                     if s is not _CENTRAL]
            if moves and not self.mandatory_effects:
                moves.append(_SKIP)
            return tuple(moves)
        if isinstance(pending, Revealed):
            kinds: list[str] = []
            for card in pending.cards:
                name = self.t.card_kind_id[card]
                if name not in kinds:
                    kinds.append(name)
            return tuple([self._pick[name] for name in kinds])
        if isinstance(pending, EffectChoice):
            effect = pending.effect
            if self.effect_possible(w, seat, effect):
                return (UseEffect(effect), _SKIP)
            return ()
        return ()

    def token_choices(self, face_up: tuple[str, ...], token_pile: tuple[str, ...],
                      reason: str) -> tuple[Move, ...]:
        """The progress tokens to choose from: each face-up one, the pile's hidden top."""
        shown: list[str] = []
        for token in face_up:
            if token not in shown:
                shown.append(token)
        if token_pile:
            shown.append(HIDDEN)
        choose = self._choose  # (a hand-made state may name other tokens: made then)
        moves: list[Move] = [choose.get(token) or ChooseToken(token) for token in shown]
        if moves and not self.mandatory_effects and reason == "babylon":
            moves.append(_SKIP)
        return tuple(moves)

    def _action_options(self, w: Readable, seat: int) -> tuple[Move, ...]:
        """The builds, science sets and extra cards open in the free-order part of a turn."""
        city = w.cities[seat]
        found = self.situation_of(city.wonder, city.built, city.cards, city.tokens, w.used,
                                  bool(w.face_up or w.token_pile))
        if not w.triggered:
            return found[0]
        return self.with_extras(found, w.triggered, self._sources(w, seat))

    def with_extras(self, found: Situation, triggered: tuple[str, ...],
                    sources: list[Source]) -> tuple[Move, ...]:
        """A situation's moves with the extra cards the ``triggered`` tokens owe."""
        if not sources:
            return found[0]
        moves = list(found[1])
        # Extra cards are owed like every action (rulebook "Spielablauf": the turn ends when no
        # action is left) unless the option reads "kannst ... einsetzen".
        mandatory = found[2] or not self.opts.extra_cards_optional
        extra = self._extra
        for token in triggered:
            for source in sources:
                moves.append(extra.get((token, source)) or Extra(token, source))
        if not mandatory:
            moves.append(_END)
        return tuple(moves)

    def situation_of(self, wonder: str, built: tuple[str, ...], cards: tuple[int, ...],
                     tokens: tuple[str, ...], used: tuple[str, ...],
                     tokens_left: bool) -> Situation:
        """The builds and science sets open to a city given by its parts (see
        :data:`.cache.Situation`; the parts, so that no city is made for a question).

        Builds depend only on the payment situation (the stages open, grey and gold cards
        counted up to what matters to those stages, see :meth:`_grey_cap`, the economy and
        engineering tokens not ``used`` this turn), so they are remembered per situation in the
        cache (shared by the wonders); science sets only on the green cards counted up to 2 and
        on whether a progress token can be taken.
        """
        cache = self.cache
        stages = cache.stages.get((wonder, built))
        if stages is None:
            stages = self._stages_open(wonder, built)
        usable = 0
        if tokens:
            t = self.t
            for token in tokens:
                if token not in used:
                    if token in t.economy:
                        usable |= 1
                    elif token in t.engineering:
                        usable |= 2
        tally = 0
        bit = self._tally_bit
        for card in cards:
            tally += bit[card]
        # the caps without (entries 1, 2) or with (3, 4) engineering usable
        over = ((tally + stages[3 if usable & 2 else 1]) & self._cap_top) >> self._cap_shift
        if over:  # a 1 at the bottom of each field that reached its cap
            fill = over * self._field
            tally = tally & ~fill | fill & stages[4 if usable & 2 else 2]
        key = (tally & self._pay_mask) << 12 | stages[0] << 2 | usable
        payments = cache.payments
        found = payments.get(key)
        if found is None:
            found = self._build_options(cache.open_stages[stages[0]], tally, usable)
            if len(payments) >= PAYMENTS:
                payments.clear()
            payments[key] = found
        cache.recent = (cards, built, tokens, used, wonder, found)
        if tokens_left:
            science = self._science[tally >> self._sci_shift]
            if science:  # a science set is owed
                moves = (*found[1], *science)
                return moves, moves, True, found[3]
        return found

    def pay_for(self, city: City, used: tuple[str, ...], move: Build) -> Pay:
        """What the legal ``move`` of ``city`` spends, with the tokens ``used`` this turn: from
        the last situation asked for if it was this city's (the legal moves a seat chooses a
        build from were just listed: speed only), else from its situation."""
        recent = self.cache.recent
        if (recent[0] is city.cards and recent[1] is city.built and recent[2] is city.tokens
                and recent[3] is used and recent[4] is city.wonder):
            found = recent[5]
        else:
            found = self.situation_of(city.wonder, city.built, city.cards, city.tokens, used,
                                      False)
        return found[3][found[1].index(move)]

    def _build_options(self, open_now: tuple[str, ...], tally: int, usable: int) -> Situation:
        """A payment situation's builds, worked out from the payment rule (each stage's
        payments remembered on their own, see :meth:`_stage_payments`)."""
        t = self.t
        width, field = self._cap_shift + 1, self._field
        res = tuple([tally >> width * slot & field for slot in range(len(t.resource_kinds))])
        gold = tally >> width * len(t.resource_kinds) & field
        moves: list[Move] = []
        spends: list[Pay] = []
        mandatory = False
        for key in open_now:
            builds, forced, pays = self._stage_payments(key, res, gold, bool(usable & 1),
                                                        bool(usable & 2))
            moves.extend(builds)
            spends.extend(pays)
            mandatory = mandatory or forced
        free = tuple(moves)
        if moves and not mandatory:
            return (*free, _END), free, mandatory, tuple(spends)
        return free, free, mandatory, tuple(spends)

    def _remove(self, cards: tuple[int, ...], kind: int, count: int,
                removed: list[int]) -> tuple[int, ...]:
        """``cards`` without the first ``count`` cards of ``kind`` (appended to ``removed``)."""
        if not count:
            return cards
        kind_of = self.t.card_kind
        keep: list[int] = []
        for card in cards:
            if count and kind_of[card] == kind:
                removed.append(card)
                count -= 1
            else:
                keep.append(card)
        return tuple(keep)

    def science_spend(self, cards: tuple[int, ...],
                      symbols: tuple[str, ...]) -> tuple[tuple[int, ...], list[int]]:
        """``cards`` without the green cards of a science set, and those cards (the first of
        each symbol, symbol by symbol)."""
        removed: list[int] = []
        for symbol in dict.fromkeys(symbols):
            cards = self._remove(cards, self.t.kind_index[symbol], symbols.count(symbol), removed)
        return cards, removed

    def spend(self, cards: tuple[int, ...], pay: Pay) -> tuple[tuple[int, ...], list[int]]:
        """``cards`` without those ``pay`` spends, and the spent cards: the first cards of each
        kind, in the order the seat has them, grouped by resource slot with gold last."""
        t = self.t
        left = [0] * len(t.kind_ids)
        for slot, count in enumerate(pay.greys):
            left[t.resource_kinds[slot]] = count
        left[t.gold_kind] = pay.gold
        kind_of = t.card_kind
        removed: list[int] = []
        kept: list[int] = []
        for card in cards:
            kind = kind_of[card]
            if left[kind]:
                left[kind] -= 1
                removed.append(card)
            else:
                kept.append(card)
        removed.sort(key=self._tally_slot.__getitem__)  # by resource slot, gold last (stable)
        return tuple(kept), removed

    def effect_possible(self, w: Readable, seat: int, effect: str) -> bool:
        """Whether the optional power named ``effect`` would take any card now."""
        if type(self.t.power_by_name[effect]) is TakeCentralCard:
            return bool(w.central)
        left, right = w.decks[seat], w.decks[self.right[seat]]
        if self.opts.olympia_one_deck:
            return bool(left or right)
        return bool(left and right)
