"""The fast reader of a base-game state's document, for loading speed only.

``from_json`` of a :class:`~sevenwonders.base.state.BaseState` tries :func:`read_state` first
(:mod:`sevenwonders.base.validation` registers it with the load check). It reads the parsed
document the way ``to_json`` writes it (every field present, in JSON's own types) and builds
the state with the strict converter's type tests written out (an ``int`` exactly, of at most
:data:`~sevenwonders.core.limits.MAX_INT_BITS` bits; a ``str`` or ``bool`` exactly; arrays as
lists), in code that compiles. It returns ``None`` for anything else: another layout, a field
missing or extra, a value of another type, an error of any kind. The load then runs the full
path (the strict converter, which says what is wrong), so the refusals and their errors stay
the converter's; the load check's invariants run on what this builds, as on what the
converter builds. So this module only has to build what the converter builds and accept
nothing it refuses: the tests check both over every state of random games and edited
documents.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

import attrs

from sevenwonders.base.expansion_state import _STATE_TYPES, _TAG, ExpansionState
from sevenwonders.base.recall import Recall
from sevenwonders.base.state import BaseState, City, Pending, PendingKind, TurnMarks
from sevenwonders.core.inline import setters_in_order
from sevenwonders.core.limits import MAX_INT_BITS
from sevenwonders.core.rng import Rng
from sevenwonders.core.serialization import converter


class Declined(Exception):
    """The fast reader does not take this document (the full path decides)."""


_SMALL: Final = 1 << 30
"""Integers of fewer bits than this are read without measuring them (a constant the compiled
build holds as a plain number)."""
_KINDS: dict[str, PendingKind] = {kind.value: kind for kind in PendingKind}
_STATE_KEYS: Final = 15
_CITY_KEYS = 9


_STATE_NAMES: Final = ("players", "age", "turn", "cities", "hands", "decks", "discard",
                       "rng", "pending", "marks", "deferred", "over", "age_ending",
                       "expansions", "memory")
_CITY_NAMES = ("wonder", "side", "coins", "cards", "stages", "tucked", "tokens",
               "free_build_age", "stage_choices")
# Whether each class may be built by setting its slots by name (what its generated __init__
# does: core.inline.direct_setters says when), its fields the names the reader sets, in order;
# else by __init__.
_STATE_BY_SLOTS = setters_in_order(BaseState, _STATE_NAMES) is not None
_CITY_BY_SLOTS = setters_in_order(City, _CITY_NAMES) is not None
_MARKS_BY_SLOTS = setters_in_order(TurnMarks, ("built", "stages", "income")) is not None
_RECALL_BY_SLOTS = setters_in_order(Recall, ("trails", "discards", "_step")) is not None
_RNG_BY_SLOTS = setters_in_order(Rng, ("state",)) is not None
_new = object.__new__


def _built(cls: type, setters: tuple[Any, ...] | None, values: tuple[Any, ...]) -> Any:
    """A ``cls`` of ``values`` (its fields in order), set slot by slot where ``setters`` are
    given (what ``__init__`` does, without the call), else by ``__init__``."""
    if setters is None:
        return cls(*values)
    out: Any = _new(cls)
    for i in range(len(setters)):  # (as many as the values: the plan's)
        setters[i](out, values[i])
    return out


def _int(value: Any) -> int:
    if type(value) is not int:
        raise Declined
    number: int = value
    if -_SMALL < number < _SMALL or number.bit_length() <= MAX_INT_BITS:
        return number  # (at most MAX_INT_BITS bits, the converter's bound)
    raise Declined


def _bool(value: Any) -> bool:
    if type(value) is not bool:
        raise Declined
    flag: bool = value
    return flag


def _str(value: Any) -> str:
    if type(value) is not str:
        raise Declined
    text: str = value
    return text


def _list(value: Any) -> list[Any]:
    if type(value) is not list:
        raise Declined
    items: list[Any] = value
    return items


def _dict(value: Any, size: int) -> dict[str, Any]:
    if type(value) is not dict:
        raise Declined
    fields: dict[str, Any] = value
    if len(fields) != size:
        raise Declined
    return fields


def _strs(value: Any) -> tuple[str, ...]:
    items = _list(value)
    for item in items:
        if type(item) is not str:
            raise Declined
    return tuple(items)


def _ints(value: Any) -> tuple[int, ...]:
    items = _list(value)
    for item in items:
        _int(item)
    return tuple(items)


def _str_lists(value: Any) -> tuple[tuple[str, ...], ...]:
    return tuple([_strs(item) for item in _list(value)])


def _city(value: Any) -> City:
    o = _dict(value, _CITY_KEYS)
    wonder, side, coins = _str(o["wonder"]), _str(o["side"]), _int(o["coins"])
    cards, stages, tucked = _strs(o["cards"]), _int(o["stages"]), _strs(o["tucked"])
    tokens, free_build_age = _ints(o["tokens"]), _int(o["free_build_age"])
    stage_choices = _ints(o["stage_choices"])
    if not _CITY_BY_SLOTS:
        return City(wonder, side, coins, cards, stages, tucked, tokens, free_build_age,
                    stage_choices)
    city: City = _new(City)  # (its slots set by name: one C call each, compiled)
    object.__setattr__(city, "wonder", wonder)
    object.__setattr__(city, "side", side)
    object.__setattr__(city, "coins", coins)
    object.__setattr__(city, "cards", cards)
    object.__setattr__(city, "stages", stages)
    object.__setattr__(city, "tucked", tucked)
    object.__setattr__(city, "tokens", tokens)
    object.__setattr__(city, "free_build_age", free_build_age)
    object.__setattr__(city, "stage_choices", stage_choices)
    return city


def _pending(value: Any) -> Pending:
    o = _dict(value, 3)
    kind = o["kind"]
    if type(kind) is not str or kind not in _KINDS:
        raise Declined
    return Pending(_int(o["seat"]), _KINDS[kind], _str(o["detail"]))


def _marks(value: Any) -> TurnMarks:
    o = _dict(value, 3)
    built, stages, income = _strs(o["built"]), _int(o["stages"]), _int(o["income"])
    if not _MARKS_BY_SLOTS:
        return TurnMarks(built, stages, income)
    marks: TurnMarks = _new(TurnMarks)
    object.__setattr__(marks, "built", built)
    object.__setattr__(marks, "stages", stages)
    object.__setattr__(marks, "income", income)
    return marks


def _deferred(value: Any) -> tuple[int, str]:
    pair = _list(value)
    if len(pair) != 2:
        raise Declined
    return (_int(pair[0]), _str(pair[1]))


def _entry(value: Any) -> tuple[int, tuple[str, ...], tuple[str, ...]]:
    triple = _list(value)
    if len(triple) != 3:
        raise Declined
    return (_int(triple[0]), _strs(triple[1]), _strs(triple[2]))


def _memory(value: Any) -> Recall | None:
    if value is None:
        return None
    o = _dict(value, 2)
    trails = tuple([tuple([_entry(entry) for entry in _list(trail)])
                    for trail in _list(o["trails"])])
    discards = _str_lists(o["discards"])
    if not _RECALL_BY_SLOTS:
        return Recall(trails, discards)
    recall: Recall = _new(Recall)
    object.__setattr__(recall, "trails", trails)
    object.__setattr__(recall, "discards", discards)
    object.__setattr__(recall, "_step", None)
    return recall


def _int_lists(value: Any) -> tuple[tuple[int, ...], ...]:
    return tuple([_ints(item) for item in _list(value)])


_READERS: dict[object, Callable[[Any], Any]] = {
    int: _int, str: _str, bool: _bool, tuple[int, ...]: _ints, tuple[str, ...]: _strs,
    tuple[tuple[int, ...], ...]: _int_lists, tuple[tuple[str, ...], ...]: _str_lists}
"""The reader of each field type an expansion's state may have (a type not here: the
converter's hook reads that expansion's state)."""
_EXPANSION_HOOK = converter.get_structure_hook(ExpansionState)
_PLANS: dict[type, tuple[tuple[Any, ...] | None, tuple[tuple[str, Any], ...]] | None] = {}
"""Per expansion state class: its slots' setters and its fields' names and readers (``None``:
a class with a field this module does not read)."""


def _plan(cls: type) -> tuple[tuple[Any, ...] | None, tuple[tuple[str, Any], ...]] | None:
    if cls in _PLANS:
        return _PLANS[cls]
    fields = attrs.fields(attrs.resolve_types(cls))
    readers = tuple([(field.name, _READERS.get(field.type)) for field in fields])
    plan = None
    if all(field.init and field.alias == field.name and field.converter is None
           and field.default is attrs.NOTHING for field in fields) and all(
            read is not None for _, read in readers):
        plan = (setters_in_order(cls, tuple(name for name, _ in readers)), readers)
    _PLANS[cls] = plan
    return plan


def _expansion(value: Any) -> ExpansionState:
    """An expansion's state, tagged with the name its class is registered under: read field
    by field where its fields are of the types above (every field present, no other key),
    else by the converter's own hook (each expansion registers its class)."""
    if type(value) is not dict:
        raise Declined
    o: dict[str, Any] = value
    tag = o.get(_TAG)
    entry = _STATE_TYPES.get(tag) if type(tag) is str else None
    if entry is None:
        raise Declined
    cls = entry[0]
    plan = _plan(cls)
    if plan is None:
        state: ExpansionState = _EXPANSION_HOOK(value, ExpansionState)
        return state
    setters, readers = plan
    if len(o) != len(readers) + 1:
        raise Declined
    values = tuple([read(o[name]) for name, read in readers])
    built: ExpansionState = _built(cls, setters, values)
    return built


