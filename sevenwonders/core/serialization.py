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
from cattrs.preconf.json import make_converter
from cattrs.strategies import configure_tagged_union

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
    """Make ``union`` (a ``Union`` of attrs classes) round-trip with a ``tag_name`` field."""
    configure_tagged_union(union, converter, tag_generator=tag_of, tag_name=tag_name)


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
