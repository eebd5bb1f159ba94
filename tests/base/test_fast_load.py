"""The fast path of loading a base-game state (:mod:`sevenwonders.base.loading`, run by
:func:`sevenwonders.base.validation.load_fast`) agrees with the full path (the strict converter,
then every invariant): it builds exactly the state the full path builds for every state of
random games of 3-7 players, both editions and Edifice, and accepts nothing the full path
refuses, over one-change edits of those states' documents and hand-made faults (a value of
another JSON type, a bool for an integer, an integer over 64 bits, keys missing, extra or in
another's place, arrays of the wrong length). A refused document raises what the full path
raises, and each check of the fast path left out (a planted fault) is caught by the same
comparison."""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from sevenwonders.base import loading, validation
from sevenwonders.base.state import BaseState
from sevenwonders.core.serialization import converter, from_json, to_json
from sevenwonders.games import make_game
from tests import fast_loads
from tests.boundary.mutation import random_step
from tests.fast_loads import full_path_of

_PROBLEMS = validation.problems  # (the real check, whatever a test plants in the module)
full_path = full_path_of(BaseState, _PROBLEMS)


def disagreements(documents: list[Any]) -> list[str]:
    """The documents the fast path reads otherwise than the full path."""
    return fast_loads.disagreements(validation.load_fast, full_path, documents)


def _games() -> Iterator[tuple[str, Any]]:
    from sevenwonders.edifice import Edifice

    for n in range(3, 8):
        yield f"2nd-{n}", make_game("base", n)
        yield f"1st-{n}", make_game("base", n, edition="1st", sides="ab")
        yield f"edifice-{n}", make_game("base", n, sides="random", expansions=(Edifice(),))


def _playout(game: Any, seed: int) -> list[BaseState]:
    rng = random.Random(seed)
    states = [game.new_game(seed=seed)]
    while not game.is_over(states[-1]):
        states.append(random_step(game, states[-1], rng))
    return states


STATES = [state for i, (_, game) in enumerate(_games()) for seed in (100 + i, 200 + i, 300 + i)
          for state in _playout(game, seed)]


def _hand_made(state: BaseState) -> Iterator[Any]:
    """Faults the random edits seldom make, each in one copy of ``state``'s document."""
    document = converter.unstructure(state)

    def changed(change: Callable[[Any], Any]) -> Any:
        out = copy.deepcopy(document)
        change(out)
        return out

    def city(**values: Any) -> Callable[[Any], Any]:
        return lambda out: out["cities"][0].update(values)

    for wrong in (True, False, "1", 1.0, 1 << 64, -(1 << 64), None, [1]):
        yield changed(lambda out, wrong=wrong: out.update(age=wrong))
        yield changed(city(coins=wrong))
        yield changed(lambda out, wrong=wrong: out["rng"].update(state=wrong))
        yield changed(lambda out, wrong=wrong: out["marks"][0].update(stages=wrong))
    for wrong in (0, 1, "false", None):
        yield changed(lambda out, wrong=wrong: out.update(over=wrong))
        yield changed(lambda out, wrong=wrong: out.update(age_ending=wrong))
    for wrong in (1, None, ["giza"], True):
        yield changed(city(wonder=wrong))
        yield changed(city(side=wrong))
    for wrong in (1, None, True, ["x"], {"x": 1}):
        yield changed(lambda out, wrong=wrong: out["hands"][0].append(wrong))
        yield changed(lambda out, wrong=wrong: out["discard"].append(wrong))
        yield changed(lambda out, wrong=wrong: out["cities"][0]["cards"].append(wrong))
    for wrong in ("x", None, True, 1.5, 1 << 64):
        yield changed(lambda out, wrong=wrong: out["cities"][0]["tokens"].append(wrong))
        yield changed(lambda out, wrong=wrong: out["cities"][0]["stage_choices"].append(wrong))
    yield changed(lambda out: out.update(hands="".join(map("".join, out["hands"]))))
    yield changed(lambda out: out.update(hands={"0": out["hands"][0]}))
    yield changed(lambda out: out.update(cities=tuple(out["cities"])))
    yield changed(lambda out: out.update(decks=[tuple(deck) for deck in out["decks"]]))
    yield changed(lambda out: out.pop("memory"))  # (a default: the full path decides)
    yield changed(lambda out: out.pop("deferred"))
    yield changed(lambda out: out["cities"][0].pop("tokens"))
    yield changed(lambda out: out["marks"][0].pop("income"))
    yield changed(lambda out: out.update(extra=1))
    yield changed(lambda out: out["cities"][0].update(extra=1))
    # (a key for another: as many keys, one of them unknown)
    yield changed(lambda out: out.update(extra=out.pop("turn")))
    yield changed(lambda out: out["cities"][0].update(wealth=out["cities"][0].pop("coins")))
    yield changed(lambda out: out.update(rng={"seed": out["rng"]["state"]}))
    yield changed(lambda out: out.update(rng=out["rng"]["state"]))
    yield changed(lambda out: out["rng"].update(extra=1))
    yield changed(lambda out: out.update(pending=[{"seat": 0, "kind": "nonsense", "detail": ""}]))
    yield changed(lambda out: out.update(pending=[{"seat": 0, "kind": 1, "detail": ""}]))
    yield changed(lambda out: out.update(pending=[{"seat": 0, "kind": "play_last_card"}]))
    yield changed(lambda out: out.update(pending=[{"seat": True, "kind": "play_last_card",
                                                   "detail": ""}]))
    yield changed(lambda out: out.update(deferred=[[0, "Vineyard", 1]]))
    yield changed(lambda out: out.update(deferred=[["0", "Vineyard"]]))
    yield changed(lambda out: out.update(deferred=[[0]]))
    yield changed(lambda out: out.update(marks=out["marks"][0]))
    yield changed(lambda out: out["marks"][0].update(built="Vineyard"))
    yield changed(lambda out: out.update(expansions=[{"expansion": "nowhere"}]))
    yield changed(lambda out: out.update(expansions={}))
    for expansion in document["expansions"]:  # (Edifice's own state: the converter's hook)
        for key, value in expansion.items():
            if isinstance(value, list) and value:
                yield changed(lambda out, key=key: out["expansions"][0][key].append(True))
                yield changed(lambda out, key=key: out["expansions"][0].update({key: None}))
    if document["memory"] is not None:
        memory = document["memory"]
        entry = next((trail[0] for trail in memory["trails"] if trail), None)
        if entry is not None:
            for wrong in (entry[:2], [*entry, []], [True, *entry[1:]], [entry[0], "x", []],
                          [1 << 64, *entry[1:]], tuple(entry), {"holder": entry[0]}):
                yield changed(lambda out, wrong=wrong: out["memory"]["trails"].append([wrong]))
                yield changed(lambda out, wrong=wrong: out["memory"]["trails"].__setitem__(
                    0, [wrong]))
        yield changed(lambda out: out["memory"]["discards"].append(None))
        yield changed(lambda out: out["memory"]["discards"][0].append(3))
        yield changed(lambda out: out["memory"].update(trails={}))
        yield changed(lambda out: out["memory"].pop("discards"))
        yield changed(lambda out: out["memory"].update(extra=[]))
    yield changed(lambda out: out.update(memory=[]))


