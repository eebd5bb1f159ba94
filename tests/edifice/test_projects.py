"""Edifice data against the Edifice reference notes."""

import pytest

from sevenwonders.core.resources import parse_bag
from sevenwonders.edifice import load_projects
from sevenwonders.edifice.expansion import edifice_wonders
from sevenwonders.edifice.projects import DiscardCard, LoseCoins, LoseVictoryTokens


def test_fifteen_projects_five_per_age() -> None:
    projects = load_projects()
    assert len(projects) == 15
    for age in (1, 2, 3):
        assert sum(1 for p in projects.values() if p.age == age) == 5


@pytest.mark.parametrize(
    ("name", "age", "cost", "penalty"),
    [
        ("Artisan District", 1, 2, DiscardCard("yellow")),
        ("Belvedere", 1, 1, DiscardCard("brown")),
        ("Curtain Wall", 1, 2, DiscardCard("grey")),
        ("Money Changer", 1, 1, LoseCoins(2)),
        ("Outpost", 1, 1, DiscardCard("red")),
        ("Amphitheater", 2, 3, DiscardCard("grey")),    # decision 3
        ("Auction House", 2, 2, LoseCoins(5)),
        ("Factory", 2, 3, DiscardCard("brown")),
        ("River Port", 2, 3, DiscardCard("blue")),
        ("Staging Camp", 2, 2, DiscardCard("red")),     # decision 1: 2 coins
        ("Agora", 3, 6, DiscardCard("green")),
        ("Archives", 3, 5, DiscardCard("blue")),
        ("Concentric Castle", 3, 5, LoseVictoryTokens(2)),
        ("Gold Reserves", 3, 3, LoseCoins(9)),
        ("Military School", 3, 5, DiscardCard("red")),
    ],
)
def test_project_costs_and_penalties(name: str, age: int, cost: int, penalty: object) -> None:
    project = load_projects()[name]
    assert (project.age, project.cost, project.penalty) == (age, cost, penalty)


def test_ur_and_carthage_boards() -> None:
    boards = {w.name: w for w in edifice_wonders()}
    assert boards["carthage"].resource == "O" and boards["ur"].resource == "W"
    costs = {(name, side): [s.cost_bag for s in board.stages(side)]
             for name, board in boards.items() for side in ("day", "night")}
    assert costs[("carthage", "day")] == [parse_bag(c) for c in ("SS", "OOP", "CCC")]
    assert costs[("carthage", "night")] == [parse_bag(c) for c in ("OOOP", "WWWL")]
    assert costs[("ur", "day")] == [parse_bag(c) for c in ("SO", "SSC", "WWWP")]
    assert costs[("ur", "night")] == [parse_bag(c) for c in ("SG", "OOS", "CCSL")]
    assert [len(s.choices) for s in boards["carthage"].stages("day")] == [0, 2, 0]
    assert [len(s.choices) for s in boards["ur"].stages("day")] == [0, 3, 0]
