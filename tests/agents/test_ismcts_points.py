"""The search's ``points`` option: a seat's own points added to its reward (``W * points / 50``),
at the end of a game and at a cut walk (its city value there)."""

from __future__ import annotations

import math

import pytest

from sevenwonders.agents import ISMCTSAgent, make_agent
from sevenwonders.agents import ismcts as search
from sevenwonders.agents.heuristics import (
    greedy_policy_for,
    leaf_values_for,
    margins_of,
    running_totals,
    values_of_for,
)
from sevenwonders.agents.heuristics.base import cached_city_value
from sevenwonders.agents.ismcts_options import NET_POINTS, POINTS_SCALE
from sevenwonders.agents.search_tree import final_rewards
from sevenwonders.agents.search_walk import Search
from sevenwonders.core.rng import Rng
from sevenwonders.errors import InvalidOptionError
from sevenwonders.games import make_game
from sevenwonders.simulation import play_game


def _played(game_name: str, players: int, seed: int, steps: int | None = None) -> object:
    """A state of ``game_name`` after ``steps`` steps of greedy moves (to the end if
    ``None``)."""
    game = make_game(game_name, players)
    state = game.new_game(seed)
    policy, rng = greedy_policy_for(game), Rng.from_seed(seed)
    done = 0
    while not game.is_over(state) and (steps is None or done < steps):
        moves = {}
        for seat in sorted(game.to_move(state)):
            moves[seat], rng = policy(game, state, seat, game.legal_moves(state, seat), rng)
        state = game.play(state, moves)
        done += 1
    return state


@pytest.mark.parametrize(("game_name", "players"), [("base", 4), ("dice", 3)])
def test_final_rewards_gain_the_seats_own_points(game_name: str, players: int) -> None:
    game = make_game(game_name, players)
    state = _played(game_name, players, seed=3)
    plain = final_rewards(game, state)
    totals = [sheet.total for sheet in game.scores(state)]
    for weight in (0.5, 2.0):
        with_points = final_rewards(game, state, weight)
        for seat in range(players):
            gained = with_points[seat] - plain[seat]
            assert gained == pytest.approx(weight * totals[seat] / POINTS_SCALE)
    assert max(totals) > 0


def test_the_base_city_values_are_what_the_leaf_margins_are_made_of() -> None:
    game = make_game("base", 4)
    state = _played("base", 4, seed=5, steps=9)
    values = values_of_for(game)(game, state)
    assert values == [cached_city_value(game, state, s) for s in range(4)]  # type: ignore[arg-type]
    assert leaf_values_for(game)(game, state) == margins_of(values)
    # a game without its own values_of reads the running totals
    assert running_totals(game, state) == [float(s.total) for s in game.scores(state)]


def _cut_rewards(points: float, leaf: str) -> list[tuple[float, list[float]]]:
    """For each root move of a base 4p position: the searching seat's reward of a walk cut
    after 2 steps, and every seat's city value at the cut."""
    game = make_game("base", 4)
    state = _played("base", 4, seed=7, steps=4)
    seat = 0
    settings = ISMCTSAgent(iterations=1, leaf=leaf, horizon=2, points=points).settings(
        game.name, players=4)
    search.resolve_networks(game, settings, {"leaf": leaf, "horizon": 2, "points": points})
    legal = game.legal_moves(state, seat)[:4]  # type: ignore[arg-type]
    walk = Search(settings, game, seat, legal)
    seen: list[list[float]] = []
    values_of = walk.values_of

    def recorded(game_: object, cut: object) -> list[float]:
        seen.append(values_of(game_, cut))  # type: ignore[arg-type]
        return seen[-1]

    walk.values_of = recorded  # type: ignore[assignment]
    determinize = search.determinizer_for(game)
    assert determinize is not None
    out = []
    for k, move in enumerate(legal):
        sample, rng = determinize(game, game.view(state, seat), Rng.from_seed(k))
        _, reward = walk.iterate(sample, rng, move)
        assert walk.cut and reward is not None
        out.append((reward, seen[-1] if seen and len(seen) == k + 1 else []))
    return out


@pytest.mark.parametrize("leaf", ["heuristic", "net"])
def test_a_cut_walk_gains_the_seats_city_value(leaf: str) -> None:
    if leaf == "net":
        pytest.importorskip("numpy")
    plain = _cut_rewards(0.0, leaf)
    assert all(not values for _, values in plain)  # without points no city value is read
    weighted = _cut_rewards(1.5, leaf)
    for (before, _), (after, values) in zip(plain, weighted, strict=True):
        assert after - before == pytest.approx(1.5 * values[0] / POINTS_SCALE)
    assert len({round(values[0], 6) for _, values in weighted}) > 1  # the moves differ there


def test_points_are_read_from_the_spec_shown_in_the_name_and_checked() -> None:
    agent = make_agent("ismcts:50:points=0.5")
    assert isinstance(agent, ISMCTSAgent)
    assert (agent.points, agent.iterations) == (0.5, 50)
    assert agent.name == "ismcts(50,points=0.5)"
    assert ISMCTSAgent().points == 0.0 == ISMCTSAgent().settings("base", players=4).points
    assert ISMCTSAgent(points=2).settings("architects", players=3).points == 2.0
    for bad in ("ismcts:points=-1", "ismcts:points=inf", "ismcts:points=nan",
                "ismcts:points=many"):
        with pytest.raises(InvalidOptionError):
            make_agent(bad)
    with pytest.raises(ValueError, match="points"):
        ISMCTSAgent(points=-0.5)
    with pytest.raises(ValueError, match="points"):
        ISMCTSAgent(points=math.inf)


def test_network_leaves_weigh_the_seats_points_unless_given() -> None:
    pytest.importorskip("numpy")
    game = make_game("base", 4)
    for given, expected in (({}, NET_POINTS), ({"points": 0.0}, 0.0), ({"points": 2.0}, 2.0),
                            ({"leaf": "heuristic"}, 0.0)):
        agent = ISMCTSAgent(iterations=1, **given)  # type: ignore[arg-type]
        settings = agent.settings(game.name, players=4)
        search.resolve_networks(game, settings, agent.given)
        assert settings.points == expected
    three = make_game("base", 3)  # no network ships: the competitive reward
    settings = ISMCTSAgent().settings(three.name, players=3)
    search.resolve_networks(three, settings, {})
    assert settings.points == 0.0


def test_a_points_search_plays_whole_games_and_replays_for_a_seed() -> None:
    game = make_game("dice", 3)
    agent = make_agent("ismcts:8:points=1")
    first = play_game(game, [agent] * 3, 11, 0)
    again = play_game(game, [agent] * 3, 11, 0)
    assert [s.total for s in first.scores] == [s.total for s in again.scores]
    assert first == again
