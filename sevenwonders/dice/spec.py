"""7 Wonders Dice's entry in the registry (:mod:`sevenwonders.games`): its class, kind, and the
parts agents and frontends use, named lazily (see :class:`~sevenwonders.core.spec.GameSpec`)."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from sevenwonders.core.protocol import GameInfo
from sevenwonders.core.spec import GameSpec, SpielSpec

if TYPE_CHECKING:
    from sevenwonders.dice.state import DiceState

INFO = GameInfo(name="dice", min_players=2, max_players=7, simultaneous=True,
                hidden_information=False, chance=True)


def seat_labels(state: DiceState) -> tuple[str, ...]:
    """Each seat's sheet (its wonder), for result tables."""
    return tuple(seat.sheet for seat in state.seats)


SPEC = GameSpec(
    info=INFO,
    game="sevenwonders.dice.game:DiceGame",
    determinizer="sevenwonders.dice.determinize:determinize",
    heuristic="sevenwonders.agents.heuristics.dice",
    choices="sevenwonders.dice.sheet_choices:dice_choices",
    renderer="sevenwonders.frontend.screens:render_dice_view",
    seat_labels="sevenwonders.dice.spec:seat_labels",
    openspiel=SpielSpec(parameters={"players": 3}, max_game_length=4000),
    file_options=("sheets",),
    adapters={
        "server.catalog": "sevenwonders.frontend.server.catalog:dice_catalog",
        "rl.observations": "sevenwonders.encoding.obs_dice:DiceEncoder",
        "rl.actions": "sevenwonders.encoding.index_dice:dice_index",
    },
    presets={
        # a paired flat search of the endgame (see sevenwonders.agents.ismcts and the README):
        # Dice hides nothing, so what search adds is where sampled rolls decide who wins
        "ismcts": {
            "root": "paired", "depth": 1, "horizon": 24, "width": 5, "evidence": 1.0,
            "cut_evidence": math.inf,
        },
    },
)
