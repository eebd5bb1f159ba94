"""JSON documents from outside: the strict converter refuses what plain cattrs would coerce,
bounds size, nesting and integers, and ``import sevenwonders`` alone loads any state or view of
any game and expansion (checked in a fresh process)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sevenwonders.core.limits import MAX_DEPTH, MAX_DOCUMENT_CHARS
from sevenwonders.core.serialization import from_json, to_json
from sevenwonders.errors import Reason, SerializationError, SevenWondersError
from tests.boundary.helpers import only_own_errors, refused
from tests.frontend.helpers import BY_ID, KIND_IDS, game_of, playout

BASE_MOVE = BY_ID["base"].move


@pytest.mark.parametrize(("document", "reason"), [
    ('{"type": "build", "card": "Baths", "left": "2"}', Reason.WRONG_TYPE),
    ('{"type": "build", "card": "Baths", "left": 2.9}', Reason.WRONG_TYPE),
    ('{"type": "build", "card": "Baths", "left": 2.0}', Reason.WRONG_TYPE),
    ('{"type": "build", "card": "Baths", "left": true}', Reason.WRONG_TYPE),
    ('{"type": "build", "card": ["Baths"]}', Reason.WRONG_TYPE),
    ('{"type": "build", "card": 7}', Reason.WRONG_TYPE),
    ('{"type": "build", "card": "Baths", "free_build": "no"}', Reason.WRONG_TYPE),
    ('{"type": "build", "card": "Baths", "free_build": 0}', Reason.WRONG_TYPE),
    ('{"type": "stage", "card": "Baths", "extras": "project"}', None),
    ('{"type": "build_stage", "card": "Baths", "extras": "project"}', Reason.WRONG_TYPE),
    ('{"type": "build_stage", "card": "Baths", "extras": {"project": 1}}', Reason.WRONG_TYPE),
    ('{"type": "build", "card": "Baths", "left": 18446744073709551616}', Reason.OUT_OF_RANGE),
    ('{"type": "build", "card": "Baths", "left": NaN}', Reason.MALFORMED),
    ('{"type": "build", "card": "Baths", "left": Infinity}', Reason.MALFORMED),
    ('{"type": "build", "card": "Baths", "left": ' + "9" * 5000 + "}", Reason.MALFORMED),
    ('{"type": "build", "card": "Baths", "extra": 1}', Reason.MALFORMED),
    ("[" * 3000 + "]" * 3000, Reason.TOO_LARGE),
    ('{"type": "build", "card": ' + "[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1) + "}",
     Reason.TOO_LARGE),
    (b"\xff\xfe", Reason.MALFORMED),
])
def test_the_converter_refuses_what_it_would_coerce(document: Any, reason: Reason | None) -> None:
    refused(lambda: from_json(document, BASE_MOVE), SerializationError, reason)


def test_documents_over_the_size_limit_are_refused_before_parsing() -> None:
    text = '"' + "x" * MAX_DOCUMENT_CHARS + '"'
    refused(lambda: from_json(text, BASE_MOVE), SerializationError, Reason.TOO_LARGE)
    refused(lambda: from_json(None, BASE_MOVE), SerializationError,  # type: ignore[arg-type]
            Reason.WRONG_TYPE)


@pytest.mark.parametrize("kind", ["architects", "dice"])
def test_other_games_moves_are_strict_too(kind: str) -> None:
    move = playout(kind).steps[0][min(playout(kind).steps[0])]
    document = json.loads(to_json(move))
    for key, value in document.items():
        if key == "type":
            continue
        for bad in ([value], 1.5, True, {"x": value}):
            changed = json.dumps({**document, key: bad})
            refused(lambda: from_json(changed, BY_ID[kind].move),  # noqa: B023
                    SerializationError, Reason.WRONG_TYPE)


@pytest.mark.parametrize("kind", KIND_IDS)
def test_a_string_never_becomes_a_tuple(kind: str) -> None:
    """cattrs would read "abc" as ('a', 'b', 'c') for a tuple field."""
    document = json.loads(to_json(playout(kind).states[1]))
    lists = [key for key, value in document.items() if isinstance(value, list)]
    for key in lists:
        changed = json.dumps({**document, key: "abc"})
        refused(lambda: from_json(changed, BY_ID[kind].state),  # noqa: B023
                SerializationError, Reason.WRONG_TYPE)


json_leaves = (st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8))
json_trees = st.recursive(json_leaves, lambda inner: st.lists(inner, max_size=4)
                          | st.dictionaries(st.text(max_size=6), inner, max_size=4),
                          max_leaves=30)


@settings(max_examples=200, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow])
@given(kind=st.sampled_from(KIND_IDS), which=st.sampled_from(["state", "view", "move", "event"]),
       tree=json_trees, depth=st.integers(0, 200))
def test_any_document_of_any_shape(kind: str, which: str, tree: Any, depth: int) -> None:
    cls = getattr(BY_ID[kind], which)
    text = "[" * depth + json.dumps(tree, allow_nan=True) + "]" * depth
    only_own_errors(lambda: from_json(text, cls))


FRESH = """
import sys, json
import sevenwonders
from sevenwonders import from_json, to_json
kind, module, name, path = sys.argv[1:]
cls = getattr(__import__(module, fromlist=[name]), name)
text = open(path).read()
print(to_json(from_json(text, cls)) == text)
"""


@pytest.mark.parametrize("kind", ["base", "base-1st", "edifice", "edifice-carthage-ur",
                                  "architects", "dice"])
def test_import_sevenwonders_is_enough_to_load_any_state(kind: str, tmp_path: Path) -> None:
    game = game_of(kind)
    state = playout(kind).states[2]
    for what, value in (("state", state), ("view", game.view(state, 0))):
        path = tmp_path / f"{what}.json"
        path.write_text(to_json(value))
        cls = type(value)
        done = subprocess.run(
            [sys.executable, "-c", FRESH, kind, cls.__module__, cls.__name__, str(path)],
            capture_output=True, text=True, timeout=120, cwd=Path(__file__).parents[2],
            check=False)
        assert done.stdout.strip() == "True", done.stderr[-2000:]


def test_errors_carry_a_reason_from_the_closed_set() -> None:
    with pytest.raises(ValueError):
        SevenWondersError("x", reason="not_a_reason")
    assert len(str(SevenWondersError("y" * 100_000))) <= 1100
