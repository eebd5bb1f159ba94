"""Resolving a step: each seat's action or follow-up decision, the box it ticks and what the box
does (rulebook R5-R13, R18; the player aid's effects, reference dice.md section 6).

Seats are thawed into :class:`SeatWork` records on first touch and frozen once at the end.
"""

from __future__ import annotations

from collections.abc import Callable

import attrs

from sevenwonders.core.frozenmap import FrozenMap
from sevenwonders.dice import components as c
from sevenwonders.dice import events as ev
from sevenwonders.dice.effects import (
    AnotherAction,
    CoinsPerBox,
    CoinsPerWonderStage,
    DiceEffect,
    FreeDieBuild,
    GainCoins,
    TickBoxes,
    UnlockDie,
)
from sevenwonders.dice.legal import LegalMoves, count_ticked
from sevenwonders.dice.moves import Build, BuildWonder, DiceMove, Pass, Skip, TakeBonus, Tick
from sevenwonders.dice.seat_work import SeatWork
from sevenwonders.dice.state import (
    ChooseBonus,
    DiceState,
    ExtraAction,
    ExtraTicks,
    SeatState,
)


class Step:
    """One step being resolved: seats are thawed on first touch. ``rules`` answers the costs
    and the table; the ``make_*`` constructors build the new state, seats and events (the
    rules' own: the classes, or the speed layer's builders of equal values)."""

    def __init__(self, rules: LegalMoves, state: DiceState, *,
                 make_state: Callable[..., DiceState], make_seat: Callable[..., SeatState],
                 make_box_ticked: Callable[..., ev.BoxTicked],
                 make_coins_gained: Callable[..., ev.CoinsGained],
                 make_passed: Callable[..., ev.Passed]) -> None:
        self.rules = rules
        self.make_state = make_state
        self.make_seat = make_seat
        self.make_box_ticked = make_box_ticked
        self.make_coins_gained = make_coins_gained
        self.make_passed = make_passed
        self.state = state
        self.turn = state.turn
        self.work: dict[int, SeatWork] = {}
        self.events: list[ev.DiceEvent] = []
        self.options = rules.options

    def seat(self, seat: int) -> SeatWork:
        w = self.work.get(seat)
        if w is None:
            s = self.state.seats[seat]
            w = self.work[seat] = SeatWork(seat, s, self.rules.tables.sheets[s.sheet])
        return w

    def freeze(self) -> DiceState:
        state = self.state
        work = self.work
        make_seat = self.make_seat
        seats = tuple([work[i].freeze(make_seat) if i in work else s
                       for i, s in enumerate(state.seats)])
        after: DiceState = self.make_state(
            turn=state.turn, phase=state.phase, forum=state.forum, seats=seats, rng=state.rng,
            agora_claimed=state.agora_claimed, final_turn=state.final_turn)
        return after

    # --- actions -----------------------------------------------------------------------------

    def action(self, seat: int, move: DiceMove, *, free_die: bool) -> None:
        """Action A, B or C (R4); the move's type is exact (checked by the game)."""
        w = self.seat(seat)
        table = w.table
        kind = type(move)
        if kind is Build:
            assert isinstance(move, Build)
            die = move.die
            area = 0
            for rolled in self.state.forum:
                if rolled.die == die:
                    area = rolled.area
                    break
            terms = self.rules.die_terms(table, w)
            if terms is None:
                die_cost = 0 if free_die else self.rules.tables.area_costs[area]
                gain = 0
            else:
                die_cost = 0 if free_die else terms.costs[die][area]
                gain = terms.gains[die]
            w.coins -= die_cost
            self.tick(w, table.by_ref[move.box], die, die_cost)
            if gain:
                self.gain(w, gain, f"die:{die}")
        elif kind is Pass:
            self.events.append(self.make_passed(seat=seat, coins=c.PASS_COINS))
            self.gain(w, c.PASS_COINS, "pass")
        elif kind is BuildWonder:
            assert isinstance(move, BuildWonder)
            self.tick(w, table.by_ref[f"{c.WONDER}.{move.stage}"], None, 0)

    def follow_up(self, seat: int, move: DiceMove) -> None:
        w = self.seat(seat)
        head, w.pending = w.pending[0], w.pending[1:]
        table = w.table
        if isinstance(move, Skip):
            self.events.append(ev.EffectUnused(seat, getattr(head, "source", "bonus")))
        elif isinstance(move, TakeBonus):
            bonus = table.bonuses[table.bonus_by_id[move.bonus]]
            i = bonus.index
            w.bonuses = (*w.bonuses[:i], self.turn, *w.bonuses[i + 1:])
            self.events.append(ev.BonusTicked(seat, bonus.id))
            for effect in bonus.effects:
                self.effect(w, effect, f"bonus.{bonus.id}")
        elif isinstance(move, Tick):
            assert isinstance(head, ExtraTicks)
            if head.count > 1:
                w.pending = (attrs.evolve(head, count=head.count - 1), *w.pending)
            self.tick(w, table.by_ref[move.box], None, 0)
        else:
            assert isinstance(head, ExtraAction)
            self.action(seat, move, free_die=head.free_die)

    # --- ticking a box and its effects ---------------------------------------------------------

    def tick(self, w: SeatWork, index: int, die: str | None, die_cost: int) -> None:
        """Pay the box cost (R10: 1 coin per missing resource), tick it, apply its effects."""
        table = w.table
        box = table.boxes[index]
        ticks = w.thawed_ticks()
        missing = max(0, box.cost - self.rules.resources(table, ticks))
        w.coins -= missing
        ticks[index] = self.turn
        self.events.append(self.make_box_ticked(
            seat=w.seat, box=box.ref, die=die, die_cost=die_cost, resource_coins=missing))
        if box.kind == "attack":
            self.attack(w, box.building, box.ref, box.printed_vp)
        for effect in box.effects:
            self.effect(w, effect, box.ref)
        building = box.building
        start, stop = table.spans[index]
        if building in c.CITY_BUILDINGS and 0 not in ticks[start:stop]:
            self.events.append(ev.BuildingCompleted(w.seat, building))
            self.offer_bonus(w, building)

    def offer_bonus(self, w: SeatWork, building: str) -> None:
        """R18: a completed city building lets the seat tick one available bonus."""
        waiting = sum(1 for p in w.pending if isinstance(p, ChooseBonus))
        free = sum(1 for t in w.bonuses if not t)
        if waiting >= free:
            return
        if not self.options.bonus_per_building and (
            waiting or any(t == self.turn for t in w.bonuses)
        ):
            return
        w.pending = (*w.pending, ChooseBonus(building))

    def attack(self, w: SeatWork, building: str, ref: str, printed: int) -> None:
        """R13: printed VP minus the defender's defence boxes ticked in earlier turns, facing
        this Barracks: West faces the left city's East, East the right city's West."""
        seat = w.seat
        if building == "barracks_west":
            defender, facing = self.rules.ring.left(seat), "barracks_east"
        else:
            defender, facing = self.rules.ring.right(seat), "barracks_west"
        other = self.state.seats[defender]
        table = self.rules.tables.sheets[other.sheet]
        defences = sum(1 for i in table.building_boxes[facing]
                       if table.boxes[i].kind == "defence" and 0 < other.ticks[i] < self.turn)
        vp = printed - defences
        if not self.options.negative_attack_vp:
            vp = max(0, vp)
        w.laurels = FrozenMap({**w.laurels, ref: vp})
        self.events.append(ev.Attacked(seat, ref, defender, printed, defences, vp))

    def gain(self, w: SeatWork, amount: int, reason: str) -> None:
        """R11: gained coins are circled; beyond a full reserve they are lost (option)."""
        kept = amount
        if self.options.reserve_overflow == "lost":
            kept = max(0, min(amount, w.table.reserve_size - w.coins))
        w.coins += kept
        self.events.append(self.make_coins_gained(seat=w.seat, amount=kept, reason=reason))
        if kept < amount:
            self.events.append(ev.CoinsLost(w.seat, amount - kept))

    def effect(self, w: SeatWork, e: DiceEffect, source: str) -> None:
        """What a ticked box or bonus does at once (player aid, reference dice.md section 6)."""
        match e:
            case GainCoins(amount):
                self.gain(w, amount, source)
            case CoinsPerBox(per):
                self.gain(w, per * count_ticked(w.table, w.ticks, e.buildings), source)
            case CoinsPerWonderStage(per):
                self.gain(w, per * count_ticked(w.table, w.ticks, (c.WONDER,)), source)
            case UnlockDie(colour):
                if colour not in w.unlocked:
                    w.unlocked = w.unlocked | {colour}
                    self.events.append(ev.DieUnlocked(w.seat, colour))
            case TickBoxes(buildings, count):
                w.pending = (*w.pending, ExtraTicks(buildings, count, source))
            case AnotherAction():
                w.pending = (*w.pending, ExtraAction(False, source))
            case FreeDieBuild():
                w.pending = (*w.pending, ExtraAction(True, source))
            case _:  # lasting die effects are read when a die is chosen (die_cost, die_gain)
                pass
