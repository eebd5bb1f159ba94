"""What one seat may see: everything public, plus its own secrets, and nothing else.

Public: every city, the size and face-up top card of each wonder deck (they lie face up), the
central deck's size, the discard pile (face up), the face-up progress tokens and the pile's size,
conflict tokens, the cat, what the seat to move did this turn, and the deck every visible card came
from (each deck has its own card back).

Private: the central deck's top card, seen by the cat's holder at the start of its turn (and known
to it for the rest of that turn while it stays on top), and the
cards Halicarnassus reveals to the seat looking through them (unless the option
``halicarnassus_public`` shows them to all).

Remembered (``memory``, :class:`ArchitectsMemory`): the face-down cards this seat has seen that
still lie face down (what a seat saw: :mod:`sevenwonders.architects.memory`).

Never shown: deck orders below the top, the token pile's order, the random generator.
"""

from __future__ import annotations

import attrs

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


@attrs.frozen(slots=True)
class ArchitectsMemory:
    """What one seat knows of face-down cards: ``central_top``, the central deck's top card
    (``None``: not known); ``deck_tops[i]``, the card kinds lying on top of wonder deck ``i`` in
    an order the seat does not know (empty: none known)."""

    central_top: str | None = None
    deck_tops: tuple[tuple[str, ...], ...] = ()


@attrs.frozen(slots=True)
class CityView:
    """A city as every seat sees it: its cards, wonder stages, shields, tokens and points so far."""
    wonder: str
    built: tuple[str, ...]
    cards: tuple[str, ...]
    """Card kinds in front of the seat, in the order taken."""
    origins: tuple[str, ...]
    """The deck each of those cards came from: a wonder id or ``"central"``."""
    tokens: tuple[str, ...]
    military: int
    shields: int


@attrs.frozen(slots=True)
class DeckView:
    """A wonder deck: it lies face up, so its top card is public."""

    wonder: str
    size: int
    top: str | None


@attrs.frozen(slots=True)
class ArchitectsView:
    """What one seat may see of an Architects game: every city, the decks' public tops, the
    decision under way and its own legal moves."""
    seat: int
    players: int
    turn: int
    current: int
    decision: str
    """``take``, ``actions``, ``token``, ``alexandria``, ``halicarnassus``, ``pick``,
    ``effect`` or ``over``: what the seat to move decides now."""
    cities: tuple[CityView, ...]
    decks: tuple[DeckView, ...]
    central_size: int
    central_top: str | None
    """Only for the cat's holder: at the start of its own turn, and for the rest of that turn
    while the card it saw stays on top."""
    discard: tuple[str, ...]
    discard_origins: tuple[str, ...]
    face_up: tuple[str, ...]
    token_pile_size: int
    conflict_flipped: int
    conflict_total: int
    cat: int | None
    revealed: tuple[str, ...]
    """The cards Halicarnassus shows: to the seat choosing among them (to every seat with the
    option ``halicarnassus_public``)."""
    revealed_count: int
    revealed_deck: str | None
    """The wonder whose deck Halicarnassus is looking through."""
    token_reason: str | None
    """For a token decision: ``"science"`` or ``"babylon"``."""
    effect: str | None
    """For an optional effect decision: ``"ephesus"`` or ``"olympia"``."""
    turn_flags: int
    """What the seat to move did this turn, as the state's ``flags`` (kinds taken, stage built)."""
    used: tuple[str, ...]
    """Progress tokens the seat to move has used this turn."""
    owed: tuple[str, ...]
    """Progress tokens whose extra card the seat to move still takes this turn."""
    moves: tuple[str, ...]
    """This seat's legal moves, in notation."""
    memory: ArchitectsMemory = attrs.field(factory=ArchitectsMemory)
    """What this seat has seen face down and may remember (perfect recall: the central deck's
    top card seen through the cat while it stays on top, and so on; see
    :mod:`sevenwonders.architects.memory`)."""


_DECISIONS: dict[type, str] = {
    StartTurn: "take", Actions: "actions", TokenChoice: "token", DeckChoice: "alexandria",
    SideChoice: "halicarnassus", Revealed: "pick", EffectChoice: "effect", Finished: "over",
}


def _kinds(tables: Tables, cards: tuple[int, ...]) -> tuple[str, ...]:
    return tuple(map(tables.card_kind_id.__getitem__, cards))


def _origins(tables: Tables, cards: tuple[int, ...]) -> tuple[str, ...]:
    return tuple(map(tables.card_origin.__getitem__, cards))


# Memos for views of successive states (a step changes one or two decks, rarely the discard): a
# deck's view per deck tuple, the decks of the last state, the discard's kinds and origins. Each
# entry holds the objects it is keyed on (so their ids name nothing else while it is there) and
# is replaced by one assignment, so threads sharing a game never see a torn entry.
DECK_VIEW_LIMIT = 4096
_deck_views: dict[tuple[int, str], tuple[tuple[int, ...], Tables, DeckView]] = {}
_last_decks: tuple[object, object, tuple[DeckView, ...]] = (None, None, ())
_last_discard: tuple[object, object, tuple[str, ...], tuple[str, ...]] = (None, None, (), ())


_notation: dict[object, str] = {}
# id(moves) -> (moves, their texts): the engine lists the same tuples of its own moves again
# (the takes of a turn's start), and a tuple and its moves never change (the entry holds them)
_notation_of: dict[int, tuple[tuple[object, ...], tuple[str, ...]]] = {}


