"""Events: what happened during a step, in order, for animation and logs.

Events only carry what every seat may know: Halicarnassus' revealed cards are counted, not named.
"""

from __future__ import annotations

import attrs

from sevenwonders.core.serialization import register_union


@attrs.frozen(slots=True)
class CardTaken:
    """``seat`` placed ``card`` (a kind id) in front of it. ``source`` is ``"central"``, a wonder
    id (that wonder's deck) or ``"revealed"``; ``reason`` is ``"turn"``, a wonder effect or a
    progress token id."""

    seat: int
    card: str
    source: str
    reason: str


@attrs.frozen(slots=True)
class CatMoved:
    """``seat`` took the cat from ``previous`` (``None``: nobody held it yet)."""
    seat: int
    previous: int | None


@attrs.frozen(slots=True)
class ConflictFlipped:
    """``count`` conflict tokens turned to their battle side; ``flipped`` of ``total`` now are."""

    seat: int
    count: int
    flipped: int
    total: int


@attrs.frozen(slots=True)
class ScienceUsed:
    """``seat`` traded the science ``symbols`` for a progress token."""
    seat: int
    symbols: tuple[str, ...]


@attrs.frozen(slots=True)
class TokenTaken:
    """``seat`` took progress token ``token`` (``hidden`` if from the pile); ``revealed`` is the
    token turned face up to replace it, if any."""

    seat: int
    token: str
    hidden: bool
    revealed: str | None
    reason: str


@attrs.frozen(slots=True)
class StageBuilt:
    """``seat`` built ``stage`` of ``wonder`` with the ``spent`` cards (with Economy's or
    Engineering's help where flagged)."""
    seat: int
    wonder: str
    stage: str
    spent: tuple[str, ...]
    economy: bool
    engineering: bool


@attrs.frozen(slots=True)
class EffectApplied:
    """A wonder effect fired, or (``used=False``) was declined or found nothing to take."""

    seat: int
    effect: str
    used: bool = True


@attrs.frozen(slots=True)
class CardsRevealed:
    """Halicarnassus: ``seat`` looks at ``count`` cards of ``deck`` (a wonder id)."""

    seat: int
    deck: str
    count: int


@attrs.frozen(slots=True)
class DeckShuffled:
    """``deck`` was shuffled and now holds ``size`` cards."""
    deck: str
    size: int


@attrs.frozen(slots=True)
class Battle:
    """Shields, military tokens won and horn cards discarded, per seat."""

    shields: tuple[int, ...]
    won: tuple[int, ...]
    discarded: tuple[int, ...]


@attrs.frozen(slots=True)
class TurnEnded:
    """``seat``'s turn ``turn`` ended; the next seat moves."""
    seat: int
    turn: int


@attrs.frozen(slots=True)
class GameEnded:
    """``reason`` is ``"wonder_complete"`` or ``"decks_empty"``; ``totals`` per seat."""

    reason: str
    totals: tuple[int, ...]
    ranking: tuple[int, ...]


Event = (
    CardTaken | CatMoved | ConflictFlipped | ScienceUsed | TokenTaken | StageBuilt
    | EffectApplied | CardsRevealed | DeckShuffled | Battle | TurnEnded | GameEnded
)
register_union(Event)
