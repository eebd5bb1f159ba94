"""What wonder stages and progress tokens do, as typed values that the rules interpret.

The data files name a wonder's effect (``wonders.toml``: ``effect = "alexandria"``) and a token's
power (``progress.toml``: ``power = "economy"``, score rules); :func:`wonder_power` and
:func:`token_power` turn those records into the small frozen classes below, once, when the tables
are built. The rules then match on the class. An effect keeps its data-file name (``name``) for
events, moves and pending decisions, which show it.
"""

from __future__ import annotations

from typing import Union

import attrs

from sevenwonders.architects.data import ProgressToken, Setup, Wonder

# --- wonder powers: DE rulebook "Effekte der Weltwunder"; reference architects.md 1.2, 3.5 ---


@attrs.frozen(slots=True)
class TakeFromAnyDeck:
    """Alexandria: take the top card of any deck on the table."""


@attrs.frozen(slots=True)
class TakeCentralCard:
    """Ephesus: take the top card of the central deck."""


@attrs.frozen(slots=True)
class TakeLeftAndRight:
    """Olympia: take the top card of the left and of the right deck."""


@attrs.frozen(slots=True)
class StageShields:
    """Rhodes: each stage with the effect counts ``shields`` shields."""

    shields: int


@attrs.frozen(slots=True)
class LookThroughDeck:
    """Halicarnassus: look at the top ``cards`` cards of the left or right deck, keep one, and
    shuffle the rest back."""

    cards: int


@attrs.frozen(slots=True)
class ChooseProgressToken:
    """Babylon: take one of the face-up progress tokens (or the hidden top of the pile)."""


@attrs.frozen(slots=True)
class NoPower:
    """Giza: no effect, more victory points."""


WonderPower = Union[  # noqa: UP007 - a runtime Union, like the other effect unions
    TakeFromAnyDeck, TakeCentralCard, TakeLeftAndRight, StageShields, LookThroughDeck,
    ChooseProgressToken, NoPower,
]
OPTIONAL_POWERS = (TakeCentralCard, TakeLeftAndRight)
"""Powers a seat may decline when the option ``wonder_effects_mandatory`` is off."""


def wonder_power(wonder: Wonder, setup: Setup) -> WonderPower:
    """The typed power of a (checked) wonder record."""
    powers: dict[str, WonderPower] = {
        "alexandria": TakeFromAnyDeck(),
        "ephesus": TakeCentralCard(),
        "olympia": TakeLeftAndRight(),
        "rhodes": StageShields(setup.rhodes_shields),
        "halicarnassus": LookThroughDeck(setup.halicarnassus_reveal),
        "babylon": ChooseProgressToken(),
        "none": NoPower(),
    }
    return powers[wonder.effect]


# --- progress tokens: DE rulebook "Effekte der Fortschrittsmarker"; reference 3.6 ---


@attrs.frozen(slots=True)
class ExtraCard:
    """Take one more card (once per turn) after taking a card of one of the ``on_take`` kinds,
    or, with ``on_build``, after building a stage."""

    on_take: tuple[str, ...]
    on_build: bool


@attrs.frozen(slots=True)
class Economy:
    """Once per turn, one gold card counts as two coins (architects/payment.py)."""


@attrs.frozen(slots=True)
class Engineering:
    """Once per turn, a stage ignores "identical" / "different" (architects/payment.py)."""


@attrs.frozen(slots=True)
class TokenShields:
    """Permanent shields."""

    shields: int


@attrs.frozen(slots=True)
class WonderCompletePoints:
    """``incomplete`` VP while the wonder is unfinished, ``complete`` VP once it is."""

    incomplete: int
    complete: int


@attrs.frozen(slots=True)
class PointsPerCat:
    """``vp`` per cat icon on the seat's cards."""

    vp: int


@attrs.frozen(slots=True)
class PointsPerMilitaryToken:
    vp: int


@attrs.frozen(slots=True)
class PointsPerProgressToken:
    """``vp`` per progress token the seat owns, this one included."""

    vp: int


@attrs.frozen(slots=True)
class PointsByCopies:
    """``vp[k]`` for owning ``k`` copies of this token (Culture), counted once."""

    vp: tuple[int, ...]


ScorePower = Union[  # noqa: UP007
    WonderCompletePoints, PointsPerCat, PointsPerMilitaryToken, PointsPerProgressToken,
    PointsByCopies,
]
TokenPower = Union[ExtraCard, Economy, Engineering, TokenShields, ScorePower]  # noqa: UP007


def token_power(token: ProgressToken) -> TokenPower:
    """The typed power of a (checked) progress token record."""
    if token.power == "extra_card":
        return ExtraCard(token.on_take, token.on_build)
    if token.power == "economy":
        return Economy()
    if token.power == "engineering":
        return Engineering()
    if token.power == "shields":
        return TokenShields(token.shields)
    vp, rule = token.vp, token.score  # counts checked at load (data.check_tokens)
    if rule == "wonder_complete":
        return WonderCompletePoints(vp[0], vp[1])
    if rule == "per_cat_icon":
        return PointsPerCat(vp[0])
    if rule == "per_military_token":
        return PointsPerMilitaryToken(vp[0])
    if rule == "per_progress_token":
        return PointsPerProgressToken(vp[0])
    return PointsByCopies(vp)
