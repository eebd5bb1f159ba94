"""The checks every game's options share: unknown names, exact types, bounded numbers.

Each game's ``options`` module checks its own options with these, so the same mistake gets the
same error everywhere: :class:`~sevenwonders.errors.InvalidOptionError` naming the option.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Collection, Mapping
from typing import Any

from sevenwonders.core.limits import quote
from sevenwonders.errors import InvalidOptionError, SevenWondersError


def construct(cls: Callable[..., Any], what: str, options: dict[str, Any]) -> Any:
    """``cls(**options)`` for a game or an expansion named ``what``, turning a signature mismatch
    or a crash on a badly typed option into :class:`InvalidOptionError` (options may come from
    files and command lines)."""
    try:
        inspect.signature(cls).bind(**options)
    except TypeError as error:
        raise InvalidOptionError(f"bad options for {what}: {error}") from None
    try:
        return cls(**options)
    except SevenWondersError:
        raise
    except (TypeError, ValueError, KeyError, AttributeError, IndexError) as error:
        raise InvalidOptionError(
            f"bad options for {what}: {type(error).__name__}: {error}") from None


def refuse_unknown(what: str, given: Mapping[str, Any], known: Collection[str]) -> None:
    """:class:`InvalidOptionError` naming the first option of ``given`` not in ``known``."""
    unknown = sorted(name for name in given if name not in known)
    if unknown:
        raise InvalidOptionError(f"bad options for {what}: unknown option {quote(unknown[0])}; "
                                 f"the options are {', '.join(sorted(known))}")


def checked_choice(name: str, value: object, choices: tuple[Any, ...]) -> Any:
    """``value`` if it is one of ``choices`` with exactly its type (``True`` is not ``1``)."""
    if not any(type(value) is type(choice) and value == choice for choice in choices):
        raise InvalidOptionError(f"option {name} must be one of "
                                 f"{', '.join(map(repr, choices))}, not {quote(value)}")
    return value


def checked_int(name: str, value: object, low: int, high: int) -> int:
    """``value`` if it is an ``int`` (not a ``bool``) from ``low`` to ``high``."""
    if type(value) is not int or not low <= value <= high:
        raise InvalidOptionError(f"option {name} must be a whole number from {low} to {high}, "
                                 f"not {quote(value)}")
    return value


def checked_bool(name: str, value: object) -> bool:
    """``value`` if it is exactly ``True`` or ``False``."""
    if type(value) is not bool:
        raise InvalidOptionError(f"option {name} must be true or false, not {quote(value)}")
    return value


def checked_mapping(name: str, value: object) -> dict[Any, Any]:
    """``value`` (``None``: empty) as a dict if it is a mapping (what the position builders
    take by seat or by name)."""
    if value is None:
        return {}
    if not isinstance(value, Mapping):
        raise InvalidOptionError(f"{name} must be a mapping, not {quote(value)}")
    return dict(value)


def checked_items(name: str, value: object, kind: type) -> tuple[Any, ...]:
    """``value`` as a tuple if it is a list or tuple of exactly ``kind`` values (not a text,
    whose letters would pass for items)."""
    if not isinstance(value, list | tuple) or not all(type(v) is kind for v in value):
        raise InvalidOptionError(f"{name} must be a list of {kind.__name__} values, not "
                                 f"{quote(value)}")
    return tuple(value)


__all__ = ["checked_bool", "checked_choice", "checked_int", "checked_items", "checked_mapping",
           "refuse_unknown"]
