"""The invariants of a Dice state, and the load check that tests them all.

A state does not name its sheet set, so a loaded document (``from_json``) gets the checks that
need no sheets, and the full check against the default set when every seat's sheet is one of
it; a game checks a foreign state against its own set (:meth:`DiceGame._check_state`, with
:func:`~sevenwonders.dice.accounting.check_with`: the accounting, no reachability). This module
sits above the game object, which it builds for the default set. :func:`problems` returns
every problem as named :class:`~sevenwonders.core.problems.Problem` items; loads refuse a state
with any (a document laid out as ``to_json`` writes it is read and checked first by the fast
path, :mod:`~sevenwonders.dice.loading`, tested equal to this check; anything it does not
accept comes here). The property tests assert every invariant at every ply of random games of
every player count, and the set is closed under the rules (the coin limit grows with the
game's progress: :mod:`~sevenwonders.dice.accounting`). The list (:data:`INVARIANTS`):

- ``structure`` (gate): 2-7 seats, a turn from 1, the final turn announced at most one turn
  ahead, the phase matching the pending decisions, no die twice in the Forum, coins from 0 to
  the coin limit, ticks and bonuses of turns up to this one, dice that exist;
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

from sevenwonders.core.problems import (
    Invariant,
    Problem,
    find,
    problem,
    refuse,
    register_load_check,
)
from sevenwonders.core.serialization import register_shallow
from sevenwonders.dice.accounting import check_accounting, check_moves, check_structure
from sevenwonders.dice.components import CITY_BUILDINGS
from sevenwonders.dice.game import DiceGame
from sevenwonders.dice.loading import default_game, load_fast
from sevenwonders.dice.state import ChooseBonus, DiceState
from sevenwonders.dice.tables import SheetTable


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
    game = default_game(len(state.seats))
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


register_load_check(DiceState, problems, "Dice", load_fast)
register_shallow(DiceState)
