"""The numbers players decide by, computed from a seat's view, agree with the game's own
answers on the real state at every step of whole random games of every family."""

from __future__ import annotations

from typing import Any

import pytest

from sevenwonders.agents import RandomAgent
from sevenwonders.base import BaseGame
from sevenwonders.base.moves import Build, BuildStage
from sevenwonders.core.rng import Rng
from sevenwonders.core.serialization import converter
from sevenwonders.dice.sheet_choices import seat_sheet
from sevenwonders.edifice import Edifice
from sevenwonders.frontend.insight import insight, purchases
from sevenwonders.games import make_game


def _states(game: Any, seed: int) -> list[Any]:
    agent, rng = RandomAgent(), Rng.from_seed(seed)
    state = game.new_game(seed)
    out = [state]
    while not game.is_over(state):
        moves = {}
        for seat in sorted(game.to_move(state)):
            moves[seat], rng = agent.choose(game, game.view(state, seat),
                                            game.legal_moves(state, seat), rng)
        state, _ = game.step(state, moves)
        out.append(state)
    return out


@pytest.mark.parametrize("game", [BaseGame(players=3), BaseGame(players=5),
                                  BaseGame(players=4, expansions=(Edifice(),))],
                         ids=["base3", "base5", "edifice4"])
def test_base_numbers_are_the_games_own(game: BaseGame) -> None:
    priced = 0
    for state in _states(game, 7):
        seat = len(state.cities) - 1
        legal = game.legal_moves(state, seat) if seat in game.to_move(state) else ()
        numbers = insight(game, game.view(state, seat), legal)
        assert numbers is not None
        sheets = game.scores(state)
        for city in numbers["cities"]:
            s = city["seat"]
            assert city["shields"] == game.rules.shields(state, s)
            assert city["points"] == sheets[s].total
            assert city["coins"] == state.cities[s].coins
            assert city["board_resource"]
        paid = [m for m in legal if isinstance(m, Build | BuildStage) and (m.left or m.right)]
        assert sorted(numbers["payments"]) == sorted(str(m) for m in paid)
        for move in paid:
            entry = numbers["payments"][str(move)]
            assert entry["coins"] == move.left + move.right
            assert bool(entry["left"]) == bool(move.left)
            assert bool(entry["right"]) == bool(move.right)
            priced += 1
        if paid:
            groups = {e["group"] for e in numbers["payments"].values()}
            for group in groups:
                assert any(e["cheapest"] for e in numbers["payments"].values()
                           if e["group"] == group)
    assert priced > 0


def test_purchases_price_exactly_the_payment() -> None:
    wood, ore, clay = 1, 1 << 2, 1 << 3
    cost = (2, 0, 1, 0, 0, 0, 0)  # 2 wood, 1 ore
    prices = (2,) * 7
    cheap = (1,) * 7
    found = purchases(cost, [(wood, 1)], [(wood | clay, 1)], [(ore, 1)], cheap, prices, 1, 2)
    assert found == ((1, 0, 0, 0, 0, 0, 0), (0, 0, 1, 0, 0, 0, 0))
    assert purchases(cost, [(wood, 1)], [(wood | clay, 1)], [(ore, 1)], cheap, prices, 2, 0) \
        is None


def test_architects_numbers_are_the_games_own() -> None:
    game = make_game("architects", 4)
    for state in _states(game, 3)[::5]:
        numbers = insight(game, game.view(state, 1))
        assert numbers is not None
        sheets = game.scores(state)
        for city in numbers["cities"]:
            assert city["points"] == sheets[city["seat"]].total
            assert city["cat"] == (state.cat == city["seat"])
            assert sum(c["count"] for c in city["cards"]) == len(state.cities[city["seat"]].cards)
        assert numbers["conflict"]["total"] >= numbers["conflict"]["battle"]


def test_dice_sheets_are_the_games_own() -> None:
    game = make_game("dice", 3)
    for state in _states(game, 2)[::4]:
        numbers = insight(game, game.view(state, 0))
        assert numbers is not None and (numbers["left"], numbers["right"]) == (1, 2)
        assert numbers["sheets"] == [converter.unstructure(seat_sheet(game, state, s))
                                     for s in range(3)]
