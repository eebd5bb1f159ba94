"""Moves: one small class per kind of decision, each with a short text form.

``str(move)`` is the notation; :func:`parse` reads it back (without checking legality):

=========================  ==================================================================
``take left``              main card: top of the left, right or central deck
``build 3s: W W $``        build stage ``3s`` spending 2 wood and 1 gold (S B W G P = stone,
                           brick, wood, glass, papyrus; ``$`` = a gold card)
``science gear gear``      discard these green cards to take a progress token
``token economy``          choose a face-up progress token, or ``token hidden`` for the pile's top
``extra urbanism left``    the extra card a progress token gives, from left, right or central
``alexandria giza``        Alexandria's effect: the deck of a wonder, or ``central``
``halicarnassus right``    Halicarnassus' effect: the deck to look through
``pick gold``              Halicarnassus' effect: the card kind to keep
``use olympia``            use an optional effect (only with ``wonder_effects_mandatory=False``)
``skip``                   decline an optional effect
``end``                    end the turn when only optional builds are left
=========================  ==================================================================
"""

from __future__ import annotations

import enum

import attrs

from sevenwonders.core.exact import check_str_tuple, wrong_type
from sevenwonders.core.limits import check_notation, quote
from sevenwonders.core.serialization import register_union
from sevenwonders.errors import NotationError


class Source(enum.Enum):
    """The three decks a seat may take from."""

    LEFT = "left"
    RIGHT = "right"
    CENTRAL = "central"


SOURCES: tuple[Source, ...] = (Source.LEFT, Source.RIGHT, Source.CENTRAL)
_SOURCE_BY_NAME = {source.value: source for source in Source}


@attrs.frozen(slots=True)
class Take:
    """Take the top card of the left, right or central deck (text: ``take left``)."""
    source: Source

    def __attrs_post_init__(self) -> None:
        if type(self.source) is not Source:
            wrong_type(self, "source", Source)

    def __str__(self) -> str:
        return f"take {self.source.value}"


@attrs.frozen(slots=True)
class Build:
    """Build ``stage``; ``spend`` lists the cards spent by letter, gold (``$``) last."""

    stage: str
    spend: str

    def __attrs_post_init__(self) -> None:
        if type(self.stage) is not str:
            wrong_type(self, "stage", str)
        if type(self.spend) is not str:
            wrong_type(self, "spend", str)

    def __str__(self) -> str:
        return f"build {self.stage}: {' '.join(self.spend)}"


@attrs.frozen(slots=True)
class Pay:
    """What a build spends: grey cards per resource slot, gold cards, and the tokens it uses
    (the payment behind a :class:`Build`, not a move; here, beside it, so that the payment
    search in architects/payment.py defines no data class and compiles)."""

    greys: tuple[int, ...]
    gold: int
    economy: bool
    engineering: bool


@attrs.frozen(slots=True)
class Science:
    """Discard green cards with these symbols (2 identical or 3 different) for a token."""

    symbols: tuple[str, ...]

    def __attrs_post_init__(self) -> None:
        check_str_tuple(self, "symbols", self.symbols)

    def __str__(self) -> str:
        return "science " + " ".join(self.symbols)


@attrs.frozen(slots=True)
class ChooseToken:
    """A face-up progress token by id, or ``"hidden"`` for the top of the face-down pile."""

    token: str

    def __attrs_post_init__(self) -> None:
        if type(self.token) is not str:
            wrong_type(self, "token", str)

    def __str__(self) -> str:
        return f"token {self.token}"


@attrs.frozen(slots=True)
class Extra:
    """The extra card owed by progress token ``token``."""

    token: str
    source: Source

    def __attrs_post_init__(self) -> None:
        if type(self.token) is not str:
            wrong_type(self, "token", str)
        if type(self.source) is not Source:
            wrong_type(self, "source", Source)

    def __str__(self) -> str:
        return f"extra {self.token} {self.source.value}"


@attrs.frozen(slots=True)
class Alexandria:
    """Take the top card of ``deck``: a wonder id (that wonder's deck) or ``"central"``."""

    deck: str

    def __attrs_post_init__(self) -> None:
        if type(self.deck) is not str:
            wrong_type(self, "deck", str)

    def __str__(self) -> str:
        return f"alexandria {self.deck}"


