"""Valid states mutated one field at a time: every inconsistency no legal game could reach is
refused on load with ``InvalidStateError`` naming the field (or, for values the strict converter
refuses, ``SerializationError``), quickly; valid states of every game load back unchanged."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sevenwonders.core.serialization import from_json, to_json
from sevenwonders.errors import InvalidStateError, Reason, SerializationError
from tests.boundary.helpers import only_own_errors, refused
from tests.frontend.helpers import BY_ID, KIND_IDS, game_of, playout, sample_states

Edit = Callable[[dict[str, Any]], None]


def _load_refused(kind: str, state: Any, edit: Edit, field: str) -> None:
    document = json.loads(to_json(state))
    edit(document)
    text = json.dumps(document)
    error = refused(lambda: from_json(text, BY_ID[kind].state), InvalidStateError,
                    Reason.INVALID_STATE)
    assert isinstance(error, InvalidStateError)
    fields = [error.field, *(p.field for p in error.problems)]
    assert any(f is not None and f.startswith(field) for f in fields), (fields, str(error))


def _move_cards(document: dict[str, Any], seat: int, count: int) -> None:
    """Move ``count`` cards of a hand to the discard pile (the deal stays whole)."""
    hand = document["hands"][seat]
    document["discard"].extend(hand[:count])
    del hand[:count]


def _swap_into_city(document: dict[str, Any]) -> None:
    """An Age III card from the deck into a city, the city's card into the deck."""
    city = document["cities"][0]["cards"]
    deck = document["decks"][-1]
    city[0], deck[0] = deck[0], city[0]


BASE_EDITS: list[tuple[str, Edit, str]] = [
    ("1st-edition card in a 2nd-edition game",
     lambda d: d["hands"][0].__setitem__(0, "Pawnshop"), "hands[0]"),
    ("1st-edition guild", lambda d: d["decks"][-1].__setitem__(0, "Strategists Guild"), "decks"),
    ("unknown card", lambda d: d["discard"].append("Death Star"), "discard"),
    ("seven Palaces in an Age I hand",
     lambda d: d["hands"].__setitem__(0, ["Palace"] * len(d["hands"][0])), "hands[0]"),
    ("Age III card in an Age I city", _swap_into_city, "decks"),
    ("a card twice", lambda d: d["cities"][0]["cards"].append(d["cities"][0]["cards"][0]),
     "cards"),
    ("hands of different sizes", lambda d: _move_cards(d, 1, 2), "hands"),
    ("every hand empty mid-Age", lambda d: [_move_cards(d, s, 9) for s in range(3)], "hands"),
    ("a military token worth 10", lambda d: d["cities"][0]["tokens"].append(10),
     "cities[0].tokens"),
    ("a victory token from the future", lambda d: d["cities"][0]["tokens"].append(5),
     "cities[0].tokens"),
    ("negative coins", lambda d: d["cities"][1].__setitem__("coins", -1), "cities[1].coins"),
    ("a million coins", lambda d: d["cities"][1].__setitem__("coins", 10**6),
     "cities[1].coins"),
    ("no such Age", lambda d: d.__setitem__("age", 4), "age"),
    ("turn 0", lambda d: d.__setitem__("turn", 0), "turn"),
    ("nine players", lambda d: d.__setitem__("players", 9), "players"),
    ("stage 5", lambda d: d["cities"][0].update(stages=5, tucked=["Baths"] * 5), "cities"),
    ("a stage without a tucked card", lambda d: d["cities"][0].__setitem__("stages", 1),
     "cities[0].stages"),
    ("a decision for seat 9",
     lambda d: d["pending"].append({"seat": 9, "kind": "build_from_discard", "detail": ""}),
     "pending[0].seat"),
    ("a decision of an expansion not in the game",
     lambda d: d["pending"].append({"seat": 0, "kind": "expansion", "detail": "x:y"}),
     "pending[0].detail"),
    ("over in Age I", lambda d: d.__setitem__("over", True), "hands"),
    ("two cities with one wonder",
     lambda d: d["cities"][1].__setitem__("wonder", d["cities"][0]["wonder"]), "cities"),
    ("a night side in a day game next to a 1st-edition side",
     lambda d: d["cities"][1].__setitem__("side", "a"), "cities"),
    ("a free build from a later Age",
     lambda d: d["cities"][0].__setitem__("free_build_age", 3), "cities[0].free_build_age"),
]


@pytest.mark.parametrize(("what", "edit", "field"), BASE_EDITS,
                         ids=[what for what, _, _ in BASE_EDITS])
