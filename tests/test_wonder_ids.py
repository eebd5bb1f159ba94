"""One name scheme: every game of the family names the same wonders by the same lower-case
English ids, keeps the printed names as display names, and takes a wonder (or an Edifice
project) on input in any letter case, by id or by the game's printed spelling."""

from __future__ import annotations

import pytest

from sevenwonders import make_game
from sevenwonders.architects.data import load as architects_data
from sevenwonders.architects.data import wonder_id as architects_wonder_id
from sevenwonders.base.cards import any_game_wonders, load_edition, wonder_id
from sevenwonders.dice.sheets import default_sheets, sheet_id
from sevenwonders.edifice.projects import project_name
from sevenwonders.errors import SevenWondersError
from sevenwonders.games import make_expansion

CLASSICAL = {"alexandria", "babylon", "ephesus", "giza", "halicarnassus", "olympia", "rhodes"}


def test_every_game_names_the_seven_wonders_alike() -> None:
    for edition in ("1st", "2nd"):
        assert set(load_edition(edition).wonders) == CLASSICAL
    assert {wonder.id for wonder in architects_data().wonders} == CLASSICAL
    assert {sheet.sheet_id for sheet in default_sheets().sheets} == CLASSICAL
    assert set(any_game_wonders()) == {"carthage"}


def test_printed_names_are_kept_for_display() -> None:
    wonders = load_edition("2nd").wonders
    assert (wonders["giza"].display, wonders["halicarnassus"].display) == (
        "Gizah", "Halikarnassos")
    assert {wonder.id: wonder.name for wonder in architects_data().wonders}["giza"] == "Giza"


@pytest.mark.parametrize(("given", "expected"), [
    ("Gizah", "giza"), ("GIZA", "giza"), ("halikarnassos", "halicarnassus"),
    ("Ephesos", "ephesus"), ("RHODOS", "rhodes"), ("Carthage", "carthage"), ("Ur", "ur")])
def test_base_wonders_in_any_case_by_id_or_printed_name(given: str, expected: str) -> None:
    assert wonder_id(given) == expected


def test_each_game_takes_wonders_in_any_spelling_on_input() -> None:
    base = make_game("base", 3, wonders=("GIZAH", "Rhodos", "babylon"))
    assert [city.wonder for city in base.new_game(1).cities] == ["giza", "rhodes", "babylon"]
    assert base.options()["wonders"] == ["giza", "rhodes", "babylon"]
    edifice = make_game("base", 3, wonders=("UR", "carthage", "Halikarnassos"),
                        expansions=["edifice"])
    assert [city.wonder for city in edifice.new_game(2).cities] == [
        "ur", "carthage", "halicarnassus"]
    architects = make_game("architects", 2, wonders=("Halicarnassus", "GIZA"))
    assert [city.wonder for city in architects.new_game(3).cities] == ["halicarnassus", "giza"]
    assert architects_wonder_id("Olympia") == "olympia"
    dice = make_game("dice", 2, seat_sheets=["RHODES", "The Great Pyramid"])
    assert [seat.sheet for seat in dice.new_game(4).seats] == ["rhodes", "giza"]
    assert sheet_id("nowhere", default_sheets()) == "nowhere"


def test_edifice_projects_in_any_case() -> None:
    assert project_name("money CHANGER") == "Money Changer"
    expansion = make_expansion("edifice", {"projects": ["belvedere", "AMPHITHEATER",
                                                        "gold reserves"]})
    assert expansion.projects == ("Belvedere", "Amphitheater", "Gold Reserves")


@pytest.mark.parametrize(("game", "options"), [
    ("base", {"wonders": ("Gizah", "Rhodos", "Atlantis")}),
    ("architects", {"wonders": ("giza", "atlantis")}),
    ("dice", {"seat_sheets": ["giza", "atlantis"]}),
])
def test_a_name_no_wonder_has_is_still_refused(game: str, options: dict[str, object]) -> None:
    with pytest.raises(SevenWondersError):
        make_game(game, 3 if game == "base" else 2, **options).new_game(1)
