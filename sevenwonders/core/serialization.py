"""The one cattrs converter that turns every state, move, view and sheet into JSON and back.

Games register their tagged unions (moves, effects, events) with :func:`register_union`; the
union member is written as a ``"type"`` field. Frozensets are written sorted, so the same state
always gives the same bytes, whatever the process's hash seed.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping
from typing import Any, TypeVar, get_args, get_origin

import cattrs
from cattrs.gen import make_dict_structure_fn, make_dict_unstructure_fn
from cattrs.preconf.json import make_converter

from sevenwonders.core.frozenmap import FrozenMap
from sevenwonders.errors import SerializationError, SevenWondersError

T = TypeVar("T")

converter = make_converter(detailed_validation=True, forbid_extra_keys=True)


def _is_frozenmap(cls: Any) -> bool:
    return cls is FrozenMap or get_origin(cls) is FrozenMap


def _frozenmap_structure_factory(cls: Any) -> Callable[[Any, Any], FrozenMap[Any, Any]]:
    args = get_args(cls)
    key_type, value_type = args if args else (Any, Any)
    key_hook = converter.get_structure_hook(key_type)
    value_hook = converter.get_structure_hook(value_type)

    def structure(value: Any, _: Any) -> FrozenMap[Any, Any]:
        if not isinstance(value, Mapping):
            raise SerializationError(f"expected a JSON object, got {type(value).__name__}")
        return FrozenMap((key_hook(k, key_type), value_hook(v, value_type))
                         for k, v in value.items())

    return structure


converter.register_structure_hook_factory(_is_frozenmap, _frozenmap_structure_factory)
converter.register_unstructure_hook_func(
    _is_frozenmap, lambda m: {converter.unstructure(k): converter.unstructure(v)
                              for k, v in m.items()}
)


def _is_frozenset(cls: Any) -> bool:
    return cls is frozenset or get_origin(cls) is frozenset


def _sort_key(value: Any) -> str:
    return json.dumps(value, sort_keys=True)


converter.register_unstructure_hook_func(
    _is_frozenset,
    lambda s: sorted((converter.unstructure(item) for item in s), key=_sort_key),
)


def tag_of(cls: type) -> str:
    """``BuildStage`` -> ``"build_stage"``: the default union tag of a class."""
    return re.sub(r"(?<!^)(?=[A-Z])", "_", cls.__name__).lower()


def register_union(union: Any, tag_name: str = "type") -> None:
    """Make ``union`` (a ``Union`` of attrs classes) round-trip with a ``tag_name`` field.

    Every member class is written with its tag even when serialised on its own, so a document
    made from a member reads back both as that class and as the union.
    """
    members: dict[str, type] = {}
    for cls in get_args(union):
        tag = tag_of(cls)
        members[tag] = cls
        plain_out = make_dict_unstructure_fn(cls, converter)
        plain_in = make_dict_structure_fn(cls, converter, _cattrs_forbid_extra_keys=True)
        converter.register_unstructure_hook(cls, _tagged_out(plain_out, tag_name, tag))
        converter.register_structure_hook(cls, _tagged_in(plain_in, tag_name, tag))

    def union_out(obj: Any) -> Any:
        return converter.unstructure(obj, unstructure_as=type(obj))

    def union_in(data: Any, _: Any) -> Any:
        if not isinstance(data, Mapping):
            raise SerializationError(f"expected a JSON object, got {type(data).__name__}")
        tag = data.get(tag_name)
        cls = members.get(tag) if isinstance(tag, str) else None
        if cls is None:
            raise SerializationError(
                f"unknown {tag_name} {tag!r}; expected one of {', '.join(sorted(members))}"
            )
        return converter.structure(data, cls)

    converter.register_unstructure_hook_func(lambda t: t == union, union_out)
    converter.register_structure_hook_func(lambda t: t == union, union_in)


def _tagged_out(plain: Callable[[Any], dict[str, Any]], tag_name: str, tag: str
                ) -> Callable[[Any], dict[str, Any]]:
    def unstructure(obj: Any) -> dict[str, Any]:
        return {tag_name: tag, **plain(obj)}

    return unstructure


def _tagged_in(plain: Callable[[Any, Any], Any], tag_name: str, tag: str
               ) -> Callable[[Any, Any], Any]:
    def structure(data: Any, cls: Any) -> Any:
        if not isinstance(data, Mapping):
            raise SerializationError(f"expected a JSON object, got {type(data).__name__}")
        if data.get(tag_name, tag) != tag:
            raise SerializationError(f"expected {tag_name} {tag!r}, got {data.get(tag_name)!r}")
        return plain({k: v for k, v in data.items() if k != tag_name}, cls)

    return structure


def to_json(obj: Any, *, indent: int | None = None) -> str:
    """A JSON document for any state, move, view, event, record or score sheet."""
    return json.dumps(converter.unstructure(obj), indent=indent,
                      separators=None if indent else (",", ":"), ensure_ascii=False)


def _describe(error: BaseException) -> str:
    if isinstance(error, cattrs.BaseValidationError):
        parts = cattrs.transform_error(error)
        return "; ".join(parts[:5]) if parts else str(error)
    return f"{type(error).__name__}: {error}"


def from_json(text: str | bytes, cls: type[T]) -> T:
    """Read a document written by :func:`to_json` back into ``cls``.

    Raises :class:`~sevenwonders.errors.SerializationError` for text that is not JSON or does not
    describe a ``cls``, and the library's own errors for documents that break game invariants.
    """
    try:
        data = json.loads(text)
    except (ValueError, TypeError) as error:
        raise SerializationError(f"not a JSON document: {error}") from None
    return structure(data, cls)


def structure(data: Any, cls: type[T]) -> T:
    """Like :func:`from_json` for already parsed JSON values."""
    try:
        return converter.structure(data, cls)
    except SevenWondersError:
        raise
    except Exception as error:  # cattrs raises many kinds; the caller wants one
        nested = _find_own_error(error)
        if nested is not None:
            raise nested from None
        raise SerializationError(
            f"not a valid {getattr(cls, '__name__', cls)}: {_describe(error)}"
        ) from None


def _find_own_error(error: BaseException) -> SevenWondersError | None:
    if isinstance(error, SevenWondersError):
        return error
    for inner in getattr(error, "exceptions", ()):
        found = _find_own_error(inner)
        if found is not None:
            return found
    return None
