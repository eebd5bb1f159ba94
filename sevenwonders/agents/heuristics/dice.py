"""7 Wonders Dice: a one-step heuristic for the greedy agent, and the search agent's playout
policy and leaf values.

Dice hides nothing but the generator of future rolls, so a move is valued by playing it with the
game's own rules on the position the view shows (the other seats to move meanwhile pass or skip,
the same for every move compared) and measuring the seat's sheet afterwards. Sheets are read from
the game's compiled tables, so the heuristic works for any sheet file, not only the default one.

The value of a sheet, in points, is

- its running score (flat box points, laurels, per-cross and per-Wonder points, the Agora's
  first-complete bonus);
- coins: 0.3 each while the game is young, down to 0.05 near its end (they pay die and box
  costs; at the end they only break ties); coins a full reserve would lose are worth nothing;
- resources: each ticked Warehouse box saves a coin on every later costly box, 5 early on
  (measured: greedy play with these weights beats 0.45 a coin and 2.5 a resource);
- lasting die effects (a cheaper or free die colour, coins for choosing a colour) and unlocked
  special dice (new buildings to reach), worth what they save or open over the game left;
- defence boxes: 1.5 each early (every later attack of the neighbour it faces scores less);
- buildings under way: completing a city building earns a bonus (and three bonuses end the game),
  so a building's progress is worth a share of a bonus (3.5), growing with the square of the
  share of its boxes ticked;
- pending decisions the move opens (a bonus to tick, boxes to tick, another action) at their
  average worth.

"Young" is read from the most advanced sheet: the share of its three most complete buildings that
is still unticked. A finished game is worth its final score, and the winner gets 10 more points;
the margin over the best other seat is what :func:`leaf_values` returns to the search agent.
"""

from __future__ import annotations

from typing import Any

from sevenwonders.agents.heuristics import margins_by, state_heuristic
from sevenwonders.core.protocol import Game
from sevenwonders.dice import components as c
from sevenwonders.dice.moves import Pass, Skip
from sevenwonders.dice.scoring import score_seat
from sevenwonders.dice.state import (
    ChooseBonus,
    DiceState,
    ExtraAction,
    ExtraTicks,
    Phase,
    SeatState,
)

COIN_EARLY = 0.3
COIN_LATE = 0.05
RESOURCE = 5.0
DEFENCE = 1.5
BONUS = 3.5
PROGRESS_SHARE = 0.6
WIN_BONUS = 10.0
MIN_REMAINING = 0.05
PENDING_TICK = 2.5
PENDING_ACTION = 3.0
EFFECT_WORTH = {"reducedCost": 2.5, "dieCost0": 3.5, "gain2Coins": 3.0}
"""What a lasting die effect is worth over a whole game (a colour, not ``all``)."""
ALL_COLOURS = 3.0
UNLOCK_WORTH = 5.0
SPECIAL_BUILDING = {"white": "gallery", "purple": "guild_court"}


def _progress(game: Any, s: SeatState) -> float:
    """How far ``s`` is from ending the game: the share of its three most complete buildings
    that is ticked, or its share of the bonuses that end the game."""
    table = game.tables.sheets[s.sheet]
    shares = sorted(
        (sum(1 for i in table.building_boxes[b] if s.ticks[i]) / len(table.building_boxes[b])
         for b in c.CITY_BUILDINGS if table.building_boxes[b]), reverse=True)
    return max(sum(shares[:c.BONUSES_TO_END]) / c.BONUSES_TO_END,
               s.bonus_count / c.BONUSES_TO_END)


def _remaining(game: Any, state: DiceState) -> float:
    """The share of the game still to play, from 1 at the start towards 0."""
    if state.final_turn:
        return MIN_REMAINING
    most = max(0.0, *(_parts(game, s)[0] for s in state.seats))
    return max(MIN_REMAINING, 1.0 - most)


def _effect_worth(table: Any, s: Any, effect: Any) -> float:
    name = effect.name
    if name in EFFECT_WORTH:
        worth = EFFECT_WORTH[name]
        return worth * ALL_COLOURS if effect.colour == "all" else worth
    if name == "unlockDice":
        building = SPECIAL_BUILDING.get(effect.colour or "")
        if building is None:  # black: spies tick boxes of other buildings
            return UNLOCK_WORTH * 0.6
        open_boxes = sum(1 for i in table.building_boxes.get(building, ()) if not s.ticks[i])
        return UNLOCK_WORTH * min(1.0, open_boxes / 3)
    return 0.0


_Parts = tuple[float, float, float, float, float]
_memo: dict[SeatState, _Parts] = {}
_owner: object = None
MEMO_SIZE = 100_000


