"""The checks of a Dice state against one sheet set: the structure that holds whatever the
sheets, the accounting against a set, and that someone can move.

A game object checks a state it did not make against its own set (:func:`check_with`, without
the moves); the load check (:mod:`sevenwonders.dice.validation`, above the game object) runs
these against the default set and adds the invariants that need a game. The statements are in
that module's list.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from sevenwonders.dice.components import SPECIAL_DICE, START_COINS
from sevenwonders.dice.state import ChooseBonus, DiceState, ExtraTicks, Phase
from sevenwonders.dice.tables import Tables, expand
from sevenwonders.errors import InvalidStateError, SevenWondersError

if TYPE_CHECKING:
    from sevenwonders.dice.rules import Rules

MAX_LAURELS = 999
COINS_PER_STEP = 200
"""More coins than a seat gains in one step: a pass (3), a box's or bonus's coins, coins per
ticked box or stage (a few coins for each of a sheet's some 40 boxes), dice gains."""
TICK_WEIGHT = 3  # a tick adds at most two decisions (its effect's and a bonus offer)


def _fail(field: str, message: str) -> InvalidStateError:
    return InvalidStateError(f"inconsistent Dice state: {message}", field=field)


PHASE_PROGRESS = {Phase.FOLLOW_UP: 500, Phase.OVER: 750}
"""The progress a turn's phase adds (:func:`progress`)."""


def progress(state: DiceState) -> int:
    """A number every legal step raises: 1000 a turn, 500 once the turn's follow-up begins,
    750 once the game is over (the end comes in the turn, from either phase),
    :data:`TICK_WEIGHT` a ticked box or bonus of any seat, one less a pending decision."""
    ticked = sum(len(s.ticks) - s.ticks.count(0) + s.bonus_count for s in state.seats)
    follow_up = PHASE_PROGRESS.get(state.phase, 0)
    return 1000 * state.turn + follow_up + TICK_WEIGHT * ticked \
        - sum(len(s.pending) for s in state.seats)


def coin_limit(state: DiceState) -> int:
    """The most coins a seat may hold: the 7 of the start plus :data:`COINS_PER_STEP` for each
    unit of :func:`progress`, so no legal step from a state within the limit leaves it."""
    return START_COINS + COINS_PER_STEP * progress(state)


def check_structure(state: DiceState) -> None:
    """What holds whatever the sheets: counts, turns, the phase against pending decisions."""
    n = len(state.seats)
    if not 2 <= n <= 7:
        raise _fail("seats", f"{n} seats")
    if state.turn < 1:
        raise _fail("turn", f"turn {state.turn}")
    limit = coin_limit(state)
    if not 0 <= state.final_turn <= state.turn + 1:
        raise _fail("final_turn", f"final turn {state.final_turn} on turn {state.turn}")
    pending = [bool(s.pending) for s in state.seats]
    if state.phase is Phase.FOLLOW_UP and not any(pending):
        raise _fail("phase", "a follow-up phase with no decision pending")
    if state.phase is not Phase.FOLLOW_UP and any(pending):
        raise _fail("phase", f"decisions pending in the {state.phase.value} phase")
    dice = [rolled.die for rolled in state.forum]
    if len(set(dice)) != len(dice):
        raise _fail("forum", "a die lies twice in the Forum")
    for i, s in enumerate(state.seats):
        place = f"seats[{i}]"
        if not 0 <= s.coins <= limit:
            raise _fail(f"{place}.coins", f"{s.coins} coins (from 0 to {limit} at this point)")
        marks = (*s.ticks, *s.bonuses)
        if marks and (min(marks) < 0 or max(marks) > state.turn):
            raise _fail(f"{place}.ticks", f"a box ticked in no turn up to {state.turn}")
        if s.laurels and any(not -MAX_LAURELS <= v <= MAX_LAURELS
                             for v in s.laurels.values()):
            raise _fail(f"{place}.laurels", "laurels out of range")
        if not s.unlocked <= set(SPECIAL_DICE):
            raise _fail(f"{place}.unlocked", f"no such dice {sorted(s.unlocked)[:3]}")
        for j, p in enumerate(s.pending):
            if isinstance(p, ExtraTicks) and not 1 <= p.count <= 99:
                raise _fail(f"{place}.pending[{j}].count", f"{p.count} ticks")


def check_with(tables: Tables, rules: Rules, state: DiceState, *, moves: bool = True) -> None:
    """The full check against a sheet set (``tables``) and the rules: names, sizes, laurels,
    pending decisions, the Forum, and (with ``moves``) a state not over has seats to move with
    legal moves. A game checks foreign states without ``moves``: searches (ISMCTS) hand it
    many states they built, which must stay cheap; loads check everything."""
    check_structure(state)
    check_accounting(tables, state)
    if moves:
        check_moves(rules, state)


def check_accounting(tables: Tables, state: DiceState) -> None:
    """Names and sizes against the sheet set: sheets, ticks, laurels, decisions, Forum."""
    for i, s in enumerate(state.seats):
        place = f"seats[{i}]"
        table = tables.sheets.get(s.sheet)
        if table is None:
            raise _fail(f"{place}.sheet", f"sheet {s.sheet[:40]!r} is not in the sheet set")
        if len(s.ticks) != len(table.boxes) or len(s.bonuses) != len(table.bonuses):
            raise _fail(f"{place}.ticks", f"ticks and bonuses do not fit sheet {s.sheet!r}")
        for ref in s.laurels:
            index = table.by_ref.get(ref)
            if index is None or table.boxes[index].kind != "attack":
                raise _fail(f"{place}.laurels", f"laurels for {ref[:40]!r}, not an attack box")
        buildings = table.building_boxes
        for j, p in enumerate(s.pending):
            named = (p.building,) if isinstance(p, ChooseBonus) else \
                expand(p.buildings) if isinstance(p, ExtraTicks) else ()
            if any(b not in buildings for b in named):
                raise _fail(f"{place}.pending[{j}]", "a decision about no building of the sheet")
    for k, rolled in enumerate(state.forum):
        faces = tables.faces.get(rolled.die)
        if faces is None or rolled.face not in faces \
                or not 0 <= rolled.area < len(tables.area_costs):
            raise _fail(f"forum[{k}]", f"the die {rolled.die[:20]!r} cannot lie so")


def check_moves(rules: Rules, state: DiceState) -> None:
    """A state not over has seats to move, each with a legal move. In the action phase every
    seat may pass (R9), so only the seats owing a follow-up decision need the rules."""
    if state.phase is not Phase.FOLLOW_UP:
        return
    seats = [i for i, s in enumerate(state.seats) if s.pending]
    try:
        stuck = [seat for seat in seats if not rules.legal(state, seat)]
    except SevenWondersError as error:
        raise _fail("seats", f"the rules refuse this state: {error}") from None
    except Exception as error:  # a rule tripping over an impossible state: still refused
        raise _fail("seats", f"the rules cannot use this state ({type(error).__name__})"
                    ) from None
    if stuck:
        raise _fail(f"seats[{stuck[0]}].pending", "a seat to move has no legal move")
