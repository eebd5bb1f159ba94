"""Bounded memories for the speed layers of the games (never for rules).

What the speed layer of a game object finds for one state (its legal moves, its cities' entries)
is kept beside the state, in the state class's one private slot (``SpeedSlot`` in each game's
``state.py``, named :data:`SLOT`), marked with the owner that found it (a token of the game
object's speed memory, compared by identity): it lives exactly as long as the caller keeps the
state, so one game object serving many live games at once (a server with many tables, a
vectorised environment, a batched self-play loop) finds each game's states again however many
there are, and no memo keeps a finished state alive. The other memos here are bounded and keyed
by content or identity; each game object's is dropped when it is pickled (a worker rebuilds it).

A value remembered here is never handed to a caller: moves go out as :func:`fresh` copies, so a
caller that mutates a move it was given (``object.__setattr__``) changes nothing the game
remembers.
"""

from __future__ import annotations

from collections.abc import Callable
from operator import attrgetter
from typing import Any, Generic, TypeVar

import attrs

SLOT = "_speed"
"""The name of the private slot of the states (``SpeedSlot``): not an attrs field."""
_SPEED_SLOTS = frozenset({"__weakref__", SLOT})
"""Slots of a state class besides its fields; a value built or copied field by field leaves the
speed slot empty (a new state: nothing was found for it yet)."""

K = TypeVar("K")
V = TypeVar("V")
T = TypeVar("T")


class IdentityMemo(Generic[K, V]):
    """Values remembered per object *identity*, for at least the last ``size // 2`` and at most
    the last ``size`` objects put in.

    Each entry holds its key object, so the ``id`` of a remembered object cannot be reused by
    another object while the entry lives. Two generations: when the young one is full it
    becomes the old one and the old one is forgotten (constant time, no reordering).
    """

    __slots__ = ("_old", "_young", "size")

    def __init__(self, size: int) -> None:
        self.size = size
        self._young: dict[int, tuple[K, V]] = {}
        self._old: dict[int, tuple[K, V]] = {}

    def get(self, key: object) -> V | None:
        entry = self._young.get(id(key)) or self._old.get(id(key))
        if entry is not None and entry[0] is key:
            return entry[1]
        return None

    def put(self, key: K, value: V) -> None:
        self.put_entry((key, value))

    def put_entry(self, entry: tuple[K, V]) -> None:
        """:meth:`put` of ``entry``, a ``(key, value)`` pair the caller made anyway (kept as
        the entry itself: no new tuple)."""
        young = self._young
        if len(young) * 2 >= self.size:
            self._old = young
            young = self._young = {}
        young[id(entry[0])] = entry

    def __len__(self) -> int:
        return len(self._young) + len(self._old)

    def clear(self) -> None:
        self._young = {}
        self._old = {}


class BoundedDict(Generic[K, V]):
    """A content-keyed memo that forgets everything when it reaches ``size`` entries (simple,
    and the working set of a game configuration is far below the bound)."""

    __slots__ = ("_entries", "size")

    def __init__(self, size: int) -> None:
        self.size = size
        self._entries: dict[K, V] = {}

    def get(self, key: K) -> V | None:
        return self._entries.get(key)

    def put(self, key: K, value: V) -> None:
        entries = self._entries
        if len(entries) >= self.size:
            entries.clear()
        entries[key] = value

    def __len__(self) -> int:
        return len(self._entries)


_COPIERS: dict[type, Callable[[Any], Any]] = {}


def _slot_setter(cls: type, name: str) -> Callable[[Any, Any], None] | None:
    for klass in cls.__mro__:
        descriptor = klass.__dict__.get(name)
        if descriptor is not None:
            setter: Callable[[Any, Any], None] | None = getattr(descriptor, "__set__", None)
            return setter
    return None


def _copier(cls: type) -> Callable[[Any], Any]:
    """A function copying values of ``cls`` field by field; the fields were checked when the
    original was made, so the copy skips ``__init__`` (and its checks) where it can."""
    names = tuple(field.name for field in attrs.fields(cls))
    if not names:
        return lambda value: value  # nothing a caller could change
    slots = {name for klass in cls.__mro__ for name in getattr(klass, "__slots__", ())}
    setters = [_slot_setter(cls, name) for name in names]
    if slots - set(names) <= _SPEED_SLOTS and all(setters) and all(
            name.isidentifier() for name in names):
        return _slot_copier(cls, names, setters)
    read = attrgetter(*names)
    if len(names) == 1:
        return lambda value: cls(read(value))
    return lambda value: cls(*read(value))


def _slot_copier(cls: type, names: tuple[str, ...], setters: list[Any]) -> Callable[[Any], Any]:
    """A copier of a slotted class written out for its fields: plain attribute reads and the
    slots' own setters, no ``__init__`` (speed only)."""
    scope: dict[str, Any] = {"new": object.__new__, "cls": cls}
    lines = ["def copy(value):", "    out = new(cls)"]
    for i, (name, setter) in enumerate(zip(names, setters, strict=True)):
        scope[f"set{i}"] = setter
        lines.append(f"    set{i}(out, value.{name})")
    lines.append("    return out")
    exec("\n".join(lines), scope)  # field names of an attrs class, checked above
    copy: Callable[[Any], Any] = scope["copy"]
    return copy


def fresh(value: Any) -> Any:
    """A new, equal copy of a frozen attrs value whose fields are immutable (a move); a value
    without fields is returned as it is."""
    copy = _COPIERS.get(type(value))
    if copy is None:
        copy = _COPIERS[type(value)] = _copier(type(value))
    return copy(value)


