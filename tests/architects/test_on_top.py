"""``ArchitectsGame.on_top``: a face-down pile reordered by the game object itself, played like
the same state handed in from outside (checked), and no hole in the check of outside states."""

from __future__ import annotations

import random

import attrs
import pytest

from sevenwonders.architects import ArchitectsGame
from sevenwonders.architects.state import ArchitectsState
from sevenwonders.core.serialization import to_json
from sevenwonders.errors import InvalidOptionError, InvalidStateError


def _states(game: ArchitectsGame, seed: int, every: int = 5) -> list[ArchitectsState]:
    """Every ``every``-th state of a seeded random game."""
    chooser = random.Random(seed)
    state = game.new_game(seed)
    found = []
    while not game.is_over(state):
        legal = game.legal_moves(state, state.current)
        state = game.play(state, {state.current: legal[chooser.randrange(len(legal))]})
        if len(found) < 100 and chooser.randrange(every) == 0:
            found.append(state)
    return found


def _after_each(game: ArchitectsGame, state: ArchitectsState) -> list[str]:
    """The states after each legal move, as JSON."""
    seat = state.current
    return [to_json(game.play(state, {seat: move})) for move in game.legal_moves(state, seat)]


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2), (5, 3)])
def test_reordered_piles_play_like_the_same_state_from_outside(players: int, seed: int) -> None:
    game, outside = ArchitectsGame(players), ArchitectsGame(players)
    for state in _states(game, seed):
        for pile, items in (("central", state.central), ("tokens", state.token_pile)):
            for index in range(len(items)):
                made = game.on_top(state, pile, index)
                order = (*items[:index], *items[index + 1:], items[index])
                field = "central" if pile == "central" else "token_pile"
                expected = attrs.evolve(state, **{field: order})
                assert made == expected and to_json(made) == to_json(expected)
                # the other game object checks the plain copy; the moves and results agree
                assert game.legal_moves(made, made.current) == outside.legal_moves(
                    expected, expected.current)
                assert _after_each(game, made) == _after_each(outside, expected)


def test_a_bad_pile_or_place_is_refused() -> None:
    game = ArchitectsGame(3)
    state = game.new_game(4)
    for pile in ("left", None, b"central"):
        with pytest.raises(InvalidOptionError) as error:
            game.on_top(state, pile, 0)  # type: ignore[arg-type]
        assert error.value.reason == "unknown_name"
    for index in (-1, len(state.central), True, 1.0, "0"):
        with pytest.raises(InvalidOptionError) as error:
            game.on_top(state, "central", index)  # type: ignore[arg-type]
        assert error.value.reason == "out_of_range"


def test_outside_states_are_still_checked() -> None:
    game = ArchitectsGame(3)
    made = game.on_top(game.new_game(5), "central", 0)
    broken = attrs.evolve(made, central=(*made.central[:-1], 10_000))
    with pytest.raises(InvalidStateError):
        game.on_top(broken, "central", 0)
    with pytest.raises(InvalidStateError):
        game.play(broken, {broken.current: game.legal_moves(made, made.current)[0]})
    with pytest.raises(InvalidStateError):
        game.on_top(object(), "central", 0)  # type: ignore[arg-type]
