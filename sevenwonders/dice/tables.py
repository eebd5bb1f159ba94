"""A validated sheet set compiled into flat lookup tables, once, so that play is fast.

Boxes of a sheet get one global index each; a seat's progress is then a tuple of ints (the turn
each box was ticked, 0 for not yet), and every question the rules ask (which boxes does this die
face reach, which effects are permanent, which buildings are complete) is a table lookup.
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from sevenwonders.dice import components as c
from sevenwonders.dice.effects import (
    DiceEffect,
    DieCoins,
    DieCostZero,
    LastingEffect,
    ReducedDieCost,
    compile_effect,
)
from sevenwonders.dice.moves import Build, BuildWonder, TakeBonus, Tick
from sevenwonders.dice.sheet_schema import Bonus, SheetSet, SymbolMeaning, resolved_part
from sevenwonders.dice.state import RolledDie


@attrs.frozen(slots=True)
class BoxInfo:
    """One box (or Wonder stage) of a compiled sheet."""

    index: int
    building: str
    id: str
    ref: str
    cost: int
    requires: tuple[int, ...]
    kind: str | None
    printed_vp: int
    vp: int
    effects: tuple[DiceEffect, ...]
    accepts: frozenset[str]


@attrs.frozen(slots=True)
class BonusInfo:
    index: int
    id: str
    effects: tuple[DiceEffect, ...]


MoveRow = tuple[int, int, int, tuple[int, ...], Build | BuildWonder]
"""A box as the legal-move loop reads it: (index, cost, first required box or -1, further
required boxes, the rules' own move that ticks it). The moves are made once per game object and
only ever handed out as copies (:func:`sevenwonders.core.memo.fresh_all`)."""


def expand(buildings: Sequence[str]) -> tuple[str, ...]:
    """Building names with the pseudo-name ``barracks`` standing for both Barracks."""
    out: list[str] = []
    for name in buildings:
        for real in (c.BARRACKS if name == c.BOTH_BARRACKS else (name,)):
            if real not in out:
                out.append(real)
    return tuple(out)


@attrs.frozen(slots=True, eq=False)
class SheetTable:
    """Everything the rules need to know about one sheet."""

    sheet_id: str
    wonder_name: str
    boxes: tuple[BoxInfo, ...]
    by_ref: dict[str, int]
    building_boxes: dict[str, tuple[int, ...]]
    targets: dict[tuple[str, str], tuple[int, ...]]
    # The same per die (not colour) and face, as the legal-move loop reads them.
    die_rows: dict[tuple[str, str], tuple[MoveRow, ...]]
    wonder_rows: tuple[MoveRow, ...]
    # The rules' own Tick per box and TakeBonus per bonus (as the die rows' moves).
    tick_moves: tuple[Tick, ...]
    bonus_moves: tuple[TakeBonus, ...]
    bonuses: tuple[BonusInfo, ...]
    bonus_by_id: dict[str, int]
    reserve_size: int
    agora_first_vp: int
    # (box index or -1 - bonus index, effect) for effects that last: die costs and die gains.
    permanent: tuple[tuple[int, LastingEffect], ...]
    # Each box's building as a slice of the box indices (a building's boxes are consecutive).
    spans: tuple[tuple[int, int], ...]
    agora: tuple[int, int]
    warehouse: tuple[int, int]

    def boxes_of(self, buildings: Sequence[str]) -> tuple[int, ...]:
        return tuple(i for name in expand(buildings) for i in self.building_boxes[name])


def _meaning_targets(
    table_boxes: Sequence[BoxInfo], building_boxes: dict[str, tuple[int, ...]],
    meaning: SymbolMeaning, names: Sequence[str],
) -> tuple[int, ...]:
    side = meaning.side or "choice"
    kind = meaning.kind or "choice"
    out = []
    for building in expand(names):
        if building in c.BARRACKS and side != "choice" and building != f"barracks_{side}":
            continue
        for i in building_boxes[building]:
            box = table_boxes[i]
            if building in c.BARRACKS and kind != "choice" and box.kind != kind:
                continue
            out.append(i)
    return tuple(out)


def compile_sheet(sheet_set: SheetSet, index: int) -> SheetTable:
    sheet = sheet_set.sheets[index]

    def part(field: str) -> object:
        return resolved_part(sheet_set, index, field)[0]

    boxes: list[BoxInfo] = []
    building_boxes: dict[str, tuple[int, ...]] = {}
    agora_first_vp = 0
    for building in c.BOX_BUILDINGS:
        spec = part(building)
        specs = spec.stages if building == c.WONDER else spec.boxes  # type: ignore[attr-defined]
        if building == "agora":
            agora_first_vp = spec.first_complete_bonus_vp or 0  # type: ignore[attr-defined]
        start = len(boxes)
        local = {box.id: start + i for i, box in enumerate(specs)}
        for i, box in enumerate(specs):
            boxes.append(BoxInfo(
                index=start + i, building=building, id=box.id, ref=f"{building}.{box.id}",
                cost=box.cost, requires=tuple(local[r] for r in box.requires), kind=box.kind,
                printed_vp=box.printed_vp or 0, vp=box.vp,
                effects=tuple(compile_effect(e) for e in box.effects),
                accepts=frozenset(box.accepts),
            ))
        building_boxes[building] = tuple(range(start, len(boxes)))

    targets: dict[tuple[str, str], tuple[int, ...]] = {}
    faces = {(c.colour_of(die), face)
             for die, spec in sheet_set.dice.items() for face in spec.faces}
    for colour, face in sorted(faces):
        meaning = sheet_set.symbol_meanings.get(f"{colour}.{face}")
        if colour == "red" and meaning is not None:
            found = _meaning_targets(boxes, building_boxes, meaning, c.BARRACKS)
        elif colour == "black" and meaning is not None:
            names = meaning.buildings or ((meaning.building,) if meaning.building else ())
            found = _meaning_targets(boxes, building_boxes, meaning, names)
        elif colour == "white" and meaning is not None and meaning.wild:
            found = building_boxes["gallery"]
        else:
            found = tuple(i for building in c.COLOUR_BUILDINGS[colour]
                          for i in building_boxes[building] if face in boxes[i].accepts)
        targets[(colour, face)] = found

    bonus_specs: tuple[Bonus, ...] = part("bonuses")  # type: ignore[assignment]
    bonuses = tuple(BonusInfo(i, b.id, tuple(compile_effect(e) for e in b.effects))
                    for i, b in enumerate(bonus_specs))
    permanent: list[tuple[int, LastingEffect]] = [
        (box.index, e) for box in boxes for e in box.effects
        if isinstance(e, DieCostZero | ReducedDieCost | DieCoins)]
    permanent += [(-1 - b.index, e) for b in bonuses for e in b.effects
                  if isinstance(e, DieCostZero | ReducedDieCost | DieCoins)]
    reserve = part("gold_reserve")
    die_rows = {(die, face): tuple(_row(boxes[i], Build(die, boxes[i].ref))
                                   for i in targets[(c.colour_of(die), face)])
                for die, spec in sheet_set.dice.items() for face in spec.faces}
    spans = tuple(_span(building_boxes[box.building]) for box in boxes)
    return SheetTable(
        sheet_id=sheet.sheet_id, wonder_name=sheet.wonder_name, boxes=tuple(boxes),
        by_ref={box.ref: box.index for box in boxes}, building_boxes=building_boxes,
        targets=targets, die_rows=die_rows,
        wonder_rows=tuple(_row(boxes[i], BuildWonder(boxes[i].id))
                          for i in building_boxes[c.WONDER]),
        tick_moves=tuple(Tick(box.ref) for box in boxes),
        bonus_moves=tuple(TakeBonus(bonus.id) for bonus in bonuses),
        bonuses=bonuses, bonus_by_id={b.id: b.index for b in bonuses},
        reserve_size=reserve.size, agora_first_vp=agora_first_vp,  # type: ignore[attr-defined]
        permanent=tuple(permanent), spans=spans,
        agora=_span(building_boxes["agora"]), warehouse=_span(building_boxes["warehouse"]),
    )


def _span(indices: tuple[int, ...]) -> tuple[int, int]:
    """A building's boxes as a slice (they are consecutive, see above); (0, 0) for none."""
    return (indices[0], indices[-1] + 1) if indices else (0, 0)


def _row(box: BoxInfo, move: Build | BuildWonder) -> MoveRow:
    first = box.requires[0] if box.requires else -1
    return (box.index, box.cost, first, box.requires[1:], move)


@attrs.frozen(slots=True, eq=False)
class Tables:
    """The compiled sheet set: sheets by id, dice faces, Forum costs and gate counts."""

    sheet_set: SheetSet
    sheets: dict[str, SheetTable]
    sheet_ids: tuple[str, ...]
    faces: dict[str, tuple[str, ...]]
    area_costs: tuple[int, ...]
    gate_counts: dict[str, tuple[str, ...]]
    # Every way a die can lie in the Forum, made once: die -> [face index][area]. Immutable
    # values, shared by the states of the game object as equal strings are.
    rolled: dict[str, tuple[tuple[RolledDie, ...], ...]]

    @classmethod
    def of(cls, sheet_set: SheetSet) -> Tables:
        sheets = {s.sheet_id: compile_sheet(sheet_set, i) for i, s in enumerate(sheet_set.sheets)}
        gate = {key.partition(".")[2]: expand(m.count)
                for key, m in sheet_set.symbol_meanings.items() if key.startswith("purple.")}
        areas = range(len(sheet_set.forum.area_costs))
        return cls(
            sheet_set=sheet_set, sheets=sheets, sheet_ids=tuple(sheets),
            faces={die: spec.faces for die, spec in sheet_set.dice.items()},
            area_costs=sheet_set.forum.area_costs, gate_counts=gate,
            rolled={die: tuple(tuple(RolledDie(die, face, area) for area in areas)
                               for face in spec.faces)
                    for die, spec in sheet_set.dice.items()},
        )
