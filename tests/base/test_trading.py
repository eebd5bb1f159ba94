"""Trading with neighbours: prices, discounts, what is for sale, and the same-turn rules."""

from sevenwonders.base import BuildStage, PendingKind
from tests.base.helpers import builds, game, play, position

# Seat 0's left neighbour is seat 1, its right neighbour seat 2.


def options_for(g, state, seat, card):  # type: ignore[no-untyped-def]
    return {(m.left, m.right) for m in builds(g, state, seat) if m.card == card}


def test_buying_pays_two_coins_to_the_seller() -> None:
    g = game(["giza", "rhodes", "babylon"])  # stone | ore to the left | wood to the right
    state = position(g, hands=[["Barracks", "Stockade"], ["Altar", "Loom"], ["Press", "Theater"]])
    assert options_for(g, state, 0, "Barracks") == {(2, 0)}
    assert options_for(g, state, 0, "Stockade") == {(0, 2)}
    after = play(g, state, {0: "build Barracks paying left 2", 1: "sell Altar", 2: "sell Press"})
    assert [c.coins for c in after.cities] == [1, 8, 6]
    assert after.cities[0].cards == ("Barracks",)


def test_trading_posts_and_marketplace_discounts() -> None:
    g = game(["giza", "rhodes", "babylon"])
    hands = [["Barracks", "Stockade", "Workshop"], ["Altar", "Loom", "Baths"],
             ["Press", "Theater", "Tavern"]]
    east = position(g, hands=hands, cities={0: {"cards": ["East Trading Post"]}})
    assert options_for(g, east, 0, "Stockade") == {(0, 1)}   # right neighbour, raw
    assert options_for(g, east, 0, "Barracks") == {(2, 0)}   # left neighbour: no discount
    west = position(g, hands=hands, cities={0: {"cards": ["West Trading Post"]}})
    assert options_for(g, west, 0, "Barracks") == {(1, 0)}
    assert options_for(g, west, 0, "Stockade") == {(0, 2)}
    market = position(g, hands=hands, cities={0: {"cards": ["Marketplace"]},
                                              1: {"cards": ["Glassworks"]},
                                              2: {"cards": ["Glassworks"]}})
    assert options_for(g, market, 0, "Workshop") == {(1, 0), (0, 1)}


def test_either_or_cards_sell_either_resource_whatever_the_owner_uses() -> None:
    g = game(["giza", "ephesus", "alexandria"])
    state = position(g, hands=[["Stockade", "Guard Tower"], ["Altar", "Loom"], ["Press", "Baths"]],
                     cities={1: {"cards": ["Tree Farm"]}})  # wood or clay
    assert options_for(g, state, 0, "Stockade") == {(2, 0)}
    assert options_for(g, state, 0, "Guard Tower") == {(2, 0)}


def test_yellow_cards_and_wonder_stages_are_not_for_sale() -> None:
    g = game(["giza", "alexandria", "ephesus"])
    state = position(g, hands=[["Stockade", "Altar"], ["Loom", "Baths"], ["Press", "Theater"]],
                     cities={1: {"cards": ["Caravansery"], "stages": 2}})
    # Alexandria's second Day stage and the Caravansery produce wood for their owner only.
    assert options_for(g, state, 0, "Stockade") == set()
    own = position(g, hands=[["Altar", "Loom"], ["Stockade", "Baths"], ["Press", "Theater"]],
                   cities={1: {"stages": 2}})
    assert options_for(g, own, 1, "Stockade") == {(0, 0)}


def test_both_neighbours_may_buy_the_same_resource_in_one_turn() -> None:
    g = game(["rhodes", "giza", "ephesus"])  # seat 0 makes ore
    state = position(g, hands=[["Altar", "Loom"], ["Barracks", "Baths"], ["Barracks", "Theater"]])
    after = play(g, state, {0: "sell Altar", 1: "build Barracks paying right 2",
                            2: "build Barracks paying left 2"})
    assert [c.coins for c in after.cities] == [3 + 3 + 4, 1, 1]


