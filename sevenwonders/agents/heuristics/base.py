"""The base game's one-step heuristic, for the greedy agent, and its playout policy.

:func:`evaluate` values a move by the position it leaves the seat's own city in, seen from the
seat's view alone (the rest of the table as it stands). The value of a city is, in points:

- its running score (:meth:`Game.scores`: wonder, military tokens, blue, yellow, green and
  purple points as they would count now), except coins, which count ``coins / 3`` smoothly plus,
  in Ages I and II, ``0.15`` per coin up to 8 coins (coins buy resources later);
- the conflicts still to come: against each neighbour, the current shield totals decide, the
  current Age's conflict at full weight (win 1/3/5 points, loss -1) and later Ages' at 0.4;
- production for the rest of the game: per resource letter, the first unit is worth 1, the second
  0.6, the third and fourth 0.3 (a unit of a choice card counts 0.6 for each of its letters),
  times 3.5 in Age I, 2.5 in Age II, 0.3 in Age III. Production is what later cards and the
  wonder's stages are paid with: valued low (1.2 / 0.8 / 0.1 at first), greedy sold about
  8 cards a game for coins, rarely could afford a stage, and ended on about 10 coins and 35
  points; at these weights it builds its production, then its stages and dearer cards;
- trading discounts: 1.2 each in Age I, 0.6 in Age II;
- chains: 0.7 (Age I) or 0.5 (Age II) for every card of a later Age that a built card makes free;
- science potential: 0.4 per science symbol or wildcard in Ages I and II (sets grow);
- wonder powers (play the last card, build from the discard pile, free builds): 1.5 per Age
  still to play, counting the current one.

Every weight above is data (:mod:`sevenwonders.agents.heuristics.weights`): the figures above
are the hand-set ones (``agents/data/greedy_base_hand.toml``); greedy plays with weights tuned
from them (``agents/data/greedy_base.toml``, which says how). The functions take a ``weights``
argument, the package's file by default, so a tuning run searches them without touching the
code. Further weights by Age (0 by hand) value what the figures above miss
(:mod:`sevenwonders.agents.heuristics.base_features`): each wonder stage built beyond its points,
each point its stages give, the share of the next stage's cost the city's own production pays,
and what one more science symbol would add (science potential that grows as sets grow).

A move changes only the seat's city: a build adds the card, pays the bank (nothing when a built
card chains to it) and the neighbours, and takes the card's coins; a stage adds a stage and its
coins; a sale adds 3 coins. Coins paid to a neighbour also cost 0.1 each (they help a rival;
at 0.25, as at first, trading for a missing resource cost more than it earned).

:func:`playout_move` is the fast policy used inside the search agent's simulations: a random
build 70% of the time when one is possible, else a random stage 50% of the time, else any move.
"""

from __future__ import annotations

import functools
from collections import defaultdict
from typing import Any

import attrs

from sevenwonders.agents.determinize import determinizer_for
from sevenwonders.agents.heuristics import margins_of
from sevenwonders.agents.heuristics.base_ending import ending_science, held_science
from sevenwonders.agents.heuristics.base_features import (
    science_next,
    stage_effects,
    stage_value,
    stages_of,
    wonder_of,
)
from sevenwonders.agents.heuristics.edifice import PARTICIPATE, project_value
from sevenwonders.agents.heuristics.memo import Memo
from sevenwonders.agents.heuristics.weights import WEIGHTS, BaseWeights
from sevenwonders.base.effects import (
    BuildFromDiscard,
    Coins,
    CoinsPer,
    CopyNeighbourGuild,
    Effect,
    FreeFirstOfAge,
    FreeFirstOfColour,
    FreeLastOfAge,
    FreeOncePerAge,
    PlayLastCard,
    PointsPer,
    Produce,
    Science,
    ScienceChoice,
    Scope,
    TradeDiscount,
)
from sevenwonders.base.moves import Build, BuildStage, Sell
from sevenwonders.base.scoring import score_sheet
from sevenwonders.base.state import BaseState, City
from sevenwonders.base.tables import count_items
from sevenwonders.core.protocol import Game
from sevenwonders.core.rng import Rng
from sevenwonders.core.scoring import ScoreSheet
from sevenwonders.core.seats import Ring

VICTORY = {1: 1, 2: 3, 3: 5}
LIQUIDITY_CAP = 8
SALE_COINS = 3
POWERS = (PlayLastCard, BuildFromDiscard, FreeFirstOfColour, FreeFirstOfAge, FreeLastOfAge,
          FreeOncePerAge)


