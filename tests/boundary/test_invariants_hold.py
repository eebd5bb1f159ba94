"""The invariants are true of real games: random games of every family and player count, with
their rule options varied, have no problem at any ply, and every state loads back as itself
(so the load check accepts every state the engine makes, and the views of every seat load)."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sevenwonders.architects.validation import problems as architects_problems
from sevenwonders.base.validation import problems as base_problems
from sevenwonders.core.serialization import from_json, to_json
from sevenwonders.dice.validation import problems as dice_problems
from sevenwonders.edifice import Edifice
from sevenwonders.games import make_game

FAMILIES: dict[str, tuple[range, Callable[[int, random.Random], Any], Callable[[Any], Any]]] = {
    "base": (range(3, 8), lambda n, r: make_game(
        "base", n, sides=r.choice(["day", "night", "random"]),
        coin_effect_timing=r.choice(["after_builds", "at_placement"]),
        last_turn_order=r.choice(["babylon_first", "halicarnassus_first"]),
        carthage=r.random() < 0.3), base_problems),
    "base-1st": (range(3, 8), lambda n, r: make_game(
        "base", n, edition="1st", sides=r.choice(["a", "b", "ab"])), base_problems),
    "edifice": (range(3, 8), lambda n, r: make_game(
        "base", n, sides="random", expansions=(Edifice(),)), base_problems),
    "architects": (range(2, 8), lambda n, r: make_game(
        "architects", n, babylon_deck=r.choice(["stone1_brick2", "stone2_brick1"]),
        wonder_effects_mandatory=r.random() < 0.5), architects_problems),
    "dice": (range(2, 8), lambda n, r: make_game(
        "dice", n, reserve_overflow=r.choice(["lost", "kept"]),
        bonus_per_building=r.random() < 0.5), dice_problems),
}


def _play(family: str, players: int, seed: int) -> int:
    """One random game; every ply's state has no problem and loads back. Returns the plies."""
    _, make, problems = FAMILIES[family]
    rng = random.Random(seed)
    game = make(players, rng)
    state = game.new_game(seed=seed)
    cls = type(state)
    plies = 0
    while True:
        assert problems(state) == (), (family, players, seed, plies, problems(state))
        if plies % 7 == 0:  # the whole load path (parse, structure, every check) now and then
            assert from_json(to_json(state), cls) == state
            seat = plies % players
            view = game.view(state, seat)
            assert from_json(to_json(view), type(view)) == view
        if game.is_over(state):
            return plies
        moves = {s: rng.choice(game.legal_moves(state, s)) for s in sorted(game.to_move(state))}
        state = game.play(state, moves)
        plies += 1


@pytest.mark.parametrize("family", list(FAMILIES))
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_every_invariant_holds_at_every_ply(family: str, data: st.DataObject) -> None:
    counts = FAMILIES[family][0]
    players = data.draw(st.sampled_from(list(counts)), label="players")
    seed = data.draw(st.integers(0, 2**32 - 1), label="seed")
    assert _play(family, players, seed) > 0


@pytest.mark.parametrize("family", list(FAMILIES))
def test_every_player_count_is_played(family: str) -> None:
    for players in FAMILIES[family][0]:
        assert _play(family, players, 1000 + players) > 0
