"""The 1st-edition option: its card and board data against the base reference notes §3.2-§3.3,
and the edition and side options (decision D4).

The powers in play are in test_first_powers.py, whole random games in test_first_games.py.
"""

from __future__ import annotations

import attrs
import pytest

from sevenwonders import InvalidOptionError, UnknownCardError
from sevenwonders.base import BaseGame, BaseState
from sevenwonders.base.cards import Colour, Edition, load_edition
from sevenwonders.base.effects import (
    BuildFromDiscard,
    Coins,
    CoinsPer,
    CopyNeighbourGuild,
    Effect,
    FreeOncePerAge,
    PlayLastCard,
    Points,
    PointsPer,
    Produce,
    Science,
    ScienceChoice,
    Scope,
    Shields,
    Side,
    Symbol,
    TradeDiscount,
)
from sevenwonders.core.resources import parse_bag
from sevenwonders.core.serialization import from_json, to_json
from sevenwonders.errors import InvalidStateError

FIRST = load_edition("1st")
SECOND = load_edition("2nd")

# --------------------------------------------------------------------------- the Age cards

# §3.2, typed from the reference tables: (name, age, colour, copies, cost, coins, chains_from).
CARDS = [
    ("Clay Pit", 1, "brown", (3,), "", 1, ()),
    ("Clay Pool", 1, "brown", (3, 5), "", 0, ()),
    ("Excavation", 1, "brown", (4,), "", 1, ()),
    ("Forest Cave", 1, "brown", (5,), "", 1, ()),
    ("Lumber Yard", 1, "brown", (3, 4), "", 0, ()),
    ("Mine", 1, "brown", (6,), "", 1, ()),
    ("Ore Vein", 1, "brown", (3, 4), "", 0, ()),
    ("Stone Pit", 1, "brown", (3, 5), "", 0, ()),
    ("Timber Yard", 1, "brown", (3,), "", 1, ()),
    ("Tree Farm", 1, "brown", (6,), "", 1, ()),
    ("Glassworks", 1, "grey", (3, 6), "", 0, ()),
    ("Loom", 1, "grey", (3, 6), "", 0, ()),
    ("Press", 1, "grey", (3, 6), "", 0, ()),
    ("East Trading Post", 1, "yellow", (3, 7), "", 0, ()),
    ("Marketplace", 1, "yellow", (3, 6), "", 0, ()),
    ("Tavern", 1, "yellow", (4, 5, 7), "", 0, ()),
    ("West Trading Post", 1, "yellow", (3, 7), "", 0, ()),
    ("Altar", 1, "blue", (3, 5), "", 0, ()),
    ("Baths", 1, "blue", (3, 7), "S", 0, ()),
    ("Pawnshop", 1, "blue", (4, 7), "", 0, ()),
    ("Theater", 1, "blue", (3, 6), "", 0, ()),
    ("Apothecary", 1, "green", (3, 5), "L", 0, ()),
    ("Scriptorium", 1, "green", (3, 4), "P", 0, ()),
    ("Workshop", 1, "green", (3, 7), "G", 0, ()),
    ("Barracks", 1, "red", (3, 5), "O", 0, ()),
    ("Guard Tower", 1, "red", (3, 4), "C", 0, ()),
    ("Stockade", 1, "red", (3, 7), "W", 0, ()),
    ("Brickyard", 2, "brown", (3, 4), "", 1, ()),
    ("Foundry", 2, "brown", (3, 4), "", 1, ()),
    ("Quarry", 2, "brown", (3, 4), "", 1, ()),
    ("Sawmill", 2, "brown", (3, 4), "", 1, ()),
    ("Glassworks", 2, "grey", (3, 5), "", 0, ()),
    ("Loom", 2, "grey", (3, 5), "", 0, ()),
    ("Press", 2, "grey", (3, 5), "", 0, ()),
    ("Bazaar", 2, "yellow", (4, 7), "", 0, ()),
    ("Caravansery", 2, "yellow", (3, 5, 6), "WW", 0, ("Marketplace",)),
    ("Forum", 2, "yellow", (3, 6, 7), "CC", 0, ("East Trading Post", "West Trading Post")),
    ("Vineyard", 2, "yellow", (3, 6), "", 0, ()),
    ("Aqueduct", 2, "blue", (3, 7), "SSS", 0, ("Baths",)),
    ("Courthouse", 2, "blue", (3, 5), "CCL", 0, ("Scriptorium",)),
    ("Statue", 2, "blue", (3, 7), "WOO", 0, ("Theater",)),
    ("Temple", 2, "blue", (3, 6), "WCG", 0, ("Altar",)),
    ("Dispensary", 2, "green", (3, 4), "OOG", 0, ("Apothecary",)),
    ("Laboratory", 2, "green", (3, 5), "CCP", 0, ("Workshop",)),
    ("Library", 2, "green", (3, 6), "SSL", 0, ("Scriptorium",)),
    ("School", 2, "green", (3, 7), "WP", 0, ()),
    ("Archery Range", 2, "red", (3, 6), "WWO", 0, ("Workshop",)),
    ("Stables", 2, "red", (3, 5), "WOC", 0, ("Apothecary",)),
    ("Training Ground", 2, "red", (4, 6, 7), "WOO", 0, ()),
    ("Walls", 2, "red", (3, 7), "SSS", 0, ()),
    ("Arena", 3, "yellow", (3, 5, 7), "SSO", 0, ("Dispensary",)),
    ("Chamber of Commerce", 3, "yellow", (4, 6), "CCP", 0, ()),
    ("Haven", 3, "yellow", (3, 4), "WOL", 0, ("Forum",)),
    ("Lighthouse", 3, "yellow", (3, 6), "SG", 0, ("Caravansery",)),
    ("Gardens", 3, "blue", (3, 4), "WCC", 0, ("Statue",)),
    ("Palace", 3, "blue", (3, 7), "WSOCGPL", 0, ()),
    ("Pantheon", 3, "blue", (3, 6), "OCCGPL", 0, ("Temple",)),
    ("Senate", 3, "blue", (3, 5), "WWSO", 0, ("Library",)),
    ("Town Hall", 3, "blue", (3, 5, 6), "SSOG", 0, ()),
    ("Academy", 3, "green", (3, 7), "SSSG", 0, ("School",)),
    ("Lodge", 3, "green", (3, 6), "CCPL", 0, ("Dispensary",)),
    ("Observatory", 3, "green", (3, 7), "OOGL", 0, ("Laboratory",)),
    ("Study", 3, "green", (3, 5), "WPL", 0, ("School",)),
    ("University", 3, "green", (3, 4), "WWGP", 0, ("Library",)),
    ("Arsenal", 3, "red", (3, 4, 7), "WWOL", 0, ()),
    ("Circus", 3, "red", (4, 5, 6), "SSSO", 0, ("Training Ground",)),
    ("Fortifications", 3, "red", (3, 7), "SOOO", 0, ("Walls",)),
    ("Siege Workshop", 3, "red", (3, 5), "WCCC", 0, ("Laboratory",)),
    ("Builders Guild", 3, "purple", (), "SSCCG", 0, ()),
    ("Craftsmens Guild", 3, "purple", (), "SSOO", 0, ()),
    ("Magistrates Guild", 3, "purple", (), "WWWSL", 0, ()),
    ("Philosophers Guild", 3, "purple", (), "CCCPL", 0, ()),
    ("Scientists Guild", 3, "purple", (), "WWOOP", 0, ()),
    ("Shipowners Guild", 3, "purple", (), "WWWGP", 0, ()),
    ("Spies Guild", 3, "purple", (), "CCCG", 0, ()),
    ("Strategists Guild", 3, "purple", (), "SOOL", 0, ()),
    ("Traders Guild", 3, "purple", (), "GPL", 0, ()),
    ("Workers Guild", 3, "purple", (), "WSOOC", 0, ()),
]