@attrs.frozen(slots=True)
class Halicarnassus:
    """Halicarnassus' effect: look through the left or right neighbour's deck (text:
    ``halicarnassus left``)."""
    side: Source

    def __attrs_post_init__(self) -> None:
        if type(self.side) is not Source:
            wrong_type(self, "side", Source)

    def __str__(self) -> str:
        return f"halicarnassus {self.side.value}"


@attrs.frozen(slots=True)
class Pick:
    """Keep a card of kind ``card`` among those Halicarnassus revealed."""

    card: str

    def __attrs_post_init__(self) -> None:
        if type(self.card) is not str:
            wrong_type(self, "card", str)

    def __str__(self) -> str:
        return f"pick {self.card}"


@attrs.frozen(slots=True)
class UseEffect:
    """Use an optional wonder effect when effects may be declined (text: ``use <effect>``)."""
    effect: str

    def __attrs_post_init__(self) -> None:
        if type(self.effect) is not str:
            wrong_type(self, "effect", str)

    def __str__(self) -> str:
        return f"use {self.effect}"


@attrs.frozen(slots=True)
class Skip:
    """Decline an optional effect or token (text: ``skip``)."""
    def __str__(self) -> str:
        return "skip"


@attrs.frozen(slots=True)
class EndTurn:
    """End the turn when only optional builds are left (text: ``end``)."""
    def __str__(self) -> str:
        return "end"


Move = (
    Take | Build | Science | ChooseToken | Extra | Alexandria | Halicarnassus | Pick | UseEffect
    | Skip | EndTurn
)
register_union(Move)
MOVE_TYPES: tuple[type, ...] = (Take, Build, Science, ChooseToken, Extra, Alexandria,
                                Halicarnassus, Pick, UseEffect, Skip, EndTurn)


def _source(word: str, text: str) -> Source:
    try:
        return _SOURCE_BY_NAME[word.lower()]
    except KeyError:
        raise NotationError(
            f"{quote(text)}: expected left, right or central, not {quote(word)}") from None


def parse(text: str) -> Move:
    """Read the text form of a move. Raises :class:`NotationError` if it cannot be read.

    Names (stages, tokens, wonders, card kinds) are not checked here: the game does that, and
    matches them without case (``PICK Gold``, ``build 3S: s s $``).
    """
    text = check_notation(text)
    words = text.replace(":", " : ").split()
    if not words:
        raise NotationError("empty move")
    head, rest = words[0].lower(), words[1:]

    def arity(count: int) -> None:
        if len(rest) != count:
            raise NotationError(f"{quote(text)}: {head} takes {count} word(s)")

    if head == "take":
        arity(1)
        return Take(_source(rest[0], text))
    if head == "build":
        if len(rest) < 3 or rest[1] != ":":
            raise NotationError(f"{quote(text)}: expected 'build <stage>: <cards>'")
        spend = rest[2:]
        if any(len(word) != 1 for word in spend):
            raise NotationError(f"{quote(text)}: cards are single letters separated by spaces")
        return Build(rest[0], "".join(spend))
    if head == "science":
        if len(rest) not in (2, 3):
            raise NotationError(f"{quote(text)}: a science set has 2 or 3 symbols")
        return Science(tuple(rest))
    if head == "token":
        arity(1)
        return ChooseToken(rest[0])
    if head == "extra":
        arity(2)
        return Extra(rest[0], _source(rest[1], text))
    if head == "alexandria":
        arity(1)
        return Alexandria(rest[0])
    if head == "halicarnassus":
        arity(1)
        side = _source(rest[0], text)
        if side is Source.CENTRAL:
            raise NotationError(f"{quote(text)}: Halicarnassus looks left or right")
        return Halicarnassus(side)
    if head == "pick":
        arity(1)
        return Pick(rest[0])
    if head == "use":
        arity(1)
        return UseEffect(rest[0])
    if head == "skip":
        arity(0)
        return Skip()
    if head == "end":
        arity(0)
        return EndTurn()
    raise NotationError(f"{quote(text)}: unknown move {head!r}")
