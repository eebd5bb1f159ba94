"""A card taken, played in one go (see the package's docstring)."""

from __future__ import annotations

from typing import cast

from sevenwonders.architects.conflicts import fight
from sevenwonders.architects.data import STAGE_KEYS
from sevenwonders.architects.fast.drafts import (
    built_city,
    in_turn,
    make_city,
    next_turn,
    with_cards,
)
from sevenwonders.architects.fast.moves import FastMoves, Handed
from sevenwonders.architects.legal import (
    _ACTIONS,
    _TAKE_SETS,
    SCIENCE_CHOICE,
)
from sevenwonders.architects.memory import cat_sees
from sevenwonders.architects.moves import SOURCES, Build, Move, Science, Source, Take
from sevenwonders.architects.powers import StageShields
from sevenwonders.architects.rules import POWER_DECISIONS, cat_after, flip, peeks
from sevenwonders.architects.state import (
    BUILT_FLAG,
    ArchitectsState,
    City,
    Pending,
    StartTurn,
)
from sevenwonders.core.memo import fresh_all

_STAGES = len(STAGE_KEYS)
_LEFT, _RIGHT, _CENTRAL = SOURCES  # an enum member read from a module global: no class lookup
_TAKE_SET_IDS = frozenset(id(takes) for takes in _TAKE_SETS if takes)
"""The engine's take sets (module constants, alive for good: their ids name them)."""


def _topless(decks: tuple[tuple[int, ...], ...], index: int) -> tuple[tuple[int, ...], ...]:
    """``decks`` with the top card of deck ``index`` taken (one list, no slices: speed)."""
    changed = list(decks)
    changed[index] = decks[index][:-1]
    return tuple(changed)


def plain_take(rules: FastMoves, state: ArchitectsState,
               source: Source) -> tuple[ArchitectsState, tuple[Move, ...]] | None:
    """The state (the seats' memory updated) and the open moves after the seat to move takes the
    top card of ``source`` and builds any one stage then owed; ``None`` if not that plain."""
    if type(state.pending) is not StartTurn or state.triggered or state.used or state.flags:
        return None
    t = rules.t  # (one name a line: a packed tuple of four is built and unpacked)
    seat = state.current
    decks = state.decks
    central = state.central
    index = seat if source is _LEFT else rules.right[seat] if source is _RIGHT else -1
    card = central[-1] if index < 0 else decks[index][-1]
    kind = t.card_kind[card]
    city = state.cities[seat]
    tokens = city.tokens
    triggered = (_triggered(t.take_trigger, tokens, kind)
                 if tokens and not rules.take_triggers[kind].isdisjoint(tokens) else ())
    horns = t.horns[kind]
    flipped = flip(state.flipped, horns, t.conflict_total) if horns else state.flipped
    cards = city.cards + (card,)  # noqa: RUF005 - one new tuple, no list between (speed)
    if index < 0:
        central = central[:-1]
    else:
        decks = _topless(decks, index)
    built, discard = city.built, state.discard
    cat = cat_after(state.cat, seat, True) if t.cat[kind] else state.cat
    tokens_left = True if state.face_up or state.token_pile else False  # noqa: SIM210 - no call
    found = rules.situation_of(city.wonder, built, cards, tokens, (), tokens_left)
    moves = found[0] if not triggered else rules.with_extras(
        found, triggered, rules.sources_of(decks, central, seat))
    if len(moves) > 1:  # a decision follows in the same turn
        return _in_turn(state, with_cards(city, cards), decks=decks, central=central,
                        discard=discard, flipped=flipped, cat=cat, pending=_ACTIONS,
                        triggered=triggered, flags=1 << kind, index=index), moves
    if moves and type(moves[0]) is Science and not triggered:  # the one science set owed
        return _science_owed(rules, state, city, cards, moves[0], decks=decks,
                             central=central, flipped=flipped, cat=cat, kind=kind, index=index)
    if moves:  # one build owed, without side effects, is made here; anything else is not
        build = moves[0]
        if type(build) is not Build or triggered:
            return None
        pay = found[3][0]
        if pay.economy or pay.engineering or (tokens and not t.build_trigger.isdisjoint(tokens)):
            return None
        cards, removed = rules.spend(cards, pay)
        discard = (*discard, *removed)
        built = (*built, build.stage)
        if t.stage_effect[city.wonder][build.stage]:  # a wonder power (architects/rules.py)
            power = t.power[city.wonder]
            decide = POWER_DECISIONS.get(type(power))
            if decide is not None:  # Alexandria, Babylon, Halicarnassus: the seat chooses
                after = _in_turn(state, built_city(city, built, cards), decks=decks,
                                 central=central, discard=discard, flipped=flipped, cat=cat,
                                 pending=decide(t.effect[city.wonder]),
                                 triggered=(), flags=1 << kind | BUILT_FLAG, index=index)
                return _if_choice(after, rules.options(after))
            if type(power) is not StageShields:  # Ephesus, Olympia draw cards: not plain
                return None
        if rules.situation_of(city.wonder, built, cards, tokens, (), tokens_left)[0]:
            return None
    if len(built) == _STAGES or (not central and not any(decks)):  # the game ends
        return None
    city = with_cards(city, cards) if built is city.built else built_city(city, built, cards)
    changed_cities = list(state.cities)
    changed_cities[seat] = city
    cities = tuple(changed_cities)
    if flipped >= t.conflict_total:  # the last conflict token turned: a battle ends the turn
        cities, removed, *_ = fight(t, rules.ring, cities, make_city)
        discard = (*discard, *removed)
        flipped = 0
    following = rules.next_seat[seat]  # the turn ends: the left neighbour's turn starts
    moves = _TAKE_SETS[(1 if decks[following] else 0) | (2 if decks[rules.right[following]]
                                                         else 0) | (4 if central else 0)]
    if len(moves) < 2:  # the next seat's take is forced or lapses: the general path does that
        return None
    seen = state.seen  # only the cat's holder, starting its turn, sees a card here
    if cat == following and central and not (seen and central[-1] in seen[following]):
        seen = cat_sees(seen, following, central[-1], len(cities)) or seen  # (memory.py)
    return next_turn(state, cities, decks, central, discard, flipped, cat, following,
                     seen), moves


