"""The one cattrs converter that turns every state, move, view and sheet into JSON and back.

The converter is strict: it refuses what plain cattrs would coerce (``"2"`` or ``2.9`` for an
int, a list for a string, ``"no"`` for a bool, a string for a tuple), integers over 64 bits,
documents over :data:`~sevenwonders.core.limits.MAX_DOCUMENT_CHARS` and nesting deeper than
:data:`~sevenwonders.core.limits.MAX_DEPTH` (:mod:`~sevenwonders.core.json_text`: read off
the text, or walked iteratively, so no input reaches Python's recursion limit; before
structuring, or for a state's document, whose types nest a few levels, when it is refused).

Games register their tagged unions (moves, effects, events) with :func:`register_union`; the
union member is written as a ``"type"`` field. Frozensets are written sorted, so the same state
always gives the same bytes, whatever the process's hash seed.
"""

from __future__ import annotations

import enum
import json
import re
from collections.abc import Callable, Mapping
from typing import Any, TypeVar, get_args, get_origin

import attrs
import cattrs
from cattrs.gen import make_dict_structure_fn, make_dict_unstructure_fn
from cattrs.preconf.json import make_converter

from sevenwonders.core.frozenmap import FrozenMap
from sevenwonders.core.inline import (
    fast_items_hook,
    inline_tuple_hook,
    leaf_tuple_hook,
    leaf_tuples_hook,
    straight_line_fn,
)
from sevenwonders.core.json_text import (
    NOT_READ,
    parse_text,
    quick_parse,
    quick_reader_installed,
    refuse_deep,
)
from sevenwonders.core.json_text import check_shape as check_shape  # (read from here too)
from sevenwonders.core.json_text import parse_json as parse_json
from sevenwonders.core.limits import MAX_DOCUMENT_CHARS, MAX_INT_BITS, quote
from sevenwonders.errors import Reason, SerializationError, SevenWondersError

T = TypeVar("T")

converter = make_converter(detailed_validation=True, forbid_extra_keys=True)


# -- strict scalars: exactly the JSON type the field declares, nothing coerced


def _structure_int(value: Any, _: Any) -> int:
    if type(value) is not int:
        raise SerializationError(f"expected an integer, got {quote(value)}",
                                 reason=Reason.WRONG_TYPE)
    if value.bit_length() > MAX_INT_BITS:
        raise SerializationError(f"integer {quote(value)} is over {MAX_INT_BITS} bits",
                                 reason=Reason.OUT_OF_RANGE)
    return value


def _structure_float(value: Any, _: Any) -> float:
    if type(value) is int:
        return float(_structure_int(value, int))
    if type(value) is not float or value != value or value in (float("inf"), float("-inf")):
        raise SerializationError(f"expected a finite number, got {quote(value)}",
                                 reason=Reason.WRONG_TYPE)
    return value


def _structure_str(value: Any, _: Any) -> str:
    if type(value) is not str:
        raise SerializationError(f"expected a string, got {quote(value)}",
                                 reason=Reason.WRONG_TYPE)
    return value


def _structure_bool(value: Any, _: Any) -> bool:
    if type(value) is not bool:
        raise SerializationError(f"expected true or false, got {quote(value)}",
                                 reason=Reason.WRONG_TYPE)
    return value


converter.register_structure_hook(int, _structure_int)
converter.register_structure_hook(float, _structure_float)
converter.register_structure_hook(str, _structure_str)
converter.register_structure_hook(bool, _structure_bool)


def _is_enum(cls: Any) -> bool:
    return isinstance(cls, type) and issubclass(cls, enum.Enum)


def _enum_structure_factory(cls: Any) -> Callable[[Any, Any], Any]:
    members = {member.value: member for member in cls}
    kinds = {type(value) for value in members}

    def structure(value: Any, _: Any) -> Any:
        if type(value) not in kinds:
            raise SerializationError(f"expected one of {sorted(map(str, members))[:8]}, got "
                                     f"{quote(value)}", reason=Reason.WRONG_TYPE)
        if value not in members:
            raise SerializationError(f"{quote(value)} is not one of "
                                     f"{sorted(map(str, members))[:8]}")
        return members[value]

    return structure


