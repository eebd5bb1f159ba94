"""The immutable game state, including the decision the seat to move faces now.

Cards are integer ids (see :class:`~sevenwonders.architects.tables.Tables`); a deck is a tuple
whose *last* element is its top card. Everything a turn remembers (tokens already used, extra
cards still owed) is part of the state, so a state alone says what may happen next.
"""

from __future__ import annotations

from typing import Any

import attrs
from cattrs.gen import make_dict_structure_fn

from sevenwonders.core.rng import Rng
from sevenwonders.core.serialization import converter, register_union


@attrs.frozen(slots=True)
class City:
    """What one seat has in front of it."""

    wonder: str
    built: tuple[str, ...] = ()
    """Stage keys in the order they were built."""
    cards: tuple[int, ...] = ()
    """Card ids in front of the seat, in the order taken."""
    tokens: tuple[str, ...] = ()
    """Progress token ids, in the order gained."""
    military: int = 0
    """Military victory tokens."""


# Pending decisions: what the seat to move must decide now.


@attrs.frozen(slots=True)
class StartTurn:
    """Take the top card of the left, right or central deck."""


@attrs.frozen(slots=True)
class Actions:
    """The free-order part of a turn: builds, science, extra cards owed by progress tokens."""


@attrs.frozen(slots=True)
class TokenChoice:
    """Choose one of the face-up progress tokens or the hidden top of the pile.

    ``reason`` is ``"science"`` (a set of green cards was discarded) or ``"babylon"``.
    """

    reason: str


@attrs.frozen(slots=True)
class DeckChoice:
    """Alexandria's effect: choose any non-empty deck on the table."""


@attrs.frozen(slots=True)
class SideChoice:
    """Halicarnassus' effect: choose the left or the right deck to look through."""


@attrs.frozen(slots=True)
class Revealed:
    """Halicarnassus' effect: pick one of ``cards``, taken from the top of deck ``deck``."""

    deck: int
    cards: tuple[int, ...]


@attrs.frozen(slots=True)
class EffectChoice:
    """An optional effect without other choices (Olympia, Ephesus when effects are optional)."""

    effect: str


@attrs.frozen(slots=True)
class Finished:
    """The game is over."""


Pending = (StartTurn | Actions | TokenChoice | DeckChoice | SideChoice | Revealed | EffectChoice
           | Finished)
register_union(Pending)


@attrs.frozen(slots=True)
class ArchitectsState:
    """A whole game position. ``decks[i]`` is the deck of seat ``i``'s wonder, lying between seat
    ``i`` and its left neighbour ``i + 1``: it is seat ``i``'s left deck and seat ``i + 1``'s right
    deck."""

    cities: tuple[City, ...]
    decks: tuple[tuple[int, ...], ...]
    central: tuple[int, ...]
    discard: tuple[int, ...]
    face_up: tuple[str, ...]
    """Face-up progress tokens (at most 3)."""
    token_pile: tuple[str, ...]
    """The face-down pile; the last element is its top."""
    flipped: int
    """Conflict tokens on their battle side."""
    cat: int | None
    """The seat holding the cat, if any."""
    current: int
    turn: int
    pending: Pending
    rng: Rng
    triggered: tuple[str, ...] = ()
    """Progress tokens whose extra card is owed this turn."""
    used: tuple[str, ...] = ()
    """Progress tokens already used this turn (each works once per turn)."""
    flags: int = 0
    """What happened this turn, for retroactive tokens: bit ``k`` = a card of kind ``k`` was
    taken with its effects; bit :data:`BUILT_FLAG` = a stage was built."""
    peeked: bool = False
    """The seat to move held the cat at the start of its turn, so it saw the central deck's top
    card (rulebook "Die Katzenfigur verwenden"), and that card is still on top: it stays known
    to that seat for the rest of the turn."""

    @property
    def players(self) -> int:
        return len(self.cities)

    @property
    def over(self) -> bool:
        return isinstance(self.pending, Finished)


BUILT_FLAG = 1 << 20


def _structure_checked(data: Any, cls: Any) -> ArchitectsState:
    """Every loaded state passes the full check (see :mod:`.invariants`)."""
    from sevenwonders.architects.invariants import check_loaded

    return check_loaded(_plain_structure(data, cls))


_plain_structure = make_dict_structure_fn(ArchitectsState, converter,
                                          _cattrs_forbid_extra_keys=True)
converter.register_structure_hook(ArchitectsState, _structure_checked)


# Fast constructors for the rules' own hot path (speed only). attrs' ``__init__`` of a frozen
# class sets each field through ``object.__setattr__``; these use the slots' own setters (the
# way ``core.memo.builder`` does). Every field is named (the one idiom for building a state):
# by keyword, by the attribute it is read from, or by what the helper changes. Passing sixteen
# keywords costs more than the setting itself, so the hot paths use the helpers that name only
# what changes. The rules build values from values they made or checked, so nothing is lost:
# ArchitectsState and City have no validators or converters, and states from elsewhere still
# come in through the converter and the load checks (architects/invariants.py).

