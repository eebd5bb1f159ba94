"""What cards and wonder stages do, as typed data that the rules interpret.

An effect is one small frozen class; a card or stage carries a tuple of them. The data files name
each by its ``type`` tag (``produce``, ``points``, ...). A card needs its own code only when its
rule is truly unique, which no base-game card is.
"""

from __future__ import annotations

import enum
from typing import Union

import attrs

from sevenwonders.core.serialization import register_union


class Symbol(enum.Enum):
    COMPASS = "compass"
    GEAR = "gear"
    TABLET = "tablet"


class Scope(enum.Enum):
    """Whose cities an effect counts."""

    OWN = "own"
    NEIGHBOURS = "neighbours"
    ALL = "all"  # own city and both neighbours


class Side(enum.Enum):
    LEFT = "left"
    RIGHT = "right"


@attrs.frozen(slots=True)
class Produce:
    """``amount`` units of one of ``options`` (letters) each turn; neighbours may buy it if
    ``tradable`` and the card is brown or grey or the wonder's starting resource."""

    options: str
    amount: int = 1
    tradable: bool = True


@attrs.frozen(slots=True)
class Points:
    vp: int


@attrs.frozen(slots=True)
class Shields:
    count: int


@attrs.frozen(slots=True)
class Science:
    symbol: Symbol


@attrs.frozen(slots=True)
class ScienceChoice:
    """One science symbol of the owner's choice, placed at the end to score most."""


@attrs.frozen(slots=True)
class Coins:
    """Coins from the bank, once, in the turn the card or stage is built."""

    amount: int


@attrs.frozen(slots=True)
class TradeDiscount:
    """Buy ``resources`` (letters) from the neighbours on ``sides`` for ``price`` coins each."""

    resources: str
    sides: tuple[Side, ...]
    price: int = 1


@attrs.frozen(slots=True)
class CoinsPer:
    """Coins, once when built, per counted item (card colours, ``wonder_stage``,
    ``defeat_token``) in the cities of ``scope``."""

    amount: int
    counts: tuple[str, ...]
    scope: Scope


@attrs.frozen(slots=True)
class PointsPer:
    """Points at the end per counted item in the cities of ``scope``."""

    vp: int
    counts: tuple[str, ...]
    scope: Scope


@attrs.frozen(slots=True)
class WonderCompletePoints:
    """Points at the end if every stage of the owner's wonder is built (Decorators Guild)."""

    vp: int


@attrs.frozen(slots=True)
class PlayLastCard:
    """Babylon: play the 7th card of each Age instead of discarding it."""


@attrs.frozen(slots=True)
class BuildFromDiscard:
    """Halicarnassus: at the end of the turn, build one discarded card for free."""


@attrs.frozen(slots=True)
class FreeFirstOfColour:
    """Olympia (Day): an Age card of a colour not yet in the city is built for free."""


@attrs.frozen(slots=True)
class FreeFirstOfAge:
    """Olympia (Night): the card built on the first turn of each Age is free."""


@attrs.frozen(slots=True)
class FreeLastOfAge:
    """Olympia (Night): the card built on the last (6th) turn of each Age is free."""


@attrs.frozen(slots=True)
class FreeOncePerAge:
    """Olympia (1st edition, A): once per Age, build a card from hand for free."""


@attrs.frozen(slots=True)
class ExpansionEffect:
    """An effect that only the named expansion understands (for example Ur taking a pawn);
    the base game hands it to that expansion's hooks when the stage is built."""

    expansion: str
    kind: str
    value: int = 0


@attrs.frozen(slots=True)
class CopyNeighbourGuild:
    """Olympia (1st edition, B): at the end, copy a guild of a neighbour (the best one)."""


Effect = Union[  # noqa: UP007 - cattrs needs a runtime Union object
    Produce, Points, Shields, Science, ScienceChoice, Coins, TradeDiscount, CoinsPer, PointsPer,
    WonderCompletePoints, PlayLastCard, BuildFromDiscard, FreeFirstOfColour, FreeFirstOfAge,
    FreeLastOfAge, FreeOncePerAge, CopyNeighbourGuild, ExpansionEffect,
]
register_union(Effect)

COUNTABLE = frozenset(
    {"brown", "grey", "blue", "yellow", "red", "green", "purple", "wonder_stage", "defeat_token"}
)
