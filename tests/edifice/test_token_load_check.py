"""Edifice hands out victory tokens as rewards, so a city may hold more tokens of one value than
the conflicts alone give (three 3s after a 3-token reward); the load check must accept that and
still refuse what no reward explains."""

from __future__ import annotations

import attrs
import pytest

from sevenwonders import InvalidStateError, from_json, to_json
from sevenwonders.base import BaseGame, BaseState
from sevenwonders.core.playout import random_moves
from sevenwonders.core.rng import Rng
from sevenwonders.edifice import Edifice


def finished(players: int, seed: int, moves_seed: int, **options: object) -> BaseState:
    game = BaseGame(players=players, expansions=(Edifice(),), **options)  # type: ignore[arg-type]
    rng, state = Rng.from_seed(moves_seed), game.new_game(seed)
    while not game.is_over(state):
        moves, rng = random_moves(game, state, rng)
        state = game.play(state, moves)
    return state


# found by hypothesis: a seat ends with tokens (5, 3, 5, 5), another with (3, 3, 3, 5, 5)
@pytest.mark.parametrize(("players", "seed", "moves_seed", "options"), [
    (4, 547, 908, {"sides": "day"}),
    (5, 48142, 41557, {"edition": "1st", "sides": "ab"}),
])
def test_reward_tokens_load(players: int, seed: int, moves_seed: int,
                            options: dict[str, object]) -> None:
    state = finished(players, seed, moves_seed, **options)
    assert from_json(to_json(state), BaseState) == state


def test_tokens_no_reward_explains_are_refused() -> None:
    state = finished(4, 547, 908, sides="day")
    city = state.cities[0]
    forged = attrs.evolve(city, tokens=(*city.tokens, 5, 5, 5, 5, 5))
    bad = attrs.evolve(state, cities=(forged, *state.cities[1:]))
    with pytest.raises(InvalidStateError):
        from_json(to_json(bad), BaseState)


def test_a_box_pawn_holder_earns_the_reward() -> None:
    """Found by hypothesis: Ur's box pawns make their holder rewarded without participating."""
    state = finished(3, 485, 16054, sides="b", edition="1st")
    assert from_json(to_json(state), BaseState) == state