BOTH, LEFT, RIGHT = (Side.LEFT, Side.RIGHT), (Side.LEFT,), (Side.RIGHT,)
OWN, NEIGHBOURS, ALL = Scope.OWN, Scope.NEIGHBOURS, Scope.ALL
COMPASS, GEAR, TABLET = Symbol.COMPASS, Symbol.GEAR, Symbol.TABLET


def _per(coins: int, vp: int, counts: str) -> tuple[Effect, ...]:
    """A yellow Age III card: coins now and points at the end per item in the own city."""
    return (CoinsPer(coins, (counts,), OWN), PointsPer(vp, (counts,), OWN))


# §3.2 "Effect" columns.
EFFECTS: dict[str, tuple[Effect, ...]] = {
    "Clay Pit": (Produce("OC"),), "Clay Pool": (Produce("C"),),
    "Excavation": (Produce("SC"),), "Forest Cave": (Produce("WO"),),
    "Lumber Yard": (Produce("W"),), "Mine": (Produce("SO"),), "Ore Vein": (Produce("O"),),
    "Stone Pit": (Produce("S"),), "Timber Yard": (Produce("WS"),),
    "Tree Farm": (Produce("WC"),), "Glassworks": (Produce("G"),), "Loom": (Produce("L"),),
    "Press": (Produce("P"),),
    "East Trading Post": (TradeDiscount("WSOC", RIGHT),),
    "West Trading Post": (TradeDiscount("WSOC", LEFT),),
    "Marketplace": (TradeDiscount("GPL", BOTH),), "Tavern": (Coins(5),),
    "Altar": (Points(2),), "Baths": (Points(3),), "Pawnshop": (Points(3),),
    "Theater": (Points(2),),
    "Apothecary": (Science(COMPASS),), "Scriptorium": (Science(TABLET),),
    "Workshop": (Science(GEAR),),
    "Barracks": (Shields(1),), "Guard Tower": (Shields(1),), "Stockade": (Shields(1),),
    "Brickyard": (Produce("C", 2),), "Foundry": (Produce("O", 2),),
    "Quarry": (Produce("S", 2),), "Sawmill": (Produce("W", 2),),
    "Bazaar": (CoinsPer(2, ("grey",), ALL),),
    "Caravansery": (Produce("WSOC", tradable=False),),
    "Forum": (Produce("GPL", tradable=False),),
    "Vineyard": (CoinsPer(1, ("brown",), ALL),),
    "Aqueduct": (Points(5),), "Courthouse": (Points(4),), "Statue": (Points(4),),
    "Temple": (Points(3),),
    "Dispensary": (Science(COMPASS),), "Laboratory": (Science(GEAR),),
    "Library": (Science(TABLET),), "School": (Science(TABLET),),
    "Archery Range": (Shields(2),), "Stables": (Shields(2),), "Training Ground": (Shields(2),),
    "Walls": (Shields(2),),
    "Arena": _per(3, 1, "wonder_stage"), "Chamber of Commerce": _per(2, 2, "grey"),
    "Haven": _per(1, 1, "brown"), "Lighthouse": _per(1, 1, "yellow"),
    "Gardens": (Points(5),), "Palace": (Points(8),), "Pantheon": (Points(7),),
    "Senate": (Points(6),), "Town Hall": (Points(6),),
    "Academy": (Science(COMPASS),), "Lodge": (Science(COMPASS),),
    "Observatory": (Science(GEAR),), "Study": (Science(GEAR),),
    "University": (Science(TABLET),),
    "Arsenal": (Shields(3),), "Circus": (Shields(3),), "Fortifications": (Shields(3),),
    "Siege Workshop": (Shields(3),),
    "Builders Guild": (PointsPer(1, ("wonder_stage",), ALL),),
    "Craftsmens Guild": (PointsPer(2, ("grey",), NEIGHBOURS),),
    "Magistrates Guild": (PointsPer(1, ("blue",), NEIGHBOURS),),
    "Philosophers Guild": (PointsPer(1, ("green",), NEIGHBOURS),),
    "Scientists Guild": (ScienceChoice(),),
    "Shipowners Guild": (PointsPer(1, ("brown", "grey", "purple"), OWN),),
    "Spies Guild": (PointsPer(1, ("red",), NEIGHBOURS),),
    "Strategists Guild": (PointsPer(1, ("defeat_token",), NEIGHBOURS),),
    "Traders Guild": (PointsPer(1, ("yellow",), NEIGHBOURS),),
    "Workers Guild": (PointsPer(1, ("brown",), NEIGHBOURS),),
}


