"""The converter's fast paths give what the per-item, detailed paths give (they exist only
for speed): the nesting depth read off the text, the leaf tuples checked at C speed, attrs
classes built by straight-line code, each against the reference over many inputs."""

import json
import random
from typing import Any

import pytest
from cattrs.gen import make_dict_structure_fn
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sevenwonders.core.inline import straight_line_fn
from sevenwonders.core.json_text import _text_depth_over
from sevenwonders.core.limits import MAX_DEPTH
from sevenwonders.core.serialization import (
    check_shape,
    converter,
    from_json,
    parse_json,
    plain_structure_fn,
    to_json,
)
from sevenwonders.errors import Reason, SerializationError
from tests.core.helpers import game_states

# strings full of what the depth reading must see through: brackets, quotes, backslashes
tricky = st.text(alphabet='[]{}"\\/nu0aé\u2028\ud800 ,:', max_size=8)
leaves = st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | tricky
trees = st.recursive(leaves, lambda inner: st.lists(inner, max_size=4)
                     | st.dictionaries(tricky, inner, max_size=4), max_leaves=40)


def walked_depth(value: Any) -> int:
    """The nesting depth of arrays and objects, by walking the parsed value."""
    if isinstance(value, dict):
        return 1 + max(map(walked_depth, value.values()), default=0)
    if isinstance(value, list):
        return 1 + max(map(walked_depth, value), default=0)
    return 0


@settings(max_examples=300, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow])
@given(tree=trees, wrap=st.integers(0, 8), ascii_only=st.booleans(), indent=st.booleans())
def test_depth_read_off_the_text_is_the_walked_depth(tree: Any, wrap: int, ascii_only: bool,
                                                     indent: bool) -> None:
    text = ("[" * wrap + json.dumps(tree, ensure_ascii=ascii_only, indent=1 if indent else None)
            + "]" * wrap)
    depth = walked_depth(json.loads(text))
    for limit in range(max(0, depth - 2), depth + 2):
        assert _text_depth_over(text, limit) == (depth > limit)


@pytest.mark.parametrize("depth", [MAX_DEPTH - 1, MAX_DEPTH, MAX_DEPTH + 1, MAX_DEPTH + 5])
def test_parse_json_refuses_the_same_depths_as_the_walk(depth: int) -> None:
    text = '{"a": "]]]}}}", "b": ' + "[" * (depth - 1) + '"[[["' + "]" * (depth - 1) + "}"
    walk_refuses = False
    try:
        check_shape(json.loads(text))
    except SerializationError:
        walk_refuses = True
    assert walk_refuses == (depth > MAX_DEPTH)
    if walk_refuses:
        with pytest.raises(SerializationError) as caught:
            parse_json(text)
        assert caught.value.reason is Reason.TOO_LARGE
    else:
        assert parse_json(text) == json.loads(text)


def outcome(hook: Any, value: Any, cls: Any) -> Any:
    try:
        return ("value", hook(value, cls))
    except SerializationError as error:
        return ("error", str(error), error.reason)


items = (st.integers(-(1 << 70), 1 << 70) | st.booleans() | st.floats() | st.text(max_size=3)
         | st.none() | st.lists(st.integers(), max_size=2))


@settings(max_examples=400, deadline=None, derandomize=True)
@given(value=st.lists(items, max_size=6) | st.tuples(st.integers()) | items
       | st.lists(st.lists(items, max_size=4), max_size=4),
       cls=st.sampled_from([tuple[int, ...], tuple[str, ...], tuple[tuple[int, ...], ...],
                            tuple[tuple[str, ...], ...]]))
def test_leaf_tuples_as_checked_item_by_item(value: Any, cls: Any) -> None:
    item_hook = converter.get_structure_hook(cls.__args__[0])

    def reference(data: Any, _: Any) -> Any:
        if type(data) is not list and type(data) is not tuple:
            raise SerializationError(f"not an array: {data!r}", reason=Reason.WRONG_TYPE)
        return tuple(item_hook(item, cls.__args__[0]) for item in data)

    fast, slow = outcome(converter.get_structure_hook(cls), value, cls), outcome(reference,
                                                                                value, cls)
    assert fast[0] == slow[0]
    if fast[0] == "value":
        assert fast == slow and type(fast[1]) is tuple
    else:
        assert fast[2] == slow[2]


