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

:func:`playout_move` (for simulations) plays the same evaluation on the simulated state (with
the hidden-card averaging), and :func:`leaf_values` is each city value minus the best other's.
"""

from __future__ import annotations

from typing import Any

from sevenwonders.agents.heuristics import margins_by, state_heuristic
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

STAGE_SHARE = 0.75
SPARE_CARD = 0.25
TOKEN_WORTH = 4.5
SCIENCE_SHARE = 0.8
MILITARY_VP = 3
WIN_BONUS = 10.0
EFFECT_WORTH = {
    "alexandria": 1.5, "babylon": 4.0, "ephesus": 1.5, "halicarnassus": 2.0, "olympia": 3.0,
    "rhodes": 1.5, "none": 0.0,
}
"""What a wonder's effect stage adds to its points (a card is worth about 1.5)."""
POWER_WORTH = {"extra_card": 2.5, "economy": 1.5, "engineering": 2.0}
GROWTH = {"per_military_token": 1.5, "per_cat_icon": 1.0, "per_progress_token": 2.0,
          "wonder_complete": 2.0}
"""Points a scoring token may still grow by, over a whole game."""
PENDING_WORTH = {DeckChoice: 1.5, SideChoice: 2.0, Revealed: 2.0, EffectChoice: 1.5}
OWED_CARD = 1.5
MIN_REMAINING = 0.1


def _remaining(game: Any, state: ArchitectsState) -> float:
    """The share of the game still to play, from 1 at the start towards 0."""
    t = game.tables
    most = max(len(city.built) for city in state.cities)
    by_wonder = 1.0 - most / len(t.stage_bit)
    left = len(state.central) + sum(len(deck) for deck in state.decks)
    total = len(t.deck_cards["central"]) + sum(
        len(t.deck_cards[city.wonder]) for city in state.cities)
    return max(MIN_REMAINING, min(by_wonder, 2.0 * left / total))


def _stage_potential(game: Any, state: ArchitectsState, seat: int, city: City) -> float:
    t = game.tables
    res, gold, _ = game.moves.counts(city)
    engineering = any(tok in t.engineering for tok in city.tokens)
    best = 0.0
    wonder = city.wonder
    effect_worth = EFFECT_WORTH.get(t.effect[wonder], 0.0)
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
            worth += 2.0  # completing the wonder ends the game
        best = max(best, worth * min(have, n) / n)
    spare = max(0, sum(res) + gold - 2)
    return float(STAGE_SHARE * best + SPARE_CARD * spare)


def _science_potential(game: Any, state: ArchitectsState, city: City) -> float:
    if not (state.face_up or state.token_pile):
        return 0.0
    return _science_progress(game, city)


def _science_progress(game: Any, city: City) -> float:
    """Progress towards a science set, in points, while tokens are left."""
    _, _, sci = game.moves.counts(city)
    progress = max(max(min(c, 2) for c in sci) / 2, sum(1 for c in sci if c) / 3)
    return float(SCIENCE_SHARE * TOKEN_WORTH * min(progress, 1.0))


def _win_chance(diff: int, closeness: float) -> float:
    """The chance of winning a battle with ``diff`` more shields, sharper as it nears."""
    slope = 0.25 + 0.5 * closeness
    return max(0.0, min(1.0, 0.5 + slope * diff)) if diff else 0.5 * (1 - closeness)


def _military(game: Any, state: ArchitectsState, seat: int, shields: tuple[int, ...]) -> float:
    t = game.tables
    n = state.players
    closeness = state.flipped / t.conflict_total if t.conflict_total else 0.0
    weight = 0.5 + 0.5 * closeness
    mine = shields[seat]
    if n == 2:
        other = shields[1 - seat]
        win = _win_chance(mine - other, closeness)
        double = 1.0 if mine >= 2 * other and mine >= 2 and mine > other else 0.0
        return weight * MILITARY_VP * win * (1 + 0.7 * double)
    value = 0.0
    for neighbour in _neighbours(game, seat):
        value += weight * MILITARY_VP * _win_chance(mine - shields[neighbour], closeness)
    return value


_NEIGHBOURS: dict[tuple[int, int], tuple[int, ...]] = {}
"""(players, seat) -> the seat's neighbours in increasing order (a few dozen at most)."""


def _neighbours(game: Any, seat: int) -> tuple[int, ...]:
    key = (game.players, seat)
    found = _NEIGHBOURS.get(key)
    if found is None:
        found = _NEIGHBOURS[key] = tuple(sorted(game.ring.neighbours(seat)))
    return found


