"""Final scoring (R20): the score board's 8 lines, tie-break by unspent coins.

Only city buildings score. A box's flat VP, its attack laurel and the end-of-game part of its
effects (1coinPerCross, coinPerWonder) go to the line of the building the box belongs to.

Several ticked boxes of one building with the same per-cross effect (the default Gallery's four
``1coinPerCross gallery``) score it once, the reference's "not stacked" reading (dice.md,
addenda; open question Q19), which makes the rulebook's final-scoring example reachable; the option
``per_cross_stacks`` scores it once per box.
"""

from __future__ import annotations

from sevenwonders.core.scoring import ScoreSheet
from sevenwonders.dice import components as c
from sevenwonders.dice.effects import CoinsPerBox, CoinsPerWonderStage
from sevenwonders.dice.state import SeatState
from sevenwonders.dice.tables import SheetTable

# The score board's lines, in its order (reference section 7).
LINES = (
    "wonder", "barracks_west", "barracks_east", "agora", "market", "university", "guild_court",
    "gallery",
)


def score_seat(table: SheetTable, s: SeatState, *, per_cross_stacks: bool = False) -> ScoreSheet:
    """One seat's score sheet; ``tiebreak`` is ``(unspent coins,)``."""
    lines = dict.fromkeys(LINES, 0)
    ticks = s.ticks
    counted: set[tuple[str, str, int, tuple[str, ...]]] = set()
    for box in table.boxes:
        if not ticks[box.index] or box.building not in lines:
            continue
        lines[box.building] += box.vp
        for effect in box.effects:  # player aid 7 and 8: as many VP as the coins they gave
            if isinstance(effect, CoinsPerBox):
                per, names = effect.per, effect.buildings
            elif isinstance(effect, CoinsPerWonderStage):
                per, names = effect.per, (c.WONDER,)
            else:
                continue
            key = (box.building, effect.name, per, names)
            if key in counted and not per_cross_stacks:
                continue
            counted.add(key)
            lines[box.building] += per * sum(
                1 for name in names for i in table.building_boxes[name] if ticks[i]
            )
    for ref, vp in s.laurels.items():
        lines[ref.partition(".")[0]] += vp
    if s.agora_first:
        lines["agora"] += table.agora_first_vp
    return ScoreSheet.of(lines, (s.coins,))
