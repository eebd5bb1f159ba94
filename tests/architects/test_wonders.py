"""Each wonder: which stages may be built in which order, their points, and their effect."""

from __future__ import annotations

import itertools

import pytest

from sevenwonders.architects import ArchitectsGame, ArchitectsView, Build
from sevenwonders.architects import events as ev
from sevenwonders.architects.state import Actions, Revealed, StartTurn
from sevenwonders.core.serialization import from_json, to_json
from tests.architects.helpers import city_kinds, do, moves_text, of_type, position

# The reference's "needs" column (architects.md section 1.2), written out independently of the
# data file.
NEEDS = {
    "alexandria": {"2d": "", "2s": "2d", "3d": "2s", "3s": "3d", "4d": "3s"},
    "babylon": {"2d": "", "2s": "2d", "3d": "2s", "3s": "3d", "4d": "3d"},
    "ephesus": {"2d": "", "2s": "2d", "3d": "2d", "3s": "2d", "4d": "2s 3d 3s"},
    "giza": {"2d": "", "2s": "2d", "3d": "2s", "3s": "3d", "4d": "3s"},
    "halicarnassus": {"2d": "", "2s": "2d", "3d": "2s", "3s": "2s", "4d": "3d 3s"},
    "olympia": {"2d": "", "2s": "2d", "3d": "2d", "3s": "2s 3d", "4d": "3s"},
    "rhodes": {"2d": "", "2s": "", "3d": "2d 2s", "3s": "3d", "4d": "3s"},
}
VP = {
    "alexandria": (4, 3, 6, 5, 7), "babylon": (3, 0, 5, 5, 7), "ephesus": (3, 3, 4, 5, 7),
    "giza": (4, 5, 6, 7, 8), "halicarnassus": (3, 3, 6, 5, 7), "olympia": (3, 2, 5, 5, 7),
    "rhodes": (4, 4, 5, 6, 7),
}
KEYS = ("2d", "2s", "3d", "3s", "4d")
RICH = ["stone"] * 4 + ["brick", "wood", "glass", "papyrus"] + ["gold"] * 4


def _reachable(needs: dict[str, str]) -> list[tuple[str, ...]]:
    """Every build order prefix allowed by ``needs`` (as sorted tuples of built keys)."""
    out = set()
    for order in itertools.permutations(KEYS):
        built: list[str] = []
        for key in order:
            if not set(needs[key].split()) <= set(built):
                break
            built.append(key)
            out.add(tuple(sorted(built)))
    return [(), *sorted(out)]


@pytest.mark.parametrize("wonder", sorted(NEEDS))
def test_stage_graph(wonder: str) -> None:
    game = ArchitectsGame(players=2, wonders=[wonder, "giza" if wonder != "giza" else "rhodes"])
    for built in _reachable(NEEDS[wonder]):
        state = position(game, cities={0: {"cards": RICH, "built": built}})
        offered = {m.stage for m in game.legal_moves(state, 0) if isinstance(m, Build)}
        expected = {k for k in KEYS
                    if k not in built and set(NEEDS[wonder][k].split()) <= set(built)}
        assert offered == expected, (wonder, built)


@pytest.mark.parametrize("wonder", sorted(VP))
def test_stage_points(wonder: str) -> None:
    game = ArchitectsGame(players=2, wonders=[wonder, "giza" if wonder != "giza" else "rhodes"])
    for i, key in enumerate(KEYS):
        state = position(game, cities={0: {"built": (key,)}})
        assert game.scores(state)[0].lines["wonder"] == VP[wonder][i]


def test_giza_has_no_effect() -> None:
    game = ArchitectsGame(players=2, wonders=["giza", "rhodes"])
    state = position(game, cities={0: {"built": ("2d",), "cards": ["wood", "wood"]}},
                     decks={0: ["gold"], 1: ["gold"]}, central=["gold"])
    state, events = do(game, state, "build 2s: W W")
    assert not of_type(events, ev.EffectApplied)
    assert isinstance(state.pending, StartTurn) and state.current == 1


def test_alexandria_takes_from_any_deck_on_the_table() -> None:
    game = ArchitectsGame(players=4, wonders=["alexandria", "giza", "rhodes", "babylon"])
    state = position(game, cities={0: {"built": ("2d",), "cards": ["wood", "wood"]}},
                     decks={0: ["gold"], 1: ["red0"], 2: ["blue3"], 3: []}, central=["compass"])
    state, _ = do(game, state, "build 2s: W W")
    assert sorted(moves_text(game, state)) == [
        "alexandria alexandria", "alexandria central", "alexandria giza", "alexandria rhodes"]
    state, events = do(game, state, "alexandria rhodes")  # a deck that is not next to seat 0
    assert of_type(events, ev.CardTaken)[0] == ev.CardTaken(0, "blue3", "rhodes", "alexandria")
    assert city_kinds(game, state, 0) == ["blue3"]
    assert state.decks[2] == ()


