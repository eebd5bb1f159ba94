"""The card and wonder data against the base reference notes."""

import pytest

from sevenwonders.base.cards import Colour, load_edition
from sevenwonders.base.effects import Produce, TradeDiscount
from sevenwonders.core.resources import parse_bag

EDITION = load_edition("2nd")


@pytest.mark.parametrize("players", range(3, 8))
@pytest.mark.parametrize("age", [1, 2, 3])
def test_every_age_deals_seven_cards_per_player(age: int, players: int) -> None:
    cards = len(EDITION.age_cards(age, players))
    guilds = players + 2 if age == 3 else 0
    assert cards + guilds == 7 * players


def test_physical_deck_sizes_49_49_50() -> None:
    physical = {age: sum(len(c.copies) for c in EDITION.entries if c.age == age and not c.is_guild)
                for age in (1, 2, 3)}
    assert physical == {1: 49, 2: 49, 3: 40}
    assert len(EDITION.guilds()) == 10


def test_distinct_card_names_per_age() -> None:
    names = {age: {c.name for c in EDITION.entries if c.age == age and not c.is_guild}
             for age in (1, 2, 3)}
    assert (len(names[1]), len(names[2]), len(names[3])) == (27, 23, 20)


@pytest.mark.parametrize(
    ("name", "cost", "coins", "copies"),
    [
        ("Town Hall", "SSOG", 0, (3, 6)),          # D1
        ("Arena", "SSO", 0, (3, 5)),               # D1
        ("Circus", "SSSO", 0, (4, 6)),             # D1
        ("Craftsmens Guild", "SSOO", 0, ()),       # D1
        ("Well", "", 0, (4, 7)),                   # D2
        ("Castrum", "WCCP", 0, (4, 7)),            # D2
        ("Tree Farm", "", 1, (6,)),
        ("Tavern", "", 0, (4, 5, 7)),
        ("Caravansery", "WW", 0, (3, 5, 6)),
        ("Forum", "CC", 0, (3, 6, 7)),
        ("Palace", "WSOCGPL", 0, (3, 7)),
        ("Fortifications", "OOOC", 0, (3, 7)),
        ("Builders Guild", "SSSCCG", 0, ()),
        ("Spies Guild", "CCG", 0, ()),
        ("Decorators Guild", "SOOL", 0, ()),
        ("Ludus", "SO", 0, (5, 7)),
    ],
)
def test_card_costs_and_copies(name: str, cost: str, coins: int, copies: tuple[int, ...]) -> None:
    card = EDITION.card(name)
    assert card.cost_bag == parse_bag(cost)
    assert card.coins == coins
    assert card.copies == copies


CHAINS = [
    ("Altar", "Pantheon"), ("Theater", "Gardens"), ("Well", "Statue"), ("Baths", "Aqueduct"),
    ("Scriptorium", "Courthouse"), ("Scriptorium", "Library"), ("Apothecary", "Stables"),
    ("Apothecary", "Dispensary"), ("Workshop", "Archery Range"), ("Workshop", "Laboratory"),
    ("East Trading Post", "Forum"), ("West Trading Post", "Forum"),
    ("Marketplace", "Caravansery"), ("Forum", "Haven"), ("Caravansery", "Lighthouse"),
    ("Walls", "Fortifications"), ("Training Ground", "Circus"), ("Dispensary", "Arena"),
    ("Dispensary", "Lodge"), ("Laboratory", "Siege Workshop"), ("Laboratory", "Observatory"),
    ("Library", "Senate"), ("Library", "University"), ("School", "Academy"), ("School", "Study"),
]


def test_the_chains_are_exactly_the_reference_list() -> None:
    found = {(source, card.name) for card in EDITION.cards.values() for source in card.chains_from}
    assert found == set(CHAINS)


def test_trading_cards() -> None:
    east = EDITION.card("East Trading Post").effects[0]
    assert isinstance(east, TradeDiscount)
    assert [s.value for s in east.sides] == ["right"] and east.resources == "WSOC"
    market = EDITION.card("Marketplace").effects[0]
    assert isinstance(market, TradeDiscount) and market.resources == "GPL"
    assert len(market.sides) == 2


def test_yellow_producers_are_not_for_sale() -> None:
    for name in ("Forum", "Caravansery"):
        card = EDITION.card(name)
        assert card.colour is Colour.YELLOW and not card.tradable
        produce = card.effects[0]
        assert isinstance(produce, Produce) and not produce.tradable
    assert EDITION.card("Timber Yard").tradable


@pytest.mark.parametrize(
    ("wonder", "resource", "day", "night"),
    [
        ("alexandria", "G", ["SS", "OO", "PL"], ["CC", "OOO", "WWWW"]),
        ("babylon", "W", ["CC", "OOL", "WWWW"], ["SS", "CCCG"]),
        ("ephesus", "P", ["CC", "WW", "OOG"], ["SS", "WW", "OOL"]),
        ("giza", "S", ["WW", "CCL", "SSSS"], ["WW", "SSS", "CCC", "SSSSP"]),
        ("halicarnassus", "L", ["OO", "GP", "SSS"], ["CC", "GP", "WWW"]),
        ("olympia", "C", ["SS", "WW", "CCC"], ["OO", "CCC", "GPL"]),
        ("rhodes", "O", ["WW", "CCC", "OOOO"], ["SSS", "OOOO"]),
    ],
)
def test_wonder_boards(wonder: str, resource: str, day: list[str], night: list[str]) -> None:
    board = EDITION.wonder(wonder)
    assert board.resource == resource
    assert [s.cost_bag for s in board.stages("day")] == [parse_bag(c) for c in day]
    assert [s.cost_bag for s in board.stages("night")] == [parse_bag(c) for c in night]
