"""The sheet file's schema: the frozen classes a sheet set is read into (``SCHEMA.md``).

Reading and checking a file is :mod:`sevenwonders.dice.sheets` (the strict converter) and
:mod:`sevenwonders.dice.sheet_checks` (the rules' constraints); both build on these classes.
"""

from __future__ import annotations

from typing import Any

import attrs

from sevenwonders.core.frozenmap import FrozenMap


@attrs.frozen(slots=True)
class Provenance:
    """Where each value of an entry comes from: field name -> tag; ``"*"`` tags the rest."""

    tags: FrozenMap[str, str]

    def tag_of(self, field: str) -> str | None:
        """The provenance tag of ``field`` (its own, else the entry's ``*`` tag)."""
        return self.tags.get(field, self.tags.get("*"))

    @classmethod
    def of(cls, tag: str) -> Provenance:
        """One tag for every field of an entry."""
        return cls(FrozenMap({"*": tag}))


NO_SRC = Provenance(FrozenMap())


@attrs.frozen(slots=True)
class Effect:
    """One player-aid effect (reference section 6) with its parameters."""

    effect: str
    building: str | None = None
    buildings: tuple[str, ...] = ()
    colour: str | None = None
    amount: int | None = None


@attrs.frozen(slots=True)
class Box:
    """One box of a building, or one Wonder stage. ``requires`` is the arrow graph."""

    id: str
    cost: int
    src: Provenance = NO_SRC
    accepts: tuple[str, ...] = ()
    effects: tuple[Effect, ...] = ()
    vp: int = 0
    requires: tuple[str, ...] = ()
    kind: str | None = None
    printed_vp: int | None = None
    note: str | None = None


@attrs.frozen(slots=True)
class Building:
    """A building of a sheet: its boxes in order, the bonus VP for the first to complete it,
    where the values come from."""
    boxes: tuple[Box, ...]
    first_complete_bonus_vp: int | None = None
    src: Provenance = NO_SRC
    note: str | None = None


@attrs.frozen(slots=True)
class Wonder:
    """A sheet's wonder: its stages, built in order."""
    stages: tuple[Box, ...]
    note: str | None = None


@attrs.frozen(slots=True)
class GoldReserve:
    """A sheet's Gold Reserve: how many coins it holds and how many a seat starts with."""
    size: int
    start: int
    src: Provenance = NO_SRC


@attrs.frozen(slots=True)
class Bonus:
    """A bonus a seat may take when it completes a building: its effects."""
    id: str
    effects: tuple[Effect, ...]
    src: Provenance = NO_SRC
    note: str | None = None


@attrs.frozen(slots=True)
class Common:
    """Parts shared by every sheet that does not give its own."""

    wonder: Wonder | None = None
    gold_reserve: GoldReserve | None = None
    bonuses: tuple[Bonus, ...] | None = None
    warehouse: Building | None = None
    agora: Building | None = None
    market: Building | None = None
    barracks_west: Building | None = None
    barracks_east: Building | None = None
    university: Building | None = None
    guild_court: Building | None = None
    gallery: Building | None = None


@attrs.frozen(slots=True)
class Sheet:
    """One player sheet. Parts left out are taken from the file's ``common`` section."""

    sheet_id: str
    wonder_name: str
    src: Provenance = NO_SRC
    wonder: Wonder | None = None
    gold_reserve: GoldReserve | None = None
    bonuses: tuple[Bonus, ...] | None = None
    warehouse: Building | None = None
    agora: Building | None = None
    market: Building | None = None
    barracks_west: Building | None = None
    barracks_east: Building | None = None
    university: Building | None = None
    guild_court: Building | None = None
    gallery: Building | None = None
    note: str | None = None


@attrs.frozen(slots=True)
class Die:
    """One of the ten dice: its six faces."""
    faces: tuple[str, ...]
    src: Provenance = NO_SRC


@attrs.frozen(slots=True)
class SymbolMeaning:
    """What a red, white, black or purple face does (reference Decision 4)."""

    src: Provenance = NO_SRC
    kind: str | None = None
    side: str | None = None
    wild: bool | None = None
    effect: str | None = None
    building: str | None = None
    buildings: tuple[str, ...] = ()
    count: tuple[str, ...] = ()
    note: str | None = None


@attrs.frozen(slots=True)
class ForumSpec:
    """The Forum: the die cost of each of its areas and how a shake places the dice."""
    area_costs: tuple[int, ...]
    shake: str = "uniform"
    src: Provenance = NO_SRC


@attrs.frozen(slots=True)
class SheetSet:
    """A whole sheet file: dice, symbol meanings, the Forum and the sheets."""

    provisional: bool
    dice: FrozenMap[str, Die]
    symbol_meanings: FrozenMap[str, SymbolMeaning]
    forum: ForumSpec
    sheets: tuple[Sheet, ...]
    common: Common = Common()
    name: str = ""
    note: str | None = None
    file: str = attrs.field(default="<memory>", eq=False)


BUILDING_FIELDS = (
    "warehouse", "agora", "market", "barracks_west", "barracks_east", "university",
    "guild_court", "gallery",
)


def resolved_part(sheet_set: SheetSet, index: int, field: str) -> tuple[Any, str]:
    """A sheet's part (own or from ``common``) and the place it is written at."""
    own = getattr(sheet_set.sheets[index], field)
    if own is not None:
        return own, f"sheets[{index}].{field}"
    return getattr(sheet_set.common, field), f"common.{field}"


# --- the strict converter -----------------------------------------------------------------
