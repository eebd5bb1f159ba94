"""Reading an Architects state's JSON text, its cities taken from the last document read where
their text is the same.

The states of a game, read in order, differ from one to the next in a city or two; the cities
are some half of a document's text, and reading text into values is about half of what a
compiled load costs without orjson. So :func:`read_state_text` reads a document written as
``to_json`` writes it (no whitespace, the cities first) with the standard library's scanner a
part at a time: each city whose text, in its place, is the text of the city in that place of
the last document read is that city's value (the same text reads as the same value: a city's
text is an object, which ends where its closing brace does), any other city and the rest of
the document are read by the scanner. The value is the one ``json.loads`` reads (the tests
compare them), so the load goes on from it as from any other reading
(:func:`load_state_text`). A text of any other layout gives ``None``, and the load reads it
whole as before. Where orjson is installed (the ``fast`` extra) ``from_json`` reads the whole
text with it instead, which costs less.
"""

from __future__ import annotations

from typing import Any, Final

from sevenwonders.architects.loading import load_fast
from sevenwonders.architects.state import ArchitectsState
from sevenwonders.core.json_text import scan_value

_HEAD: Final = '{"cities":['
_START: Final = len(_HEAD)
_scan: Final = scan_value
_load_fast: Final = load_fast

_last: tuple[list[str], list[Any]] = ([], [])
"""The text of each city of the last document read and its value (one record: read once a
load, replaced whole, so loads on several threads each read one document's cities)."""


def read_state_text(text: str) -> dict[str, Any] | None:
    """What ``json.loads(text)`` reads, for a document laid out as ``to_json`` writes a state:
    an object whose first member is ``"cities"``, an array of objects, with no whitespace
    between its parts; ``None`` for any other text (also one ``json.loads`` refuses)."""
    global _last
    if not text.startswith(_HEAD):
        return None
    was_texts, was_values = _last
    texts: list[str] = []
    cities: list[Any] = []
    at = _START
    try:
        while True:
            seat = len(texts)
            if seat < len(was_texts) and text.startswith(was_texts[seat], at):
                part = was_texts[seat]
                city = was_values[seat]
                end = at + len(part)
            else:
                city, end = _scan(text, at)
                if type(city) is not dict:  # (an object ends at its brace: see the module)
                    return None
                part = text[at:end]
            texts.append(part)
            cities.append(city)
            mark = text[end]
            at = end + 1
            if mark == "]":
                break
            if mark != ",":
                return None
        # the other members: the object of the text after the cities' comma (a member's key
        # next, so the two objects are valid together)
        if text[at] != "," or text[at + 1] != '"':
            return None
        others = "{" + text[at + 1:]
        rest, end = _scan(others, 0)
        if end != len(others):
            return None
    except Exception:  # (no value where one must be, a fault, a text cut short)
        return None
    _last = (texts, cities)
    return {"cities": cities, **rest}  # (the cities again in the rest: these, as json.loads)


def load_state_text(text: str) -> ArchitectsState | None:
    """The state of a document (``from_json`` of an :class:`ArchitectsState` tries this
    first): read by :func:`read_state_text`, then built and checked by
    :func:`~sevenwonders.architects.loading.load_fast`; ``None`` if either declines it (the
    load then reads and checks it whole, and refuses it if it must)."""
    data = read_state_text(text)
    return None if data is None else _load_fast(data)
