"""Reading untrusted JSON text within the documented limits: its size, its nesting (read off
the text with a few C-speed string operations, or walked iteratively over parsed values, so no
input reaches Python's recursion limit), integers within the reader's bounds, no ``NaN`` or
``Infinity``. :mod:`sevenwonders.core.serialization` reads every document through here.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any, Final

from sevenwonders.core.limits import MAX_DEPTH, MAX_DOCUMENT_CHARS, quote
from sevenwonders.errors import Reason, SerializationError

_QUICK: Callable[[str], Any] | None
try:  # (the ``fast`` extra: orjson reads a document in about half the standard library's time)
    from orjson import loads as _QUICK
except ImportError:  # pragma: no cover  (without the extra: the standard library alone)
    _QUICK = None

NOT_READ = object()
"""What :func:`quick_parse` gives for a text it leaves to :func:`parse_text`."""


def quick_reader_installed() -> bool:
    """Whether :func:`quick_parse` reads documents here (orjson is installed)."""
    return _QUICK is not None


def quick_parse(text: object) -> Any:
    """``text`` (JSON text within the size limit) read by orjson, when it is installed and
    reads it; :data:`NOT_READ` otherwise. orjson takes no more than the standard library's
    reader does (it refuses ``NaN``, numbers past a double's range and lone surrogates, which
    the standard library takes), and where both read a text they read the same values, but
    for an integer outside 64 bits, which orjson reads as a float: so only a caller whose
    class has no float field (a float is refused there, strictly) may build from this value
    alone, and a caller that refuses the value reads the text again with :func:`parse_text`,
    whose value and error are the reference (the tests compare the two readings)."""
    if _QUICK is None or type(text) is not str or len(text) > MAX_DOCUMENT_CHARS:
        return NOT_READ
    try:
        return _QUICK(text)
    except Exception:  # (any text orjson does not read: the standard library says what)
        return NOT_READ


def parse_json(text: str | bytes | bytearray, what: str = "a JSON document") -> Any:
    """Parse untrusted JSON text within the documented limits (size, nesting, integers)."""
    return parse_text(text, what, nesting=True)


def parse_text(text: str | bytes | bytearray, what: str, *, nesting: bool) -> Any:
    """:func:`parse_json`; ``nesting=False``: the nesting of a text left to the caller (who
    refuses a document nested too deep with :func:`refuse_deep` before any other refusal)."""
    if not isinstance(text, str | bytes | bytearray):
        raise SerializationError(f"{what} is JSON text, not {type(text).__name__}",
                                 reason=Reason.WRONG_TYPE)
    if len(text) > MAX_DOCUMENT_CHARS:
        raise SerializationError(f"{what} has {len(text)} characters; the limit is "
                                 f"{MAX_DOCUMENT_CHARS}", reason=Reason.TOO_LARGE)
    try:
        if isinstance(text, str) and not text.startswith("\ufeff"):
            data = _decode(text)  # (what json.loads does, without a decoder a call)
        else:
            data = json.loads(text, parse_constant=_refuse_constant)
    except RecursionError:
        raise SerializationError(f"{what} nests deeper than {MAX_DEPTH} levels",
                                 reason=Reason.TOO_LARGE) from None
    except (ValueError, TypeError) as error:  # also integers of over 4,300 digits
        raise SerializationError(f"not a JSON document: {quote(str(error), 120)}") from None
    if isinstance(text, str):
        if nesting:
            refuse_deep(text, what)
    else:
        check_shape(data, what)
    return data


def refuse_deep(text: str, what: str = "a JSON document") -> None:
    """Refuse the text of a document nested deeper than :data:`MAX_DEPTH`."""
    if _text_depth_over(text, MAX_DEPTH):
        raise SerializationError(f"{what} nests deeper than {MAX_DEPTH} levels",
                                 reason=Reason.TOO_LARGE)


# bytes of UTF-8 text: "[" and "{" become "[", "]" and "}" become "]", quotes stay, the rest goes
_BRACKETS = bytes.maketrans(b"{}", b"[]")
_NOT_BRACKETS = bytes(c for c in range(256) if c not in b'[]{}"')


def _text_depth_over(text: str, limit: int) -> bool:
    """Whether the arrays and objects of ``text`` (a valid JSON document) nest more than
    ``limit`` levels: the depth :func:`check_shape` measures on the parsed value, read off the
    text with a few C-speed string operations instead of a walk over every value."""
    if len(text) <= 2 * limit + 1:  # (each level takes two characters: a bound)
        return False
    if text.count("[") + text.count("{") <= limit:  # (each level opens one: a bound too)
        return False
    marks = text.encode("utf-8", "surrogatepass").translate(_BRACKETS, _NOT_BRACKETS)
    # with escaped backslashes and quotes dropped, every quote opens or closes a string
    if "\\" in text:
        text = text.replace("\\\\", "").replace('\\"', "")
        marks = text.encode("utf-8", "surrogatepass").translate(_BRACKETS, _NOT_BRACKETS)
    quotes = marks.count(b'"')
    if marks.count(b'""') * 2 == quotes:
        # every quote is in an adjacent pair (counted from the left: an opening quote and its
        # closing one), so no string holds a bracket: the quotes go, the brackets stay
        brackets = marks.translate(None, b'"') if quotes else marks
    else:  # (a bracket inside a string: the text's strings cut out)
        brackets = "".join(text.split('"')[::2]).encode("utf-8", "surrogatepass")
        brackets = brackets.translate(_BRACKETS, _NOT_BRACKETS)
    depth = 0
    while brackets:  # each pass removes the innermost level (well nested: the text parsed)
        depth += 1
        if depth > limit:
            return True
        brackets = brackets.replace(b"[]", b"")
    return False


def _refuse_constant(name: str) -> Any:
    raise ValueError(f"{name} is not valid JSON")


_DECODER = json.JSONDecoder(parse_constant=_refuse_constant)
_SCAN: Callable[[str, int], tuple[Any, int]] = _DECODER.scan_once  # type: ignore[attr-defined]
scan_value: Final = _SCAN
"""``scan_value(text, at)``: the JSON value whose text starts at ``at`` and the place after
it, read as :func:`parse_text` reads values (the standard library's scanner; no whitespace
before the value, none skipped after it); raises for a text with no value there."""


def _decode(text: str) -> Any:
    """``_DECODER.decode(text)``: a document with nothing around its value (as ``to_json``
    writes it) read by the decoder's scanner directly; any other by ``decode``, which also
    says what is wrong."""
    try:
        data, end = _SCAN(text, 0)
    except Exception:  # (not a value at the start: decode says why)
        return _DECODER.decode(text)
    return data if end == len(text) else _DECODER.decode(text)


def check_shape(data: Any, what: str = "a JSON document") -> None:
    """Refuse parsed JSON nested deeper than :data:`MAX_DEPTH` (an iterative walk)."""
    stack: list[tuple[Any, int]] = [(data, 1)]
    while stack:
        node, depth = stack.pop()
        if isinstance(node, dict):
            children: Any = node.values()
        elif isinstance(node, list | tuple):
            children = node
        else:
            continue
        if depth > MAX_DEPTH:
            raise SerializationError(f"{what} nests deeper than {MAX_DEPTH} levels",
                                     reason=Reason.TOO_LARGE)
        stack.extend((child, depth + 1) for child in children
                     if isinstance(child, dict | list | tuple))


__all__ = ["NOT_READ", "check_shape", "parse_json", "parse_text", "quick_parse",
           "quick_reader_installed", "refuse_deep", "scan_value"]