def _same(effect: Effect) -> Effect:
    """An effect with its letter and side lists in a fixed order, for comparison."""
    if isinstance(effect, Produce):
        return attrs.evolve(effect, options="".join(sorted(effect.options)))
    if isinstance(effect, TradeDiscount):
        return attrs.evolve(effect, resources="".join(sorted(effect.resources)),
                            sides=tuple(sorted(effect.sides, key=lambda s: s.value)))
    if isinstance(effect, CoinsPer | PointsPer):
        return attrs.evolve(effect, counts=tuple(sorted(effect.counts)))
    return effect


def _row(name: str, age: int) -> tuple[object, ...]:
    card = next(c for c in FIRST.entries if c.name == name and c.age == age)
    return (card.name, card.age, card.colour.value, card.copies, card.cost_bag, card.coins,
            tuple(sorted(card.chains_from)))


@pytest.mark.parametrize("row", CARDS, ids=[f"{r[0]}-{r[1]}" for r in CARDS])
def test_every_card_as_in_the_reference_table(row: tuple[object, ...]) -> None:
    name, age, colour, copies, cost, coins, chains = row
    assert isinstance(name, str) and isinstance(age, int) and isinstance(cost, str)
    assert isinstance(chains, tuple)
    assert _row(name, age) == (name, age, colour, copies, parse_bag(cost), coins,
                               tuple(sorted(chains)))
    effects = FIRST.card(name).effects
    assert [_same(e) for e in effects] == [_same(e) for e in EFFECTS[name]]


