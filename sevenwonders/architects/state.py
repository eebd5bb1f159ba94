"""The immutable game state, including the decision the seat to move faces now.

Cards are integer ids (see :class:`~sevenwonders.architects.tables.Tables`); a deck is a tuple
whose *last* element is its top card. Everything a turn remembers (tokens already used, extra
cards still owed) is part of the state, so a state alone says what may happen next.

In a state's JSON document each pile of cards (:data:`CardPile`: the decks, the central deck,
the discard pile, the cards in front of each seat, and what each seat has seen face down) is
one string of lowercase hex digits, two per card id, in the pile's order (``[5, 17, 200]`` is
``"0511c8"``): a document holds some 250 card ids, and a string is read in one piece where a
JSON array is read item by item. Loading accepts that form only, strictly
(:func:`structure_pile`).
"""

from __future__ import annotations

from typing import Annotated, Any

import attrs

from sevenwonders.core.limits import quote
from sevenwonders.core.rng import Rng
from sevenwonders.core.serialization import converter, register_union
from sevenwonders.errors import Reason, SerializationError

CARD_ID_LIMIT = 256
"""Card ids run from 0 to 255: each is two hex digits in a document (the tests check that
every card of the game's data fits)."""

CardPile = Annotated[tuple[int, ...], "card pile"]
"""A pile of card ids, which a document writes as one hex string (two digits a card); to the
rules, a plain tuple of ints."""


_HEX_DIGITS = "0123456789abcdef"


def structure_pile(value: Any, _: Any = None) -> tuple[int, ...]:
    """The card ids of a document's pile: a string of lowercase hex digits, two a card, and
    nothing else (no capitals, spaces or odd digit); a wrong pile is refused as a card id of
    the wrong type is (:class:`SerializationError`, ``wrong_type``)."""
    if type(value) is not str:
        raise SerializationError(f"expected a card pile as a string of hex digits, got "
                                 f"{quote(value)}", reason=Reason.WRONG_TYPE)
    try:
        cards = bytes.fromhex(value)
    except ValueError:
        cards = None
    if cards is None or cards.hex() != value:
        bad = value.lstrip(_HEX_DIGITS)[:1]
        fault = f"the character {bad!r}" if bad else "an odd number of digits"
        raise SerializationError(f"a card pile is lowercase hex digits, two a card id: "
                                 f"{quote(value)} has {fault}", reason=Reason.WRONG_TYPE)
    return tuple(cards)


def unstructure_pile(cards: tuple[int, ...]) -> str:
    """A pile's document: two lowercase hex digits a card id."""
    return bytes(cards).hex()


def structure_piles(value: Any, _: Any = None) -> tuple[tuple[int, ...], ...]:
    """Piles (the decks): a JSON array of piles."""
    if type(value) is not list and type(value) is not tuple:
        raise SerializationError(f"expected an array of card piles, got {quote(value)}",
                                 reason=Reason.WRONG_TYPE)
    return tuple([structure_pile(item) for item in value])


def _is(kind: Any) -> Any:
    return lambda cls: cls == kind


converter.register_structure_hook_func(_is(CardPile), structure_pile)
converter.register_unstructure_hook_func(_is(CardPile), unstructure_pile)
converter.register_structure_hook_func(_is(tuple[CardPile, ...]), structure_piles)
converter.register_unstructure_hook_func(_is(tuple[CardPile, ...]),
                                         lambda piles: [unstructure_pile(p) for p in piles])


class SpeedSlot:
    """The one private slot beside the state's fields where the game object's speed layer keeps
    what it found for it (not a field: never compared, hashed, shown, pickled or turned into
    JSON; a copy, an evolved or a loaded state starts without it). Only the speed layer reads
    or fills it; it lives exactly as long as the state."""

    __slots__ = ("_speed",)


# No ``__weakref__`` slot on City and ArchitectsState: the speed layer (architects/fast/drafts.py)
# builds them on drafts of the same layout.
@attrs.frozen(slots=True, weakref_slot=False)
class City:
    """What one seat has in front of it."""

    wonder: str
    built: tuple[str, ...] = ()
    """Stage keys in the order they were built."""
    cards: CardPile = ()
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
class ArchitectsState(SpeedSlot):
    """A whole game position. ``decks[i]`` is the deck of seat ``i``'s wonder, lying between seat
    ``i`` and its left neighbour ``i + 1``: it is seat ``i``'s left deck and seat ``i + 1``'s right
    deck."""

    cities: tuple[City, ...]
    decks: tuple[CardPile, ...]
    central: CardPile
    discard: CardPile
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
    seen: tuple[CardPile, ...] = ()
    """Per seat, the ids of the face-down cards it has seen (perfect recall, see
    :mod:`~sevenwonders.architects.memory`; views show those still face down): empty before any
    was seen."""

    @property
    def players(self) -> int:
        """The number of seats at the table."""
        return len(self.cities)

    @property
    def over(self) -> bool:
        """Whether the game has ended."""
        return isinstance(self.pending, Finished)


BUILT_FLAG = 1 << 20

