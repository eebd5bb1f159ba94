"""A full Dice state from a seat's view, for search agents.

Dice is a game of open information: the view holds everything but the generator of future
rolls, so a determinization only draws a fresh generator.
"""

from __future__ import annotations

from typing import Any

from sevenwonders.core.protocol import Game
from sevenwonders.core.rng import Rng
from sevenwonders.dice.state import DiceState
from sevenwonders.dice.view import DiceView
from sevenwonders.errors import InvalidStateError


def determinize(game: Game[Any, Any, Any], view: DiceView, rng: Rng) -> tuple[DiceState, Rng]:
    """The view's position with future rolls drawn from ``rng``."""
    if not isinstance(view, DiceView):
        raise InvalidStateError(f"expected a DiceView, got {type(view).__name__}")
    state_rng, rng = rng.split()
    state = DiceState(turn=view.turn, phase=view.phase, forum=view.forum, seats=view.seats,
                      rng=state_rng, agora_claimed=view.agora_claimed,
                      final_turn=view.final_turn)
    return state, rng
