"""Records never name files and loading one opens nothing; record and sheet files are bounded
regular files, refused before parsing; every limit answers with the library's own error."""

from __future__ import annotations

import builtins
import io
import json
import os
import pathlib
from pathlib import Path
from typing import Any

import pytest

import sevenwonders
from sevenwonders.core.limits import (
    MAX_DOCUMENT_CHARS,
    MAX_RECORD_FILE_BYTES,
    MAX_SHEET_FILE_BYTES,
)
from sevenwonders.core.serialization import to_json
from sevenwonders.dice.game import DiceGame
from sevenwonders.dice.sheets import (
    DEFAULT_SHEETS_PATH,
    default_sheets,
    load_sheets,
    sheet_data,
    sheets_from_data,
)
from sevenwonders.errors import (
    DataFileError,
    InvalidOptionError,
    Reason,
    ReplayError,
    SerializationError,
)
from sevenwonders.frontend.records import GameRecord, load_record, read_record, record_game, replay
from tests.boundary.helpers import refused
from tests.frontend.helpers import game_of, playout


def _custom_sheets() -> dict[str, Any]:
    data = sheet_data(default_sheets())
    data["name"] = "custom"
    data["sheets"][0]["wonder_name"] = data["sheets"][0].get("wonder_name") or "Custom"
    return data


def _dice_record(sheets: Any) -> GameRecord:
    game = DiceGame(players=3, sheets=sheets)
    run = playout("dice")
    return record_game(game, run.seed, run.steps[:6])


PACKAGE = Path(sevenwonders.__file__).resolve().parent


