"""Edifice's part of a position set up on purpose, in any Age.

:func:`sevenwonders.base.positions.position` deals the base game; this module completes the
projects the way the Age's turns and ends would have left them (Edifice rulebook, "Beteiligung
an einem Bauvorhaben" and "Bauvorhaben beenden"). The caller says, under
``expansions={"edifice": {...}}``:

- ``pawns``: by seat, the Ages whose project it took part in (one pawn each; a wonder stage
  built for each);
- ``outcomes``: by Age, ``"completed"`` or ``"failed"`` for a project the caller cares about
  (a completed one lacking named participants gets them from the seats with a stage to spare,
  lowest seat first);
- ``debts``: by seat, the Ages whose debt token it holds.

The rest follows from the rules: a project whose pawns are all taken completed in its Age, any
other project of a past Age failed at that Age's end; a project's card lost a pawn for each
participant; Ur's stages hold their box pawns (taken while the project of their Age was open,
reference decision 7). Each completed project rewards every holder of its pawns, and each
failed one punishes every seat without: on a city whose ``coins`` (``tokens``) the caller did
not give, the rewards' coins (victory tokens, discarded defeats) are added and the penalties'
coins (victory tokens, decision 8) paid, Age by Age, or a debt token taken when the seat could
not pay; a colour penalty was paid with a card now on the discard pile, if one of that colour
lies there. A seat whose ``debts`` are given took exactly those. The position is then checked
like any load; a wish the rules cannot grant is refused with its problems.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import attrs

from sevenwonders.base.effects import Coins, ExpansionEffect
from sevenwonders.base.state import BaseState, City
from sevenwonders.core.limits import quote
from sevenwonders.core.problems import Problem, refuse
from sevenwonders.edifice.pawn_checks import BOX_PAWN
from sevenwonders.edifice.projects import (
    DEBT_TOKENS,
    PAWNS_PER_PROJECT,
    DiscardCard,
    DiscardDefeats,
    LoseCoins,
    LoseVictoryTokens,
    Project,
    VictoryToken,
)
from sevenwonders.edifice.state import COMPLETED, FAILED, OPEN, EdificeState
from sevenwonders.errors import InvalidOptionError

if TYPE_CHECKING:
    from sevenwonders.base.tables import Tables

SPEC_KEYS = ("pawns", "outcomes", "debts")
"""What ``expansions={"edifice": {...}}`` of a position may say."""


def _ages_by_seat(value: object, players: int, what: str) -> dict[int, tuple[int, ...]]:
    if value is None:
        return {}
    if not isinstance(value, Mapping) or not all(
            type(seat) is int and 0 <= seat < players and isinstance(ages, list | tuple)
            and all(type(age) is int and 1 <= age <= 3 for age in ages)
            for seat, ages in value.items()):
        raise InvalidOptionError(f"edifice {what} maps seats 0 to {players - 1} to Ages 1-3, "
                                 f"not {quote(value)}")
    return {seat: tuple(ages) for seat, ages in value.items()}


def _outcomes(value: object) -> dict[int, str]:
    if value is None:
        return {}
    if not isinstance(value, Mapping) or not all(
            type(age) is int and 1 <= age <= 3 and outcome in (COMPLETED, FAILED)
            for age, outcome in value.items()):
        raise InvalidOptionError(f"edifice outcomes map Ages 1-3 to {COMPLETED!r} or "
                                 f"{FAILED!r}, not {quote(value)}")
    return dict(value)


def _box_pawns(tables: Tables, city: City) -> list[int]:
    """The Ages of the box pawns ``city``'s built stages took (Ur)."""
    return [effect.value for effect in tables.stage_effects(city)
            if isinstance(effect, ExpansionEffect) and effect.kind == BOX_PAWN]


def _participants(tables: Tables, state: BaseState, pawns: dict[int, tuple[int, ...]],
                  wanted: dict[int, str]) -> list[list[int]]:
    """Who took part in each Age's project: the named seats, then for a project wanted
    complete the seats with a stage to spare (lowest first) until its pawns are taken."""
    need = PAWNS_PER_PROJECT[tables.players]
    groups = [sorted(seat for seat, ages in pawns.items() if age in ages) for age in (1, 2, 3)]
    for age in sorted(a for a, outcome in wanted.items() if outcome == COMPLETED):
        group = groups[age - 1]
        for seat in range(tables.players):
            if len(group) >= need:
                break
            joined = sum(1 for g in groups if seat in g)
            if seat not in group and seat not in pawns and joined < state.cities[seat].stages:
                group.append(seat)
        group.sort()
    return groups


def _reward(city: City, project: Project, coins: bool, tokens: bool) -> City:
    for reward in project.reward:
        if coins and isinstance(reward, Coins):
            city = attrs.evolve(city, coins=city.coins + reward.amount)
        elif tokens and isinstance(reward, VictoryToken):
            city = attrs.evolve(city, tokens=(*city.tokens, reward.value))
        elif tokens and isinstance(reward, DiscardDefeats):
            city = attrs.evolve(city, tokens=tuple(t for t in city.tokens if t > 0))
    return city


