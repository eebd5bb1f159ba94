"""What every game offers a frontend: notation that reads back, views that hide what they must
and serialise, events for every step that serialise."""

from __future__ import annotations

import json
from typing import Any

import attrs
import pytest

from sevenwonders.base import BaseGame
from sevenwonders.core.serialization import from_json, to_json
from sevenwonders.errors import (
    IllegalMoveError,
    NotationError,
    SevenWondersError,
    UnknownCardError,
    WrongSeatError,
)
from tests.frontend.helpers import BY_ID, KIND_IDS, game_of, playout, sample_states


@pytest.mark.parametrize("kind_id", KIND_IDS)
def test_every_legal_move_reads_back_from_its_text(kind_id: str) -> None:
    game = game_of(kind_id)
    for state in playout(kind_id).states[:-1]:
        for seat in game.to_move(state):
            for move in game.legal_moves(state, seat):
                text = str(move)
                assert game.parse_move(state, seat, text) == move, text
                # Extra spaces are forgiven.
                assert game.parse_move(state, seat, "  " + text.replace(" ", "  ")) == move


@pytest.mark.parametrize("kind_id", KIND_IDS)
def test_moves_serialise(kind_id: str) -> None:
    kind = BY_ID[kind_id]
    for moves in playout(kind_id).steps:
        for move in moves.values():
            assert from_json(to_json(move), kind.move) == move


@pytest.mark.parametrize("kind_id", KIND_IDS)
def test_unreadable_and_illegal_texts_raise_errors_that_say_why(kind_id: str) -> None:
    game = game_of(kind_id)
    state = playout(kind_id).states[1]
    seat = min(game.to_move(state))
    with pytest.raises(NotationError) as unreadable:
        game.parse_move(state, seat, "fly to the moon")
    assert "fly to the moon" in str(unreadable.value) or "fly" in str(unreadable.value)
    with pytest.raises(NotationError):
        game.parse_move(state, seat, "")
    with pytest.raises(SevenWondersError):
        game.parse_move(state, seat, 42)  # type: ignore[arg-type]
    with pytest.raises(WrongSeatError):
        game.parse_move(state, game.players + 3, str(game.legal_moves(state, seat)[0]))
    waiting = [s for s in range(game.players) if s not in game.to_move(state)]
    if waiting:
        with pytest.raises(WrongSeatError):
            game.parse_move(state, waiting[0], str(game.legal_moves(state, seat)[0]))


def test_base_notation_errors_are_specific() -> None:
    game = BaseGame(players=3)
    state = game.new_game(3)
    hand = state.hands[0]
    other = next(c for c in state.hands[1] if c not in hand)
    with pytest.raises(UnknownCardError, match="no card named 'Moon Base'"):
        game.parse_move(state, 0, "build Moon Base")
    with pytest.raises(IllegalMoveError, match="not in your hand") as caught:
        game.parse_move(state, 0, f"sell {other}")
    assert caught.value.reason == "not_in_hand"
    with pytest.raises(IllegalMoveError, match="nothing to skip"):
        game.parse_move(state, 0, "skip")


# ------------------------------------------------------------------------------------ views


@pytest.mark.parametrize("kind_id", KIND_IDS)
def test_views_serialise(kind_id: str) -> None:
    game = game_of(kind_id)
    kind = BY_ID[kind_id]
    for state in sample_states(kind_id, 6):
        for seat in range(game.players):
            view = game.view(state, seat)
            assert from_json(to_json(view), kind.view) == view


def _base_hidden_variant(state: Any, seat: int) -> Any:
    """``state`` with everything ``seat`` cannot see changed: the other hands rotated among
    the other seats' card pools, the decks reversed, the discard pile reversed."""
    hands = list(state.hands)
    others = [s for s in range(state.players) if s != seat and hands[s]]
    pool = [card for s in others for card in hands[s]]
    pool.reverse()
    for s in others:
        size = len(hands[s])
        hands[s], pool = tuple(pool[:size]), pool[size:]
    cities = list(state.cities)
    for s in range(state.players):
        if s != seat:
            cities[s] = attrs.evolve(cities[s], tucked=tuple(reversed(cities[s].tucked)))
    return attrs.evolve(state, hands=tuple(hands), cities=tuple(cities),
                        decks=tuple(tuple(reversed(d)) for d in state.decks),
                        discard=tuple(reversed(state.discard)))


