"""The fast path of loading a Dice state (:mod:`sevenwonders.dice.loading`) agrees with the full
path (the strict converter, then every invariant): it builds exactly the state the full path
builds for every state of random games of 2-7 players, and accepts nothing the full path
refuses, over one-change edits of those states' documents and hand-made faults (keys missing,
extra or in another's place, items of the wrong type, a bool for an int, a die twice, an unknown
sheet, a decision about no building). Each check of the fast path left out (a planted fault) is
caught by the same comparison, and a refused document raises what the full path raises."""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable, Iterator
from functools import cache
from typing import Any

import pytest

from sevenwonders.core.serialization import converter, from_json, to_json
from sevenwonders.dice import DiceGame, loading, validation
from sevenwonders.dice.state import DiceState, Phase
from tests import fast_loads
from tests.boundary import mutation
from tests.boundary.mutation import edit, playout_states
from tests.fast_loads import full_path_of

PLAYERS = range(2, 8)


@cache
def game_of(players: int) -> DiceGame:
    return DiceGame(players)


def real_states(players: int, seed: int) -> list[DiceState]:
    """Every state of one random playout with ``players`` players."""
    return playout_states(game_of(players), seed)


full_path = full_path_of(DiceState, validation.problems)


def disagreements(documents: list[Any]) -> list[str]:
    """The documents the fast path reads otherwise than the full path."""
    return fast_loads.disagreements(loading.load_fast, full_path, documents)


def _states() -> list[DiceState]:
    out: list[DiceState] = []
    for players in PLAYERS:
        out += real_states(players, 40 + players)
    return out


STATES = _states()


def _hand_made(state: DiceState) -> Iterator[Any]:
    """Faults the random edits seldom make, each in one copy of ``state``'s document."""
    document = converter.unstructure(state)

    def changed(change: Callable[[Any], Any]) -> Any:
        out = copy.deepcopy(document)
        change(out)
        return out

    seat = document["seats"][0]
    yield changed(lambda out: out.pop("final_turn"))  # (a default: the full path decides)
    yield changed(lambda out: out["seats"][0].pop("pending"))
    yield changed(lambda out: out.update(extra=1))
    yield changed(lambda out: out.update(extra=out.pop("agora_claimed")))
    yield changed(lambda out: out["seats"][0].update(wealth=out["seats"][0].pop("coins")))
    yield changed(lambda out: out.update(rng={"seed": out["rng"]["state"]}))
    yield changed(lambda out: out["rng"].update(state=1 << 64))
    yield changed(lambda out: out.update(turn=True))
    yield changed(lambda out: out.update(turn=float(out["turn"])))
    yield changed(lambda out: out.update(phase="Action"))
    yield changed(lambda out: out.update(phase=["action"]))
    yield changed(lambda out: out.update(agora_claimed=0))
    yield changed(lambda out: out.update(final_turn=out["turn"] + 2))
    yield changed(lambda out: out.update(seats=out["seats"][:1]))
    yield changed(lambda out: out.update(seats=[*out["seats"], out["seats"][0]]))
    yield changed(lambda out: out["seats"][0].update(sheet="atlantis"))
    yield changed(lambda out: out["seats"][0].update(sheet=out["seats"][1]["sheet"]))
    yield changed(lambda out: out["seats"][0].update(coins=-1))
    yield changed(lambda out: out["seats"][0].update(coins=10**6))
    yield changed(lambda out: out["seats"][0].update(coins=True))
    yield changed(lambda out: out["seats"][0].update(ticks=[*seat["ticks"], 0]))
    yield changed(lambda out: out["seats"][0].update(ticks=[True] * len(seat["ticks"])))
    yield changed(lambda out: out["seats"][0].update(ticks=[out["turn"] + 1] * len(seat["ticks"])))
    yield changed(lambda out: out["seats"][0].update(bonuses=[1] * len(seat["bonuses"])))
    yield changed(lambda out: out["seats"][0].update(bonuses=seat["bonuses"][1:]))
    yield changed(lambda out: out["seats"][0].update(laurels={"barracks_west.w1": 1}))
    yield changed(lambda out: out["seats"][0].update(laurels={"market.m1": 1}))
    yield changed(lambda out: out["seats"][0].update(laurels=[["barracks_west.w1", 1]]))
    yield changed(lambda out: out["seats"][0].update(unlocked=["black", "black"]))
    yield changed(lambda out: out["seats"][0].update(unlocked=["grey_1"]))
    yield changed(lambda out: out["seats"][0].update(unlocked=[None]))
    yield changed(lambda out: out["seats"][0].update(agora_first=1))
    yield changed(lambda out: out["seats"][0]["pending"].append({"type": "choose_bonus",
                                                                 "building": "wonder"}))
    yield changed(lambda out: out["seats"][0]["pending"].append({"type": "choose_bonus",
                                                                 "building": "nowhere"}))
    yield changed(lambda out: out["seats"][0]["pending"].append(
        {"type": "extra_ticks", "buildings": ["barracks"], "count": 100, "source": "x"}))
    yield changed(lambda out: out["seats"][0]["pending"].append(
        {"type": "extra_ticks", "buildings": ["nowhere"], "count": 1, "source": "x"}))
    yield changed(lambda out: out["seats"][0]["pending"].append(
        {"type": "extra_action", "free_die": False, "source": "x"}))
    yield changed(lambda out: out["seats"][0]["pending"].append({"type": "nothing"}))
    yield changed(lambda out: out.update(phase="follow_up"))
    yield changed(lambda out: out.update(phase="action"))
    yield changed(lambda out: out.update(forum=[*out["forum"], *out["forum"][:1]]))
    yield changed(lambda out: out["forum"] and out["forum"][0].update(area=99))
    yield changed(lambda out: out["forum"] and out["forum"][0].update(face="nothing"))
    yield changed(lambda out: out["forum"] and out["forum"][0].update(die="orange"))
    yield changed(lambda out: out["forum"] and out["forum"][0].update(extra=1))
    yield changed(lambda out: out["forum"] and out["forum"][0].update(area=True))


