"""Which moves a seat may choose (rulebook R4-R9, R14, R17, R18; reference dice.md Decision 1),
and the costs behind them: die costs with the lasting die effects (player aid 9-11), resources
from the Warehouse (R10), the Guild Court's gate (R17). The reference: it remembers nothing (the
speed layer, dice/fast.py, remembers die costs and listings and is tested equal to this).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from sevenwonders.core.seats import Ring
from sevenwonders.dice import components as c
from sevenwonders.dice.effects import (
    DieCoins,
    DieCostZero,
    LastingEffect,
    ReducedDieCost,
)
from sevenwonders.dice.moves import DiceMove, Pass, Skip
from sevenwonders.dice.options import RuleOptions
from sevenwonders.dice.state import (
    ChooseBonus,
    DiceState,
    ExtraTicks,
    Pending,
    Phase,
    RolledDie,
    SeatState,
)
from sevenwonders.dice.tables import SheetTable, Tables

if TYPE_CHECKING:
    from sevenwonders.dice.seat_work import SeatWork

_PASS = Pass()
_SKIP = Skip()
_SPECIAL = frozenset(c.SPECIAL_DICE)


class DieTerms:
    """What choosing each die costs (per Forum area) and gains under one set of lasting
    effects (player aid 9-11), computed once for all the seats that share that set."""

    __slots__ = ("costs", "gains")

    def __init__(self, costs: dict[str, tuple[int, ...]], gains: dict[str, int]) -> None:
        self.costs = costs
        self.gains = gains


def count_ticked(table: SheetTable, ticks: tuple[int, ...] | list[int], buildings: tuple[str, ...],
           before: int | None = None) -> int:
    """Ticked boxes of ``buildings``; with ``before``, only those ticked in an earlier turn."""
    total = 0
    for name in buildings:
        for i in table.building_boxes[name]:
            t = ticks[i]
            if t and (before is None or t < before):
                total += 1
    return total


class LegalMoves:
    """The legal moves for one table: a compiled sheet set, rule options and a player count."""

    def __init__(self, tables: Tables, options: RuleOptions, players: int) -> None:
        self.tables = tables
        self.options = options
        self.ring = Ring(players)
        self.players = players

    # --- costs ---------------------------------------------------------------------------------

    @staticmethod
    def active(table: SheetTable, s: SeatState | SeatWork) -> tuple[LastingEffect, ...]:
        """The lasting die effects (player aid 9-11) of the boxes and bonuses the seat ticked."""
        if not table.permanent:
            return ()
        ticks, bonuses = s.ticks, s.bonuses
        return tuple(e for key, e in table.permanent
                     if (ticks[key] if key >= 0 else bonuses[-1 - key]))

    def die_cost(self, rolled: RolledDie, active: tuple[LastingEffect, ...]) -> int:
        """The area's cost (R5) after DieCostZero and ReducedDieCost effects, never below 0."""
        return self._die_cost(c.DIE_COLOURS[rolled.die], rolled.area, active)

    def _die_cost(self, colour: str, area: int, active: tuple[LastingEffect, ...]) -> int:
        cost = self.tables.area_costs[area]
        if not cost or not active:
            return cost
        reduce = 0
        for effect in active:
            if effect.colour != colour and effect.colour != "all":
                continue
            if type(effect) is DieCostZero:
                return 0
            if type(effect) is ReducedDieCost:
                reduce += 1
        if reduce and not self.options.reduced_cost_stacks:
            reduce = 1
        return max(0, cost - reduce)

    @staticmethod
    def die_gain(active: tuple[LastingEffect, ...], colour: str) -> int:
        """Coins from DieCoins effects (player aid 11) for choosing a die of ``colour``."""
        gain = 0
        for effect in active:
            if type(effect) is DieCoins and effect.colour in (colour, "all"):
                gain += effect.amount
        return gain

    def active_mask(self, table: SheetTable, s: SeatState | SeatWork) -> int:
        """Which of the sheet's lasting die effects (``table.permanent``, bit by bit) the seat
        ticked."""
        ticks, bonuses = s.ticks, s.bonuses
        mask = 0
        bit = 1
        for key, _ in table.permanent:
            if ticks[key] if key >= 0 else bonuses[-1 - key]:
                mask |= bit
            bit <<= 1
        return mask

    def die_terms(self, table: SheetTable, s: SeatState | SeatWork) -> DieTerms | None:
        """The seat's die costs and die gains under its lasting effects; None when none is
        active (then a die costs its area's price and gains nothing)."""
        mask = self.active_mask(table, s) if table.permanent else 0
        return self.terms_of(table, mask) if mask else None

    def terms_of(self, table: SheetTable, mask: int) -> DieTerms:
        """Die costs and gains under the lasting effects ``mask`` names (see
        :meth:`active_mask`)."""
        active = tuple(e for k, (_, e) in enumerate(table.permanent) if mask >> k & 1)
        areas = range(len(self.tables.area_costs))
        return DieTerms(
            {die: tuple(self._die_cost(colour, area, active) for area in areas)
             for die, colour in c.DIE_COLOURS.items()},
            {die: self.die_gain(active, colour) for die, colour in c.DIE_COLOURS.items()},
        )

    @staticmethod
    def resources(table: SheetTable, ticks: tuple[int, ...] | list[int]) -> int:
        """R10: each ticked Warehouse box produces 1 resource, never spent."""
        start, stop = table.warehouse
        part = ticks[start:stop]
        return len(part) - part.count(0)

    def gate_ok(self, state: DiceState, seat: int, face: str) -> bool:
        """R17: at least as many boxes of the purple die's building as each neighbour, counting
        only earlier turns; more than the opponent with two players."""
        buildings = self.tables.gate_counts[face]
        turn = state.turn

        def count(who: int) -> int:
            s = state.seats[who]
            return count_ticked(self.tables.sheets[s.sheet], s.ticks, buildings, before=turn)

        own = count(seat)
        neighbours = self.ring.neighbours(seat)
        if len(neighbours) == 1:
            return own > count(neighbours[0])
        return all(own >= count(n) for n in neighbours)

    # --- legal moves ---------------------------------------------------------------------------

    def legal(self, state: DiceState, seat: int) -> tuple[DiceMove, ...]:
        """The rules' own legal moves of ``seat`` (never to be handed out: callers get
        copies)."""
        return self.legal_now(state, seat)

    def legal_now(self, state: DiceState, seat: int) -> tuple[DiceMove, ...]:
        """The legal moves computed afresh (none for a seat not asked to move)."""
        if state.phase is Phase.OVER:
            return ()
        s = state.seats[seat]
        if state.phase is Phase.ACTION:
            return self.action_moves(state, seat, free_die=False)
        if not s.pending:
            return ()
        return self.pending_moves(state, seat, s.pending[0])

    def pending_moves(self, state: DiceState, seat: int, head: Pending) -> tuple[DiceMove, ...]:
        s = state.seats[seat]
        table = self.tables.sheets[s.sheet]
        if isinstance(head, ChooseBonus):
            bonuses = s.bonuses
            return tuple([move for i, move in enumerate(table.bonus_moves) if not bonuses[i]])
        if isinstance(head, ExtraTicks):
            res = self.resources(table, s.ticks)
            ticks = s.ticks
            out: list[DiceMove] = []
            for i in table.boxes_of(head.buildings):
                box = table.boxes[i]
                if ticks[i] or not all(ticks[r] for r in box.requires):
                    continue
                if max(0, box.cost - res) <= s.coins:
                    out.append(table.tick_moves[i])
            out.append(_SKIP)
            return tuple(out)
        if head.free_die:
            return (*self.action_moves(state, seat, free_die=True), _SKIP)
        return self.action_moves(state, seat, free_die=False)

    def action_moves(self, state: DiceState, seat: int, *, free_die: bool) -> tuple[DiceMove, ...]:
        """R4-R9: build with a die, build the Wonder, or pass. With ``free_die`` (the
        constructBuilding effect) only builds, without the die cost. The moves are the rules'
        own, made once per sheet (:attr:`SheetTable.die_rows`)."""
        s = state.seats[seat]
        table = self.tables.sheets[s.sheet]
        ticks = s.ticks
        res = self.resources(table, ticks)
        total = s.coins + res  # a box is paid in coins or resources, the die cost in coins (R5)
        out: list[DiceMove] = []
        if not free_die:
            out.append(_PASS)
            for i, cost, first, more, move in table.wonder_rows:
                if ticks[i] or cost > total or (first >= 0 and not ticks[first]):
                    continue
                if more and not all(ticks[r] for r in more):
                    continue
                out.append(move)
        terms = None if free_die else self.die_terms(table, s)
        area_costs = self.tables.area_costs
        unlocked = s.unlocked
        rows = table.die_rows
        for rolled in state.forum:
            die = rolled.die
            if die in _SPECIAL and die not in unlocked:  # R14 (a special die is its colour)
                continue
            if free_die:
                budget = total
            elif terms is None:
                budget = total - area_costs[rolled.area]
            else:
                budget = total - terms.costs[die][rolled.area]
            if budget < res:  # the die cost is paid in coins only
                continue
            gate: bool | None = None
            for i, cost, first, more, move in rows[(die, rolled.face)]:
                if ticks[i] or cost > budget or (first >= 0 and not ticks[first]):
                    continue
                if more and not all(ticks[r] for r in more):
                    continue
                if die == "purple":
                    if gate is None:
                        gate = self.gate_ok(state, seat, rolled.face)
                    if not gate:
                        break
                out.append(move)
        return tuple(out)
