"""The sheet file: the default set loads, is provisional and fully tagged; bad files are
rejected with a DataFileError naming the place."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sevenwonders.dice import DiceGame, load_sheets
from sevenwonders.dice.moves import BuildWonder, TakeBonus, Tick, parse
from sevenwonders.dice.sheets import DEFAULT_SHEETS_PATH, default_sheets, sheets_from_data
from sevenwonders.errors import DataFileError, InvalidOptionError

from .conftest import Mutator, default_data, write_sheets


def test_default_set_is_provisional_and_has_seven_sheets() -> None:
    sheets = default_sheets()
    assert sheets.provisional is True
    assert [s.sheet_id for s in sheets.sheets] == [
        "giza", "rhodes", "alexandria", "babylon", "olympia", "ephesus", "halicarnassus"]
    assert DiceGame(players=2).provisional is True


def test_every_default_value_carries_a_known_tag() -> None:
    tags = {"rulebook", "confirmed", "secondary", "reconstruction", "placeholder"}
    found: set[str] = set()

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            src = node.get("src")
            if isinstance(src, str):
                found.add(src)
            elif isinstance(src, dict):
                found.update(src.values())
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    walk(default_data())
    assert found <= tags
    assert {"rulebook", "reconstruction", "placeholder", "secondary"} <= found


def test_default_values_follow_the_reference_departures() -> None:
    sheets = default_sheets()
    common = sheets.common
    assert common.warehouse is not None and [b.cost for b in common.warehouse.boxes] == \
        [0, 0, 0, 1, 2, 2]
    assert common.barracks_east is not None
    assert [b.printed_vp for b in common.barracks_east.boxes if b.kind == "attack"] == \
        [3, 4, 5, 6, 7]
    assert max(st.cost for s in sheets.sheets if s.wonder for st in s.wonder.stages) == 6
    assert common.agora is not None and all(len(b.accepts) == 2 for b in common.agora.boxes)


def test_barracks_tags_follow_the_reference() -> None:
    # Reference dice.md 9.3: the chains (requires) and costs are the reconstruction's, the kinds
    # the rulebook's, at1's printed 3 VP the rulebook's example, the later VP placeholders.
    common = default_sheets().common
    for barracks in (common.barracks_west, common.barracks_east):
        assert barracks is not None
        for box in barracks.boxes:
            assert box.src.tag_of("cost") == "reconstruction", box.id
            assert box.src.tag_of("kind") == "rulebook", box.id
            if box.requires:
                assert box.src.tag_of("requires") == "reconstruction", box.id
            if box.kind == "attack":
                expected = "rulebook" if box.id == "at1" else "placeholder"
                assert box.src.tag_of("printed_vp") == expected, box.id


def test_json_and_toml_load_the_same_set(tmp_path: Path) -> None:
    path = write_sheets(tmp_path, default_data())
    assert load_sheets(path) == load_sheets(DEFAULT_SHEETS_PATH)


def test_a_sheet_may_override_a_common_part(tmp_path: Path) -> None:
    data = default_data()
    boxes = [dict(b) for b in data["common"]["guild_court"]["boxes"]]
    boxes[0]["vp"] = 9
    data["sheets"][2]["guild_court"] = {"boxes": boxes}
    game = DiceGame(players=3, sheets=write_sheets(tmp_path, data))
    tables = game.tables.sheets
    assert tables["alexandria"].boxes[tables["alexandria"].by_ref["guild_court.g1"]].vp == 9
    assert tables["giza"].boxes[tables["giza"].by_ref["guild_court.g1"]].vp == 5


def test_user_set_marked_not_provisional(tmp_path: Path) -> None:
    data = default_data()
    data["provisional"] = False
    game = DiceGame(players=2, sheets=str(write_sheets(tmp_path, data)))
    assert game.provisional is False
    assert game.view(game.new_game(1), 0).provisional is False


def _set(path: str, value: Any) -> Mutator:
    def mutate(data: dict[str, Any]) -> None:
        node: Any = data
        keys = path.split("/")
        for key in keys[:-1]:
            node = node[int(key)] if isinstance(node, list) else node[key]
        last = keys[-1]
        if value is _DELETE:
            del node[last]
        elif isinstance(node, list):
            node[int(last)] = value
        else:
            node[last] = value
    return mutate


_DELETE = object()
MARKET_BOX = "common/market/boxes/2"

BAD_FILES: list[tuple[str, Mutator, str, str]] = [
    ("missing cost", _set(f"{MARKET_BOX}/cost", _DELETE), "common.market.boxes[2].cost",
     "missing"),
    ("cost above 6", _set(f"{MARKET_BOX}/cost", 7), "common.market.boxes[2].cost", "0 to 6"),
    ("negative cost", _set(f"{MARKET_BOX}/cost", -1), "common.market.boxes[2].cost", "0 to 6"),
    ("cost as text", _set(f"{MARKET_BOX}/cost", "2"), "common.market.boxes[2].cost", "int"),
    ("unknown effect", _set(f"{MARKET_BOX}/effects", [{"effect": "stealCoins"}]),
     "common.market.boxes[2].effects[0].effect", "unknown effect"),
    ("effect missing parameter", _set(f"{MARKET_BOX}/effects", [{"effect": "crossSpace"}]),
     "common.market.boxes[2].effects[0].building", "required"),
    ("effect extra parameter",
     _set(f"{MARKET_BOX}/effects", [{"effect": "gainCoins", "amount": 2, "colour": "red"}]),
     "common.market.boxes[2].effects[0].colour", "not a parameter"),
    ("arrow to unknown box", _set("common/agora/boxes/3/requires", ["ag9"]),
     "common.agora.boxes[3].requires[0]", "no such box"),
    ("arrow cycle", _set("common/warehouse/boxes/0/requires", ["w6"]),
     "common.warehouse.boxes[0].requires", "cycle"),
    ("arrow to itself", _set("common/market/boxes/0/requires", ["m1"]),
     "common.market.boxes[0].requires[0]", "itself"),
    ("extra field", _set(f"{MARKET_BOX}/colour", "gold"), "common.market.boxes[2]", "extra"),
    ("agora box with one symbol", _set("common/agora/boxes/1/accepts", ["fountain"]),
     "common.agora.boxes[1].accepts", "2 different"),
    ("symbol of another die", _set("common/market/boxes/0/accepts", ["owl"]),
     "common.market.boxes[0].accepts[0]", "no face"),
    ("four wonder stages",
     lambda d: d["sheets"][0]["wonder"]["stages"].append(
         dict(d["sheets"][0]["wonder"]["stages"][2], id="s4")),
     "sheets[0].wonder.stages", "3 stages"),
    ("two bonuses", lambda d: d["common"]["bonuses"].pop(), "common.bonuses", "3 bonuses"),
    ("start coins", _set("common/gold_reserve/start", 6), "common.gold_reserve.start", "7"),
    ("small reserve", _set("common/gold_reserve/size", 5), "common.gold_reserve.size", "7"),
    ("agora bonus", _set("common/agora/first_complete_bonus_vp", 4),
     "common.agora.first_complete_bonus_vp", "3"),
    ("third defence",
     lambda d: d["common"]["barracks_west"]["boxes"].append(
         dict(d["common"]["barracks_west"]["boxes"][6], id="df3", requires=["df2"])),
     "common.barracks_west.boxes[7].kind", "at most 2"),
    ("barracks box without kind", _set("common/barracks_east/boxes/5/kind", _DELETE),
     "common.barracks_east.boxes[5].kind", "attack or defence"),
    ("attack without printed vp", _set("common/barracks_east/boxes/0/printed_vp", _DELETE),
     "common.barracks_east.boxes[0].printed_vp", "attack box"),
    ("die with 5 faces", _set("dice/blue/faces", ["owl"] * 5), "dice.blue.faces", "6 faces"),
    ("unknown face", _set("dice/red/faces/0", "bow"), "dice.red.faces[0]", "unknown red"),
    ("missing grey die", _set("dice/grey_3", _DELETE), "dice.grey_3", "missing"),
    ("missing meaning", _set("symbol_meanings/red.axe", _DELETE), "symbol_meanings.red.axe",
     "missing"),
    ("bad meaning", _set("symbol_meanings/red.axe/side", "north"),
     "symbol_meanings.red.axe.side", "west"),
    ("missing tag", _set(f"{MARKET_BOX}/src", {"accepts": "placeholder"}),
     "common.market.boxes[2].src", "no provenance tag"),
    ("unknown tag", _set(f"{MARKET_BOX}/src", "rumour"), "common.market.boxes[2].src",
     "unknown provenance tag"),
    ("tag for no field", _set(f"{MARKET_BOX}/src", {"cots": "rulebook", "*": "placeholder"}),
     "common.market.boxes[2].src.cots", "names no field"),
    ("guild hall reached by an effect",
     _set(f"{MARKET_BOX}/effects", [{"effect": "crossSpace", "building": "guild_court"}]),
     "common.market.boxes[2].effects[0].building", "forbidden"),
    ("warehouse scores", _set("common/warehouse/boxes/0/vp", 1), "common.warehouse.boxes[0].vp",
     "outside the city"),
    ("missing building", _set("common/gallery", _DELETE), "sheets[0].gallery", "missing"),
    ("duplicate box id", _set("common/market/boxes/1/id", "m1"), "common.market.boxes[1].id",
     "already used"),
    ("duplicate sheet id", _set("sheets/1/sheet_id", "giza"), "sheets[1].sheet_id",
     "already used"),
    # ids the move notation cannot write.
    ("box id with a dash", _set("common/market/boxes/0/id", "m-1"), "common.market.boxes[0].id",
     "as the move notation writes it"),
    ("bonus id with a space", _set("common/bonuses/2/id", "b 3"), "common.bonuses[2].id",
     "as the move notation writes it"),
    ("stage id with a dot", _set("sheets/0/wonder/stages/2/id", "s.3"),
     "sheets[0].wonder.stages[2].id", "as the move notation writes it"),
    ("empty-looking box id", _set("common/agora/boxes/7/id", "ag8!"), "common.agora.boxes[7].id",
     "as the move notation writes it"),
]


@pytest.mark.parametrize(("label", "mutate", "place", "words"), BAD_FILES,
                         ids=[case[0] for case in BAD_FILES])
def test_bad_file_names_the_place(tmp_path: Path, label: str, mutate: Mutator, place: str,
                                  words: str) -> None:
    data = default_data()
    mutate(data)
    path = write_sheets(tmp_path, data)
    with pytest.raises(DataFileError) as info:
        load_sheets(path)
    assert info.value.place == place, str(info.value)
    assert info.value.file == str(path)
    assert words in str(info.value)


def test_bad_toml_names_the_line(tmp_path: Path) -> None:
    path = tmp_path / "broken.toml"
    path.write_text("provisional = true\n[dice\n", encoding="utf-8")
    with pytest.raises(DataFileError) as info:
        load_sheets(path)
    assert info.value.place == "line 2"


def test_missing_file(tmp_path: Path) -> None:
    with pytest.raises(DataFileError) as info:
        load_sheets(tmp_path / "nope.toml")
    assert info.value.place == "file"


def test_game_rejects_bad_file_and_too_few_sheets(tmp_path: Path) -> None:
    data = default_data()
    data["sheets"] = data["sheets"][:3]
    path = write_sheets(tmp_path, data)
    assert DiceGame(players=3, sheets=path).players == 3
    with pytest.raises(InvalidOptionError):
        DiceGame(players=4, sheets=path)
    with pytest.raises(InvalidOptionError):
        DiceGame(players=2, sheets=42)


def test_unused_common_part_is_still_checked(tmp_path: Path) -> None:
    data = default_data()
    market = data["common"]["market"]
    for sheet in data["sheets"]:
        sheet["market"] = {"boxes": [dict(b) for b in market["boxes"]]}
    market["boxes"][4]["cost"] = 9
    with pytest.raises(DataFileError) as info:
        load_sheets(write_sheets(tmp_path, data))
    assert info.value.place == "common.market.boxes[4].cost"


def test_bad_json_names_the_line(tmp_path: Path) -> None:
    path = tmp_path / "broken.json"
    path.write_text('{\n  "provisional": true,\n  oops\n}', encoding="utf-8")
    with pytest.raises(DataFileError) as info:
        load_sheets(path)
    assert info.value.place == "line 3"


def test_top_level_must_be_a_table(tmp_path: Path) -> None:
    path = tmp_path / "list.json"
    path.write_text("[1, 2]", encoding="utf-8")
    with pytest.raises(DataFileError) as info:
        load_sheets(path)
    assert info.value.place == "top level"


@settings(max_examples=40, deadline=None)
@given(cost=st.integers(-20, 20), building=st.sampled_from(["market", "agora", "gallery"]),
       box=st.integers(0, 3))
def test_any_box_cost_is_accepted_exactly_in_zero_to_six(cost: int, building: str,
                                                         box: int) -> None:
    data = default_data()
    data["common"][building]["boxes"][box]["cost"] = cost
    if 0 <= cost <= 6:
        sheet_set = sheets_from_data(data)
        spec = getattr(sheet_set.common, building)
        assert spec.boxes[box].cost == cost
    else:
        with pytest.raises(DataFileError) as info:
            sheets_from_data(data)
        assert info.value.place == f"common.{building}.boxes[{box}].cost"


def test_every_default_id_is_written_and_read_back_by_the_notation() -> None:
    # every box, stage and bonus id can appear in a move and be parsed again.
    game = DiceGame(players=2)
    for table in game.tables.sheets.values():
        for box in table.boxes:
            assert parse(str(Tick(box.ref))) == Tick(box.ref)
            if box.building == "wonder":
                assert parse(str(BuildWonder(box.id))) == BuildWonder(box.id)
        for bonus in table.bonuses:
            assert parse(str(TakeBonus(bonus.id))) == TakeBonus(bonus.id)


def test_ids_differing_only_in_case_are_refused(tmp_path: Path) -> None:
    # Moves name boxes and bonuses without regard to case.
    data = default_data()
    data["common"]["market"]["boxes"][1]["id"] = "M1"
    with pytest.raises(DataFileError) as info:
        load_sheets(write_sheets(tmp_path, data))
    assert info.value.place == "common.market.boxes[1].id"
