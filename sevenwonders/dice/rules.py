"""Every rule of the rulebook (reference Decision 1, R1-R20), generic over the sheet tables.

:class:`Rules` answers which moves are legal and applies a step. A step in the ``action`` phase
resolves every seat's action at once; effects that need a further choice (a bonus, a box to tick,
another action) become *pending* decisions settled in ``follow_up`` steps. The turn ends when no
seat has anything pending: special dice enter the Forum, the end trigger is checked, and the
Forum is shaken again.

Rules that compare seats only look at boxes ticked in earlier turns (R13, R17), so seats can be
resolved one after the other in any order with the same result.
"""

from __future__ import annotations

from collections.abc import Mapping

import attrs

from sevenwonders.core.frozenmap import FrozenMap
from sevenwonders.core.rng import Rng
from sevenwonders.core.seats import Ring
from sevenwonders.dice import components as c
from sevenwonders.dice import events as ev
from sevenwonders.dice.moves import Build, BuildWonder, DiceMove, Pass, Skip, TakeBonus, Tick
from sevenwonders.dice.options import RuleOptions
from sevenwonders.dice.sheets import Effect
from sevenwonders.dice.state import (
    ChooseBonus,
    DiceState,
    ExtraAction,
    ExtraTicks,
    Pending,
    Phase,
    RolledDie,
    SeatState,
)
from sevenwonders.dice.tables import SheetTable, Tables

_PASS = Pass()
_SKIP = Skip()


class _Seat:
    """A seat's sheet while a step is being resolved (mutable, then frozen again)."""

    __slots__ = ("agora_first", "bonuses", "coins", "laurels", "pending", "sheet", "table",
                 "ticks", "unlocked")

    def __init__(self, s: SeatState, table: SheetTable) -> None:
        self.sheet = s.sheet
        self.table = table
        self.coins = s.coins
        self.ticks = list(s.ticks)
        self.bonuses = list(s.bonuses)
        self.laurels = dict(s.laurels)
        self.unlocked = set(s.unlocked)
        self.agora_first = s.agora_first
        self.pending: list[Pending] = list(s.pending)

    def freeze(self) -> SeatState:
        return SeatState(
            sheet=self.sheet, coins=self.coins, ticks=tuple(self.ticks),
            bonuses=tuple(self.bonuses), laurels=FrozenMap(self.laurels),
            unlocked=frozenset(self.unlocked), agora_first=self.agora_first,
            pending=tuple(self.pending),
        )


def _count(table: SheetTable, ticks: tuple[int, ...] | list[int], buildings: tuple[str, ...],
           before: int | None = None) -> int:
    """Ticked boxes of ``buildings``; with ``before``, only those ticked in an earlier turn."""
    total = 0
    for name in buildings:
        for i in table.building_boxes[name]:
            t = ticks[i]
            if t and (before is None or t < before):
                total += 1
    return total