def test_base_states_that_no_game_reaches(what: str, edit: Edit, field: str) -> None:
    state = playout("base").states[3]  # Age I, turn 4: cities with cards, hands of 4
    _load_refused("base", state, edit, field)


def test_base_turn_one_hands_7_3_7() -> None:
    _load_refused("base", playout("base").states[0], lambda d: _move_cards(d, 1, 4), "hands")


def test_integers_over_64_bits_never_reach_the_checks() -> None:
    document = json.loads(to_json(playout("base").states[3]))
    document["cities"][0]["tokens"].append(10**100)
    text = json.dumps(document)
    refused(lambda: from_json(text, BY_ID["base"].state), SerializationError,
            Reason.OUT_OF_RANGE)


EDIFICE_EDITS: list[tuple[str, Edit]] = [
    ("a participant without a pawn",
     lambda e: (e["participants"].__setitem__(0, [1]), e["holders"].__setitem__(0, [1]))),
    ("a participant who holds nothing", lambda e: e["participants"].__setitem__(0, [1])),
    ("a completed project with pawns left", lambda e: e["outcomes"].__setitem__(0, "completed")),
    ("a reward from an open project", lambda e: e["rewards"].__setitem__(0, [e["projects"][0]])),
    ("a debt before any failure", lambda e: e["debts"].__setitem__(0, [-2])),
    ("a project of Age III decided in Age I", lambda e: e["outcomes"].__setitem__(2, "failed")),
]


@pytest.mark.parametrize(("what", "edit"), EDIFICE_EDITS, ids=[w for w, _ in EDIFICE_EDITS])
def test_edifice_states_that_no_game_reaches(what: str, edit: Edit) -> None:
    state = playout("edifice").states[2]
    _load_refused("edifice", state, lambda d: edit(d["expansions"][0]), "expansions.edifice")


def test_edifice_a_discard_owed_by_a_seat_without_that_colour_is_stuck() -> None:
    state = playout("edifice").states[0]

    def edit(document: dict[str, Any]) -> None:
        # every hand played out into the discard pile: the Age is ending, and seat 0 (with no
        # card at all) owes a brown card: nobody can ever move again
        for seat in range(len(document["hands"])):
            _move_cards(document, seat, 9)
        document.update(turn=6, age_ending=True)
        document["pending"].append({"seat": 0, "kind": "expansion",
                                    "detail": "edifice:discard:brown"})

    _load_refused("edifice", state, edit, "pending")


ARCHITECTS_EDITS: list[tuple[str, Edit, str]] = [
    # (card piles are hex strings, two digits a card)
    ("a card twice", lambda d: d["cities"][0].__setitem__(
        "cards", d["cities"][0]["cards"] + d["cities"][1]["cards"][:2]), "cards"),
    ("a card nobody has", lambda d: d.__setitem__("discard", d["discard"] + "ff"), "cards"),
    ("one wonder twice", lambda d: d["cities"][1].__setitem__("wonder", d["cities"][0]["wonder"]),
     "cities"),
    ("a Halicarnassus reveal of deck 9",
     lambda d: d.__setitem__("pending", {"type": "revealed", "deck": 9, "cards": []}),
     "pending.deck"),
    ("an unknown effect",
     lambda d: d.__setitem__("pending", {"type": "effect_choice", "effect": "teleport"}),
     "pending.effect"),
    ("turn 0", lambda d: d.__setitem__("turn", 0), "turn"),
    ("negative military", lambda d: d["cities"][0].__setitem__("military", -1), "cities"),
    ("the cat at seat 9", lambda d: d.__setitem__("cat", 9), "cat"),
    ("seat 9 to move", lambda d: d.__setitem__("current", 9), "current"),
    ("a token twice", lambda d: d["token_pile"].append(d["token_pile"][0]), "tokens"),
    ("an unknown token", lambda d: d["triggered"].append("magic"), "triggered"),
    ("a science choice for no reason",
     lambda d: d.__setitem__("pending", {"type": "token_choice", "reason": "luck"}),
     "pending.reason"),
    ("a stage built before its support",
     lambda d: d["cities"][0].__setitem__("built", ["3"]), "cities[0].built"),
]


@pytest.mark.parametrize(("what", "edit", "field"), ARCHITECTS_EDITS,
                         ids=[w for w, _, _ in ARCHITECTS_EDITS])
def test_architects_states_that_no_game_reaches(what: str, edit: Edit, field: str) -> None:
    _load_refused("architects", playout("architects").states[10], edit, field)