def _expansions(value: Any) -> tuple[ExpansionState, ...]:
    return tuple([_expansion(item) for item in _list(value)])


def _rng(value: Any) -> Rng:
    state = _int(_dict(value, 1)["state"])
    if not _RNG_BY_SLOTS:
        return Rng(state)
    rng: Rng = _new(Rng)
    object.__setattr__(rng, "state", state)
    return rng


def _read(data: Any) -> BaseState:
    o = _dict(data, _STATE_KEYS)
    values = (_int(o["players"]), _int(o["age"]), _int(o["turn"]),
              tuple([_city(city) for city in _list(o["cities"])]), _str_lists(o["hands"]),
              _str_lists(o["decks"]), _strs(o["discard"]), _rng(o["rng"]),
              tuple([_pending(item) for item in _list(o["pending"])]),
              tuple([_marks(item) for item in _list(o["marks"])]),
              tuple([_deferred(item) for item in _list(o["deferred"])]), _bool(o["over"]),
              _bool(o["age_ending"]), _expansions(o["expansions"]), _memory(o["memory"]))
    if not _STATE_BY_SLOTS:
        return BaseState(*values)
    state: BaseState = _new(BaseState)  # (its slots set by name: one C call each, compiled)
    for i in range(_STATE_KEYS):
        object.__setattr__(state, _STATE_NAMES[i], values[i])
    return state


def read_state(data: object) -> BaseState | None:
    """The state the strict converter builds of ``data`` (a parsed document), when it is
    written the way ``to_json`` writes a state; ``None`` for any other (the converter then
    builds or refuses it, as always)."""
    try:
        return _read(data)
    except Exception:  # (anything unexpected: the full path decides)
        return None


__all__ = ["Declined", "read_state"]
