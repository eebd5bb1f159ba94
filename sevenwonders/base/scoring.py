"""The final score sheet of the base game, line by line as on the score pad.

Lines, in the pad's order: wonder, coins, military, civilian (blue), commercial (yellow),
science (green), guilds (purple). Ties are broken by coins.
"""

from __future__ import annotations

from sevenwonders.base.cards import Card, Colour
from sevenwonders.base.effects import (
    CopyNeighbourGuild,
    Effect,
    Points,
    PointsPer,
    Science,
    ScienceChoice,
    Symbol,
    WonderCompletePoints,
)
from sevenwonders.base.state import BaseState, City
from sevenwonders.base.tables import Tables
from sevenwonders.core.frozenmap import FrozenMap
from sevenwonders.core.science import science_points
from sevenwonders.core.scoring import ScoreSheet

LINES = ("wonder", "coins", "military", "civilian", "commercial", "science", "guilds")
COINS_PER_POINT = 3

_LINE_OF_COLOUR = {
    Colour.BLUE: "civilian",
    Colour.YELLOW: "commercial",
    Colour.PURPLE: "guilds",
    Colour.GREEN: "science",
    Colour.RED: "military",
    Colour.BROWN: "civilian",
    Colour.GREY: "civilian",
}


def _card_points(tables: Tables, state: BaseState, seat: int, card: Card, effect: Effect) -> int:
    """End-of-game points of one effect of a card in ``seat``'s city."""
    if isinstance(effect, Points):
        return effect.vp
    return _effect_points(tables, state, seat, effect)


def _effect_points(tables: Tables, state: BaseState, seat: int, effect: Effect) -> int:
    """End-of-game points of an effect counted from the state (not a plain Points)."""
    city = state.cities[seat]
    if isinstance(effect, PointsPer):
        return effect.vp * tables.count(state.cities, seat, effect.counts, effect.scope)
    if isinstance(effect, WonderCompletePoints):
        return effect.vp if city.stages == len(tables.stages(city)) else 0
    return 0


def _science(tables: Tables, state: BaseState, seat: int, extra_wildcards: int = 0) -> int:
    counts = {Symbol.COMPASS: 0, Symbol.GEAR: 0, Symbol.TABLET: 0}
    wild = extra_wildcards
    for effect in tables.seat_effects(state, seat):
        if isinstance(effect, Science):
            counts[effect.symbol] += 1
        elif isinstance(effect, ScienceChoice):
            wild += 1
    return science_points(counts[Symbol.COMPASS], counts[Symbol.GEAR], counts[Symbol.TABLET], wild)


def score_lines(tables: Tables, state: BaseState, seat: int) -> dict[str, int]:
    """The score pad lines of ``seat`` for the state as it stands (:func:`lines_by_effect`
    is the rule; this reads each card's share from a table made once per card)."""
    city = state.cities[seat]
    lines = dict.fromkeys(LINES, 0)
    lines["wonder"] = sum(e.vp for e in tables.stage_effects(city) if isinstance(e, Points))
    lines["coins"] = city.coins // COINS_PER_POINT
    lines["military"] = sum(city.tokens)
    cards = tables.cards
    compass = gear = tablet = wild = 0
    for name in city.cards:
        card = cards[name]
        found = _CARD_SCORES.get(id(card))
        if found is None or found[0] is not card:
            found = _card_score(card)
        line, points, scored, science = found[1]
        for effect in scored:
            points += _effect_points(tables, state, seat, effect)
        if points:
            lines[line] += points
        if science:
            compass += science[0]
            gear += science[1]
            tablet += science[2]
            wild += science[3]
    for effect in (*tables.stage_effects(city), *tables.extra_effects(state, seat)):
        if isinstance(effect, Science):
            symbol = effect.symbol
            if symbol is Symbol.COMPASS:
                compass += 1
            elif symbol is Symbol.GEAR:
                gear += 1
            else:
                tablet += 1
        elif isinstance(effect, ScienceChoice):
            wild += 1
    lines["science"] += science_points(compass, gear, tablet, wild)
    return _finish(tables, state, seat, city, lines)