def test_the_file_holds_exactly_the_reference_cards() -> None:
    assert sorted((c.name, c.age) for c in FIRST.entries) == sorted((r[0], r[1]) for r in CARDS)
    assert set(EFFECTS) == {c.name for c in FIRST.entries}


@pytest.mark.parametrize("players", range(3, 8))
@pytest.mark.parametrize("age", [1, 2, 3])
def test_every_age_deals_seven_cards_per_player(age: int, players: int) -> None:
    cards = FIRST.age_cards(age, players)
    guilds = players + 2 if age == 3 else 0
    assert len(cards) + guilds == 7 * players
    # §3.2 totals: 21/28/35/42/49 in Ages I and II, 16/22/28/34/40 non-guild cards in Age III.
    assert len(cards) == (7 * players if age < 3 else 6 * players - 2)


def test_physical_deck_sizes_and_distinct_names() -> None:
    physical = {age: sum(len(c.copies) for c in FIRST.entries if c.age == age and not c.is_guild)
                for age in (1, 2, 3)}
    assert physical == {1: 49, 2: 49, 3: 40}
    assert len(FIRST.guilds()) == 10
    names = {age: {c.name for c in FIRST.entries if c.age == age and not c.is_guild}
             for age in (1, 2, 3)}
    assert (len(names[1]), len(names[2]), len(names[3])) == (27, 23, 18)  # §5


