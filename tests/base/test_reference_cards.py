# ruff: noqa: E501 - one reference row per line reads best
"""Every 2nd-edition card against the reference tables (the base reference notes, §1.2-1.5).

The table below is transcribed from the reference, independently of the data file, so an
encoding slip in ``cards_2nd.toml`` shows up here.
"""

import pytest

from sevenwonders.base.cards import load_edition
from sevenwonders.base.effects import Points, Produce, Science, Shields
from sevenwonders.core.resources import parse_bag

# (age, name, colour, copies from n players, cost letters, coin cost, chain sources, effect)
REFERENCE = [
    (1, 'Lumber Yard', 'brown', (3, 4), '', 0, (), 'produces 1 Wood'),
    (1, 'Stone Pit', 'brown', (3, 5), '', 0, (), 'produces 1 Stone'),
    (1, 'Clay Pool', 'brown', (3, 5), '', 0, (), 'produces 1 Clay'),
    (1, 'Ore Vein', 'brown', (3, 4), '', 0, (), 'produces 1 Ore'),
    (1, 'Tree Farm', 'brown', (6,), '', 1, (), 'produces Wood OR Clay'),
    (1, 'Excavation', 'brown', (4,), '', 1, (), 'produces Stone OR Clay'),
    (1, 'Clay Pit', 'brown', (3,), '', 1, (), 'produces Clay OR Ore'),
    (1, 'Timber Yard', 'brown', (3,), '', 1, (), 'produces Stone OR Wood'),
    (1, 'Forest Cave', 'brown', (5,), '', 1, (), 'produces Wood OR Ore'),
    (1, 'Mine', 'brown', (6,), '', 1, (), 'produces Stone OR Ore'),
    (1, 'Loom', 'grey', (3, 6), '', 0, (), 'produces 1 Loom (textile)'),
    (1, 'Glassworks', 'grey', (3, 6), '', 0, (), 'produces 1 Glass'),
    (1, 'Press', 'grey', (3, 6), '', 0, (), 'produces 1 Papyrus'),
    (1, 'Altar', 'blue', (3, 5), '', 0, (), '3 VP'),
    (1, 'Theater', 'blue', (3, 6), '', 0, (), '3 VP'),
    (1, 'Well', 'blue', (4, 7), '', 0, (), '3 VP'),
    (1, 'Baths', 'blue', (3, 7), 'S', 0, (), '3 VP'),
    (1, 'Tavern', 'yellow', (4, 5, 7), '', 0, (), 'take 5 coins from bank (once)'),
    (1, 'East Trading Post', 'yellow', (3, 7), '', 0, (), 'buy raw materials (W/S/O/C) from RIGHT neighbour for 1 coin'),
    (1, 'West Trading Post', 'yellow', (3, 7), '', 0, (), 'buy raw materials (W/S/O/C) from LEFT neighbour for 1 coin'),
    (1, 'Marketplace', 'yellow', (3, 6), '', 0, (), 'buy manufactured goods (G/P/L) from BOTH neighbours for 1 coin'),
    (1, 'Stockade', 'red', (3, 7), 'W', 0, (), '1 shield'),
    (1, 'Barracks', 'red', (3, 5), 'O', 0, (), '1 shield'),
    (1, 'Guard Tower', 'red', (3, 4), 'C', 0, (), '1 shield'),
    (1, 'Apothecary', 'green', (3, 5), 'L', 0, (), 'science: compass'),
    (1, 'Workshop', 'green', (3, 7), 'G', 0, (), 'science: gear'),
    (1, 'Scriptorium', 'green', (3, 4), 'P', 0, (), 'science: tablet'),
    (2, 'Sawmill', 'brown', (3, 4), '', 1, (), 'produces 2 Wood'),
    (2, 'Quarry', 'brown', (3, 4), '', 1, (), 'produces 2 Stone'),
    (2, 'Brickyard', 'brown', (3, 4), '', 1, (), 'produces 2 Clay'),
    (2, 'Foundry', 'brown', (3, 4), '', 1, (), 'produces 2 Ore'),
    (2, 'Loom', 'grey', (3, 5), '', 0, (), 'produces 1 Loom'),
    (2, 'Glassworks', 'grey', (3, 5), '', 0, (), 'produces 1 Glass'),
    (2, 'Press', 'grey', (3, 5), '', 0, (), 'produces 1 Papyrus'),
    (2, 'Aqueduct', 'blue', (3, 7), 'SSS', 0, ('Baths',), '5 VP'),
    (2, 'Temple', 'blue', (3, 6), 'WCG', 0, (), '4 VP'),
    (2, 'Statue', 'blue', (3, 7), 'WOO', 0, ('Well',), '4 VP'),
    (2, 'Courthouse', 'blue', (3, 5), 'CCL', 0, ('Scriptorium',), '4 VP'),
    (2, 'Forum', 'yellow', (3, 6, 7), 'CC', 0, ('East Trading Post', 'West Trading Post'), 'produces Glass OR Papyrus OR Loom each turn (not sellable to neighbours)'),
    (2, 'Caravansery', 'yellow', (3, 5, 6), 'WW', 0, ('Marketplace',), 'produces Wood OR Stone OR Ore OR Clay each turn (not sellable)'),
    (2, 'Vineyard', 'yellow', (3, 6), '', 0, (), 'take 1 coin per brown card in your city AND both neighbours (once, when built)'),
    (2, 'Bazaar', 'yellow', (4, 7), '', 0, (), 'take 2 coins per grey card in your city AND both neighbours (once, when built)'),
    (2, 'Walls', 'red', (3, 7), 'SSS', 0, (), '2 shields'),
    (2, 'Training Ground', 'red', (4, 6, 7), 'WOO', 0, (), '2 shields'),
    (2, 'Stables', 'red', (3, 5), 'WOC', 0, ('Apothecary',), '2 shields'),
    (2, 'Archery Range', 'red', (3, 6), 'WWO', 0, ('Workshop',), '2 shields'),
    (2, 'Dispensary', 'green', (3, 4), 'OOG', 0, ('Apothecary',), 'science: compass'),
    (2, 'Laboratory', 'green', (3, 5), 'CCP', 0, ('Workshop',), 'science: gear'),
    (2, 'Library', 'green', (3, 6), 'SSL', 0, ('Scriptorium',), 'science: tablet'),
    (2, 'School', 'green', (3, 7), 'WP', 0, (), 'science: tablet'),
    (3, 'Pantheon', 'blue', (3, 6), 'OCCGPL', 0, ('Altar',), '7 VP'),
    (3, 'Gardens', 'blue', (3, 4), 'WCC', 0, ('Theater',), '5 VP'),
    (3, 'Town Hall', 'blue', (3, 6), 'SSOG', 0, (), '6 VP'),
    (3, 'Palace', 'blue', (3, 7), 'WSOCGPL', 0, (), '8 VP'),
    (3, 'Senate', 'blue', (3, 5), 'WWSO', 0, ('Library',), '6 VP'),
    (3, 'Haven', 'yellow', (3, 4), 'WOL', 0, ('Forum',), 'when built: 1 coin per brown card in your city; end: 1 VP per brown card in your city'),
    (3, 'Lighthouse', 'yellow', (3, 6), 'SG', 0, ('Caravansery',), 'when built: 1 coin per yellow card in your city; end: 1 VP per yellow card in your city'),
    (3, 'Chamber of Commerce', 'yellow', (4, 6), 'CCP', 0, (), 'when built: 2 coins per grey card in your city; end: 2 VP per grey card in your city'),
    (3, 'Arena', 'yellow', (3, 5), 'SSO', 0, ('Dispensary',), 'when built: 3 coins per wonder stage you have built; end: 1 VP per stage built'),
    (3, 'Ludus', 'yellow', (5, 7), 'SO', 0, (), 'when built: 3 coins per red card in your city; end: 1 VP per red card in your city'),
    (3, 'Fortifications', 'red', (3, 7), 'OOOC', 0, ('Walls',), '3 shields'),
    (3, 'Circus', 'red', (4, 6), 'SSSO', 0, ('Training Ground',), '3 shields'),
    (3, 'Arsenal', 'red', (3, 5), 'WWOL', 0, (), '3 shields'),
    (3, 'Siege Workshop', 'red', (3, 5), 'WCCC', 0, ('Laboratory',), '3 shields'),
    (3, 'Castrum', 'red', (4, 7), 'WCCP', 0, (), '3 shields'),
    (3, 'Lodge', 'green', (3, 6), 'CCPL', 0, ('Dispensary',), 'science: compass'),
    (3, 'Observatory', 'green', (3, 7), 'OOGL', 0, ('Laboratory',), 'science: gear'),
    (3, 'University', 'green', (3, 4), 'WWGP', 0, ('Library',), 'science: tablet'),
    (3, 'Academy', 'green', (3, 7), 'SSSG', 0, ('School',), 'science: compass'),
    (3, 'Study', 'green', (3, 5), 'WPL', 0, ('School',), 'science: gear'),
    (3, 'Workers Guild', 'purple', (), 'WSOOC', 0, (), '1 VP per brown card in the two neighbouring cities'),
    (3, 'Craftsmens Guild', 'purple', (), 'SSOO', 0, (), '2 VP per grey card in the two neighbouring cities'),
    (3, 'Magistrates Guild', 'purple', (), 'WWWSL', 0, (), '1 VP per blue card in the two neighbouring cities'),
    (3, 'Traders Guild', 'purple', (), 'GPL', 0, (), '1 VP per yellow card in the two neighbouring cities'),
    (3, 'Spies Guild', 'purple', (), 'CCG', 0, (), '1 VP per red card in the two neighbouring cities'),
    (3, 'Philosophers Guild', 'purple', (), 'CCCPL', 0, (), '1 VP per green card in the two neighbouring cities'),
    (3, 'Shipowners Guild', 'purple', (), 'WWWGP', 0, (), '1 VP per brown, grey and purple card in YOUR city (purple includes itself)'),
    (3, 'Scientists Guild', 'purple', (), 'WWOOP', 0, (), '1 science symbol of your choice (chosen at game end)'),
    (3, 'Builders Guild', 'purple', (), 'SSSCCG', 0, (), '1 VP per wonder stage built by you AND both neighbours'),
    (3, 'Decorators Guild', 'purple', (), 'SOOL', 0, (), '7 VP if ALL stages of your own wonder are built'),
]