def test_babylon_takes_a_token_among_the_four_available() -> None:
    game = ArchitectsGame(players=2, wonders=["babylon", "giza"])
    state = position(game, cities={0: {"built": ("2d", "2s", "3d"), "cards": ["wood"] * 3}},
                     face_up=("economy", "tactics", "decor"), decks={0: ["gold"]},
                     central=["gold"])
    state, _ = do(game, state, "build 3s: W W W")
    assert moves_text(game, state) == ["token economy", "token tactics", "token decor",
                                       "token hidden"]
    top = state.token_pile[-1]
    state, events = do(game, state, "token hidden")
    assert state.cities[0].tokens == (top,)
    assert of_type(events, ev.TokenTaken)[0].reason == "babylon"
    assert state.face_up == ("economy", "tactics", "decor")


def test_babylon_second_stage_scores_nothing_but_gives_a_token() -> None:
    game = ArchitectsGame(players=2, wonders=["babylon", "giza"])
    state = position(game, cities={0: {"built": ("2d",), "cards": ["wood"] * 2}},
                     face_up=("economy", "tactics", "decor"), decks={0: ["gold"]},
                     central=["gold"])
    state, _ = do(game, state, "build 2s: W W", "token tactics")
    assert game.scores(state)[0].lines["wonder"] == 3
    assert state.cities[0].tokens == ("tactics",)


def test_ephesus_takes_the_central_top_for_each_column() -> None:
    game = ArchitectsGame(players=2, wonders=["ephesus", "giza"])
    state = position(game, cities={0: {"built": ("2d",), "cards": ["wood", "stone", "glass"]}},
                     central=["red0", "blue3"], decks={0: ["gold"], 1: ["gold"]})
    state, events = do(game, state, "build 3d: S W G")
    assert city_kinds(game, state, 0) == ["blue3"]
    assert ev.EffectApplied(0, "ephesus") in events
    assert len(state.central) == 1


def test_halicarnassus_looks_at_five_and_returns_the_rest() -> None:
    game = ArchitectsGame(players=2, wonders=["halicarnassus", "giza"])
    left = ["red0", "blue3", "gold", "wood", "stone", "glass", "tablet"]
    state = position(game, cities={0: {"built": ("2d",), "cards": ["wood", "wood"]}},
                     decks={0: left, 1: ["gold"]}, central=["gold"])
    state, _ = do(game, state, "build 2s: W W")
    assert sorted(moves_text(game, state)) == ["halicarnassus left", "halicarnassus right"]
    state, events = do(game, state, "halicarnassus left")
    assert isinstance(state.pending, Revealed)
    assert moves_text(game, state) == ["pick tablet", "pick glass", "pick stone", "pick wood",
                                       "pick gold"]
    assert ev.CardsRevealed(0, "halicarnassus", 5) in events
    mine = game.view(state, 0)
    theirs = game.view(state, 1)
    assert mine.revealed == ("tablet", "glass", "stone", "wood", "gold")
    assert theirs.revealed == () and theirs.revealed_count == 5
    assert from_json(to_json(mine), ArchitectsView) == mine
    state, _ = do(game, state, "pick stone")
    assert city_kinds(game, state, 0) == ["stone"]
    assert sorted(city_kinds(game, state, 0) + [game.tables.kind_ids[game.tables.card_kind[c]]
                                                for c in state.decks[0]]) == sorted(left)
    game.check(state)


def test_halicarnassus_with_fewer_than_five_cards_sees_them_all() -> None:
    game = ArchitectsGame(players=2, wonders=["halicarnassus", "giza"],
                          halicarnassus_shuffle="returned")
    state = position(game, cities={0: {"built": ("2d",), "cards": ["wood", "wood"]}},
                     decks={0: [], 1: ["red0", "gold"]}, central=["gold"])
    state, _ = do(game, state, "build 2s: W W")  # only the right deck has cards: no choice
    assert isinstance(state.pending, Revealed) and len(state.pending.cards) == 2
    state, _ = do(game, state, "pick red0")
    assert city_kinds(game, state, 0) == ["red0"]
    assert [game.tables.kind_ids[game.tables.card_kind[c]] for c in state.decks[1]] == ["gold"]


def test_olympia_takes_left_and_right_tops() -> None:
    game = ArchitectsGame(players=3, wonders=["olympia", "giza", "rhodes"])
    state = position(game, cities={0: {"built": ("2d",), "cards": ["wood", "wood"]}},
                     decks={0: ["gold", "blue3"], 1: ["gold"], 2: ["red0", "stone"]},
                     central=["gold"])
    state, events = do(game, state, "build 2s: W W")
    taken = of_type(events, ev.CardTaken)
    assert [(e.card, e.source) for e in taken] == [("blue3", "olympia"), ("stone", "rhodes")]