def _city_effects(game: Any, city: City) -> list[Effect]:
    effects: list[Effect] = []
    for name in city.cards:
        effects.extend(game.edition.cards[name].effects)
    choices = getattr(city, "stage_choices", ())
    for i, stage in enumerate(stages_of(game, city)[: city.stages]):
        effects.extend(stage_effects(stage, choices[i] if i < len(choices) else 0))
    return effects


def _shields(game: Any, city: City) -> int:
    total: int = sum(game.edition.cards[name].shields for name in city.cards)
    return total + sum(stage.shields for stage in stages_of(game, city)[: city.stages])


def _count(game: Any, cities: tuple[City, ...], seats: tuple[int, ...], counts: tuple[str, ...]
           ) -> int:
    return count_items(game.edition.cards, cities, seats, counts)  # the rules' one count


@functools.cache
def _ring(n: int) -> Ring:
    return Ring(n)


def _scope_seats(seat: int, n: int, scope: Scope) -> tuple[int, ...]:
    neighbours = tuple(sorted(_ring(n).neighbours(seat)))
    if scope is Scope.OWN:
        return (seat,)
    if scope is Scope.NEIGHBOURS:
        return neighbours
    return (seat, *neighbours)


def _gains(game: Any, effects: tuple[Effect, ...], cities: tuple[City, ...], seat: int) -> int:
    """Coins an effect list pays when placed (counting the cities as they will stand)."""
    gain = 0
    for effect in effects:
        if isinstance(effect, Coins):
            gain += effect.amount
        elif isinstance(effect, CoinsPer):
            seats = _scope_seats(seat, len(cities), effect.scope)
            gain += effect.amount * _count(game, cities, seats, effect.counts)
    return gain


def city_value(game: Any, state: BaseState, seat: int, sheet: ScoreSheet | None = None,
               weights: BaseWeights = WEIGHTS) -> float:
    """The value in points of ``seat``'s city in ``state`` (see the module's docstring);
    ``sheet`` is the seat's score sheet in ``state`` if already known. The plain computation:
    :func:`cached_city_value` is the same, remembered."""
    city = state.cities[seat]
    if sheet is None:
        sheet = score_sheet(game.rules, state, seat)
    theirs = [_shields(game, state.cities[s])
              for s in _scope_seats(seat, state.players, Scope.NEIGHBOURS)]
    return (_sheet_points(sheet) + _own_value(game, state.age, city, weights)
            + _conflicts(state.age, _shields(game, city), theirs, weights))


def _sheet_points(sheet: ScoreSheet) -> float:
    """The running score without its coins line (coins are valued apart)."""
    return float(sheet.total - sheet.lines.get("coins", 0))


def _conflicts(age: int, mine: int, theirs: list[int], weights: BaseWeights) -> float:
    """The conflicts still to come against the neighbours, by today's shields."""
    value = 0.0
    for shields in theirs:
        outcome = (mine > shields) - (mine < shields)
        for a in range(age, 4):
            weight = 1.0 if a == age else weights.later_conflict
            value += weight * (VICTORY[a] if outcome > 0 else -1 if outcome < 0 else 0)
    return value


def _own_value(game: Any, age: int, city: City, weights: BaseWeights) -> float:
    """What the city is worth beyond its running score and its conflicts: coins, production,
    discounts, science potential, powers and chains (the city alone decides them)."""
    return _coin_value(age, city.coins, weights) + _effects_value(game, age, city, weights)


def _coin_value(age: int, coins: int, weights: BaseWeights) -> float:
    value = coins / weights.coin_divisor[age - 1]
    if age < 3:
        value += weights.liquidity * min(coins, LIQUIDITY_CAP)
    return value


