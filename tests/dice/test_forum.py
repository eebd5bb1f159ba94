"""The Forum (R1, R3, R14): start dice, shaking, special dice and who may choose them."""

from __future__ import annotations

import attrs
import pytest

from sevenwonders.core.rng import Rng
from sevenwonders.dice import Build, DiceGame, Pass
from sevenwonders.dice import events as ev
from sevenwonders.dice.components import START_DICE
from sevenwonders.errors import IllegalMoveError

from .conftest import passes, position, seat_with, ticked, with_forum


def test_seven_start_dice_with_their_faces_and_areas() -> None:
    game = DiceGame(players=4)
    for seed in range(20):
        state = game.new_game(seed)
        assert tuple(d.die for d in state.forum) == START_DICE
        for rolled in state.forum:
            assert rolled.face in game.tables.faces[rolled.die]
            assert 0 <= rolled.area <= 3
        assert all(s.coins == 7 for s in state.seats)
        assert len({s.sheet for s in state.seats}) == 4


def test_shaking_uses_every_face_and_area() -> None:
    game = DiceGame(players=2)
    state = game.new_game(3)
    faces: set[str] = set()
    areas: set[int] = set()
    for _ in range(60):
        state = game.play(state, passes(game, state))
        faces.update(r.face for r in state.forum if r.die == "blue")
        areas.update(r.area for r in state.forum)
    assert faces == set(game.tables.faces["blue"])
    assert areas == {0, 1, 2, 3}


def test_first_unlocker_replaces_a_random_grey_die_at_end_of_turn() -> None:
    game, state = position()
    state = ticked(game, state, 0, "university.u1", "university.u2")
    state = seat_with(state, 0, coins=20)
    state = with_forum(state, ("grey_1", "stone", 0), ("grey_2", "stone", 0),
                       ("grey_3", "stone", 0), ("green", "compass", 0))
    after, events = game.step(state, passes(game, state, seat0=Build("green", "university.u3")))
    assert "black" in after.seats[0].unlocked
    added = [e for e in events if isinstance(e, ev.SpecialDieAdded)]
    assert len(added) == 1 and added[0].colour == "black"
    dice = [r.die for r in after.forum]
    assert "black" in dice and added[0].replaced not in dice and len(dice) == 4
    assert events.index(added[0]) < next(i for i, e in enumerate(events)
                                         if isinstance(e, ev.ForumShaken))
    # later unlockers do not bring a second copy in
    again = ticked(game, after, 1, "university.u1", "university.u2")
    again = seat_with(again, 1, coins=20)
    again = with_forum(again, *[(r.die, r.face, 0) for r in after.forum
                                if r.die != "green"], ("green", "compass", 0))
    _, events2 = game.step(again, passes(game, again, seat1=Build("green", "university.u3")))
    assert not any(isinstance(e, ev.SpecialDieAdded) for e in events2)


def test_which_grey_die_leaves_depends_on_the_seed() -> None:
    replaced: set[str] = set()
    for seed in range(12):
        game, state = position(seed=seed)
        state = ticked(game, state, 0, "university.u1", "university.u2")
        state = seat_with(state, 0, coins=20)
        state = with_forum(state, ("grey_1", "stone", 0), ("grey_2", "stone", 0),
                           ("grey_3", "stone", 0), ("green", "compass", 0))
        state = attrs.evolve(state, rng=Rng.from_seed(seed))
        _, events = game.step(state, passes(game, state, seat0=Build("green", "university.u3")))
        replaced.update(e.replaced for e in events if isinstance(e, ev.SpecialDieAdded))
    assert replaced == {"grey_1", "grey_2", "grey_3"}


def test_only_a_seat_that_unlocked_a_special_die_may_choose_it() -> None:
    game, state = position()
    state = with_forum(state, ("black", "spy_market", 0), ("blue", "scales", 0))
    state = seat_with(state, 0, unlocked=frozenset({"black"}))
    assert Build("black", "market.m1") in game.legal_moves(state, 0)
    assert not any(isinstance(m, Build) and m.die == "black" for m in game.legal_moves(state, 1))
    with pytest.raises(IllegalMoveError) as info:
        game.play(state, {0: Pass(), 1: Build("black", "market.m1"), 2: Pass()})
    assert info.value.reason == "die_locked" and info.value.seat == 1
