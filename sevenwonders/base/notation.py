"""Reading the text form of base-game moves (``str(move)`` writes it)."""

from __future__ import annotations

import re

from sevenwonders.base.moves import Build, BuildStage, Choose, Move, Sell, Skip
from sevenwonders.errors import NotationError

_PAY = r"(?: paying (?:left (?P<left>\d+))?(?: and )?(?:right (?P<right>\d+))?)?"
_EXTRA = r"(?P<extras>(?: \+\S+)*)"
_PATTERNS = (
    (re.compile(r"build (?P<card>.+?) free"), "free"),
    (re.compile(rf"build (?P<card>.+?){_PAY}"), "build"),
    (re.compile(rf"stage (?P<card>.+?)(?: option (?P<option>\d+))?{_PAY}{_EXTRA}"), "stage"),
    (re.compile(r"choose (?P<card>.+)"), "choose"),
    (re.compile(r"sell (?P<card>.+)"), "sell"),
    (re.compile(r"skip"), "skip"),
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
