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

from collections.abc import Callable, Mapping

import attrs

from sevenwonders.core.rng import Rng
from sevenwonders.dice import components as c
from sevenwonders.dice import events as ev
from sevenwonders.dice.legal import LegalMoves
from sevenwonders.dice.moves import DiceMove, Skip
from sevenwonders.dice.options import RuleOptions
from sevenwonders.dice.state import (
    ChooseBonus,
    DiceState,
    Phase,
    RolledDie,
    SeatState,
)
from sevenwonders.dice.tables import Tables
from sevenwonders.dice.turn import Step


class Rules(LegalMoves):
    """The rules for one table: set-up, the Forum, and a step from moves to the next state
    (legal moves: :mod:`sevenwonders.dice.legal`; resolving them: :mod:`sevenwonders.dice.turn`).
    New states, seats and the events of nearly every step are built by the constructors held
    here: the classes themselves (the speed layer, dice/fast.py, puts its own in their place,
    building equal values).
    """

    def __init__(self, tables: Tables, options: RuleOptions, players: int) -> None:
        super().__init__(tables, options, players)
        self.make_state: Callable[..., DiceState] = DiceState
        self.make_seat: Callable[..., SeatState] = SeatState
        self.make_box_ticked: Callable[..., ev.BoxTicked] = ev.BoxTicked
        self.make_coins_gained: Callable[..., ev.CoinsGained] = ev.CoinsGained
        self.make_passed: Callable[..., ev.Passed] = ev.Passed

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
        drawn, rng = rng.draws(self.shake_bounds(dice))
        rolled = self.tables.rolled
        return tuple([rolled[die][drawn[2 * i]][drawn[2 * i + 1]]
                      for i, die in enumerate(dice)]), rng

    def shake_bounds(self, dice: tuple[str, ...]) -> tuple[int, ...]:
        """The bounds of the draws that shake ``dice``: per die, its faces and the areas."""
        faces = self.tables.faces
        areas = len(self.tables.area_costs)
        return tuple(bound for die in dice for bound in (len(faces[die]), areas))

    # --- applying a step -------------------------------------------------------------------------

    def apply(
        self, state: DiceState, moves: Mapping[int, DiceMove]
    ) -> tuple[DiceState, list[ev.DiceEvent]]:
        """The state after the (already validated) ``moves``, and the events, in order."""
        after, events, _ = self.resolve(state, moves)
        return after, events

    def resolve(
        self, state: DiceState, moves: Mapping[int, DiceMove]
    ) -> tuple[DiceState, list[ev.DiceEvent], dict[int, tuple[DiceMove, ...]]]:
        """:meth:`apply`, and the legal moves of the seats whose decisions the settling looked
        at (the rules' own values: the game remembers them for the new state)."""
        work = Step(self, state, make_state=self.make_state, make_seat=self.make_seat,
                    make_box_ticked=self.make_box_ticked,
                    make_coins_gained=self.make_coins_gained, make_passed=self.make_passed)
        if state.phase is Phase.ACTION:
            for seat in sorted(moves):
                work.action(seat, moves[seat], free_die=False)
        else:
            for seat in sorted(moves):
                work.follow_up(seat, moves[seat])
        return self._settle(work.freeze(), work.events)

    def _settle(
        self, state: DiceState, events: list[ev.DiceEvent]
    ) -> tuple[DiceState, list[ev.DiceEvent], dict[int, tuple[DiceMove, ...]]]:
        """Drop pending decisions that offer no choice, then go on or end the turn.

        The options of a seat's first decision are read from ``state`` itself: they depend on
        neither the decisions queued behind it nor the phase, the only fields this changes."""
        seats = list(state.seats)
        known: dict[int, tuple[DiceMove, ...]] = {}
        changed = False
        for seat, s in enumerate(seats):
            while s.pending:
                options = self.pending_moves(state, seat, s.pending[0])
                if any(not isinstance(m, Skip) for m in options):
                    known[seat] = options
                    break
                head = s.pending[0]
                if not isinstance(head, ChooseBonus):
                    events.append(ev.EffectUnused(seat, head.source))
                s = attrs.evolve(s, pending=s.pending[1:])
                seats[seat] = s
                changed = True
        if known:  # decisions are left: the follow-up phase
            after: DiceState = self.make_state(
                turn=state.turn, phase=Phase.FOLLOW_UP, forum=state.forum,
                seats=tuple(seats) if changed else state.seats, rng=state.rng,
                agora_claimed=state.agora_claimed, final_turn=state.final_turn)
            return after, events, known
        if changed:
            state = attrs.evolve(state, seats=tuple(seats))
        after, events = self._end_turn(state, events)
        return after, events, known

    def _end_turn(
        self, state: DiceState, events: list[ev.DiceEvent]
    ) -> tuple[DiceState, list[ev.DiceEvent]]:
        turn = state.turn
        seats = list(state.seats)
        claimed = state.agora_claimed
        if not claimed:  # R12, decided at the end of the turn so that ties are seen
            done = []
            for seat, s in enumerate(seats):
                start, stop = self.tables.sheets[s.sheet].agora
                agora = s.ticks[start:stop]
                if 0 not in agora and max(agora) == turn:
                    done.append(seat)
            if done:
                claimed = True
                winners = done if len(done) == 1 or self.options.agora_tie == "all" else []
                for seat in winners:
                    seats[seat] = attrs.evolve(seats[seat], agora_first=True)
                events.append(ev.AgoraFirst(tuple(winners), c.AGORA_FIRST_VP))
        forum = list(state.forum)
        rng = state.rng
        unlocked = frozenset().union(*[s.unlocked for s in seats])
        present = {rolled.die for rolled in forum} if unlocked else ()
        for colour in c.SPECIAL_DICE:  # R14: the first unlocker brings the die in
            if colour not in unlocked or colour in present:
                continue
            greys = [k for k, rolled in enumerate(forum) if rolled.die in c.GREY_DICE]
            if not greys:
                continue
            k, rng = rng.choice(greys)
            events.append(ev.SpecialDieAdded(colour, forum[k].die))
            forum[k] = self.tables.rolled[colour][0][forum[k].area]
        final = state.final_turn
        if not final:  # R19
            trigger = tuple([seat for seat, s in enumerate(seats)  # s.bonus_count, inlined
                             if len(s.bonuses) - s.bonuses.count(0) >= c.BONUSES_TO_END])
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
            over: DiceState = self.make_state(
                turn=turn, phase=Phase.OVER, forum=tuple(forum), seats=tuple(seats), rng=rng,
                agora_claimed=claimed, final_turn=final)
            return over, events
        shaken, rng = self.shake(tuple([rolled.die for rolled in forum]), rng)
        events.append(ev.ForumShaken(turn + 1, shaken))
        after: DiceState = self.make_state(
            turn=turn + 1, phase=Phase.ACTION, forum=shaken, seats=tuple(seats), rng=rng,
            agora_claimed=claimed, final_turn=final)
        return after, events
