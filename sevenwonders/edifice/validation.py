"""The invariants of Edifice's part of a base-game state that its project bookkeeping
(:meth:`Edifice.validate_loaded`) does not already state: the pawns each seat holds.

A seat takes part in the project of an Age at most once, taking one pawn (Edifice rulebook,
"Participating": "in jedem Zeitalter genau ein Mal"); Ur's stages take pawns from the box
besides, one pawn of the Age each such stage names (reference decision 7). So a seat holds,
of each Age, exactly one pawn if it takes part in that Age's project plus one for each built
stage that takes a box pawn of that Age: a seat of another wonder never holds two pawns of
one project.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from sevenwonders.base.effects import ExpansionEffect
from sevenwonders.edifice.state import EdificeState
from sevenwonders.errors import InvalidStateError

if TYPE_CHECKING:
    from sevenwonders.base.state import BaseState
    from sevenwonders.base.tables import Tables

BOX_PAWN = "take_pawn"  # the stage effect of Ur that takes a pawn from the box


def check_pawns(tables: Tables, state: BaseState, mine: EdificeState) -> None:
    """Raise :class:`InvalidStateError` (field ``expansions.edifice.pawns``) unless each
    seat's pawns are its participations and its stages' box pawns, Age by Age."""
    for seat, ages in enumerate(mine.pawns):
        owed = [age for age, group in enumerate(mine.participants, start=1) if seat in group]
        owed += [effect.value for effect in tables.stage_effects(state.cities[seat])
                 if isinstance(effect, ExpansionEffect) and effect.kind == BOX_PAWN]
        if sorted(ages) == sorted(owed):  # (the same Ages, each as often)
            continue
        expected, held = Counter(owed), Counter(ages)
        if held != expected:
            age = min((held - expected) or (expected - held))
            raise InvalidStateError(
                f"inconsistent Edifice state: seat {seat} holds {held[age]} pawns of the "
                f"project of Age {age}, not {expected[age]} (one for taking part, one for "
                "each stage that takes a pawn from the box)", field="expansions.edifice.pawns")
