"""Reading the text form of base-game moves (``str(move)`` writes it).

Keywords are read without regard to case (``BUILD Baths``); card names are given back as
written and matched without case by :func:`canonical_names` against the game's cards.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

import attrs

from sevenwonders.base.moves import Build, BuildStage, Choose, Move, Sell, Skip
from sevenwonders.errors import NotationError

_PAY = r"(?: paying (?:left (?P<left>\d+))?(?: and )?(?:right (?P<right>\d+))?)?"
_EXTRA = r"(?P<extras>(?: \+\S+)*)"
_I = re.IGNORECASE
_PATTERNS = (
    (re.compile(r"build (?P<card>.+?) free", _I), "free"),
    (re.compile(rf"build (?P<card>.+?){_PAY}", _I), "build"),
    (re.compile(rf"stage (?P<card>.+?)(?: option (?P<option>\d+))?{_PAY}{_EXTRA}", _I), "stage"),
    (re.compile(r"choose (?P<card>.+)", _I), "choose"),
    (re.compile(r"sell (?P<card>.+)", _I), "sell"),
    (re.compile(r"skip", _I), "skip"),
)


def parse(text: str) -> Move:
    """A move from text such as ``build Baths paying left 2``, ``stage Loom``, ``sell Press``."""
    if not isinstance(text, str):
        raise NotationError(f"a move's text must be a string, not {type(text).__name__}")
    cleaned = " ".join(text.split())
    for pattern, kind in _PATTERNS:
        match = pattern.fullmatch(cleaned)
        if match is None:
            continue
        if kind == "skip":
            return Skip()
        card = match["card"]
        if kind == "sell":
            return Sell(card)
        if kind == "choose":
            return Choose(card)
        if kind == "free":
            return Build(card, free_build=True)
        left = int(match["left"] or 0)
        right = int(match["right"] or 0)
        if kind == "build":
            return Build(card, left, right)
        extras = tuple(e for e in match["extras"].split(" +") if e)
        option = int(match["option"] or 1)
        if option < 1:
            raise NotationError(f"options count from 1: {text!r}")
        return BuildStage(card, left, right, extras, option - 1)
    raise NotationError(
        f"cannot read {text!r}: write 'build CARD [paying left N and right M]', "
        "'stage CARD [paying ...]', 'sell CARD', 'build CARD free' or 'skip'"
    )


def canonical_names(move: Move, names: Mapping[str, str]) -> Move:
    """``move`` with its card name (and a chosen option that is a card) spelt as the game spells
    it; ``names`` maps each card name's ``casefold()`` to the name. ``build baths`` is
    ``build Baths``."""
    if isinstance(move, Build | BuildStage | Sell):
        found = names.get(move.card.casefold())
        return attrs.evolve(move, card=found) if found and found != move.card else move
    if isinstance(move, Choose):
        found = names.get(move.option.casefold())
        return Choose(found) if found and found != move.option else move
    return move
