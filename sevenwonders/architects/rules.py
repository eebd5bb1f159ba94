"""The rules: which moves a decision allows, and what a move does.

A step thaws the frozen state into a :class:`Work` record, applies the move, then *advances*:
decisions with no option are passed (an empty deck choice lapses, a turn with nothing left to do
ends), and decisions with exactly one option are taken automatically, so a seat is only ever
asked when it has a real choice. The new state is frozen again at the end.

Turn order (rulebook "Spielablauf"): take a card, then in any order the seat chooses: build every
affordable stage (mandatory), take a progress token for each science set (mandatory), take the
extra cards progress tokens give (once per token per turn). Wonder effects apply as soon as their
stage is built; the cat and horns as soon as the card is taken. At the end of the turn a battle
is fought if the last conflict token was flipped, then the game ends if a wonder is complete
(or every deck is empty), else the left neighbour plays.
"""

from __future__ import annotations

from typing import Any

from sevenwonders.architects import events as ev
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
from sevenwonders.architects.scoring import score_sheets
from sevenwonders.architects.state import (
    BUILT_FLAG,
    Actions,
    ArchitectsState,
    City,
    DeckChoice,
    EffectChoice,
    Finished,
    Pending,
    Revealed,
    SideChoice,
    StartTurn,
    TokenChoice,
)
from sevenwonders.architects.tables import Tables
from sevenwonders.core.military import WIN, compare, neighbour_conflicts
from sevenwonders.core.rng import Rng
from sevenwonders.core.scoring import ranking
from sevenwonders.core.seats import Ring

CENTRAL = -1
"""Deck index of the central deck (wonder decks are indexed by their owner's seat)."""
HIDDEN = "hidden"

_START = StartTurn()
_ACTIONS = Actions()
_FINISHED = Finished()
_SKIP = Skip()
_END = EndTurn()
_TAKES = {source: Take(source) for source in SOURCES}
_TAKE_SETS: tuple[tuple[Move, ...], ...] = tuple(
    tuple(_TAKES[s] for i, s in enumerate(SOURCES) if mask >> i & 1) for mask in range(8))
"""The take moves for each set of non-empty decks (bit 0 left, 1 right, 2 central)."""

Events = list[Any] | None


class Work:
    """A mutable copy of a state's fields, for the duration of one step."""

    __slots__ = (
        "cat",
        "central",
        "cities",
        "current",
        "decks",
        "discard",
        "face_up",
        "flags",
        "flipped",
        "peeked",
        "pending",
        "rng",
        "token_pile",
        "triggered",
        "turn",
        "used",
    )

    def __init__(self, s: ArchitectsState) -> None:
        self.cities: list[City] = list(s.cities)
        self.decks: list[tuple[int, ...]] = list(s.decks)
        self.central = s.central
        self.discard = s.discard
        self.face_up = s.face_up
        self.token_pile = s.token_pile
        self.flipped = s.flipped
        self.cat = s.cat
        self.current = s.current
        self.turn = s.turn
        self.pending: Pending = s.pending
        self.triggered = s.triggered
        self.used = s.used
        self.flags = s.flags
        self.peeked = s.peeked
        self.rng = s.rng

    def freeze(self) -> ArchitectsState:
        return ArchitectsState(
            tuple(self.cities), tuple(self.decks), self.central, self.discard, self.face_up,
            self.token_pile, self.flipped, self.cat, self.current, self.turn, self.pending,
            self.rng, self.triggered, self.used, self.flags, self.peeked)


