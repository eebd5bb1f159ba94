"""The learned agent's one-step lookahead (``look``): the afterstate values it adds are the
search's cut-walk reward one step on, rated in one forward pass; legal, replayable choices from
the view alone; the fallbacks."""

from __future__ import annotations

from typing import Any

import pytest

np = pytest.importorskip("numpy")

from sevenwonders.agents import LearnedAgent, make_agent  # noqa: E402
from sevenwonders.agents import learned as learned_module  # noqa: E402
from sevenwonders.agents import network as nets  # noqa: E402
from sevenwonders.agents.determinize import determinizer_for  # noqa: E402
from sevenwonders.agents.heuristics import ending_values_of_for, greedy_policy_for  # noqa: E402
from sevenwonders.agents.ismcts_options import NET_POINTS, POINTS_SCALE  # noqa: E402
from sevenwonders.agents.search_tree import final_rewards  # noqa: E402
from sevenwonders.core.rng import Rng  # noqa: E402
from sevenwonders.errors import InvalidOptionError  # noqa: E402
from sevenwonders.games import make_game  # noqa: E402
from sevenwonders.simulation import play_game  # noqa: E402
from tests.agents.test_learned import Checked  # noqa: E402


def positions(seed: int) -> list[tuple[Any, Any, int]]:
    """Every (state, seat) with a choice of a greedy base 4-player game."""
    game = make_game("base", 4)
    greedy = make_agent("greedy")
    state, rng, out = game.new_game(seed), Rng.from_seed(seed), []
    while not game.is_over(state):
        moves = {}
        for seat in sorted(game.to_move(state)):
            legal = game.legal_moves(state, seat)
            if len(legal) > 1:
                out.append((state, seat))
            moves[seat], rng = greedy.choose(game, game.view(state, seat), legal, rng)
        state = game.play(state, moves)
    return [(game, state, seat) for state, seat in out]


@pytest.mark.parametrize("steps", [1, 2, 3])
def test_afterstate_values_are_the_cut_walk_reward_steps_on(steps: int) -> None:
    found = positions(7)
    game = found[0][0]
    judge = nets.network_for(game)
    assert judge is not None
    policy, ending = greedy_policy_for(game), ending_values_of_for(game)
    ended = 0
    for _, state, seat in found[::5] + found[-4:]:
        legal = game.legal_moves(state, seat)
        moves = list(legal[:4])
        rng = Rng.from_seed(11)
        values, after_rng = learned_module.afterstate_values(game, state, seat, moves, judge, rng,
                                                             steps)
        others = {}
        for mover in sorted(game.to_move(state)):
            if mover != seat:
                others[mover], rng = policy(game, state, mover, game.legal_moves(state, mover),
                                            rng)
        assert after_rng == rng and len(values) == len(moves)
        for move, value in zip(moves, values, strict=True):
            after, walk = game.play(state, {**others, seat: move}), rng
            for _ in range(steps - 1):  # every seat's greedy move, on the same generator
                if not game.is_over(after):
                    step = {}
                    for mover in sorted(game.to_move(after)):
                        step[mover], walk = policy(game, after, mover,
                                                   game.legal_moves(after, mover), walk)
                    after = game.play(after, step)
            if game.is_over(after):
                ended += 1
                expected = final_rewards(game, after, NET_POINTS)[seat]
            else:
                _, judged = judge.forward(judge.inputs(game.view(after, seat), after))
                expected = float(judged) + NET_POINTS * ending(game, after)[seat] / POINTS_SCALE
            assert float(value) == pytest.approx(expected, abs=1e-5)
    assert ended  # the last turns end the game: their real result is scored


@pytest.mark.parametrize("seed", [3, 12])
def test_the_lookahead_plays_legal_moves_and_replays(seed: int) -> None:
    game = make_game("base", 4)
    agents = [Checked(LearnedAgent(look=15.0)), Checked(LearnedAgent(look=15.0, width=3)),
              Checked(make_agent("greedy")), Checked(LearnedAgent(look=0.0))]
    result = play_game(game, agents, seed=seed)
    assert all(a.decisions >= 12 for a in agents)
    again = play_game(game, [LearnedAgent(look=15.0), LearnedAgent(look=15.0, width=3),
                             make_agent("greedy"), LearnedAgent(look=0.0)], seed=seed)
    assert [s.total for s in again.scores] == [s.total for s in result.scores]


def test_the_choice_reads_the_view_alone_and_a_heavy_look_plays_the_best_afterstate() -> None:
    game = make_game("base", 4)
    judge = nets.network_for(game)
    determinize = determinizer_for(game)
    assert judge is not None and determinize is not None
    heavy, plain, differ = LearnedAgent(look=1e6, width=99), LearnedAgent(look=0.0), 0
    for _, state, seat in positions(5)[::3]:
        view, legal, rng = game.view(state, seat), game.legal_moves(state, seat), Rng.from_seed(4)
        # another full state behind the same view (the others' hidden cards drawn again)
        other, _ = determinize(game, view, Rng.from_seed(99))
        assert game.view(other, seat) == view and game.legal_moves(other, seat) == legal
        move, _ = heavy.choose(game, view, legal, rng)
        assert heavy.choose(game, game.view(other, seat), legal, rng)[0] == move
        # what the agent computes: one determinization, its candidates, their afterstates
        drawn, next_rng = determinize(game, view, rng)
        learned = nets.learned_network_for(game)
        assert learned is not None
        moves, logits = learned.legal_logits(view, drawn, legal)
        alone = learned_module.with_prior(game, view, legal, learned, moves, logits,
                                          learned.prior, next_rng)
        moves, logits, after = learned_module.with_prior(
            game, view, legal, learned, moves, logits, learned.prior, next_rng, drawn)
        # the heuristic reads the view alone: the agent's own determinization gives its values
        assert alone[0] == moves and np.array_equal(alone[1], logits) and after == next_rng
        values, _ = learned_module.afterstate_values(game, drawn, seat, moves, judge, after)
        assert move == moves[int(np.argmax(values))]
        differ += move != plain.choose(game, view, legal, rng)[0]
    assert differ > 0


def test_width_one_plays_the_move_without_lookahead() -> None:
    game = make_game("base", 4)
    narrow, plain = LearnedAgent(look=50.0, width=1), LearnedAgent(look=0.0)
    for _, state, seat in positions(9)[::4]:
        view, legal, rng = game.view(state, seat), game.legal_moves(state, seat), Rng.from_seed(2)
        assert narrow.choose(game, view, legal, rng)[0] == plain.choose(game, view, legal, rng)[0]


@pytest.mark.parametrize(("name", "players"), [("base", 3), ("dice", 3)])
def test_without_a_network_the_lookahead_agent_plays_greedily(name: str, players: int) -> None:
    game = make_game(name, players)
    learned = play_game(game, [Checked(LearnedAgent(look=15.0)) for _ in range(players)], seed=5)
    greedy = play_game(game, [make_agent("greedy") for _ in range(players)], seed=5)
    assert [s.total for s in learned.scores] == [s.total for s in greedy.scores]


def test_the_lookahead_options_by_name() -> None:
    agent = make_agent("learned:look=12:width=4")
    assert isinstance(agent, LearnedAgent) and (agent.look, agent.width) == (12.0, 4)
    assert agent.name == "learned(look=12.0,width=4)"
    assert make_agent("learned:look=0").name == "learned(look=0.0)"
    for bad in ("learned:look=-1", "learned:width=0", "learned:width=x", "learned:looks=1"):
        with pytest.raises(InvalidOptionError):
            make_agent(bad)
