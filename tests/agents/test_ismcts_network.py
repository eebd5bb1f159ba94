"""The search with the value network's leaves and the policy network's walks."""

from __future__ import annotations

import pytest

pytest.importorskip("numpy")

import math

from sevenwonders.agents import ISMCTSAgent, make_agent, network
from sevenwonders.agents import ismcts_options as search
from sevenwonders.core.rng import Rng
from sevenwonders.games import make_game
from sevenwonders.simulation import play_game
from tests.agents.test_learned import Checked


def _decisions(agent: ISMCTSAgent, seed: int) -> list[object]:
    """The agent's moves at seat 0 over the first Age of a base 4p game with greedy seats."""
    game = make_game("base", 4)
    greedy = make_agent("greedy")
    state = game.new_game(seed)
    rng = Rng.from_seed(seed)
    chosen = []
    for _ in range(6):
        moves = {}
        for seat in sorted(game.to_move(state)):
            legal = game.legal_moves(state, seat)
            agent_ = agent if seat == 0 else greedy
            moves[seat], rng = agent_.choose(game, game.view(state, seat), legal, rng)
            assert moves[seat] in legal
        chosen.append(moves[0])
        state = game.play(state, moves)
    return chosen


@pytest.mark.parametrize("options", [{"leaf": "net"}, {"leaf": "net", "rollout": "policy",
                                                      "horizon": 3}])
def test_value_leaves_play_legal_moves_and_replay_for_a_seed(options: dict[str, object]) -> None:
    first = _decisions(ISMCTSAgent(iterations=12, **options), seed=4)  # type: ignore[arg-type]
    again = _decisions(ISMCTSAgent(iterations=12, **options), seed=4)  # type: ignore[arg-type]
    assert first == again


def test_value_leaves_let_the_search_act_in_the_first_age() -> None:
    """With heuristic leaves a cut walk may not overrule greedy (the search plays greedy in Age
    I); with value leaves (the default where a network ships) cut walks are evidence, so some
    Age I move differs from greedy's."""
    seeds = (9, 10, 11)
    greedy = [_decisions(ISMCTSAgent(iterations=1, leaf="heuristic"), seed=s) for s in seeds]
    heuristic = [_decisions(ISMCTSAgent(iterations=60, leaf="heuristic"), seed=s) for s in seeds]
    net = [_decisions(ISMCTSAgent(iterations=60), seed=s) for s in seeds]
    assert heuristic == greedy
    assert net != greedy


def test_the_default_leaf_resolves_to_the_network_in_base_4p_only() -> None:
    agent = ISMCTSAgent(iterations=10)
    assert agent.leaf == "net"
    settings = agent.settings("base", players=4)
    search.resolve_networks(make_game("base", 4), settings, agent.given)
    assert (settings.leaf, settings.horizon, settings.cut_evidence) == ("net", 3, 1.0)
    assert settings.rollout == search.NET_ROLLOUT == "mixed"
    settings = agent.settings("base", players=3)
    search.resolve_networks(make_game("base", 3), settings, agent.given)
    assert (settings.leaf, settings.horizon, settings.cut_evidence) == ("heuristic", 8, math.inf)
    assert settings.rollout == "greedy"
    given = ISMCTSAgent(iterations=10, horizon=5, cut_evidence=2.0, rollout="greedy")
    settings = given.settings("base", players=4)
    search.resolve_networks(make_game("base", 4), settings, given.given)
    assert (settings.leaf, settings.horizon, settings.cut_evidence) == ("net", 5, 2.0)
    assert settings.rollout == "greedy"


def test_without_numpy_the_default_leaf_is_the_heuristic(monkeypatch: pytest.MonkeyPatch
                                                          ) -> None:
    monkeypatch.setattr(network, "_numpy", _no_numpy)
    monkeypatch.setattr(network, "_networks", {})
    game = make_game("base", 4)
    settings = ISMCTSAgent(iterations=10).settings("base", players=4)
    search.resolve_networks(game, settings, {})
    assert (settings.leaf, settings.rollout) == ("heuristic", "greedy")
    with pytest.raises(network.NetworkUnavailableError):
        search.resolve_networks(game, ISMCTSAgent(leaf="net").settings("base", players=4),
                                {"leaf": "net"})


def _no_numpy() -> None:
    raise network.NetworkUnavailableError("no numpy here")


def test_network_options_fall_back_where_no_network_ships() -> None:
    agent = ISMCTSAgent(iterations=8, leaf="net", rollout="policy")
    for name, players in (("architects", 3), ("dice", 3), ("base", 3)):
        game = make_game(name, players)
        result = play_game(game, [Checked(agent)] + [make_agent("greedy")] * (players - 1),
                           seed=2)
        assert len(result.scores) == players
    settings = agent.settings("base", players=4)
    assert (settings.leaf, settings.rollout) == ("net", "policy")


def test_make_agent_reads_the_leaf_and_policy_options() -> None:
    agent = make_agent("ismcts:50:leaf=net:rollout=policy")
    assert isinstance(agent, ISMCTSAgent)
    assert (agent.leaf, agent.rollout) == ("net", "policy")
    assert agent.name == "ismcts(50,rollout=policy,leaf=net)"
    with pytest.raises(ValueError, match="leaf"):
        ISMCTSAgent(leaf="oracle")
