"""Straight-line structuring of attrs classes, for loading speed only.

:func:`straight_line_fn` writes, for one attrs class, a function that builds it from a JSON
object with the strict converter's checks of its scalar and scalar-tuple fields written inline
(``type(value) is int`` and the 64-bit range; ``type(value) is str``; a list of exactly such
items, checked in C passes: :func:`ints_fit`, and ``"".join``, which takes strings only) and
the converter's own hooks called for every other field. It refuses by raising,
never by returning something else: :func:`sevenwonders.core.serialization.plain_structure_fn`
then builds the document again with cattrs' detailed code, which raises the error a refusal
has always raised. So the function only has to accept exactly what the converter accepts,
which the tests check over the states of random games and edited documents.

:func:`leaf_tuple_hook` and :func:`leaf_tuples_hook` are the converter's hooks of tuples (and
tuples of tuples) of integers or strings, with the same checks at C speed.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from itertools import chain
from typing import Any, get_args, get_origin

import attrs

from sevenwonders.core.limits import MAX_INT_BITS

_BOUND = 1 << MAX_INT_BITS  # |value| < this: at most MAX_INT_BITS bits
_LISTS = frozenset({list})
_INT_TYPES = frozenset({int})
_join = "".join
_INT = "type({v}) is int and -BOUND < {v} < BOUND"
_INTS = ("type({v}) is list and (not {v} or (INTS_FIT({v}) if len({v}) > 8 else ("
         "INTS.issuperset(map(type, {v})) and max({v}) < BOUND and min({v}) > -BOUND)))")
# (joining raises TypeError for a list holding anything but strings: the test refuses by
# raising, as the straight-line code may; no JSON reader makes a subclass of str)
_STRS = "type({v}) is list and (JOIN({v}) or True)"
# field type -> (the test a JSON value passes, the expression that builds the field's value)
INLINE: Mapping[Any, tuple[str, str]] = {
    int: (_INT, "{v}"), str: ("type({v}) is str", "{v}"), bool: ("type({v}) is bool", "{v}"),
    tuple[int, ...]: (_INTS, "tuple({v})"), tuple[str, ...]: (_STRS, "tuple({v})"),
    int | None: (f"{{v}} is None or ({_INT})", "{v}"),
}


def ints_fit(value: list[Any]) -> bool:
    """Whether every item of ``value`` (a list of JSON values) is an ``int`` (not a bool) of
    at most MAX_INT_BITS bits. A long list of bytes' values (card ids) is judged in C passes:
    ``bytes`` takes integers from 0 to 255 and bools, nothing else, so only bools remain to
    rule out, and a list without a 0 or a 1 holds none (``True == 1``); any other list by its
    items' types and extremes."""
    if len(value) > 8:
        try:
            bytes(value)
        except (TypeError, ValueError):
            pass
        else:
            return (not (value.count(0) or value.count(1))
                    or _INT_TYPES.issuperset(map(type, value)))
    return _INT_TYPES.issuperset(map(type, value)) and (
        not value or (max(value) < _BOUND and min(value) > -_BOUND))


class Refused(Exception):
    """The straight-line code does not take this document (the detailed code says why)."""


def inline_test(field_type: Any, v: str) -> tuple[str, str] | None:
    """The test a JSON value written ``v`` passes and the expression that builds a value of
    ``field_type`` from it, for the types :data:`INLINE` lists and fixed tuples of them
    (``tuple[int, tuple[str, ...]]``); ``None`` for any other type."""
    if field_type in INLINE:
        test, build = INLINE[field_type]
        return f"({test.format(v=v)})", build.format(v=v)
    args = get_args(field_type)
    if get_origin(field_type) is not tuple or not args or args[-1] is Ellipsis:
        return None
    parts = [inline_test(arg, f"{v}[{i}]") for i, arg in enumerate(args)]
    if not all(parts):
        return None
    tests = " and ".join(part[0] for part in parts if part)
    builds = "".join(f"{part[1]}, " for part in parts if part)
    return f"(type({v}) is list and len({v}) == {len(args)} and {tests})", f"({builds})"


