"""States from outside are checked once, on load; games refuse states that are not theirs."""

import json

import pytest

from sevenwonders import from_json, to_json
from sevenwonders.base import BaseGame, BaseState
from sevenwonders.edifice import Edifice
from sevenwonders.errors import IllegalMoveError, InvalidStateError, SerializationError


def _document() -> dict:  # type: ignore[type-arg]
    data = json.loads(to_json(BaseGame(players=3).new_game(seed=4)))
    assert isinstance(data, dict)
    return data


@pytest.mark.parametrize(
    "edit",
    [
        lambda d: d.update(players=4),
        lambda d: d.update(age=4),
        lambda d: d.update(turn=0),
        lambda d: d["cities"][0].update(coins=-1),
        lambda d: d["cities"][0].update(cards=["Altar", "Altar"]),
        lambda d: d["cities"][1].update(stages=2),
        lambda d: d["hands"][0].append("Excalibur"),
        lambda d: d["hands"][0].extend(["Altar"] * 3),
        lambda d: d.update(decks=[]),
        lambda d: d.update(pending=[{"seat": 9, "kind": "build_from_discard", "detail": ""}]),
    ],
)
def test_inconsistent_documents_are_refused(edit) -> None:  # type: ignore[no-untyped-def]
    data = _document()
    edit(data)
    with pytest.raises(InvalidStateError):
        from_json(json.dumps(data), BaseState)


def test_wrong_types_are_serialization_errors() -> None:
    data = _document()
    data["cities"][0]["coins"] = "many"
    with pytest.raises(SerializationError):
        from_json(json.dumps(data), BaseState)


def test_a_game_refuses_states_of_another_table() -> None:
    four = BaseGame(players=4).new_game(seed=1)
    three = BaseGame(players=3)
    with pytest.raises(InvalidStateError):
        three.legal_moves(four, 0)
    with pytest.raises(InvalidStateError):
        three.play(four, {})
    with pytest.raises(InvalidStateError):
        BaseGame(players=4, expansions=(Edifice(),)).view(four, 0)
    with pytest.raises(InvalidStateError):
        three.play("a state", {})  # type: ignore[arg-type]
    with pytest.raises(IllegalMoveError):
        three.play(three.new_game(1), [("0", "sell")])  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "marks",
    [{"built": [], "stages": -100, "income": 0}, {"built": ["Palace"], "stages": 0, "income": 0},
     {"built": [], "stages": 0, "income": -3}],
)
def test_turn_marks_must_fit_the_city(marks: dict) -> None:  # type: ignore[type-arg]
    data = _document()
    data["marks"][0] = marks
    with pytest.raises(InvalidStateError):
        from_json(json.dumps(data), BaseState)
