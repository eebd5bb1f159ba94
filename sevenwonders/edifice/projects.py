"""Edifice's project cards as typed data: participation cost, reward and penalty.

Rewards reuse the base game's effects where the meaning is the same (coins, shields,
production, points per counted item) and add the few Edifice needs; penalties are their own
small vocabulary. ``data/projects.toml`` is loaded once and checked.
"""

from __future__ import annotations

import tomllib
from functools import cache
from importlib import resources as package_files
from typing import Union

import attrs

from sevenwonders.base.cards import Colour
from sevenwonders.base.effects import COUNTABLE, Coins, PointsPer, Produce, Shields
from sevenwonders.core.frozenmap import FrozenMap
from sevenwonders.core.resources import parse_bag
from sevenwonders.core.serialization import register_union, structure
from sevenwonders.errors import DataFileError, SevenWondersError, UnknownCardError

PROJECTS_FILE = "projects.toml"
# Participation pawns per project by table size; the debt token of a failed project by Age.
PAWNS_PER_PROJECT = {3: 2, 4: 3, 5: 3, 6: 4, 7: 5}
DEBT_TOKENS = (-2, -3, -5)


@attrs.frozen(slots=True)
class VictoryToken:
    """Take a military victory token worth ``value`` points."""

    value: int


@attrs.frozen(slots=True)
class DiscardDefeats:
    """Discard every military defeat token held now."""


@attrs.frozen(slots=True)
class PointsPerSet:
    """``vp`` points at the end per set of one card of each of ``colours`` in the own city."""

    vp: int
    colours: tuple[str, ...]


@attrs.frozen(slots=True)
class PointsPerColour:
    """``vp`` points at the end per different colour of Age cards in the own city."""

    vp: int


@attrs.frozen(slots=True)
class CopyOwnGuild:
    """At the end, one guild of the own city scores a second time (the best one)."""


Reward = Union[  # noqa: UP007 - cattrs needs a runtime Union
    Coins, Shields, Produce, PointsPer, VictoryToken, DiscardDefeats, PointsPerSet,
    PointsPerColour, CopyOwnGuild,
]
register_union(Reward)


@attrs.frozen(slots=True)
class LoseCoins:
    """A penalty: pay ``amount`` coins to the bank."""
    amount: int


@attrs.frozen(slots=True)
class DiscardCard:
    """Discard one card of ``colour`` from the city (the player chooses which)."""

    colour: str


@attrs.frozen(slots=True)
class LoseVictoryTokens:
    """A penalty: lose ``count`` victory tokens (Concentric Castle)."""
    count: int


Penalty = Union[LoseCoins, DiscardCard, LoseVictoryTokens]  # noqa: UP007
register_union(Penalty)


@attrs.frozen(slots=True)
class Project:
    """A project card: its Age, participation cost in coins, reward when complete and penalty
    when not."""
    name: str
    age: int
    cost: int
    reward: tuple[Reward, ...]
    penalty: Penalty


@attrs.frozen(slots=True)
class _ProjectFile:
    project: tuple[Project, ...]


_COLOURS = {colour.value for colour in Colour}


def _check(project: Project) -> None:
    place = f"project {project.name!r}"
    if project.age not in (1, 2, 3):
        raise DataFileError(PROJECTS_FILE, place, f"age {project.age} is not 1, 2 or 3")
    if project.cost < 0:
        raise DataFileError(PROJECTS_FILE, place, "a participation cost cannot be negative")
    for reward in project.reward:
        if isinstance(reward, PointsPerSet) and not set(reward.colours) <= _COLOURS:
            raise DataFileError(PROJECTS_FILE, place, f"unknown colours {reward.colours}")
        if isinstance(reward, PointsPer) and not set(reward.counts) <= COUNTABLE:
            raise DataFileError(PROJECTS_FILE, place, f"cannot count {reward.counts}")
        if isinstance(reward, Produce):
            try:
                parse_bag(reward.options)
            except UnknownCardError as error:
                raise DataFileError(PROJECTS_FILE, place, str(error)) from None
    penalty = project.penalty
    if isinstance(penalty, DiscardCard) and penalty.colour not in _COLOURS:
        raise DataFileError(PROJECTS_FILE, place, f"unknown colour {penalty.colour!r}")