class Rules:
    """The rules for one table: a compiled sheet set, rule options and a player count."""

    def __init__(self, tables: Tables, options: RuleOptions, players: int) -> None:
        self.tables = tables
        self.options = options
        self.ring = Ring(players)
        self.players = players
        self._cache: dict[int, tuple[DiceState, tuple[DiceMove, ...]]] = {}

    # --- set-up and the Forum ----------------------------------------------------------------

    def new_game(self, seed: int, seat_sheets: tuple[str, ...] | None = None) -> DiceState:
        """R1: random sheets (or ``seat_sheets``), 7 coins each, the 7 start dice in the Forum;
        then the first shake."""
        rng = Rng.from_seed(seed)
        if seat_sheets is None:
            sheet_ids, rng = rng.sample(self.tables.sheet_ids, self.players)
        else:
            sheet_ids = seat_sheets
        seats = []
        for sheet_id in sheet_ids:
            table = self.tables.sheets[sheet_id]
            seats.append(SeatState(
                sheet=sheet_id, coins=c.START_COINS, ticks=(0,) * len(table.boxes),
                bonuses=(0,) * len(table.bonuses),
            ))
        forum, rng = self.shake(c.START_DICE, rng)
        return DiceState(turn=1, phase=Phase.ACTION, forum=forum, seats=tuple(seats), rng=rng)

    def shake(self, dice: tuple[str, ...], rng: Rng) -> tuple[tuple[RolledDie, ...], Rng]:
        """R3: every die gets a uniformly random face and area (reference Decision 4)."""
        areas = len(self.tables.area_costs)
        faces = self.tables.faces
        drawn, rng = rng.draws([bound for die in dice for bound in (len(faces[die]), areas)])
        return tuple(RolledDie(die, faces[die][drawn[2 * i]], drawn[2 * i + 1])
                     for i, die in enumerate(dice)), rng

    # --- costs ---------------------------------------------------------------------------------

    @staticmethod
    def active(table: SheetTable, s: SeatState | _Seat) -> tuple[Effect, ...]:
        """The lasting die effects (dieCost0, reducedCost, gain2Coins) the seat has ticked."""
        if not table.permanent:
            return ()
        ticks, bonuses = s.ticks, s.bonuses
        return tuple(e for key, e in table.permanent
                     if (ticks[key] if key >= 0 else bonuses[-1 - key]))

    def die_cost(self, rolled: RolledDie, active: tuple[Effect, ...]) -> int:
        """The area's cost (R5) after dieCost0 and reducedCost effects, never below 0."""
        cost = self.tables.area_costs[rolled.area]
        if not cost or not active:
            return cost
        colour = c.DIE_COLOURS[rolled.die]
        reduce = 0
        for effect in active:
            if effect.colour != colour and effect.colour != "all":
                continue
            if effect.effect == "dieCost0":
                return 0
            if effect.effect == "reducedCost":
                reduce += 1
        if reduce and not self.options.reduced_cost_stacks:
            reduce = 1
        return max(0, cost - reduce)

    @staticmethod
    def die_gain(active: tuple[Effect, ...], colour: str) -> int:
        """Coins from gain2Coins effects for choosing a die of ``colour``."""
        gain = 0
        for effect in active:
            if effect.effect != "gain2Coins":
                continue
            if effect.colour in (colour, "all"):
                gain += effect.amount or c.DEFAULT_AMOUNTS["gain2Coins"]
        return gain

    @staticmethod
    def resources(table: SheetTable, ticks: tuple[int, ...] | list[int]) -> int:
        """R10: each ticked Warehouse box produces 1 resource, never spent."""
        boxes = table.building_boxes["warehouse"]
        if not boxes:
            return 0
        part = ticks[boxes[0]:boxes[-1] + 1]  # a building's boxes are consecutive (tables.py)
        return len(part) - part.count(0)

    def gate_ok(self, state: DiceState, seat: int, face: str) -> bool:
        """R17: at least as many boxes of the purple die's building as each neighbour, counting
        only earlier turns; more than the opponent with two players."""
        buildings = self.tables.gate_counts[face]
        turn = state.turn

        def count(who: int) -> int:
            s = state.seats[who]
            return _count(self.tables.sheets[s.sheet], s.ticks, buildings, before=turn)

        own = count(seat)
        neighbours = self.ring.neighbours(seat)
        if len(neighbours) == 1:
            return own > count(neighbours[0])
        return all(own >= count(n) for n in neighbours)

    # --- legal moves ---------------------------------------------------------------------------

    def cached(self, state: DiceState, seat: int) -> tuple[DiceMove, ...] | None:
        """The legal moves last computed for ``seat`` if they were for this very state."""
        cached = self._cache.get(seat)
        return cached[1] if cached is not None and cached[0] is state else None

    def legal(self, state: DiceState, seat: int) -> tuple[DiceMove, ...]:
        cached = self._cache.get(seat)
        if cached is not None and cached[0] is state:
            return cached[1]
        moves = self._legal(state, seat)
        self._cache[seat] = (state, moves)
        return moves

    def _legal(self, state: DiceState, seat: int) -> tuple[DiceMove, ...]:
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
            return tuple(TakeBonus(b.id) for b in table.bonuses if not s.bonuses[b.index])
        if isinstance(head, ExtraTicks):
            res = self.resources(table, s.ticks)
            ticks = s.ticks
            out: list[DiceMove] = []
            for i in table.boxes_of(head.buildings):
                box = table.boxes[i]
                if ticks[i] or not all(ticks[r] for r in box.requires):
                    continue
                if max(0, box.cost - res) <= s.coins:
                    out.append(Tick(box.ref))
            out.append(_SKIP)
            return tuple(out)
        if head.free_die:
            return (*self.action_moves(state, seat, free_die=True), _SKIP)
        return self.action_moves(state, seat, free_die=False)

    def action_moves(self, state: DiceState, seat: int, *, free_die: bool) -> tuple[DiceMove, ...]:
        """R4-R9: build with a die, build the Wonder, or pass. With ``free_die`` (the
        constructBuilding effect) only builds, without the die cost."""
        s = state.seats[seat]
        table = self.tables.sheets[s.sheet]
        ticks = s.ticks
        coins = s.coins
        res = self.resources(table, ticks)
        active = self.active(table, s)
        area_costs = self.tables.area_costs
        out: list[DiceMove] = []
        if not free_die:
            out.append(_PASS)
            for i in table.building_boxes[c.WONDER]:
                box = table.boxes[i]
                if ticks[i] or not all(ticks[r] for r in box.requires):
                    continue
                if max(0, box.cost - res) <= coins:
                    out.append(BuildWonder(box.id))
        die_colours = c.DIE_COLOURS
        rows = table.target_rows
        unlocked = s.unlocked
        for rolled in state.forum:
            die = rolled.die
            colour = die_colours[die]
            if colour in c.SPECIAL_DICE and colour not in unlocked:
                continue
            if free_die:
                budget = coins
            elif active:
                budget = coins - self.die_cost(rolled, active)
            else:
                budget = coins - area_costs[rolled.area]
            if budget < 0:
                continue
            budget += res  # a box is affordable if its cost is at most coins plus resources
            gate: bool | None = None
            for i, cost, requires, ref in rows[(colour, rolled.face)]:
                if ticks[i] or cost > budget:
                    continue
                blocked = False
                for r in requires:
                    if not ticks[r]:
                        blocked = True
                        break
                if blocked:
                    continue
                if colour == "purple":
                    if gate is None:
                        gate = self.gate_ok(state, seat, rolled.face)
                    if not gate:
                        break
                out.append(Build(die, ref))
        return tuple(out)

    # --- applying a step -------------------------------------------------------------------------

    def apply(
        self, state: DiceState, moves: Mapping[int, DiceMove]
    ) -> tuple[DiceState, list[ev.DiceEvent]]:
        """The state after the (already validated) ``moves``, and the events, in order."""
        work = _Step(self, state)
        if state.phase is Phase.ACTION:
            for seat in sorted(moves):
                work.action(seat, moves[seat], free_die=False)
        else:
            for seat in sorted(moves):
                work.follow_up(seat, moves[seat])
        after = work.freeze()
        return self._settle(after, work.events)

    def _settle(
        self, state: DiceState, events: list[ev.DiceEvent]
    ) -> tuple[DiceState, list[ev.DiceEvent]]:
        """Drop pending decisions that offer no choice, then go on or end the turn."""
        seats = list(state.seats)
        changed = False
        for seat, s in enumerate(seats):
            while s.pending:
                probe = attrs.evolve(state, seats=tuple(seats))
                options = self.pending_moves(probe, seat, s.pending[0])
                if any(not isinstance(m, Skip) for m in options):
                    break
                head = s.pending[0]
                if not isinstance(head, ChooseBonus):
                    events.append(ev.EffectUnused(seat, head.source))
                s = attrs.evolve(s, pending=s.pending[1:])
                seats[seat] = s
                changed = True
        if changed:
            state = attrs.evolve(state, seats=tuple(seats))
        if any(s.pending for s in state.seats):
            if state.phase is not Phase.FOLLOW_UP:
                state = attrs.evolve(state, phase=Phase.FOLLOW_UP)
            return state, events
        return self._end_turn(state, events)

    def _end_turn(
        self, state: DiceState, events: list[ev.DiceEvent]
    ) -> tuple[DiceState, list[ev.DiceEvent]]:
        turn = state.turn
        seats = list(state.seats)
        claimed = state.agora_claimed
        if not claimed:  # R12, decided at the end of the turn so that ties are seen
            done = []
            for seat, s in enumerate(seats):
                table = self.tables.sheets[s.sheet]
                agora = [s.ticks[i] for i in table.building_boxes["agora"]]
                if all(agora) and max(agora) == turn:
                    done.append(seat)
            if done:
                claimed = True
                winners = done if len(done) == 1 or self.options.agora_tie == "all" else []
                for seat in winners:
                    seats[seat] = attrs.evolve(seats[seat], agora_first=True)
                events.append(ev.AgoraFirst(tuple(winners), c.AGORA_FIRST_VP))
        forum = list(state.forum)
        rng = state.rng
        present = {rolled.die for rolled in forum}
        for colour in c.SPECIAL_DICE:  # R14: the first unlocker brings the die in
            if colour in present or not any(colour in s.unlocked for s in seats):
                continue
            greys = [k for k, rolled in enumerate(forum) if rolled.die in c.GREY_DICE]
            if not greys:
                continue
            k, rng = rng.choice(greys)
            events.append(ev.SpecialDieAdded(colour, forum[k].die))
            forum[k] = RolledDie(colour, self.tables.faces[colour][0], forum[k].area)
        final = state.final_turn
        if not final:  # R19
            trigger = tuple(seat for seat, s in enumerate(seats)
                            if s.bonus_count >= c.BONUSES_TO_END)
            if trigger:
                final = turn + 1
                events.append(ev.EndTriggered(trigger, final))
        # R19 ends the game after the announced final turn; the library's cap ``max_turns``
        # applies only while no final turn is announced, so it never cuts one short.
        limit = self.options.max_turns
        reason = None
        if final:
            if turn >= final:
                reason = "final_turn"
        elif limit is not None and turn >= limit:
            reason = "max_turns"
        if reason is not None:
            events.append(ev.GameEnded(turn, reason))
            return DiceState(turn=turn, phase=Phase.OVER, forum=tuple(forum), seats=tuple(seats),
                             rng=rng, agora_claimed=claimed, final_turn=final), events
        shaken, rng = self.shake(tuple(rolled.die for rolled in forum), rng)
        events.append(ev.ForumShaken(turn + 1, shaken))
        return DiceState(turn=turn + 1, phase=Phase.ACTION, forum=shaken, seats=tuple(seats),
                         rng=rng, agora_claimed=claimed, final_turn=final), events


