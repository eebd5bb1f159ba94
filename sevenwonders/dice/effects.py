"""What a box or bonus of a Dice sheet does, as typed values that the rules interpret.

The sheet file names each effect by its player-aid id (``crossSpace``, ``gainCoins``...; reference
dice.md section 6, "Effect vocabulary"); :func:`compile_effect` turns the file's record into one of
the small frozen classes below, once, when the sheet set is compiled. The rules then match on the
class, never on the id; ``name`` keeps the id for people and bots.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar, Union

import attrs

from sevenwonders.dice import components as c
from sevenwonders.dice.sheet_schema import Effect as SheetEffect


@attrs.frozen(slots=True)
class GainCoins:
    """Player aid 4 (``7coins``): gain ``amount`` coins now."""

    amount: int
    name: ClassVar[str] = "gainCoins"


@attrs.frozen(slots=True)
class CoinsPerBox:
    """Player aid 7: now ``per`` coins per ticked box of ``building`` (``barracks``: both); at
    the end as many VP."""

    per: int
    building: str
    name: ClassVar[str] = "1coinPerCross"

    @property
    def buildings(self) -> tuple[str, ...]:
        return _expand(self.building)


@attrs.frozen(slots=True)
class CoinsPerWonderStage:
    """Player aid 8: now ``per`` coins per ticked Wonder stage; at the end as many VP."""

    per: int
    name: ClassVar[str] = "coinPerWonder"


@attrs.frozen(slots=True)
class UnlockDie:
    """Player aid 12: the seat may use the ``colour`` die (black, white or purple; R14)."""

    colour: str
    name: ClassVar[str] = "unlockDice"


@attrs.frozen(slots=True)
class TickBoxes:
    """Player aid 1-3 (``crossSpace``, ``crossTwo``, ``crossMultiColor``): tick up to ``count``
    boxes of ``buildings`` (as the sheet names them; ``barracks`` is both), paying their cost."""

    buildings: tuple[str, ...]
    count: int

    @property
    def name(self) -> str:
        if self.count > 1:
            return "crossTwo"
        return "crossSpace" if len(self.buildings) == 1 else "crossMultiColor"


@attrs.frozen(slots=True)
class AnotherAction:
    """Player aid 6: take another action (A, B or C) with the current dice."""

    name: ClassVar[str] = "anotherAction"


@attrs.frozen(slots=True)
class FreeDieBuild:
    """Player aid 5 (``constructBuilding``): build with a die without paying its cost."""

    name: ClassVar[str] = "constructBuilding"


@attrs.frozen(slots=True)
class DieCostZero:
    """Player aid 10 (lasting): the die cost of ``colour`` (or ``all``) is 0."""

    colour: str
    name: ClassVar[str] = "dieCost0"


@attrs.frozen(slots=True)
class ReducedDieCost:
    """Player aid 9 (lasting): the die cost of ``colour`` (or ``all``) is 1 lower."""

    colour: str
    name: ClassVar[str] = "reducedCost"


@attrs.frozen(slots=True)
class DieCoins:
    """Player aid 11 (``gain2Coins``, lasting): ``amount`` coins whenever the seat chooses a die of
    ``colour`` (or any colour with ``all``)."""

    colour: str
    amount: int
    name: ClassVar[str] = "gain2Coins"


DiceEffect = Union[  # noqa: UP007 - a runtime Union, like the other effect unions
    GainCoins, CoinsPerBox, CoinsPerWonderStage, UnlockDie, TickBoxes, AnotherAction,
    FreeDieBuild, DieCostZero, ReducedDieCost, DieCoins,
]
LastingEffect = Union[DieCostZero, ReducedDieCost, DieCoins]  # noqa: UP007
"""Effects read whenever a die is chosen, for as long as their box or bonus is ticked."""


def _expand(name: str) -> tuple[str, ...]:
    return c.BARRACKS if name == c.BOTH_BARRACKS else (name,)


_COMPILERS: dict[str, Callable[[SheetEffect], DiceEffect]] = {
    "gainCoins": lambda e: GainCoins(e.amount or 0),
    "1coinPerCross": lambda e: CoinsPerBox(
        e.amount or c.DEFAULT_AMOUNTS["1coinPerCross"], e.building or ""),
    "coinPerWonder": lambda e: CoinsPerWonderStage(
        e.amount or c.DEFAULT_AMOUNTS["coinPerWonder"]),
    "unlockDice": lambda e: UnlockDie(e.colour or ""),
    "crossSpace": lambda e: TickBoxes((e.building or "",), 1),
    "crossTwo": lambda e: TickBoxes((e.building or "",), 2),
    "crossMultiColor": lambda e: TickBoxes(e.buildings, 1),
    "anotherAction": lambda e: AnotherAction(),
    "constructBuilding": lambda e: FreeDieBuild(),
    "dieCost0": lambda e: DieCostZero(e.colour or ""),
    "reducedCost": lambda e: ReducedDieCost(e.colour or ""),
    "gain2Coins": lambda e: DieCoins(e.colour or "", e.amount or c.DEFAULT_AMOUNTS["gain2Coins"]),
}


def compile_effect(effect: SheetEffect) -> DiceEffect:
    """The typed effect of a sheet file's (validated) effect record."""
    return _COMPILERS[effect.effect](effect)


def describe_effect(effect: DiceEffect | SheetEffect) -> str:
    """An effect (typed, or as the sheet file writes it) in words (player aid, reference
    section 6)."""
    if isinstance(effect, SheetEffect):
        effect = compile_effect(effect)
    match effect:
        case GainCoins(amount):
            return f"+{amount} coin" + ("s" if amount != 1 else "")
        case CoinsPerBox(per, building):
            target = building.replace("_", " ")
            return f"{per} coin now, {per} VP at the end, per ticked {target} box"
        case CoinsPerWonderStage(per):
            return f"{per} coins now, {per} VP at the end, per Wonder stage"
        case ReducedDieCost(colour):
            return f"{colour} die cost -1"
        case DieCostZero(colour):
            return f"{colour} die cost 0"
        case DieCoins(colour, amount):
            return f"+{amount} coins whenever you choose a {colour} die"
        case UnlockDie(colour):
            return f"unlocks the {colour} die"
        case TickBoxes(buildings) if len(buildings) > 1:
            return "tick a box of " + " / ".join(b.replace("_", " ") for b in buildings)
        case TickBoxes(buildings, count):
            target = buildings[0].replace("_", " ")
            return f"tick up to {count} {target} boxes" if count > 1 else f"tick one {target} box"
        case AnotherAction():
            return "another action"
        case FreeDieBuild():
            return "build with a die without paying its cost"
    return effect.name
