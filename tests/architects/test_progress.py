"""Progress tokens: the extra-card tokens and their triggers, once per turn, Economy, Engineering,
Tactics and the scoring tokens."""

from __future__ import annotations

import pytest

from sevenwonders.architects import ArchitectsGame
from sevenwonders.architects import events as ev
from sevenwonders.architects.state import StartTurn
from tests.architects.helpers import city_kinds, do, moves_text, of_type, position, settle

GAME = ArchitectsGame(players=2, wonders=["giza", "rhodes"])


def _turn(token: str, top: str, *, cards: tuple[str, ...] = (),
          game: ArchitectsGame = GAME) -> object:
    """Seat 0 owns ``token`` and is about to take ``top`` from its left deck."""
    return position(game, cities={0: {"tokens": (token,), "cards": cards}},
                    decks={0: ["blue3", top], 1: ["blue3", "blue3"]},
                    central=["blue3", "blue3"], pending=StartTurn(),
                    face_up=("economy", "tactics", "decor"))


EXTRA = [
    ("urbanism", "wood", True), ("urbanism", "brick", True), ("urbanism", "stone", False),
    ("crafts", "papyrus", True), ("crafts", "glass", True), ("crafts", "wood", False),
    ("jewelry", "stone", True), ("jewelry", "gold", True), ("jewelry", "glass", False),
    ("science", "gear", True), ("science", "compass", True), ("science", "blue3", False),
    ("propaganda", "red1", True), ("propaganda", "red2", True), ("propaganda", "red0", False),
]


@pytest.mark.parametrize(("token", "top", "fires"), EXTRA)
def test_extra_card_tokens(token: str, top: str, fires: bool) -> None:
    state = _turn(token, top)
    state, _ = do(GAME, state, "take left")  # type: ignore[arg-type]
    if fires:
        assert moves_text(GAME, state) == [f"extra {token} left", f"extra {token} right",
                                           f"extra {token} central"]
        state, events = do(GAME, state, f"extra {token} right")
        assert of_type(events, ev.CardTaken)[0] == ev.CardTaken(0, "blue3", "rhodes", token)
        assert city_kinds(GAME, state, 0)[-1] == "blue3"
    else:
        assert isinstance(state.pending, StartTurn) and state.current == 1
    assert len(state.cities[0].cards) == 1 + fires


def test_extra_card_may_be_declined_with_the_option() -> None:
    # Rulebook "Fortschrittsmarker einsetzen": "kannst du deine Fortschrittsmarker ...
    # einsetzen" (line 313) read as a choice; by default the card is owed ("Spielablauf": the
    # turn ends when no action is left, line 403).
    game = ArchitectsGame(players=2, wonders=["giza", "rhodes"], extra_cards_optional=True)
    state = _turn("urbanism", "wood", game=game)
    state, _ = do(game, state, "take left")  # type: ignore[arg-type]
    assert moves_text(game, state) == ["extra urbanism left", "extra urbanism right",
                                       "extra urbanism central", "end"]
    ended, events = do(game, state, "end")
    assert isinstance(ended.pending, StartTurn) and ended.current == 1
    assert city_kinds(game, ended, 0) == ["wood"]
    assert of_type(events, ev.TurnEnded) == [ev.TurnEnded(0, 1)]
    taken, _ = do(game, state, "extra urbanism central")
    assert city_kinds(game, taken, 0) == ["wood", "blue3"] and taken.current == 1
    # Default: no "end" while the extra card is owed.
    state, _ = do(GAME, _turn("urbanism", "wood"), "take left")  # type: ignore[arg-type]
    assert "end" not in moves_text(GAME, state)


def test_extra_card_token_works_once_per_turn() -> None:
    state = position(GAME, cities={0: {"tokens": ("urbanism",)}},
                     decks={0: ["wood", "wood"], 1: ["blue3"]}, central=["blue3"],
                     pending=StartTurn())
    state, _ = do(GAME, state, "take left", "extra urbanism left")
    assert city_kinds(GAME, state, 0) == ["wood", "wood"]
    assert state.current == 1  # the second wood did not give a third card