converter.register_structure_hook_factory(_is_enum, _enum_structure_factory)


def _is_homogeneous_tuple(cls: Any) -> bool:
    return (cls is tuple or get_origin(cls) is tuple) and (
        not get_args(cls) or get_args(cls)[-1] is Ellipsis)


def _tuple_structure_factory(cls: Any) -> Callable[[Any, Any], tuple[Any, ...]]:
    args = get_args(cls)
    item_type = args[0] if args else Any
    item_hook = converter.get_structure_hook(item_type)

    def structure(value: Any, _: Any) -> tuple[Any, ...]:
        if type(value) is not list and type(value) is not tuple:
            raise SerializationError(f"expected an array, got {quote(value)}",
                                     reason=Reason.WRONG_TYPE)
        return tuple([item_hook(item, item_type) for item in value])

    if item_type is int or item_type is str:
        return leaf_tuple_hook(item_type, structure)
    if item_type == tuple[int, ...] or item_type == tuple[str, ...]:
        return leaf_tuples_hook(get_args(item_type)[0], structure)
    return (inline_tuple_hook(item_type, structure)
            or fast_items_hook(item_type, item_hook, structure) or structure)


def _is_fixed_tuple(cls: Any) -> bool:
    args = get_args(cls)
    return get_origin(cls) is tuple and bool(args) and args[-1] is not Ellipsis


def _fixed_tuple_structure_factory(cls: Any) -> Callable[[Any, Any], tuple[Any, ...]]:
    item_types = get_args(cls)
    if item_types == ((),):  # tuple[()]
        item_types = ()
    hooks = [converter.get_structure_hook(t) for t in item_types]

    def structure(value: Any, _: Any) -> tuple[Any, ...]:
        if type(value) is not list and type(value) is not tuple:
            raise SerializationError(f"expected an array, got {quote(value)}",
                                     reason=Reason.WRONG_TYPE)
        if len(value) != len(hooks):
            raise SerializationError(f"expected an array of {len(hooks)} items, got "
                                     f"{len(value)}", reason=Reason.MALFORMED)
        return tuple([hook(item, t) for hook, item, t in zip(hooks, value, item_types,
                                                              strict=True)])

    if len(hooks) == 2:
        (hook_0, hook_1), (type_0, type_1) = hooks, item_types

        def pair(value: Any, cls: Any) -> tuple[Any, ...]:
            if type(value) is list and len(value) == 2:
                return (hook_0(value[0], type_0), hook_1(value[1], type_1))
            return structure(value, cls)

        return pair
    if len(hooks) == 3:
        (hook_0, hook_1, hook_2), (type_0, type_1, type_2) = hooks, item_types

        def triple(value: Any, cls: Any) -> tuple[Any, ...]:
            if type(value) is list and len(value) == 3:
                return (hook_0(value[0], type_0), hook_1(value[1], type_1),
                        hook_2(value[2], type_2))
            return structure(value, cls)

        return triple
    return structure


converter.register_structure_hook_factory(_is_homogeneous_tuple, _tuple_structure_factory)
converter.register_structure_hook_factory(_is_fixed_tuple, _fixed_tuple_structure_factory)


def _is_frozenmap(cls: Any) -> bool:
    return cls is FrozenMap or get_origin(cls) is FrozenMap


def _frozenmap_structure_factory(cls: Any) -> Callable[[Any, Any], FrozenMap[Any, Any]]:
    args = get_args(cls)
    key_type, value_type = args if args else (Any, Any)
    key_hook = converter.get_structure_hook(key_type)
    value_hook = converter.get_structure_hook(value_type)

    def structure(value: Any, _: Any) -> FrozenMap[Any, Any]:
        if not isinstance(value, Mapping):
            raise SerializationError(f"expected a JSON object, got {type(value).__name__}",
                                     reason=Reason.WRONG_TYPE)
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


