"""States and cities the speed layer builds as drafts (architects/fast/drafts.py: a plain object
of the same layout, turned into the frozen class by ``__class__`` assignment) are ordinary frozen
values: of the exact class, unchangeable, equal to and serialized like the same value built by
attrs' ``__init__``, and round-tripping through JSON. A build's payment found from the situation
just listed (``FastMoves.pay_for``) equals the reference's (``LegalMoves.pay_for``)."""

from __future__ import annotations

import random

import attrs
import pytest

from sevenwonders.architects import ArchitectsGame
from sevenwonders.architects.fast.drafts import (
    Draft,
    built_city,
    in_turn,
    next_turn,
    with_cards,
)
from sevenwonders.architects.legal import LegalMoves
from sevenwonders.architects.moves import Build
from sevenwonders.architects.state import ArchitectsState, City, StartTurn
from sevenwonders.architects.work import Work
from sevenwonders.core.serialization import from_json, to_json


def _rebuilt(state: ArchitectsState) -> ArchitectsState:
    """The same state made by attrs' own ``__init__`` (cities too)."""
    return ArchitectsState(**{
        **{f.name: getattr(state, f.name) for f in attrs.fields(ArchitectsState)},
        "cities": tuple(City(**{f.name: getattr(city, f.name) for f in attrs.fields(City)})
                        for city in state.cities)})


def _assert_plain_value(state: ArchitectsState, *, loadable: bool = True) -> None:
    """``loadable``: a state of a game, which JSON loading checks in full."""
    assert type(state) is ArchitectsState
    assert all(type(city) is City for city in state.cities)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        state.turn = 0  # type: ignore[misc]
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        state.cities[0].military = 9  # type: ignore[misc]
    with pytest.raises(AttributeError):
        state.extra = 1  # type: ignore[attr-defined]
    rebuilt = _rebuilt(state)
    assert rebuilt == state and hash(rebuilt) == hash(state)
    assert to_json(rebuilt) == to_json(state)
    if loadable:
        assert from_json(to_json(state), ArchitectsState) == state


@pytest.mark.parametrize("players", [2, 5])
def test_states_along_games_are_plain_frozen_values(players: int) -> None:
    game = ArchitectsGame(players)
    for seed in range(4):
        chooser = random.Random(seed)
        state = game.new_game(seed)
        states = [state]
        while not game.is_over(state):
            legal = game.legal_moves(state, state.current)
            move = legal[chooser.randrange(len(legal))]
            if seed % 2:
                state, _ = game.step(state, {state.current: move})
            else:
                state = game.play(state, {state.current: move})
            states.append(state)
        for seen in [*states[::7], state]:
            _assert_plain_value(seen)


def test_helpers_change_only_what_they_name() -> None:
    game = ArchitectsGame(3)
    state = game.new_game(11)
    city = state.cities[0]
    assert with_cards(city, (1, 2)) == attrs.evolve(city, cards=(1, 2))
    made = built_city(City("giza", (), (), ("law",), 2), ("2s",), (3,))
    assert made == City("giza", ("2s",), (3,), ("law",), 2) and type(made) is City
    cities = (made, *state.cities[1:])
    after = next_turn(state, cities=cities, decks=state.decks, central=state.central[:-1],
                      discard=(7,), flipped=1, cat=2, current=1, seen=state.seen)
    assert after == attrs.evolve(state, cities=cities, central=state.central[:-1],
                                 discard=(7,), flipped=1, cat=2, current=1,
                                 turn=state.turn + 1, pending=StartTurn(), triggered=(),
                                 used=(), flags=0, peeked=False)
    during = in_turn(state, cities=cities, decks=state.decks, central=(), discard=(),
                     flipped=2, cat=None, pending=state.pending, triggered=("law",),
                     flags=4, peeked=True)
    assert during == attrs.evolve(state, cities=cities, central=(), discard=(), flipped=2,
                                  cat=None, triggered=("law",), flags=4, peeked=True)
    _assert_plain_value(after, loadable=False)  # made-up cards: not a position of a game
    _assert_plain_value(during, loadable=False)


def test_a_draft_freezes_into_the_state_itself_as_the_reference_work_would() -> None:
    game = ArchitectsGame(2)
    state = game.new_game(3)
    plain = Work(state)
    plain.turn = 5
    work = Draft(state)
    work.turn = 5
    frozen = work.freeze()
    assert frozen is work and type(frozen) is ArchitectsState
    assert frozen == plain.freeze()
    assert frozen == attrs.evolve(state, turn=5)
    assert type(frozen.cities) is tuple and type(frozen.decks) is tuple
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        work.turn = 6
    assert state.turn != 5  # the state it was made from is untouched
    _assert_plain_value(frozen)


@pytest.mark.parametrize("players", [2, 4])
def test_pay_for_equals_the_situation_asked_afresh(players: int) -> None:
    """Every listed build's payment: from the situation just listed, after another city's
    situation was asked (the memo then misses), and from the payment rule afresh."""
    game = ArchitectsGame(players, economy_splits=True)
    fast, reference = game.moves, LegalMoves(game.tables)
    checked = 0
    for seed in range(8):
        chooser = random.Random(seed)
        state = game.new_game(seed)
        while not game.is_over(state):
            legal = game.legal_moves(state, state.current)
            city = state.cities[state.current]
            for move in legal:
                if type(move) is Build:
                    expected = reference.pay_for(city, state.used, move)
                    fast.situation(city, state.used, False)
                    assert fast.pay_for(city, state.used, move) == expected  # memo hit
                    other = state.cities[(state.current + 1) % players]
                    fast.situation(other, (), True)
                    assert fast.pay_for(city, state.used, move) == expected  # a miss
                    checked += 1
            state = game.play(state, {state.current: legal[chooser.randrange(len(legal))]})
    assert checked > 20
