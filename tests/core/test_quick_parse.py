"""orjson's reading of a document (the ``fast`` extra: ``core/json_text.quick_parse``) changes
no load. Where it reads a text it reads what the standard library's reader reads (but an integer
outside 64 bits, which it reads as a float), it reads no text that reader refuses, and
``from_json`` of a shallow class builds and refuses every document exactly as without it: the
states of random games of each family, one-change edits of them, and texts made to meet the
differences (an integer past 64 bits in each integer's place, ``NaN``, a number past a double's
range, a lone surrogate, a byte-order mark, deep nesting)."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sevenwonders.core import json_text
from sevenwonders.core.json_text import NOT_READ, quick_parse
from sevenwonders.core.serialization import from_json, to_json
from sevenwonders.errors import SevenWondersError
from sevenwonders.games import make_game
from tests.boundary.mutation import _at, _nodes, edit, playout_states

pytest.importorskip("orjson")

EDGES = ["1e400", "-1e400", "1.5e-400", "-0", "-0.0", "0.1", "1E5", "4.9e-324",
         "1.7976931348623157e308", "1.7976931348623159e308", "2.4703282292062328e-324",
         "18446744073709551615", "18446744073709551616", "-9223372036854775808",
         "-9223372036854775809", "1" * 30, '{"a":1,"a":2}', '"a\x01b"', '"a\x7fb"', '"\\ud800"',
         '"\\ud83d\\ude00"', '"\ud800"', '"\\uDFFF"', ' [1] ', '\t[1]\n', '\x0c[1]',
         '\u00a0[1]', '[1,]', '{"a":1,}', "NaN", "Infinity", "-Infinity", "[NaN]", '"\\u0000"',
         '"\\/"', "", " ", "null", "[1]x", "[1] [2]", '"\\x41"', "'a'", "[01]", "[1.]",
         "[.5]", "[+1]", "\ufeff[1]", "[" * 1100 + "]" * 1100, "[" * 900 + "]" * 900]


def reference(text: str) -> Any:
    """The standard library's reading of ``text`` (``NOT_READ`` where it refuses it)."""
    try:
        return json.loads(text)
    except (ValueError, RecursionError):
        return NOT_READ


def test_orjson_reads_no_more_than_the_standard_library_and_the_same_values() -> None:
    read = 0
    for text in EDGES:
        quick, ref = quick_parse(text), reference(text)
        if quick is NOT_READ:
            continue
        read += 1
        assert ref is not NOT_READ, repr(text)[:40]
        if type(ref) is int and not -(2**63) <= ref < 2**64:  # (the one difference, documented)
            assert type(quick) is float
        else:
            assert repr(quick) == repr(ref) and type(quick) is type(ref), repr(text)[:40]
    assert read > 10  # (the comparison did run)


_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**63), 2**63 - 1)
    | st.floats(allow_nan=False, allow_infinity=False) | st.text(),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(), inner, max_size=5),
    max_leaves=25)


@settings(max_examples=300, deadline=None)
@given(_VALUES, st.booleans())
def test_any_document_of_values_within_64_bits_reads_the_same(value: Any, ascii_: bool) -> None:
    for separators in ((",", ":"), (", ", ": ")):
        text = json.dumps(value, ensure_ascii=ascii_, separators=separators)
        assert repr(quick_parse(text)) == repr(json.loads(text))


def _int_places(document: Any) -> list[tuple[Any, ...]]:
    """The paths of the integers (not the bools) of a JSON document."""
    return [path for path, value in _nodes(document, ()) if type(value) is int]


def _set(document: Any, path: tuple[Any, ...], value: Any) -> Any:
    out = copy.deepcopy(document)
    _at(out, path[:-1])[path[-1]] = value
    return out


_ARRAY_FIELD = {"architects": "cities", "base": "cities", "dice": "seats"}
"""A field of each family's state that takes an array."""


def _texts(kind: str) -> list[str]:
    """Documents of states of a random ``kind`` game: as written, edited once, and made to
    meet orjson's differences."""
    rng = random.Random(5)
    states = playout_states(make_game(kind, 4), 3)
    out = []
    for state in states[:: max(1, len(states) // 4)]:
        text = to_json(state)
        document = json.loads(text)
        out += [text, "\ufeff" + text, text + " "]
        for _ in range(6):
            changed = copy.deepcopy(document)
            if edit(changed, rng) is not None:
                out.append(json.dumps(changed))
        for path in _int_places(document)[::3]:
            for value in (2**64, -(2**63) - 1, 10**30, float("nan"), 1.0):
                out.append(json.dumps(_set(document, path, value)))
            out.append(json.dumps(_set(document, path, 0)).replace("0", "1e400", 1))
        out.append(text.replace('"', '"\\ud800', 1))  # (a key with a lone surrogate)
        out.append(json.dumps({**document, "turn": "\ud800"}))
        for levels in (900, 1100):  # (the standard library's reader fails past some 1,000)
            out.append(json.dumps({**document, _ARRAY_FIELD[kind]: "deep"}).replace(
                '"deep"', "[" * levels + "1" + "]" * levels))
    return out


def _outcome(text: str, cls: type) -> tuple[Any, ...]:
    try:
        value: Any = from_json(text, cls)
    except SevenWondersError as error:
        return type(error), error.reason, str(error)
    return "built", repr(value)


@pytest.mark.parametrize("kind", ["architects", "base", "dice"])
def test_a_load_builds_and_refuses_as_without_orjson(kind: str,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    texts = _texts(kind)
    cls = type(make_game(kind, 4).new_game(seed=1))
    quick = [_outcome(text, cls) for text in texts]
    assert sum(outcome[0] == "built" for outcome in quick) > 4
    assert sum(outcome[0] != "built" for outcome in quick) > 40
    monkeypatch.setattr(json_text, "_QUICK", None)
    assert quick_parse("[1]") is NOT_READ
    assert [_outcome(text, cls) for text in texts] == quick
