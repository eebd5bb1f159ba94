"""Reading an Architects state's text a part at a time
(:mod:`sevenwonders.architects.load_text`) reads what ``json.loads`` reads: for the documents of
random games of 2-7 players read in order (where it takes most cities from the last document)
and shuffled, and for texts edited a character or a member at a time after a document whose
cities they share, where it either reads the same value or declines (and then ``from_json``
reads the text whole, building or refusing exactly as it does without the text reader)."""

from __future__ import annotations

import contextlib
import json
import random
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sevenwonders.architects import load_text
from sevenwonders.architects.state import ArchitectsState
from sevenwonders.core import serialization
from sevenwonders.core.serialization import from_json, to_json
from sevenwonders.errors import SevenWondersError
from sevenwonders.games import make_game
from tests.boundary.mutation import playout_states


def _texts() -> list[str]:
    """The documents of every state of a random game of each size, 2-7 players, in order."""
    out: list[str] = []
    for players in range(2, 8):
        out += [to_json(state) for state in playout_states(make_game("architects", players),
                                                           40 + players)]
    return out


TEXTS = _texts()


def reference(text: str) -> Any:
    """What the load reads without the text reader (``None``: a text it refuses to read)."""
    try:
        return serialization.parse_json(text)
    except SevenWondersError:
        return None


def test_the_documents_of_games_read_in_order_read_as_json_loads_reads_them() -> None:
    reused = 0
    for text in TEXTS:
        before = load_text._last[1]
        read = load_text.read_state_text(text)
        assert read == json.loads(text)
        reused += sum(any(city is was for was in before) for city in read["cities"])
    assert reused > len(TEXTS) * 2  # (most cities of a game's next state are the last's)


def test_shuffled_documents_read_as_json_loads_reads_them() -> None:
    texts = TEXTS[:]
    random.Random(5).shuffle(texts)
    for text in texts:
        assert load_text.read_state_text(text) == json.loads(text)


_EDITS = [
    lambda t, i: t[:i] + t[i + 1:],  # a character dropped
    lambda t, i: t[:i] + " " + t[i:],  # a space
    lambda t, i: t[:i] + t[i] + t[i:],  # a character doubled
    lambda t, i: t[:i] + "7" + t[i + 1:],  # a character replaced
    lambda t, i: t[:i] + '"' + t[i + 1:],
    lambda t, i: t[:i] + "}" + t[i + 1:],
    lambda t, i: t[:i] + "]," + t[i:],
    lambda t, i: t[:-1] + ',"cities":[]}',  # the cities again (json.loads keeps these)
    lambda t, i: t[:-1] + ",}",  # a trailing comma
    lambda t, i: t[:i],  # cut short
    lambda t, i: t + " ",
    lambda t, i: t + "]",  # more after the document
    lambda t, i: t[:t.index('],"decks"') + 1] + ",}",  # the cities alone, a comma after them
]


@settings(max_examples=400, deadline=None)
@given(st.integers(0, len(TEXTS) - 2), st.integers(0, len(_EDITS) - 1), st.integers(0, 10**6))
def test_edited_texts_read_as_json_loads_reads_them_or_not_at_all(
        at: int, kind: int, where: int) -> None:
    text = TEXTS[at + 1]
    changed = _EDITS[kind](text, where % len(text))
    load_text.read_state_text(TEXTS[at])  # (the last document: its cities are taken)
    read = load_text.read_state_text(changed)
    if read is not None:
        assert read == reference(changed)


def test_a_city_taken_from_the_last_document_is_one_whose_text_is_the_same() -> None:
    first = json.loads(TEXTS[0])
    for seat in range(len(first["cities"])):
        for field, value in (("military", 9), ("wonder", "olympia"), ("tokens", ["decor"])):
            edited = json.loads(TEXTS[0])
            edited["cities"][seat][field] = value
            load_text.read_state_text(TEXTS[0])
            text = to_json_text(edited)
            assert load_text.read_state_text(text) == edited


def to_json_text(document: Any) -> str:
    """A document as ``to_json`` writes one: no whitespace."""
    return json.dumps(document, separators=(",", ":"), ensure_ascii=False)


@contextlib.contextmanager
def text_reader(on: bool) -> Iterator[None]:
    """``from_json`` of a state with the text reader tried first (as without orjson) or
    without it (restored afterwards)."""
    was = serialization._TEXT_FIRST
    serialization._TEXT_FIRST = on
    try:
        yield
    finally:
        serialization._TEXT_FIRST = was


def outcome(text: str) -> Any:
    """What ``from_json`` gives for a text: the state's repr, or the error as a caller tells
    it apart."""
    try:
        return repr(from_json(text, ArchitectsState))
    except SevenWondersError as error:
        return type(error), error.reason, str(error)


@pytest.mark.parametrize("kind", range(len(_EDITS)))
def test_from_json_builds_or_refuses_edited_texts_as_without_the_text_reader(kind: int) -> None:
    rng = random.Random(kind)
    texts = []
    for at in rng.sample(range(len(TEXTS) - 1), 40):
        texts.append(TEXTS[at])
        texts.append(_EDITS[kind](TEXTS[at + 1], rng.randrange(len(TEXTS[at + 1]))))
    with text_reader(True):
        with_reader = [outcome(text) for text in texts]
    with text_reader(False):
        without = [outcome(text) for text in texts]
    assert with_reader == without
    assert all(type(o) is str for o in with_reader[::2])  # (the documents as written build)