def _effects_value(game: Any, age: int, city: City, weights: BaseWeights) -> float:
    """Production, discounts, science potential, powers, chains and stages."""
    at = age - 1
    units_worth = (1.0, weights.second_unit, weights.third_unit, weights.third_unit)
    value = 0.0
    effects = _city_effects(game, city)
    units: defaultdict[str, float] = defaultdict(float)
    for effect in effects:
        if isinstance(effect, Produce):
            share = 1.0 if len(effect.options) == 1 else weights.choice_unit
            for letter in effect.options:
                units[letter] += share * effect.amount
    resource = wonder_of(game, city.wonder).resource
    for letter in resource:
        units[letter] += 1
    production = 0.0
    for amount in units.values():
        for i, unit_value in enumerate(units_worth):
            production += unit_value * max(0.0, min(1.0, amount - i))
    value += weights.production[at] * production
    value += weights.discount[at] * sum(1 for e in effects if isinstance(e, TradeDiscount))
    value += weights.science[at] * sum(
        1 for e in effects if isinstance(e, Science | ScienceChoice)
    )
    value += weights.power * (4 - age) * sum(1 for e in effects if isinstance(e, POWERS))
    value += weights.stage[at] * city.stages
    if weights.science_next[at]:
        value += weights.science_next[at] * science_next(effects)
    if weights.stage_cover[at] or weights.wonder_points[at]:
        value += stage_value(game, at, city, effects, weights)
    if weights.chain[at]:
        built = set(city.cards)
        chains = _chains(game.edition)
        for name in city.cards:
            for target_age, target in chains.get(name, ()):
                if target_age > age and target not in built:
                    value += weights.chain[at]
    return value


_CHAINS: dict[int, tuple[Any, dict[str, list[tuple[int, str]]]]] = {}


def _chains(edition: Any) -> dict[str, list[tuple[int, str]]]:
    """For each card name, the (Age, name) of the cards it makes free (computed once)."""
    known = _CHAINS.get(id(edition))
    if known is not None and known[0] is edition:
        return known[1]
    table: dict[str, list[tuple[int, str]]] = {}
    for card in edition.cards.values():
        for source in card.chains_from:
            table.setdefault(source, []).append((card.age, card.name))
    _CHAINS[id(edition)] = (edition, table)
    return table


def _variant_coins(game: Any, state: BaseState, seat: int, extras: tuple[str, ...]) -> int:
    """What an expansion's variant of a stage build (``extras``) costs on top of the stage."""
    rules = game.rules
    for expansion in rules.expansions:
        for variant in expansion.stage_variants(rules, state, seat):
            if variant.extras == extras:
                coins: int = variant.coins
                return coins
    return 0


_FIELDS: dict[type, tuple[str, ...]] = {}


def _replace(city: City, **changes: Any) -> City:
    """``attrs.evolve(city, **changes)``, without its per-call look-up of the fields (a search
    builds tens of thousands of candidate cities per game)."""
    cls = type(city)
    names = _FIELDS.get(cls)
    if names is None:
        names = _FIELDS[cls] = tuple(a.name for a in attrs.fields(cls) if a.init)
    values = {name: getattr(city, name) for name in names}
    values.update(changes)
    return cls(**values)


def apply_city(game: Any, state: BaseState, seat: int, move: Any) -> tuple[City, float]:
    """``seat``'s city after its ``move`` (a move changes only the mover's city), and the coins
    it pays neighbours."""
    cities = state.cities
    city = cities[seat]
    if isinstance(move, Sell):
        return _replace(city, coins=city.coins + SALE_COINS), 0.0
    if isinstance(move, Build):
        card = game.edition.cards[move.card]
        chained = bool(set(card.chains_from).intersection(city.cards))
        bank = 0 if chained or move.free_build or state.pending else card.coins
        city = _replace(city, cards=(*city.cards, card.name),
                            coins=city.coins - bank - move.left - move.right)
        after = (*cities[:seat], city, *cities[seat + 1:])
        city = _replace(city, coins=city.coins + _gains(game, card.effects, after, seat))
    elif isinstance(move, BuildStage):
        stages = stages_of(game, city)
        if city.stages >= len(stages):
            return city, 0.0
        stage = stages[city.stages]
        effects = stage_effects(stage, getattr(move, "choice", 0))
        extra: dict[str, Any] = {}
        if hasattr(city, "stage_choices"):
            extra["stage_choices"] = (*city.stage_choices, getattr(move, "choice", 0))
        bank = stage.coins + (_variant_coins(game, state, seat, move.extras) if move.extras else 0)
        city = _replace(city, stages=city.stages + 1, tucked=(*city.tucked, move.card),
                            coins=city.coins - bank - move.left - move.right, **extra)
        after = (*cities[:seat], city, *cities[seat + 1:])
        city = _replace(city, coins=city.coins + _gains(game, effects, after, seat))
    else:
        return city, 0.0
    return city, float(move.left + move.right)


