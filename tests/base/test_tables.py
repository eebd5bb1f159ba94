"""The tables of a base game: the stage tables made once from the boards agree with the stages'
own effects, for every board, side, number of stages and option taken; the lookups read them."""

from __future__ import annotations

import itertools

import attrs
import pytest

from sevenwonders.base import BaseGame, City
from sevenwonders.base.effects import Effect, Shields
from sevenwonders.base.tables import count_items
from sevenwonders.core.playout import states
from sevenwonders.edifice import Edifice


def _plain_effects(game: BaseGame, city: City, count: int) -> tuple[Effect, ...]:
    """The effects of the first ``count`` stages, straight from the board's stages."""
    out: list[Effect] = []
    for index, stage in enumerate(game.rules.stages(city)[:count]):
        choice = city.stage_choices[index] if index < len(city.stage_choices) else 0
        out.extend(stage.effects_with(choice))
    return tuple(out)


@pytest.mark.parametrize("edition", ["2nd", "1st"])
def test_stage_tables_agree_with_the_boards(edition: str) -> None:
    game = BaseGame(players=3, edition=edition, carthage=edition == "2nd")
    tables = game.rules
    state = game.new_game(1)
    for (wonder, side), stages in tables.boards.items():
        for count in range(len(stages) + 1):
            options = [range(max(1, len(stage.choices))) for stage in stages[:count]]
            for choices in itertools.product(*options):
                for noted in (choices, choices[:-1]):  # an option not noted counts as 0
                    city = City(wonder, side, 3, stages=count, stage_choices=noted)
                    effects = _plain_effects(game, city, count)
                    assert tables.stage_effects(city) == effects
                    assert tables.stage_powers(city) == frozenset(map(type, effects))
                    for power in {type(e) for e in effects}:
                        assert tables.has_power(city, power)
                    shields = sum(e.count for e in effects if isinstance(e, Shields))
                    placed = attrs.evolve(state, cities=(city, *state.cities[1:]))
                    assert tables.shields(placed, 0) == shields


@pytest.mark.parametrize("expansions", [(), (Edifice(),)])
def test_counts_and_shields_along_random_games(expansions: tuple[Edifice, ...]) -> None:
    """``Tables.count`` (parsed count words read from a table) and ``count_items`` (parsed on
    each call) agree; ``shields`` adds the cards', the stages' and the expansions' shields."""
    game = BaseGame(players=5, expansions=expansions)
    tables = game.rules
    words = [*tables.counts, ("defeat_token", "grey"), ("wonder_stage",)]
    for state in list(states(game, seed=4))[::3]:
        for seat in range(5):
            for counts in words:
                for scope, seats in tables.scopes.items():
                    assert tables.count(state.cities, seat, counts, scope) == count_items(
                        tables.cards, state.cities, seats[seat], counts)
            shields = sum(e.count for e in tables.seat_effects(state, seat)
                          if isinstance(e, Shields))
            assert tables.shields(state, seat) == shields