def fresh_all(values: tuple[Any, ...]) -> tuple[Any, ...]:
    """:func:`fresh` copies of ``values``, in order."""
    copiers = _COPIERS
    try:  # the usual case: every type seen before
        return tuple([copiers[type(value)](value) for value in values])
    except KeyError:
        return tuple([fresh(value) for value in values])


WARM_OBJECTS = 8
"""Game objects a worker process keeps from one task to the next (see :func:`warm`)."""
_WARM: dict[tuple[Any, ...], Any] = {}


def warm(factory: Callable[..., Any], *args: Any) -> Any:
    """The process's one object made by ``factory(*args)`` (hashable ``args``).

    Game objects unpickle through this: every task a worker process receives for the same game
    configuration then finds the same object, with the speed memory the earlier tasks left in
    it, instead of starting cold (game objects hold no game state, so sharing one is safe).
    """
    key = (factory, *args)
    found = _WARM.get(key)
    if found is None:
        found = _keep_warm(key, factory(*args))
    return found


def _keep_warm(key: tuple[Any, ...], game: Any) -> Any:
    """``game`` as the process's warm object of ``key`` (bounded: at WARM_OBJECTS the others
    are forgotten)."""
    if key not in _WARM and len(_WARM) >= WARM_OBJECTS:
        _WARM.clear()
    _WARM[key] = game
    return game


def adopt(game: Any) -> None:
    """Make ``game`` this process's warm object of its configuration, if it pickles through
    :func:`warm`. A worker process forked after this (a ``ProcessPoolExecutor``'s, on Linux)
    inherits it with its speed memory (copy on write), so its first task does not start from
    cold caches; a worker started otherwise builds its own as before. Nothing is shipped."""
    made = game.__reduce__()
    if type(made) is tuple and len(made) == 2 and made[0] is warm:
        _keep_warm(tuple(made[1]), game)


def builder(cls: type) -> Callable[..., Any]:
    """A keyword-only constructor of ``cls`` (every field named; a field with a plain default
    may be left out, so a field added at the end of a state does not change every caller) that
    skips ``__init__`` and its checks where the class allows it: for the states
    a game builds from its own checked values on a hot path, never for input from outside."""
    fields = attrs.fields(cls)
    names = tuple(field.name for field in fields)
    slots = {name for klass in cls.__mro__ for name in getattr(klass, "__slots__", ())}
    setters = [_slot_setter(cls, name) for name in names]
    if not names or not (slots - set(names) <= _SPEED_SLOTS and all(setters)) or not all(
            name.isidentifier() and not name.startswith("_") for name in names):
        return cls
    scope: dict[str, Any] = {"new": object.__new__, "cls": cls}
    params = []
    for i, field in enumerate(fields):
        plain = field.default is not attrs.NOTHING and not hasattr(field.default,
                                                                   "takes_self")  # a Factory
        if plain:
            scope[f"default{i}"] = field.default
        params.append(f"{field.name}=default{i}" if plain else field.name)
    lines = [f"def build(*, {', '.join(params)}):", "    out = new(cls)"]
    for i, (name, setter) in enumerate(zip(names, setters, strict=True)):
        scope[f"set{i}"] = setter
        lines.append(f"    set{i}(out, {name})")
    lines.append("    return out")
    exec("\n".join(lines), scope)  # field names of an attrs class, checked above
    build: Callable[..., Any] = scope["build"]
    return build


_EVOLVERS: dict[type, Callable[[Any, dict[str, Any]], Any]] = {}


def evolve(value: T, **changes: Any) -> T:
    """``attrs.evolve(value, **changes)``, faster: for a frozen slotted attrs class without
    validators, converters or init hooks the new value's slots are set directly (no
    ``__init__``); any other class goes through ``attrs.evolve`` itself, and so does a change
    that names no field (which raises as ``attrs.evolve`` does). For the states a game
    builds from its own checked values on a hot path, never for input from outside."""
    make = _EVOLVERS.get(type(value))
    if make is None:
        make = _EVOLVERS[type(value)] = _evolver(type(value))
    made: T = make(value, changes)
    return made


def _evolver(cls: type) -> Callable[[Any, dict[str, Any]], Any]:
    def general(value: Any, changes: dict[str, Any]) -> Any:
        return attrs.evolve(value, **changes)

    fields = attrs.fields(cls)
    names = tuple(field.name for field in fields)
    slots = {name for klass in cls.__mro__ for name in getattr(klass, "__slots__", ())}
    setters = [_slot_setter(cls, name) for name in names]
    if (not names or not (slots - set(names) <= _SPEED_SLOTS and all(setters))
            or hasattr(cls, "__attrs_post_init__") or hasattr(cls, "__attrs_pre_init__")
            or not all(field.validator is None and field.converter is None and field.init
                       and field.alias == field.name and field.name.isidentifier()
                       and not field.name.startswith("_") for field in fields)):
        return general
    scope: dict[str, Any] = {"new": object.__new__, "cls": cls, "known": frozenset(names),
                             "general": general}
    lines = ["def make(value, changes):",
             "    if not changes.keys() <= known:",
             "        return general(value, changes)",
             "    out = new(cls)"]
    for i, (name, setter) in enumerate(zip(names, setters, strict=True)):
        scope[f"set{i}"] = setter
        lines.append(f"    set{i}(out, changes[{name!r}] if {name!r} in changes else value.{name})")
    lines.append("    return out")
    exec("\n".join(lines), scope)  # field names of an attrs class, checked above
    make: Callable[[Any, dict[str, Any]], Any] = scope["make"]
    return make
