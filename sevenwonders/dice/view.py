"""What one seat may see: everything except the generator, which would reveal future rolls.

Perfect recall adds nothing here: every die, sheet and claim lies open, and nothing a seat saw
is hidden later, so a Dice view has no memory part (the base game's and Architects' have one).
"""

from __future__ import annotations

import attrs

from sevenwonders.dice.state import DiceState, Phase, RolledDie, SeatState


@attrs.frozen(slots=True)
class DiceView:
    """A seat's view. Dice is a game of open information; only the rng state is hidden.

    ``provisional`` is true when the sheet numbers are the library's provisional defaults, which
    a frontend must show.
    """

    seat: int
    turn: int
    phase: Phase
    forum: tuple[RolledDie, ...]
    seats: tuple[SeatState, ...]
    to_move: tuple[int, ...]
    agora_claimed: bool
    final_turn: int
    provisional: bool
    sheet_set: str


def view_of(state: DiceState, seat: int, to_move: frozenset[int], provisional: bool,
            sheet_set: str) -> DiceView:
    """The view of ``seat``: the whole state but the generator, with the seats to move and the
    sheet set's name."""
    return DiceView(
        seat=seat, turn=state.turn, phase=state.phase, forum=state.forum, seats=state.seats,
        to_move=tuple(sorted(to_move)), agora_claimed=state.agora_claimed,
        final_turn=state.final_turn, provisional=provisional, sheet_set=sheet_set,
    )
