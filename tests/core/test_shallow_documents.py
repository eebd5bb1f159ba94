"""A class registered as shallow (``register_shallow``) has documents that nest no deeper than
its fields' types, far less than the nesting limit: its types are measured here (no field of a
type that takes JSON of any shape, no type inside itself, and no float, so that what orjson
reads, an integer past 64 bits as a float, builds nothing the standard library's reading does
not). And a document of such a class that nests too deep is refused for that first, as for
any other class."""

from __future__ import annotations

import enum
import json
from typing import Annotated, Any, Union, get_args, get_origin

import attrs
import pytest

import sevenwonders.architects.validation
import sevenwonders.base.validation
import sevenwonders.dice.validation  # noqa: F401  (registers the states)
from sevenwonders.architects.state import ArchitectsState
from sevenwonders.base.expansion_state import _STATE_TYPES, ExpansionState
from sevenwonders.base.state import BaseState
from sevenwonders.core.frozenmap import FrozenMap
from sevenwonders.core.limits import MAX_DEPTH
from sevenwonders.core.serialization import _SHALLOW, from_json, is_shallow, to_json
from sevenwonders.dice.state import DiceState
from sevenwonders.errors import Reason, SerializationError
from sevenwonders.games import make_game

_SCALARS = (int, str, bool, float, type(None))


def nesting(t: Any, inside: tuple[Any, ...] = (), floats: bool = True) -> int:
    """How many levels of arrays and objects a document of type ``t`` holds at most
    (``floats=False``: and a float in it fails)."""
    assert floats or t is not float, f"a float in {inside[:1]}"
    if t in _SCALARS or (isinstance(t, type) and issubclass(t, enum.Enum)):
        return 0
    assert t is not Any and t not in inside, f"{t} takes any JSON, or holds itself"
    inside = (*inside, t)
    if t is ExpansionState:  # (each expansion's registered state, as a tagged object)
        return max([nesting(cls, inside, floats) for cls, _, _ in _STATE_TYPES.values()], default=1)
    if isinstance(t, type) and attrs.has(t):
        fields = attrs.fields(attrs.resolve_types(t))  # (those a document holds: in __init__)
        return 1 + max([nesting(f.type, inside, floats) for f in fields if f.init], default=0)
    origin, args = get_origin(t), get_args(t)
    if origin is Annotated:  # (a card pile, written as a string: its type's nesting bounds it)
        return nesting(args[0], inside, floats)
    if origin is Union or type(t).__name__ == "UnionType":
        return max(nesting(arg, inside, floats) for arg in args)
    assert origin in (tuple, frozenset, FrozenMap), f"no measure for {t}"
    return 1 + max(nesting(arg, inside, floats) for arg in args if arg is not Ellipsis)


def test_every_shallow_class_nests_far_less_than_the_limit() -> None:
    assert {ArchitectsState, BaseState, DiceState} <= _SHALLOW
    assert all(map(is_shallow, _SHALLOW)) and not is_shallow(dict)
    for cls in _SHALLOW:
        assert nesting(cls, floats=False) < MAX_DEPTH // 4, cls


def test_the_measure_finds_a_float() -> None:
    @attrs.frozen
    class Scored:
        points: tuple[int | float, ...]

    assert nesting(Scored) == 2
    with pytest.raises(AssertionError, match="a float"):
        nesting(Scored, floats=False)


@pytest.mark.parametrize(("kind", "array_field"),
                         [("base", "cities"), ("architects", "cities"), ("dice", "seats")])
def test_a_shallow_document_nested_too_deep_is_refused_for_that(kind: str,
                                                                array_field: str) -> None:
    game = make_game(kind, 4)
    state = game.new_game(seed=1)
    document = json.loads(to_json(state))
    deep: Any = 1
    for _ in range(MAX_DEPTH + 1):
        deep = [deep]
    for field in ("turn", array_field):  # (a field that takes no array, and one that takes one)
        edited = {**document, field: deep}
        with pytest.raises(SerializationError) as refused:
            from_json(json.dumps(edited), type(state))
        assert refused.value.reason == Reason.TOO_LARGE
    assert from_json(to_json(state), type(state)) == state
