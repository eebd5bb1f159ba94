"""Views loaded from JSON get the checks that apply to what a seat sees: real views load back
as themselves, and one edit that no game's view could show is refused, naming the invariant."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import pytest

from sevenwonders.architects.view import ArchitectsView
from sevenwonders.base.view import BaseView
from sevenwonders.core.serialization import from_json, to_json
from sevenwonders.dice.view import DiceView
from sevenwonders.errors import InvalidStateError, Reason
from sevenwonders.games import make_game
from tests.boundary.helpers import refused

Doc = dict[str, Any]


def _view_after(name: str, players: int, plies: int, seat: int = 0) -> Any:
    game = make_game(name, players)
    rng = random.Random(plies)
    state = game.new_game(seed=plies)
    for _ in range(plies):
        state = game.play(state, {s: rng.choice(game.legal_moves(state, s))
                                  for s in game.to_move(state)})
    return game.view(state, seat)


def _refused(cls: type, view: Any, edit: Callable[[Doc], None], invariant: str) -> None:
    assert from_json(to_json(view), cls) == view
    document = json.loads(to_json(view))
    edit(document)
    text = json.dumps(document)
    error = refused(lambda: from_json(text, cls), InvalidStateError, Reason.INVALID_STATE)
    assert isinstance(error, InvalidStateError)
    assert invariant in [p.invariant for p in error.problems], str(error)


def _base() -> Any:
    return _view_after("base", 3, 9)


BASE_EDITS: list[tuple[str, Callable[[Doc], None], str]] = [
    ("a seat of no table", lambda d: d.__setitem__("seat", 5), "shape"),
    ("a hand of another size", lambda d: d["hand"].pop(), "shape"),
    ("an unknown card in a city", lambda d: d["cities"][1]["cards"].append("Death Star"),
     "card_conservation"),
    ("an Age III card in Age II", lambda d: d["cities"][1]["cards"].append("Palace"),
     "card_conservation"),
    ("a victory without its defeat", lambda d: d["cities"][0]["tokens"].append(1),
     "military_tokens"),
    ("a million coins", lambda d: d["cities"][2].__setitem__("coins", 10**7), "coins"),
    ("marks with no decision pending", lambda d: d["cities"][0].__setitem__("income", 2),
     "turn_marks"),
    ("the discard pile shown to a drafting seat",
     lambda d: d.update(discard=["Baths"], discard_size=max(1, d["discard_size"])),
     "hand_sizes"),
    ("a deferred effect of an unknown card", lambda d: d.__setitem__("deferred", [[0, "X"]]),
     "deferred_effects"),
]


@pytest.mark.parametrize(("what", "edit", "invariant"), BASE_EDITS,
                         ids=[w for w, _, _ in BASE_EDITS])
def test_base_views_no_seat_sees_are_refused(what: str, edit: Callable[[Doc], None],
                                             invariant: str) -> None:
    _refused(BaseView, _base(), edit, invariant)


def _move_card_between_cities(d: Doc) -> None:
    giver = next(c for c in d["cities"] if c["cards"])
    taker = next(c for c in d["cities"] if c is not giver)
    taker["cards"].append(giver["cards"][0])
    taker["origins"].append(giver["origins"][0])


ARCHITECTS_EDITS: list[tuple[str, Callable[[Doc], None], str]] = [
    ("a card copied into another city", _move_card_between_cities, "card_conservation"),
    ("a deck one card larger",
     lambda d: d["decks"][0].__setitem__("size", d["decks"][0]["size"] + 1),
     "card_conservation"),
    ("the wrong seat to move", lambda d: d.__setitem__("current", (d["current"] + 1) % 3),
     "turn_order"),
    ("victories without battles", lambda d: d["cities"][0].__setitem__("military", 9),
     "military"),
    ("a token twice", lambda d: d["cities"][0]["tokens"].append(d["face_up"][0]),
     "progress_tokens"),
]


@pytest.mark.parametrize(("what", "edit", "invariant"), ARCHITECTS_EDITS,
                         ids=[w for w, _, _ in ARCHITECTS_EDITS])
def test_architects_views_no_seat_sees_are_refused(what: str, edit: Callable[[Doc], None],
                                                   invariant: str) -> None:
    _refused(ArchitectsView, _view_after("architects", 3, 20), edit, invariant)


def test_dice_views_are_checked_as_the_state_they_show() -> None:
    view = _view_after("dice", 3, 6)
    game = make_game("dice", 3)
    sheet = view.seats[0].sheet
    box = next(b for b in game.tables.sheets[sheet].boxes if b.requires)

    def edit(d: Doc) -> None:
        d["seats"][0]["ticks"][box.index] = 1
        for r in box.requires:
            d["seats"][0]["ticks"][r] = 0
    _refused(DiceView, view, edit, "tick_order")
    _refused(DiceView, view, lambda d: d.__setitem__("to_move", [0]), "structure")
