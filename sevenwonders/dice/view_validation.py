"""The checks of a Dice view read from outside. Dice is a game of open information: a view
shows the whole state but its generator, so a view is checked as the state it shows
(:func:`sevenwonders.dice.validation.problems`, every invariant), plus its own fields: the seat
at the table and the seats to move those the phase asks (everyone in the action phase, the
seats owing a decision in the follow-up, nobody at the end).
"""

from __future__ import annotations

from sevenwonders.core.problems import Problem, register_load_check
from sevenwonders.core.rng import Rng
from sevenwonders.dice.state import DiceState, Phase
from sevenwonders.dice.validation import problems
from sevenwonders.dice.view import DiceView

_ANY_RNG = Rng.from_seed(0)  # the hidden generator: no invariant reads it


def view_problems(view: DiceView) -> tuple[Problem, ...]:
    """Every problem of ``view`` (empty for a view of a reachable state)."""
    if not isinstance(view, DiceView):
        return (Problem("structure", "view", f"not a DiceView but {type(view).__name__}"),)
    n = len(view.seats)
    if not 0 <= view.seat < n:
        return (Problem("structure", "seat", f"seat {view.seat} of {n}"),)
    state = DiceState(turn=view.turn, phase=view.phase, forum=view.forum, seats=view.seats,
                      rng=_ANY_RNG, agora_claimed=view.agora_claimed,
                      final_turn=view.final_turn)
    found = problems(state)
    asked = () if view.phase is Phase.OVER else tuple(range(n)) \
        if view.phase is Phase.ACTION else tuple(i for i, s in enumerate(view.seats)
                                                 if s.pending)
    if view.to_move != asked:
        found += (Problem("structure", "to_move", "the seats to move are not the phase's"),)
    return found


register_load_check(DiceView, view_problems, "Dice view")
