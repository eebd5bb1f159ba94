"""What the registry, the agents and the frontends need to know of a game, in one place.

Each game package has a ``spec.py`` holding one :class:`GameSpec` (an expansion: one
:class:`ExpansionSpec`) named ``SPEC``; :mod:`sevenwonders.games` finds it by the package's
name. A spec names its parts as ``"module:attribute"`` strings and imports nothing heavy, so
reading a spec costs nothing and a part is imported only when something uses it (the terminal
renderer only in the terminal, the heuristic only for a bot that needs one).
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from typing import Any

import attrs

from sevenwonders.core.frozenmap import FrozenMap
from sevenwonders.core.protocol import GameInfo
from sevenwonders.errors import InvalidOptionError


def resolve(ref: str) -> Any:
    """The object a ``"module:attribute"`` reference names (a bare ``"module"``: the module)."""
    module_name, _, attribute = ref.partition(":")
    module = importlib.import_module(module_name)
    return getattr(module, attribute) if attribute else module


def spec_named(table: Mapping[str, str], name: object, kind: str) -> Any:
    """The ``SPEC`` of the module ``table`` lists for ``name`` (in any letter case), imported
    now; for an unknown name, :class:`InvalidOptionError` listing the known ones."""
    key = name.casefold() if isinstance(name, str) else name
    if not isinstance(key, str) or key not in table:
        raise InvalidOptionError(
            f"unknown {kind} {name!r}; choose one of {', '.join(sorted(table))}")
    return importlib.import_module(table[key]).SPEC


def _frozen_refs(value: Mapping[str, str]) -> FrozenMap[str, str]:
    return FrozenMap(dict(value))


def _frozen_presets(value: Mapping[str, Mapping[str, object]]) -> FrozenMap[str, Any]:
    return FrozenMap({agent: FrozenMap(dict(options)) for agent, options in value.items()})


def _frozen_parameters(value: Mapping[str, object]) -> FrozenMap[str, object]:
    return FrozenMap(dict(value))


@attrs.frozen(slots=True, kw_only=True)
class SpielSpec:
    """How the OpenSpiel adapter (:mod:`sevenwonders.openspiel`) registers a game: its own
    parameters with their defaults (the adapter adds ``seeds`` and ``reward``), a generous bound
    on a game's moves, and ``options`` (``(parameters) -> the game's options``; ``None``: the
    game takes none of them as options)."""

    parameters: Mapping[str, object] = attrs.field(converter=_frozen_parameters)
    max_game_length: int
    options: str | None = None


@attrs.frozen(slots=True, kw_only=True)
class GameSpec:
    """A game's entry in the registry.

    ``game`` names the class (built as ``cls(players=N, **options)``); the other references are
    optional and ``None`` means the library's generic fallback: ``determinizer``
    (``(game, view, rng) -> (state, rng)``, for search agents), ``heuristic`` (a module, see
    :mod:`sevenwonders.agents.heuristics`), ``choices`` (``(game, state, seat) -> details`` for
    frontends), ``renderer`` (``(game, view, details) -> str`` for the terminal client),
    ``seat_labels`` (``(state) -> one label per seat`` for result tables). ``presets`` maps an
    agent's name to the option values it takes in this game when the user leaves them out.
    ``adapters`` names the parts optional adapters build from (``"rl.observations"``: the
    observation encoder class, ``"rl.actions"``: ``(game) -> ActionIndex``,
    ``"rl.actions.full"``: the same with one action per payment, ``"rl.actions.factored"``:
    the same with payments chosen in a second step; ``"server.catalog"``:
    ``(game) -> the box's contents`` for the web client); a game without them is not offered by
    that adapter, or gets its generic part. ``file_options`` are the options that may name a
    file on this machine (a record or a stranger may not set them to a path). ``openspiel``:
    how OpenSpiel registers the game (``None``: it does not).
    """

    info: GameInfo
    game: str
    determinizer: str | None = None
    heuristic: str | None = None
    choices: str | None = None
    renderer: str | None = None
    seat_labels: str | None = None
    presets: Mapping[str, Mapping[str, object]] = attrs.field(
        factory=dict, converter=_frozen_presets)
    adapters: Mapping[str, str] = attrs.field(factory=dict, converter=_frozen_refs)
    file_options: tuple[str, ...] = ()
    openspiel: SpielSpec | None = None

    @property
    def name(self) -> str:
        """The game's registry name, from its :class:`GameInfo`."""
        return self.info.name

    def load(self, part: str) -> Any:
        """The object the reference ``part`` names (``"game"``, ``"determinizer"``...), or
        ``None`` if this game has none."""
        ref = getattr(self, part)
        return None if ref is None else resolve(ref)

    def load_adapter(self, key: str) -> Any:
        """The object ``adapters[key]`` names, or ``None`` if this game has none."""
        ref = self.adapters.get(key)
        return None if ref is None else resolve(ref)


@attrs.frozen(slots=True, kw_only=True)
class ExpansionSpec:
    """An expansion's entry in the registry: its name, the game it extends, and its class (built
    as ``cls(**options)``)."""

    name: str
    extends: str
    expansion: str

    def load(self) -> Any:
        """The expansion's class, imported now (specs name it as a ``module:attribute`` string so
        that reading a spec imports nothing)."""
        return resolve(self.expansion)


__all__ = ["ExpansionSpec", "GameSpec", "SpielSpec", "resolve", "spec_named"]