@pytest.mark.parametrize(
    ("name", "players", "copies_dealt"),
    [
        ("Pawnshop", 3, 0), ("Pawnshop", 4, 1), ("Pawnshop", 7, 2),
        ("Town Hall", 4, 1), ("Town Hall", 5, 2), ("Town Hall", 6, 3),
        ("Arena", 6, 2), ("Arena", 7, 3),
        ("Circus", 3, 0), ("Circus", 4, 1), ("Circus", 5, 2), ("Circus", 6, 3),
        ("Arsenal", 3, 1), ("Arsenal", 4, 2), ("Arsenal", 6, 2), ("Arsenal", 7, 3),
        ("Tavern", 3, 0), ("Tavern", 7, 3),
    ],
)
def test_copies_dealt_per_player_count(name: str, players: int, copies_dealt: int) -> None:
    age = FIRST.card(name).age
    assert FIRST.age_cards(age, players).count(name) == copies_dealt


# §3.2 "Chain from" columns, all 26 of them (the "Chains to" columns say the same).
CHAINS = {
    ("Altar", "Temple"), ("Temple", "Pantheon"), ("Theater", "Statue"), ("Statue", "Gardens"),
    ("Baths", "Aqueduct"), ("Scriptorium", "Courthouse"), ("Scriptorium", "Library"),
    ("Apothecary", "Stables"), ("Apothecary", "Dispensary"), ("Workshop", "Archery Range"),
    ("Workshop", "Laboratory"), ("East Trading Post", "Forum"), ("West Trading Post", "Forum"),
    ("Marketplace", "Caravansery"), ("Forum", "Haven"), ("Caravansery", "Lighthouse"),
    ("Walls", "Fortifications"), ("Training Ground", "Circus"), ("Dispensary", "Arena"),
    ("Dispensary", "Lodge"), ("Laboratory", "Siege Workshop"), ("Laboratory", "Observatory"),
    ("Library", "Senate"), ("Library", "University"), ("School", "Academy"), ("School", "Study"),
}


def test_the_chains_are_exactly_the_first_edition_list() -> None:
    found = {(source, card.name) for card in FIRST.cards.values() for source in card.chains_from}
    assert found == CHAINS
    # The 2nd-edition chains that the 1st edition does not have.
    assert not found & {("Altar", "Pantheon"), ("Theater", "Gardens"), ("Well", "Statue")}


def test_the_differences_from_the_second_edition_are_those_of_section_3_1() -> None:
    first, second = set(FIRST.cards), set(SECOND.cards)
    assert first - second == {"Pawnshop", "Strategists Guild"}
    assert second - first == {"Well", "Ludus", "Castrum", "Decorators Guild"}

    def printed(edition: Edition, name: str) -> tuple[object, ...]:
        return tuple((c.age, c.colour, c.copies, c.cost_bag, c.coins, c.chains_from, c.effects)
                     for c in edition.entries if c.name == name)

    changed = {name for name in first & second if printed(FIRST, name) != printed(SECOND, name)}
    assert changed == {
        "Altar", "Theater", "Temple", "Statue", "Pantheon", "Gardens", "Town Hall", "Arena",
        "Circus", "Arsenal", "Fortifications", "Builders Guild", "Spies Guild",
    }


@pytest.mark.parametrize("name", ["Well", "Ludus", "Castrum", "Decorators Guild"])
def test_second_edition_only_cards_are_unknown(name: str) -> None:
    with pytest.raises(UnknownCardError):
        FIRST.card(name)


def test_only_brown_and_grey_cards_are_for_sale() -> None:
    for card in FIRST.cards.values():
        assert card.tradable == (card.colour in (Colour.BROWN, Colour.GREY)), card.name


# --------------------------------------------------------------------------- the wonder boards

ANY_RAW = Produce("WSOC", tradable=False)
ANY_MADE = Produce("GPL", tradable=False)

