"""The one registry: every game and expansion by name, each described by its package's spec.

A game lives in its own package with a ``spec.py`` (:class:`~sevenwonders.core.spec.GameSpec`:
class, kind, determinizer, heuristic, choice details, terminal renderer, agent presets, seat
labels); adding one touches only that package and one line of :data:`GAMES`. Agents, frontends,
the command line and the simulator find every part through :func:`spec_of`. The expansions'
table (:data:`EXPANSIONS`, :func:`expansion_spec`, :func:`make_expansion`) lives in
:mod:`sevenwonders.core.expansions`, below the games, and is re-exported here. Nothing is imported
until asked for: importing this module imports no game, and one game's import cost is not paid
by another.

Options may come from files (records) or the command line, so every way a constructor can
refuse them ends in :class:`~sevenwonders.errors.InvalidOptionError`.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from pathlib import PurePath
from typing import TYPE_CHECKING, Any

from sevenwonders.core.expansions import EXPANSIONS, expansion_spec, make_expansion
from sevenwonders.core.options import construct
from sevenwonders.core.spec import spec_named
from sevenwonders.errors import InvalidOptionError, Reason

if TYPE_CHECKING:
    from sevenwonders.core.protocol import Game, GameInfo
    from sevenwonders.core.spec import GameSpec

# game name -> the module holding its SPEC
GAMES: dict[str, str] = {
    "base": "sevenwonders.base.spec",
    "architects": "sevenwonders.architects.spec",
    "dice": "sevenwonders.dice.spec",
}


def spec(name: str) -> GameSpec:
    """The spec of the game called ``name`` (in any letter case); :class:`InvalidOptionError`
    for an unknown name."""
    found: GameSpec = spec_named(GAMES, name, "game")
    return found


def spec_of(game: Game[Any, Any, Any]) -> GameSpec | None:
    """The spec of ``game`` (by its name), or ``None`` for a game the registry does not list
    (one a user wrote against the protocol: agents and frontends then use generic parts)."""
    name = getattr(game, "name", None)
    return spec(name) if isinstance(name, str) and name in GAMES else None


def part_of(game: Game[Any, Any, Any], part: str) -> Any:
    """The part ``part`` of ``game``'s spec (``"determinizer"``, ``"heuristic"``...), imported
    now, or ``None`` if the game has none or is not registered."""
    found = spec_of(game)
    return None if found is None else found.load(part)


def game_info(name: str) -> GameInfo:
    """What the game called ``name`` declares (players, turns, hidden information, chance)."""
    return spec(name).info


# the built-in data sets an option naming a file may name instead (records never name files)
BUILT_IN_NAMES = ("default",)


def refuse_file_options(name: str, options: Mapping[str, Any]) -> None:
    """Refuse an option of game ``name`` that names a file (records carry data, not paths):
    only a built-in name (``"default"``) or the data itself may stand there. Which options
    name files, the game's spec says (``file_options``)."""
    for option in spec(name).file_options:
        value = options.get(option)
        if isinstance(value, str | PurePath) and value not in BUILT_IN_NAMES:
            raise InvalidOptionError(
                f"option {option} of {name} names a file; a record carries the data itself "
                f"or the name of a built-in set ({', '.join(BUILT_IN_NAMES)})",
                reason=Reason.NOT_A_FILE)


class AgentPresets(Mapping[str, Mapping[str, object]]):
    """Game name -> the option values ``agent`` takes in that game when a user leaves them out,
    read from the specs on use (only games with presets for ``agent`` are listed)."""

    def __init__(self, agent: str) -> None:
        self.agent = agent

    def __getitem__(self, name: str) -> Mapping[str, object]:
        if name not in GAMES or self.agent not in spec(name).presets:
            raise KeyError(name)
        return spec(name).presets[self.agent]

    def __iter__(self) -> Iterator[str]:
        return (name for name in GAMES if self.agent in spec(name).presets)

    def __len__(self) -> int:
        return sum(1 for _ in self)


def _expansions(value: Any) -> tuple[Any, ...]:
    """Expansions given as objects, names, or a mapping of name to options (as
    ``BaseGame.options()`` writes them)."""
    from sevenwonders.base.tables import Expansion

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
    entry = spec(name)
    name = name.casefold()
    if isinstance(players, bool) or not isinstance(players, int):
        raise InvalidOptionError(f"players must be an integer, not {players!r}")
    if options.get("expansions"):
        options["expansions"] = _expansions(options["expansions"])
        for expansion in options["expansions"]:
            extends = expansion_spec(expansion.name).extends if (
                expansion.name in EXPANSIONS) else None
            if extends is not None and extends != name:
                raise InvalidOptionError(
                    f"bad expansions for {name}: {expansion.name} is an expansion of {extends}")
    else:
        options.pop("expansions", None)
    cls = entry.load("game")
    game: Game[Any, Any, Any] = construct(cls, f"game {name}", {"players": players, **options})
    return game


__all__ = [
    "AgentPresets", "BUILT_IN_NAMES", "EXPANSIONS", "GAMES", "expansion_spec", "game_info",
    "make_expansion", "make_game", "part_of", "refuse_file_options", "spec", "spec_of",
]
