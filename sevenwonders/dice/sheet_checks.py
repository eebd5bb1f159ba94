"""The checks a sheet file must pass at load (reference Decision 2).

Each check raises :class:`~sevenwonders.errors.DataFileError` with the place of the bad value,
so that a user typing in the printed sheets finds the typo at once.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import attrs

from sevenwonders.dice import components as c
from sevenwonders.dice.moves import ID
from sevenwonders.dice.sheet_schema import (
    BUILDING_FIELDS,
    Box,
    Building,
    Effect,
    Provenance,
    SheetSet,
    SymbolMeaning,
    resolved_part,
)
from sevenwonders.errors import DataFileError


class _Checker:
    def __init__(self, sheet_set: SheetSet) -> None:
        self.s = sheet_set
        self.file = sheet_set.file
        self.checked: set[int] = set()

    def fail(self, place: str, message: str) -> DataFileError:
        return DataFileError(self.file, place, message)

    # --- provenance --------------------------------------------------------------------------

    def tags(self, src: Provenance, place: str, given: Iterable[str],
             fields: frozenset[str]) -> None:
        """Tags must be known, name fields of the entry, and cover every field ``given``."""
        for key, tag in src.tags.items():
            if tag not in c.TAGS_ORDER:
                raise self.fail(f"{place}.src", f"unknown provenance tag {tag!r}; "
                                f"use one of {', '.join(c.TAGS_ORDER)}")
            if key != "*" and key not in fields:
                raise self.fail(f"{place}.src.{key}", "names no field of this entry")
        for field in given:
            if src.tag_of(field) is None:
                raise self.fail(f"{place}.src", f"no provenance tag for {field!r}")

    def entry_tags(self, entry: object, src: Provenance, place: str,
                   skip: frozenset[str] = frozenset({"id", "src", "note"})) -> None:
        """Every field given (required, or different from its default) needs a tag."""
        fields = attrs.fields(type(entry))  # type: ignore[arg-type]
        given = []
        for field in fields:
            if field.name in skip:
                continue
            value = getattr(entry, field.name)
            if field.default is attrs.NOTHING or value != field.default:
                given.append(field.name)
        self.tags(src, place, given, frozenset(f.name for f in fields) - skip)

    # --- top level ---------------------------------------------------------------------------

    def run(self) -> None:
        self.dice()
        self.meanings()
        self.forum()
        self.common()
        if not self.s.sheets:
            raise self.fail("sheets", "a sheet file needs at least one sheet")
        seen: dict[str, int] = {}
        for index, sheet in enumerate(self.s.sheets):
            place = f"sheets[{index}]"
            if not sheet.sheet_id:
                raise self.fail(f"{place}.sheet_id", "must not be empty")
            if sheet.sheet_id in seen:
                first = seen[sheet.sheet_id]
                raise self.fail(f"{place}.sheet_id",
                                f"{sheet.sheet_id!r} already used by sheets[{first}]")
            seen[sheet.sheet_id] = index
            self.entry_tags(sheet, sheet.src, place,
                            frozenset({"sheet_id", "src", "note", "wonder", "gold_reserve",
                                       "bonuses", *BUILDING_FIELDS}))
            self.sheet(index)

    def dice(self) -> None:
        for die in self.s.dice:
            if die not in c.DIE_IDS:
                raise self.fail(f"dice.{die}", f"unknown die; the dice are {', '.join(c.DIE_IDS)}")
        for die in c.DIE_IDS:
            if die not in self.s.dice:
                raise self.fail(f"dice.{die}", "required die missing")
            spec = self.s.dice[die]
            place = f"dice.{die}"
            if len(spec.faces) != 6:
                raise self.fail(f"{place}.faces", f"a die has 6 faces, not {len(spec.faces)}")
            known = c.KNOWN_SYMBOLS[c.colour_of(die)]
            for i, face in enumerate(spec.faces):
                if face not in known:
                    raise self.fail(f"{place}.faces[{i}]",
                                    f"unknown {c.colour_of(die)} symbol {face!r}; "
                                    f"known: {', '.join(sorted(known))}")
            self.entry_tags(spec, spec.src, place)

    def faces(self, colour: str) -> set[str]:
        return {face for die in c.DIE_IDS if c.colour_of(die) == colour
                for face in self.s.dice[die].faces}

    def meanings(self) -> None:
        for key, meaning in self.s.symbol_meanings.items():
            place = f"symbol_meanings.{key}"
            colour, _, symbol = key.partition(".")
            if colour not in c.MEANING_COLOURS or symbol not in self.faces(colour):
                raise self.fail(place, "names no red, white, black or purple face of the dice")
            self.meaning(colour, meaning, place)
        for colour in c.MEANING_COLOURS:
            for face in sorted(self.faces(colour)):
                if f"{colour}.{face}" not in self.s.symbol_meanings:
                    raise self.fail(f"symbol_meanings.{colour}.{face}",
                                    "missing: every red, white, black and purple face needs one")

    def meaning(self, colour: str, m: SymbolMeaning, place: str) -> None:
        allowed = {
            "red": {"kind", "side"},
            "white": {"wild"},
            "black": {"effect", "building", "buildings", "side", "kind"},
            "purple": {"count"},
        }[colour]
        for field in attrs.fields(SymbolMeaning):
            if field.name in ("src", "note"):
                continue
            value = getattr(m, field.name)
            if value != field.default and field.name not in allowed:
                raise self.fail(f"{place}.{field.name}", f"not used by a {colour} face")
        if colour == "red":
            if m.kind not in ("attack", "defence", "choice"):
                raise self.fail(f"{place}.kind", "must be attack, defence or choice")
            if m.side not in ("west", "east", "choice"):
                raise self.fail(f"{place}.side", "must be west, east or choice")
        elif colour == "white":
            if m.wild is None:
                raise self.fail(f"{place}.wild", "required field missing")
        elif colour == "black":
            if m.effect == "crossSpace":
                if m.building is None or m.buildings:
                    raise self.fail(f"{place}.building", "crossSpace names one building")
                targets: tuple[str, ...] = (m.building,)
            elif m.effect == "crossMultiColor":
                if not m.buildings or m.building is not None:
                    raise self.fail(f"{place}.buildings", "crossMultiColor names buildings")
                targets = m.buildings
            else:
                raise self.fail(f"{place}.effect", "a black face is crossSpace or crossMultiColor")
            for i, target in enumerate(targets):
                if target not in c.TICK_TARGETS:
                    name = "building" if m.effect == "crossSpace" else f"buildings[{i}]"
                    raise self.fail(f"{place}.{name}", f"unknown or forbidden building {target!r}")
            if m.kind not in (None, "attack", "defence", "choice"):
                raise self.fail(f"{place}.kind", "must be attack, defence or choice")
            if m.side not in (None, "west", "east", "choice"):
                raise self.fail(f"{place}.side", "must be west, east or choice")
        else:
            if not m.count:
                raise self.fail(f"{place}.count", "names the buildings to compare")
            for i, name in enumerate(m.count):
                if name not in c.BOX_BUILDINGS and name != c.BOTH_BARRACKS:
                    raise self.fail(f"{place}.count[{i}]", f"unknown building {name!r}")
        if not m.src.tags:
            raise self.fail(f"{place}.src", "no provenance tag")
        meaning_fields = frozenset(f.name for f in attrs.fields(SymbolMeaning)) - {"src", "note"}
        given = [name for name in sorted(allowed) if getattr(m, name) not in (None, ())]
        self.tags(m.src, place, given, meaning_fields)

    def forum(self) -> None:
        f = self.s.forum
        if len(f.area_costs) != 4 or any(cost < 0 for cost in f.area_costs):
            raise self.fail("forum.area_costs", "the Forum has 4 areas with costs of 0 or more")
        if f.shake != "uniform":
            raise self.fail("forum.shake", "only 'uniform' is supported")
        self.entry_tags(f, f.src, "forum")

    # --- one sheet ---------------------------------------------------------------------------

    def sheet(self, index: int) -> None:
        for field in ("wonder", "gold_reserve", "bonuses", *BUILDING_FIELDS):
            part, place = resolved_part(self.s, index, field)
            if part is None:
                raise self.fail(f"sheets[{index}].{field}",
                                f"required field missing (and no common.{field})")
            self.part(field, part, place)

    def common(self) -> None:
        """Shared parts are checked even if every sheet gives its own."""
        for field in ("wonder", "gold_reserve", "bonuses", *BUILDING_FIELDS):
            part = getattr(self.s.common, field)
            if part is not None:
                self.part(field, part, f"common.{field}")

    def part(self, field: str, part: Any, place: str) -> None:
        if id(part) in self.checked:  # a common part shared by several sheets
            return
        self.checked.add(id(part))
        if field == "wonder":
            if len(part.stages) != c.STAGES:
                raise self.fail(f"{place}.stages",
                                f"a Wonder has 3 stages, not {len(part.stages)}")
            self.boxes("wonder", part.stages, f"{place}.stages")
        elif field == "gold_reserve":
            if part.start != c.START_COINS:
                raise self.fail(f"{place}.start", "every player starts with 7 coins (rulebook)")
            if part.size < c.START_COINS:
                raise self.fail(f"{place}.size", "the Gold Reserve holds at least 7 coins")
            self.entry_tags(part, part.src, place)
        elif field == "bonuses":
            if len(part) != c.BONUSES_TO_END:
                raise self.fail(place, f"a sheet has 3 bonuses, not {len(part)}")
            ids: set[str] = set()
            for i, bonus in enumerate(part):
                bplace = f"{place}[{i}]"
                if not bonus.id or bonus.id.casefold() in ids:
                    raise self.fail(f"{bplace}.id", f"missing or repeated id {bonus.id!r}")
                self.notation_id(bonus.id, f"{bplace}.id")
                ids.add(bonus.id.casefold())
                self.effects(bonus.effects, f"{bplace}.effects",
                             no_vp="a bonus has no score line")
                self.entry_tags(bonus, bonus.src, bplace)
        else:
            self.building(field, part, place)

    def building(self, name: str, b: Building, place: str) -> None:
        if not b.boxes:
            raise self.fail(f"{place}.boxes", "a building has at least one box")
        if name == "agora":
            if b.first_complete_bonus_vp != c.AGORA_FIRST_VP:
                raise self.fail(f"{place}.first_complete_bonus_vp",
                                "the first to complete the Agora gains 3 VP (rulebook)")
        elif b.first_complete_bonus_vp is not None:
            raise self.fail(f"{place}.first_complete_bonus_vp", "only the Agora has this field")
        self.entry_tags(b, b.src, place, frozenset({"boxes", "src", "note"}))
        self.boxes(name, b.boxes, f"{place}.boxes")

    def notation_id(self, value: str, place: str) -> None:
        """Ids appear in moves (``build red market.m3``, ``bonus b1``): the notation must be able
        to write them, or the legal moves could not be parsed or replayed."""
        if not ID.fullmatch(value):
            raise self.fail(place, f"id {value!r} must be letters, digits and _ only, as the move "
                                   "notation writes it (such as m3 or b1)")

    def boxes(self, building: str, boxes: tuple[Box, ...], place: str) -> None:
        index: dict[str, int] = {}
        folded: set[str] = set()
        for i, box in enumerate(boxes):
            if not box.id:
                raise self.fail(f"{place}[{i}].id", "must not be empty")
            if box.id.casefold() in folded:  # moves name boxes without regard to case
                raise self.fail(f"{place}[{i}].id", f"{box.id!r} already used in this building")
            self.notation_id(box.id, f"{place}[{i}].id")
            index[box.id] = i
            folded.add(box.id.casefold())
        defences = 0
        for i, box in enumerate(boxes):
            bplace = f"{place}[{i}]"
            self.box(building, box, bplace)
            if box.kind == "defence":
                defences += 1
                if defences > c.MAX_DEFENCES:
                    raise self.fail(f"{bplace}.kind", "at most 2 defence boxes per Barracks")
            for j, required in enumerate(box.requires):
                if required not in index:
                    raise self.fail(f"{bplace}.requires[{j}]",
                                    f"arrow from {required!r}: no such box in this building")
                if required == box.id:
                    raise self.fail(f"{bplace}.requires[{j}]", "a box cannot require itself")
        self.no_arrow_cycle(boxes, index, place)

    def no_arrow_cycle(self, boxes: tuple[Box, ...], index: dict[str, int], place: str) -> None:
        """The arrows must not loop (R6): an iterative depth-first search, linear in boxes and
        arrows (a long arrow chain must not reach Python's recursion limit)."""
        state: dict[str, int] = {}  # 1: on the current path, 2: done
        for root in boxes:
            if state.get(root.id):
                continue
            path: list[str] = [root.id]
            todo: list[list[str]] = [list(root.requires)]
            state[root.id] = 1
            while path:
                if not todo[-1]:
                    state[path.pop()] = 2
                    todo.pop()
                    continue
                required = todo[-1].pop()
                mark = state.get(required, 0)
                if mark == 1:
                    loop = " -> ".join((*path[path.index(required):], required))
                    raise self.fail(f"{place}[{index[required]}].requires",
                                    f"arrow cycle {loop[:200]}")
                if mark == 0:
                    state[required] = 1
                    path.append(required)
                    todo.append(list(boxes[index[required]].requires))

    def box(self, building: str, box: Box, place: str) -> None:
        if not 0 <= box.cost <= c.MAX_BOX_COST:
            raise self.fail(f"{place}.cost", f"a box costs 0 to 6 resources, not {box.cost}")
        if box.vp < 0:
            raise self.fail(f"{place}.vp", "VP cannot be negative")
        if building in c.BARRACKS:
            if box.kind not in ("attack", "defence"):
                raise self.fail(f"{place}.kind", "a Barracks box is attack or defence")
            if box.kind == "attack" and (box.printed_vp is None or box.printed_vp < 0):
                raise self.fail(f"{place}.printed_vp", "an attack box prints 0 VP or more")
            if box.kind == "defence" and box.printed_vp is not None:
                raise self.fail(f"{place}.printed_vp", "only attack boxes print VP")
        else:
            if box.kind is not None:
                raise self.fail(f"{place}.kind", "only Barracks boxes have a kind")
            if box.printed_vp is not None:
                raise self.fail(f"{place}.printed_vp", "only Barracks attack boxes print VP")
        colours = [colour for colour, targets in c.COLOUR_BUILDINGS.items() if building in targets]
        for j, symbol in enumerate(box.accepts):
            if not any(symbol in self.faces(colour) for colour in colours):
                raise self.fail(f"{place}.accepts[{j}]",
                                f"{symbol!r} is no face of a die that builds the {building}")
            if building in c.BARRACKS:
                meaning = self.s.symbol_meanings[f"red.{symbol}"]
                side = building.removeprefix("barracks_")
                if meaning.side not in ("choice", side) or meaning.kind not in ("choice",
                                                                                box.kind):
                    raise self.fail(f"{place}.accepts[{j}]",
                                    f"symbol_meanings.red.{symbol} does not tick a {box.kind} box "
                                    f"of {building}")
        if building == "agora" and (len(box.accepts) != 2 or len(set(box.accepts)) != 2):
            raise self.fail(f"{place}.accepts",
                            "each Agora box takes exactly 2 different blue symbols (rulebook)")
        no_vp = "the Warehouse is outside the city and scores nothing" \
            if building == "warehouse" else None
        if no_vp and box.vp:
            raise self.fail(f"{place}.vp", no_vp)
        self.effects(box.effects, f"{place}.effects", no_vp=no_vp)
        self.entry_tags(box, box.src, place)

    def effects(self, effects: tuple[Effect, ...], place: str, no_vp: str | None) -> None:
        for i, effect in enumerate(effects):
            self.effect(effect, f"{place}[{i}]", no_vp)

    def effect(self, e: Effect, place: str, no_vp: str | None) -> None:
        if e.effect not in c.EFFECT_PARAMS:
            raise self.fail(f"{place}.effect", f"unknown effect {e.effect!r}; the vocabulary is "
                            f"{', '.join(c.EFFECT_PARAMS)}")
        if no_vp and e.effect in c.VP_EFFECTS:
            raise self.fail(f"{place}.effect", no_vp)
        required, optional = c.EFFECT_PARAMS[e.effect]
        for field in attrs.fields(Effect):
            if field.name == "effect":
                continue
            given = getattr(e, field.name) != field.default
            if given and field.name not in required | optional:
                raise self.fail(f"{place}.{field.name}", f"not a parameter of {e.effect}")
            if not given and field.name in required:
                raise self.fail(f"{place}.{field.name}", f"required by {e.effect}")
        self.effect_targets(e, place)

    def effect_targets(self, e: Effect, place: str) -> None:
        if e.amount is not None and e.amount < 1:
            raise self.fail(f"{place}.amount", "must be 1 or more")
        names: tuple[str, ...] = e.buildings or ((e.building,) if e.building else ())
        allowed = c.TICK_TARGETS if e.effect in c.TICK_EFFECTS \
            else frozenset({*c.BOX_BUILDINGS, c.BOTH_BARRACKS})
        for j, name in enumerate(names):
            if name not in allowed:
                where = "building" if e.building else f"buildings[{j}]"
                raise self.fail(f"{place}.{where}", f"unknown or forbidden building {name!r}")
        if e.colour is not None:
            colours = c.SPECIAL_DICE if e.effect == "unlockDice" else (*c.COLOURS, "all")
            if e.colour not in colours:
                raise self.fail(f"{place}.colour",
                                f"{e.colour!r} is not one of {', '.join(colours)}")


def validate(sheet_set: SheetSet) -> None:
    """Raise :class:`DataFileError` at the first value that breaks the rules' constraints."""
    _Checker(sheet_set).run()