def _penalise(castle_loses: str, tables: Tables, state: BaseState, city: City,
              project: Project, given: Mapping[str, Any]) -> tuple[City, bool]:
    """``city`` after paying ``project``'s penalty, and whether it took a debt instead."""
    penalty = project.penalty
    if isinstance(penalty, LoseCoins):
        if "coins" in given:
            return city, False
        if city.coins < penalty.amount:
            return city, True
        return attrs.evolve(city, coins=city.coins - penalty.amount), False
    if isinstance(penalty, LoseVictoryTokens):
        if "tokens" in given:
            return city, False
        victories = sorted((t for t in city.tokens if t > 0),
                           reverse=castle_loses == "highest")[:penalty.count]
        if len(victories) < penalty.count:
            return city, True
        tokens = list(city.tokens)
        for token in victories:
            tokens.remove(token)
        return attrs.evolve(city, tokens=tuple(tokens)), False
    assert isinstance(penalty, DiscardCard)
    paid = any(tables.cards[name].colour.value == penalty.colour
               and tables.cards[name].age <= project.age for name in state.discard)
    return city, not paid


def complete(tables: Tables, state: BaseState, spec: Mapping[str, Any] | None,
             cities: Mapping[int, Mapping[str, Any]], *, index: int,
             catalogue: Mapping[str, Project], castle_loses: str) -> BaseState:
    """``state`` (a dealt base-game position) with Edifice's part completed from ``spec``
    (the module's text); refuses a completion the rules cannot give. ``index`` is Edifice's
    place among the game's expansions, ``catalogue`` and ``castle_loses`` its options."""
    spec = dict(spec or {})
    unknown = sorted(set(spec) - set(SPEC_KEYS))
    if unknown:
        raise InvalidOptionError(f"edifice positions cannot say {quote(unknown[0])}; they say "
                                 f"{', '.join(SPEC_KEYS)}")
    n = tables.players
    pawns = _ages_by_seat(spec.get("pawns"), n, "pawns")
    debts_given = _ages_by_seat(spec.get("debts"), n, "debts")
    wanted = _outcomes(spec.get("outcomes"))
    mine = state.expansions[index]
    assert isinstance(mine, EdificeState)
    need = PAWNS_PER_PROJECT[n]
    decided = state.age if state.over else state.age - 1  # the Ages whose end is played
    groups = _participants(tables, state, pawns, wanted)
    outcomes = [COMPLETED if len(g) >= need else FAILED if age <= decided else OPEN
                for age, g in enumerate(groups, start=1)]
    found = [Problem("table", "expansions.edifice", f"the project of Age {age} cannot be "
                     f"{outcome}: {len(groups[age - 1])} of {need} pawns were taken" + (
                         "" if age <= decided else f", and Age {age} has not ended"))
             for age, outcome in wanted.items() if outcomes[age - 1] != outcome]
    found += [Problem("table", "expansions.edifice.pawns", f"seat {seat} takes part in the "
                      "project of an Age twice") for seat, ages in pawns.items()
              if len(set(ages)) != len(ages)]
    if found:
        raise refuse("base-game", tuple(found))
    boxed = [_box_pawns(tables, city) for city in state.cities]
    holders = [sorted(set(g) | {s for s in range(n) if age in boxed[s]})
               for age, g in enumerate(groups, start=1)]
    built = list(state.cities)
    rewards: list[list[str]] = [[] for _ in range(n)]
    debts: list[list[int]] = [[] for _ in range(n)]
    for age, name in enumerate(mine.projects, start=1):
        project = catalogue[name]
        for seat in range(n):
            given = cities.get(seat, {})
            if outcomes[age - 1] == COMPLETED and seat in holders[age - 1]:
                rewards[seat].append(name)
                built[seat] = _reward(built[seat], project, "coins" not in given,
                                      "tokens" not in given)
            elif outcomes[age - 1] == FAILED and seat not in holders[age - 1]:
                built[seat], debt = _penalise(castle_loses, tables, state, built[seat], project,
                                              given)
                if seat in debts_given:
                    debt = age in debts_given[seat]
                if debt:
                    debts[seat].append(DEBT_TOKENS[age - 1])
    for seat, ages in debts_given.items():  # a debt no failure gave: the check refuses it
        debts[seat] += [DEBT_TOKENS[a - 1] for a in ages if DEBT_TOKENS[a - 1] not in debts[seat]]
    part = attrs.evolve(
        mine, pawns_left=tuple(max(0, need - len(g)) for g in groups),
        participants=tuple(tuple(g) for g in groups), holders=tuple(map(tuple, holders)),
        outcomes=tuple(outcomes), rewards=tuple(map(tuple, rewards)),
        debts=tuple(map(tuple, debts)),
        pawns=tuple(tuple(sorted([a for a, g in enumerate(groups, 1) if s in g] + boxed[s]))
                    for s in range(n)))
    expansions = list(state.expansions)
    expansions[index] = part
    return attrs.evolve(state, cities=tuple(built), expansions=tuple(expansions))


__all__ = ["SPEC_KEYS", "complete"]
