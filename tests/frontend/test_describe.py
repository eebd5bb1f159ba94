"""Words for players: every event of whole random games of every family reads as a sentence
(none falls back to a field dump), and no Architects card id or Dice notation reaches a player."""

from __future__ import annotations

from typing import Any

import pytest

from sevenwonders.agents import RandomAgent
from sevenwonders.base import BaseGame
from sevenwonders.core.rng import Rng
from sevenwonders.core.serialization import tag_of
from sevenwonders.edifice import Edifice
from sevenwonders.frontend.describe import describe_event
from sevenwonders.frontend.names import (
    architects_names,
    dice_move_words,
    move_words,
    resource_words,
    stage_key_words,
)
from sevenwonders.games import make_game

GAMES: dict[str, Any] = {
    "base": lambda players: BaseGame(players=players),
    "edifice": lambda players: BaseGame(players=players, expansions=(Edifice(),)),
    "architects": lambda players: make_game("architects", players),
    "dice": lambda players: make_game("dice", players),
}


def _whole_game(game: Any, seed: int) -> list[tuple[Any, Any, list[str]]]:
    """(seat 0's view before the step, the step's visible events, seat 0's legal moves) of
    every step of a random game."""
    agent, rng = RandomAgent(), Rng.from_seed(seed)
    state = game.new_game(seed)
    out = []
    while not game.is_over(state):
        moves = {}
        for seat in sorted(game.to_move(state)):
            moves[seat], rng = agent.choose(game, game.view(state, seat),
                                            game.legal_moves(state, seat), rng)
        legal = [str(m) for m in game.legal_moves(state, 0)] if 0 in moves else []
        view = game.view(state, 0)
        state, events = game.step(state, moves)
        out.append((view, game.visible_events(events, 0), legal))
    return out


@pytest.mark.parametrize(("name", "players"), [("base", 3), ("base", 7), ("edifice", 4),
                                               ("architects", 2), ("architects", 5),
                                               ("dice", 3)])
def test_every_event_of_a_whole_game_is_a_sentence(name: str, players: int) -> None:
    game = GAMES[name](players)
    ids = {"blue2cat", "blue3", "red0", "red1", "red2"}
    seen: set[str] = set()
    for view, events, _ in _whole_game(game, 11):
        for event in events:
            text = describe_event(game, event, view)
            tag = tag_of(type(event)).replace("_", " ")
            assert not text.lower().startswith(f"{tag}:"), text  # no field dump
            assert text[:1].isupper() and "_" not in text.replace("_die", ""), text
            assert not set(text.replace("(", " ").replace(")", " ").split()) & ids, text
            seen.add(type(event).__name__)
    assert len(seen) >= 4


def test_dice_moves_read_as_words() -> None:
    game = GAMES["dice"](3)
    for view, _, legal in _whole_game(game, 5)[:10]:
        for move in legal:
            words = dice_move_words(move, view)
            assert words != move and "." not in words.split(", box")[0], words
    assert dice_move_words("pass") == "pass and take 3 coins"
    assert dice_move_words("tick market.m3") == "tick Market, box m3"
    assert dice_move_words("wonder s2") == "build Wonder stage s2 (no die)"


def test_architects_names_as_printed() -> None:
    game = GAMES["architects"](3)
    names = architects_names(game)
    assert names["blue2cat"].name == "2 victory points and the cat"
    assert names["blue2cat"].colour == "blue"
    assert names["red0"].name == "1 shield, no horn"
    assert names["red2"].name == "1 shield and 2 horns"
    assert names["gold"].name == "Gold" and names["gold"].colour == "yellow"
    assert names["gear"].name == "Gear (science)"
    assert stage_key_words("2d") == "2 different resources"
    assert stage_key_words("3s") == "3 identical resources"
    state = game.new_game(1)
    view = game.view(state, 0)
    texts = [move_words(game, str(m), view) for m in game.legal_moves(state, 0)]
    assert texts[0].startswith("take the top card of your own deck (")


def test_resource_letters_become_words() -> None:
    assert resource_words("WWO") == "2 wood, 1 ore"
    assert resource_words("", 3) == "3 coins"
    assert resource_words("") == "free"
