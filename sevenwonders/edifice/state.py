"""What Edifice keeps inside a base-game state."""

from __future__ import annotations

import attrs

from sevenwonders.base.expansion_state import ExpansionState, register_expansion_state

OPEN = "open"
COMPLETED = "completed"
FAILED = "failed"


@attrs.frozen(slots=True)
class EdificeState(ExpansionState):
    """Per Age (index 0..2): the project, the pawns still on its card, the seats that paid to
    participate, every seat holding a pawn of that Age (participants and Ur's box pawns while
    the project is open), and the outcome. Per seat: projects whose reward it earned, its debt
    tokens, and the Ages of the pawns it holds."""

    projects: tuple[str, ...]
    pawns_left: tuple[int, ...]
    participants: tuple[tuple[int, ...], ...]
    holders: tuple[tuple[int, ...], ...]
    outcomes: tuple[str, ...]
    rewards: tuple[tuple[str, ...], ...]
    debts: tuple[tuple[int, ...], ...]
    pawns: tuple[tuple[int, ...], ...]


register_expansion_state("edifice", EdificeState)