# §3.3: wonder -> (starting resource, side A stages, side B stages); a stage is (cost, effects).
BOARDS: dict[str, tuple[str, list[tuple[str, tuple[Effect, ...]]],
                        list[tuple[str, tuple[Effect, ...]]]]] = {
    "alexandria": ("G",
                   [("SS", (Points(3),)), ("OO", (ANY_RAW,)), ("GG", (Points(7),))],
                   [("CC", (ANY_RAW,)), ("WW", (ANY_MADE,)), ("SSS", (Points(7),))]),
    "babylon": ("C",
                [("CC", (Points(3),)), ("WWW", (ScienceChoice(),)), ("CCCC", (Points(7),))],
                [("CL", (Points(3),)), ("WWG", (PlayLastCard(),)), ("CCCP", (ScienceChoice(),))]),
    "ephesus": ("P",
                [("SS", (Points(3),)), ("WW", (Coins(9),)), ("PP", (Points(7),))],
                [("SS", (Points(2), Coins(4))), ("WW", (Points(3), Coins(4))),
                 ("GPL", (Points(5), Coins(4)))]),
    "giza": ("S",
              [("SS", (Points(3),)), ("WWW", (Points(5),)), ("SSSS", (Points(7),))],
              [("WW", (Points(3),)), ("SSS", (Points(5),)), ("CCC", (Points(5),)),
               ("SSSSP", (Points(7),))]),
    "halicarnassus": ("L",
                      [("CC", (Points(3),)), ("OOO", (BuildFromDiscard(),)), ("LL", (Points(7),))],
                      [("OO", (Points(2), BuildFromDiscard())),
                       ("CCC", (Points(1), BuildFromDiscard())), ("GPL", (BuildFromDiscard(),))]),
    "olympia": ("W",
                [("WW", (Points(3),)), ("SS", (FreeOncePerAge(),)), ("OO", (Points(7),))],
                [("WW", (TradeDiscount("WSOC", BOTH),)), ("SS", (Points(5),)),
                 ("OOL", (CopyNeighbourGuild(),))]),
    "rhodes": ("O",
               [("WW", (Points(3),)), ("CCC", (Shields(2),)), ("OOOO", (Points(7),))],
               [("SSS", (Shields(1), Points(3), Coins(3))),
                ("OOOO", (Shields(1), Points(4), Coins(4)))]),
}


@pytest.mark.parametrize("wonder", sorted(BOARDS))
def test_wonder_boards_as_in_the_reference(wonder: str) -> None:
    resource, side_a, side_b = BOARDS[wonder]
    board = FIRST.wonder(wonder)
    assert board.resource == resource
    assert board.sides() == ("a", "b")
    for side, expected in (("a", side_a), ("b", side_b)):
        stages = board.stages(side)
        assert [s.cost_bag for s in stages] == [parse_bag(cost) for cost, _ in expected]
        assert [s.coins for s in stages] == [0] * len(expected)
        assert [sorted(map(repr, map(_same, s.effects))) for s in stages] == [
            sorted(map(repr, map(_same, effects))) for _, effects in expected]


def test_the_boards_are_the_seven_of_the_base_game() -> None:
    assert set(FIRST.wonders) == set(BOARDS) == set(SECOND.wonders)
    # D4: the 1st-edition starting resources of Babylon and Olympia differ from the 2nd's.
    assert (FIRST.wonder("babylon").resource, SECOND.wonder("babylon").resource) == ("C", "W")
    assert (FIRST.wonder("olympia").resource, SECOND.wonder("olympia").resource) == ("W", "C")
    # RB1 p. 9 / BSW: every A side has three stages worth 3 and 7 points at stages 1 and 3.
    for wonder in FIRST.wonders.values():
        stages = wonder.stages("a")
        assert len(stages) == 3
        assert (stages[0].effects, stages[2].effects) == ((Points(3),), (Points(7),))
    stage_counts = {name: len(FIRST.wonder(name).stages("b")) for name in BOARDS}
    assert stage_counts == {"alexandria": 3, "babylon": 3, "ephesus": 3, "giza": 4,
                            "halicarnassus": 3, "olympia": 3, "rhodes": 2}


# --------------------------------------------------------------------------- the options


