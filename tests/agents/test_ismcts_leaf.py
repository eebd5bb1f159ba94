"""The search's ``leaf="greedy"``: a walk cut at the searching seat's decision is valued by its
best move there (the greedy agent's judgement), which Architects with 3 players uses."""

from __future__ import annotations

import pytest

from sevenwonders.agents import ISMCTSAgent, make_agent
from sevenwonders.agents import ismcts as search
from sevenwonders.agents.heuristics import evaluate_state_for, leaf_values_for
from sevenwonders.agents.ismcts_options import SCALE
from sevenwonders.agents.search_tree import sigmoid
from sevenwonders.agents.search_walk import Search
from sevenwonders.architects import ArchitectsGame
from sevenwonders.core.rng import Rng
from sevenwonders.errors import InvalidOptionError
from sevenwonders.games import make_game
from sevenwonders.simulation import play_game


def _walks(leaf: str, seed: int) -> list[tuple[object, float, float]]:
    """For each root move of a 3-player Architects deal: the state its walk was cut at, the
    searching seat's reward, and that seat's plain leaf margin there."""
    game = ArchitectsGame(players=3)
    state = game.new_game(seed=seed)
    seat = min(game.to_move(state))
    settings = ISMCTSAgent(iterations=1, leaf=leaf).settings(game.name, players=3)
    legal = game.legal_moves(state, seat)
    walk = Search(settings, game, seat, legal)
    cuts: list[tuple[object, float]] = []
    plain = walk.leaf_values

    def recorded(game_: object, cut: object) -> tuple[float, ...]:
        values = plain(game_, cut)  # type: ignore[arg-type]
        cuts.append((cut, values[seat]))
        return values

    walk.leaf_values = recorded  # type: ignore[assignment]
    determinize = search.determinizer_for(game)
    assert determinize is not None
    rng = Rng.from_seed(seed)
    out = []
    for move in legal:
        sample, rng = determinize(game, game.view(state, seat), rng)
        _, reward = walk.iterate(sample, rng, move)
        assert walk.cut and reward is not None
        cut, margin = cuts[-1]
        out.append((cut, reward, margin))
    return out


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_greedy_leaf_is_the_seats_best_move_value_at_the_cut(seed: int) -> None:
    game = ArchitectsGame(players=3)
    rank = evaluate_state_for(game)
    assert rank is not None
    for cut, reward, margin in _walks("greedy", seed):
        assert game.to_move(cut) == frozenset({0})  # type: ignore[arg-type]
        best = max(rank(game, cut, 0, game.legal_moves(cut, 0)))  # type: ignore[arg-type]
        assert reward == pytest.approx(sigmoid(best / SCALE))
        assert reward != pytest.approx(sigmoid(margin / SCALE))


def test_the_heuristic_leaf_is_the_plain_margin_at_the_same_cut() -> None:
    greedy = _walks("greedy", 2)
    heuristic = _walks("heuristic", 2)
    game = ArchitectsGame(players=3)
    for (cut, _, margin), (same, reward, _) in zip(greedy, heuristic, strict=True):
        assert cut == same  # the walks are the same; only their value differs
        assert reward == pytest.approx(sigmoid(margin / SCALE))
        assert leaf_values_for(game)(game, cut)[0] == pytest.approx(margin)


def test_architects_three_players_take_the_greedy_leaf_other_counts_not() -> None:
    agent = ISMCTSAgent(iterations=10)
    assert agent.settings("architects", players=3).leaf == "greedy"
    assert agent.settings("architects", players=4).leaf == "net"  # resolves to the heuristic
    assert agent.settings("architects", players=2).leaf == "net"
    assert ISMCTSAgent(iterations=10, leaf="heuristic").settings(
        "architects", players=3).leaf == "heuristic"


def test_make_agent_reads_the_greedy_leaf_and_plays_whole_games() -> None:
    agent = make_agent("ismcts:3:leaf=greedy")
    assert isinstance(agent, ISMCTSAgent) and agent.leaf == "greedy"
    assert agent.name == "ismcts(3,leaf=greedy)"
    with pytest.raises(InvalidOptionError):
        make_agent("ismcts:leaf=oracle")
    for name, players in (("architects", 3), ("base", 3), ("dice", 2)):
        game = make_game(name, players)
        result = play_game(game, [agent, *[make_agent("greedy")] * (players - 1)], 5)
        assert len(result.scores) == players