@cache
def load_projects() -> FrozenMap[str, Project]:
    """The 15 projects by name, checked: five per Age, distinct names, known colours."""
    try:
        raw = package_files.files("sevenwonders.edifice").joinpath("data", PROJECTS_FILE)
        data = tomllib.loads(raw.read_text("utf-8"))
    except (FileNotFoundError, tomllib.TOMLDecodeError) as error:
        raise DataFileError(PROJECTS_FILE, "file", str(error)) from None
    try:
        projects = structure(data, _ProjectFile).project
    except SevenWondersError as error:
        raise DataFileError(PROJECTS_FILE, "project", str(error)) from None
    names = [p.name for p in projects]
    if len(set(names)) != len(names):
        raise DataFileError(PROJECTS_FILE, "project", "a name is defined twice")
    for project in projects:
        _check(project)
    for age in (1, 2, 3):
        count = sum(1 for p in projects if p.age == age)
        if count != 5:
            raise DataFileError(PROJECTS_FILE, f"Age {age}", f"{count} projects, expected 5")
    return FrozenMap((p.name, p) for p in projects)


def project_name(name: str) -> str:
    """The name of the project ``name`` spells, in any letter case (``"belvedere"`` ->
    ``"Belvedere"``); a name no project has comes back as given (the option check refuses
    it)."""
    folded = name.casefold()
    return next((known for known in load_projects() if known.casefold() == folded), name)


def describe_reward(reward: Reward) -> str:
    """A project reward in words, as a player reads the card."""
    if isinstance(reward, Coins):
        return f"+{reward.amount} coins"
    if isinstance(reward, Shields):
        return f"+{reward.count} shield{'s' if reward.count != 1 else ''}"
    if isinstance(reward, Produce):
        times = f"{reward.amount}x " if reward.amount != 1 else ""
        sale = "" if reward.tradable else " (not for sale)"
        return f"produces {times}{'/'.join(reward.options)}{sale}"
    if isinstance(reward, PointsPer):
        counted = "/".join(count.replace("_", " ") for count in reward.counts)
        return f"{reward.vp} VP per {counted} ({reward.scope.value})"
    if isinstance(reward, VictoryToken):
        return f"a victory token of {reward.value}"
    if isinstance(reward, DiscardDefeats):
        return "discard your defeat tokens"
    if isinstance(reward, PointsPerSet):
        return f"{reward.vp} VP per set of {'+'.join(reward.colours)}"
    if isinstance(reward, PointsPerColour):
        return f"{reward.vp} VP per colour in your city"
    return "a guild of yours scores twice"


def describe_penalty(penalty: Penalty) -> str:
    """A project penalty in words; a seat that cannot pay it takes a debt token instead."""
    if isinstance(penalty, LoseCoins):
        return f"lose {penalty.amount} coins"
    if isinstance(penalty, DiscardCard):
        return f"discard a {penalty.colour} card"
    return f"lose {penalty.count} victory tokens"


def describe_project(project: Project) -> str:
    """``join 2 coins; reward +4 coins; penalty lose 2 coins``."""
    rewards = ", ".join(describe_reward(r) for r in project.reward) or "nothing"
    return (f"join {project.cost} coin{'s' if project.cost != 1 else ''}; reward {rewards}; "
            f"penalty {describe_penalty(project.penalty)}")


def with_decisions(catalogue: FrozenMap[str, Project], staging_camp_cost: int,
                   artisan_district_vp: int, amphitheater_discards: str
                   ) -> FrozenMap[str, Project]:
    """The project cards with the values of reference decisions 1-3 chosen by the options."""
    out = dict(catalogue)
    out["Staging Camp"] = attrs.evolve(out["Staging Camp"], cost=staging_camp_cost)
    artisan = out["Artisan District"]
    out["Artisan District"] = attrs.evolve(artisan, reward=tuple(
        attrs.evolve(r, vp=artisan_district_vp) if isinstance(r, PointsPerSet) else r
        for r in artisan.reward))
    out["Amphitheater"] = attrs.evolve(out["Amphitheater"],
                                       penalty=DiscardCard(amphitheater_discards))
    return FrozenMap(out)