class Engine:
    """The rules of one game configuration (player count and options)."""

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
        self._pay_cache: dict[tuple[str, tuple[int, ...], int, bool, bool],
                              tuple[tuple[Build, ...], bool, tuple[Pay, ...]]] = {}

    # ----------------------------------------------------------------- set-up

    def setup(self, seed: int) -> ArchitectsState:
        t = self.t
        rng = Rng.from_seed(seed)
        wonders = self.opts.wonders
        if wonders is None:
            wonders, rng = rng.sample(t.wonder_ids, self.n)
        decks = []
        for wonder in wonders:
            deck, rng = rng.shuffle(t.wonder_deck(wonder))
            decks.append(deck)
        central, rng = rng.shuffle(t.deck_cards["central"])
        pile, rng = rng.shuffle(t.token_pile)
        shown = t.data.setup.face_up_tokens
        face_up = tuple(reversed(pile[-shown:]))
        pile = pile[:-shown]
        work = Work(ArchitectsState(
            cities=tuple(City(w) for w in wonders), decks=tuple(decks), central=central,
            discard=(), face_up=face_up, token_pile=pile, flipped=0, cat=None, current=0,
            turn=1, pending=_START, rng=rng))
        return work.freeze()

    # ----------------------------------------------------------------- helpers

    def deck_index(self, seat: int, source: Source) -> int:
        if source is Source.LEFT:
            return seat
        if source is Source.RIGHT:
            return self.right[seat]
        return CENTRAL

    def _sources(self, w: Work, seat: int) -> list[Source]:
        out = []
        if w.decks[seat]:
            out.append(Source.LEFT)
        if w.decks[self.right[seat]]:
            out.append(Source.RIGHT)
        if w.central:
            out.append(Source.CENTRAL)
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
                gold: int) -> list[tuple[tuple[Build, ...], bool, tuple[Pay, ...]]]:
        """For each stage the seat may build next: its builds, whether one is forced, and what
        each build spends."""
        t = self.t
        economy = engineering = False
        if city.tokens:
            used = w.used
            for token in city.tokens:
                if token not in used:
                    if token in t.economy:
                        economy = True
                    elif token in t.engineering:
                        engineering = True
        cache = self._pay_cache
        out = []
        for key in t.available[city.wonder][t.built_mask(city.built)]:
            entry = (key, res, gold, economy, engineering)
            found = cache.get(entry)
            if found is None:
                o = self.opts
                found = stage_payments(
                    key, res, gold, economy, engineering, o.economy_splits,
                    o.economy_forces_build, o.engineering_forces_build, t.letters, t.gold_letter,
                    gold_for_any=o.gold_for_any_resource)
                if len(cache) < 200_000:
                    cache[entry] = found
            out.append(found)
        return out

    # ----------------------------------------------------------------- options

    def options(self, w: Work) -> tuple[Move, ...]:
        """The legal moves of the seat to move in ``w``'s pending decision."""
        pending = w.pending
        seat = w.current
        kind = type(pending)
        if kind is StartTurn:
            right = self.right[seat]
            return _TAKE_SETS[(w.decks[seat] != ()) | (w.decks[right] != ()) << 1
                              | (w.central != ()) << 2]
        if kind is Actions:
            return self._action_options(w, seat)
        moves: list[Move]
        if isinstance(pending, TokenChoice):
            moves = []
            for token in w.face_up:
                choice = ChooseToken(token)
                if choice not in moves:
                    moves.append(choice)
            if w.token_pile:
                moves.append(ChooseToken(HIDDEN))
            if moves and not self.mandatory_effects and pending.reason == "babylon":
                moves.append(_SKIP)
            return tuple(moves)
        if kind is DeckChoice:
            moves = [Alexandria(w.cities[i].wonder) for i in range(self.n) if w.decks[i]]
            if w.central:
                moves.append(Alexandria("central"))
            if moves and not self.mandatory_effects:
                moves.append(_SKIP)
            return tuple(moves)
        if kind is SideChoice:
            moves = [Halicarnassus(s) for s in self._sources(w, seat) if s is not Source.CENTRAL]
            if moves and not self.mandatory_effects:
                moves.append(_SKIP)
            return tuple(moves)
        if isinstance(pending, Revealed):
            kinds: list[Move] = []
            for card in pending.cards:
                pick = Pick(self.t.kind_ids[self.t.card_kind[card]])
                if pick not in kinds:
                    kinds.append(pick)
            return tuple(kinds)
        if isinstance(pending, EffectChoice):
            effect = pending.effect
            if self.effect_possible(w, seat, effect):
                return (UseEffect(effect), _SKIP)
            return ()
        return ()

    def _action_options(self, w: Work, seat: int) -> tuple[Move, ...]:
        city = w.cities[seat]
        res, gold, sci = self.counts(city)
        moves: list[Move] = []
        mandatory = False
        for builds, forced, _ in self._builds(w, city, res, gold):
            moves.extend(builds)
            mandatory = mandatory or forced
        if (w.face_up or w.token_pile) and (sci[0] > 1 or sci[1] > 1 or sci[2] > 1 or all(sci)):
            for symbols in self.science_sets(sci):
                moves.append(Science(symbols))
            mandatory = True
        if w.triggered:
            sources = self._sources(w, seat)
            if sources:
                # Extra cards are owed like every action (rulebook "Spielablauf": the turn ends
                # when no action is left) unless the option reads "kannst ... einsetzen".
                mandatory = mandatory or not self.opts.extra_cards_optional
                for token in w.triggered:
                    for source in sources:
                        moves.append(Extra(token, source))
        if moves and not mandatory:
            moves.append(_END)
        return tuple(moves)

    # ----------------------------------------------------------------- stepping

    def advance(self, w: Work, out: Events) -> tuple[Move, ...]:
        """Pass empty decisions and take forced ones until a seat has a real choice."""
        while True:
            moves = self.options(w)
            if len(moves) > 1:
                return moves
            if moves:
                self.apply(w, moves[0], out)
                continue
            kind = type(w.pending)
            if kind is Finished:
                return ()
            if kind is Actions:
                self.end_turn(w, out)
            else:  # nothing to take or choose: the decision lapses
                if kind is not StartTurn and out is not None:
                    out.append(ev.EffectApplied(w.current, self._effect_name(w), used=False))
                w.pending = _ACTIONS

    def _effect_name(self, w: Work) -> str:
        pending = w.pending
        if isinstance(pending, EffectChoice):
            return pending.effect
        return self.t.effect[w.cities[w.current].wonder]

    def apply(self, w: Work, move: Move, out: Events) -> None:
        """Apply a legal move (not checked here) to ``w``."""
        seat = w.current
        if type(move) is Take:  # the most frequent move, ahead of the pattern matching
            index = self.deck_index(seat, move.source)
            # The cat holder peeked at the central top card; it stays known while on top.
            w.peeked = w.cat == seat and index != CENTRAL and bool(w.central)
            self.draw(w, seat, index, "turn", out)
            w.pending = _ACTIONS
            return
        match move:
            case Build():
                self.build(w, seat, move, out)
            case Science(symbols):
                self.science(w, seat, symbols, out)
            case ChooseToken(token):
                self.take_token(w, seat, token, out)
            case Extra(token, source):
                w.triggered = tuple(x for x in w.triggered if x != token)
                w.used = (*w.used, token)
                self.draw(w, seat, self.deck_index(seat, source), token, out)
                w.pending = _ACTIONS
            case Alexandria(deck):
                index = CENTRAL if deck == "central" else next(
                    i for i, city in enumerate(w.cities) if city.wonder == deck)
                self.draw(w, seat, index, "alexandria", out, self.opts.wonder_cards_trigger)
                w.pending = _ACTIONS
            case Halicarnassus(side):
                self.reveal(w, seat, side, out)
            case Pick(card):
                self.pick(w, seat, card, out)
            case UseEffect(effect):
                self.simple_effect(w, seat, effect, out)
                w.pending = _ACTIONS
            case Skip():
                if out is not None:
                    out.append(ev.EffectApplied(seat, self._effect_name(w), used=False))
                w.pending = _ACTIONS
            case EndTurn():
                self.end_turn(w, out)

    # ----------------------------------------------------------------- cards

    def draw(self, w: Work, seat: int, index: int, reason: str, out: Events,
             trigger: bool = True) -> bool:
        """Take the top card of deck ``index`` for ``seat``; False if the deck is empty."""
        deck = w.central if index == CENTRAL else w.decks[index]
        if not deck:
            return False
        card = deck[-1]
        if index == CENTRAL:
            w.central = deck[:-1]
            w.peeked = False
        else:
            w.decks[index] = deck[:-1]
        source = "central" if index == CENTRAL else w.cities[index].wonder
        self.place(w, seat, card, source, reason, out, trigger)
        return True

    def place(self, w: Work, seat: int, card: int, source: str, reason: str, out: Events,
              trigger: bool = True) -> None:
        """Put ``card`` in front of ``seat`` and apply what taking it triggers."""
        t = self.t
        city = w.cities[seat]
        w.cities[seat] = City(city.wonder, city.built, (*city.cards, card), city.tokens,
                              city.military)
        kind = t.card_kind[card]
        if out is not None:
            out.append(ev.CardTaken(seat, t.kind_ids[kind], source, reason))
        if not trigger:
            return
        if t.cat[kind] and w.cat != seat:
            if out is not None:
                out.append(ev.CatMoved(seat, w.cat))
            w.cat = seat
        horns = t.horns[kind]
        if horns and w.flipped < t.conflict_total:
            count = min(horns, t.conflict_total - w.flipped)
            w.flipped += count
            if out is not None:
                out.append(ev.ConflictFlipped(seat, count, w.flipped, t.conflict_total))
        if city.tokens:
            bit = 1 << kind
            take_trigger = t.take_trigger
            for token in city.tokens:
                mask = take_trigger.get(token, 0)
                if mask & bit and token not in w.used and token not in w.triggered:
                    w.triggered = (*w.triggered, token)
        w.flags |= 1 << kind

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

    # ----------------------------------------------------------------- actions

    def build(self, w: Work, seat: int, move: Build, out: Events) -> None:
        t = self.t
        city = w.cities[seat]
        res, gold, _ = self.counts(city)
        pay = None
        for builds, _, pays in self._builds(w, city, res, gold):
            if builds and builds[0].stage == move.stage:
                pay = pays[builds.index(move)]
                break
        assert pay is not None
        removed: list[int] = []
        cards = city.cards
        for slot, count in enumerate(pay.greys):
            cards = self._remove(cards, t.resource_kinds[slot], count, removed)
        cards = self._remove(cards, t.gold_kind, pay.gold, removed)
        w.discard = (*w.discard, *removed)
        used = list(w.used)
        for flag, tokens in ((pay.economy, t.economy), (pay.engineering, t.engineering)):
            if flag:
                used.append(next(x for x in city.tokens if x in tokens and x not in used))
        w.used = tuple(used)
        city = City(city.wonder, (*city.built, move.stage), cards, city.tokens, city.military)
        w.cities[seat] = city
        if out is not None:
            out.append(ev.StageBuilt(seat, city.wonder, move.stage,
                                     tuple(t.kind_ids[t.card_kind[c]] for c in removed),
                                     pay.economy, pay.engineering))
        for token in city.tokens:
            if token in t.build_trigger and token not in w.used and token not in w.triggered:
                w.triggered = (*w.triggered, token)
        w.flags |= BUILT_FLAG
        w.pending = _ACTIONS
        if t.stage_effect[city.wonder][move.stage]:
            self.stage_effect(w, seat, t.effect[city.wonder], out)

    def stage_effect(self, w: Work, seat: int, effect: str, out: Events) -> None:
        """A built stage's effect, applied at once (choices become pending decisions)."""
        if effect == "rhodes":
            if out is not None:
                out.append(ev.EffectApplied(seat, effect))
        elif effect == "alexandria":
            w.pending = DeckChoice()
        elif effect == "babylon":
            w.pending = TokenChoice("babylon")
        elif effect == "halicarnassus":
            w.pending = SideChoice()
        elif effect in ("ephesus", "olympia"):
            if self.mandatory_effects:
                self.simple_effect(w, seat, effect, out)
            else:
                w.pending = EffectChoice(effect)

    def effect_possible(self, w: Work, seat: int, effect: str) -> bool:
        """Whether Ephesus or Olympia would take any card now."""
        if effect == "ephesus":
            return bool(w.central)
        left, right = w.decks[seat], w.decks[self.right[seat]]
        if self.opts.olympia_one_deck:
            return bool(left or right)
        return bool(left and right)

    def simple_effect(self, w: Work, seat: int, effect: str, out: Events) -> None:
        """Ephesus (top of the central deck) or Olympia (tops of the left and right decks);
        an empty deck gives nothing."""
        possible = self.effect_possible(w, seat, effect)
        if out is not None:
            out.append(ev.EffectApplied(seat, effect, used=possible))
        if not possible:
            return
        trigger = self.opts.wonder_cards_trigger
        if effect == "ephesus":
            self.draw(w, seat, CENTRAL, effect, out, trigger)
        else:
            self.draw(w, seat, seat, effect, out, trigger)
            self.draw(w, seat, self.right[seat], effect, out, trigger)

    def science(self, w: Work, seat: int, symbols: tuple[str, ...], out: Events) -> None:
        t = self.t
        city = w.cities[seat]
        removed: list[int] = []
        cards = city.cards
        for symbol in dict.fromkeys(symbols):
            cards = self._remove(cards, t.kind_index[symbol], symbols.count(symbol), removed)
        w.discard = (*w.discard, *removed)
        w.cities[seat] = City(city.wonder, city.built, cards, city.tokens, city.military)
        if out is not None:
            out.append(ev.ScienceUsed(seat, symbols))
        w.pending = TokenChoice("science")

    def take_token(self, w: Work, seat: int, choice: str, out: Events) -> None:
        t = self.t
        reason = w.pending.reason if isinstance(w.pending, TokenChoice) else "science"
        revealed = None
        if choice == HIDDEN:
            token = w.token_pile[-1]
            w.token_pile = w.token_pile[:-1]
        else:
            token = choice
            i = w.face_up.index(token)
            if w.token_pile:
                revealed = w.token_pile[-1]
                w.token_pile = w.token_pile[:-1]
                w.face_up = (*w.face_up[:i], revealed, *w.face_up[i + 1:])
            else:
                w.face_up = (*w.face_up[:i], *w.face_up[i + 1:])
        city = w.cities[seat]
        w.cities[seat] = City(city.wonder, city.built, city.cards, (*city.tokens, token),
                              city.military)
        if out is not None:
            out.append(ev.TokenTaken(seat, token, choice == HIDDEN, revealed, reason))
        if self.opts.retroactive_tokens and token not in w.used and token not in w.triggered:
            fired = w.flags & t.take_trigger.get(token, 0) or (
                token in t.build_trigger and w.flags & BUILT_FLAG)
            if fired:
                w.triggered = (*w.triggered, token)
        w.pending = _ACTIONS

    def reveal(self, w: Work, seat: int, side: Source, out: Events) -> None:
        index = self.deck_index(seat, side)
        deck = w.decks[index]
        count = min(self.t.data.setup.halicarnassus_reveal, len(deck))
        w.decks[index] = deck[:-count]
        w.pending = Revealed(index, tuple(reversed(deck[-count:])))
        if out is not None:
            out.append(ev.EffectApplied(seat, "halicarnassus"))
            out.append(ev.CardsRevealed(seat, w.cities[index].wonder, count))

    def pick(self, w: Work, seat: int, kind_id: str, out: Events) -> None:
        t = self.t
        pending = w.pending
        assert isinstance(pending, Revealed)
        kind = t.kind_index[kind_id]
        cards = list(pending.cards)
        chosen = next(c for c in cards if t.card_kind[c] == kind)
        cards.remove(chosen)
        index = pending.deck
        if self.opts.halicarnassus_shuffle == "deck":
            deck, w.rng = w.rng.shuffle((*w.decks[index], *cards))
        else:
            rest, w.rng = w.rng.shuffle(cards)
            deck = (*w.decks[index], *rest)
        w.decks[index] = deck
        w.pending = _ACTIONS
        name = w.cities[index].wonder
        self.place(w, seat, chosen, name, "halicarnassus", out, self.opts.wonder_cards_trigger)
        if out is not None:
            out.append(ev.DeckShuffled(name, len(deck)))

    # ----------------------------------------------------------------- end of turn

    def shields(self, city: City) -> int:
        t = self.t
        total = 0
        shields, kind_of = t.shields, t.card_kind
        for card in city.cards:
            total += shields[kind_of[card]]
        if t.effect[city.wonder] == "rhodes":
            effects = t.stage_effect[city.wonder]
            total += t.data.setup.rhodes_shields * sum(effects[key] for key in city.built)
        for token in city.tokens:
            total += t.token_shields.get(token, 0)
        return total

    def battle_gains(self, shields: tuple[int, ...]) -> tuple[int, ...]:
        """Military victory tokens won by each seat for these shield totals: one per neighbour
        with fewer shields; with two players, the two-player rule instead."""
        if self.n == 2:
            return tuple(_two_player_gain(shields[s], shields[1 - s]) for s in range(2))
        return tuple(outcomes.count(WIN) for outcomes in neighbour_conflicts(shields, self.ring))

    def battle(self, w: Work, out: Events) -> None:
        t = self.t
        shields = tuple(self.shields(city) for city in w.cities)
        won = self.battle_gains(shields)
        discarded = []
        for seat, city in enumerate(w.cities):
            removed: list[int] = []
            keep: list[int] = []
            for card in city.cards:
                (removed if t.horns[t.card_kind[card]] else keep).append(card)
            discarded.append(len(removed))
            w.discard = (*w.discard, *removed)
            w.cities[seat] = City(city.wonder, city.built, tuple(keep), city.tokens,
                                  city.military + won[seat])
        w.flipped = 0
        if out is not None:
            out.append(ev.Battle(shields, won, tuple(discarded)))

    def end_turn(self, w: Work, out: Events) -> None:
        t = self.t
        if w.flipped >= t.conflict_total:
            self.battle(w, out)
        if out is not None:
            out.append(ev.TurnEnded(w.current, w.turn))
        reason = None
        # Only the seat whose turn ends can have completed its wonder (built keys are distinct).
        if len(w.cities[w.current].built) == len(t.stage_bit):
            reason = "wonder_complete"
        elif not w.central and not any(w.decks):
            reason = "decks_empty"
        w.triggered = ()
        w.used = ()
        w.flags = 0
        w.peeked = False
        if reason is not None:
            w.pending = _FINISHED
            if out is not None:
                sheets = score_sheets(t, w.cities, w.cat)
                out.append(ev.GameEnded(reason, tuple(s.total for s in sheets), ranking(sheets)))
            return
        w.current = self.next_seat[w.current]
        w.turn += 1
        w.pending = _START


def _two_player_gain(own: int, other: int) -> int:
    """Two players (FR rulebook p.5): more shields win 1 token, at least twice as many win 2;
    against 0 shields, 1 shield wins 1 and 2 or more win 2."""
    if compare(own, other) != WIN:
        return 0
    return 2 if own >= 2 * other and own >= 2 else 1
