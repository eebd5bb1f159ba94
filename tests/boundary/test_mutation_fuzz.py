"""The mutation fuzz of loaded states, bounded: one-change edits of real states of every family,
each accepted one played to its end with no problem at any ply and every successor loading
back; and the holes earlier, longer runs found, each refused now by a named invariant (the
edits made on states of real games)."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import attrs
import pytest

from sevenwonders.base.state import BaseState
from sevenwonders.base.validation import coin_limit as base_limit
from sevenwonders.base.validation import problems
from sevenwonders.core.serialization import from_json, to_json
from sevenwonders.dice.accounting import coin_limit as dice_limit
from sevenwonders.dice.state import DiceState
from sevenwonders.edifice.projects import DEBT_TOKENS
from sevenwonders.errors import InvalidStateError
from tests.boundary import mutation


@pytest.mark.parametrize("family", ["base", "edifice", "architects", "dice"])
def test_no_accepted_edit_breaks_an_invariant_in_play(family: str) -> None:
    kinds = [kind for kind in mutation.GAMES if kind.startswith(family)]
    tally = mutation.fuzz(kinds, edits=40, seed=7, playouts=1)
    assert tally.accepted > 0
    assert tally.failures == [], "\n".join(map(str, tally.failures))


def test_the_edits_change_what_they_say() -> None:
    state = mutation.real_states("base-3", 0)[5]
    document = json.loads(to_json(state))
    made = 0
    for seed in range(40):
        edited = json.loads(json.dumps(document))
        change = mutation.edit(edited, random.Random(seed))
        if change is None:
            continue
        made += 1
        if "swapped" not in change and "reordered" not in change:  # equal values may swap
            assert edited != document, change
    assert made >= 30


def _refused_by(state: Any, edit: Callable[[dict[str, Any]], None], invariant: str,
                field: str) -> None:
    document = json.loads(to_json(state))
    edit(document)
    with pytest.raises(InvalidStateError) as caught:
        from_json(json.dumps(document), type(state))
    found = [(p.invariant, p.field) for p in caught.value.problems]
    assert any(i == invariant and f.startswith(field) for i, f in found), found


def _first(kind: str, wanted: Callable[[BaseState], bool]) -> BaseState:
    for seed in range(6):
        for state in mutation.real_states(kind, seed):
            if wanted(state):
                return state
    raise AssertionError(f"no state of {kind} shows what the test needs")


SHARED_AGES = ("Loom", "Glassworks", "Press")  # cards of Age I and of Age II


def test_a_card_of_two_ages_moved_from_a_city_into_a_deck_to_come() -> None:
    """The fuzz moved an Age I Press from a city into the Age II deck: every name still of its
    Age, the count whole, but the Age II deck no longer Age II's deal."""
    state = _first("base-3", lambda s: s.age == 1 and any(
        c in SHARED_AGES for c in s.cities[0].cards))

    def edit(document: dict[str, Any]) -> None:
        cards = document["cities"][0]["cards"]
        card = next(c for c in cards if c in SHARED_AGES)
        cards.remove(card)
        document["decks"][0].append(card)

    _refused_by(state, edit, "card_conservation", "decks[0]")


def test_a_decision_pending_twice() -> None:
    """The fuzz duplicated a last-card decision (1st edition, Babylon B)."""
    state = _first("base-1st-6", lambda s: bool(s.pending))
    _refused_by(state, lambda d: d["pending"].append(d["pending"][0]), "pending_decisions",
                "pending[")


def _joined(state: BaseState) -> bool:
    return any(state.expansions[0].participants)


def _completed(state: BaseState) -> bool:
    return "completed" in state.expansions[0].outcomes


def _failed(state: BaseState) -> bool:
    return "failed" in state.expansions[0].outcomes


def _failed_held(state: BaseState) -> bool:
    mine = state.expansions[0]
    return any(o == "failed" and h for o, h in zip(mine.outcomes, mine.holders, strict=True))


EDIFICE_HOLES: list[tuple[str, Callable[[BaseState], bool], Callable[[dict[str, Any]], None],
                          str]] = [
    ("pawns left that no participation took", _joined,
     lambda e: e["pawns_left"].__setitem__(0, max(0, e["pawns_left"][0] - 1)
                                           if e["participants"][0] else 1),
     "expansions.edifice"),
    ("a holder of a completed project without its reward", _completed,
     lambda e: e["rewards"].__setitem__(_holder(e), []), "expansions.edifice.rewards"),
    ("a debt of a failed project the seat held a pawn of", _failed_held,
     lambda e: e["debts"].__setitem__(_holder(e, "failed"), [_debt(e)]),
     "expansions.edifice.debts"),
    ("the same debt twice", _failed,
     lambda e: e["debts"].__setitem__(0, [_debt(e)] * 2), "expansions.edifice"),
]