class _Step:
    """One step being resolved: seats are thawed on first touch."""

    def __init__(self, rules: Rules, state: DiceState) -> None:
        self.rules = rules
        self.state = state
        self.turn = state.turn
        self.work: dict[int, _Seat] = {}
        self.events: list[ev.DiceEvent] = []
        self.options = rules.options

    def seat(self, seat: int) -> _Seat:
        w = self.work.get(seat)
        if w is None:
            s = self.state.seats[seat]
            w = self.work[seat] = _Seat(s, self.rules.tables.sheets[s.sheet])
        return w

    def freeze(self) -> DiceState:
        state = self.state
        seats = tuple(self.work[i].freeze() if i in self.work else s
                      for i, s in enumerate(state.seats))
        return DiceState(state.turn, state.phase, state.forum, seats, state.rng,
                         state.agora_claimed, state.final_turn)

    # --- actions -----------------------------------------------------------------------------

    def action(self, seat: int, move: DiceMove, *, free_die: bool) -> None:
        w = self.seat(seat)
        table = w.table
        if isinstance(move, Pass):
            self.events.append(ev.Passed(seat, c.PASS_COINS))
            self.gain(seat, c.PASS_COINS, "pass")
        elif isinstance(move, BuildWonder):
            self.tick(seat, table.by_ref[f"{c.WONDER}.{move.stage}"], None, 0)
        elif isinstance(move, Build):
            rolled = next(r for r in self.state.forum if r.die == move.die)
            active = self.rules.active(table, w)
            die_cost = 0 if free_die else self.rules.die_cost(rolled, active)
            gain = self.rules.die_gain(active, c.colour_of(move.die))
            w.coins -= die_cost
            self.tick(seat, table.by_ref[move.box], move.die, die_cost)
            if gain:
                self.gain(seat, gain, f"die:{move.die}")

    def follow_up(self, seat: int, move: DiceMove) -> None:
        w = self.seat(seat)
        head = w.pending.pop(0)
        table = w.table
        if isinstance(move, Skip):
            self.events.append(ev.EffectUnused(seat, getattr(head, "source", "bonus")))
        elif isinstance(move, TakeBonus):
            bonus = table.bonuses[table.bonus_by_id[move.bonus]]
            w.bonuses[bonus.index] = self.turn
            self.events.append(ev.BonusTicked(seat, bonus.id))
            for effect in bonus.effects:
                self.effect(seat, effect, f"bonus.{bonus.id}")
        elif isinstance(move, Tick):
            assert isinstance(head, ExtraTicks)
            if head.count > 1:
                w.pending.insert(0, attrs.evolve(head, count=head.count - 1))
            self.tick(seat, table.by_ref[move.box], None, 0)
        else:
            assert isinstance(head, ExtraAction)
            self.action(seat, move, free_die=head.free_die)

    # --- ticking a box and its effects ---------------------------------------------------------

    def tick(self, seat: int, index: int, die: str | None, die_cost: int) -> None:
        """Pay the box cost (R10: 1 coin per missing resource), tick it, apply its effects."""
        w = self.seat(seat)
        table = w.table
        box = table.boxes[index]
        missing = max(0, box.cost - self.rules.resources(table, w.ticks))
        w.coins -= missing
        w.ticks[index] = self.turn
        self.events.append(ev.BoxTicked(seat, box.ref, die, die_cost, missing))
        if box.kind == "attack":
            self.attack(seat, box.building, box.ref, box.printed_vp)
        for effect in box.effects:
            self.effect(seat, effect, box.ref)
        building = box.building
        complete = all(w.ticks[i] for i in table.building_boxes[building])
        if building in c.CITY_BUILDINGS and complete:
            self.events.append(ev.BuildingCompleted(seat, building))
            self.offer_bonus(w, building)

    def offer_bonus(self, w: _Seat, building: str) -> None:
        """R18: a completed city building lets the seat tick one available bonus."""
        waiting = sum(1 for p in w.pending if isinstance(p, ChooseBonus))
        free = sum(1 for t in w.bonuses if not t)
        if waiting >= free:
            return
        if not self.options.bonus_per_building and (
            waiting or any(t == self.turn for t in w.bonuses)
        ):
            return
        w.pending.append(ChooseBonus(building))

    def attack(self, seat: int, building: str, ref: str, printed: int) -> None:
        """R13: printed VP minus the defender's defence boxes ticked in earlier turns, facing
        this Barracks: West faces the left city's East, East the right city's West."""
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
        self.seat(seat).laurels[ref] = vp
        self.events.append(ev.Attacked(seat, ref, defender, printed, defences, vp))

    def gain(self, seat: int, amount: int, reason: str) -> None:
        """R11: gained coins are circled; beyond a full reserve they are lost (option)."""
        w = self.seat(seat)
        kept = amount
        if self.options.reserve_overflow == "lost":
            kept = max(0, min(amount, w.table.reserve_size - w.coins))
        w.coins += kept
        self.events.append(ev.CoinsGained(seat, kept, reason))
        if kept < amount:
            self.events.append(ev.CoinsLost(seat, amount - kept))

    def effect(self, seat: int, e: Effect, source: str) -> None:
        """The player aid's effects (reference section 6)."""
        w = self.seat(seat)
        name = e.effect
        if name == "gainCoins":
            self.gain(seat, e.amount or 0, source)
        elif name == "1coinPerCross":
            per = e.amount or c.DEFAULT_AMOUNTS[name]
            count = _count(w.table, w.ticks, _expand(e.building or ""))
            self.gain(seat, per * count, source)
        elif name == "coinPerWonder":
            per = e.amount or c.DEFAULT_AMOUNTS[name]
            self.gain(seat, per * _count(w.table, w.ticks, (c.WONDER,)), source)
        elif name == "unlockDice":
            colour = e.colour or ""
            if colour not in w.unlocked:
                w.unlocked.add(colour)
                self.events.append(ev.DieUnlocked(seat, colour))
        elif name == "crossSpace":
            w.pending.append(ExtraTicks((e.building or "",), 1, source))
        elif name == "crossTwo":
            w.pending.append(ExtraTicks((e.building or "",), 2, source))
        elif name == "crossMultiColor":
            w.pending.append(ExtraTicks(e.buildings, 1, source))
        elif name == "anotherAction":
            w.pending.append(ExtraAction(False, source))
        elif name == "constructBuilding":
            w.pending.append(ExtraAction(True, source))
        # reducedCost, dieCost0 and gain2Coins last: they are read when a die is chosen.


def _expand(name: str) -> tuple[str, ...]:
    return c.BARRACKS if name == c.BOTH_BARRACKS else (name,)
