"""What a seat remembers (``BaseView.memory``): sound against the true state, only what the seat
saw, exact where the rules make it exact, different where two histories differ."""

from __future__ import annotations

from collections import Counter
from typing import Any

import attrs
import pytest

from sevenwonders.base import BaseGame, BaseState
from sevenwonders.base.determinize import determinize
from sevenwonders.base.memory import SeatMemory
from sevenwonders.base.moves import Sell
from sevenwonders.base.recall import Recall
from sevenwonders.base.view import BaseView
from sevenwonders.core.playout import random_moves
from sevenwonders.core.rng import Rng
from sevenwonders.core.serialization import from_json, to_json
from sevenwonders.errors import InvalidStateError
from sevenwonders.games import make_game

CONFIGS: list[tuple[int, dict[str, Any]]] = [
    (3, {}), (4, {"edition": "1st"}), (5, {"sides": "night"}), (6, {"edition": "1st"}),
    (7, {"sides": "random"}), (3, {"expansions": ["edifice"]}),
    (5, {"edition": "1st", "expansions": ["edifice"]}),
]


def _games(players: int, options: dict[str, Any], seed: int) -> list[BaseState]:
    game = make_game("base", players, **options)
    rng = Rng.from_seed(seed)
    state = game.new_game(seed)
    states = [state]
    while not game.is_over(state):
        moves, rng = random_moves(game, state, rng)
        state = game.play(state, moves)
        states.append(state)
    return states


def _check_sound(state: BaseState, seat: int, memory: SeatMemory) -> None:
    assert memory.hands[seat] == state.hands[seat]
    for h, known in enumerate(memory.hands):
        if known is not None:  # every card of the hand is among those remembered
            assert not Counter(state.hands[h]) - Counter(known), (h, known, state.hands[h])
    assert not Counter(memory.discard) - Counter(state.discard)


@pytest.mark.parametrize(("players", "options"), CONFIGS)
def test_memory_is_sound_and_shows_only_what_the_seat_saw(
        players: int, options: dict[str, Any]) -> None:
    """Along random games: the memory never contradicts the true state, and holds no card the
    seat has not seen in its own earlier views (its hands, the pile shown to it, the cities)."""
    game = make_game("base", players, **options)
    for seed in (1, 2):
        # per seat: the cards seen in its hands this Age, and every card it saw in a hand, a
        # pile shown to it or a city (copies are counted by the soundness check)
        this_age: list[set[str]] = [set() for _ in range(players)]
        seen: list[set[str]] = [set() for _ in range(players)]
        age = 1
        for state in _games(players, options, seed):
            if state.age != age:
                age, this_age = state.age, [set() for _ in range(players)]
            for seat in range(players):
                view = game.view(state, seat)
                _check_sound(state, seat, view.memory)
                this_age[seat].update(view.hand)
                seen[seat].update(view.hand, view.discard,
                                  *(city.cards for city in view.cities))
                for h, known in enumerate(view.memory.hands):
                    if known is not None and h != seat:
                        assert set(known) <= this_age[seat], (h, known)
                assert set(view.memory.discard) <= seen[seat]


@pytest.mark.parametrize(("players", "options"), CONFIGS[:5])
def test_the_hand_passed_is_known_exactly_until_its_holder_plays(
        players: int, options: dict[str, Any]) -> None:
    """From turn 2 of an Age a seat knows the hand its neighbour holds: the one it passed."""
    game = make_game("base", players, **options)
    checked = 0
    for state in _games(players, options, 3):
        if state.turn < 2 or state.pending or state.over or state.turn > 6:
            continue
        givers = game.rules.givers[0 if state.age != 2 else 1]
        for receiver, giver in enumerate(givers):
            known = game.view(state, giver).memory.hands[receiver]
            assert known is not None
            assert Counter(known) == Counter(state.hands[receiver])
            checked += 1
    assert checked >= players * 12


def _sell_first(game: BaseGame, state: BaseState, card_index: int) -> BaseState:
    """Every seat sells a card of its hand: seat 0 the one at ``card_index``, the others
    their first."""
    moves = {seat: Sell(state.hands[seat][card_index if seat == 0 else 0])
             for seat in range(game.players)}
    return game.play(state, moves)


def test_two_histories_with_the_same_public_record_give_different_views() -> None:
    """Seat 0 sells one card or another on turn 1: everything public is the same (three coins,
    one more face-down card on the pile) and so is the hand it holds on turn 2; what it
    remembers of the hand it passed and of the pile differs, and so do its views."""
    game = BaseGame(players=3)
    start = game.new_game(5)
    one, other = _sell_first(game, start, 0), _sell_first(game, start, 1)
    a, b = game.view(one, 0), game.view(other, 0)
    assert attrs.evolve(a, memory=SeatMemory()) == attrs.evolve(b, memory=SeatMemory())
    assert a.memory != b.memory
    assert a.memory.discard == (start.hands[0][0],) and b.memory.discard == (start.hands[0][1],)
    assert game.view(one, 1) != game.view(other, 1)  # (seat 1 holds what seat 0 passed)
    assert game.view(one, 2) == game.view(other, 2)  # seat 2 saw neither card


@pytest.mark.parametrize(("players", "options"), [CONFIGS[0], CONFIGS[5]])
def test_states_and_views_with_memory_read_back_equal(
        players: int, options: dict[str, Any]) -> None:
    game = make_game("base", players, **options)
    for index, state in enumerate(_games(players, options, 4)):
        if index % 4:
            continue
        assert from_json(to_json(state), BaseState) == state
        for seat in range(players):
            view = game.view(state, seat)
            assert from_json(to_json(view), BaseView) == view


