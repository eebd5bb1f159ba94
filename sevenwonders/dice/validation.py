"""The invariants of a Dice state, and the load check that tests them all.

A state does not name its sheet set, so a loaded document (``from_json``) gets the checks that
need no sheets, and the full check against the default set when every seat's sheet is one of
it; a game checks a foreign state against its own set (:meth:`DiceGame._check_state`, with
:func:`check_with`: the accounting, no reachability). :func:`problems` returns every problem as
named :class:`~sevenwonders.core.problems.Problem` items; loads refuse a state with any. The
property tests assert every invariant at every ply of random games of every player count, and
the set is closed under the rules (the coin limit grows with :func:`progress`). The list
(:data:`INVARIANTS`):

- ``structure`` (gate): 2-7 seats, a turn from 1, the final turn announced at most one turn
  ahead, the phase matching the pending decisions, no die twice in the Forum, coins from 0 to
  :func:`coin_limit`, ticks and bonuses of turns up to this one, dice that exist;
- ``sheets`` (gate): each seat plays another sheet (a deal never repeats one);
- ``accounting`` (gate): against the default sheet set, sheets known, a tick and bonus entry a
  box and bonus, laurels only on attack boxes, decisions about buildings of the sheet, Forum
  dice that can lie so;
- ``tick_order``: a ticked box's required boxes (the sheet's arrows, R6) ticked in the same turn
  or before;
- ``bonuses``: bonuses ticked and offered no more than the seat's completed city buildings
  (R18), each offered bonus for a completed building;
- ``laurels``: laurels only for attack boxes the seat ticked;
- ``someone_moves``: a game not over has a seat to move with a legal move.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache
from typing import TYPE_CHECKING

from sevenwonders.core.problems import Invariant, Problem, find, problem, refuse
from sevenwonders.dice.components import CITY_BUILDINGS, SPECIAL_DICE, START_COINS
from sevenwonders.dice.state import ChooseBonus, DiceState, ExtraTicks, Phase
from sevenwonders.dice.tables import SheetTable, Tables, expand
from sevenwonders.errors import InvalidStateError, SevenWondersError

if TYPE_CHECKING:
    from sevenwonders.dice.game import DiceGame
    from sevenwonders.dice.rules import Rules

MAX_LAURELS = 999
COINS_PER_STEP = 200
"""More coins than a seat gains in one step: a pass (3), a box's or bonus's coins, coins per
ticked box or stage (a few coins for each of a sheet's some 40 boxes), dice gains."""
TICK_WEIGHT = 3  # a tick adds at most two decisions (its effect's and a bonus offer)


def _fail(field: str, message: str) -> InvalidStateError:
    return InvalidStateError(f"inconsistent Dice state: {message}", field=field)


_PHASE_PROGRESS = {Phase.FOLLOW_UP: 500, Phase.OVER: 750}


def progress(state: DiceState) -> int:
    """A number every legal step raises: 1000 a turn, 500 once the turn's follow-up begins,
    750 once the game is over (the end comes in the turn, from either phase),
    :data:`TICK_WEIGHT` a ticked box or bonus of any seat, one less a pending decision."""
    ticked = sum(len(s.ticks) - s.ticks.count(0) + s.bonus_count for s in state.seats)
    follow_up = _PHASE_PROGRESS.get(state.phase, 0)
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


@lru_cache(maxsize=8)
def _default_game(players: int) -> DiceGame:
    from sevenwonders.dice.game import DiceGame

    return DiceGame(players)


class _Context:
    __slots__ = ("game", "state")

    def __init__(self, state: DiceState) -> None:
        self.state = state
        self.game: DiceGame | None = None


def _structure(ctx: _Context) -> Iterator[Problem]:
    check_structure(ctx.state)
    return iter(())


def _sheets(ctx: _Context) -> Iterator[Problem]:
    sheets = [s.sheet for s in ctx.state.seats]
    if len(set(sheets)) != len(sheets):
        yield from problem("sheets", "seats", "two seats play the same sheet")


def _accounting(ctx: _Context) -> Iterator[Problem]:
    state = ctx.state
    game = _default_game(len(state.seats))
    if all(s.sheet in game.tables.sheets for s in state.seats):
        check_accounting(game.tables, state)
        ctx.game = game
    return iter(())


def _tick_order(ctx: _Context) -> Iterator[Problem]:
    if ctx.game is None:
        return
    for i, s in enumerate(ctx.state.seats):
        table = ctx.game.tables.sheets[s.sheet]
        ticks = s.ticks
        for index, required in _arrows(table):
            turn = ticks[index]
            if turn and not 0 < ticks[required] <= turn:
                yield from problem("tick_order", f"seats[{i}].ticks", f"{table.boxes[index].ref}"
                                   " ticked before the boxes its arrows come from")
                break


def _arrows(table: SheetTable) -> tuple[tuple[int, int], ...]:
    """Each arrow of a sheet: the box it leads to and a box it comes from."""
    found = _ARROWS.get(id(table))
    if found is None or found[0] is not table:
        found = _ARROWS[id(table)] = (table, tuple(
            (box.index, required) for box in table.boxes for required in box.requires))
        if len(_ARROWS) > 64:  # bounded: the sheets of the sets loads have met
            _ARROWS.pop(next(iter(_ARROWS)))
    return found[1]


_ARROWS: dict[int, tuple[SheetTable, tuple[tuple[int, int], ...]]] = {}


def _completed(table: SheetTable, ticks: tuple[int, ...]) -> set[str]:
    return {name for name in CITY_BUILDINGS if name in table.building_boxes
            and all(ticks[b] for b in table.building_boxes[name])}


def _bonuses(ctx: _Context) -> Iterator[Problem]:
    if ctx.game is None:
        return
    for i, s in enumerate(ctx.state.seats):
        if not s.bonus_count and not s.pending:
            continue
        table = ctx.game.tables.sheets[s.sheet]
        done = _completed(table, s.ticks)
        offered = [p.building for p in s.pending if isinstance(p, ChooseBonus)]
        if s.bonus_count + len(offered) > len(done) or not set(offered) <= done:
            yield from problem("bonuses", f"seats[{i}].bonuses",
                               f"{s.bonus_count} bonuses ticked and {len(offered)} offered "
                               f"for {len(done)} completed buildings")


def _laurels(ctx: _Context) -> Iterator[Problem]:
    if ctx.game is None:
        return
    for i, s in enumerate(ctx.state.seats):
        if not s.laurels:
            continue
        table = ctx.game.tables.sheets[s.sheet]
        if any(not s.ticks[table.by_ref[ref]] for ref in s.laurels):
            yield from problem("laurels", f"seats[{i}].laurels",
                               "laurels for an attack box the seat did not tick")


def _someone_moves(ctx: _Context) -> Iterator[Problem]:
    if ctx.game is not None:
        check_moves(ctx.game.rules, ctx.state)
    return iter(())


INVARIANTS: tuple[Invariant[_Context], ...] = (
    Invariant("structure", "counts, turns, phase, coins, dice", _structure, gate=True),
    Invariant("sheets", "another sheet for each seat", _sheets, gate=True),
    Invariant("accounting", "sheets, boxes, laurels, decisions and Forum dice that exist",
              _accounting, gate=True),
    Invariant("tick_order", "boxes ticked after the boxes their arrows come from", _tick_order),
    Invariant("bonuses", "a completed city building for every bonus ticked or offered",
              _bonuses),
    Invariant("laurels", "laurels only for ticked attack boxes", _laurels),
)
SOMEONE_MOVES = Invariant("someone_moves", "a game not over has a seat to move with a legal "
                          "move", _someone_moves)


def problems(state: DiceState) -> tuple[Problem, ...]:
    """Every problem of ``state`` as named items (empty for a state some game could reach)."""
    if not isinstance(state, DiceState):
        return (Problem("structure", "state", f"not a DiceState but {type(state).__name__}"),)
    ctx = _Context(state)
    return find(INVARIANTS, ctx) or find((SOMEONE_MOVES,), ctx)


def check_loaded(state: DiceState) -> DiceState:
    """``state`` if it has no problem, else :class:`InvalidStateError` carrying them all."""
    found = problems(state)
    if found:
        raise refuse("Dice", found)
    return state


# views are checked on load too, by what a seat sees (registered with the converter there)
from sevenwonders.dice import view_validation as _view_validation  # noqa: E402, F401
