"""Which function turns a seat's view of each game into a full state consistent with it.

A determinizer is ``(game, view, rng) -> (state, rng)``: it keeps everything the view shows and
draws everything the seat cannot see at random among the possibilities, so a search can look
ahead without ever reading hidden information. Each game names its own in its spec
(:mod:`sevenwonders.games`), imported on first use; :func:`register_determinizer` sets one at run
time (:data:`DETERMINIZERS`: game name -> ``"module:function"``, read before the spec). A game
with neither has none (:func:`determinizer_for` returns ``None``).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

from sevenwonders.core.protocol import Game
from sevenwonders.core.rng import Rng
from sevenwonders.games import spec_of

Determinizer = Callable[[Game[Any, Any, Any], Any, Rng], tuple[Any, Rng]]

DETERMINIZERS: dict[str, str] = {}

_loaded: dict[str, Determinizer | None] = {}


def register_determinizer(game_name: str, target: str | Determinizer) -> None:
    """Use ``target`` (a function, or ``"module:function"``) for the game called ``game_name``."""
    if isinstance(target, str):
        DETERMINIZERS[game_name] = target
        _loaded.pop(game_name, None)
    else:
        _loaded[game_name] = target


def determinizer_for(game: Game[Any, Any, Any]) -> Determinizer | None:
    """The determinizer of ``game``, or ``None`` if the game has none (yet)."""
    name = game.name
    if name not in _loaded:
        found: Determinizer | None = None
        spec = DETERMINIZERS.get(name)
        if spec is None:
            game_spec = spec_of(game)
            spec = None if game_spec is None else game_spec.determinizer
        if spec is not None:
            module_name, _, function = spec.partition(":")
            try:
                module = importlib.import_module(module_name)
            except ModuleNotFoundError as error:
                if error.name != module_name:
                    raise
            else:
                found = getattr(module, function)
        _loaded[name] = found
    return _loaded[name]


__all__ = ["DETERMINIZERS", "Determinizer", "determinizer_for", "register_determinizer"]
