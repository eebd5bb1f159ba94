"""The form of an Architects state document: each card pile (the decks, the central deck, the
discard pile, a city's cards, what a seat has seen) is one string of lowercase hex digits, two a
card id, in the pile's order; the loads (the converter's hooks and the fast path) take that form
only, and refuse any other as a card id of the wrong type is refused."""

from __future__ import annotations

import json
from typing import Any

import attrs
import pytest

from sevenwonders.architects import ArchitectsGame, ArchitectsState, loading
from sevenwonders.architects.options import BABYLON_DECKS
from sevenwonders.architects.state import CARD_ID_LIMIT, structure_pile
from sevenwonders.core.serialization import from_json, to_json
from sevenwonders.errors import Reason, SerializationError
from tests.boundary.mutation import real_states

STATES = real_states("architects-4", 5)


def test_every_card_id_of_every_table_fits_two_hex_digits() -> None:
    for players in range(2, 8):
        for babylon in BABYLON_DECKS:
            tables = ArchitectsGame(players, babylon_deck=babylon).tables
            assert 200 < len(tables.card_kind) <= CARD_ID_LIMIT == 256


def test_each_pile_is_written_as_hex_in_its_order_and_read_back() -> None:
    assert any(state.seen for state in STATES) and any(state.discard for state in STATES)
    for state in STATES:
        document = json.loads(to_json(state))
        assert document["decks"] == [bytes(deck).hex() for deck in state.decks]
        assert document["central"] == bytes(state.central).hex()
        assert document["discard"] == bytes(state.discard).hex()
        assert [city["cards"] for city in document["cities"]] == [
            bytes(city.cards).hex() for city in state.cities]
        assert document["seen"] == [bytes(cards).hex() for cards in state.seen]
        assert from_json(to_json(state), ArchitectsState) == state


def test_the_hex_of_a_pile_is_two_digits_a_card() -> None:
    assert structure_pile("0511ea") == (5, 17, 234)
    assert structure_pile("") == ()


@pytest.mark.parametrize(("pile", "says"), [
    ("0511EA", "'E'"), ("05 11", "' '"), (" 0511", "' '"), ("0511e", "odd number"),
    ("05g1", "'g'"), ("0x05", "'x'"), ([5, 17], "string of hex digits"),
    (None, "string of hex digits"), (511, "string of hex digits"),
])
def test_a_pile_in_another_form_is_refused_as_a_card_of_the_wrong_type(pile: Any,
                                                                       says: str) -> None:
    state = STATES[20]
    for where in ("central", "decks", "discard", "cards", "seen"):
        document = json.loads(to_json(state))
        if where == "decks":
            document["decks"][0] = pile
        elif where == "cards":
            document["cities"][1]["cards"] = pile
        elif where == "seen":
            document["seen"] = [pile] * len(state.cities)
        else:
            document[where] = pile
        assert loading.load_fast(json.loads(json.dumps(document))) is None
        with pytest.raises(SerializationError) as refused:
            from_json(json.dumps(document), ArchitectsState)
        assert refused.value.reason == Reason.WRONG_TYPE and says in str(refused.value)


def test_a_card_id_past_the_limit_has_no_document() -> None:
    with pytest.raises(SerializationError):
        to_json(attrs.evolve(STATES[0], central=(256,)))
