"""The position builders: the rulebooks' worked examples set up with them and played out, the
completion of what the caller leaves out, and positions no game reaches refused with their
problems."""

from __future__ import annotations

import doctest
from collections import Counter
from typing import Any

import pytest

import sevenwonders.architects.positions as architects_positions
import sevenwonders.base.positions as base_positions
import sevenwonders.dice.positions as dice_positions
from sevenwonders.architects import ArchitectsGame
from sevenwonders.architects.moves import Take
from sevenwonders.architects.state import StartTurn
from sevenwonders.base import BaseGame, Build, BuildStage, Sell
from sevenwonders.base.validation import problems
from sevenwonders.core.serialization import from_json, to_json
from sevenwonders.dice.game import DiceGame
from sevenwonders.edifice import Edifice
from sevenwonders.errors import InvalidOptionError, InvalidStateError


@pytest.mark.parametrize("module", [base_positions, architects_positions, dice_positions])
def test_the_documented_examples_hold(module: Any) -> None:
    assert doctest.testmod(module).failed == 0


# -- base game: the 2nd-edition rulebook's examples


def test_military_example_at_the_end_of_age_two() -> None:
    """"Am Ende von Zeitalter II beträgt deine Militärstärke 4. Dein linker Nachbar hat eine
    Militärstärke von 5 und dein rechter Nachbar eine von 2": a defeat token from the left, an
    Age II victory token from the right."""
    game = BaseGame(4, wonders=("giza", "babylon", "ephesus", "olympia"))
    left, right = game.rules.sides[0]
    state = base_positions.position(game, age=2, turn=6, seed=3, cities={
        0: {"cards": ("Walls", "Stables")},
        left: {"cards": ("Training Ground", "Archery Range", "Stockade")},
        right: {"cards": ("Barracks", "Guard Tower")},
    })
    assert [game.rules.shields(state, s) for s in (0, left, right)] == [4, 5, 2]
    sells = {s: next(m for m in game.legal_moves(state, s) if isinstance(m, Sell))
             for s in game.to_move(state)}
    after = game.play(state, sells)
    assert after.age == 3
    assert sorted(after.cities[0].tokens) == [-1, 3]


def test_production_example_decides_what_can_be_built() -> None:
    """"Deine Stadt produziert 2 Stein, 1 Erz und 1 Papyrus. Du kannst entweder die Kaserne
    bauen ... oder das Skriptorium ... Den Wachturm kannst du nicht bauen" (no coins to buy
    the brick)."""
    game = BaseGame(3, wonders=("giza", "babylon", "rhodes"))
    state = base_positions.position(game, turn=4, seed=2, cities={
        0: {"cards": ("Stone Pit", "Ore Vein", "Press"), "coins": 0}},
        hands={0: ("Barracks", "Scriptorium", "Guard Tower", "Baths")})
    builds = {m.card for m in game.legal_moves(state, 0) if isinstance(m, Build)}
    assert {"Barracks", "Scriptorium"} <= builds
    assert "Guard Tower" not in builds
    assert game.quote(state, 0, "Barracks").buildable
    assert not game.quote(state, 0, "Guard Tower").buildable


def test_chain_example_builds_the_gardens_for_free() -> None:
    """"Falls du in Zeitalter I das Theater gebaut hast, kannst du die Gärten in Zeitalter III
    kostenlos bauen"."""
    game = BaseGame(3, wonders=("giza", "babylon", "rhodes"))
    state = base_positions.position(game, age=3, turn=2, seed=5, cities={
        0: {"cards": ("Theater",), "coins": 0}},
        hands={0: ("Gardens", "Palace", "Senate", "Arena", "Lodge", "Pantheon")})
    quote = game.quote(state, 0, "Gardens")
    assert quote.buildable and quote.free