@pytest.mark.parametrize("kind_id", ["base", "base-night-5", "edifice"])
def test_base_views_hold_nothing_hidden(kind_id: str) -> None:
    game = game_of(kind_id)
    for state in sample_states(kind_id, 8):
        for seat in range(game.players):
            view = game.view(state, seat)
            assert view.hand == state.hands[seat]
            assert view.hand_sizes == tuple(len(h) for h in state.hands)
            text = to_json(view)
            # The turn's marks and deferred coin effects are public (what was built this turn);
            # decks and the generator are not.
            for name in ("decks", "rng", "marks"):
                assert f'"{name}"' not in text
            assert game.view(_base_hidden_variant(state, seat), seat) == view


def test_the_base_discard_pile_is_shown_only_to_a_seat_building_from_it() -> None:
    seen = 0
    for kind_id in ("base", "base-night-5", "base-1st", "edifice", "edifice-carthage-ur"):
        game = game_of(kind_id)
        for state in playout(kind_id).states:
            for seat in range(game.players):
                view = game.view(state, seat)
                building = view.pending is not None and view.pending.value == "build_from_discard"
                assert bool(view.discard) == (building and bool(state.discard))
                seen += building
    assert seen


@pytest.mark.parametrize("kind_id", [k for k in KIND_IDS if k.startswith("architects")])
def test_architects_views_hide_the_central_deck(kind_id: str) -> None:
    game = game_of(kind_id)
    shown = 0
    for state in playout(kind_id).states:
        for seat in range(game.players):
            view = game.view(state, seat)
            if view.central_top is not None:
                shown += 1
                assert view.cat == seat == view.current
            text = json.dumps(json.loads(to_json(view)))
            assert '"rng"' not in text and '"token_pile"' not in text
            assert view.central_size == len(state.central)
    assert shown or game.players == 2


@pytest.mark.parametrize("kind_id", [k for k in KIND_IDS if k.startswith("dice")])
def test_dice_views_hide_the_generator(kind_id: str) -> None:
    game = game_of(kind_id)
    for state in sample_states(kind_id, 5):
        view = game.view(state, 0)
        assert '"rng"' not in to_json(view)


# ----------------------------------------------------------------------------------- events


@pytest.mark.parametrize("kind_id", KIND_IDS)
def test_events_serialise_and_step_matches_play(kind_id: str) -> None:
    game = game_of(kind_id)
    kind = BY_ID[kind_id]
    run = playout(kind_id)
    assert any(run.events)
    for before, moves, after, events in zip(run.states, run.steps, run.states[1:], run.events,
                                            strict=False):
        assert to_json(game.play(before, moves)) == to_json(after)
        for event in events:
            assert from_json(to_json(event), kind.event) == event


def test_base_events_tell_a_whole_turn() -> None:
    from sevenwonders.base.events import (
        AgeStarted,
        CardBuilt,
        CardSold,
        ConflictResolved,
        ExpansionEvent,
        GameEnded,
        HandsPassed,
    )

    seen: set[type] = set()
    for kind_id in ("base", "base-night-5", "edifice"):
        for events in playout(kind_id).events:
            seen.update(type(e) for e in events)
    assert {CardBuilt, CardSold, HandsPassed, ConflictResolved, AgeStarted,
            GameEnded} <= seen
    edifice = [e for events in playout("edifice").events for e in events
               if isinstance(e, ExpansionEvent)]
    assert edifice and all(e.expansion == "edifice" for e in edifice)


def _architects_hidden_variant(state: Any) -> Any:
    """``state`` with the hidden orders changed: every deck below its top card, the central
    deck below its top card, the token pile, the generator."""
    from sevenwonders.core.rng import Rng

    def below_top(deck: tuple[int, ...]) -> tuple[int, ...]:
        return (*reversed(deck[:-1]), *deck[-1:])

    return attrs.evolve(
        state,
        decks=tuple(below_top(deck) for deck in state.decks),
        central=below_top(state.central),
        token_pile=tuple(reversed(state.token_pile)),
        rng=Rng.from_seed(12345),
    )


@pytest.mark.parametrize("kind_id", [k for k in KIND_IDS if k.startswith("architects")])
def test_architects_views_do_not_depend_on_hidden_orders(kind_id: str) -> None:
    game = game_of(kind_id)
    for state in sample_states(kind_id, 10):
        variant = _architects_hidden_variant(state)
        for seat in range(game.players):
            assert game.view(variant, seat) == game.view(state, seat)


@pytest.mark.parametrize("kind_id", [k for k in KIND_IDS if k.startswith("dice")])
def test_dice_views_do_not_depend_on_the_generator(kind_id: str) -> None:
    from sevenwonders.core.rng import Rng

    game = game_of(kind_id)
    for state in sample_states(kind_id, 5):
        variant = attrs.evolve(state, rng=Rng.from_seed(99))
        for seat in range(game.players):
            assert game.view(variant, seat) == game.view(state, seat)
