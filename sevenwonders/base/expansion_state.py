"""What an expansion may keep in a base-game state: :class:`ExpansionState`, and the registry
that lets each expansion's state round-trip through JSON under its name."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import attrs
from cattrs.gen import make_dict_unstructure_fn

from sevenwonders.core.expansions import EXPANSIONS, expansion_spec
from sevenwonders.core.serialization import converter, plain_structure_fn
from sevenwonders.errors import SerializationError


@attrs.frozen(slots=True)
class ExpansionState:
    """Base class of the state an expansion keeps inside ``BaseState.expansions``."""


_TAG = "expansion"
# name -> (class, unstructure, structure) with the generated plain functions of the class
_STATE_TYPES: dict[str, tuple[type[ExpansionState], Any, Any]] = {}


def register_expansion_state(name: str, cls: type[ExpansionState]) -> None:
    """Let ``cls`` round-trip through JSON as an ``ExpansionState`` tagged ``name``."""
    plain_out = make_dict_unstructure_fn(cls, converter)
    plain_in = plain_structure_fn(cls)
    _STATE_TYPES[name] = (cls, plain_out, plain_in)
    converter.register_unstructure_hook(cls, _unstructure_state)
    converter.register_structure_hook(cls, _structure_state)


def _unstructure_state(obj: ExpansionState) -> Any:
    for name, (cls, plain_out, _) in _STATE_TYPES.items():
        if type(obj) is cls:
            return {_TAG: name, **plain_out(obj)}
    raise SerializationError(f"expansion state {type(obj).__name__} is not registered")


def _load_expansion(name: object) -> None:
    """Import the expansion called ``name`` through the table of expansions
    (:mod:`sevenwonders.core.expansions`; its module registers its state type), so a document
    loads in a fresh process."""
    if type(name) is str and name not in _STATE_TYPES and name in EXPANSIONS:
        expansion_spec(name).load()


def _structure_state(data: Any, _: Any) -> ExpansionState:
    if isinstance(data, Mapping):
        _load_expansion(data.get(_TAG))
    if not isinstance(data, Mapping) or data.get(_TAG) not in _STATE_TYPES:
        raise SerializationError(
            f"an expansion state needs an '{_TAG}' field naming one of "
            f"{sorted(_STATE_TYPES)}"
        )
    cls, _, plain_in = _STATE_TYPES[data[_TAG]]
    result: ExpansionState = plain_in({k: v for k, v in data.items() if k != _TAG}, cls)
    return result


converter.register_unstructure_hook(ExpansionState, _unstructure_state)
converter.register_structure_hook(ExpansionState, _structure_state)


def expansion_name(state: ExpansionState) -> str | None:
    """The registered name of an expansion's state object (None if it is not registered)."""
    for name, (cls, _, _) in _STATE_TYPES.items():
        if type(state) is cls:
            return name
    return None