def test_coin_costs_go_to_the_bank_and_need_coins() -> None:
    g = game(["giza", "rhodes", "babylon"])
    state = position(g, hands=[["Tree Farm", "Altar"], ["Loom", "Baths"], ["Press", "Theater"]])
    assert options_for(g, state, 0, "Tree Farm") == {(0, 0)}
    after = play(g, state, {0: "build Tree Farm", 1: "sell Loom", 2: "sell Press"})
    assert after.cities[0].coins == 2
    broke = position(g, hands=state.hands, cities={0: {"coins": 0}})
    assert options_for(g, broke, 0, "Tree Farm") == set()


def _babylon_last_turn(**cities):  # type: ignore[no-untyped-def]
    """Babylon (Night, stage 1 built) on the last turn of Age I; left neighbour Gizah,
    right neighbour Alexandria (neither sells ore unless given a card)."""
    g = game(["babylon", "giza", "alexandria"], sides=["night", "day", "day"])
    changes = {0: {"stages": 1}}
    for seat, change in cities.items():
        changes[int(seat[-1])] = {**changes.get(int(seat[-1]), {}), **change}
    state = position(
        g, turn=6, hands=[["West Trading Post", "Barracks"], ["Ore Vein", "Altar"],
                          ["Press", "Theater"]],
        cities=changes,
    )
    return g, state


def test_a_neighbours_card_built_this_turn_is_not_for_sale_this_turn() -> None:
    g, state = _babylon_last_turn()
    after = play(g, state, {0: "sell West Trading Post", 1: "build Ore Vein", 2: "sell Press"})
    assert after.pending[0].kind is PendingKind.PLAY_LAST_CARD and after.pending[0].seat == 0
    assert options_for(g, after, 0, "Barracks") == set()
    # The same card built on an earlier turn is for sale.
    g, state = _babylon_last_turn(seat1={"cards": ["Ore Vein"]})
    after = play(g, state, {0: "sell West Trading Post", 1: "sell Altar", 2: "sell Press"})
    assert options_for(g, after, 0, "Barracks") == {(2, 0)}


def test_coins_received_this_turn_cannot_be_spent_this_turn() -> None:
    g, state = _babylon_last_turn(seat0={"coins": 0}, seat1={"cards": ["Ore Vein"]})
    after = play(g, state, {0: "sell West Trading Post", 1: "sell Altar", 2: "sell Press"})
    assert after.cities[0].coins == 3
    assert options_for(g, after, 0, "Barracks") == set()
    g, state = _babylon_last_turn(seat0={"coins": 2}, seat1={"cards": ["Ore Vein"]})
    after = play(g, state, {0: "sell West Trading Post", 1: "sell Altar", 2: "sell Press"})
    assert options_for(g, after, 0, "Barracks") == {(2, 0)}


def test_a_discount_built_this_turn_does_not_apply_this_turn() -> None:
    g, state = _babylon_last_turn(seat1={"cards": ["Ore Vein"]})
    after = play(g, state, {0: "build West Trading Post", 1: "sell Altar", 2: "sell Press"})
    assert options_for(g, after, 0, "Barracks") == {(2, 0)}
    final = play(g, after, {0: "build Barracks paying left 2"})
    assert final.age == 2 and final.cities[0].cards == ("West Trading Post", "Barracks")


def test_stage_payments_are_listed_and_paid() -> None:
    g = game(["giza", "rhodes", "babylon"])  # Gizah Day stage 1 costs 2 wood
    hands = [["Altar", "Loom"], ["Baths", "Press"], ["Theater", "Tavern"]]
    poor = position(g, hands=hands, cities={2: {"cards": ["Lumber Yard"]}})
    assert not [m for m in g.legal_moves(poor, 0) if isinstance(m, BuildStage)]
    state = position(g, hands=hands, cities={0: {"coins": 5}, 2: {"cards": ["Lumber Yard"]}})
    stages = {(m.left, m.right) for m in g.legal_moves(state, 0)
              if isinstance(m, BuildStage) and m.card == "Altar"}
    assert stages == {(0, 4)}
    after = play(g, state, {0: BuildStage("Altar", 0, 4), 1: "sell Baths", 2: "sell Theater"})
    assert after.cities[0].stages == 1 and after.cities[0].tucked == ("Altar",)
    assert [c.coins for c in after.cities] == [1, 6, 10]
    assert "Altar" not in after.discard and "Altar" not in after.cities[0].cards