def _age(expansion: dict[str, Any], outcome: str) -> int:
    """The first Age (index) with ``outcome``, one whose project has holders if any has."""
    ages = [i for i, o in enumerate(expansion["outcomes"]) if o == outcome]
    return next((i for i in ages if expansion["holders"][i]), ages[0])


def _holder(expansion: dict[str, Any], outcome: str = "completed") -> int:
    index = _age(expansion, outcome)
    holders = expansion["holders"][index]
    return holders[0] if holders else 0


def _debt(expansion: dict[str, Any]) -> int:
    return DEBT_TOKENS[_age(expansion, "failed")]


@pytest.mark.parametrize(("what", "wanted", "edit", "field"), EDIFICE_HOLES,
                         ids=[what for what, _, _, _ in EDIFICE_HOLES])
def test_edifice_bookkeeping_follows_from_the_participants(
        what: str, wanted: Callable[[BaseState], bool], edit: Callable[[dict[str, Any]], None],
        field: str) -> None:
    state = _first("edifice-5", wanted)
    _refused_by(state, lambda d: edit(d["expansions"][0]), "table", field)


def test_edifice_a_participation_needs_a_stage() -> None:
    state = _first("edifice-5", lambda s: any(
        c.stages == 0 for c in s.cities) and s.expansions[0].outcomes[0] == "open")
    seat = next(s for s, c in enumerate(state.cities) if c.stages == 0)

    def edit(document: dict[str, Any]) -> None:
        part = document["expansions"][0]
        part["participants"][0] = sorted({*part["participants"][0], seat})
        part["holders"][0] = sorted({*part["holders"][0], seat})
        part["pawns"][seat] = [*part["pawns"][seat], 1]
        part["pawns_left"][0] -= 1

    _refused_by(state, edit, "table", "expansions.edifice")


def test_every_edifice_state_of_a_long_game_has_no_problem() -> None:
    for seed in range(2):
        for state in mutation.real_states("edifice-7", seed):
            assert problems(state) == ()


COIN_CARDS = ("Vineyard", "Bazaar", "Haven", "Lighthouse", "Chamber of Commerce", "Arena")


def test_no_turn_marks_or_deferred_coins_during_an_age_end_decision() -> None:
    """The fuzz gave a seat 1 coin of income while an Edifice penalty decision was pending at
    an Age's end: the turn is over then (its marks cleared), so the marks would never clear;
    coins deferred to the turn's end would never be paid."""
    state = _first("edifice-7", lambda s: s.age_ending and bool(s.pending) and any(
        c in COIN_CARDS for c in s.cities[0].cards))
    card = next(c for c in state.cities[0].cards if c in COIN_CARDS)
    _refused_by(state, lambda d: d["marks"][1].__setitem__("income", 1), "turn_marks", "marks")

    def defer(document: dict[str, Any]) -> None:
        document["marks"][0]["built"] = [card]
        document["deferred"] = [[0, card]]

    _refused_by(state, defer, "deferred_effects", "deferred")


@pytest.mark.parametrize("kind", ["dice-2", "dice-7", "base-3", "edifice-5"])
def test_coins_at_the_limit_just_before_the_end(kind: str) -> None:
    """The fuzz gave a Dice seat the most coins the load takes in the last turn's follow-up:
    the game then ended, and the final state was refused (the end lowered the progress the
    limit grows with). Every seat at the limit in the last states of a game: the game plays
    to its end, each state loading back."""
    game = mutation.game_of(kind)
    for state in mutation.real_states(kind, 3)[-4:-1]:
        if isinstance(state, DiceState):
            limit = dice_limit(state)
            state = attrs.evolve(state, seats=tuple(attrs.evolve(s, coins=limit)
                                                    for s in state.seats))
        else:
            limit = base_limit(state)
            state = attrs.evolve(state, cities=tuple(attrs.evolve(c, coins=limit)
                                                     for c in state.cities))
        assert mutation.play_out(game, state, random.Random(1)) is None
