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


@attrs.frozen(slots=True, weakref_slot=False)
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


@attrs.frozen(slots=True, weakref_slot=False)
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
    seen: tuple[tuple[int, ...], ...] = ()
    """Per seat, the ids of the face-down cards it has seen (perfect recall, see
    :mod:`~sevenwonders.architects.memory`; views show those still face down): empty before any
    was seen."""

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
# class sets each field through ``object.__setattr__`` (a call per field). Here a value is
# filled in as a *draft*: an object of a plain class with exactly the same slots (so the same
# memory layout), whose fields are set by ordinary attribute stores, and then turned into the
# frozen class by assigning ``__class__`` (Python allows that between classes of the same
# layout; it is why these two classes have no ``__weakref__`` slot: a class with one never has
# a layout Python accepts for this). The rules fill drafts only from values they made or
# checked, so nothing is lost: ArchitectsState and City have no validators or converters, and
# states from elsewhere still come in through the converter and the load checks
# (architects/invariants.py). Every field is named: by the attribute it is read from, or by
# what the helper changes. architects/work.py's ``Work`` is the state's draft for a step.

_STATE_FIELDS = ("cities", "decks", "central", "discard", "face_up", "token_pile", "flipped",
                 "cat", "current", "turn", "pending", "rng", "triggered", "used", "flags",
                 "peeked", "seen")
_CITY_FIELDS = ("wonder", "built", "cards", "tokens", "military")
assert tuple(f.name for f in attrs.fields(ArchitectsState)) == _STATE_FIELDS
assert tuple(f.name for f in attrs.fields(City)) == _CITY_FIELDS


class StateDraft:
    """An :class:`ArchitectsState` being filled in (its layout; see above)."""

    __slots__ = _STATE_FIELDS


class _CityDraft:
    """A :class:`City` being filled in (its layout; see above)."""

    __slots__ = _CITY_FIELDS


_START_TURN = StartTurn()


def next_turn(state: ArchitectsState, *, cities: tuple[City, ...],
              decks: tuple[tuple[int, ...], ...], central: tuple[int, ...],
              discard: tuple[int, ...], flipped: int, cat: int | None,
              current: int) -> ArchitectsState:
    """The state at the start of seat ``current``'s turn, after a turn that changed only these
    fields: the progress tokens on offer and the generator as in ``state``, the turn record
    (triggered, used, flags, peeked) cleared."""
    s: Any = StateDraft()
    s.cities = cities
    s.decks = decks
    s.central = central
    s.discard = discard
    s.face_up = state.face_up
    s.token_pile = state.token_pile
    s.flipped = flipped
    s.cat = cat
    s.current = current
    s.turn = state.turn + 1
    s.pending = _START_TURN
    s.rng = state.rng
    s.triggered = ()
    s.used = ()
    s.flags = 0
    s.peeked = False
    s.seen = state.seen
    s.__class__ = ArchitectsState
    return s  # type: ignore[no-any-return]


def in_turn(state: ArchitectsState, *, cities: tuple[City, ...],
            decks: tuple[tuple[int, ...], ...], central: tuple[int, ...],
            discard: tuple[int, ...], flipped: int, cat: int | None, pending: Pending,
            triggered: tuple[str, ...], flags: int, peeked: bool) -> ArchitectsState:
    """The state of the same seat's turn going on with ``pending``, after a first action that
    changed only these fields (the tokens on offer, the generator and ``used`` as in
    ``state``)."""
    s: Any = StateDraft()
    s.cities = cities
    s.decks = decks
    s.central = central
    s.discard = discard
    s.face_up = state.face_up
    s.token_pile = state.token_pile
    s.flipped = flipped
    s.cat = cat
    s.current = state.current
    s.turn = state.turn
    s.pending = pending
    s.rng = state.rng
    s.triggered = triggered
    s.used = state.used
    s.flags = flags
    s.peeked = peeked
    s.seen = state.seen
    s.__class__ = ArchitectsState
    return s  # type: ignore[no-any-return]


def with_cards(city: City, cards: tuple[int, ...]) -> City:
    """``city`` holding ``cards`` instead of its cards."""
    c: Any = _CityDraft()
    c.wonder = city.wonder
    c.built = city.built
    c.cards = cards
    c.tokens = city.tokens
    c.military = city.military
    c.__class__ = City
    return c  # type: ignore[no-any-return]


def make_city(*, wonder: str, built: tuple[str, ...], cards: tuple[int, ...],
              tokens: tuple[str, ...], military: int) -> City:
    """``City(...)`` with every field named, built without ``__init__``."""
    c: Any = _CityDraft()
    c.wonder = wonder
    c.built = built
    c.cards = cards
    c.tokens = tokens
    c.military = military
    c.__class__ = City
    return c  # type: ignore[no-any-return]


# Import-time proof that the layouts match (a mismatch raises TypeError here, not in a game).
_probe: Any = _CityDraft()
_probe.__class__ = City
_probe = StateDraft()
_probe.__class__ = ArchitectsState
del _probe
