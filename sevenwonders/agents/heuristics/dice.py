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

Every figure above is a weight, and the weights are data
(:mod:`sevenwonders.agents.heuristics.dice_weights`): the figures are the hand-set ones
(``agents/data/greedy_dice_hand.toml``); greedy plays with the package's file
(``greedy_dice.toml``, which says where it came from). The functions take a ``w`` (or
``weights``) argument to value with other weights.
"""

from __future__ import annotations

from typing import Any

from sevenwonders.agents.heuristics import margins_by, state_heuristic
from sevenwonders.agents.heuristics.dice_weights import WEIGHTS, DiceWeights
from sevenwonders.agents.heuristics.memo import Memo
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

WIN_BONUS = 10.0
MIN_REMAINING = 0.05
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


def _remaining(game: Any, state: DiceState, w: DiceWeights) -> float:
    """The share of the game still to play, from 1 at the start towards 0."""
    if state.final_turn:
        return MIN_REMAINING
    most = max(0.0, *(_parts(game, s, w)[0] for s in state.seats))
    return max(MIN_REMAINING, 1.0 - most)


def _effect_worth(table: Any, s: Any, effect: Any, w: DiceWeights) -> float:
    name = effect.name
    worth = w.table("effect").get(name)
    if worth is not None:
        return worth * w.all_colours if effect.colour == "all" else worth
    if name == "unlockDice":
        building = SPECIAL_BUILDING.get(effect.colour or "")
        if building is None:  # black: spies tick boxes of other buildings
            return w.unlock * w.spy_share
        open_boxes = sum(1 for i in table.building_boxes.get(building, ()) if not s.ticks[i])
        return w.unlock * min(1.0, open_boxes / 3)
    return 0.0


_Parts = tuple[float, float, float, float, float]
_SEATS: Memo[_Parts] = Memo(limit=100_000)
"""Per sheet (and weights, when not the package's): what :func:`_parts` reads from it alone."""


def _parts(game: Any, s: SeatState, w: DiceWeights) -> _Parts:
    """What a seat's value is made of, from its sheet alone (memoised): its progress towards
    the end, its running score, what is worth ``remaining`` times its points (resources, lasting
    effects, defences, unlocked dice), buildings under way and pending decisions."""
    memo = _SEATS.context(game.tables, None if w is WEIGHTS else w)
    found = memo.get(s)
    if found is not None:
        return found
    table = game.tables.sheets[s.sheet]
    ticks = s.ticks
    lasting = w.resource * sum(1 for i in table.building_boxes["warehouse"] if ticks[i])
    for key_, effect in table.permanent:
        if ticks[key_] if key_ >= 0 else s.bonuses[-1 - key_]:
            lasting += _effect_worth(table, s, effect, w)
    for box in table.boxes:
        if not ticks[box.index]:
            continue
        if box.kind == "defence":
            lasting += w.defence
        for effect in box.effects:
            if effect.name == "unlockDice":
                lasting += _effect_worth(table, s, effect, w)
    later = 0.0
    if s.bonus_count < len(table.bonuses):
        for building in c.CITY_BUILDINGS:
            boxes = table.building_boxes[building]
            if not boxes:
                continue
            done = sum(1 for i in boxes if ticks[i])
            if done < len(boxes):
                later += w.progress_share * w.bonus * (done / len(boxes)) ** 2
    for pending in s.pending:
        if isinstance(pending, ChooseBonus):
            later += w.bonus
        elif isinstance(pending, ExtraTicks):
            later += w.pending_tick * pending.count
        elif isinstance(pending, ExtraAction):
            later += w.pending_action
    parts = (_progress(game, s), float(score_seat(table, s).total), lasting, later,
             float(min(s.coins, table.reserve_size)))
    return _SEATS.put(memo, s, parts)


def seat_value(game: Any, state: DiceState, seat: int, remaining: float | None = None,
               w: DiceWeights = WEIGHTS) -> float:
    """The value in points of ``seat``'s sheet in ``state`` by the weights ``w`` (see the
    module's docstring)."""
    _, score, lasting, later, coins = _parts(game, state.seats[seat], w)
    if state.phase is Phase.OVER:
        return score
    if remaining is None:
        remaining = _remaining(game, state, w)
    return (score + (w.coin_late + (w.coin_early - w.coin_late) * remaining) * coins
            + remaining * lasting + later)


def values_of(game: Any, state: DiceState, w: DiceWeights = WEIGHTS) -> list[float]:
    """:func:`seat_value` of every seat (a finished game: final scores, the winner +10)."""
    remaining = _remaining(game, state, w)
    values = [seat_value(game, state, seat, remaining, w) for seat in range(len(state.seats))]
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
    game: Game[Any, Any, Any], state: Any, seat: int, legal: tuple[Any, ...],
    weights: DiceWeights = WEIGHTS,
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
        values.append(seat_value(game, after, seat, w=weights))
    return tuple(values)


evaluate, leaf_values, playout_move = state_heuristic(evaluate_state, margins_by(values_of))
"""The shared default (agents/heuristics): the view's move values on a determinized state,
each seat's value minus the best other's, and the best move by :func:`evaluate_state`."""


__all__ = ["WEIGHTS", "evaluate", "evaluate_state", "leaf_values", "playout_move", "seat_value",
           "values_of"]
