"""Moves and their text notation (``build red barracks_east.at1``, ``wonder s2``, ``pass``...).

The three actions of a turn (R4) are :class:`Build`, :class:`BuildWonder` and :class:`Pass`;
:class:`Tick`, :class:`Skip` and :class:`TakeBonus` settle follow-up decisions (effects that tick
boxes, bonuses).
"""

from __future__ import annotations

import re
from typing import Union

import attrs

from sevenwonders.core.exact import wrong_type
from sevenwonders.core.limits import check_notation, quote
from sevenwonders.core.serialization import register_union
from sevenwonders.errors import NotationError


@attrs.frozen(slots=True)
class Build:
    """Action A: choose a Forum die and tick a box it reaches."""

    die: str
    box: str

    def __attrs_post_init__(self) -> None:
        if type(self.die) is not str:
            wrong_type(self, "die", str)
        if type(self.box) is not str:
            wrong_type(self, "box", str)

    def __str__(self) -> str:
        return f"build {self.die} {self.box}"


@attrs.frozen(slots=True)
class BuildWonder:
    """Action B: tick the next Wonder stage, without a die."""

    stage: str

    def __attrs_post_init__(self) -> None:
        if type(self.stage) is not str:
            wrong_type(self, "stage", str)

    def __str__(self) -> str:
        return f"wonder {self.stage}"


@attrs.frozen(slots=True)
class Pass:
    """Action C: gain 3 coins."""

    def __str__(self) -> str:
        return "pass"


@attrs.frozen(slots=True)
class Tick:
    """Tick a box for an effect (crossSpace, crossMultiColor, crossTwo)."""

    box: str

    def __attrs_post_init__(self) -> None:
        if type(self.box) is not str:
            wrong_type(self, "box", str)

    def __str__(self) -> str:
        return f"tick {self.box}"


@attrs.frozen(slots=True)
class Skip:
    """Leave an optional effect unused."""

    def __str__(self) -> str:
        return "skip"


@attrs.frozen(slots=True)
class TakeBonus:
    """Tick a bonus after completing a city building."""

    bonus: str

    def __attrs_post_init__(self) -> None:
        if type(self.bonus) is not str:
            wrong_type(self, "bonus", str)

    def __str__(self) -> str:
        return f"bonus {self.bonus}"


DiceMove = Union[Build, BuildWonder, Pass, Tick, Skip, TakeBonus]  # noqa: UP007
MOVE_TYPES = (Build, BuildWonder, Pass, Tick, Skip, TakeBonus)
register_union(DiceMove)

ID = re.compile(r"[A-Za-z0-9_]+")
"""What a sheet file's box, stage and bonus ids must match so that the notation can write them
(``build red barracks_east.at1``, ``wonder s2``, ``bonus b1``); checked by ``load_sheets``."""
_NAME = re.compile(r"[A-Za-z0-9_]+(\.[A-Za-z0-9_]+)?")
_BOX = re.compile(r"[A-Za-z0-9_]+\.[A-Za-z0-9_]+")


def parse(text: str) -> DiceMove:
    """Read a move's notation; raises :class:`NotationError` if it cannot be read."""
    text = check_notation(text)
    words = text.split()
    if not words:
        raise NotationError("empty move")
    verb, args = words[0].lower(), words[1:]
    shapes: dict[str, tuple[int, ...]] = {"pass": (), "skip": (), "wonder": (1,), "bonus": (1,),
                                          "tick": (2,), "build": (1, 2)}
    if verb not in shapes:
        raise NotationError(f"unknown move {quote(words[0])}: use build, wonder, pass, tick, skip "
                            "or bonus")
    expected = shapes[verb]
    if len(args) != len(expected):
        raise NotationError(f"{verb!r} takes {len(expected)} argument(s): {quote(text)}")
    for arg, kind in zip(args, expected, strict=True):
        pattern = _BOX if kind == 2 else _NAME
        if not pattern.fullmatch(arg):
            what = "a box such as market.m3" if kind == 2 else "a name"
            raise NotationError(f"{quote(arg)} is not {what} in {quote(text)}")
    if verb == "pass":
        return Pass()
    if verb == "skip":
        return Skip()
    if verb == "wonder":
        return BuildWonder(args[0])
    if verb == "bonus":
        return TakeBonus(args[0])
    if verb == "tick":
        return Tick(args[0])
    return Build(args[0], args[1])
