"""Games and expansions by name, for the command line, records and the simulator.

Each entry is imported only when asked for, so one game's import cost is not paid by another.
Options may come from files (records) or the command line, so every way a constructor can
refuse them ends in :class:`~sevenwonders.errors.InvalidOptionError`.
"""

from __future__ import annotations

import importlib
import inspect
from collections.abc import Callable, Mapping, Sequence
from pathlib import PurePath
from typing import Any

from sevenwonders.core.game import Game
from sevenwonders.errors import InvalidOptionError, Reason, SevenWondersError

# name -> (module, class)
GAMES: dict[str, tuple[str, str]] = {
    "base": ("sevenwonders.base.game", "BaseGame"),
    "architects": ("sevenwonders.architects.game", "ArchitectsGame"),
    "dice": ("sevenwonders.dice.game", "DiceGame"),
}

# expansions of the base game: name -> (module, class)
EXPANSIONS: dict[str, tuple[str, str]] = {
    "edifice": ("sevenwonders.edifice", "Edifice"),
}


# options that would name a file on this machine: never taken from a record or a stranger
FILE_OPTIONS: dict[str, tuple[str, ...]] = {"dice": ("sheets",)}
BUILT_IN_NAMES = ("default",)


def refuse_file_options(name: str, options: Mapping[str, Any]) -> None:
    """Refuse an option of game ``name`` that names a file (records carry data, not paths):
    only a built-in name (``"default"``) or the data itself may stand there."""
    for option in FILE_OPTIONS.get(name, ()):
        value = options.get(option)
        if isinstance(value, str | PurePath) and value not in BUILT_IN_NAMES:
            raise InvalidOptionError(
                f"option {option} of {name} names a file; a record carries the data itself "
                f"or the name of a built-in set ({', '.join(BUILT_IN_NAMES)})",
                reason=Reason.NOT_A_FILE)


def _construct(cls: Callable[..., Any], what: str, options: dict[str, Any]) -> Any:
    """``cls(**options)``, turning a signature mismatch or a crash on a badly typed option into
    :class:`InvalidOptionError`."""
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


def make_expansion(name: str, options: Mapping[str, Any] | None = None) -> Any:
    """The expansion called ``name`` (see :data:`EXPANSIONS`) built from its options."""
    if not isinstance(name, str) or name not in EXPANSIONS:
        raise InvalidOptionError(
            f"unknown expansion {name!r}; known: {', '.join(sorted(EXPANSIONS))}")
    if options is None:
        options = {}
    if not isinstance(options, Mapping):
        raise InvalidOptionError(f"the options of {name} must be an object, not {options!r}")
    module_name, class_name = EXPANSIONS[name]
    cls = getattr(importlib.import_module(module_name), class_name)
    return _construct(cls, f"expansion {name}", dict(options))


def _expansions(value: Any) -> tuple[Any, ...]:
    """Expansions given as objects, names, or a mapping of name to options (as
    ``BaseGame.options()`` writes them)."""
    from sevenwonders.base.hooks import Expansion

    if isinstance(value, Mapping):
        return tuple(make_expansion(name, options) for name, options in value.items())
    if isinstance(value, Sequence) and not isinstance(value, str):
        built = tuple(make_expansion(item) if isinstance(item, str) else item for item in value)
        if all(isinstance(item, Expansion) for item in built):
            return built
    raise InvalidOptionError(
        f"expansions must be a list of names or Expansion objects, or a mapping of name to "
        f"options, not {value!r}")


def make_game(name: str, players: int, **options: Any) -> Game[Any, Any, Any]:
    """Build the game called ``name`` (see :data:`GAMES`) for ``players`` seats.

    ``options`` are the game's own; ``expansions`` may name expansions instead of building them:
    ``make_game("base", 5, expansions=["edifice"])``.
    """
    if not isinstance(name, str) or name not in GAMES:
        raise InvalidOptionError(
            f"unknown game {name!r}; choose one of {', '.join(sorted(GAMES))}"
        )
    if isinstance(players, bool) or not isinstance(players, int):
        raise InvalidOptionError(f"players must be an integer, not {players!r}")
    if options.get("expansions"):
        options["expansions"] = _expansions(options["expansions"])
    else:
        options.pop("expansions", None)
    module_name, class_name = GAMES[name]
    cls = getattr(importlib.import_module(module_name), class_name)
    game: Game[Any, Any, Any] = _construct(cls, f"game {name}", {"players": players, **options})
    return game
