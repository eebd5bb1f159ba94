"""End scoring: the rulebook's score pad, every guild, the yellow cards, the tie-break."""

import pytest

from sevenwonders.base import BaseGame
from tests.base.helpers import game, play, position, sells


def lines(g: BaseGame, state, seat: int = 0) -> dict[str, int]:  # type: ignore[no-untyped-def]
    return dict(g.scores(state)[seat].lines)


def test_rulebook_score_pad_example_totals_55() -> None:
    g = game(["ephesus", "rhodes", "giza"], sides=["night", "day", "day"])
    state = position(g, cities={
        0: {"stages": 3, "coins": 10, "tokens": [1, 5],
            "cards": ["Theater", "Baths", "Altar", "Haven", "Lumber Yard", "Stone Pit",
                      "Apothecary", "Dispensary", "Lodge", "Workshop", "Laboratory",
                      "Scriptorium", "Spies Guild"]},
        1: {"cards": ["Walls", "Stables"]},
        2: {"cards": ["Archery Range", "Barracks"]},
    })
    sheet = g.scores(state)[0]
    assert dict(sheet.lines) == {"wonder": 10, "coins": 3, "military": 6, "civilian": 9,
                                 "commercial": 2, "science": 21, "guilds": 4}
    assert sheet.total == 55


NEIGHBOURS = {
    1: {"cards": ["Lumber Yard", "Loom", "Altar", "Tavern", "Stockade", "Workshop",
                  "Glassworks"], "stages": 1, "tokens": [-1, -1]},
    2: {"cards": ["Stone Pit", "Press", "Theater", "Baths", "Barracks", "Scriptorium",
                  "Apothecary"], "stages": 2},
}


@pytest.mark.parametrize(
    ("guild", "points"),
    [
        ("Workers Guild", 2),        # brown in the neighbours
        ("Craftsmens Guild", 2 * 3),  # 2 per grey
        ("Magistrates Guild", 3),     # blue
        ("Traders Guild", 1),         # yellow
        ("Spies Guild", 2),           # red
        ("Philosophers Guild", 3),    # green
        ("Builders Guild", 1 + 1 + 2),  # wonder stages: own and both neighbours
    ],
)
def test_guilds_counting_neighbours(guild: str, points: int) -> None:
    g = game(["giza", "rhodes", "babylon"])
    state = position(g, cities={0: {"cards": ["Ore Vein", "Loom", guild], "stages": 1},
                                **NEIGHBOURS})
    assert lines(g, state)["guilds"] == points


def test_shipowners_guild_counts_own_brown_grey_and_purple_including_itself() -> None:
    g = game(["giza", "rhodes", "babylon"])
    state = position(g, cities={0: {"cards": ["Ore Vein", "Sawmill", "Loom", "Spies Guild",
                                              "Shipowners Guild"]}, **NEIGHBOURS})
    assert lines(g, state)["guilds"] == 5 + 2  # Shipowners 5, Spies 2


def test_scientists_guild_and_babylon_are_wild_symbols() -> None:
    g = game(["babylon", "rhodes", "giza"])
    state = position(g, cities={0: {"cards": ["Apothecary", "Workshop", "Scientists Guild"],
                                    "stages": 2}})
    # compass, gear + two wildcards: best is compass, gear, tablet + one more: 4+1+1+7 = 13
    assert lines(g, state)["science"] == 13


def test_decorators_guild_needs_the_whole_wonder() -> None:
    g = game(["rhodes", "giza", "babylon"], sides=["night", "day", "day"])
    done = position(g, cities={0: {"cards": ["Decorators Guild"], "stages": 2}})
    assert lines(g, done)["guilds"] == 7
    half = position(g, cities={0: {"cards": ["Decorators Guild"], "stages": 1}})
    assert lines(g, half)["guilds"] == 0


def test_yellow_end_points() -> None:
    g = game(["giza", "rhodes", "babylon"])
    state = position(g, cities={0: {
        "cards": ["Lumber Yard", "Ore Vein", "Loom", "Stockade", "Barracks", "Haven",
                  "Lighthouse", "Chamber of Commerce", "Arena", "Ludus"], "stages": 2}})
    # Haven 2 brown, Lighthouse 5 yellow, Chamber 2 per grey (1), Arena 1 per stage (2),
    # Ludus 1 per red (2)
    assert lines(g, state)["commercial"] == 2 + 5 + 2 + 2 + 2


def test_coins_score_one_point_per_three_and_break_ties() -> None:
    g = game(["giza", "rhodes", "babylon"])
    state = position(g, cities={0: {"coins": 8}, 1: {"coins": 6}, 2: {"coins": 2}})
    assert [s.lines["coins"] for s in g.scores(state)] == [2, 2, 0]
    assert g.ranking(state) == (1, 2, 3)
    even = position(g, cities={0: {"coins": 6}, 1: {"coins": 6}, 2: {"coins": 2}})
    assert g.ranking(even) == (1, 1, 3)


def _vineyard(timing: str):  # type: ignore[no-untyped-def]
    g = game(["giza", "rhodes", "babylon"], coin_effect_timing=timing)
    state = position(g, age=2, turn=1,
                     hands=[["Vineyard", "Loom", "Press", "Temple", "Sawmill", "Quarry", "Statue"],
                            ["Foundry", "Loom", "Press", "Temple", "Sawmill", "Quarry", "Statue"],
                            ["Loom", "Foundry", "Press", "Temple", "Sawmill", "Quarry", "Statue"]],
                     cities={0: {"cards": ["Lumber Yard"]}, 2: {"cards": ["Ore Vein"]}})
    return g, play(g, state, {0: "build Vineyard", 1: "build Foundry", 2: "sell Loom"})


def test_vineyard_counts_own_and_neighbours_after_all_builds_by_default() -> None:
    _, after = _vineyard("after_builds")
    assert after.cities[0].coins == 3 + 3  # own, left's Foundry built this turn, right's
    _g, after = _vineyard("at_placement")
    assert after.cities[0].coins == 3 + 2  # seat 0 is placed before seat 1's Foundry


def test_running_scores_exist_before_the_end() -> None:
    g = BaseGame(players=3)
    state = g.new_game(seed=5)
    assert [s.total for s in g.scores(state)] == [1, 1, 1]  # 3 coins each
    after = play(g, state, sells(state))
    assert [s.total for s in g.scores(after)] == [2, 2, 2]


@pytest.mark.parametrize(
    "options",
    [
        {"players": 3, "sides": "random"},
        {"players": 5, "edition": "1st", "sides": "b"},  # Olympia B copies a guild
        {"players": 7, "sides": "night", "carthage": True},
        {"players": 4, "sides": "random", "expansions": "edifice"},
    ],
)
def test_score_lines_from_the_card_table_equal_the_lines_effect_by_effect(
        options: dict[str, object]) -> None:
    """``scoring.score_lines`` (each card's share read from a table) gives the lines the rule
    gives effect by effect (``lines_by_effect``), along random games, the end included."""
    from sevenwonders.base.scoring import lines_by_effect, score_lines
    from sevenwonders.core.playout import states
    from sevenwonders.edifice import Edifice

    if options.pop("expansions", None):
        options["expansions"] = (Edifice(),)
    g = BaseGame(**options)  # type: ignore[arg-type]
    checked = 0
    for seed in range(6):
        for state in states(g, seed):
            for seat in range(g.players):
                assert score_lines(g.rules, state, seat) == lines_by_effect(g.rules, state, seat)
                checked += 1
    assert checked > 300