DICE_EDITS: list[tuple[str, Edit, str]] = [
    ("a laurel in an unknown building",
     lambda d: d["seats"][0].__setitem__("laurels", {"nowhere.x": 2}), "seats[0].laurels"),
    ("a follow-up phase with nothing pending",
     lambda d: (d.__setitem__("phase", "follow_up"),
                [s.__setitem__("pending", []) for s in d["seats"]]), "phase"),
    ("decisions pending in the action phase",
     lambda d: (d.__setitem__("phase", "action"),
                d["seats"][1].__setitem__("pending", [{"type": "choose_bonus",
                                                       "building": "market"}])), "phase"),
    ("negative coins", lambda d: d["seats"][0].__setitem__("coins", -1), "seats[0].coins"),
    ("turn 0", lambda d: d.__setitem__("turn", 0), "turn"),
    ("a box ticked in a future turn",
     lambda d: d["seats"][0]["ticks"].__setitem__(0, d["turn"] + 5), "seats[0].ticks"),
    ("one die twice in the Forum", lambda d: d["forum"].append(d["forum"][0]), "forum"),
    ("a die face that does not exist",
     lambda d: d["forum"][0].__setitem__("face", "unicorn"), "forum[0]"),
    ("two seats on one sheet",
     lambda d: d["seats"][1].__setitem__("sheet", d["seats"][0]["sheet"]), "seats"),
    ("a sheet with a box too few", lambda d: d["seats"][0]["ticks"].pop(), "seats[0].ticks"),
    ("an unknown special die unlocked",
     lambda d: d["seats"][0].__setitem__("unlocked", ["golden"]), "seats[0].unlocked"),
    ("a bonus for no building",
     lambda d: d["seats"][0]["pending"].append({"type": "choose_bonus", "building": "moon"}),
     "seats[0].pending"),
]


@pytest.mark.parametrize(("what", "edit", "field"), DICE_EDITS,
                         ids=[w for w, _, _ in DICE_EDITS])
def test_dice_states_that_no_game_reaches(what: str, edit: Edit, field: str) -> None:
    _load_refused("dice", playout("dice").states[5], edit, field)


def test_dice_a_sheet_of_another_set_is_refused_by_the_game() -> None:
    game = game_of("dice")
    document = json.loads(to_json(playout("dice").states[5]))
    document["seats"][0]["sheet"] = "atlantis"
    state = from_json(json.dumps(document), BY_ID["dice"].state)  # a set the loader cannot know
    error = refused(lambda: game.to_move(state), InvalidStateError, Reason.INVALID_STATE)
    assert isinstance(error, InvalidStateError) and error.field == "seats[0].sheet"


@pytest.mark.parametrize("kind", KIND_IDS)
def test_every_reachable_state_loads_back(kind: str) -> None:
    """The checks refuse nothing a game produces: every state of a playout loads unchanged."""
    for state in playout(kind).states:
        text = to_json(state)
        assert to_json(from_json(text, BY_ID[kind].state)) == text


@pytest.mark.parametrize("kind", KIND_IDS)
@settings(max_examples=40, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_any_single_field_mutation_is_refused_or_usable(kind: str, data: st.DataObject) -> None:
    """A leaf of a valid state replaced by another value of the same JSON type: the load refuses
    it with the library's own error, or the state it gives is one the game can use."""
    state = data.draw(st.sampled_from(sample_states(kind, 6)))
    document = json.loads(to_json(state))
    leaves = list(_leaves(document, ()))
    path, value = data.draw(st.sampled_from(leaves), label="leaf")
    new = data.draw(_same_type(value), label="new")
    _set(document, path, new)
    text = json.dumps(document)
    result = only_own_errors(lambda: from_json(text, BY_ID[kind].state))
    if isinstance(result, BaseException):
        return
    game = game_of(kind)

    def use() -> None:
        for seat in sorted(game.to_move(result)):
            game.legal_moves(result, seat)
            game.view(result, seat)
        game.scores(result)

    only_own_errors(use)


def _leaves(node: Any, path: tuple[Any, ...]) -> Any:
    if isinstance(node, dict):
        for key, value in node.items():
            yield from _leaves(value, (*path, key))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from _leaves(value, (*path, index))
    else:
        yield path, node


def _set(document: Any, path: tuple[Any, ...], value: Any) -> None:
    for key in path[:-1]:
        document = document[key]
    document[path[-1]] = value


def _same_type(value: Any) -> st.SearchStrategy[Any]:
    if isinstance(value, bool):
        return st.booleans()
    if isinstance(value, int):
        return st.integers(-3, 12) | st.integers(-(2**63), 2**63)
    if isinstance(value, str):
        return st.text(max_size=12) | st.sampled_from(["Baths", "Palace", "giza", "market.m1"])
    return st.none()
