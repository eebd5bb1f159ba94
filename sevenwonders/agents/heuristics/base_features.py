"""Features of the base game's city value that read the wonder: the stages of a city's board,
what its built stages give, how much of the next stage its own production pays, and the science
potential of its symbols (:mod:`sevenwonders.agents.heuristics.base` weighs them by Age)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from sevenwonders.agents.heuristics.weights import BaseWeights
from sevenwonders.base.cards import Stage, Wonder
from sevenwonders.base.effects import Effect, Points, Produce, Science, ScienceChoice, Symbol
from sevenwonders.base.state import City
from sevenwonders.core.science import science_points


def wonder_of(game: Any, name: str) -> Wonder:
    """A wonder board by name, expansions' boards included."""
    wonders = getattr(game.rules, "wonders", None) or game.edition.wonders
    wonder: Wonder = wonders[name]
    return wonder


def stages_of(game: Any, city: City) -> tuple[Stage, ...]:
    """The stages of the city's wonder board, on its side."""
    return wonder_of(game, city.wonder).stages(city.side)


def stage_effects(stage: Stage, choice: int = 0) -> tuple[Effect, ...]:
    """What a stage gives (with an expansion's chosen effect where the stage offers a choice)."""
    with_choice = getattr(stage, "effects_with", None)
    if with_choice is not None:
        effects: tuple[Effect, ...] = with_choice(choice)
        return effects
    return stage.effects


SYMBOLS = (Symbol.COMPASS, Symbol.GEAR, Symbol.TABLET)


def science_next(effects: list[Effect]) -> int:
    """What one more science symbol, of the kind that scores most, would add to the science line:
    it grows as sets grow (squares and sets), the science potential of a city."""
    counts = [sum(1 for e in effects if isinstance(e, Science) and e.symbol is symbol)
              for symbol in SYMBOLS]
    wild = sum(1 for e in effects if isinstance(e, ScienceChoice))
    now = science_points(*counts, wild)
    return max(science_points(*(c + (i == kind) for i, c in enumerate(counts)), wild)
               for kind in range(3)) - now


def stage_value(game: Any, at: int, city: City, effects: list[Effect],
                 weights: BaseWeights) -> float:
    """Wonder points (what a stage gives) and the share of the next stage's cost the city's own
    production covers (a stage it can build without trading), at the Age's weights."""
    stages = stages_of(game, city)
    choices = getattr(city, "stage_choices", ())
    points = sum(e.vp for i, stage in enumerate(stages[: city.stages])
                 for e in stage_effects(stage, choices[i] if i < len(choices) else 0)
                 if isinstance(e, Points))
    value = weights.wonder_points[at] * points
    if city.stages < len(stages) and stages[city.stages].cost:
        value += weights.stage_cover[at] * covered(game, city, effects,
                                                    stages[city.stages].cost)
    return value


def covered(game: Any, city: City, effects: list[Effect], cost: str) -> float:
    """The share of ``cost`` (resource letters) the city's own production pays: single
    resources first, then each choice unit where most is still missing."""
    need = Counter(cost)
    choices: list[str] = []
    for letter in wonder_of(game, city.wonder).resource:
        need[letter] -= 1
    for effect in effects:
        if isinstance(effect, Produce):
            if len(effect.options) == 1:
                need[effect.options] -= effect.amount
            else:
                choices.extend([effect.options] * effect.amount)
    for options in choices:
        letter = max(options, key=lambda o: need[o])
        need[letter] -= 1
    missing = sum(max(0, n) for n in need.values())
    return 1.0 - missing / len(cost)


__all__ = ["covered", "science_next", "stage_effects", "stage_value", "stages_of", "wonder_of"]