EDITION = load_edition("2nd")


def test_the_data_file_has_exactly_the_reference_cards() -> None:
    assert sorted((c.age, c.name) for c in EDITION.entries) == sorted(
        (age, name) for age, name, *_ in REFERENCE)


@pytest.mark.parametrize("row", REFERENCE, ids=[f"{r[0]}-{r[1]}" for r in REFERENCE])
def test_card_matches_the_reference(row: tuple) -> None:  # type: ignore[type-arg]
    age, name, colour, copies, cost, coins, chains, effect = row
    card = next(c for c in EDITION.entries if c.name == name and c.age == age)
    assert card.colour.value == colour
    assert card.copies == copies
    assert card.cost_bag == parse_bag(cost)
    assert card.coins == coins
    assert set(card.chains_from) == set(chains)
    text = effect.lower()
    vp = [e.vp for e in card.effects if isinstance(e, Points)]
    if text.endswith(" vp") and text[0].isdigit():
        assert vp == [int(text.split()[0])]
    shields = [e.count for e in card.effects if isinstance(e, Shields)]
    if "shield" in text:
        assert shields == [int(text.split()[0])]
    symbols = [e.symbol.value for e in card.effects if isinstance(e, Science)]
    if text.startswith("science:"):
        assert symbols == [text.split(": ")[1]]
    produce = [e for e in card.effects if isinstance(e, Produce)]
    if text.startswith("produces"):
        (p,) = produce
        letters = {"wood": "W", "stone": "S", "ore": "O", "clay": "C", "glass": "G",
                   "papyrus": "P", "loom": "L"}
        named = {letters[w.strip(" ()")] for w in text.replace("/", " ").split()
                 if w.strip(" ()") in letters}
        assert set(p.options) == named
        if text.split()[1].isdigit():
            assert p.amount == int(text.split()[1])
        assert p.tradable == (colour in ("brown", "grey"))