def _frozenset_structure_factory(cls: Any) -> Callable[[Any, Any], frozenset[Any]]:
    args = get_args(cls)
    item_type = args[0] if args else Any
    item_hook = converter.get_structure_hook(item_type)

    def structure(value: Any, _: Any) -> frozenset[Any]:
        if type(value) is not list:
            raise SerializationError(f"expected an array, got {quote(value)}",
                                     reason=Reason.WRONG_TYPE)
        items = [item_hook(item, item_type) for item in value]
        out = frozenset(items)
        if len(out) != len(items):
            raise SerializationError("an array that stands for a set lists an item twice",
                                     reason=Reason.MALFORMED)
        return out

    return structure


converter.register_structure_hook_factory(_is_frozenset, _frozenset_structure_factory)


def _sort_key(value: Any) -> str:
    return json.dumps(value, sort_keys=True)


converter.register_unstructure_hook_func(
    _is_frozenset,
    lambda s: sorted((converter.unstructure(item) for item in s), key=_sort_key),
)


def plain_structure_fn(cls: type[T]) -> Callable[[Any, Any], T]:
    """The strict hook that builds an attrs class ``cls`` from a JSON object (unknown keys
    refused), without the checks a game adds on top.

    A document that fits is built by straight-line code (:mod:`sevenwonders.core.inline`;
    for a class it cannot write, cattrs' code without per-field error collection); one that
    does not is built again by cattrs' detailed code, so every refusal carries the same error
    and reason as before, naming the field at fault."""
    fast: Callable[[Any, Any], T] | None
    try:
        fast = straight_line_fn(cls, converter.get_structure_hook)
    except Exception:  # (a class the straight-line writer cannot read: cattrs' own code)
        fast = None
    if fast is None:
        fast = make_dict_structure_fn(cls, converter, _cattrs_forbid_extra_keys=True,
                                      _cattrs_detailed_validation=False)
    detailed = make_dict_structure_fn(cls, converter, _cattrs_forbid_extra_keys=True)

    def structure(data: Any, target: Any) -> T:
        try:
            return fast(data, target)
        except Exception:  # the detailed code says what is wrong (or builds it after all)
            return detailed(data, target)

    structure.fast = fast  # type: ignore[attr-defined]  # (see inline.fast_of)
    return structure


converter.register_structure_hook_factory(attrs.has, plain_structure_fn)


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
        plain_in = plain_structure_fn(cls)
        converter.register_unstructure_hook(cls, _tagged_out(plain_out, tag_name, tag))
        converter.register_structure_hook(cls, _tagged_in(plain_in, tag_name, tag))

    def union_out(obj: Any) -> Any:
        return converter.unstructure(obj, unstructure_as=type(obj))

    hooks: dict[str, Callable[[Any, Any], Any]] = {}  # each member's hook, once looked up

    def union_in(data: Any, _: Any) -> Any:
        if not isinstance(data, Mapping):
            raise SerializationError(f"expected a JSON object, got {type(data).__name__}")
        tag = data.get(tag_name)
        cls = members.get(tag) if isinstance(tag, str) else None
        if cls is None:
            raise SerializationError(
                f"unknown {tag_name} {tag!r}; expected one of {', '.join(sorted(members))}"
            )
        hook = hooks.get(cls.__name__)
        if hook is None:
            hook = hooks[cls.__name__] = converter.get_structure_hook(cls)
        return hook(data, cls)

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
    """A JSON document for any state, move, view, event, record or score sheet; an object
    that is none of them (a game, a function) raises :class:`SerializationError`."""
    try:
        return json.dumps(converter.unstructure(obj), indent=indent,
                          separators=None if indent else (",", ":"), ensure_ascii=False)
    except (TypeError, ValueError) as error:  # json names what it cannot write
        raise SerializationError(f"no JSON for {type(obj).__name__}: {error}",
                                 reason=Reason.WRONG_TYPE) from None


def _describe(error: BaseException) -> str:
    if isinstance(error, cattrs.BaseValidationError):
        parts = cattrs.transform_error(error)
        return "; ".join(parts[:5]) if parts else str(error)
    return f"{type(error).__name__}: {error}"