def notation(moves: tuple[object, ...]) -> tuple[str, ...]:
    """``moves`` in notation, each text remembered per move (a game knows a few hundred) and
    per tuple of moves."""
    found = _notation_of.get(id(moves))
    if found is not None and found[0] is moves:
        return found[1]
    if len(_notation) > DECK_VIEW_LIMIT:
        _notation.clear()
    get = _notation.get
    out = []
    for move in moves:
        text = get(move)
        if text is None:
            text = _notation[move] = str(move)
        out.append(text)
    texts = tuple(out)
    if len(_notation_of) > DECK_VIEW_LIMIT:
        _notation_of.clear()
    _notation_of[id(moves)] = (moves, texts)
    return texts


def _deck_view(tables: Tables, wonder: str, deck: tuple[int, ...]) -> DeckView:
    key = (id(deck), wonder)
    found = _deck_views.get(key)
    if found is not None and found[0] is deck and found[1] is tables:
        return found[2]
    view = DeckView(wonder, len(deck), tables.kind_ids[tables.card_kind[deck[-1]]] if deck
                    else None)
    if len(_deck_views) > DECK_VIEW_LIMIT:
        _deck_views.clear()
    _deck_views[key] = (deck, tables, view)
    return view


def deck_views(tables: Tables, state: ArchitectsState) -> tuple[DeckView, ...]:
    """Every wonder deck as everyone sees it (the same tuple for every view of a state)."""
    global _last_decks
    memo = _last_decks
    # most steps draw from no deck; equal non-empty decks hold the same cards, so lie in front of
    # the same wonders (an empty deck says nothing of its wonder: that case takes the long way)
    if memo[1] is tables and memo[0] == state.decks and all(state.decks):
        return memo[2]
    decks = tuple(_deck_view(tables, city.wonder, deck)
                  for city, deck in zip(state.cities, state.decks, strict=True))
    _last_decks = (state.decks, tables, decks)
    return decks


def discard_view(tables: Tables, discard: tuple[int, ...]) -> tuple[tuple[str, ...],
                                                                     tuple[str, ...]]:
    """The discard pile's card kinds and origins."""
    global _last_discard
    memo = _last_discard
    if memo[1] is tables and memo[0] == discard:
        return memo[2], memo[3]
    _last_discard = (discard, tables, _kinds(tables, discard), _origins(tables, discard))
    return _last_discard[2], _last_discard[3]


def city_view(tables: Tables, city: City, shields: int) -> CityView:
    """A city as everyone sees it (``shields``: its shields now)."""
    return CityView(city.wonder, city.built, _kinds(tables, city.cards),
                    _origins(tables, city.cards), city.tokens, city.military, shields)


def memory_view(tables: Tables, state: ArchitectsState, seat: int) -> ArchitectsMemory:
    """``seat``'s :class:`ArchitectsMemory` in ``state``."""
    cards = state.seen[seat] if state.seen else ()
    if not cards:
        return _NOTHING[len(state.cities)]
    kind = tables.card_kind
    names = tables.kind_ids
    central = state.central
    # (a card seen face down and drawn since is public: it is left out)
    top = names[kind[central[-1]]] if central and central[-1] in cards else None
    tops = tuple(tuple(sorted(names[kind[card]] for card in cards if card in deck))
                 for deck in state.decks)
    return ArchitectsMemory(central_top=top, deck_tops=tops)


_NOTHING = {n: ArchitectsMemory(None, ((),) * n) for n in range(1, 8)}


def make_view(tables: Tables, state: ArchitectsState, seat: int, cities: tuple[CityView, ...],
              moves: tuple[str, ...]) -> ArchitectsView:
    """``seat``'s view of ``state``, with the :func:`city_view` of every city."""
    pending = state.pending
    mine = seat == state.current and not state.over
    central_top = None
    if mine and state.cat == seat and (state.peeked or isinstance(pending, StartTurn)) and (
            state.central):
        central_top = tables.kind_ids[tables.card_kind[state.central[-1]]]
    revealed: tuple[str, ...] = ()
    revealed_count = 0
    revealed_deck = None
    if isinstance(pending, Revealed):
        revealed_count = len(pending.cards)
        revealed_deck = state.cities[pending.deck].wonder
        if mine or tables.options.halicarnassus_public:
            revealed = _kinds(tables, pending.cards)
    discard, discard_origins = discard_view(tables, state.discard)

    return ArchitectsView(
        seat=seat,
        players=state.players,
        turn=state.turn,
        current=state.current,
        decision=_DECISIONS[type(pending)],
        cities=cities,
        decks=deck_views(tables, state),
        central_size=len(state.central),
        central_top=central_top,
        discard=discard,
        discard_origins=discard_origins,
        face_up=state.face_up,
        token_pile_size=len(state.token_pile),
        conflict_flipped=state.flipped,
        conflict_total=tables.conflict_total,
        cat=state.cat,
        revealed=revealed,
        revealed_count=revealed_count,
        revealed_deck=revealed_deck,
        token_reason=pending.reason if isinstance(pending, TokenChoice) else None,
        effect=pending.effect if isinstance(pending, EffectChoice) else None,
        turn_flags=state.flags,
        used=state.used,
        owed=state.triggered,
        moves=moves,
        memory=memory_view(tables, state, seat),
    )
