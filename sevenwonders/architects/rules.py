"""The rules: what a move does (the moves a decision allows: architects/legal.py, handed in).

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

from collections.abc import Callable
from typing import Any

from sevenwonders.architects import conflicts
from sevenwonders.architects import events as ev
from sevenwonders.architects.legal import (
    _ACTIONS,
    _FINISHED,
    _START,
    CENTRAL,
    HIDDEN,
    SCIENCE_CHOICE,
    LegalMoves,
)
from sevenwonders.architects.moves import (
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
from sevenwonders.architects.powers import (
    ChooseProgressToken,
    LookThroughDeck,
    StageShields,
    TakeCentralCard,
    TakeFromAnyDeck,
    TakeLeftAndRight,
)
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
from sevenwonders.architects.work import Work
from sevenwonders.core.rng import Rng
from sevenwonders.core.scoring import ranking

__all__ = ["CENTRAL", "HIDDEN", "Engine", "Events", "Work", "cat_after", "flip", "peeks"]

Events = list[Any] | None

POWER_DECISIONS: dict[type, Callable[[str], Pending]] = {
    TakeFromAnyDeck: lambda name: DeckChoice(),
    ChooseProgressToken: TokenChoice,
    LookThroughDeck: lambda name: SideChoice(),
}
"""The wonder powers that make the seat choose at once (DE rulebook "Effekte der Weltwunder":
Alexandria, Babylon, Halikarnassos), and the decision each leaves pending, given the effect's
name (the fast take, architects/fast/take.py, leaves the same)."""


def flip(flipped: int, horns: int, total: int) -> int:
    """Conflict tokens on their battle side after a card with ``horns`` is taken: one more per
    horn, never more than there are (DE rulebook "Konflikte": "drehe ... Konfliktmarker um")."""
    return min(flipped + horns, total)


def cat_after(cat: int | None, seat: int, card_has_cat: bool) -> int | None:
    """Who holds the cat after ``seat`` takes a card: the taker if the card shows the cat
    (rulebook "Die Katzenfigur")."""
    return seat if card_has_cat else cat


def peeks(cat: int | None, seat: int, index: int, central: tuple[int, ...]) -> bool:
    """Whether ``seat``, having taken from deck ``index``, knows the central deck's top card for
    the rest of its turn: the cat holder peeked at it at the start of the turn (rulebook "Die
    Katzenfigur verwenden"), and it stays known while it is on top (not taken)."""
    return cat == seat and index != CENTRAL and bool(central)


MakeCity = Callable[[str, tuple[str, ...], tuple[int, ...], tuple[str, ...], int], City]
"""Builds a city from its wonder, stages built, cards, tokens and military tokens: the class
itself, or the speed layer's draft builder (architects/fast/drafts.py, equal values)."""


class Engine:
    """The rules of one game configuration (player count and options); the legal moves of
    each decision come from ``moves`` (the reference, or the speed layer's remembering them),
    new cities from ``make_city``."""

    def __init__(self, moves: LegalMoves, make_city: MakeCity = City) -> None:
        self.moves = moves
        self.make_city = make_city
        self.t = moves.t
        self.n = moves.n
        self.ring = moves.ring
        self.right = moves.right
        self.next_seat = moves.next_seat
        self.opts = moves.opts
        self.mandatory_effects = moves.mandatory_effects

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
        return ArchitectsState(
            cities=tuple([City(w) for w in wonders]), decks=tuple(decks), central=central,
            discard=(), face_up=face_up, token_pile=pile, flipped=0, cat=None, current=0,
            turn=1, pending=_START, rng=rng)

    # ----------------------------------------------------------------- stepping

    def advance(self, w: Work, out: Events) -> tuple[Move, ...]:
        """Pass empty decisions and take forced ones until a seat has a real choice."""
        while True:
            moves = self.moves.options(w)
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
            index = self.moves.deck_index(seat, move.source)
            w.peeked = peeks(w.cat, seat, index, w.central)
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
                self.draw(w, seat, self.moves.deck_index(seat, source), token, out)
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
        w.cities[seat] = self.make_city(city.wonder, city.built, (*city.cards, card),
                                        city.tokens, city.military)
        kind = t.card_kind[card]
        if out is not None:
            out.append(ev.CardTaken(seat, t.kind_ids[kind], source, reason))
        if not trigger:
            return
        cat = cat_after(w.cat, seat, True) if t.cat[kind] else w.cat
        if cat != w.cat:
            if out is not None:
                out.append(ev.CatMoved(seat, w.cat))
            w.cat = cat
        horns = t.horns[kind]
        flipped = flip(w.flipped, horns, t.conflict_total) if horns else w.flipped
        if flipped != w.flipped:
            if out is not None:
                out.append(ev.ConflictFlipped(seat, flipped - w.flipped, flipped,
                                              t.conflict_total))
            w.flipped = flipped
        if city.tokens:
            bit = 1 << kind
            take_trigger = t.take_trigger
            for token in city.tokens:
                mask = take_trigger.get(token, 0)
                if mask & bit and token not in w.used and token not in w.triggered:
                    w.triggered = (*w.triggered, token)
        w.flags |= 1 << kind

    # ----------------------------------------------------------------- actions

    def build(self, w: Work, seat: int, move: Build, out: Events) -> None:
        t = self.t
        city = w.cities[seat]
        pay = self.moves.pay_for(city, w.used, move)
        cards, removed = self.moves.spend(city.cards, pay)
        w.discard = (*w.discard, *removed)
        if pay.economy or pay.engineering:
            used = list(w.used)
            for flag, tokens in ((pay.economy, t.economy), (pay.engineering, t.engineering)):
                if flag:
                    used.append(next(x for x in city.tokens if x in tokens and x not in used))
            w.used = tuple(used)
        city = self.make_city(city.wonder, (*city.built, move.stage), cards, city.tokens,
                              city.military)
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
            self.stage_effect(w, seat, city.wonder, out)

    def stage_effect(self, w: Work, seat: int, wonder: str, out: Events) -> None:
        """A built stage's wonder power, applied at once (DE rulebook "Effekte der Weltwunder";
        choices become pending decisions)."""
        name = self.t.effect[wonder]
        power = self.t.power[wonder]
        decision = POWER_DECISIONS.get(type(power))
        if decision is not None:
            w.pending = decision(name)
            return
        match power:
            case StageShields():  # counted by shields(); nothing to do now
                if out is not None:
                    out.append(ev.EffectApplied(seat, name))
            case TakeCentralCard() | TakeLeftAndRight():
                if self.mandatory_effects:
                    self.simple_effect(w, seat, name, out)
                else:  # option wonder_effects_mandatory off: the seat may decline
                    w.pending = EffectChoice(name)

    def simple_effect(self, w: Work, seat: int, effect: str, out: Events) -> None:
        """Ephesus (top of the central deck) or Olympia (tops of the left and right decks);
        an empty deck gives nothing (reference architects.md 3.5)."""
        possible = self.moves.effect_possible(w, seat, effect)
        if out is not None:
            out.append(ev.EffectApplied(seat, effect, used=possible))
        if not possible:
            return
        trigger = self.opts.wonder_cards_trigger
        if type(self.t.power_by_name[effect]) is TakeCentralCard:
            self.draw(w, seat, CENTRAL, effect, out, trigger)
        else:
            self.draw(w, seat, seat, effect, out, trigger)
            self.draw(w, seat, self.right[seat], effect, out, trigger)

    def science(self, w: Work, seat: int, symbols: tuple[str, ...], out: Events) -> None:
        city = w.cities[seat]
        cards, removed = self.moves.science_spend(city.cards, symbols)
        w.discard = (*w.discard, *removed)
        w.cities[seat] = self.make_city(city.wonder, city.built, cards, city.tokens,
                                        city.military)
        if out is not None:
            out.append(ev.ScienceUsed(seat, symbols))
        w.pending = SCIENCE_CHOICE

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
        w.cities[seat] = self.make_city(city.wonder, city.built, city.cards,
                                        (*city.tokens, token), city.military)
        if out is not None:
            out.append(ev.TokenTaken(seat, token, choice == HIDDEN, revealed, reason))
        if self.opts.retroactive_tokens and token not in w.used and token not in w.triggered:
            fired = w.flags & t.take_trigger.get(token, 0) or (
                token in t.build_trigger and w.flags & BUILT_FLAG)
            if fired:
                w.triggered = (*w.triggered, token)
        w.pending = _ACTIONS

    def reveal(self, w: Work, seat: int, side: Source, out: Events) -> None:
        """Halicarnassus: the top cards of the chosen deck, to pick one of."""
        index = self.moves.deck_index(seat, side)
        deck = w.decks[index]
        power = self.t.power[w.cities[seat].wonder]
        reveal = power.cards if isinstance(power, LookThroughDeck) else 0
        count = min(reveal, len(deck))
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
        return conflicts.shields(self.t, city)

    def battle_gains(self, shields: tuple[int, ...]) -> tuple[int, ...]:
        return conflicts.battle_gains(self.ring, shields)

    def battle(self, w: Work, out: Events) -> None:
        cities, removed, shields, won, discarded = conflicts.fight(
            self.t, self.ring, tuple(w.cities), self.make_city)
        w.cities = list(cities)
        w.discard = (*w.discard, *removed)
        w.flipped = 0
        if out is not None:
            out.append(ev.Battle(shields, won, discarded))

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