def test_several_tokens_each_give_their_card() -> None:
    state = position(GAME, cities={0: {"tokens": ("jewelry", "urbanism")}},
                     decks={0: ["blue3", "wood"], 1: ["blue3"]}, central=["blue3", "gold"],
                     pending=StartTurn())
    state, events = do(GAME, state, "take central", "extra jewelry left",
                       "extra urbanism central")
    assert [(e.card, e.reason) for e in of_type(events, ev.CardTaken)] == [
        ("gold", "turn"), ("wood", "jewelry"), ("blue3", "urbanism")]
    # gold + wood then paid the first stage, which was forced: nothing else was left to do.
    assert city_kinds(GAME, state, 0) == ["blue3"]
    assert state.cities[0].built == ("2d",)


def test_architecture_gives_one_card_per_turn_even_for_two_stages() -> None:
    state = position(GAME, cities={0: {"tokens": ("architecture",),
                                       "cards": ["wood", "stone", "wood", "wood"]}},
                     decks={0: ["blue3"], 1: ["blue3"]}, central=["blue3", "blue3"],
                     face_up=("economy", "tactics", "decor"))
    state, _ = do(GAME, state, "build 2d: S W")
    assert "extra architecture left" in moves_text(GAME, state)
    state, _ = do(GAME, state, "build 2s: W W", "extra architecture central")
    assert state.current == 1
    assert city_kinds(GAME, state, 0) == ["blue3"]
    assert state.cities[0].built == ("2d", "2s")


def test_a_token_gained_mid_turn_is_not_retroactive_by_default() -> None:
    for retro in (False, True):
        game = ArchitectsGame(players=2, wonders=["giza", "rhodes"], retroactive_tokens=retro)
        state = position(game, cities={0: {"cards": ["compass"]}},
                         decks={0: ["blue3", "compass"], 1: ["blue3"]}, central=["blue3"],
                         face_up=("science", "tactics", "decor"), pending=StartTurn())
        state, _ = do(game, state, "take left")  # the only science set is discarded at once
        state, _ = do(game, state, "token science")
        if retro:
            assert state.triggered == ("science",)
            assert "extra science left" in moves_text(game, state)
        else:
            assert state.current == 1


def test_a_token_gained_mid_turn_fires_for_later_cards() -> None:
    state = position(GAME, cities={0: {"cards": ["gear"], "tokens": ("science",)}},
                     decks={0: ["blue3", "wood", "gear"], 1: ["blue3"]}, central=["blue3"],
                     face_up=("urbanism", "tactics", "decor"), pending=StartTurn())
    state, _ = do(GAME, state, "take left")
    assert moves_text(GAME, state) == ["science gear gear", "extra science left",
                                       "extra science right", "extra science central"]
    state, _ = do(GAME, state, "science gear gear", "token urbanism", "extra science left")
    assert state.triggered == ("urbanism",)  # the wood came after Urbanism was gained
    state, _ = do(GAME, state, "extra urbanism central")
    assert city_kinds(GAME, state, 0) == ["wood", "blue3"]


def test_economy_counts_one_gold_as_two_and_is_optional() -> None:
    state = position(GAME, cities={0: {"tokens": ("economy",), "built": ("2d", "2s"),
                                       "cards": ["wood", "gold"]}},
                     decks={0: ["blue3"], 1: ["blue3"]}, central=["blue3"],
                     face_up=("urbanism", "tactics", "decor"))
    assert moves_text(GAME, state) == ["build 3d: W $", "end"]
    built, events = do(GAME, state, "build 3d: W $")
    assert of_type(events, ev.StageBuilt)[0].economy
    assert built.cities[0].built == ("2d", "2s", "3d")
    ended, _ = do(GAME, state, "end")
    assert ended.cities[0].built == ("2d", "2s")