def _parts(game: Any, s: SeatState) -> _Parts:
    """What a seat's value is made of, from its sheet alone (memoised): its progress towards
    the end, its running score, what is worth ``remaining`` times its points (resources, lasting
    effects, defences, unlocked dice), buildings under way and pending decisions."""
    global _owner
    if game.tables is not _owner:  # another sheet set: forget the sheets of the last one
        _memo.clear()
        _owner = game.tables
    found = _memo.get(s)
    if found is not None:
        return found
    table = game.tables.sheets[s.sheet]
    ticks = s.ticks
    lasting = RESOURCE * sum(1 for i in table.building_boxes["warehouse"] if ticks[i])
    for key_, effect in table.permanent:
        if ticks[key_] if key_ >= 0 else s.bonuses[-1 - key_]:
            lasting += _effect_worth(table, s, effect)
    for box in table.boxes:
        if not ticks[box.index]:
            continue
        if box.kind == "defence":
            lasting += DEFENCE
        for effect in box.effects:
            if effect.name == "unlockDice":
                lasting += _effect_worth(table, s, effect)
    later = 0.0
    if s.bonus_count < len(table.bonuses):
        for building in c.CITY_BUILDINGS:
            boxes = table.building_boxes[building]
            if not boxes:
                continue
            done = sum(1 for i in boxes if ticks[i])
            if done < len(boxes):
                later += PROGRESS_SHARE * BONUS * (done / len(boxes)) ** 2
    for pending in s.pending:
        if isinstance(pending, ChooseBonus):
            later += BONUS
        elif isinstance(pending, ExtraTicks):
            later += PENDING_TICK * pending.count
        elif isinstance(pending, ExtraAction):
            later += PENDING_ACTION
    parts = (_progress(game, s), float(score_seat(table, s).total), lasting, later,
             float(min(s.coins, table.reserve_size)))
    if len(_memo) >= MEMO_SIZE:
        _memo.clear()
    _memo[s] = parts
    return parts


def seat_value(game: Any, state: DiceState, seat: int, remaining: float | None = None) -> float:
    """The value in points of ``seat``'s sheet in ``state`` (see the module's docstring)."""
    _, score, lasting, later, coins = _parts(game, state.seats[seat])
    if state.phase is Phase.OVER:
        return score
    if remaining is None:
        remaining = _remaining(game, state)
    return (score + (COIN_LATE + (COIN_EARLY - COIN_LATE) * remaining) * coins
            + remaining * lasting + later)


def values_of(game: Any, state: DiceState) -> list[float]:
    """:func:`seat_value` of every seat (a finished game: final scores, the winner +10)."""
    remaining = _remaining(game, state)
    values = [seat_value(game, state, seat, remaining) for seat in range(len(state.seats))]
    if state.phase is Phase.OVER:
        keys = [sheet.key() for sheet in game.scores(state)]
        top = max(keys)
        for seat, key in enumerate(keys):
            if key == top:
                values[seat] += WIN_BONUS / keys.count(top)
    return values


def _neutral(game: Game[Any, Any, Any], state: Any, seat: int) -> dict[int, Any]:
    """Moves for the other seats to move: pass in the action phase, else skip (or the first
    legal move when skipping is not offered)."""
    others: dict[int, Any] = {}
    for other in game.to_move(state):
        if other == seat:
            continue
        legal = game.legal_moves(state, other)
        neutral = next((m for m in legal if isinstance(m, Pass | Skip)), legal[0])
        others[other] = neutral
    return others


def evaluate_state(
    game: Game[Any, Any, Any], state: Any, seat: int, legal: tuple[Any, ...]
) -> tuple[float, ...]:
    """The seat's value after each of ``legal`` (the others passing meanwhile); the other seats'
    values are the same for every move, so only the seat's own value is compared (a move that
    ends the game gets no winner's bonus here: the others' last moves are not known yet)."""
    others = _neutral(game, state, seat)
    # the moves are legal: the rules apply them without the protocol's checks
    rules = getattr(game, "rules", None)
    values = []
    for move in legal:
        moves = {**others, seat: move}
        after = rules.apply(state, moves)[0] if rules is not None else game.play(state, moves)
        values.append(seat_value(game, after, seat))
    return tuple(values)


evaluate, leaf_values, playout_move = state_heuristic(evaluate_state, margins_by(values_of))
"""The shared default (agents/heuristics): the view's move values on a determinized state,
each seat's value minus the best other's, and the best move by :func:`evaluate_state`."""


__all__ = ["evaluate", "evaluate_state", "leaf_values", "playout_move", "seat_value",
           "values_of"]
