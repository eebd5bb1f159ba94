"""7 Wonders Architects: a one-step heuristic for the greedy agent, and the search agent's
playout policy and leaf values.

A move is valued by playing it (the game's own rules, on a state drawn from the seat's view by
:mod:`sevenwonders.architects.determinize`) and measuring every city afterwards; the value of the
move is the seat's city value minus the best other city's value (taking the cat, for instance,
gains 2 points and costs the holder 2). A move whose outcome depends on a card the seat cannot
see (the top of the central deck, the top of the face-down token pile) is valued as the average
over every card it could be, weighted by how many of each are unseen, so the hidden order the
determinization drew plays no part in it.

The value of a city, in points, is

- its running score (wonder stages, cat, blue cards, military tokens, progress tokens);
- *stage potential*: for the best stage it may build next, the share of the stage's cost its
  grey and gold cards already cover, times the stage's points (plus its effect's worth, below),
  times 0.75; every further grey or gold card adds 0.25. Resources are only worth the stages they
  lead to, and stages are what ends the game and scores most;
- *science potential*: progress towards a set (two identical or three different symbols) times
  0.8 of a token's worth (4.5), while tokens are left;
- *military*: against each neighbour (the only opponent with two players, which can win two
  tokens), 3 points per token times the chance of winning the next battle, read from the shield
  difference; the nearer the battle (flipped conflict tokens), the sharper and heavier it is;
- *powers*: progress tokens that give extra cards (2.5), Economy (1.5) and Engineering (2), and
  growth of scoring tokens (Strategy, Politics, Education, Decor), all times the share of the
  game still to play (read from the most advanced wonder and the cards left);
- *pending*: a decision the move opens (a progress token to choose, a deck or a card to take
  with a wonder effect, extra cards owed by tokens) at its average worth.

A finished game is worth its final score, and the winner gets 10 more points.

Every figure above is a weight, and the weights are data
(:mod:`sevenwonders.agents.heuristics.architects_weights`): the figures are the hand-set ones
(``agents/data/greedy_architects_hand.toml``); greedy plays with the package's file
(``greedy_architects.toml``, which says where it came from). The functions take a ``w`` (or
``weights``) argument to value with other weights; the shapes (the military chance's slope, the
share of the game left) stay code.

:func:`playout_move` (for simulations) plays the same evaluation on the simulated state (with
the hidden-card averaging), and :func:`leaf_values` is each city value minus the best other's.
"""

from __future__ import annotations

from typing import Any

from sevenwonders.agents.heuristics import margins_by, state_heuristic
from sevenwonders.agents.heuristics.architects_weights import WEIGHTS, ArchitectsWeights
from sevenwonders.agents.heuristics.memo import Memo
from sevenwonders.architects.moves import Alexandria, ChooseToken, Extra, Source, Take
from sevenwonders.architects.rules import HIDDEN
from sevenwonders.architects.scoring import score_sheet
from sevenwonders.architects.state import (
    ArchitectsState,
    City,
    DeckChoice,
    EffectChoice,
    Revealed,
    SideChoice,
    StartTurn,
    TokenChoice,
)
from sevenwonders.core.protocol import Game

WIN_BONUS = 10.0
MIN_REMAINING = 0.1
PENDING_KEY = {DeckChoice: "deck_choice", SideChoice: "side_choice", Revealed: "revealed",
               EffectChoice: "effect_choice"}
"""The weight (:data:`ArchitectsWeights.pending`) of each decision a move may leave open."""


def _remaining(game: Any, state: ArchitectsState) -> float:
    """The share of the game still to play, from 1 at the start towards 0."""
    t = game.tables
    most = max(len(city.built) for city in state.cities)
    by_wonder = 1.0 - most / len(t.stage_bit)
    left = len(state.central) + sum(len(deck) for deck in state.decks)
    total = len(t.deck_cards["central"]) + sum(
        len(t.deck_cards[city.wonder]) for city in state.cities)
    return max(MIN_REMAINING, min(by_wonder, 2.0 * left / total))


def _stage_potential(game: Any, city: City, w: ArchitectsWeights) -> float:
    t = game.tables
    res, gold, _ = game.moves.counts(city)
    engineering = any(tok in t.engineering for tok in city.tokens)
    best = 0.0
    wonder = city.wonder
    effect_worth = w.table("effect").get(t.effect[wonder], 0.0)
    kinds = sum(1 for r in res if r)
    for key in t.available[wonder][t.built_mask(city.built)]:
        n, identical = t.stage_cost[key]
        if engineering:
            have = sum(res) + gold
        elif identical:
            have = max(res) + gold
        else:
            have = kinds + gold
        worth = t.stage_vp[wonder][key] + (effect_worth if t.stage_effect[wonder][key] else 0.0)
        if len(city.built) == len(t.stage_bit) - 1:
            worth += w.completion  # completing the wonder ends the game
        best = max(best, worth * min(have, n) / n)
    spare = max(0, sum(res) + gold - 2)
    return float(w.stage_share * best + w.spare_card * spare)