# (one-change edits of the documents of every third state, and hand-made faults of every
# eighteenth one)
EDITED = fast_loads.edited_documents(STATES[::3], _hand_made, lambda i, _: i % 6 == 0, 17, 6)


def test_every_state_of_random_games_is_read_by_the_fast_path_as_the_full_path_reads_it(
) -> None:
    assert len(STATES) > 800
    for state in STATES:
        text = to_json(state)
        fast = validation.load_fast(json.loads(text))
        assert fast is not None, text[:300]
        assert fast == state and repr(fast) == repr(state) and to_json(fast) == text
        assert repr(fast) == repr(full_path(json.loads(text)))
        assert repr(from_json(text, BaseState)) == repr(state)


def test_the_fast_path_accepts_no_edited_document_the_full_path_refuses() -> None:
    assert len(EDITED) > 5000
    refused = sum(full_path(copy.deepcopy(document)) is None for document in EDITED)
    assert refused > 4000  # (the edits and faults do reach the checks)
    assert disagreements(EDITED) == []


def test_a_refused_document_raises_what_the_full_path_raises() -> None:
    texts = [json.dumps(document) for document in EDITED[::2]
             if full_path(copy.deepcopy(document)) is None]
    assert len(texts) > 2000
    fast, full = fast_loads.refusals_both_ways(BaseState, validation.problems, "base-game",
                                               validation.load_fast, texts)
    assert fast == full


def test_a_refused_document_changes_nothing() -> None:
    for document in EDITED[::16]:
        before = copy.deepcopy(document)
        validation.load_fast(document)
        assert document == before and repr(document) == repr(before)


@pytest.mark.skipif(not loading.__file__.endswith(".py"), reason=(
    "the compiled module calls its own functions directly, so a fault planted in one does not "
    "reach the load; the pure package, the tested reference, runs these"))
@pytest.mark.parametrize("fault", ["_int", "_bool", "_dict", "_entry"])
def test_a_check_left_out_of_the_reader_is_caught(fault: str,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    planted: dict[str, Callable[..., Any]] = {
        "_int": lambda value: value,
        "_bool": lambda value: value,
        "_dict": lambda value, size: value,
        "_entry": tuple,
    }
    monkeypatch.setattr(loading, fault, planted[fault])
    assert disagreements(EDITED[::2]) != []


def test_a_state_with_a_problem_is_left_to_the_full_path(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(validation, "problems", lambda state: ())  # (the invariants left out)
    assert disagreements(EDITED[::2]) != []


def test_the_states_are_built_by_init_where_the_slots_cannot_be_set(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(loading, "_STATE_BY_SLOTS", False)
    monkeypatch.setattr(loading, "_CITY_BY_SLOTS", False)
    monkeypatch.setattr(loading, "_MARKS_BY_SLOTS", False)
    monkeypatch.setattr(loading, "_RECALL_BY_SLOTS", False)
    monkeypatch.setattr(loading, "_RNG_BY_SLOTS", False)
    for state in STATES[::7]:
        loaded = loading.read_state(json.loads(to_json(state)))
        assert loaded == state and repr(loaded) == repr(state)


def test_the_reader_takes_the_integers_the_converter_takes() -> None:
    """Up to 64 bits either sign, on both sides of the bound below which the reader does not
    measure an integer's bits."""
    from sevenwonders.errors import SerializationError

    small = 1 << 30
    for value in (0, 1, -1, small - 1, small, -small + 1, -small, 1 << 63, (1 << 64) - 1,
                  1 << 64, -(1 << 64) + 1, -(1 << 64), 1 << 100, -(1 << 100)):
        try:
            expected: int | None = converter.structure(value, int)
        except SerializationError:
            expected = None
        try:
            read: int | None = loading._int(value)
        except loading.Declined:
            read = None
        assert read == expected, value
