"""Choice details for Dice frontends: every seat's sheet as written so far, and what each legal
move of the asking seat costs.

A Dice player plays from a sheet: which boxes are ticked, which come next along the arrows, what
each costs and does, how many resources the Warehouse produces, the laurels written in the
Barracks and the running score. :func:`dice_choices` computes these from the state with the
game's own rules (die costs, resources, scores), so they never disagree with the legal moves. It
is the ``"dice"`` provider of :func:`sevenwonders.frontend.choices.choices`.
"""

from __future__ import annotations

from typing import Any

import attrs

from sevenwonders.core.protocol import Game
from sevenwonders.dice import components as c
from sevenwonders.dice.effects import describe_effect
from sevenwonders.dice.game import DiceGame
from sevenwonders.dice.moves import Build, BuildWonder, DiceMove, Pass, TakeBonus, Tick
from sevenwonders.dice.state import DiceState, ExtraAction, Phase
from sevenwonders.errors import InvalidStateError


@attrs.frozen(slots=True)
class BoxLine:
    """One box of a sheet (or Wonder stage)."""

    ref: str
    ticked: bool
    next: bool
    """Not ticked, and every box its arrows come from is: it can be ticked now if paid."""
    cost: int
    """Resources; each one the Warehouse does not produce costs 1 coin (R10)."""
    vp: int
    """Flat VP, or the VP an attack box prints."""
    laurel: int | None
    """The VP written in an attack box's laurel when it was ticked (R13)."""
    accepts: tuple[str, ...]
    """The die faces that tick it (empty for Wonder stages)."""
    effect: str
    """What ticking it does, in words."""


@attrs.frozen(slots=True)
class BuildingLine:
    building: str
    ticked: int
    boxes: tuple[BoxLine, ...]


@attrs.frozen(slots=True)
class SeatSheet:
    """One seat's sheet: buildings, resources, coins, laurels, bonuses and running score."""

    seat: int
    sheet: str
    wonder_name: str
    coins: int
    reserve_size: int
    resources: int
    """Resources the Warehouse produces (ticked Warehouse boxes, never spent)."""
    laurels: int
    bonuses: tuple[str, ...]
    """The bonuses ticked."""
    unlocked: tuple[str, ...]
    score: tuple[tuple[str, int], ...]
    """The running score, line by line, as it would count now."""
    total: int
    buildings: tuple[BuildingLine, ...]


@attrs.frozen(slots=True)
class MoveCost:
    """What a legal move costs and gives: the die's cost, the coins paid for missing resources,
    and the coins gained at once by the move itself (passing, a gain2Coins die)."""

    move: str
    die_coins: int
    build_coins: int
    gain: int
    effect: str = ""
    """What the box (or bonus) the move ticks does, in words."""

    @property
    def net(self) -> int:
        return self.gain - self.die_coins - self.build_coins


@attrs.frozen(slots=True)
class DiceChoices:
    game: str
    seat: int
    decision: str
    """``action``, ``follow_up``, ``waiting`` or ``over``."""
    sheets: tuple[SeatSheet, ...]
    moves: tuple[MoveCost, ...]


def seat_sheet(game: DiceGame, state: DiceState, seat: int) -> SeatSheet:
    """``seat``'s sheet as written in ``state``."""
    s = state.seats[seat]
    table = game.tables.sheets[s.sheet]
    rules = game.rules
    ticks = s.ticks
    buildings = []
    for building in c.BOX_BUILDINGS:
        lines = []
        for i in table.building_boxes[building]:
            box = table.boxes[i]
            lines.append(BoxLine(
                ref=box.ref, ticked=bool(ticks[i]),
                next=not ticks[i] and all(ticks[r] for r in box.requires),
                cost=box.cost, vp=box.printed_vp if box.kind == "attack" else box.vp,
                laurel=s.laurels.get(box.ref), accepts=tuple(sorted(box.accepts)),
                effect="; ".join(describe_effect(e) for e in box.effects)))
        if lines:
            buildings.append(BuildingLine(building, sum(1 for b in lines if b.ticked),
                                          tuple(lines)))
    sheet = game.scores(state)[seat]
    return SeatSheet(
        seat=seat, sheet=s.sheet, wonder_name=table.wonder_name, coins=s.coins,
        reserve_size=table.reserve_size, resources=rules.resources(table, ticks),
        laurels=sum(s.laurels.values()),
        bonuses=tuple(b.id for b in table.bonuses if s.bonuses[b.index]),
        unlocked=tuple(sorted(s.unlocked)), score=tuple(sheet.lines.items()),
        total=sheet.total, buildings=tuple(buildings))


def move_cost(game: DiceGame, state: DiceState, seat: int, move: DiceMove) -> MoveCost:
    """What ``move`` (legal for ``seat``) costs and gives at once, by the rules' own prices."""
    s = state.seats[seat]
    table = game.tables.sheets[s.sheet]
    rules = game.rules
    resources = rules.resources(table, s.ticks)
    if isinstance(move, Pass):
        return MoveCost(str(move), 0, 0, c.PASS_COINS)
    if isinstance(move, (BuildWonder, Tick, Build)):
        ref = f"{c.WONDER}.{move.stage}" if isinstance(move, BuildWonder) else move.box
        box = table.boxes[table.by_ref[ref]]
        build = max(0, box.cost - resources)
        effect = "; ".join(describe_effect(e) for e in box.effects)
        if not isinstance(move, Build):
            return MoveCost(str(move), 0, build, 0, effect)
        rolled = next(r for r in state.forum if r.die == move.die)
        active = rules.active(table, s)
        head = s.pending[0] if state.phase is Phase.FOLLOW_UP and s.pending else None
        free = isinstance(head, ExtraAction) and head.free_die
        die = 0 if free else rules.die_cost(rolled, active)
        gain = rules.die_gain(active, c.colour_of(move.die))
        return MoveCost(str(move), die, build, gain, effect)
    if isinstance(move, TakeBonus):
        bonus = table.bonuses[table.bonus_by_id[move.bonus]]
        return MoveCost(str(move), 0, 0, 0, "; ".join(describe_effect(e) for e in bonus.effects))
    return MoveCost(str(move), 0, 0, 0)  # skip: nothing paid


def dice_choices(game: Game[Any, Any, Any], state: Any, seat: int) -> DiceChoices:
    """Every seat's sheet and the cost of each of ``seat``'s legal moves now."""
    if not isinstance(game, DiceGame):
        raise InvalidStateError("these choice details are for 7 Wonders Dice")
    legal = game.legal_moves(state, seat)
    if game.is_over(state):
        decision = "over"
    elif not legal:
        decision = "waiting"
    else:
        decision = state.phase.value
    return DiceChoices(
        game=game.name, seat=seat, decision=decision,
        sheets=tuple(seat_sheet(game, state, i) for i in range(game.players)),
        moves=tuple(move_cost(game, state, seat, m) for m in legal))
