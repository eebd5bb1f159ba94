"""The fast turn's written-out constructors make the very values attrs' ``__init__`` makes."""

from __future__ import annotations

import attrs
import pytest

from sevenwonders.base.fast import values
from sevenwonders.base.fast.values import make_city, make_state
from sevenwonders.base.game import BaseGame
from sevenwonders.base.state import BaseState, City


@pytest.fixture(params=[False, True], ids=["by_setter", "by_name"])
def by_name(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> bool:
    """Both ways of setting the slots (each build uses one; both run interpreted here)."""
    monkeypatch.setattr(values, "BY_NAME", request.param)
    return bool(request.param)


def test_a_city_made_without_init_equals_the_class_call(by_name: bool) -> None:
    fields = {"wonder": "Gizah", "side": "A", "coins": 3, "cards": ("Lumber Yard",),
              "stages": 1, "tucked": ("Altar",), "tokens": (1, -1), "free_build_age": 2,
              "stage_choices": (0,)}
    made = make_city(**fields)
    assert type(made) is City and made == City(**fields)
    assert make_city(wonder="Rhodos", side="B", coins=0) == City("Rhodos", "B", 0)


def test_a_state_made_without_init_equals_the_class_call(by_name: bool) -> None:
    state = BaseGame(players=4).new_game(5)
    fields = {field.name: getattr(state, field.name) for field in attrs.fields(BaseState)}
    made = make_state(**fields)
    assert type(made) is BaseState and made == state
    assert attrs.evolve(made, turn=2) == attrs.evolve(state, turn=2)
    short = {name: fields[name] for name in ("players", "age", "turn", "cities", "hands",
                                             "decks", "discard", "rng")}
    assert make_state(**short) == BaseState(**short)