def inline_tuple_hook(item_type: Any, checked: Callable[[Any, Any], tuple[Any, ...]]
                      ) -> Callable[[Any, Any], tuple[Any, ...]] | None:
    """The hook of ``tuple[item_type, ...]`` for an ``item_type`` :func:`inline_test` writes
    (a fixed tuple such as ``tuple[int, str]``): every item tested and built inline; anything
    else goes through ``checked``, which raises the per-item error. ``None`` for other types."""
    found = inline_test(item_type, "v")
    if found is None:
        return None
    test, build = found
    names: dict[str, Any] = {"CHECKED": checked, "BOUND": _BOUND, "INTS_FIT": ints_fit,
                             "INTS": _INT_TYPES, "JOIN": "".join}
    exec("def structure(value, cls):\n"  # (code written from the item's type)
         "    try:\n"
         f"        if type(value) is list and all([{test} for v in value]):\n"
         f"            return tuple([{build} for v in value])\n"
         "    except TypeError:\n"  # (a test that refuses by raising)
         "        pass\n"
         "    return CHECKED(value, cls)", names)
    built: Callable[[Any, Any], tuple[Any, ...]] = names["structure"]
    return built


def fast_of(hook: Callable[[Any, Any], Any]) -> Callable[[Any, Any], Any] | None:
    """The straight-line builder inside a converter hook of an attrs class (the hook tries it
    and, when it refuses, builds the document again with cattrs' detailed code), or ``None``
    for a hook of another kind. Code that has its own fallback calls the builder directly."""
    fast: Callable[[Any, Any], Any] | None = getattr(hook, "fast", None)
    return fast


def fast_items_hook(item_type: Any, item_hook: Callable[[Any, Any], Any],
                    checked: Callable[[Any, Any], tuple[Any, ...]]
                    ) -> Callable[[Any, Any], tuple[Any, ...]] | None:
    """The hook of ``tuple[item_type, ...]`` for an attrs class ``item_type`` built by
    straight-line code: every item built by it directly; a document it refuses goes through
    ``checked``, which raises the per-item error. ``None`` for other item types."""
    fast = fast_of(item_hook)
    if fast is None:
        return None

    def structure(value: Any, cls: Any) -> tuple[Any, ...]:
        if type(value) is list:
            try:
                return tuple([fast(item, item_type) for item in value])
            except Exception:  # (the per-item hooks say what is wrong)
                pass
        return checked(value, cls)

    return structure


def _slot_setter(cls: type, name: str) -> Any:
    for klass in cls.__mro__:
        descriptor = klass.__dict__.get(name)
        if descriptor is not None:
            return getattr(descriptor, "__set__", None)
    return None


def direct_setters(cls: type, fields: Any) -> list[Any] | None:
    """The slots' own setters of ``cls``'s fields, in order, when a value may be built by
    setting them (a slotted class with no validator, no init hook, no slot besides its fields
    but the weak reference and the speed layer's): what ``__init__`` would do, without it."""
    slots = {name for klass in cls.__mro__ for name in getattr(klass, "__slots__", ())}
    names = {field.name for field in fields}
    if (not slots >= names or not slots - names <= {"__weakref__", "_speed"}
            or hasattr(cls, "__attrs_pre_init__") or hasattr(cls, "__attrs_post_init__")
            or any(field.validator is not None for field in fields)
            or not getattr(getattr(cls.__dict__.get("__init__"), "__code__", None),
                           "co_filename", "").startswith("<attrs generated")):
        return None
    setters = [_slot_setter(cls, field.name) for field in fields]
    return setters if all(setters) else None


def setters_in_order(cls: type, names: tuple[str, ...] | None = None) -> tuple[Any, ...] | None:
    """:func:`direct_setters` of ``cls``'s fields, where its fields are ``names`` in that order
    (``names`` ``None``: whatever they are); ``None`` where the class is not built by its
    slots, or its fields are others (a fast path then builds it by ``__init__``)."""
    fields = attrs.fields(cls)
    found = direct_setters(cls, fields)
    if found is None or (names is not None and tuple(f.name for f in fields) != names):
        return None
    return tuple(found)


