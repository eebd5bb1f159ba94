"""The fast path of loading a Dice state: a document read and checked in one pass.

``from_json`` of a :class:`DiceState` runs :func:`load_fast` first. It reads the document the
way ``to_json`` writes it (every key present, in JSON's own types) against the default sheet
set, whose sheets are worked out once per game object (:class:`_Sheet`), and tests every
invariant of :mod:`sevenwonders.dice.validation`: the structure and accounting of
:mod:`sevenwonders.dice.accounting`, the tick order, bonuses and laurels, and that a seat owing
a decision has a move (asked of the same rules the full check asks). It returns the state only
when every test passes; on anything else (another layout, a wrong type, a sheet of no default
set, a problem, a rule that trips) it returns ``None`` and the load runs the full path (the
strict converter, then every invariant as a named problem), which refuses with the same error
as ever. So this module only has to accept nothing the full path refuses and build what it
builds: the tests check it over the states of random games and edited documents, and that a
check left out here is caught.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import Any

import attrs

from sevenwonders.core.frozenmap import FrozenMap
from sevenwonders.core.inline import setters_in_order
from sevenwonders.core.limits import MAX_INT_BITS
from sevenwonders.core.rng import Rng
from sevenwonders.core.serialization import converter
from sevenwonders.dice.accounting import MAX_LAURELS, coin_limit
from sevenwonders.dice.components import CITY_BUILDINGS, SPECIAL_DICE
from sevenwonders.dice.game import DiceGame
from sevenwonders.dice.state import (
    ChooseBonus,
    DiceState,
    ExtraTicks,
    Pending,
    Phase,
    RolledDie,
    SeatState,
)
from sevenwonders.dice.tables import SheetTable, expand

_BOUND = 1 << MAX_INT_BITS
_INTS = frozenset({int})
_STRS = frozenset({str})
_DICTS = frozenset({dict})
_STATE_SIZE = len(attrs.fields(DiceState))
_SEAT_SIZE = len(attrs.fields(SeatState))
_PHASES = {phase.value: phase for phase in Phase}
_SPECIAL = frozenset(SPECIAL_DICE)
_NO_LAURELS: FrozenMap[str, int] = FrozenMap()
_PENDING_HOOK: Callable[[Any, Any], Any] = converter.get_structure_hook(Pending)


@lru_cache(maxsize=8)
def default_game(players: int) -> DiceGame:
    """The game a loaded state is checked with (a state does not name its sheet set: the
    default one, whose rules also say whether a seat owing a decision has a move)."""
    return DiceGame(players)


class _Sheet:
    """What the checks read of one sheet, worked out once: its sizes, its arrows, its attack
    boxes, the boxes of each building and of each city building."""

    __slots__ = ("arrow_from", "arrow_to", "attacks", "bonuses", "boxes", "buildings", "cities")

    def __init__(self, table: SheetTable) -> None:
        self.boxes = len(table.boxes)
        self.bonuses = len(table.bonuses)
        arrows = [(box.index, required) for box in table.boxes for required in box.requires]
        self.arrow_to = [to for to, _ in arrows]
        self.arrow_from = [source for _, source in arrows]
        self.attacks = {ref: index for ref, index in table.by_ref.items()
                        if table.boxes[index].kind == "attack"}
        self.buildings = frozenset(table.building_boxes)
        self.cities = [(name, *_span(table.building_boxes[name])) for name in CITY_BUILDINGS
                       if name in table.building_boxes]
        """Each city building as the slice of its boxes (``(name, start, end)``)."""


def _span(boxes: tuple[int, ...]) -> tuple[int, int]:
    """Consecutive boxes (as a sheet's building's are: :func:`~sevenwonders.dice.tables.
    compile_sheet`) as a slice; (0, 0) for none."""
    if not boxes:
        return (0, 0)
    if boxes != tuple(range(boxes[0], boxes[0] + len(boxes))):
        raise ValueError("a building's boxes are not consecutive")
    return (boxes[0], boxes[-1] + 1)


class _Table:
    """The default game of one table size and its sheets, as the checks read them."""

    __slots__ = ("game", "rolled", "sheets")

    def __init__(self, game: DiceGame) -> None:
        self.game = game
        self.sheets = {sheet: _Sheet(table) for sheet, table in game.tables.sheets.items()}
        t = game.tables
        self.rolled = {die: dict(zip(faces, t.rolled[die], strict=True))
                       for die, faces in t.faces.items()}
        """Each die's ways to lie in the Forum, by face and then area (the game's own
        values, which its states share)."""


@lru_cache(maxsize=8)
def _table_of(players: int) -> _Table:
    return _Table(default_game(players))


_STATE_SET = setters_in_order(DiceState)
_SEAT_SET = setters_in_order(SeatState)
_NEW = object.__new__


def load_fast(data: Any) -> DiceState | None:
    """The state ``data`` (parsed JSON) describes, if it is laid out as ``to_json`` writes it
    and passes every load check; ``None`` otherwise (the full path then decides)."""
    try:
        return _load(data)
    except Exception:  # (anything unexpected: the full path says what it is)
        return None


def _load(o: Any) -> DiceState | None:
    # (a dict of as many keys as the state's fields, each read below, where a key missing
    # raises: they are these keys)
    if type(o) is not dict or len(o) != _STATE_SIZE:
        return None
    turn, final_turn, agora, rng = o["turn"], o["final_turn"], o["agora_claimed"], o["rng"]
    phase = _PHASES.get(o["phase"]) if type(o["phase"]) is str else None
    seats, forum = o["seats"], o["forum"]
    if not (type(turn) is int and type(final_turn) is int and type(agora) is bool
            and phase is not None and type(seats) is list and type(forum) is list
            and type(rng) is dict and len(rng) == 1
            and 1 <= turn < _BOUND and 0 <= final_turn <= turn + 1 and 2 <= len(seats) <= 7):
        return None
    rng_state = rng["state"]  # (its one key)
    if type(rng_state) is not int or not -_BOUND < rng_state < _BOUND:
        return None
    table = _table_of(len(seats))
    rolled = _forum(table, forum)
    made = []
    for seat in seats:
        found = _seat(table, seat, turn)
        if found is None:
            return None
        made.append(found)
    if rolled is None:
        return None
    state = _build(turn, phase, rolled, made, Rng(rng_state), agora, final_turn)
    return state if _holds(table, state) else None


def _forum(table: _Table, forum: list[Any]) -> list[RolledDie] | None:
    """The dice of the Forum: dice that exist, each once, with a face of their own in an area
    of the Forum (the ``structure`` and ``accounting`` invariants)."""
    out = []
    for item in forum:
        if type(item) is not dict or len(item) != 3:
            return None
        die, face, area = item["die"], item["face"], item["area"]
        faces = table.rolled.get(die) if type(die) is str else None
        areas = faces.get(face) if faces is not None and type(face) is str else None
        if areas is None or type(area) is not int or not 0 <= area < len(areas):
            return None
        out.append(areas[area])
    if len({rolled.die for rolled in out}) != len(out):
        return None
    return out


def _seat(table: _Table, o: Any, turn: int) -> SeatState | None:
    """One seat, read and checked against its sheet (``accounting``: sizes, laurels for attack
    boxes, decisions about its buildings; ``structure``: marks of turns up to ``turn``,
    laurels in range, dice that exist; ``tick_order``; ``laurels``); the coins against the
    limit, the bonuses and the sheets against the other seats are checked by the caller."""
    if type(o) is not dict or len(o) != _SEAT_SIZE:
        return None
    sheet, coins, ticks, bonuses = o["sheet"], o["coins"], o["ticks"], o["bonuses"]
    laurels, unlocked, agora_first, pending = (o["laurels"], o["unlocked"], o["agora_first"],
                                               o["pending"])
    known = table.sheets.get(sheet) if type(sheet) is str else None
    if not (known is not None and type(coins) is int and type(ticks) is list
            and type(bonuses) is list and type(laurels) is dict and type(unlocked) is list
            and type(agora_first) is bool and type(pending) is list
            and len(ticks) == known.boxes and len(bonuses) == known.bonuses
            and _INTS.issuperset(map(type, ticks)) and _INTS.issuperset(map(type, bonuses))
            and _STRS.issuperset(map(type, unlocked)) and _SPECIAL.issuperset(unlocked)
            and len(set(unlocked)) == len(unlocked) and 0 <= coins < _BOUND):
        return None
    marks = ticks + bonuses
    if marks and (min(marks) < 0 or max(marks) > turn):
        return None
    for to, source in zip(known.arrow_to, known.arrow_from, strict=True):
        ticked = ticks[to]
        if ticked and not 0 < ticks[source] <= ticked:
            return None
    if laurels:
        for ref, value in laurels.items():
            index = known.attacks.get(ref)
            if index is None or type(value) is not int or not -MAX_LAURELS <= value <= MAX_LAURELS \
                    or not ticks[index]:
                return None
        kept = FrozenMap(laurels)
    else:
        kept = _NO_LAURELS
    decisions = tuple(_decision(known, item) for item in pending) if pending else ()
    if None in decisions:
        return None
    return _build_seat(sheet, coins, tuple(ticks), tuple(bonuses), kept, frozenset(unlocked),
                       agora_first, decisions)


def _decision(known: _Sheet, raw: Any) -> Any:
    """A pending decision, by the strict converter's hook (``None``: a decision about no
    building of the sheet, or ticks out of range)."""
    item = _PENDING_HOOK(raw, Pending)  # (raises on a fault: the full path says which)
    if type(item) is ChooseBonus:
        return item if item.building in known.buildings else None
    if type(item) is ExtraTicks and not (
            1 <= item.count <= 99 and known.buildings.issuperset(expand(item.buildings))):
        return None
    return item


def _holds(table: _Table, state: DiceState) -> bool:
    """What the seats alone do not show: another sheet each (``sheets``), the phase against
    the decisions pending, the coins within the limit, a completed city building for each
    bonus ticked or offered (``bonuses``), and a move for each seat owing a decision."""
    seats = state.seats
    if len({s.sheet for s in seats}) != len(seats):
        return False
    owing = [i for i, s in enumerate(seats) if s.pending]
    if bool(owing) is not (state.phase is Phase.FOLLOW_UP):
        return False
    if max(s.coins for s in seats) > coin_limit(state):
        return False
    for s in seats:
        if s.bonus_count or s.pending:
            ticks, known = s.ticks, table.sheets[s.sheet]
            done = {name for name, start, end in known.cities if 0 not in ticks[start:end]}
            offered = [p.building for p in s.pending if type(p) is ChooseBonus]
            if s.bonus_count + len(offered) > len(done) or not done.issuperset(offered):
                return False
    rules = table.game.rules
    return all(rules.legal(state, seat) for seat in owing)


def _build_seat(sheet: str, coins: int, ticks: tuple[int, ...], bonuses: tuple[int, ...],
                laurels: FrozenMap[str, int], unlocked: frozenset[str], agora_first: bool,
                pending: tuple[Any, ...]) -> SeatState:
    if _SEAT_SET is None:
        return SeatState(sheet, coins, ticks, bonuses, laurels, unlocked, agora_first, pending)
    s0, s1, s2, s3, s4, s5, s6, s7 = _SEAT_SET
    seat = _NEW(SeatState)
    s0(seat, sheet)
    s1(seat, coins)
    s2(seat, ticks)
    s3(seat, bonuses)
    s4(seat, laurels)
    s5(seat, unlocked)
    s6(seat, agora_first)
    s7(seat, pending)
    return seat


def _build(turn: int, phase: Phase, forum: list[RolledDie], seats: list[SeatState],
           rng: Rng, agora: bool, final_turn: int) -> DiceState:
    if _STATE_SET is None:
        return DiceState(turn, phase, tuple(forum), tuple(seats), rng, agora, final_turn)
    s0, s1, s2, s3, s4, s5, s6 = _STATE_SET
    state = _NEW(DiceState)
    s0(state, turn)
    s1(state, phase)
    s2(state, tuple(forum))
    s3(state, tuple(seats))
    s4(state, rng)
    s5(state, agora)
    s6(state, final_turn)
    return state
