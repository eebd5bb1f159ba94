"""Whole random games for 3..7 players and the invariants they must keep."""

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sevenwonders import from_json, to_json
from sevenwonders.base import BaseGame, BaseState, BaseView
from sevenwonders.base.events import CardBuilt, CardSold, CoinsGained, Event, StageBuilt
from sevenwonders.core.playout import random_moves
from sevenwonders.core.rng import Rng

players = st.integers(min_value=3, max_value=7)
seeds = st.integers(min_value=0, max_value=2**32)
sides = st.sampled_from(["day", "night", "random"])


def _cards_in_play(state: BaseState) -> int:
    return (sum(len(h) for h in state.hands) + sum(len(d) for d in state.decks)
            + len(state.discard) + sum(len(c.cards) + len(c.tucked) for c in state.cities))


def _run(g: BaseGame, seed: int, move_seed: int) -> list[tuple[BaseState, dict[int, Any],
                                                                BaseState, tuple[Event, ...]]]:
    rng = Rng.from_seed(move_seed)
    state = g.new_game(seed)
    steps = []
    while not g.is_over(state):
        moves, rng = random_moves(g, state, rng)
        after, events = g.step(state, moves)
        steps.append((state, moves, after, events))
        state = after
    return steps


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players, seeds, seeds, sides)
def test_whole_games_keep_their_invariants(n: int, seed: int, move_seed: int, side: str) -> None:
    g = BaseGame(players=n, sides=side)
    steps = _run(g, seed, move_seed)
    total_cards = 3 * 7 * n
    assert _cards_in_play(steps[0][0]) == total_cards
    played_per_age: dict[tuple[int, int], int] = {}
    for before, moves, after, events in steps:
        # Every card is somewhere, always.
        assert _cards_in_play(after) == total_cards
        # Coins change only through the bank: sales, coin effects, coin costs.
        bank_in = sum(e.coins for e in events if isinstance(e, CardSold)) + sum(
            e.amount for e in events if isinstance(e, CoinsGained))
        bank_out = sum(e.bank for e in events if isinstance(e, CardBuilt | StageBuilt))
        delta = sum(c.coins for c in after.cities) - sum(c.coins for c in before.cities)
        assert delta == bank_in - bank_out
        assert all(c.coins >= 0 for c in after.cities)
        # No city ever holds two buildings of one name.
        assert all(len(set(c.cards)) == len(c.cards) for c in after.cities)
        if not before.pending:
            assert all(len(h) == 8 - before.turn for h in before.hands)
            for seat in moves:
                key = (before.age, seat)
                played_per_age[key] = played_per_age.get(key, 0) + 1
    # Every city plays exactly six cards from its hands in every Age.
    assert set(played_per_age.values()) == {6}
    assert len(played_per_age) == 3 * n
    final = steps[-1][2]
    assert final.over and g.to_move(final) == frozenset()
    assert all(len(c.tokens) <= 6 for c in final.cities)


@settings(max_examples=10, deadline=None)
@given(players, seeds, seeds)
def test_same_seed_and_moves_give_identical_json(n: int, seed: int, move_seed: int) -> None:
    g = BaseGame(players=n, sides="random")
    first = [to_json(after) for _, _, after, _ in _run(g, seed, move_seed)]
    second = [to_json(after) for _, _, after, _ in _run(g, seed, move_seed)]
    assert first == second


@settings(max_examples=8, deadline=None)
@given(players, seeds, seeds)
def test_json_round_trips_states_views_events_and_sheets(n: int, seed: int, ms: int) -> None:
    g = BaseGame(players=n, sides="random")
    for before, _moves, _after, events in _run(g, seed, ms)[::4]:
        assert from_json(to_json(before), BaseState) == before
        for seat in range(n):
            view = g.view(before, seat)
            assert from_json(to_json(view), BaseView) == view
        for event in events:
            assert from_json(to_json(event), Event) == event  # type: ignore[arg-type]
    final = _run(g, seed, ms)[-1][2]
    for sheet in g.scores(final):
        assert from_json(to_json(sheet), type(sheet)) == sheet


@settings(max_examples=8, deadline=None)
@given(players, seeds)
def test_views_hide_other_hands_and_the_decks(n: int, seed: int) -> None:
    g = BaseGame(players=n)
    state = g.new_game(seed)
    for seat in range(n):
        text = to_json(g.view(state, seat))
        view = g.view(state, seat)
        assert view.hand == state.hands[seat]
        assert view.hand_sizes == (7,) * n
        assert "rng" not in text and "decks" not in text
        # Another seat's hand never appears as a list in the view.
        for other in range(n):
            if other != seat and set(state.hands[other]) - set(state.hands[seat]):
                assert not all(card in text for card in state.hands[other]) or \
                    all(card in to_json(view.hand) for card in state.hands[other])
