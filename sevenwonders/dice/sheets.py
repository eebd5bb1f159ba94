"""The sheet file: :func:`load_sheets` and the strict reading behind it (the schema classes:
:mod:`sevenwonders.dice.sheet_schema`).

The numbers printed on the seven player sheets are not public, so the rules code holds none of
them: every box, cost, effect, arrow and symbol meaning comes from a sheet file (TOML or JSON)
described in ``SCHEMA.md``. Loading goes through a strict cattrs converter (types, missing and
unknown fields), then through :mod:`sevenwonders.dice.sheet_checks` (the rules' constraints). Every
problem raises :class:`~sevenwonders.errors.DataFileError` naming the file and the place, such as
``sheets[3].market.boxes[2].cost``.
"""

from __future__ import annotations

import json
import os
import re
import tomllib
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, cast, get_args, get_origin

import attrs
import cattrs
from cattrs.cols import homogenous_tuple_structure_factory

from sevenwonders.core.frozenmap import FrozenMap
from sevenwonders.core.limits import MAX_SHEET_FILE_BYTES, quote, read_bounded
from sevenwonders.core.serialization import check_shape
from sevenwonders.dice.sheet_checks import validate
from sevenwonders.dice.sheet_schema import Provenance, SheetSet
from sevenwonders.errors import DataFileError, Reason, SevenWondersError

DEFAULT_SHEETS_PATH = Path(__file__).parent / "data" / "default_sheets.toml"

_converter = cattrs.Converter(detailed_validation=True, forbid_extra_keys=True)


def _strict(kind: type) -> Callable[[Any, Any], Any]:
    def structure(value: Any, _: Any) -> Any:
        if type(value) is not kind:
            raise TypeError(f"expected {kind.__name__}, got {value!r}")
        return value

    return structure


for _kind in (int, str, bool):
    _converter.register_structure_hook(_kind, _strict(_kind))


def _tuple_factory(cls: Any, converter: cattrs.Converter) -> Callable[[Any, Any], Any]:
    inner = homogenous_tuple_structure_factory(cls, converter)

    def structure(value: Any, _: Any) -> Any:
        if not isinstance(value, list | tuple):
            raise TypeError(f"expected a list, got {value!r}")
        return inner(value, cls)

    return structure


def _is_tuple(cls: Any) -> bool:
    return get_origin(cls) is tuple and get_args(cls)[-1:] == (Ellipsis,)


_converter.register_structure_hook_factory(_is_tuple, cast(Any, _tuple_factory))


def _frozenmap_factory(cls: Any, converter: cattrs.Converter) -> Callable[[Any, Any], Any]:
    key_type, value_type = get_args(cls)
    inner = converter.get_structure_hook(dict[key_type, value_type])  # type: ignore[valid-type]

    def structure(value: Any, _: Any) -> Any:
        if not isinstance(value, Mapping):
            raise TypeError(f"expected a table, got {value!r}")
        return FrozenMap(inner(value, dict))

    return structure


def _is_frozenmap(cls: Any) -> bool:
    return get_origin(cls) is FrozenMap


_converter.register_structure_hook_factory(_is_frozenmap, cast(Any, _frozenmap_factory))


def _structure_provenance(value: Any, _: Any) -> Provenance:
    if isinstance(value, str):
        return Provenance.of(value)
    if isinstance(value, Mapping) and all(
        isinstance(k, str) and isinstance(v, str) for k, v in value.items()
    ):
        return Provenance(FrozenMap(value))
    raise TypeError(f"expected a tag or a table of tags, got {value!r}")


_converter.register_structure_hook(Provenance, _structure_provenance)
_converter.register_unstructure_hook(Provenance, lambda p: dict(p.tags))
_converter.register_unstructure_hook_func(_is_frozenmap, lambda m: {
    _converter.unstructure(k): _converter.unstructure(v) for k, v in m.items()})


def _place(raw: str) -> str:
    place = re.sub(r"\['([^']*)'\]", r".\1", raw)
    return place.lstrip("$").lstrip(".") or "top level"


def _structure_error(file: str, error: Exception) -> DataFileError:
    messages = cattrs.transform_error(error) if isinstance(error, cattrs.BaseValidationError) \
        else [f"{error} @ $"]
    first = messages[0] if messages else f"{error} @ $"
    message, _, place = first.rpartition(" @ ")
    message = message.replace("invalid value for type, ", "")
    return DataFileError(file, _place(place), message or str(error))