def test_olympia_with_one_empty_deck_takes_from_the_other() -> None:
    game = ArchitectsGame(players=2, wonders=["olympia", "giza"])
    state = position(game, cities={0: {"built": ("2d",), "cards": ["wood", "wood"]}},
                     decks={0: [], 1: ["red0", "blue3"]}, central=["gold"])
    state, events = do(game, state, "build 2s: W W")
    assert [e.card for e in of_type(events, ev.CardTaken)] == ["blue3"]


def test_rhodes_bottom_stages_in_either_order_and_shields() -> None:
    game = ArchitectsGame(players=2, wonders=["rhodes", "giza"])
    state = position(game, cities={0: {"cards": ["wood", "wood", "red0"]}},
                     decks={0: ["gold"], 1: ["gold"]}, central=["gold"])
    assert game.shields(state, 0) == 1
    state, events = do(game, state, "build 2s: W W")
    assert ev.EffectApplied(0, "rhodes") in events
    assert game.shields(state, 0) == 2
    state = position(game, cities={0: {"built": ("2s", "2d", "3d", "3s")}})
    assert game.shields(state, 0) == 2


def test_effects_can_be_declined_when_optional() -> None:
    game = ArchitectsGame(players=2, wonders=["ephesus", "giza"], wonder_effects_mandatory=False)
    state = position(game, cities={0: {"built": ("2d",), "cards": ["wood", "wood"]}},
                     central=["blue3"], decks={0: ["gold"], 1: ["gold"]})
    state, _ = do(game, state, "build 2s: W W")
    assert moves_text(game, state) == ["use ephesus", "skip"]
    declined, events = do(game, state, "skip")
    assert ev.EffectApplied(0, "ephesus", used=False) in events
    assert city_kinds(game, declined, 0) == []
    used, _ = do(game, state, "use ephesus")
    assert city_kinds(game, used, 0) == ["blue3"]


def test_optional_alexandria_offers_skip() -> None:
    game = ArchitectsGame(players=2, wonders=["alexandria", "giza"],
                          wonder_effects_mandatory=False)
    state = position(game, cities={0: {"built": ("2d",), "cards": ["wood", "wood"]}},
                     central=["blue3"], decks={0: ["gold"], 1: ["gold"]})
    state, _ = do(game, state, "build 2s: W W")
    assert "skip" in moves_text(game, state)
    state, _ = do(game, state, "skip")
    assert isinstance(state.pending, (StartTurn, Actions))


def test_olympia_takes_nothing_from_one_deck_with_the_option() -> None:
    game = ArchitectsGame(players=2, wonders=["olympia", "giza"], olympia_one_deck=False)
    state = position(game, cities={0: {"built": ("2d",), "cards": ["wood", "wood"]}},
                     decks={0: [], 1: ["red0", "blue3"]}, central=["gold"])
    state, events = do(game, state, "build 2s: W W")
    assert not of_type(events, ev.CardTaken)
    assert ev.EffectApplied(0, "olympia", used=False) in events


def test_halicarnassus_cards_shown_to_all_with_the_option() -> None:
    game = ArchitectsGame(players=2, wonders=["halicarnassus", "giza"], halicarnassus_public=True)
    state = position(game, cities={0: {"built": ("2d",), "cards": ["wood", "wood"]}},
                     decks={0: ["red0", "blue3"], 1: ["gold"]}, central=["gold"])
    state, _ = do(game, state, "build 2s: W W", "halicarnassus left")
    assert game.view(state, 1).revealed == ("blue3", "red0")


def test_rulebook_ephesus_illustration() -> None:
    # FR rulebook p.3: with the base (2d) and the 2s column built, the columns 3d and 3s are
    # available and the roof (4d) is not.
    game = ArchitectsGame(players=2, wonders=["ephesus", "giza"])
    state = position(game, cities={0: {"cards": RICH, "built": ("2d", "2s")}})
    offered = {m.stage for m in game.legal_moves(state, 0) if isinstance(m, Build)}
    assert offered == {"3d", "3s"}


@pytest.mark.parametrize("trigger", [True, False])
def test_cards_from_wonder_effects_trigger_cat_and_horns(trigger: bool) -> None:
    game = ArchitectsGame(players=2, wonders=["olympia", "giza"], wonder_cards_trigger=trigger)
    state = position(game, cities={0: {"built": ("2d",), "cards": ["wood", "wood"]},
                                   1: {"cards": ["blue2cat"]}},
                     decks={0: ["gold", "blue2cat"], 1: ["gold", "red2"]}, central=["gold"],
                     cat=1, flipped=1)
    state, events = do(game, state, "build 2s: W W")
    assert [e.card for e in of_type(events, ev.CardTaken)] == ["blue2cat", "red2"]
    assert (state.cat == 0) is trigger
    assert bool(of_type(events, ev.Battle)) is trigger  # 1 + 2 horns reach the 3 tokens
    assert state.flipped == (0 if trigger else 1)
    assert bool(of_type(events, ev.ConflictFlipped)) is trigger