def test_edifice_example_pays_stage_and_participation() -> None:
    """Edifice: "Der erste Bauabschnitt kostet 2 Holz und die Beteiligung am Belvedere 1 Münze.
    Du zahlst insgesamt also 2 Holz und 1 Münze" and take a pawn."""
    edifice = Edifice(projects=("Belvedere", "Amphitheater", "Agora"))
    game = BaseGame(3, wonders=("rhodes", "giza", "babylon"), expansions=(edifice,))
    assert game.rules.stages(game.new_game(0).cities[0])[0].cost == "WW"
    state = base_positions.position(game, turn=3, seed=1, cities={
        0: {"cards": ("Lumber Yard", "Timber Yard"), "coins": 1}})
    joins = [m for m in game.legal_moves(state, 0) if isinstance(m, BuildStage) and m.extras]
    assert joins, "the stage with participation is offered for 2 wood and 1 coin"
    others = {s: next(m for m in game.legal_moves(state, s) if isinstance(m, Sell))
              for s in (1, 2)}
    after = game.play(state, {0: joins[0], **others})
    assert after.cities[0].stages == 1 and after.cities[0].coins == 0
    assert after.expansions[0].pawns[0] == (1,)


def test_a_scoring_position_at_the_end_of_the_game() -> None:
    game = BaseGame(3, wonders=("giza", "babylon", "rhodes"))
    state = base_positions.position(game, over=True, seed=4, cities={
        0: {"cards": ("Baths", "Aqueduct", "Temple"), "tokens": (1, 1, 3, 3, 5, 5)},
        1: {"tokens": (-1, -1, -1)}, 2: {"tokens": (-1, -1, -1)}})
    assert state.over and game.scores(state)[0].total > game.scores(state)[1].total


# -- what the builder completes, and what it refuses


def test_the_builder_completes_a_whole_deal_from_the_seed() -> None:
    game = BaseGame(5, sides="night")
    first = base_positions.position(game, age=2, turn=3, seed=9,
                                    cities={1: {"cards": ("Baths", "Library"), "stages": 1}})
    again = base_positions.position(game, age=2, turn=3, seed=9,
                                    cities={1: {"cards": ("Baths", "Library"), "stages": 1}})
    assert first == again and problems(first) == ()
    assert [len(h) for h in first.hands] == [5] * 5
    assert len(first.decks) == 1 and len(first.decks[0]) == 7 * 5
    assert len(first.cities[1].tucked) == 1
    assert from_json(to_json(first), type(first)) == first
    cards = Counter(c for h in first.hands for c in h) + Counter(first.discard)
    for city in first.cities:
        cards.update((*city.cards, *city.tucked))
    assert sum(cards.values()) + len(first.decks[0]) == 3 * 7 * 5


def test_the_builder_adds_named_guilds_to_the_deal() -> None:
    game = BaseGame(3)
    state = base_positions.position(game, age=3, turn=1, seed=1,
                                    hands={0: ("Builders Guild", "Palace", "Senate", "Arena",
                                               "Lodge", "Pantheon", "Gardens")})
    assert "Builders Guild" in state.hands[0]


@pytest.mark.parametrize(("what", "kwargs", "invariant"), [
    ("four cards after two turns", {"turn": 3, "cities": {0: {"cards": (
        "Baths", "Altar", "Stockade", "Loom")}}}, "built_counts"),
    ("a victory without its defeat", {"age": 2, "cities": {0: {"tokens": (1,)}}},
     "military_tokens"),
    ("a hand of the wrong size", {"turn": 2, "hands": {0: ("Baths",)}}, "hand_sizes"),
    ("a card twice in a city", {"age": 2, "cities": {0: {"cards": ("Baths", "Baths")}}},
     "card_conservation"),
])
def test_impossible_positions_are_refused_with_their_problems(what: str, kwargs: dict[str, Any],
                                                              invariant: str) -> None:
    with pytest.raises(InvalidStateError) as caught:
        base_positions.position(BaseGame(3), seed=1, **kwargs)
    assert invariant in base_positions.refused_problems(caught.value), str(caught.value)