def apply(game: Any, state: BaseState, seat: int, move: Any) -> tuple[BaseState, float]:
    """``state`` with only ``seat``'s move applied to its city; and the coins it pays neighbours."""
    city, paid = apply_city(game, state, seat, move)
    if city is state.cities[seat]:
        return state, paid
    cities = state.cities
    return attrs.evolve(state, cities=(*cities[:seat], city, *cities[seat + 1:])), paid


_OWN: Memo[tuple[float, bool, int]] = Memo(limit=50_000)
"""Per Age and city shape: its effects' worth (with its running score when that reads no other
city), whether its score reads other cities, and its shields."""
_SHIELDS: Memo[int] = Memo(limit=20_000)
"""Shields per city shape."""


_SCORES: Memo[float] = Memo(limit=50_000)
"""Running scores (without coins) of cities whose score reads other cities, per context
(:func:`_score_context`) and city."""


def _score_context(game: Any, state: BaseState, seat: int) -> tuple[Any, ...]:
    """What a score reading other cities may read besides the city: the neighbours' cities, or
    with an expansion every other city and the expansions' states."""
    cities = state.cities
    if game.rules.expansions:
        return (seat, (*cities[:seat], *cities[seat + 1:]), state.expansions)
    return (seat, tuple(cities[s] for s in _scope_seats(seat, state.players, Scope.NEIGHBOURS)))


def _score_reads_others(game: Any, city: City) -> bool:
    """Whether the city's running score depends on other cities or on an expansion's state
    (per-item points counted around it, a copied neighbour guild, an expansion's score lines)."""
    if game.rules.expansions:
        return True
    return any(
        (isinstance(e, PointsPer) and e.scope is not Scope.OWN) or isinstance(e, CopyNeighbourGuild)
        for e in _city_effects(game, city)
    )


def _shape(city: City) -> tuple[Any, ...]:
    """What of a city its value reads apart from its coins (a payment split or a trade changes
    only the coins, so cities of one shape share their remembered parts)."""
    return (city.wonder, city.side, city.cards, city.stages, city.tokens,
            getattr(city, "stage_choices", ()))


def _shields_of(game: Any, city: City) -> int:
    table = _SHIELDS.context(game.rules, None)
    shape = _shape(city)
    found = table.get(shape)
    return found if found is not None else _SHIELDS.put(table, shape, _shields(game, city))


def cached_city_value(game: Any, state: BaseState, seat: int, city: City | None = None,
                      weights: BaseWeights = WEIGHTS) -> float:
    """:func:`city_value` of ``state`` with ``seat``'s city replaced by ``city`` (if given),
    from remembered parts (:mod:`sevenwonders.agents.heuristics.memo`): a city's effects'
    worth, its running score (when that reads no other city) and its shields are kept per Age
    and city shape (:func:`_shape`: all but its coins), so only its coins, its conflicts, and
    its score where that reads other cities, are computed again."""
    cities = state.cities
    if city is None:
        city = cities[seat]
    age = state.age
    table = _OWN.context(game.rules, age if weights is WEIGHTS else (age, weights))
    shape = _shape(city)
    entry = table.get(shape)
    after: BaseState | None = None
    if entry is None:
        reads = _score_reads_others(game, city)
        own = _effects_value(game, age, city, weights)
        if not reads:
            after = _with_city(state, seat, city)
            own += _sheet_points(score_sheet(game.rules, after, seat))
        entry = _OWN.put(table, shape, (own, reads, _shields(game, city)))
    own, reads, mine = entry
    value = own + _coin_value(age, city.coins, weights)
    if reads:
        scores = _SCORES.context(game.rules, _score_context(game, state, seat))
        points = scores.get(city)
        if points is None:
            after = after or _with_city(state, seat, city)
            points = _SCORES.put(scores, city,
                                 _sheet_points(score_sheet(game.rules, after, seat)))
        value += points
    theirs = [_shields_of(game, cities[s])
              for s in _scope_seats(seat, state.players, Scope.NEIGHBOURS)]
    return value + _conflicts(age, mine, theirs, weights)


def _with_city(state: BaseState, seat: int, city: City) -> BaseState:
    cities = state.cities
    if city is cities[seat]:
        return state
    return attrs.evolve(state, cities=(*cities[:seat], city, *cities[seat + 1:]))