def _read(path: Path) -> Any:
    """The parsed data of a sheet file: a regular file within
    :data:`~sevenwonders.core.limits.MAX_SHEET_FILE_BYTES` (refused before parsing), nested
    no deeper than :data:`~sevenwonders.core.limits.MAX_DEPTH`."""
    file = str(path)[:200]

    def error(message: str, reason: Reason | None = None) -> DataFileError:
        return DataFileError(file, "file", message, reason=reason)

    data = read_bounded(path, MAX_SHEET_FILE_BYTES, error, "the sheet file")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as problem:
        raise DataFileError(file, "file", f"not UTF-8: {problem}") from None
    try:
        if path.suffix.lower() == ".json":
            try:
                parsed = json.loads(text)
            except json.JSONDecodeError as problem:
                raise DataFileError(file, f"line {problem.lineno}", problem.msg) from None
        else:
            try:
                parsed = tomllib.loads(text)
            except tomllib.TOMLDecodeError as problem:
                match = re.search(r"line (\d+)", str(problem))
                place = f"line {match.group(1)}" if match else "file"
                raise DataFileError(file, place, f"not valid TOML: {quote(str(problem), 200)}"
                                    ) from None
    except (RecursionError, ValueError) as problem:  # too deep, or a 5,000-digit integer
        raise DataFileError(file, "file", f"cannot be read: {quote(str(problem), 120)}",
                            reason=Reason.TOO_LARGE) from None
    try:
        check_shape(parsed, "the sheet file")
    except SevenWondersError as problem:
        raise DataFileError(file, "file", str(problem), reason=Reason.TOO_LARGE) from None
    return parsed


def sheets_from_data(data: Any, file: str = "<memory>") -> SheetSet:
    """A validated :class:`SheetSet` from already parsed TOML/JSON data."""
    if not isinstance(data, Mapping):
        raise DataFileError(file, "top level", "expected a table")
    try:
        check_shape(data, "the sheet data")
    except SevenWondersError as problem:
        raise DataFileError(file, "top level", str(problem), reason=Reason.TOO_LARGE) from None
    try:
        sheet_set = _converter.structure(dict(data), SheetSet)
    except Exception as error:  # cattrs raises many kinds; report the first place
        raise _structure_error(file, error) from None
    sheet_set = attrs.evolve(sheet_set, file=file)
    validate(sheet_set)
    return sheet_set


def sheet_data(sheet_set: SheetSet) -> dict[str, Any]:
    """The plain JSON data of ``sheet_set`` (what :func:`sheets_from_data` reads back): how a
    game record carries custom sheets, so that loading a record never opens a file."""
    data: dict[str, Any] = _converter.unstructure(sheet_set)
    data.pop("file", None)
    return data


def load_sheets(path: str | Path) -> SheetSet:
    """Read and validate a sheet file (``.toml`` or ``.json``); see ``SCHEMA.md``.

    Raises :class:`~sevenwonders.errors.DataFileError` naming the file and the place.
    """
    if not isinstance(path, str | os.PathLike):
        raise DataFileError(quote(path), "file", "a sheet file is named by a path",
                            reason=Reason.WRONG_TYPE)
    path = Path(path)
    return sheets_from_data(_read(path), str(path))


_DEFAULT: list[SheetSet] = []


def default_sheets() -> SheetSet:
    """The shipped, PROVISIONAL sheet set (loaded once)."""
    if not _DEFAULT:
        _DEFAULT.append(load_sheets(DEFAULT_SHEETS_PATH))
    return _DEFAULT[0]


def sheet_id(name: str, sheet_set: SheetSet) -> str:
    """The id of the sheet (its wonder) ``name`` spells in ``sheet_set``, in any letter case, by
    id or wonder name (``"GIZA"`` -> ``"giza"``); a name no sheet has comes back as given (the
    option check refuses it)."""
    folded = name.casefold()
    for sheet in sheet_set.sheets:
        if folded in (sheet.sheet_id.casefold(), sheet.wonder_name.casefold()):
            return sheet.sheet_id
    return name
