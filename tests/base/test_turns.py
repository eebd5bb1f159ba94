"""The flow of a game: dealing, passing, the sixth turn, Ages, military, the end."""

import pytest

from sevenwonders.base import BaseGame
from sevenwonders.errors import InvalidOptionError
from tests.base.helpers import game, play, position, sells


@pytest.mark.parametrize("players", range(3, 8))
def test_set_up_deals_seven_cards_and_three_coins(players: int) -> None:
    g = BaseGame(players=players)
    state = g.new_game(seed=11)
    assert all(len(hand) == 7 for hand in state.hands)
    assert all(city.coins == 3 and not city.cards for city in state.cities)
    assert len({city.wonder for city in state.cities}) == players
    guilds = [c for c in state.decks[1] if g.edition.card(c).is_guild]
    assert len(guilds) == players + 2
    assert len(state.decks[0]) == len(state.decks[1]) == 7 * players


def test_hands_pass_left_in_age_one_and_right_in_age_two() -> None:
    g = game(["giza", "rhodes", "ephesus"])
    state = position(g, age=1, turn=1)
    before = state.hands
    after = play(g, state, sells(state))
    assert after.hands[1] == before[0][1:]  # seat 0's hand went to its left neighbour, seat 1
    state = position(g, age=2, turn=1, hands=[["Loom"] * 1 + ["Press"], ["Sawmill", "Quarry"],
                                              ["Foundry", "Temple"]])
    after = play(g, state, sells(state))
    assert after.hands[2] == ("Press",)  # Age II passes right: seat 0 -> seat 2


def test_sixth_turn_discards_the_last_card_then_next_age_starts() -> None:
    g = game(["giza", "rhodes", "ephesus"])
    hands = [["Altar", "Baths"], ["Theater", "Loom"], ["Press", "Tavern"]]
    state = position(g, turn=6, hands=hands)
    after = play(g, state, sells(state))
    assert sorted(after.discard) == sorted(["Altar", "Baths", "Theater", "Loom", "Press", "Tavern"])
    assert after.age == 2 and after.turn == 1
    assert all(len(hand) == 7 for hand in after.hands)
    assert [c.coins for c in after.cities] == [6, 6, 6]


def test_military_example_of_age_two() -> None:
    # Your strength 4, left neighbour 5, right neighbour 2: a defeat and an Age II victory.
    g = game(["giza", "rhodes", "ephesus"])
    state = position(
        g, age=2, turn=6,
        hands=[["Loom", "Press"], ["Glassworks", "Sawmill"], ["Quarry", "Brickyard"]],
        cities={
            0: {"cards": ["Walls", "Training Ground"]},
            1: {"cards": ["Walls", "Stables", "Barracks"]},
            2: {"cards": ["Archery Range"]},
        },
    )
    after = play(g, state, sells(state))
    assert after.cities[0].tokens == (-1, 3)
    assert sorted(after.cities[1].tokens) == [3, 3]
    assert after.cities[2].tokens == (-1, -1)


def test_equal_strength_gives_no_token_and_age_three_victories_are_worth_five() -> None:
    g = game(["giza", "rhodes", "ephesus"])
    state = position(
        g, age=3, turn=6, hands=[["Gardens", "Senate"], ["Palace", "Pantheon"], ["Lodge", "Study"]],
        cities={0: {"cards": ["Stockade"]}, 1: {"cards": ["Barracks"]}},
    )
    after = play(g, state, sells(state))
    assert after.over
    assert after.cities[0].tokens == (5,) and after.cities[1].tokens == (5,)
    assert after.cities[2].tokens == (-1, -1)
    assert g.to_move(after) == frozenset()


def test_options_are_checked() -> None:
    for bad in (2, 8, "3", True):
        with pytest.raises(InvalidOptionError):
            BaseGame(players=bad)  # type: ignore[arg-type]
    with pytest.raises(InvalidOptionError):
        BaseGame(players=3, sides="sideways")
    with pytest.raises(InvalidOptionError):
        BaseGame(players=3, wonders=("giza", "giza", "rhodes"))
    with pytest.raises(InvalidOptionError, match="option wonders"):
        BaseGame(players=3, wonders=("giza", "Atlantis", "rhodes"))
    with pytest.raises(InvalidOptionError):
        BaseGame(players=3, coin_effect_timing="later")


def test_sides_option() -> None:
    night = BaseGame(players=4, sides="night").new_game(seed=3)
    assert {c.side for c in night.cities} == {"night"}
    mixed = {c.side for seed in range(10)
             for c in BaseGame(players=7, sides="random").new_game(seed).cities}
    assert mixed == {"day", "night"}
    given = BaseGame(players=3, sides=("night", "day", "night"),
                     wonders=("rhodes", "giza", "babylon")).new_game(seed=0)
    assert [(c.wonder, c.side) for c in given.cities] == [
        ("rhodes", "night"), ("giza", "day"), ("babylon", "night")]


def _two_vineyards(timing: str):  # type: ignore[no-untyped-def]
    """Seats 0 and 2 build Vineyard while seat 1 builds Foundry; every city
    has one brown card before the turn (3 players: everyone is everyone's neighbour)."""
    g = game(["giza", "rhodes", "babylon"], coin_effect_timing=timing)
    rest = ["Press", "Temple", "Sawmill", "Quarry", "Statue", "Loom"]
    state = position(g, age=2, turn=1,
                     hands=[["Vineyard", *rest], ["Foundry", *rest], ["Vineyard", *rest]],
                     cities={0: {"cards": ["Lumber Yard"]}, 1: {"cards": ["Clay Pool"]},
                             2: {"cards": ["Ore Vein"]}})
    return play(g, state, {0: "build Vineyard", 1: "build Foundry", 2: "build Vineyard"})


def test_coins_at_placement_count_the_cities_before_the_turn_whatever_the_seat() -> None:
    """D3a ``at_placement``: each seat counts the cities as they were before the turn plus its
    own card, so seat 2 does not see seat 1's Foundry any more than seat 0 does."""
    after = _two_vineyards("at_placement")
    assert after.cities[0].coins == 3 + 3  # Lumber Yard, Clay Pool, Ore Vein
    assert after.cities[2].coins == 3 + 3  # the same three: Foundry is placed this turn
    assert after.cities[1].coins == 3 - 1  # Foundry's coin


def test_coins_after_builds_count_every_build_of_the_turn() -> None:
    after = _two_vineyards("after_builds")
    assert after.cities[0].coins == 3 + 4  # the three, and seat 1's Foundry
    assert after.cities[2].coins == 3 + 4
