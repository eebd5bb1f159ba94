"""The legal-move loop (rows per die with the rules' own moves, die costs remembered per set of
lasting effects) against the rules written out plainly from the rulebook (R4-R10, R14, R17)."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sevenwonders.core.playout import random_game
from sevenwonders.dice import DiceGame, DiceState
from sevenwonders.dice.components import SPECIAL_DICE, WONDER, colour_of
from sevenwonders.dice.moves import Build, BuildWonder, DiceMove, Pass
from sevenwonders.dice.state import Phase


def reference_actions(game: DiceGame, state: DiceState, seat: int, free_die: bool
                      ) -> tuple[DiceMove, ...]:
    """Pass (R4 C), every Wonder stage in arrow order the seat can pay (R4 B, R6, R10), then per
    Forum die every box its face reaches, in arrow order, that the seat can pay: the die's cost
    in coins (R5, player aid 9-10; none with a free die) plus the box's cost in coins or
    resources (R10); special dice only once unlocked (R14), the purple die only past the Guild
    Court's gate (R17)."""
    rules = game.rules
    s = state.seats[seat]
    table = rules.tables.sheets[s.sheet]
    resources = rules.resources(table, s.ticks)
    active = rules.active(table, s)

    def open_box(i: int) -> bool:
        return not s.ticks[i] and all(s.ticks[r] for r in table.boxes[i].requires)

    def box_price(i: int) -> int:
        return max(0, table.boxes[i].cost - resources)

    out: list[DiceMove] = []
    if not free_die:
        out.append(Pass())
        out += [BuildWonder(table.boxes[i].id) for i in table.building_boxes[WONDER]
                if open_box(i) and box_price(i) <= s.coins]
    for rolled in state.forum:
        colour = colour_of(rolled.die)
        if colour in SPECIAL_DICE and colour not in s.unlocked:
            continue
        if colour == "purple" and not rules.gate_ok(state, seat, rolled.face):
            continue
        die_cost = 0 if free_die else rules.die_cost(rolled, active)
        out += [Build(rolled.die, table.boxes[i].ref)
                for i in table.targets[(colour, rolled.face)]
                if open_box(i) and die_cost + box_price(i) <= s.coins]
    return tuple(out)


def _check_along(game: DiceGame, seed: int) -> int:
    checked = 0

    def check(state: DiceState) -> None:
        nonlocal checked
        if state.phase is not Phase.ACTION:
            return
        rules = game.rules
        for seat, s in enumerate(state.seats):
            for free_die in (False, True):
                assert rules.action_moves(state, seat, free_die=free_die) == \
                    reference_actions(game, state, seat, free_die)
            table = rules.tables.sheets[s.sheet]
            active = rules.active(table, s)
            terms = rules.die_terms(table, s)
            for rolled in state.forum:
                cost = rules.die_cost(rolled, active)
                gain = rules.die_gain(active, colour_of(rolled.die))
                if terms is None:
                    assert (cost, gain) == (rules.tables.area_costs[rolled.area], 0)
                else:
                    assert (terms.costs[rolled.die][rolled.area], terms.gains[rolled.die]) == \
                        (cost, gain)
            checked += 1

    final = random_game(game, seed, on_step=lambda before, moves, after: check(before))
    assert game.is_over(final)
    return checked


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(2, 7), seed=st.integers(0, 2**32),
       stacks=st.booleans())
def test_legal_actions_follow_the_rules_written_plainly(players: int, seed: int,
                                                        stacks: bool) -> None:
    game = DiceGame(players, reduced_cost_stacks=stacks)
    assert _check_along(game, seed) > 0


def test_the_rules_own_moves_are_never_handed_out() -> None:
    game = DiceGame(3)
    state = game.new_game(5)
    for seat in range(3):
        handed = game.legal_moves(state, seat)
        own = game.rules.legal(state, seat)
        assert handed == own
        assert not any(h is o for h, o in zip(handed, own, strict=True) if type(h) is not Pass)
