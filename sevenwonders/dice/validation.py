"""The consistency check of a Dice state from outside: what no legal game could reach.

A state does not name its sheet set, so a loaded document (``from_json``) gets the checks that
need no sheets, and the full check against the default set when every seat's sheet is one of
it; a game checks a foreign state against its own set (:meth:`DiceGame._check_state`). Both
raise :class:`~sevenwonders.errors.InvalidStateError` naming the field.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from sevenwonders.dice.components import SPECIAL_DICE
from sevenwonders.dice.state import ChooseBonus, DiceState, ExtraTicks, Phase
from sevenwonders.dice.tables import Tables, expand
from sevenwonders.errors import InvalidStateError, SevenWondersError

if TYPE_CHECKING:
    from sevenwonders.dice.game import DiceGame
    from sevenwonders.dice.rules import Rules

MAX_TURN = 10_000
MAX_COINS = 999
MAX_LAURELS = 999


def _fail(field: str, message: str) -> InvalidStateError:
    return InvalidStateError(f"inconsistent Dice state: {message}", field=field)


def check_structure(state: DiceState) -> None:
    """What holds whatever the sheets: counts, turns, the phase against pending decisions."""
    n = len(state.seats)
    if not 2 <= n <= 7:
        raise _fail("seats", f"{n} seats")
    if not 1 <= state.turn <= MAX_TURN:
        raise _fail("turn", f"turn {state.turn}")
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
        if not 0 <= s.coins <= MAX_COINS:
            raise _fail(f"{place}.coins", f"{s.coins} coins")
        if any(not 0 <= t <= state.turn for t in (*s.ticks, *s.bonuses)):
            raise _fail(f"{place}.ticks", f"a box ticked in no turn up to {state.turn}")
        if any(not -MAX_LAURELS <= v <= MAX_LAURELS for v in s.laurels.values()):
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
        buildings = set(table.building_boxes)
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
    if state.phase is Phase.OVER or not moves:
        return
    seats = range(len(state.seats)) if state.phase is Phase.ACTION else \
        [i for i, s in enumerate(state.seats) if s.pending]
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


def check_loaded(state: DiceState) -> DiceState:
    """The check of every loaded state: the full one when its sheets are the default set's.
    (Hand-built test positions may repeat a sheet; a dealt game never does.)"""
    check_structure(state)
    sheets = [s.sheet for s in state.seats]
    if len(set(sheets)) != len(sheets):
        raise _fail("seats", "two seats play the same sheet")
    game = _default_game(len(state.seats))
    if all(s.sheet in game.tables.sheets for s in state.seats):
        check_with(game.tables, game.rules, state)
    return state