def straight_line_fn(cls: type, hook_of: Callable[[Any], Callable[[Any, Any], Any]]
                     ) -> Callable[[Any, Any], Any] | None:
    """The straight-line builder of ``cls`` (``hook_of(t)``: the converter's hook for a field
    type ``t``), or ``None`` for a class whose fields it does not handle (aliases, converters,
    fields outside ``__init__`` without a default, defaults computed from the instance).

    The value is built by setting its slots where the class allows it (:func:`direct_setters`: the
    fields were checked here, as ``__init__`` would not check them anyway), else by
    ``__init__``; a field outside ``__init__`` (which no document holds) gets its default."""
    fields = attrs.fields(attrs.resolve_types(cls))
    setters = direct_setters(cls, fields)
    names = {"CL": cls, "REFUSED": Refused, "MISSING": attrs.NOTHING, "BOUND": _BOUND,
             "INTS_FIT": ints_fit, "INTS": _INT_TYPES, "JOIN": "".join, "NEW": object.__new__,
             "ALLOWED": frozenset(f.name for f in fields if f.init)}
    lines = ["def structure(o, _):",
             "    if type(o) is not dict or not o.keys() <= ALLOWED:", "        raise REFUSED"]
    args, sets = [], []
    for i, field in enumerate(fields):
        default = field.default
        if ((field.init and field.alias != field.name) or field.converter is not None
                or (isinstance(default, attrs.Factory) and default.takes_self)  # type: ignore[arg-type]
                or (not field.init and default is attrs.NOTHING)):
            return None
        value = f"f{i}"
        if default is not attrs.NOTHING:
            names[f"D{i}"] = default.factory if isinstance(default, attrs.Factory) else default  # type: ignore[arg-type]
        call = "()" if isinstance(default, attrs.Factory) else ""  # type: ignore[arg-type]
        names[f"S{i}"] = setters[i] if setters else None
        if not field.init:
            sets.append(f"    S{i}(out, D{i}{call})")
            continue
        if default is attrs.NOTHING:
            lines.append(f"    v = o[{field.name!r}]")
            indent = "    "
        else:
            lines += [f"    v = o.get({field.name!r}, MISSING)", "    if v is MISSING:",
                      f"        {value} = D{i}{call}", "    else:"]
            indent = "        "
        inline = inline_test(field.type, "v")
        if inline is not None:
            lines += [f"{indent}if not {inline[0]}:", f"{indent}    raise REFUSED",
                      f"{indent}{value} = {inline[1]}"]
        else:  # (a nested class's straight-line builder called directly: see fast_of)
            hook = hook_of(field.type)
            names[f"H{i}"], names[f"T{i}"] = fast_of(hook) or hook, field.type
            lines.append(f"{indent}{value} = H{i}(v, T{i})")
        args.append(f"{field.name}={value}" if field.kw_only else value)
        sets.append(f"    S{i}(out, {value})")
    if setters is not None:
        lines += ["    out = NEW(CL)", *sets, "    return out"]
    else:
        lines.append(f"    return CL({', '.join(args)})")
    exec("\n".join(lines), names)  # (code written above from the class's fields)
    built: Callable[[Any, Any], Any] = names["structure"]  # type: ignore[assignment]
    return built


def leaf_tuple_hook(item_type: type, checked: Callable[[Any, Any], tuple[Any, ...]]
                     ) -> Callable[[Any, Any], tuple[Any, ...]]:
    """The hook of ``tuple[int, ...]`` or ``tuple[str, ...]``: the items' types checked at C
    speed (``type`` exactly, so no ``bool`` passes for an int), the integers' range by their
    extremes; anything else goes through ``checked``, which raises the per-item error."""
    def ints(value: Any, cls: Any) -> tuple[Any, ...]:
        if type(value) is list and ints_fit(value):
            return tuple(value)
        return checked(value, cls)

    def strs(value: Any, cls: Any) -> tuple[Any, ...]:
        if type(value) is list:
            try:
                _join(value)  # (raises for an item that is no string)
                return tuple(value)
            except TypeError:
                pass
        return checked(value, cls)

    return ints if item_type is int else strs




def leaf_tuples_hook(item_type: type, checked: Callable[[Any, Any], tuple[Any, ...]]
                      ) -> Callable[[Any, Any], tuple[Any, ...]]:
    """The hook of ``tuple[tuple[int, ...], ...]`` or ``tuple[tuple[str, ...], ...]``: every
    item's type checked in one C-speed pass over all of them (as :func:`leaf_tuple_hook`)."""
    def ints(value: Any, cls: Any) -> tuple[Any, ...]:
        if (type(value) is list and _LISTS.issuperset(map(type, value))
                and ints_fit(list(chain.from_iterable(value)))):
            return tuple(map(tuple, value))
        return checked(value, cls)

    def strs(value: Any, cls: Any) -> tuple[Any, ...]:
        if type(value) is list and _LISTS.issuperset(map(type, value)):
            try:
                _join(chain.from_iterable(value))  # (raises for an item that is no string)
                return tuple(map(tuple, value))
            except TypeError:
                pass
        return checked(value, cls)

    return ints if item_type is int else strs


__all__ = ["INLINE", "Refused", "direct_setters", "fast_items_hook", "fast_of", "inline_test",
           "ints_fit", "inline_tuple_hook", "leaf_tuple_hook", "leaf_tuples_hook",
           "straight_line_fn"]
