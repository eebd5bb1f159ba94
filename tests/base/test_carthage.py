"""Carthage without Edifice: the Edifice rulebook (line 28) says Carthage "kann
mit allen Erweiterungen gespielt werden", and reference edifice.md section 2: "can be used in any
game of 7 Wonders, with any expansion" (or none)."""

from __future__ import annotations

import random

import pytest

from sevenwonders.base import BaseGame
from sevenwonders.base.state import BaseState
from sevenwonders.core.serialization import from_json, to_json
from sevenwonders.errors import InvalidStateError
from tests.base.helpers import game, play, position

HANDS = [["Altar", "Loom"], ["Baths", "Press"], ["Theater", "Tavern"]]


def test_a_seat_may_name_carthage_without_edifice() -> None:
    g = game(["carthage", "rhodes", "giza"])
    assert g.expansions == ()
    state = position(g, hands=HANDS, cities={0: {"stages": 1, "cards": ["Ore Vein", "Press"],
                                                 "coins": 3}})
    assert state.cities[0].wonder == "carthage"
    coins = play(g, state, {0: "stage Altar", 1: "sell Baths", 2: "sell Theater"})
    assert coins.cities[0].coins == 3 + 7
    shield = play(g, state, {0: "stage Altar option 2", 1: "sell Baths", 2: "sell Theater"})
    assert g.rules.shields(shield, 0) == 1 and g.scores(shield)[0].lines["wonder"] == 3 + 2


@pytest.mark.parametrize("edition", ["2nd", "1st"])
def test_the_option_deals_carthage_and_whole_games_run(edition: str) -> None:
    g = BaseGame(players=7, edition=edition, carthage=True, sides="random" if edition == "2nd"
                 else "ab")
    assert g.options()["carthage"] is True
    dealt = 0
    for seed in range(12):
        state = g.new_game(seed)
        dealt += any(city.wonder == "carthage" for city in state.cities)
    assert 0 < dealt < 12  # 7 of 8 boards are dealt
    chooser = random.Random(1)
    state = next(g.new_game(s) for s in range(50)
                 if any(c.wonder == "carthage" for c in g.new_game(s).cities))
    while not g.is_over(state):
        state = g.play(state, {seat: chooser.choice(g.legal_moves(state, seat))
                               for seat in g.to_move(state)})
    assert len(g.scores(state)) == 7
    assert from_json(to_json(state), BaseState) == state


def test_without_the_option_carthage_is_neither_dealt_nor_accepted() -> None:
    plain = BaseGame(players=7)
    assert all(city.wonder != "carthage" for seed in range(20)
               for city in plain.new_game(seed).cities)
    with_carthage = game(["carthage", "rhodes", "giza"])
    state = with_carthage.new_game(1)
    other = BaseGame(players=3)
    with pytest.raises(InvalidStateError):
        other.legal_moves(state, 0)
