"""Which moves a seat may choose in each pending decision (DE rulebook "Spielablauf"; reference
architects.md 3.4), and the payment situations behind the builds it may make.

Decisions: take a card from the left, right or central deck; then in any order build every
affordable stage (mandatory: "Falls du alle Ressourcen zur Vollendung eines Bauabschnitts..."),
take a progress token for each science set (mandatory: "Falls du 2 gleiche oder 3 verschiedene
Wissenschaftssymbole..."), take the extra cards progress tokens give ("Effekte der
Fortschrittsmarker"); the choices wonder powers ask for (architects/powers.py). Payments are
listed by architects/payment.py. This is the reference: it remembers nothing (the speed layer,
architects/fast/, answers the same questions from its memory and is tested equal to this).
"""

from __future__ import annotations

from sevenwonders.architects.moves import (
    SOURCES,
    Alexandria,
    Build,
    ChooseToken,
    EndTurn,
    Extra,
    Halicarnassus,
    Move,
    Pay,
    Pick,
    Science,
    Skip,
    Source,
    Take,
    UseEffect,
)
from sevenwonders.architects.payment import stage_payments
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
take, architects/fast/take.py, asks for the options of the state it made)."""
Payments = tuple[tuple[Build, ...], bool, tuple[Pay, ...]]
"""A stage's builds, whether one of them is forced, and what each spends."""
Situation = tuple[tuple[Move, ...], tuple[Move, ...], bool, tuple[Pay, ...]]
"""A city's builds and science sets as offered, the same without ``end``, whether one of them
is owed, and what each build (the first moves) spends."""

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
        # The engine's own moves of the small decisions, made once (handed out only as copies).
        self._extra = {(token, source): Extra(token, source)
                       for token in tables.tokens for source in SOURCES}
        self._choose = {token: ChooseToken(token) for token in (*tables.tokens, HIDDEN)}
        self._pick = {kind: Pick(kind) for kind in tables.kind_ids}
        self._alexandria = {deck: Alexandria(deck) for deck in (*tables.wonder_ids, "central")}
        self._halicarnassus = {side: Halicarnassus(side) for side in SOURCES}

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

    def usable(self, tokens: tuple[str, ...], used: tuple[str, ...]) -> tuple[bool, bool]:
        """Whether an economy token and an engineering token not ``used`` this turn are held
        (each works once per turn: "Effekte der Fortschrittsmarker")."""
        t = self.t
        economy = any(token in t.economy for token in tokens if token not in used)
        engineering = any(token in t.engineering for token in tokens if token not in used)
        return economy, engineering

    def stage_payments(self, stage: str, res: tuple[int, ...], gold: int, economy: bool,
                       engineering: bool) -> Payments:
        """The builds of ``stage`` with these grey and gold cards and usable tokens (the
        payment rule, architects/payment.py, under this game's options)."""
        o, t = self.opts, self.t
        return stage_payments(
            stage, res, gold, economy, engineering, o.economy_splits, o.economy_forces_build,
            o.engineering_forces_build, t.letters, t.gold_letter,
            gold_for_any=o.gold_for_any_resource)

    def situation(self, city: City, used: tuple[str, ...], tokens_left: bool) -> Situation:
        """The builds and science sets open to ``city`` with the tokens ``used`` this turn:
        every stage open now with each way to pay it, ``end`` unless a build is forced, and
        the science sets (all owed) while progress tokens are left."""
        t = self.t
        res, gold, sci = self.counts(city)
        economy, engineering = self.usable(city.tokens, used)
        moves: list[Move] = []
        spends: list[Pay] = []
        mandatory = False
        for key in t.available[city.wonder][t.built_mask(city.built)]:
            builds, forced, pays = self.stage_payments(key, res, gold, economy, engineering)
            moves.extend(builds)
            spends.extend(pays)
            mandatory = mandatory or forced
        free = tuple(moves)
        science = tuple(Science(s) for s in self.science_sets(sci)) if tokens_left else ()
        if science:  # a science set is owed
            offered = (*free, *science)
            return offered, offered, True, tuple(spends)
        if free and not mandatory:
            return (*free, _END), free, mandatory, tuple(spends)
        return free, free, mandatory, tuple(spends)

    def pay_for(self, city: City, used: tuple[str, ...], move: Build) -> Pay:
        """What the legal ``move`` of ``city`` spends, with the tokens ``used`` this turn."""
        found = self.situation(city, used, False)
        return found[3][found[1].index(move)]

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
        found = self.situation(w.cities[seat], w.used, bool(w.face_up or w.token_pile))
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