def test_economy_once_per_turn() -> None:
    game = ArchitectsGame(players=2, wonders=["ephesus", "rhodes"])
    state = position(game, cities={0: {"tokens": ("economy",), "built": ("2d",),
                                       "cards": ["gold", "gold", "gold"]}},
                     decks={0: ["blue3"], 1: ["blue3"]}, central=["blue3", "blue3"],
                     face_up=("urbanism", "tactics", "decor"))
    offered = moves_text(game, state)
    assert "build 3d: $ $" in offered and "build 2s: $" in offered
    state, _ = do(game, state, "build 2s: $")
    assert state.current == 1  # Economy is spent: 2 gold no longer pay for a 3-stage
    assert city_kinds(game, state, 0) == ["gold", "gold", "blue3"]


def test_economy_can_force_a_build_with_the_option() -> None:
    game = ArchitectsGame(players=2, wonders=["giza", "rhodes"], economy_forces_build=True)
    state = position(game, cities={0: {"tokens": ("economy",), "built": ("2d", "2s"),
                                       "cards": ["wood", "gold"]}},
                     decks={0: ["blue3"], 1: ["blue3"]}, central=["blue3"],
                     face_up=("urbanism", "tactics", "decor"))
    state, events = settle(game, state)
    assert state.cities[0].built == ("2d", "2s", "3d")
    built = of_type(events, ev.StageBuilt)[0]
    assert built.economy and built.spent == ("wood", "gold")


def test_engineering_ignores_identical_and_different_and_forces() -> None:
    state = position(GAME, cities={0: {"tokens": ("engineering",), "built": ("2d", "2s"),
                                       "cards": ["wood", "wood", "stone"]}},
                     decks={0: ["blue3"], 1: ["blue3"]}, central=["blue3"],
                     face_up=("urbanism", "tactics", "decor"))
    state, events = settle(GAME, state)  # the only way to pay is forced, so it is automatic
    built = of_type(events, ev.StageBuilt)[0]
    assert built.engineering and built.stage == "3d"
    assert sorted(built.spent) == ["stone", "wood", "wood"]


def test_engineering_need_not_force_with_the_option() -> None:
    game = ArchitectsGame(players=2, wonders=["giza", "rhodes"], engineering_forces_build=False)
    state = position(game, cities={0: {"tokens": ("engineering",), "built": ("2d", "2s"),
                                       "cards": ["wood", "wood", "stone"]}},
                     decks={0: ["blue3"], 1: ["blue3"]}, central=["blue3"],
                     face_up=("urbanism", "tactics", "decor"))
    assert moves_text(game, state) == ["build 3d: S W W", "end"]


def test_tactics_adds_two_shields() -> None:
    state = position(GAME, cities={0: {"tokens": ("tactics",), "cards": ["red0"]}})
    assert GAME.shields(state, 0) == 3


@pytest.mark.parametrize(("tokens", "extra", "points"), [
    (("decor",), {}, 4),
    (("decor",), {"built": ("2d", "2s", "3d", "3s", "4d")}, 6),
    (("politics",), {"cards": ["blue2cat", "blue2cat", "blue3"]}, 2),
    (("strategy",), {"military": 5}, 5),
    (("education",), {}, 2),
    (("education", "tactics", "economy"), {}, 6),
    (("culture",), {}, 4),
    (("culture", "culture"), {}, 12),
    (("urbanism", "crafts", "jewelry", "science", "propaganda", "architecture", "economy",
      "engineering", "tactics"), {}, 0),
])
def test_scoring_tokens(tokens: tuple[str, ...], extra: dict[str, object], points: int) -> None:
    state = position(GAME, cities={0: {"tokens": tokens, **extra}},
                     face_up=("urbanism", "crafts", "jewelry") if "urbanism" not in tokens
                     else ("decor", "politics", "strategy"))
    assert GAME.scores(state)[0].lines["progress"] == points