_STATE_FIELDS = ("cities", "decks", "central", "discard", "face_up", "token_pile", "flipped",
                 "cat", "current", "turn", "pending", "rng", "triggered", "used", "flags",
                 "peeked")
_CITY_FIELDS = ("wonder", "built", "cards", "tokens", "military")
assert tuple(f.name for f in attrs.fields(ArchitectsState)) == _STATE_FIELDS
assert tuple(f.name for f in attrs.fields(City)) == _CITY_FIELDS
_new = object.__new__
(_s_cities, _s_decks, _s_central, _s_discard, _s_face_up, _s_token_pile, _s_flipped, _s_cat,
 _s_current, _s_turn, _s_pending, _s_rng, _s_triggered, _s_used, _s_flags, _s_peeked) = (
    ArchitectsState.__dict__[name].__set__ for name in _STATE_FIELDS)
_c_wonder, _c_built, _c_cards, _c_tokens, _c_military = (
    City.__dict__[name].__set__ for name in _CITY_FIELDS)


def state_from(fields: Any) -> ArchitectsState:
    """The state whose fields are the same-named attributes of ``fields`` (a step's scratch
    record, architects/work.py; its ``cities`` and ``decks`` are lists)."""
    s: ArchitectsState = _new(ArchitectsState)
    _s_cities(s, tuple(fields.cities))
    _s_decks(s, tuple(fields.decks))
    _s_central(s, fields.central)
    _s_discard(s, fields.discard)
    _s_face_up(s, fields.face_up)
    _s_token_pile(s, fields.token_pile)
    _s_flipped(s, fields.flipped)
    _s_cat(s, fields.cat)
    _s_current(s, fields.current)
    _s_turn(s, fields.turn)
    _s_pending(s, fields.pending)
    _s_rng(s, fields.rng)
    _s_triggered(s, fields.triggered)
    _s_used(s, fields.used)
    _s_flags(s, fields.flags)
    _s_peeked(s, fields.peeked)
    return s


_START_TURN = StartTurn()


def next_turn(state: ArchitectsState, *, cities: tuple[City, ...],
              decks: tuple[tuple[int, ...], ...], central: tuple[int, ...],
              discard: tuple[int, ...], flipped: int, cat: int | None,
              current: int) -> ArchitectsState:
    """The state at the start of seat ``current``'s turn, after a turn that changed only these
    fields: the progress tokens on offer and the generator as in ``state``, the turn record
    (triggered, used, flags, peeked) cleared."""
    s: ArchitectsState = _new(ArchitectsState)
    _s_cities(s, cities)
    _s_decks(s, decks)
    _s_central(s, central)
    _s_discard(s, discard)
    _s_face_up(s, state.face_up)
    _s_token_pile(s, state.token_pile)
    _s_flipped(s, flipped)
    _s_cat(s, cat)
    _s_current(s, current)
    _s_turn(s, state.turn + 1)
    _s_pending(s, _START_TURN)
    _s_rng(s, state.rng)
    _s_triggered(s, ())
    _s_used(s, ())
    _s_flags(s, 0)
    _s_peeked(s, False)
    return s


def in_turn(state: ArchitectsState, *, cities: tuple[City, ...],
            decks: tuple[tuple[int, ...], ...], central: tuple[int, ...],
            discard: tuple[int, ...], flipped: int, cat: int | None, pending: Pending,
            triggered: tuple[str, ...], flags: int, peeked: bool) -> ArchitectsState:
    """The state of the same seat's turn going on with ``pending``, after a first action that
    changed only these fields (the tokens on offer, the generator and ``used`` as in
    ``state``)."""
    s: ArchitectsState = _new(ArchitectsState)
    _s_cities(s, cities)
    _s_decks(s, decks)
    _s_central(s, central)
    _s_discard(s, discard)
    _s_face_up(s, state.face_up)
    _s_token_pile(s, state.token_pile)
    _s_flipped(s, flipped)
    _s_cat(s, cat)
    _s_current(s, state.current)
    _s_turn(s, state.turn)
    _s_pending(s, pending)
    _s_rng(s, state.rng)
    _s_triggered(s, triggered)
    _s_used(s, state.used)
    _s_flags(s, flags)
    _s_peeked(s, peeked)
    return s


def with_cards(city: City, cards: tuple[int, ...]) -> City:
    """``city`` holding ``cards`` instead of its cards."""
    c: City = _new(City)
    _c_wonder(c, city.wonder)
    _c_built(c, city.built)
    _c_cards(c, cards)
    _c_tokens(c, city.tokens)
    _c_military(c, city.military)
    return c


def make_city(*, wonder: str, built: tuple[str, ...], cards: tuple[int, ...],
              tokens: tuple[str, ...], military: int) -> City:
    """``City(...)`` with every field named, built without ``__init__``."""
    c: City = _new(City)
    _c_wonder(c, wonder)
    _c_built(c, built)
    _c_cards(c, cards)
    _c_tokens(c, tokens)
    _c_military(c, military)
    return c