@pytest.fixture
def no_files(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every way of opening a file fails (and is noted), except the library's own data files
    inside the package (the built-in sets, loaded by name)."""
    opened: list[str] = []

    def guard(original: Any) -> Any:
        def opener(*args: Any, **kwargs: Any) -> Any:
            target = args[0] if args else kwargs.get("file", kwargs.get("path", "?"))
            if isinstance(target, str | os.PathLike) and Path(target).resolve().is_relative_to(
                    PACKAGE):
                return original(*args, **kwargs)
            opened.append(str(target))
            raise AssertionError(f"a file was opened: {target}")

        return opener

    for owner, name in ((builtins, "open"), (io, "open"), (os, "open"),
                        (pathlib.Path, "open"), (pathlib.Path, "read_bytes"),
                        (pathlib.Path, "read_text")):
        monkeypatch.setattr(owner, name, guard(getattr(owner, name)))
    return opened


def test_a_custom_sheet_set_travels_inside_the_record(no_files: list[str]) -> None:
    record = _dice_record(DiceGame(players=3, sheets=_custom_sheets()).sheet_set)
    assert isinstance(record.options["sheets"], dict | type(record.options))
    text = record.to_json()
    result = replay(load_record(text))  # opens nothing: the sheets are in the record
    assert len(result.events) == 6
    assert no_files == []


def test_the_built_in_set_travels_by_name(no_files: list[str]) -> None:
    record = _dice_record(DEFAULT_SHEETS_PATH.as_posix() and default_sheets())
    assert record.options["sheets"] == "default"
    replay(load_record(record.to_json()))
    assert no_files == []


@pytest.mark.parametrize("path", ["/dev/zero", "/etc/passwd", "/nonexistent/sheets.toml",
                                  str(DEFAULT_SHEETS_PATH)])
def test_a_record_naming_a_file_opens_nothing(no_files: list[str], path: str) -> None:
    document = json.loads(_dice_record(None).to_json())
    document["options"]["sheets"] = path
    record = load_record(json.dumps(document))
    error = refused(lambda: replay(record), ReplayError)
    assert isinstance(error.__cause__, InvalidOptionError)
    assert error.__cause__.reason is Reason.NOT_A_FILE
    assert no_files == []
    # the message says nothing of whether the path exists or parses
    assert "No such file" not in str(error) and "line" not in str(error)


def test_a_fifo_or_device_is_refused_before_reading(tmp_path: Path) -> None:
    fifo = tmp_path / "sheets.toml"
    os.mkfifo(fifo)  # nobody writes: reading it would block for ever
    for path in (fifo, Path("/dev/zero"), tmp_path):
        refused(lambda: load_sheets(path), DataFileError, Reason.NOT_A_FILE)  # noqa: B023
        refused(lambda: read_record(str(path)), SerializationError,  # noqa: B023
                Reason.NOT_A_FILE)


def test_files_over_their_limit_are_refused_before_parsing(tmp_path: Path) -> None:
    big = tmp_path / "big.toml"
    big.write_bytes(b"#" * (MAX_SHEET_FILE_BYTES + 1))
    refused(lambda: load_sheets(big), DataFileError, Reason.TOO_LARGE)
    record = tmp_path / "big.json"
    record.write_bytes(b" " * (MAX_RECORD_FILE_BYTES + 1))
    refused(lambda: read_record(str(record)), SerializationError, Reason.TOO_LARGE)
    refused(lambda: load_record(" " * (MAX_DOCUMENT_CHARS + 1)), SerializationError,
            Reason.TOO_LARGE)


@pytest.mark.parametrize(("name", "text"), [
    ("deep.json", "[" * 5000 + "]" * 5000),
    ("deep.toml", "a = " + "[" * 5000 + "]" * 5000),
    ("digits.json", '{"dice": ' + "9" * 5000 + "}"),
    ("digits.toml", "x = " + "9" * 5000),
    ("deep-table.toml", "\n".join(f"[{'.'.join(['t'] * (i + 1))}]" for i in range(200))),
])
def test_hostile_sheet_files(tmp_path: Path, name: str, text: str) -> None:
    path = tmp_path / name
    path.write_text(text)
    refused(lambda: load_sheets(path), DataFileError)


def test_a_long_arrow_chain_is_checked_without_recursion() -> None:
    data = sheet_data(default_sheets())
    building = data["common"]["warehouse"]
    box = building["boxes"][0]
    building["boxes"] = [dict(box, id=f"x{i}", requires=[f"x{i - 1}"] if i else [])
                         for i in range(3000)]
    sheets_from_data(json.loads(json.dumps(data)))  # a valid chain: accepted
    building["boxes"][0]["requires"] = ["x2999"]
    error = refused(lambda: sheets_from_data(data), DataFileError)
    assert "arrow cycle" in str(error)


@pytest.mark.parametrize("key", ["00", "+0", "0 ", " 0", "\u0660", "-0", "9" * 5000, "1e0", ""])
def test_record_seat_keys_are_canonical(key: str) -> None:
    record = json.loads(_record("base").to_json())
    step = record["steps"][0]
    step[key] = step.pop("0")
    text = json.dumps(record)
    refused(lambda: load_record(text), ReplayError, Reason.NO_SUCH_SEAT)


def _record(kind: str) -> GameRecord:
    run = playout(kind)
    return record_game(game_of(kind), run.seed, run.steps)


@pytest.mark.parametrize("document", [
    '{"format": "sevenwonders-record", "version": 1, "game": "base", "players": 3, '
    '"seed": 1e400, "steps": []}',
    '{"format": "sevenwonders-record", "version": 1, "game": "base", "players": 3, '
    '"seed": NaN, "steps": []}',
    '{"format": "sevenwonders-record", "version": 1, "game": "base", "players": 3, '
    '"seed": 1, "steps": [' + "[" * 3000 + "]" * 3000 + "]}",
    '{"format": "sevenwonders-record", "version": 1, "game": "base", "players": 3, '
    '"seed": ' + "9" * 5000 + ', "steps": []}',
])
def test_hostile_record_documents(document: str) -> None:
    refused(lambda: load_record(document), SerializationError)


def test_record_options_are_read_only_and_not_shared() -> None:
    first = _record("base")
    options = first.options
    with pytest.raises(TypeError):
        options["edition"] = "1st"  # type: ignore[index]
    with pytest.raises(TypeError):
        options["expansions"]["edifice"] = {}
    with pytest.raises(AttributeError):
        options._data = {}  # type: ignore[attr-defined]
    second = GameRecord(first.game, first.players, first.options, first.seed)
    assert second.options == first.options and second == GameRecord(
        first.game, first.players, json.loads(json.dumps(first.to_dict()["options"])),
        first.seed)
    plain = {"edition": "2nd", "sides": ["day"]}
    third = GameRecord("base", 3, plain)
    plain["sides"].append("night")
    assert third.options["sides"] == ("day",)
    assert to_json(third) == to_json(GameRecord("base", 3, {"edition": "2nd", "sides": ["day"]}))


@pytest.mark.parametrize("path", [0, 1, 5, None, b"/etc/passwd", ["x"], 1.5])
def test_a_file_is_named_by_a_path_never_by_a_descriptor(path: Any) -> None:
    """``os.stat(0)`` would look at standard input: only str and path objects name files."""
    refused(lambda: load_sheets(path), DataFileError, Reason.WRONG_TYPE)
    refused(lambda: read_record(path), SerializationError, Reason.WRONG_TYPE)


@pytest.mark.parametrize("record", [None, "{}", {"game": "base"}, 5])
def test_replay_of_what_is_not_a_record(record: Any) -> None:
    refused(lambda: replay(record), ReplayError, Reason.WRONG_TYPE)