def lines_by_effect(tables: Tables, state: BaseState, seat: int) -> dict[str, int]:
    """The score pad lines of ``seat``, effect by effect (the rule :func:`score_lines` reads
    from its table)."""
    city = state.cities[seat]
    lines = dict.fromkeys(LINES, 0)
    lines["wonder"] = sum(e.vp for e in tables.stage_effects(city) if isinstance(e, Points))
    lines["coins"] = city.coins // COINS_PER_POINT
    lines["military"] = sum(city.tokens)
    for name in city.cards:
        card = tables.cards[name]
        line = _LINE_OF_COLOUR[card.colour]
        for effect in card.effects:
            lines[line] += _card_points(tables, state, seat, card, effect)
    lines["science"] += _science(tables, state, seat)
    return _finish(tables, state, seat, city, lines)


def _finish(tables: Tables, state: BaseState, seat: int, city: City,
            lines: dict[str, int]) -> dict[str, int]:
    """Olympia's copied guild and the expansions' lines."""
    if tables.has_power(city, CopyNeighbourGuild):
        _copy_best_guild(tables, state, seat, lines)
    for expansion in tables.expansions:
        for line, points in expansion.score_lines(tables, state, seat).items():
            lines[line] = lines.get(line, 0) + points
    return lines


# per card: its line, the points of its Points effects, its effects scored from the state,
# and its science symbols (compass, gear, tablet, wild), or () without any
CardScore = tuple[str, int, tuple[Effect, ...], tuple[int, ...]]


# id of a card -> (the card, its share): the cards are the editions' data, loaded once
_CARD_SCORES: dict[int, tuple[Card, CardScore]] = {}
_CARD_SCORES_LIMIT = 4_000


def _card_score(card: Card) -> tuple[Card, CardScore]:
    """The card's share of a score sheet that does not depend on the state (its line, its
    points, its science symbols) and its effects scored from the state."""
    effects = card.effects
    symbols = [e.symbol for e in effects if isinstance(e, Science)]
    science = (symbols.count(Symbol.COMPASS), symbols.count(Symbol.GEAR),
               symbols.count(Symbol.TABLET), sum(isinstance(e, ScienceChoice) for e in effects))
    if len(_CARD_SCORES) > _CARD_SCORES_LIMIT:
        _CARD_SCORES.clear()
    found = _CARD_SCORES[id(card)] = (card, (
        _LINE_OF_COLOUR[card.colour], sum(e.vp for e in effects if isinstance(e, Points)),
        tuple(e for e in effects if isinstance(e, PointsPer | WonderCompletePoints)),
        science if any(science) else ()))
    return found


def guild_value(tables: Tables, state: BaseState, seat: int, guild: Card) -> int:
    """What ``guild`` is worth to ``seat`` on top of its current sheet (points and any science
    gain from a wild symbol), as if it stood a second time in the city."""
    points = sum(_card_points(tables, state, seat, guild, e) for e in guild.effects)
    wild = sum(1 for e in guild.effects if isinstance(e, ScienceChoice))
    if wild:
        points += _science(tables, state, seat, wild) - _science(tables, state, seat)
    return points


def _copy_best_guild(tables: Tables, state: BaseState, seat: int, lines: dict[str, int]) -> None:
    """Olympia (1st edition, B): copy the neighbours' guild worth most to this city.

    The copy scores as if it stood in this city but is not a card of it: it adds no purple card
    to anything that counts cards, and it is scored once for the copier (its owner keeps it).
    A copied wild science symbol counts on the science line.
    """
    best_guilds, best_science = 0, 0
    for neighbour in tables.ring.neighbours(seat):
        for name in state.cities[neighbour].cards:
            card = tables.cards[name]
            if card.colour is not Colour.PURPLE:
                continue
            guild_points = sum(_card_points(tables, state, seat, card, e) for e in card.effects)
            wild = sum(1 for e in card.effects if isinstance(e, ScienceChoice))
            science_gain = (
                _science(tables, state, seat, wild) - _science(tables, state, seat) if wild else 0
            )
            if guild_points + science_gain > best_guilds + best_science:
                best_guilds, best_science = guild_points, science_gain
    lines["guilds"] += best_guilds
    lines["science"] += best_science


def score_sheet(tables: Tables, state: BaseState, seat: int) -> ScoreSheet:
    lines = score_lines(tables, state, seat)
    # (ScoreSheet.of, with the total summed from the plain dict)
    return ScoreSheet(FrozenMap(lines), sum(lines.values()), (state.cities[seat].coins,))
