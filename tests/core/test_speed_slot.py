"""The states' private speed slot: what a game object's speed layer found for a state is kept
beside it, never leaks into another state (copied, evolved, pickled, loaded) and is never read
by another game object."""

from __future__ import annotations

import copy
import pickle
from typing import Any

import attrs
import pytest

from sevenwonders.core import memo
from sevenwonders.core.playout import random_moves, states
from sevenwonders.core.rng import Rng
from sevenwonders.core.serialization import converter, from_json, to_json
from sevenwonders.games import make_game

KINDS = ("base", "architects", "dice")
OTHER_OPTIONS: dict[str, dict[str, Any]] = {
    # another configuration (in Architects one whose legal moves differ along these games)
    "base": {"coin_effect_timing": "at_placement"},
    "architects": {"extra_cards_optional": True, "wonder_effects_mandatory": False},
    "dice": {"reduced_cost_stacks": False},
}


def _kept(state: object) -> object:
    return getattr(state, memo.SLOT, None)


def _owner(kept: Any) -> object:
    """The mark of the game object whose finding ``kept`` is (``None`` for none)."""
    if kept is None:
        return None
    return kept[0] if isinstance(kept, tuple) else kept.owner


def _others(state: Any) -> list[Any]:
    """Every way a caller makes another state equal to ``state``."""
    first = attrs.fields(type(state))[0].name
    return [copy.copy(state), copy.deepcopy(state), pickle.loads(pickle.dumps(state)),
            attrs.evolve(state), attrs.evolve(state, **{first: getattr(state, first)}),
            memo.evolve(state, **{first: getattr(state, first)}),
            from_json(to_json(state), type(state)),
            converter.structure(converter.unstructure(state), type(state))]


@pytest.mark.parametrize("kind", KINDS)
def test_a_kept_result_never_leaks_into_another_state(kind: str) -> None:
    for state in list(states(make_game(kind, 3), 4))[:12]:
        assert _kept(state) is not None  # the game kept what it found beside the state
        for other in _others(state):
            assert other == state and hash(other) == hash(state)
            # empty, or (a state loaded and checked) what the loader's own game object found
            assert _owner(_kept(other)) is not _owner(_kept(state))
        assert memo.SLOT not in repr(state) and memo.SLOT not in to_json(state)
        assert memo.SLOT not in converter.unstructure(state)


@pytest.mark.parametrize("kind", KINDS)
def test_game_objects_never_read_each_others_results(kind: str) -> None:
    """Each state of a game of one configuration, asked of a game object of another (and of a
    second one of the same), gets the answers that object gives a fresh copy of the state."""
    first = make_game(kind, 3)
    other = make_game(kind, 3, **OTHER_OPTIONS[kind])
    twin = make_game(kind, 3)
    differed = 0
    for seed in range(3):
        state, rng = first.new_game(seed), Rng.from_seed(seed)
        while not first.is_over(state):
            fresh = from_json(to_json(state), type(state))
            for game in (other, twin, first):
                for seat in game.to_move(fresh):
                    listed = game.legal_moves(state, seat)
                    assert listed == game.legal_moves(fresh, seat)
                    if game is other:
                        differed += listed != first.legal_moves(fresh, seat)
            moves, rng = random_moves(first, state, rng)
            state = first.play(state, moves)
    if kind == "architects":  # the other options change some answers along these games
        assert differed


@pytest.mark.parametrize("kind", KINDS)
def test_a_state_keeps_what_its_game_found_however_many_live_games(kind: str) -> None:
    """300 live games stepped in turn through one game object: every state still has its own
    findings when it is played (nothing was evicted), and the memory holds no state but the
    last it met."""
    from tests.core.speed_slot_helpers import held_states

    game = make_game(kind, 3)
    live = [(game.new_game(seed), Rng.from_seed(seed)) for seed in range(300)]
    for _ in range(3):
        stepped = []
        for state, rng in live:
            kept = _kept(state)
            assert kept is not None
            moves, rng = random_moves(game, state, rng)
            assert _kept(state) is kept  # listing the moves found them there
            stepped.append((game.play(state, moves), rng))
        live = stepped
    memory = {"base": "fast", "architects": "_cache", "dice": "rules"}[kind]
    state_type = type(live[0][0])
    assert held_states(getattr(game, memory), state_type) <= 3  # the last met, played, made


def _listed(state: Any) -> bool:
    """Whether moves listed for ``state`` are still kept beside it (base: a memo's moves and
    rows; Dice: the seats' entry)."""
    kept = _kept(state)
    if isinstance(kept, tuple):
        return any(moves is not None for moves in kept[1])
    return bool(kept.moves or kept.keys)  # type: ignore[union-attr]


@pytest.mark.parametrize("kind", ["base", "dice"])
def test_moves_of_a_played_state_are_let_go_once_another_game_steps(kind: str) -> None:
    game = make_game(kind, 3)
    one, two = game.new_game(1), game.new_game(2)
    moves, _ = random_moves(game, one, Rng.from_seed(1))
    after = game.play(one, moves)
    assert _listed(one)  # kept: the same state may be played again with other moves
    assert game.play(one, moves) == after and _listed(one)
    game.play(two, random_moves(game, two, Rng.from_seed(2))[0])  # another game
    assert not _listed(one) and _kept(one) is not None  # the mark stays
    assert game.play(one, moves) == after == make_game(kind, 3).play(
        from_json(to_json(one), type(one)), moves)
