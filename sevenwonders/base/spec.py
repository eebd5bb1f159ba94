"""The base game's entry in the registry (:mod:`sevenwonders.games`): its class, kind, and the
parts agents and frontends use, named lazily (see :class:`~sevenwonders.core.spec.GameSpec`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from sevenwonders.core.protocol import GameInfo
from sevenwonders.core.spec import GameSpec, SpielSpec

if TYPE_CHECKING:
    from sevenwonders.base.state import BaseState

INFO = GameInfo(name="base", min_players=3, max_players=7, simultaneous=True,
                hidden_information=True, chance=True)


def seat_labels(state: BaseState) -> tuple[str, ...]:
    """Each seat's wonder and side, for result tables."""
    return tuple(f"{city.wonder} ({city.side})" for city in state.cities)


def spiel_options(params: Mapping[str, Any]) -> dict[str, Any]:
    """The game options of OpenSpiel's parameters (``expansions`` comma-separated)."""
    options: dict[str, Any] = {"edition": params["edition"]}
    if params["sides"]:
        options["sides"] = params["sides"]
    if params["expansions"]:
        options["expansions"] = [e.strip() for e in params["expansions"].split(",") if e.strip()]
    return options


SPEC = GameSpec(
    info=INFO,
    game="sevenwonders.base.game:BaseGame",
    determinizer="sevenwonders.base.determinize:determinize",
    heuristic="sevenwonders.agents.heuristics.base",
    choices="sevenwonders.frontend.choices:base_choices",
    renderer="sevenwonders.frontend.screens:render_base_view",
    seat_labels="sevenwonders.base.spec:seat_labels",
    openspiel=SpielSpec(parameters={"players": 3, "edition": "2nd", "sides": "", "expansions": ""},
                        max_game_length=400, options="sevenwonders.base.spec:spiel_options"),
    adapters={
        "server.catalog": "sevenwonders.frontend.server.catalog:base_catalog",
        "rl.observations": "sevenwonders.encoding.obs_base:BaseEncoder",
        "rl.actions": "sevenwonders.encoding.index_base:base_index",
        "rl.actions.full": "sevenwonders.encoding.index_base:base_index_full",
        "rl.actions.factored": "sevenwonders.encoding.index_base:base_index_factored",
    },
)
