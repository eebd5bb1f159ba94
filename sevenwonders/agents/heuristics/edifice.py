"""What joining the current Age's Edifice project is worth to a seat, for the base heuristic.

A stage built with ``+project`` costs the project's coins on top (the base heuristic takes them
from the city) and gives a participation pawn, which earns the project's reward if the project
completes and spares its penalty if it fails (Edifice rulebook: "Projekte"; reference, section
1.2). In points:

    pawn points + p * reward + (1 - p) * penalty spared

where ``p`` is the chance the project completes: 1 when this pawn is its last, else a share that
falls with the pawns still left after it and with the turns left in the Age. A reward is worth
its coins (a third of a point each, more while coins still buy resources), its victory token,
the defeat tokens it removes, the points a per-item reward would score now, or a fixed worth for
shields and production; a penalty is worth the coins or tokens it takes, a card of its colour
(:data:`CARD_WORTH`), or the debt token it gives when the city cannot pay it. A seat that
already holds a pawn of the Age (a box pawn) is spared the penalty anyway.
"""

from __future__ import annotations

from typing import Any

from sevenwonders.base.effects import Coins, PointsPer, Produce, Shields
from sevenwonders.base.scoring import guild_value
from sevenwonders.base.state import BaseState
from sevenwonders.edifice.expansion import NAME, PARTICIPATE
from sevenwonders.edifice.projects import (
    DEBT_TOKENS,
    CopyOwnGuild,
    DiscardCard,
    DiscardDefeats,
    LoseCoins,
    LoseVictoryTokens,
    PointsPerColour,
    PointsPerSet,
    Project,
    VictoryToken,
)
from sevenwonders.edifice.state import EdificeState

COMPLETION = {1: 0.6, 2: 0.4}
"""The chance a project completes with this many pawns left after the seat's (more: 0.25)."""
FAR_COMPLETION = 0.25
COIN_POINTS = 1 / 3
LIQUIDITY = {1: 0.15, 2: 0.15, 3: 0.0}
SHIELD_WORTH = {1: 2.0, 2: 1.5, 3: 1.0}
PRODUCTION_WORTH = {1: 1.5, 2: 1.0, 3: 0.1}
CARD_WORTH = 2.0
"""What losing one card of a colour costs (a typical card's points and production)."""
GROWTH = 0.5
"""Points per Age still to come that a per-item reward may grow by."""


def _edifice(game: Any) -> tuple[Any, int] | None:
    for index, expansion in enumerate(game.rules.expansions):
        if getattr(expansion, "name", None) == NAME:
            return expansion, index
    return None


def completion_chance(pawns_after: int, turns_left: int) -> float:
    """The chance a project completes when ``pawns_after`` pawns are left after the seat's and
    the Age has ``turns_left`` turns after this one."""
    if pawns_after <= 0:
        return 1.0
    chance = COMPLETION.get(pawns_after, FAR_COMPLETION)
    return chance * min(1.0, turns_left / (2 * pawns_after))


def reward_worth(game: Any, state: BaseState, seat: int, project: Project) -> float:
    """The project's reward to ``seat``, in points, as the city stands."""
    rules = game.rules
    age = state.age
    city = state.cities[seat]
    colours = [rules.cards[name].colour.value for name in city.cards]
    worth = 0.0
    for reward in project.reward:
        if isinstance(reward, Coins):
            worth += reward.amount * (COIN_POINTS + LIQUIDITY[age])
        elif isinstance(reward, VictoryToken):
            worth += reward.value
        elif isinstance(reward, DiscardDefeats):
            worth += sum(1 for token in city.tokens if token < 0)
        elif isinstance(reward, Shields):
            worth += reward.count * SHIELD_WORTH[age]
        elif isinstance(reward, Produce):
            worth += reward.amount * PRODUCTION_WORTH[age]
        elif isinstance(reward, PointsPer):
            count = rules.count(state.cities, seat, reward.counts, reward.scope)
            worth += reward.vp * (count + GROWTH * (3 - age))
        elif isinstance(reward, PointsPerSet):
            sets = min(colours.count(colour) for colour in reward.colours)
            worth += reward.vp * (sets + GROWTH * (3 - age))
        elif isinstance(reward, PointsPerColour):
            worth += reward.vp * len(set(colours))
        elif isinstance(reward, CopyOwnGuild):
            guilds = [rules.cards[n] for n in city.cards if rules.cards[n].colour.value == "purple"]
            worth += max((guild_value(rules, state, seat, g) for g in guilds), default=0)
    return worth


def penalty_worth(game: Any, expansion: Any, state: BaseState, seat: int,
                  project: Project) -> float:
    """What the project's penalty would cost ``seat``, in points, as the city stands."""
    rules = game.rules
    city = state.cities[seat]
    debt = float(-DEBT_TOKENS[project.age - 1])
    penalty = project.penalty
    if isinstance(penalty, LoseCoins):
        if city.coins < penalty.amount:
            return debt
        return penalty.amount * (COIN_POINTS + LIQUIDITY[state.age])
    if isinstance(penalty, DiscardCard):
        has = any(rules.cards[n].colour.value == penalty.colour for n in city.cards)
        return CARD_WORTH if has else debt
    if isinstance(penalty, LoseVictoryTokens):
        victories = sorted((t for t in city.tokens if t > 0),
                           reverse=getattr(expansion, "castle_loses", "highest") == "highest")
        if len(victories) < penalty.count:
            return debt
        return float(sum(victories[: penalty.count]))
    return 0.0


def project_value(game: Any, state: BaseState, seat: int) -> float:
    """What joining the current Age's project adds to ``seat``'s stage build, in points (its
    coins aside: the base heuristic takes them from the city). 0 without Edifice."""
    found = _edifice(game)
    if found is None:
        return 0.0
    expansion, index = found
    mine = state.expansions[index]
    assert isinstance(mine, EdificeState)
    age = state.age - 1
    project: Project = expansion.catalogue[mine.projects[age]]
    pawns_after = mine.pawns_left[age] - 1
    turns_left = max(0, len(state.hands[seat]) - 2)
    chance = completion_chance(pawns_after, turns_left)
    spared = 0.0 if seat in mine.holders[age] else penalty_worth(
        game, expansion, state, seat, project)
    pawn: int = expansion.pawn_points[age]
    return pawn + chance * reward_worth(game, state, seat, project) + (1 - chance) * spared


__all__ = ["PARTICIPATE", "completion_chance", "penalty_worth", "project_value",
           "reward_worth"]