def _power_worth(game: Any, city: City) -> float:
    """What the city's progress tokens are worth over a whole game (times the share left)."""
    t = game.tables
    value = 0.0
    for token_id in city.tokens:
        token = t.tokens[token_id]
        if token.power == "score":
            value += GROWTH.get(token.score, 0.0)
        else:
            value += POWER_WORTH.get(token.power, 0.0)
    return value


def _powers(game: Any, city: City, remaining: float) -> float:
    return _power_worth(game, city) * remaining


_CITIES: Memo[tuple[float, float, float, float]] = Memo(limit=50_000)
"""Per city and cat: its running score, stage potential, science potential (while tokens are
left) and powers' worth over a whole game: what :func:`city_value` reads from the city alone."""


def _city_parts(game: Any, state: ArchitectsState, seat: int, city: City
                ) -> tuple[float, float, float, float]:
    table = _CITIES.context(game.tables, state.cat == seat)
    found = table.get(city)
    if found is None:
        parts = (float(score_sheet(game.tables, city, state.cat == seat).total),
                 _stage_potential(game, state, seat, city),
                 _science_progress(game, city), _power_worth(game, city))
        found = _CITIES.put(table, city, parts)
    return found


def city_value(game: Any, state: ArchitectsState, seat: int,
               shields: tuple[int, ...] | None = None, remaining: float | None = None) -> float:
    """The value in points of ``seat``'s city in ``state`` (see the module's docstring); the
    city's own parts are remembered (:mod:`sevenwonders.agents.heuristics.memo`)."""
    city = state.cities[seat]
    score, stages, science, powers = _city_parts(game, state, seat, city)
    if state.over:
        return score
    if shields is None:
        shields = tuple(game.engine.shields(c) for c in state.cities)
    if remaining is None:
        remaining = _remaining(game, state)
    value = score + stages + powers * remaining
    if state.face_up or state.token_pile:
        value += science
    value += _military(game, state, seat, shields)
    return _with_pending(value, state, seat)


def _with_pending(value: float, state: ArchitectsState, seat: int) -> float:
    """``value`` plus what the decisions ``seat`` owes now are worth (a token to choose, an
    effect, cards owed), added in that order."""
    if state.current == seat:
        pending = state.pending
        if isinstance(pending, TokenChoice):
            value += TOKEN_WORTH
        else:
            value += PENDING_WORTH.get(type(pending), 0.0)
        value += OWED_CARD * len(state.triggered)
    return value


def plain_city_value(game: Any, state: ArchitectsState, seat: int) -> float:
    """:func:`city_value` computed afresh, without the memo (what tests compare it with)."""
    t = game.tables
    city = state.cities[seat]
    value = float(score_sheet(t, city, state.cat == seat).total)
    if state.over:
        return value
    shields = tuple(game.engine.shields(c) for c in state.cities)
    value += _stage_potential(game, state, seat, city)
    value += _science_potential(game, state, city)
    value += _military(game, state, seat, shields)
    value += _powers(game, city, _remaining(game, state))
    return _with_pending(value, state, seat)


_SHIELDS: Memo[int] = Memo(limit=20_000)


def _shields_of(game: Any, city: City) -> int:
    table = _SHIELDS.context(game.tables, None)
    found = table.get(city)
    return found if found is not None else _SHIELDS.put(table, city, game.engine.shields(city))


def values_of(game: Any, state: ArchitectsState) -> list[float]:
    """:func:`city_value` of every seat (a finished game: final scores, winner +10)."""
    shields = tuple(_shields_of(game, c) for c in state.cities)
    remaining = _remaining(game, state)
    values = [city_value(game, state, s, shields, remaining) for s in range(state.players)]
    if state.over:
        sheets = game.scores(state)
        keys = [sheet.key() for sheet in sheets]
        top = max(keys)
        for s, key in enumerate(keys):
            if key == top:
                values[s] += WIN_BONUS / keys.count(top)
    return values


def _margin(game: Any, state: ArchitectsState, seat: int) -> float:
    values = values_of(game, state)
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
    game: Game[Any, Any, Any], state: Any, seat: int, legal: tuple[Any, ...]
) -> tuple[float, ...]:
    """The seat's margin (city value minus the best other's) after each of ``legal``."""
    values = []
    for move in legal:
        total = 0.0
        for weight, variant in _variants(game, state, seat, move):
            after = game.play(variant, {seat: move})
            total += weight * _margin(game, after, seat)
        values.append(total)
    return tuple(values)


evaluate, leaf_values, playout_move = state_heuristic(evaluate_state, margins_by(values_of))
"""The shared default (agents/heuristics): the view's move values on a determinized state,
each seat's value minus the best other's, and the best move by :func:`evaluate_state`."""


__all__ = ["city_value", "evaluate", "evaluate_state", "leaf_values", "plain_city_value",
           "playout_move", "values_of"]