def test_a_memory_that_contradicts_the_state_is_refused() -> None:
    game = BaseGame(players=3)
    state = _games(3, {}, 6)[8]
    recall = state.memory
    assert recall is not None
    game.check_state(state)
    holder = next(h for h, trail in enumerate(recall.trails) if trail)
    seat = recall.trails[holder][-1][0]
    wrong_hand = Recall(trails=tuple(
        ((seat, ("Loom",), ()),) if h == holder else trail
        for h, trail in enumerate(recall.trails)), discards=recall.discards)
    not_piled = Recall(trails=recall.trails,
                       discards=(("Loom", "Loom", "Loom"), *recall.discards[1:]))
    for wrong, field in ((wrong_hand, f"memory[{seat}].hands[{holder}]"),
                         (not_piled, "memory[0].discard")):
        with pytest.raises(InvalidStateError) as raised:
            game.check_state(attrs.evolve(state, memory=wrong))
        assert raised.value.field == field
    with pytest.raises(InvalidStateError):
        game.check_state(attrs.evolve(state, memory=Recall(
            trails=recall.trails[:2], discards=recall.discards)))
    # a trail entry that is not (holder, cards, built), even of a hand played out: refused
    last = _games(3, {}, 6)[-1]
    assert last.memory is not None and not any(last.hands)
    trails = last.memory.trails
    for entry in (trails[0][-1][:2], (*trails[0][-1], ())):
        odd = Recall(trails=((*trails[0][:-1], entry), *trails[1:]),
                     discards=last.memory.discards)
        with pytest.raises(InvalidStateError) as raised:
            game.check_state(attrs.evolve(last, memory=odd))
        assert raised.value.problems[0].invariant == "memory"


@pytest.mark.parametrize(("players", "options"), CONFIGS[:5])
def test_determinization_deals_the_known_hands_as_they_are(
        players: int, options: dict[str, Any]) -> None:
    """Where the seat knows a hand exactly (the one it passed, until its holder plays), every
    determinization deals that hand; every remembered hand is dealt from what was seen."""
    game = make_game("base", players, **options)
    rng = Rng.from_seed(players)
    exact = 0
    for index, state in enumerate(_games(players, options, 7)):
        if index % 2 or state.over:
            continue
        for seat in range(players):
            view = game.view(state, seat)
            for _ in range(4):
                det, rng = determinize(game, view, rng)
                assert game.view(det, seat) == view
                for h, known in enumerate(view.memory.hands):
                    if known is None:
                        continue
                    assert not Counter(det.hands[h]) - Counter(known)
                    if len(known) == view.hand_sizes[h]:
                        assert Counter(det.hands[h]) == Counter(state.hands[h])
                        exact += h != seat
    assert exact > 0


def test_the_neighbours_hand_is_sampled_exactly_at_age_three_turn_three() -> None:
    """In 200 determinizations at Age III, turn 3, the hand of the neighbour a seat passed to
    is the true one every time (before memory it matched none of them)."""
    game = BaseGame(players=4)
    state = next(s for s in _games(4, {}, 11) if s.age == 3 and s.turn == 3 and not s.pending)
    receiver = next(r for r, giver in enumerate(game.rules.givers[0]) if giver == 0)
    view = game.view(state, 0)
    rng = Rng.from_seed(0)
    for _ in range(200):
        sample, rng = determinize(game, view, rng)
        assert Counter(sample.hands[receiver]) == Counter(state.hands[receiver])


@pytest.mark.parametrize(("players", "options"), CONFIGS[5:])
def test_determinizations_with_edifice_show_the_same_view(
        players: int, options: dict[str, Any]) -> None:
    game = make_game("base", players, **options)
    rng = Rng.from_seed(players)
    for index, state in enumerate(_games(players, options, 8)):
        if index % 3 or state.over:
            continue
        for seat in range(players):
            view = game.view(state, seat)
            sample, rng = determinize(game, view, rng)
            assert game.view(sample, seat) == view


def test_step_and_play_remember_the_same() -> None:
    game = make_game("base", 5, sides="night")
    rng = Rng.from_seed(9)
    state = game.new_game(9)
    while not game.is_over(state):
        moves, rng = random_moves(game, state, rng)
        stepped, _ = game.step(state, moves)
        state = game.play(state, moves)
        assert stepped == state and stepped.memory == state.memory is not None


@pytest.mark.parametrize(("players", "options"), CONFIGS)
def test_memories_read_late_equal_the_rules_read_at_every_step(
        players: int, options: dict[str, Any]) -> None:
    """A whole random game through ``play`` (the one-pass turns, memories worked out only when
    read, here once at the end, the whole game's chain at once) and through ``step`` (the
    rules' way, each memory read as soon as it is made) gives equal memories at every step."""
    game = make_game("base", players, **options)
    rng = Rng.from_seed(players)
    fast = rules = game.new_game(players)
    played: list[Recall] = []
    stepped = []
    while not game.is_over(fast):
        moves, rng = random_moves(game, fast, rng)
        fast = game.play(fast, moves)
        rules = game.step(rules, moves)[0]
        assert fast.memory is not None and rules.memory is not None
        stepped.append((rules.memory.trails, rules.memory.discards))
        played.append(fast.memory)
    late = [(memory.trails, memory.discards) for memory in reversed(played)]  # last first
    assert late[::-1] == stepped
    assert fast == rules