def from_json(text: str | bytes, cls: type[T]) -> T:
    """Read a document written by :func:`to_json` back into ``cls``.

    Raises :class:`~sevenwonders.errors.SerializationError` for text that is not JSON, over the
    limits or does not describe a ``cls``, and :class:`~sevenwonders.errors.InvalidStateError`
    for a state no legal game could reach.
    """
    if cls not in _SHALLOW or not isinstance(text, str):
        return _structure_checked(parse_json(text), cls)
    # A document of a class whose documents nest at most a few levels: one that builds is
    # shallow, so its nesting is measured only when it is refused (and refused for it first).
    read = _TEXT_LOADERS.get(cls) if _TEXT_FIRST else None
    if read is not None and type(text) is str and len(text) <= MAX_DOCUMENT_CHARS:
        value = read(text)
        if value is not None:
            return value  # type: ignore[no-any-return]
    # The class has no float field either (the tests check both): a document orjson reads
    # builds from its value (or is read again below, and refused or built as ever).
    data = quick_parse(text)
    if data is not NOT_READ:
        try:
            return _structure_checked(data, cls)
        except SevenWondersError:
            pass  # (read again by the reference reader: its value and error decide)
    data = parse_text(text, "a JSON document", nesting=False)
    try:
        return _structure_checked(data, cls)
    except SevenWondersError:
        refuse_deep(text)
        raise


_SHALLOW: set[Any] = set()
"""The classes whose documents nest no deeper than their fields' types say, far less than
:data:`MAX_DEPTH` (no field of a type that takes any JSON, and none of a float; the tests
measure each class's types): a document of one that builds is not too deep, and builds from
what orjson reads (see :func:`register_shallow`)."""


def register_shallow(cls: type) -> None:
    """Let :func:`from_json` of ``cls`` measure the nesting of a document only when it refuses
    it (and then refuse a document nested too deep for that first, as always): the class's
    fields' types nest far less than :data:`MAX_DEPTH` and take no JSON of any shape and no
    float (the tests of serialization measure every class registered here); its documents are
    then read by orjson where the ``fast`` extra installed it."""
    _SHALLOW.add(cls)


_TEXT_LOADERS: dict[Any, Callable[[str], Any]] = {}
"""Each shallow class's reader of its documents' text, where it has one (see
:func:`register_text_loader`)."""

_TEXT_FIRST = not quick_reader_installed()
"""Whether :func:`from_json` tries the text readers: without orjson (with it, reading a whole
text costs less than a part at a time)."""


def register_text_loader(cls: type[T], load: Callable[[str], T | None]) -> None:
    """Let :func:`from_json` of ``cls`` (a shallow class: :func:`register_shallow`) try
    ``load(text)`` first, for a text within the size limit, where orjson is not installed:
    the value it returns is the one the load would build, so it is the load's; ``None`` (for
    any text it does not read, and for every text the load refuses) and the load reads the
    text as before. A game's speed layer reads the text of the documents it knows the layout
    of a part at a time (reading text is about half of what a compiled load costs without
    orjson)."""
    _TEXT_LOADERS[cls] = load


def is_shallow(cls: type) -> bool:
    """Whether :func:`from_json` of ``cls`` reads its documents as a shallow class's (see
    :func:`register_shallow`): by orjson where the ``fast`` extra installed it."""
    return cls in _SHALLOW


def structure(data: Any, cls: type[T]) -> T:
    """Like :func:`from_json` for already parsed JSON values."""
    check_shape(data)
    return _structure_checked(data, cls)


def _structure_checked(data: Any, cls: type[T]) -> T:
    try:
        return converter.structure(data, cls)
    except SevenWondersError:
        raise
    except Exception as error:  # cattrs raises many kinds; the caller wants one
        nested = _find_own_error(error)
        if nested is not None:
            raise nested from None
        raise SerializationError(
            f"not a valid {getattr(cls, '__name__', cls)}: {quote(_describe(error), 300)}"
        ) from None


def _find_own_error(error: BaseException) -> SevenWondersError | None:
    if isinstance(error, SevenWondersError):
        return error
    for inner in getattr(error, "exceptions", ()):
        found = _find_own_error(inner)
        if found is not None:
            return found
    return None
