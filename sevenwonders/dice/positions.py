"""Set up a Dice position on purpose: say what matters, the builder completes the rest.

:func:`position` starts from the seeded deal of ``game`` (its sheets and the Forum of the
first turn) and writes on each seat's sheet what the caller names: boxes ticked (by reference,
``"market.m1"``; in the turn before this one unless a turn is given), bonuses ticked, coins,
laurels and unlocked dice. The result passes every invariant of
:mod:`sevenwonders.dice.validation` (ticks in arrow order, a completed building for each
bonus...), else :class:`InvalidStateError` lists the problems. The position starts the action
phase of ``turn`` with the seeded Forum.

>>> from sevenwonders.dice.game import DiceGame
>>> game = DiceGame(3, seat_sheets=["giza", "rhodes", "babylon"])
>>> state = position(game, turn=4, seats={0: {"ticks": ["market.m1", "market.m2"]}})
>>> table = game.tables.sheets["giza"]
>>> [state.seats[0].ticks[table.by_ref[ref]] for ref in ("market.m1", "market.m3")]
[3, 0]
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import attrs

from sevenwonders.core.frozenmap import FrozenMap
from sevenwonders.core.limits import quote
from sevenwonders.core.options import checked_items, checked_mapping
from sevenwonders.core.problems import Problem, refuse
from sevenwonders.dice.game import DiceGame
from sevenwonders.dice.state import DiceState, SeatState
from sevenwonders.dice.validation import problems
from sevenwonders.errors import InvalidOptionError

if TYPE_CHECKING:
    from sevenwonders.dice.tables import SheetTable

SEAT_KEYS = ("ticks", "bonuses", "coins", "laurels", "unlocked")
"""What a seat of :func:`position` may say (its sheet is the game's)."""


def _turns(value: object, default: int, what: str) -> dict[str, int]:
    """A list of names (ticked in turn ``default``) or a mapping of names to turns."""
    if isinstance(value, Mapping):
        given = dict(value)
    elif isinstance(value, list | tuple):
        given = dict.fromkeys(value, default)
    else:
        raise InvalidOptionError(f"{what} must list names or map them to turns")
    if not all(type(k) is str and type(v) is int for k, v in given.items()):
        raise InvalidOptionError(f"{what} maps names to whole numbers of turns")
    return given


def _marked(marks: tuple[int, ...], index_of: Mapping[str, int], given: dict[str, int],
            missing: list[str]) -> list[int]:
    """``marks`` with each named box or bonus ticked in its turn (unknown names noted)."""
    out = list(marks)
    for name, when in given.items():
        index = index_of.get(name)
        if index is None:
            missing.append(name)
        else:
            out[index] = when
    return out


def _seat(table: SheetTable, seat: SeatState, spec: Mapping[str, Any], turn: int,
          place: str, missing: list[str]) -> SeatState:
    spec = checked_mapping(place, spec)
    unknown = sorted(set(spec) - set(SEAT_KEYS))
    if unknown:
        raise InvalidOptionError(f"{place} cannot say {quote(unknown[0])}")
    ticks = _marked(seat.ticks, table.by_ref, _turns(spec.get("ticks", ()), turn - 1,
                                                     f"{place}.ticks"), missing)
    bonuses = _marked(seat.bonuses, table.bonus_by_id, _turns(
        spec.get("bonuses", ()), turn - 1, f"{place}.bonuses"), missing)
    coins = spec.get("coins", seat.coins)
    if type(coins) is not int:
        raise InvalidOptionError(f"{place}.coins must be a whole number")
    return attrs.evolve(seat, ticks=tuple(ticks), bonuses=tuple(bonuses), coins=coins,
                        laurels=FrozenMap(_turns(spec.get("laurels", {}), 0,
                                                 f"{place}.laurels")),
                        unlocked=frozenset(checked_items(f"{place}.unlocked",
                                                         spec.get("unlocked", ()), str)))


def position(game: DiceGame, *, seed: int = 0, turn: int = 1,
             seats: Mapping[int, Mapping[str, Any]] | None = None) -> DiceState:
    """A consistent Dice state at the start of ``turn`` with the given ``seats`` (by seat:
    ``ticks`` and ``bonuses`` as names or names to turns, ``coins``, ``laurels`` by attack box,
    ``unlocked`` dice); the rest from ``seed``. Refuses a position no game could reach with
    :class:`InvalidStateError` carrying every problem."""
    if not isinstance(game, DiceGame):
        raise InvalidOptionError(f"position needs a DiceGame, not {quote(game)}")
    n = len(game.new_game(seed).seats)
    specs = checked_mapping("seats", seats)
    if any(type(seat) is not int or not 0 <= seat < n for seat in specs):
        raise InvalidOptionError(f"seats maps seats 0 to {n - 1} to their sheets' marks")
    if type(turn) is not int or turn < 1:
        raise InvalidOptionError(f"no turn {quote(turn)}")
    start = game.new_game(seed)
    missing: list[str] = []
    seat_list = tuple(
        _seat(game.tables.sheets[s.sheet], s, specs.get(i, {}), turn, f"seats[{i}]", missing)
        for i, s in enumerate(start.seats))
    if missing:
        raise refuse("Dice", (Problem("accounting", "seats", f"no box or bonus "
                                      f"{quote(missing[:3])} on these sheets"),))
    state = attrs.evolve(start, turn=turn, seats=seat_list)
    found = problems(state)
    if found:
        raise refuse("Dice", found)
    return state


__all__ = ["SEAT_KEYS", "position"]
