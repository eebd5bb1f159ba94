"""The base game's heuristic: remembered city values equal the plain computation, and the greedy
agent values joining an Edifice project."""

from __future__ import annotations

import pytest

from sevenwonders.agents.heuristics.base import (
    apply,
    apply_city,
    cached_city_value,
    city_value,
    evaluate_state,
    leaf_values,
)
from sevenwonders.agents.heuristics.edifice import completion_chance, project_value
from sevenwonders.base import BaseGame
from sevenwonders.base.moves import BuildStage
from sevenwonders.core.playout import states
from sevenwonders.edifice import Edifice
from sevenwonders.games import make_game


@pytest.mark.parametrize("players,options", [
    (3, {}), (7, {"sides": "random"}), (4, {"edition": "1st", "sides": "ab"}),
    (4, {"expansions": ["edifice"]}), (6, {"expansions": ["edifice"], "sides": "random"}),
])
def test_remembered_city_values_equal_the_plain_ones(players: int, options: dict) -> None:
    game = make_game("base", players, **options)
    for seed in (1, 2):
        for index, state in enumerate(states(game, seed=seed)):
            if game.is_over(state) or index % 2:
                continue
            for seat in sorted(game.to_move(state)):
                legal = game.legal_moves(state, seat)
                together = evaluate_state(game, state, seat, legal)
                alone = [evaluate_state(game, state, seat, (move,))[0] for move in legal]
                assert together == pytest.approx(alone)  # sales and tucks valued once are exact
                for move in legal:
                    after, paid = apply(game, state, seat, move)
                    city, paid_again = apply_city(game, state, seat, move)
                    assert after.cities[seat] == city and paid == paid_again
                    plain = city_value(game, after, seat)
                    assert cached_city_value(game, state, seat, city) == pytest.approx(plain)
                    assert cached_city_value(game, after, seat) == pytest.approx(plain)
            sheets = game.scores(state)
            plain_margins = [city_value(game, state, s, sheets[s]) for s in range(players)]
            best = [max(v for t, v in enumerate(plain_margins) if t != s)
                    for s in range(players)]
            expected = [v - b for v, b in zip(plain_margins, best, strict=True)]
            assert leaf_values(game, state) == pytest.approx(expected)


def test_joining_a_project_is_valued_apart_from_the_plain_stage() -> None:
    game = BaseGame(players=4, expansions=(Edifice(projects=(
        "Money Changer", "Factory", "Agora"),),))
    seen = 0
    for state in states(game, seed=5):
        if game.is_over(state) or seen >= 20:
            break
        for seat in sorted(game.to_move(state)):
            legal = game.legal_moves(state, seat)
            joins = [m for m in legal if isinstance(m, BuildStage) and "project" in m.extras]
            for join in joins:
                plain = next(m for m in legal if isinstance(m, BuildStage) and not m.extras
                             and (m.card, m.left, m.right) == (join.card, join.left, join.right))
                with_project, without = evaluate_state(game, state, seat, (join, plain))
                worth = project_value(game, state, seat)
                assert worth > 0
                assert with_project != without
                seen += 1
    assert seen > 0


def test_the_completion_chance_falls_with_pawns_left_and_rises_with_turns() -> None:
    assert completion_chance(0, 0) == 1.0
    assert completion_chance(1, 4) > completion_chance(2, 4) > completion_chance(3, 4) > 0
    assert completion_chance(2, 1) < completion_chance(2, 4)
    assert completion_chance(1, 0) == 0.0
