"""The states and cities of the hot path, built from named fields without ``__init__``.

attrs' ``__init__`` of a frozen class sets each field through ``object.__setattr__``; the fast
turn builds its states and cities only from values the rules made or checked, so it sets their
slots directly, every field named. Written out (not generated) so that the compiled build
compiles them; the field lists are checked against the classes at import. Interpreted, each
slot's own setter is the quicker call; compiled, ``object.__setattr__`` with the field's name
written out is one call of the C function behind it (mypyc's translation), where a setter is
a Python-level call: the build in use chooses (:data:`BY_NAME`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

import attrs

from sevenwonders.base.expansion_state import ExpansionState
from sevenwonders.base.recall import Recall
from sevenwonders.base.state import BaseState, City, Pending, TurnMarks
from sevenwonders.buildinfo import compiled
from sevenwonders.core.rng import Rng

Setter = Callable[[Any, Any], None]

BY_NAME: Final = compiled
"""Whether the slots are set through ``object.__setattr__`` by name (the compiled build) rather
than through each slot's own setter."""

_STATE_FIELDS: Final = ("players", "age", "turn", "cities", "hands", "decks", "discard", "rng",
                        "pending", "marks", "deferred", "over", "age_ending", "expansions",
                        "memory")
_CITY_FIELDS: Final = ("wonder", "side", "coins", "cards", "stages", "tucked", "tokens",
                       "free_build_age", "stage_choices")
if (tuple(f.name for f in attrs.fields(BaseState)) != _STATE_FIELDS
        or tuple(f.name for f in attrs.fields(City)) != _CITY_FIELDS):
    raise ImportError("base/fast/values.py: the field lists no longer match the classes")


def _setters(cls: type, names: tuple[str, ...]) -> tuple[Setter, ...]:
    """Each named slot's own setter (the classes are frozen: no ``__setattr__``)."""
    found: list[Setter] = []
    for name in names:
        for klass in cls.__mro__:
            if name in klass.__dict__:
                found.append(klass.__dict__[name].__set__)
                break
    return tuple(found)


_new: Final = object.__new__
_STATE_SET: Final = _setters(BaseState, _STATE_FIELDS)
_CITY_SET: Final = _setters(City, _CITY_FIELDS)
# (one constant per slot: the compiled build reads a constant without a lookup)
_players: Final = _STATE_SET[0]
_age: Final = _STATE_SET[1]
_turn: Final = _STATE_SET[2]
_cities: Final = _STATE_SET[3]
_hands: Final = _STATE_SET[4]
_decks: Final = _STATE_SET[5]
_discard: Final = _STATE_SET[6]
_rng: Final = _STATE_SET[7]
_pending: Final = _STATE_SET[8]
_marks: Final = _STATE_SET[9]
_deferred: Final = _STATE_SET[10]
_over: Final = _STATE_SET[11]
_age_ending: Final = _STATE_SET[12]
_expansions: Final = _STATE_SET[13]
_memory: Final = _STATE_SET[14]
_wonder: Final = _CITY_SET[0]
_side: Final = _CITY_SET[1]
_coins: Final = _CITY_SET[2]
_cards: Final = _CITY_SET[3]
_stages: Final = _CITY_SET[4]
_tucked: Final = _CITY_SET[5]
_tokens: Final = _CITY_SET[6]
_free_build_age: Final = _CITY_SET[7]
_stage_choices: Final = _CITY_SET[8]


def make_state(*, players: int, age: int, turn: int, cities: tuple[City, ...],
               hands: tuple[tuple[str, ...], ...], decks: tuple[tuple[str, ...], ...],
               discard: tuple[str, ...], rng: Rng, pending: tuple[Pending, ...] = (),
               marks: tuple[TurnMarks, ...] = (), deferred: tuple[tuple[int, str], ...] = (),
               over: bool = False, age_ending: bool = False,
               expansions: tuple[ExpansionState, ...] = (),
               memory: Recall | None = None) -> BaseState:
    """``BaseState(...)`` with every field named, without ``__init__``."""
    out: BaseState = _new(BaseState)
    if BY_NAME:
        object.__setattr__(out, "players", players)
        object.__setattr__(out, "age", age)
        object.__setattr__(out, "turn", turn)
        object.__setattr__(out, "cities", cities)
        object.__setattr__(out, "hands", hands)
        object.__setattr__(out, "decks", decks)
        object.__setattr__(out, "discard", discard)
        object.__setattr__(out, "rng", rng)
        object.__setattr__(out, "pending", pending)
        object.__setattr__(out, "marks", marks)
        object.__setattr__(out, "deferred", deferred)
        object.__setattr__(out, "over", over)
        object.__setattr__(out, "age_ending", age_ending)
        object.__setattr__(out, "expansions", expansions)
        object.__setattr__(out, "memory", memory)
        return out
    _players(out, players)
    _age(out, age)
    _turn(out, turn)
    _cities(out, cities)
    _hands(out, hands)
    _decks(out, decks)
    _discard(out, discard)
    _rng(out, rng)
    _pending(out, pending)
    _marks(out, marks)
    _deferred(out, deferred)
    _over(out, over)
    _age_ending(out, age_ending)
    _expansions(out, expansions)
    _memory(out, memory)
    return out


def make_city(*, wonder: str, side: str, coins: int, cards: tuple[str, ...] = (),
              stages: int = 0, tucked: tuple[str, ...] = (), tokens: tuple[int, ...] = (),
              free_build_age: int = 0, stage_choices: tuple[int, ...] = ()) -> City:
    """``City(...)`` with every field named, without ``__init__``."""
    out: City = _new(City)
    if BY_NAME:
        object.__setattr__(out, "wonder", wonder)
        object.__setattr__(out, "side", side)
        object.__setattr__(out, "coins", coins)
        object.__setattr__(out, "cards", cards)
        object.__setattr__(out, "stages", stages)
        object.__setattr__(out, "tucked", tucked)
        object.__setattr__(out, "tokens", tokens)
        object.__setattr__(out, "free_build_age", free_build_age)
        object.__setattr__(out, "stage_choices", stage_choices)
        return out
    _wonder(out, wonder)
    _side(out, side)
    _coins(out, coins)
    _cards(out, cards)
    _stages(out, stages)
    _tucked(out, tucked)
    _tokens(out, tokens)
    _free_build_age(out, free_build_age)
    _stage_choices(out, stage_choices)
    return out
