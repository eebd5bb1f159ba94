"""Dice's action index, from the game's sheet set (the same for every player count).

In order: ``pass``; ``wonder <stage>`` per Wonder stage id of any sheet; ``build <die> <box>``
die-major (the ten dice, grey_1 first) over every box of any sheet that a face of that die's
colour may reach; ``tick <box>`` per box of any sheet; ``bonus <id>`` per bonus of any sheet;
``skip``. Boxes are ``building.id`` references, sorted.
"""

from __future__ import annotations

from typing import Any

from sevenwonders.dice import components as c
from sevenwonders.dice.moves import Build, BuildWonder, DiceMove, Pass, Skip, TakeBonus, Tick
from sevenwonders.encoding.actions import ActionIndex


def dice_moves(game: Any) -> list[DiceMove]:
    sheets = list(game.tables.sheets.values())
    refs = sorted({box.ref for table in sheets for box in table.boxes})
    stages = sorted({box.id for table in sheets for i, box in enumerate(table.boxes)
                     if i in table.building_boxes[c.WONDER]})
    moves: list[DiceMove] = [Pass()]
    moves.extend(BuildWonder(stage) for stage in stages)
    for die in c.DIE_IDS:
        colour = c.DIE_COLOURS[die]
        reach = sorted({table.boxes[i].ref for table in sheets
                        for (col, _face), found in table.targets.items() if col == colour
                        for i in found})
        moves.extend(Build(die, ref) for ref in reach)
    moves.extend(Tick(ref) for ref in refs)
    moves.extend(TakeBonus(bonus) for bonus in sorted({b.id for t in sheets for b in t.bonuses}))
    moves.append(Skip())
    return moves


def dice_index(game: Any) -> ActionIndex:
    return ActionIndex(dice_moves(game))