def test_a_city_saying_something_unknown_is_an_option_error() -> None:
    with pytest.raises(InvalidOptionError, match="colour"):
        base_positions.position(BaseGame(3), cities={0: {"colour": "red"}})


# -- Architects: the two-player battle rule


def test_two_player_battle_with_twice_the_shields_wins_two_tokens() -> None:
    """"Falls du allerdings mindestens doppelt so viele Schilde wie dein Mitspieler hast,
    erhältst du 2 Militär-Siegmarker statt 1": the last conflict token flipped by a card with
    a horn starts the battle at the end of the turn."""
    game = ArchitectsGame(2, wonders=["giza", "babylon"])
    total = game.tables.conflict_total
    state = architects_positions.position(
        game, turn=1, flipped=total - 1, seed=2, tops={"central": ["red1"]},
        cities={0: {"cards": ["red0"]}, 1: {"cards": ["red2"]}})
    take = next(m for m in game.legal_moves(state, 0)
                if isinstance(m, Take) and m.source.value == "central")
    state = game.play(state, {0: take})
    while not isinstance(state.pending, StartTurn):  # the rest of seat 0's turn
        moves = game.legal_moves(state, 0)
        state = game.play(state, {0: next((m for m in moves if str(m) == "end"), moves[0])})
    assert state.cities[0].military == 2 and state.cities[1].military == 0


def test_architects_victories_need_battles_on_the_discard_pile() -> None:
    game = ArchitectsGame(3)
    state = architects_positions.position(game, turn=5, cities={2: {"military": 3}})
    # two battles (a seat wins two victories a battle at most), each started by horns that
    # flipped every conflict token, all discarded by the battle
    horns = sum(game.tables.horns[game.tables.card_kind[c]] for c in state.discard)
    assert horns >= 2 * game.tables.conflict_total and state.current == 1


# -- Dice: the Guild Hall gate


def test_dice_guild_gate_example() -> None:
    """"Du hast auf deinem Markt 2 Felder angekreuzt. Die Stadt zu deiner Rechten hat ebenfalls
    2. Die Stadt zu deiner Linken hat 1. Somit darfst du ein Gildenhallen-Feld ankreuzen";
    with 1 against 2 you may not."""
    game = DiceGame(3, seat_sheets=["giza", "rhodes", "babylon"])
    right, left = game.rules.ring.right(0), game.rules.ring.left(0)
    market = ["market.m1", "market.m2"]
    state = dice_positions.position(game, turn=3, seats={
        0: {"ticks": market}, right: {"ticks": market}, left: {"ticks": market[:1]}})
    assert game.rules.gate_ok(state, 0, "guild_market")
    assert not game.rules.gate_ok(state, left, "guild_market")


def test_dice_ticks_against_the_arrows_are_refused() -> None:
    game = DiceGame(3, seat_sheets=["giza", "rhodes", "babylon"])
    table = game.tables.sheets["giza"]
    box = next(b for b in table.boxes if b.requires)
    with pytest.raises(InvalidStateError) as caught:
        dice_positions.position(game, turn=3, seats={0: {"ticks": [box.ref]}})
    assert "tick_order" in [p.invariant for p in caught.value.problems]


def test_science_scoring_example_at_the_end_of_the_game() -> None:
    """"Gleiche Symbole ... 3: 9 Siegpunkte" and "Für jedes komplette Set aus 3 verschiedenen
    Wissenschaftssymbolen erhältst du 7 Siegpunkte" (rulebook, "Endwertung")."""
    game = BaseGame(3, wonders=("giza", "rhodes", "ephesus"))
    compasses = ("Apothecary", "Dispensary", "Academy")
    state = base_positions.position(game, over=True, seed=5, cities={
        0: {"cards": compasses},
        1: {"cards": ("Lodge", "Workshop", "Laboratory", "Scriptorium", "Library")}})
    sheets = game.scores(state)
    assert sheets[0].lines["science"] == 9  # three of one symbol
    assert sheets[1].lines["science"] == 1 + 4 + 4 + 7  # 1, 2, 2 of a symbol and a set