def _science_potential(game: Any, state: ArchitectsState, city: City, w: ArchitectsWeights
                       ) -> float:
    if not (state.face_up or state.token_pile):
        return 0.0
    return _science_progress(game, city, w)


def _science_progress(game: Any, city: City, w: ArchitectsWeights) -> float:
    """Progress towards a science set, in points, while tokens are left."""
    _, _, sci = game.moves.counts(city)
    progress = max(max(min(c, 2) for c in sci) / 2, sum(1 for c in sci if c) / 3)
    return float(w.science_share * w.token * min(progress, 1.0))


def _win_chance(diff: int, closeness: float) -> float:
    """The chance of winning a battle with ``diff`` more shields, sharper as it nears."""
    slope = 0.25 + 0.5 * closeness
    return max(0.0, min(1.0, 0.5 + slope * diff)) if diff else 0.5 * (1 - closeness)


def _military(game: Any, state: ArchitectsState, seat: int, shields: tuple[int, ...],
              w: ArchitectsWeights) -> float:
    t = game.tables
    n = state.players
    closeness = state.flipped / t.conflict_total if t.conflict_total else 0.0
    weight = 0.5 + 0.5 * closeness
    mine = shields[seat]
    if n == 2:
        other = shields[1 - seat]
        win = _win_chance(mine - other, closeness)
        double = 1.0 if mine >= 2 * other and mine >= 2 and mine > other else 0.0
        return weight * w.military * win * (1 + w.double_win * double)
    value = 0.0
    for neighbour in _neighbours(game, seat):
        value += weight * w.military * _win_chance(mine - shields[neighbour], closeness)
    return value


_NEIGHBOURS: dict[tuple[int, int], tuple[int, ...]] = {}
"""(players, seat) -> the seat's neighbours in increasing order (a few dozen at most)."""


def _neighbours(game: Any, seat: int) -> tuple[int, ...]:
    key = (game.players, seat)
    found = _NEIGHBOURS.get(key)
    if found is None:
        found = _NEIGHBOURS[key] = tuple(sorted(game.ring.neighbours(seat)))
    return found


def _power_worth(game: Any, city: City, w: ArchitectsWeights) -> float:
    """What the city's progress tokens are worth over a whole game (times the share left)."""
    t = game.tables
    growth, power = w.table("growth"), w.table("power")
    value = 0.0
    for token_id in city.tokens:
        token = t.tokens[token_id]
        if token.power == "score":
            value += growth.get(token.score, 0.0)
        else:
            value += power.get(token.power, 0.0)
    return value


_CITIES: Memo[tuple[float, float, float, float]] = Memo(limit=50_000)
"""Per city and cat (and weights, when not the package's): its running score, stage potential,
science potential (while tokens are left) and powers' worth over a whole game: what
:func:`city_value` reads from the city alone."""


def _city_parts(game: Any, state: ArchitectsState, seat: int, city: City, w: ArchitectsWeights
                ) -> tuple[float, float, float, float]:
    cat = state.cat == seat
    table = _CITIES.context(game.tables, cat if w is WEIGHTS else (cat, w))
    found = table.get(city)
    if found is None:
        parts = (float(score_sheet(game.tables, city, cat).total),
                 _stage_potential(game, city, w),
                 _science_progress(game, city, w), _power_worth(game, city, w))
        found = _CITIES.put(table, city, parts)
    return found


def city_value(game: Any, state: ArchitectsState, seat: int,
               shields: tuple[int, ...] | None = None, remaining: float | None = None,
               w: ArchitectsWeights = WEIGHTS) -> float:
    """The value in points of ``seat``'s city in ``state`` (see the module's docstring) by the
    weights ``w``; the city's own parts are remembered
    (:mod:`sevenwonders.agents.heuristics.memo`)."""
    city = state.cities[seat]
    score, stages, science, powers = _city_parts(game, state, seat, city, w)
    if state.over:
        return score
    if shields is None:
        shields = tuple(game.engine.shields(c) for c in state.cities)
    if remaining is None:
        remaining = _remaining(game, state)
    value = score + stages + powers * remaining
    if state.face_up or state.token_pile:
        value += science
    value += _military(game, state, seat, shields, w)
    return _with_pending(value, state, seat, w)


