"""The base game's fast load path on Edifice states: every state of random Edifice games of
3-7 players (both editions) is read by it as the full path reads it, and edits of the
expansion's own state (its projects, pawns, holders, outcomes, rewards and debts: one-change
edits and values of the wrong type, keys missing, extra or renamed, another expansion's tag)
are accepted only where the full path accepts them, refused with the error it raises."""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Iterator
from typing import Any

import pytest

from sevenwonders.base import validation
from sevenwonders.base.state import BaseState
from sevenwonders.core.serialization import converter, to_json
from sevenwonders.edifice import Edifice
from sevenwonders.games import make_game
from tests.boundary.mutation import edit, random_step
from tests.fast_loads import disagreements, full_path_of, refusals_both_ways

full_path = full_path_of(BaseState, validation.problems)


def _states() -> list[BaseState]:
    out = []
    for n in range(3, 8):
        for edition, sides in (("2nd", "random"), ("1st", "ab")):
            game = make_game("base", n, edition=edition, sides=sides, expansions=(Edifice(),))
            rng, first = random.Random(n), len(out)
            out.append(game.new_game(seed=40 + n))
            while not game.is_over(out[-1]):
                out.append(random_step(game, out[-1], rng))
            assert len(out) > first + 10
    return out


STATES = _states()


def _faults(document: dict[str, Any], rng: random.Random) -> Iterator[dict[str, Any]]:
    """Edits of the Edifice state of ``document``, each in a copy."""
    own = document["expansions"][0]
    for key, value in own.items():
        for wrong in (None, True, 1, "x", [None], [[True]], {"x": 1}, 1 << 64):
            out = copy.deepcopy(document)
            out["expansions"][0][key] = wrong
            yield out
        if isinstance(value, list) and value:
            out = copy.deepcopy(document)
            out["expansions"][0][key] = value[:-1]
            yield out
            out = copy.deepcopy(document)
            out["expansions"][0][key] = [*value, value[0]]
            yield out
    for change in ("drop", "extra", "rename", "tag", "tag_missing", "twice"):
        out = copy.deepcopy(document)
        state = out["expansions"][0]
        if change == "drop":
            state.pop(rng.choice([k for k in state if k != "expansion"]))
        elif change == "extra":
            state["extra"] = []
        elif change == "rename":
            state["extra"] = state.pop(rng.choice([k for k in state if k != "expansion"]))
        elif change == "tag":
            state["expansion"] = "leaders"
        elif change == "tag_missing":
            state.pop("expansion")
        else:
            out["expansions"].append(copy.deepcopy(state))
        yield out
    for _ in range(4):  # (one-change edits of the expansion's state alone)
        out = copy.deepcopy(document)
        if edit(out["expansions"][0], rng) is not None:
            yield out


def _edited() -> list[dict[str, Any]]:
    rng = random.Random(5)
    return [fault for state in STATES[::4]
            for fault in _faults(converter.unstructure(state), rng)]


EDITED = _edited()


def test_every_edifice_state_is_read_by_the_fast_path_as_the_full_path_reads_it() -> None:
    assert len(STATES) > 150
    for state in STATES:
        text = to_json(state)
        fast = validation.load_fast(json.loads(text))
        assert fast is not None, text[:300]
        assert repr(fast) == repr(state) == repr(full_path(json.loads(text)))


def test_no_edit_of_the_expansion_state_is_accepted_where_the_full_path_refuses_it() -> None:
    refused = sum(full_path(copy.deepcopy(document)) is None for document in EDITED)
    assert len(EDITED) > 2000 and refused > len(EDITED) // 2
    assert disagreements(validation.load_fast, full_path, EDITED) == []


@pytest.mark.parametrize("start", range(4))
def test_a_refused_edit_raises_what_the_full_path_raises(start: int) -> None:
    texts = [json.dumps(document) for document in EDITED[start::16]
             if full_path(copy.deepcopy(document)) is None]
    fast, full = refusals_both_ways(BaseState, validation.problems, "base-game",
                                    validation.load_fast, texts)
    assert len(texts) > 20 and fast == full


def test_an_expansion_state_the_reader_does_not_know_is_read_by_the_converter(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from sevenwonders.base import loading
    from sevenwonders.edifice.state import EdificeState

    assert loading._plan(EdificeState) is not None  # (Edifice's fields: read field by field)
    monkeypatch.setitem(loading._PLANS, EdificeState, None)
    for state in STATES[::9]:
        loaded = loading.read_state(json.loads(to_json(state)))
        assert repr(loaded) == repr(state)