def evaluate_state(
    game: Game[Any, Any, Any], state: Any, seat: int, legal: tuple[Any, ...],
    weights: BaseWeights = WEIGHTS,
) -> tuple[float, ...]:
    """The value of ``seat``'s city after each of ``legal`` in ``state`` (a full state: the
    search agent's own determinizations; :func:`evaluate` builds one from the view), plus what
    joining an Edifice project is worth (:mod:`sevenwonders.agents.heuristics.edifice`)."""
    out = []
    project: float | None = None
    alike: dict[Any, float] = {}  # the value of moves that differ only in the card sold or tucked
    for move in legal:
        key = _alike_key(move)
        known = alike.get(key) if key is not None else None
        if known is not None:
            out.append(known)
            continue
        city, paid = apply_city(game, state, seat, move)
        value = (cached_city_value(game, state, seat, city, weights)
                 - weights.neighbour_payment * paid)
        if isinstance(move, BuildStage) and PARTICIPATE in move.extras:
            if project is None:
                project = project_value(game, state, seat)
            value += project
        if key is not None:
            alike[key] = value
        out.append(value)
    return tuple(out)


def _alike_key(move: Any) -> tuple[Any, ...] | None:
    """What a move's value depends on when that is not its card: every sale is worth the same
    3 coins, and a stage is worth the same whichever card is tucked under it (the value reads a
    city's shape, :func:`_shape`, which leaves out the tucked cards), for one payment."""
    if isinstance(move, Sell):
        return ("sell",)
    if isinstance(move, BuildStage):
        return ("stage", move.left, move.right, move.extras, getattr(move, "choice", 0))
    return None


def evaluate(
    game: Game[Any, Any, Any], view: Any, legal: tuple[Any, ...], rng: Rng,
    weights: BaseWeights = WEIGHTS,
) -> tuple[tuple[float, ...], Rng]:
    """The value of the seat's city after each legal move, from the view alone (the hidden cards
    of the determinization play no part in it)."""
    determinize = determinizer_for(game)
    assert determinize is not None
    state, rng = determinize(game, view, rng)
    return evaluate_state(game, state, view.seat, legal, weights), rng


def values_of(game: Any, state: BaseState, weights: BaseWeights = WEIGHTS) -> list[float]:
    """Each seat's city value in points (:func:`cached_city_value`): what the search's
    ``points`` reward reads at a cut walk."""
    return [cached_city_value(game, state, s, weights=weights) for s in range(state.players)]


def ending_values_of(game: Any, state: BaseState, weights: BaseWeights = WEIGHTS) -> list[float]:
    """:func:`values_of` with greedy's science part (the points held, the Age's weights per
    symbol) replaced by the final science line's estimate (``base_ending.ending_science``):
    what the search's ``points`` reward reads at a cut walk with ``cut_points="ending"``."""
    out = []
    at = min(state.age, 3) - 1
    for seat, value in enumerate(values_of(game, state, weights)):
        effects = _city_effects(game, state.cities[seat])
        points, symbols = held_science(effects)
        greedy = points + weights.science[at] * symbols
        if weights.science_next[at]:
            greedy += weights.science_next[at] * science_next(effects)
        out.append(value - greedy + ending_science(state.age, state.turn, points, symbols))
    return out


def leaf_values(game: Game[Any, Any, Any], state: Any) -> tuple[float, ...]:
    """Each seat's city value minus the best other city's, for the search agent's simulations
    (``leaf_values_for(game, weights)``: the margins of :func:`values_of` with weights)."""
    return margins_of(values_of(game, state))


BUILD_SHARE = 0.7
STAGE_SHARE = 0.5


def playout_move(
    game: Game[Any, Any, Any], state: Any, seat: int, legal: tuple[Any, ...], rng: Rng
) -> tuple[Any, Rng]:
    """A fast, build-loving random move for simulations."""
    builds = [m for m in legal if isinstance(m, Build)]
    roll, rng = rng.below(1000)
    if builds and roll < BUILD_SHARE * 1000:
        return rng.choice(builds)
    stages = [m for m in legal if isinstance(m, BuildStage)]
    roll, rng = rng.below(1000)
    if stages and roll < STAGE_SHARE * 1000:
        return rng.choice(stages)
    return rng.choice(legal)


__all__ = ["apply", "apply_city", "cached_city_value", "city_value", "ending_values_of", "evaluate",
           "evaluate_state", "leaf_values", "playout_move", "values_of"]