def _triggered(take_trigger: dict[str, int], tokens: tuple[str, ...],
               kind: int) -> tuple[str, ...]:
    """The progress tokens that give an extra card for a card of ``kind``."""
    bit = 1 << kind
    triggered: tuple[str, ...] = ()
    for token in tokens:
        if take_trigger.get(token, 0) & bit and token not in triggered:
            triggered = (*triggered, token)
    return triggered


def _science_owed(rules: FastMoves, state: ArchitectsState, city: City, cards: tuple[int, ...],
                  science: Science, *, decks: tuple[tuple[int, ...], ...],
                  central: tuple[int, ...], flipped: int, cat: int | None, kind: int,
                  index: int) -> tuple[ArchitectsState, tuple[Move, ...]] | None:
    """The one science set owed, spent: the seat chooses its progress token next."""
    cards, removed = rules.science_spend(cards, science.symbols)
    choices = rules.token_choices(state.face_up, state.token_pile, "science")
    after = _in_turn(state, with_cards(city, cards), decks=decks, central=central,
                     discard=(*state.discard, *removed), flipped=flipped, cat=cat,
                     pending=SCIENCE_CHOICE, triggered=(), flags=1 << kind, index=index)
    return _if_choice(after, choices)


def _if_choice(after: ArchitectsState, moves: tuple[Move, ...]
               ) -> tuple[ArchitectsState, tuple[Move, ...]] | None:
    """``after`` and its moves if they are a real choice; ``None`` (the general path) if not."""
    return (after, moves) if len(moves) > 1 else None


def _in_turn(state: ArchitectsState, city: City, *, decks: tuple[tuple[int, ...], ...],
             central: tuple[int, ...], discard: tuple[int, ...], flipped: int,
             cat: int | None, pending: Pending, triggered: tuple[str, ...], flags: int,
             index: int) -> ArchitectsState:
    """The state after a take from deck ``index`` (-1: central) when the seat's turn goes on
    with a decision (``flags``: the card's kind, and whether a stage was built)."""
    seat = state.current
    cities = list(state.cities)
    cities[seat] = city
    peeked = peeks(state.cat, seat, index, central)
    return in_turn(state, tuple(cities), decks, central, discard, flipped, cat, pending,
                   triggered, flags, peeked)


def handed_out(moves: tuple[Move, ...], handed: Handed) -> tuple[Move, ...]:
    """Copies of the engine's own ``moves``, to hand to a caller (who may change them in place:
    the engine's own stay as they are). A start of turn offers one of the engine's take sets:
    its copies are made once per game object (``handed``, its cache's) and handed out again
    while they are intact (a caller that changed one with ``object.__setattr__`` changed its
    own copy, never the engine's, and the next caller gets new ones); every other row is
    copied by ``fresh_all``."""
    if moves and type(moves[0]) is Take:
        held = handed.get(id(moves))
        if held is not None:
            copies, sources = held
            n = len(copies)  # spelled out: a zip loop or a map costs about twice as much
            if copies[0].source is sources[0] and (n < 2 or copies[1].source is sources[1]) and (
                    n < 3 or copies[2].source is sources[2]):
                return copies
        if id(moves) in _TAKE_SET_IDS:  # one of the engine's take sets: copies to keep
            sources = tuple(cast(Take, move).source for move in moves)
            copies = tuple(Take(source) for source in sources)
            handed[id(moves)] = (copies, sources)
            return copies
    return fresh_all(moves)