# (one-change edits of the documents of every other state, and hand-made faults of some)
EDITED = fast_loads.edited_documents(STATES[::2], _hand_made,
                                     lambda _, rng: rng.random() < 0.1, 13, 4)


def test_every_state_of_random_games_is_read_by_the_fast_path_as_the_full_path_reads_it(
) -> None:
    phases = set()
    for state in STATES:
        document = json.loads(to_json(state))
        fast = loading.load_fast(document)
        assert fast is not None, to_json(state)[:300]
        # (equal to the game's state; and as the full path builds it, down to the order of
        # a set's items, which hangs on the order they were added in)
        assert fast == state and repr(fast) == repr(full_path(document))
        assert from_json(to_json(state), DiceState) == state
        phases.add(state.phase)
    assert phases == set(Phase)


def test_the_fast_path_accepts_no_edited_document_the_full_path_refuses() -> None:
    assert len(EDITED) > 1000
    refused = sum(full_path(copy.deepcopy(document)) is None for document in EDITED)
    assert refused > 300  # (the edits do reach the checks)
    assert disagreements(EDITED) == []


def test_a_refused_document_raises_what_the_full_path_raises() -> None:
    texts = [json.dumps(document) for document in EDITED[::3]
             if full_path(copy.deepcopy(document)) is None]
    assert len(texts) > 100
    fast, full = fast_loads.refusals_both_ways(DiceState, validation.problems, "Dice",
                                               loading.load_fast, texts)
    assert fast == full


@pytest.mark.skipif(not loading.__file__.endswith(".py"), reason=(
    "the compiled module calls its own functions directly, so a fault planted in one does not "
    "reach the load; the pure package, the tested reference, runs these"))
@pytest.mark.parametrize("fault", ["_forum", "_seat", "_decision", "_holds", "coin_limit"])
def test_a_check_left_out_of_the_fast_path_is_caught(fault: str,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    real = getattr(loading, fault)
    planted: dict[str, Callable[..., Any]] = {
        # any die and face in any area: the dice's own ways to lie, by face and area
        "_forum": lambda table, forum: [
            loading.RolledDie(item["die"], item["face"], item["area"]) for item in forum],
        # (the ticks checked as if none were ticked)
        "_seat": lambda table, o, turn: real(table, {**o, "ticks": [0] * len(o["ticks"])},
                                             turn) and loading._build_seat(
            o["sheet"], o["coins"], tuple(o["ticks"]), tuple(o["bonuses"]),
            loading.FrozenMap(o["laurels"]), frozenset(o["unlocked"]), o["agora_first"],
            tuple(loading._PENDING_HOOK(p, loading.Pending) for p in o["pending"])),
        "_decision": lambda known, raw: loading._PENDING_HOOK(raw, loading.Pending),
        "_holds": lambda *_: True,
        "coin_limit": lambda state: 1 << 62,
    }
    monkeypatch.setattr(loading, fault, planted[fault])
    assert disagreements(EDITED) != []


def test_an_accepted_edit_plays_to_its_end_as_any_state() -> None:
    """The mutation fuzz's promise for the fast path: each edited state it accepts plays to its
    end with every ply free of problems and loading back."""
    rng = random.Random(29)
    accepted = 0
    for players in PLAYERS:
        for state in real_states(players, 60 + players)[::4]:
            document = converter.unstructure(state)
            if edit(document, rng) is None or loading.load_fast(document) is None:
                continue
            accepted += 1
            loaded = from_json(json.dumps(document), DiceState)
            assert mutation.play_out(game_of(players), loaded, rng) is None
    assert accepted > 12