@pytest.mark.parametrize(
    ("edition", "sides", "expected"),
    [("1st", None, "a"), ("first", "A", "a"), ("FIRST", "b", "b"), ("1st", "B", "b"),
     ("1st", "ab", "ab"), ("First", "AB", "ab")],
)
def test_edition_and_sides_options_are_normalised(
    edition: str, sides: str | None, expected: str
) -> None:
    g = BaseGame(players=4, edition=edition, sides=sides)
    assert g.options()["edition"] == "1st"
    assert g.options()["sides"] == expected
    assert g.edition.name == "1st"
    state = g.new_game(seed=3)
    if expected != "ab":
        assert {city.side for city in state.cities} == {expected}
    assert all(g.edition.wonder(c.wonder).stages(c.side) for c in state.cities)
    assert all(label.endswith(("(a)", "(b)")) for label in g.seat_labels(state))


def test_sides_per_seat() -> None:
    g = BaseGame(players=3, edition="1st", sides=["a", "B", "a"],
                 wonders=["giza", "rhodes", "olympia"])
    state = g.new_game(seed=0)
    assert [(c.wonder, c.side) for c in state.cities] == [
        ("giza", "a"), ("rhodes", "b"), ("olympia", "a")]
    assert g.options()["sides"] == ["a", "b", "a"]


@pytest.mark.parametrize(
    ("edition", "sides"),
    [("1st", "day"), ("1st", "night"), ("1st", "random"), ("2nd", "a"), ("2nd", "ab"),
     ("1st", ("a", "day", "b")), ("1st", ("a", "b"))],
)
def test_sides_of_the_other_edition_are_refused(edition: str, sides: object) -> None:
    with pytest.raises(InvalidOptionError):
        BaseGame(players=3, edition=edition, sides=sides)  # type: ignore[arg-type]


def test_unknown_edition_is_refused() -> None:
    with pytest.raises(InvalidOptionError):
        BaseGame(players=3, edition="3rd")


def test_ab_draws_a_side_per_seat_from_the_seed() -> None:
    g = BaseGame(players=7, edition="1st", sides="ab")
    sides = [tuple(c.side for c in g.new_game(seed).cities) for seed in range(12)]
    assert sides == [tuple(c.side for c in g.new_game(seed).cities) for seed in range(12)]
    assert any(set(s) == {"a", "b"} for s in sides)  # both sides within one game
    assert len(set(sides)) > 1  # and the draw depends on the seed


def test_first_edition_games_deal_first_edition_cards() -> None:
    for players in range(3, 8):
        g = BaseGame(players=players, edition="1st", sides="ab")
        state = g.new_game(seed=players)
        dealt = [name for hand in state.hands for name in hand] + [
            name for deck in state.decks for name in deck]
        assert len(dealt) == 3 * 7 * players
        assert set(dealt) <= set(FIRST.cards)
        assert sum(1 for name in dealt if FIRST.card(name).is_guild) == players + 2
        assert sorted(dealt[: 7 * players]) == sorted(FIRST.age_cards(1, players))


@pytest.mark.parametrize(("edition", "sides", "other"), [
    ("1st", "a", "day"), ("1st", "b", "night"), ("2nd", "day", "a"), ("2nd", "night", "b")])
def test_a_state_names_sides_as_its_edition_does(edition: str, sides: str, other: str) -> None:
    # "day" and "a" were two spellings of one position in a 1st-edition game.
    g = BaseGame(players=3, edition=edition, sides=sides)
    state = g.new_game(seed=2)
    g.legal_moves(state, 0)
    cities = list(state.cities)
    cities[1] = attrs.evolve(cities[1], side=other)
    text = to_json(attrs.evolve(state, cities=tuple(cities)))
    with pytest.raises(InvalidStateError):  # the load check refuses it before any rule runs
        g.legal_moves(from_json(text, BaseState), 0)
    with pytest.raises(InvalidStateError):  # and so does the game, built by hand
        g.legal_moves(attrs.evolve(state, cities=tuple(cities)), 0)
    # Carthage, printed Day/Night, still plays as A/B in the 1st edition.
    carthage = BaseGame(players=3, edition="1st", sides="b",
                        wonders=("carthage", "rhodes", "giza"))
    assert carthage.legal_moves(carthage.new_game(1), 0)
