"""What happens in a step, in order, so a frontend can animate it (``BaseGame.step``)."""

from __future__ import annotations

from typing import Union

import attrs

from sevenwonders.base.state import PendingKind
from sevenwonders.core.serialization import register_union


@attrs.frozen(slots=True)
class CardBuilt:
    """``free`` says why no cost was paid (chain, first_of_colour, discard...), else ``None``."""

    seat: int
    card: str
    left: int
    right: int
    bank: int
    free: str | None = None


@attrs.frozen(slots=True)
class StageBuilt:
    """``bank`` includes what an expansion's variant cost (``extras``); ``choice`` is the option
    taken on a stage that offers several."""

    seat: int
    stage: int
    left: int
    right: int
    bank: int
    extras: tuple[str, ...] = ()
    choice: int = 0


@attrs.frozen(slots=True)
class CardSold:
    """``seat`` sold ``card`` for ``coins`` coins."""
    seat: int
    card: str
    coins: int


@attrs.frozen(slots=True)
class CardDiscarded:
    """A card discarded without coins (the last card of an Age)."""

    seat: int
    card: str


@attrs.frozen(slots=True)
class CoinsGained:
    """``seat`` gained ``amount`` coins from ``source`` (a card, a stage, an expansion)."""
    seat: int
    amount: int
    source: str


@attrs.frozen(slots=True)
class HandsPassed:
    """The hands passed on, to the ``left`` or the ``right`` neighbour (by Age)."""
    direction: str


@attrs.frozen(slots=True)
class PendingDecision:
    """``seat`` now owes a decision of ``kind`` (``detail`` says what it is about)."""
    seat: int
    kind: PendingKind
    detail: str = ""


@attrs.frozen(slots=True)
class ConflictResolved:
    """One seat's conflict with one neighbour; ``token`` is what the seat received (0: none)."""

    age: int
    seat: int
    neighbour: int
    strength: int
    neighbour_strength: int
    token: int


@attrs.frozen(slots=True)
class ExpansionEvent:
    """Something an expansion did: ``kind`` is the expansion's own word (``joined``,
    ``completed``, ``penalty``...), ``detail`` names what (a project, a card), ``value`` how
    much (coins, points)."""

    expansion: str
    kind: str
    seat: int | None = None
    detail: str = ""
    value: int = 0


@attrs.frozen(slots=True)
class AgeStarted:
    """Age ``age`` began (its hands were dealt)."""
    age: int


@attrs.frozen(slots=True)
class GameEnded:
    """The game ended: the score sheets are final."""
    pass


Event = Union[  # noqa: UP007 - cattrs needs a runtime Union
    CardBuilt, StageBuilt, CardSold, CardDiscarded, CoinsGained, HandsPassed, PendingDecision,
    ConflictResolved, AgeStarted, GameEnded, ExpansionEvent,
]
register_union(Event)
