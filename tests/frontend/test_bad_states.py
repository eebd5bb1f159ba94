"""States that load but do not belong, found by the garbage tests: each must be refused with
the library's own error, never a bare exception from deep inside a rule."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

from sevenwonders.base import BaseGame, BaseState
from sevenwonders.core.serialization import from_json, to_json
from sevenwonders.edifice import Edifice
from sevenwonders.errors import SevenWondersError
from sevenwonders.games import make_game


def _edited(state: Any, cls: type, edit: Callable[[Any], None]) -> Any:
    document = json.loads(to_json(state))
    edit(document)
    return from_json(json.dumps(document), cls)


def _raises_own_error(call: Callable[[], Any]) -> None:
    """The library refuses with one of its own errors, never a bare exception."""
    with pytest.raises(SevenWondersError):
        call()


def test_base_state_without_marks() -> None:
    game = BaseGame(players=3)
    state = game.new_game(1)

    def edit(doc: Any) -> None:
        doc["marks"] = []

    def call() -> None:
        bad = _edited(state, BaseState, edit)
        game.legal_moves(bad, 0)

    _raises_own_error(call)


def test_base_state_with_an_unknown_wonder() -> None:
    game = BaseGame(players=3)
    state = game.new_game(1)

    def edit(doc: Any) -> None:
        doc["cities"][0]["wonder"] = "Atlantis"

    def call() -> None:
        bad = _edited(state, BaseState, edit)
        game.scores(bad)

    _raises_own_error(call)


def test_base_scores_of_a_state_of_another_configuration() -> None:
    with_carthage = BaseGame(players=3, wonders=("carthage", "ur", "babylon"),
                             sides="night", expansions=(Edifice(),))
    state = with_carthage.new_game(1)
    plain = BaseGame(players=3)
    _raises_own_error(lambda: plain.scores(state))


def test_architects_state_with_a_seat_out_of_range() -> None:
    from sevenwonders.architects.state import ArchitectsState

    game = make_game("architects", 3)
    state = game.new_game(1)

    def edit(doc: Any) -> None:
        doc["current"] = 5

    def call() -> None:
        bad = _edited(state, ArchitectsState, edit)
        game.to_move(bad)

    _raises_own_error(call)


def test_architects_state_with_an_unknown_stage() -> None:
    from sevenwonders.architects.state import ArchitectsState

    game = make_game("architects", 3)
    state = game.new_game(1)

    def edit(doc: Any) -> None:
        doc["cities"][0]["built"] = ["zz"]

    def call() -> None:
        bad = _edited(state, ArchitectsState, edit)
        game.scores(bad)

    _raises_own_error(call)


def test_architects_state_with_a_missing_city() -> None:
    from sevenwonders.architects.state import ArchitectsState

    game = make_game("architects", 3)
    state = game.new_game(1)

    def edit(doc: Any) -> None:
        doc["cities"] = doc["cities"][:2]

    def call() -> None:
        bad = _edited(state, ArchitectsState, edit)
        game.view(bad, 0)

    _raises_own_error(call)


@pytest.mark.parametrize("name", ["base", "architects", "dice"])
def test_a_state_of_another_game(name: str) -> None:
    game = make_game(name, 3)
    other = make_game("architects" if name != "architects" else "dice", 3).new_game(1)
    _raises_own_error(lambda: game.to_move(other))