@pytest.mark.parametrize(("kind", "players"), [("base", 3), ("base", 7), ("architects", 2),
                                               ("architects", 7), ("dice", 4)])
def test_straight_line_structuring_equals_the_detailed_one(kind: str, players: int) -> None:
    states = game_states(kind, players)
    cls = type(states[0])
    fast = plain_structure_fn(cls)
    detailed = make_dict_structure_fn(cls, converter, _cattrs_forbid_extra_keys=True)
    for state in states:
        data = json.loads(to_json(state))
        assert fast(data, cls) == detailed(data, cls) == state
        assert from_json(to_json(state), cls) == state


EDITS: list[Any] = [None, True, 1.5, "x", -1, 1 << 64, -(1 << 64), (1 << 64) - 1, [], [1],
                    ["a"], [True], [1, "a"], {}, {"x": 1}]


def edits_of(data: Any, rng: random.Random) -> Any:
    """``data`` (parsed JSON) with one value replaced, one key dropped or one key added."""
    if isinstance(data, dict) and data:
        key = rng.choice(sorted(data))
        roll = rng.random()
        if roll < 0.1:
            return {k: v for k, v in data.items() if k != key}
        if roll < 0.15:
            return {**data, "unknown": 1}
        return {**data, key: edits_of(data[key], rng) if rng.random() < 0.6
                else rng.choice(EDITS)}
    if isinstance(data, list) and data:
        i = rng.randrange(len(data))
        return [*data[:i], edits_of(data[i], rng) if rng.random() < 0.6 else rng.choice(EDITS),
                *data[i + 1:]]
    return rng.choice(EDITS)


@pytest.mark.parametrize(("kind", "players"), [("base", 4), ("architects", 3), ("dice", 3)])
def test_straight_line_takes_only_what_the_detailed_code_takes(kind: str, players: int) -> None:
    rng = random.Random(kind)
    states = game_states(kind, players)
    cls = type(states[0])
    fast = straight_line_fn(cls, converter.get_structure_hook)
    assert fast is not None
    detailed = make_dict_structure_fn(cls, converter, _cattrs_forbid_extra_keys=True)
    taken = refused = 0
    for state in states[::3]:
        for _ in range(8):
            data = edits_of(json.loads(to_json(state)), rng)
            try:
                value = fast(data, cls)
            except Exception:
                refused += 1
                continue
            taken += 1
            assert detailed(data, cls) == value
    assert taken and refused


entry_items = st.integers(-(1 << 65), 1 << 65) | st.booleans() | st.text(max_size=2) | st.none()
entries = st.lists(st.one_of(
    st.tuples(st.integers(-3, 9), st.lists(st.text(max_size=2), max_size=3),
              st.lists(st.text(max_size=2), max_size=2)).map(list),
    st.lists(entry_items | st.lists(entry_items, max_size=2), max_size=4)), max_size=4)


@settings(max_examples=400, deadline=None, derandomize=True)
@given(value=entries | entry_items,
       cls=st.sampled_from([tuple[tuple[int, str], ...],
                            tuple[tuple[int, tuple[str, ...], tuple[str, ...]], ...]]))
def test_inline_fixed_tuples_as_checked_item_by_item(value: Any, cls: Any) -> None:
    item_type = cls.__args__[0]
    item_hooks = [converter.get_structure_hook(t) for t in item_type.__args__]

    def reference(data: Any, _: Any) -> Any:
        if type(data) is not list:
            raise SerializationError(f"not an array: {data!r}", reason=Reason.WRONG_TYPE)
        out = []
        for item in data:
            if type(item) is not list or len(item) != len(item_hooks):
                raise SerializationError("not an entry", reason=Reason.MALFORMED)
            out.append(tuple(hook(part, t) for hook, part, t in zip(
                item_hooks, item, item_type.__args__, strict=True)))
        return tuple(out)

    fast, slow = outcome(converter.get_structure_hook(cls), value, cls), outcome(reference,
                                                                                value, cls)
    assert fast[0] == slow[0]
    if fast[0] == "value":
        assert fast == slow and type(fast[1]) is tuple
