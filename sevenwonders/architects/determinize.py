"""Determinization: a full Architects state drawn at random among those a seat's view allows.

Search agents see only an :class:`~sevenwonders.architects.view.ArchitectsView`. To look ahead
they sample a complete :class:`~sevenwonders.architects.state.ArchitectsState` that shows exactly
that view to the seat.

Kept as seen: every city (cards with the deck each came from, stages, tokens, military tokens),
the discard pile, the top card and size of every wonder deck, the central deck's size (and its top
card when the seat held the cat at the start of its turn and that card is still on top), the
face-up tokens, the conflict tokens, the cat, the turn record and the pending decision, with the
cards Halicarnassus shows the seat.

Remembered (the view's ``memory``): the central deck's top card seen through the cat while it
stays on top, and cards known to lie on top of a wonder deck (Halicarnassus with
``halicarnassus_shuffle="returned"``): placed there.

Drawn: the order of every deck below what is seen (each deck from the cards of its own back that
are nowhere in sight), the cards Halicarnassus shows another seat, the face-down token pile, and
the state's random generator.

The result depends only on the view, the game's options and ``rng``.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from sevenwonders.architects.game import ArchitectsGame
from sevenwonders.architects.rules import CENTRAL
from sevenwonders.architects.state import (
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
from sevenwonders.architects.view import ArchitectsView
from sevenwonders.core.protocol import Game
from sevenwonders.core.rng import Rng
from sevenwonders.errors import InvalidStateError


def determinize(game: Game[Any, Any, Any], view: ArchitectsView,
                rng: Rng) -> tuple[ArchitectsState, Rng]:
    """A state consistent with ``view``, hidden parts drawn with ``rng``."""
    wonders = _checked_wonders(game, view)
    assert isinstance(game, ArchitectsGame) and isinstance(view, ArchitectsView)
    t = game.tables
    pool: dict[tuple[str, str], list[int]] = {}
    for name in (*wonders, "central"):
        for card in t.deck_cards[name]:
            pool.setdefault((name, t.kind_ids[t.card_kind[card]]), []).append(card)

    def take(origin: str, kind: str) -> int:
        cards = pool.get((origin, kind))
        if not cards:
            raise InvalidStateError(f"the view shows more {kind} cards from {origin} than exist")
        return cards.pop()

    cities = tuple(
        City(wonder=c.wonder, built=c.built,
             cards=tuple(take(o, k) for k, o in zip(c.cards, c.origins, strict=True)),
             tokens=c.tokens, military=c.military)
        for c in view.cities)
    discard = tuple(take(o, k) for k, o in zip(view.discard, view.discard_origins, strict=True))
    tops = [take(d.wonder, d.top) if d.top is not None else None for d in view.decks]
    revealed_index = wonders.index(view.revealed_deck) if view.revealed_deck else None
    revealed = tuple(take(view.revealed_deck, k) for k in view.revealed) if (
        view.revealed_deck) else ()
    memory = view.memory
    known_top = view.central_top if view.central_top is not None else memory.central_top
    central_top = take("central", known_top) if known_top is not None else None
    # cards the seat knows lie on top of a wonder deck (below its face-up top), order unknown
    known_tops = [list(kinds) for kinds in memory.deck_tops] or [[] for _ in view.decks]
    for i, d in enumerate(view.decks):
        if d.top is not None and d.top in known_tops[i]:
            known_tops[i].remove(d.top)  # (the face-up top is one of them)
    under_top = [[take(d.wonder, k) for k in known_tops[i]] for i, d in enumerate(view.decks)]

    def hidden(origin: str) -> list[int]:
        return sorted(card for (deck, _), cards in pool.items() if deck == origin
                      for card in cards)

    decks = []
    for i, deck in enumerate(view.decks):
        rest, rng = rng.shuffle(hidden(deck.wonder))
        if i == revealed_index and not revealed:
            revealed, rest = rest[:view.revealed_count], rest[view.revealed_count:]
        known, rng = rng.shuffle(sorted(under_top[i]))
        rest = (*rest, *known)
        if len(rest) != deck.size - (tops[i] is not None):
            raise InvalidStateError(f"the {deck.wonder} deck does not add up")
        top = tops[i]
        decks.append((*rest, top) if top is not None else rest)
    central, rng = rng.shuffle(hidden("central"))
    if central_top is not None:
        central = (*central, central_top)
    if len(central) != view.central_size:
        raise InvalidStateError("the central deck does not add up")

    unseen = Counter(t.token_pile) - Counter(view.face_up)
    for city in view.cities:
        unseen -= Counter(city.tokens)
    pile, rng = rng.shuffle(sorted(unseen.elements()))
    if len(pile) != view.token_pile_size:
        raise InvalidStateError("the progress tokens do not add up")
    state_rng, rng = rng.split()

    pending = _pending(view, revealed_index, revealed)
    state = ArchitectsState(
        cities=cities, decks=tuple(decks), central=central, discard=discard,
        face_up=view.face_up, token_pile=pile, flipped=view.conflict_flipped, cat=view.cat,
        current=view.current, turn=view.turn, pending=pending, rng=state_rng,
        triggered=view.owed, used=view.used, flags=view.turn_flags,
        peeked=view.central_top is not None and view.decision != "take",
        seen=_seen(view, central, decks))
    return state, rng


def _checked_wonders(game: Game[Any, Any, Any], view: object) -> tuple[str, ...]:
    """The wonders of ``view``, refused unless it is a view of a game like ``game``."""
    if not isinstance(game, ArchitectsGame):
        raise InvalidStateError("this determinizer is for 7 Wonders Architects")
    if not isinstance(view, ArchitectsView):
        raise InvalidStateError(f"expected an ArchitectsView, got {type(view).__name__}")
    wonders = tuple(city.wonder for city in view.cities)
    if len(wonders) != game.players:
        raise InvalidStateError("the view is for another player count")
    if not set(wonders) <= game.tables.deck_cards.keys():
        raise InvalidStateError("the view shows wonders this game does not know")
    return wonders


def _pending(view: ArchitectsView, revealed_index: int | None,
             revealed: tuple[int, ...]) -> Pending:
    """The decision the view names, with the revealed cards drawn for it."""
    decision = view.decision
    if decision == "take":
        return StartTurn()
    if decision == "actions":
        return Actions()
    if decision == "token":
        return TokenChoice(view.token_reason or "science")
    if decision == "alexandria":
        return DeckChoice()
    if decision == "halicarnassus":
        return SideChoice()
    if decision == "pick":
        return Revealed(CENTRAL if revealed_index is None else revealed_index, revealed)
    if decision == "effect":
        return EffectChoice(view.effect or "ephesus")
    return Finished()


def _seen(view: ArchitectsView, central: tuple[int, ...],
          decks: list[tuple[int, ...]]) -> tuple[tuple[int, ...], ...]:
    """The state's record of face-down cards seen: the seat's as its memory tells it (the
    central top card, the top cards of a deck it knows), the other seats' none (the seat cannot
    know what they saw)."""
    memory = view.memory
    mine: list[int] = []
    if memory.central_top is not None:
        mine.append(central[-1])
    for deck, kinds in zip(decks, memory.deck_tops, strict=False):
        if kinds:
            mine.extend(deck[-len(kinds):])
    if not mine:
        return ()
    return tuple(tuple(mine) if seat == view.seat else () for seat in range(len(view.cities)))