def _with_pending(value: float, state: ArchitectsState, seat: int, w: ArchitectsWeights
                  ) -> float:
    """``value`` plus what the decisions ``seat`` owes now are worth (a token to choose, an
    effect, cards owed), added in that order."""
    if state.current == seat:
        pending = state.pending
        if isinstance(pending, TokenChoice):
            value += w.token
        else:
            key = PENDING_KEY.get(type(pending))
            value += w.table("pending")[key] if key is not None else 0.0
        value += w.owed_card * len(state.triggered)
    return value


def plain_city_value(game: Any, state: ArchitectsState, seat: int,
                     w: ArchitectsWeights = WEIGHTS) -> float:
    """:func:`city_value` computed afresh, without the memo (what tests compare it with)."""
    t = game.tables
    city = state.cities[seat]
    value = float(score_sheet(t, city, state.cat == seat).total)
    if state.over:
        return value
    shields = tuple(game.engine.shields(c) for c in state.cities)
    value += _stage_potential(game, city, w)
    value += _science_potential(game, state, city, w)
    value += _military(game, state, seat, shields, w)
    value += _power_worth(game, city, w) * _remaining(game, state)
    return _with_pending(value, state, seat, w)


_SHIELDS: Memo[int] = Memo(limit=20_000)


def _shields_of(game: Any, city: City) -> int:
    table = _SHIELDS.context(game.tables, None)
    found = table.get(city)
    return found if found is not None else _SHIELDS.put(table, city, game.engine.shields(city))


def values_of(game: Any, state: ArchitectsState, w: ArchitectsWeights = WEIGHTS) -> list[float]:
    """:func:`city_value` of every seat (a finished game: final scores, winner +10)."""
    shields = tuple(_shields_of(game, c) for c in state.cities)
    remaining = _remaining(game, state)
    values = [city_value(game, state, s, shields, remaining, w) for s in range(state.players)]
    if state.over:
        sheets = game.scores(state)
        keys = [sheet.key() for sheet in sheets]
        top = max(keys)
        for s, key in enumerate(keys):
            if key == top:
                values[s] += WIN_BONUS / keys.count(top)
    return values


def _margin(game: Any, state: ArchitectsState, seat: int, w: ArchitectsWeights) -> float:
    values = values_of(game, state, w)
    others = [v for s, v in enumerate(values) if s != seat]
    return values[seat] - max(others) if others else values[seat]


def _tops(deck: tuple[Any, ...], key: Any) -> list[tuple[float, int]]:
    """Each distinct item of ``deck`` (by ``key``, in the order first met): the place of its
    last copy, which the variant puts on top, with its share of the deck."""
    counts: dict[Any, int] = {}
    last: dict[Any, int] = {}
    for j, item in enumerate(deck):
        kind = key(item)
        counts[kind] = counts.get(kind, 0) + 1
        last[kind] = j
    size = len(deck)
    return [(count / size, last[kind]) for kind, count in counts.items()]


def _draws_central(move: Any) -> bool:
    return (isinstance(move, Take | Extra) and move.source is Source.CENTRAL) or (
        isinstance(move, Alexandria) and move.deck == "central")


def _variants(game: Any, state: ArchitectsState, seat: int, move: Any
              ) -> list[tuple[float, ArchitectsState]]:
    """The states the seat must average over before playing ``move``: one per card kind the
    hidden card it draws may be, made by the game object
    (:meth:`~sevenwonders.architects.game.ArchitectsGame.on_top`), so that it plays them
    without checking them again."""
    if _draws_central(move) and len(state.central) > 1 and not (
            state.cat == seat and isinstance(state.pending, StartTurn)):
        kind = game.tables.card_kind
        return [(w, game.on_top(state, "central", i))
                for w, i in _tops(state.central, lambda c: kind[c])]
    if isinstance(move, ChooseToken) and move.token == HIDDEN and len(state.token_pile) > 1:
        return [(w, game.on_top(state, "tokens", i))
                for w, i in _tops(state.token_pile, lambda x: x)]
    return [(1.0, state)]


def evaluate_state(
    game: Game[Any, Any, Any], state: Any, seat: int, legal: tuple[Any, ...],
    weights: ArchitectsWeights = WEIGHTS,
) -> tuple[float, ...]:
    """The seat's margin (city value minus the best other's) after each of ``legal``, by
    ``weights``."""
    values = []
    for move in legal:
        total = 0.0
        for weight, variant in _variants(game, state, seat, move):
            after = game.play(variant, {seat: move})
            total += weight * _margin(game, after, seat, weights)
        values.append(total)
    return tuple(values)


evaluate, leaf_values, playout_move = state_heuristic(evaluate_state, margins_by(values_of))
"""The shared default (agents/heuristics): the view's move values on a determinized state,
each seat's value minus the best other's, and the best move by :func:`evaluate_state`."""


__all__ = ["WEIGHTS", "city_value", "evaluate", "evaluate_state", "leaf_values", "plain_city_value",
           "playout_move", "values_of"]
