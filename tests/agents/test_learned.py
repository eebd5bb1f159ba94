"""The learned agent and the shipped policy/value network: loading, legal whole games, the numpy
forward pass equal to the training framework's, and the agent's names."""

from __future__ import annotations

import importlib.resources
import sys
from typing import Any

import pytest

np = pytest.importorskip("numpy")

from sevenwonders.agents import LearnedAgent, make_agent  # noqa: E402
from sevenwonders.agents import network as nets  # noqa: E402
from sevenwonders.core.protocol import Game  # noqa: E402
from sevenwonders.core.rng import Rng  # noqa: E402
from sevenwonders.errors import InvalidOptionError  # noqa: E402
from sevenwonders.games import make_game  # noqa: E402
from sevenwonders.simulation import play_game  # noqa: E402


class Checked:
    """An agent wrapper that fails the test on a move outside the legal moves."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner
        self.name = inner.name
        self.decisions = 0

    def choose(self, game: Game[Any, Any, Any], view: Any, legal: tuple[Any, ...], rng: Rng
               ) -> tuple[Any, Rng]:
        move, rng = self.inner.choose(game, view, legal, rng)
        assert move in legal
        self.decisions += len(legal) > 1
        return move, rng


def test_every_shipped_network_is_small_and_loads() -> None:
    for key in nets.NETWORKS:
        for prefix in ("net", "learned"):
            data = importlib.resources.files("sevenwonders.agents") / "data" / f"{prefix}_{key}.npz"
            assert data.is_file() and len(data.read_bytes()) < 1_000_000
    game = make_game("base", 4)
    assert nets.network_key(game) == "base-4-2nd"
    network = nets.network_for(game)
    assert network is not None and network is nets.network_for(game)
    learned = nets.learned_network_for(game)
    assert learned is not None and learned is not network
    assert not np.array_equal(learned.layers[0][0], network.layers[0][0])
    assert nets.learned_network_for(make_game("base", 3)) is None
    assert nets.network_for(make_game("base", 3)) is None
    assert nets.network_key(make_game("base", 5, expansions=["edifice"])) == "base-5-2nd-edifice"


@pytest.mark.parametrize("seed", [3, 11])
def test_learned_agents_play_whole_base_games_with_legal_moves(seed: int) -> None:
    game = make_game("base", 4)
    agents = [Checked(LearnedAgent()), Checked(LearnedAgent(temperature=1.0)),
              Checked(LearnedAgent()), Checked(make_agent("greedy"))]
    result = play_game(game, agents, seed=seed)
    assert len(result.scores) == 4 and all(a.decisions >= 12 for a in agents)
    again = play_game(game, [LearnedAgent(), LearnedAgent(temperature=1.0), LearnedAgent(),
                             make_agent("greedy")], seed=seed)
    assert [s.total for s in again.scores] == [s.total for s in result.scores]


@pytest.mark.parametrize(("name", "players"), [("base", 3), ("architects", 3), ("dice", 3)])
def test_configurations_without_a_network_are_played_greedily(name: str, players: int) -> None:
    game = make_game(name, players)
    learned = play_game(game, [Checked(LearnedAgent()) for _ in range(players)], seed=5)
    greedy = play_game(game, [make_agent("greedy") for _ in range(players)], seed=5)
    assert [s.total for s in learned.scores] == [s.total for s in greedy.scores]


def test_the_policy_prefers_what_the_teacher_would_play_more_often_than_chance() -> None:
    game = make_game("base", 4)
    network = nets.network_for(game)
    assert network is not None
    state = game.new_game(21)
    view = game.view(state, 0)
    moves, logits = network.legal_logits(view, state, game.legal_moves(state, 0))
    assert len(moves) == len(logits) and len(set(moves)) == len(moves)
    _, value = network.forward(network.inputs(view, state))
    assert 0.0 < float(value) < 1.0
    values = network.values(state)
    assert len(values) == 4 and all(0.0 < v < 1.0 for v in values)


def test_numpy_inference_equals_the_torch_forward_pass() -> None:
    torch = pytest.importorskip("torch")
    from benchmarks.train_network import PolicyValueNet

    arrays = nets._load("base-4-2nd")
    assert arrays is not None
    model = PolicyValueNet.from_arrays(arrays)
    network = nets.network_for(make_game("base", 4))
    assert network is not None
    x = np.random.default_rng(7).normal(size=(16, arrays["w0"].shape[1])).astype(np.float32)
    logits, value = network.forward(x)
    with torch.no_grad():
        torch_logits, torch_value = model(torch.tensor(x))
    assert np.allclose(logits, torch_logits.numpy(), atol=1e-4)
    assert np.allclose(value, torch.sigmoid(torch_value).numpy(), atol=1e-5)
    again = PolicyValueNet.from_arrays(model.arrays())
    assert all(np.array_equal(a, b) for a, b in zip(
        [p.detach().numpy() for p in again.parameters()],
        [p.detach().numpy() for p in model.parameters()], strict=True))


def test_softmax_sample_picks_by_weight_and_argmax_at_zero() -> None:
    assert nets.softmax_sample([0.0, 3.0, 3.0], 0.9, 0.0) == 1
    assert nets.softmax_sample([0.0, 0.0], 0.25, 1.0) == 0
    assert nets.softmax_sample([0.0, 0.0], 0.75, 1.0) == 1
    assert nets.softmax_sample([-50.0, 50.0], 0.01, 1.0) == 1


def test_make_agent_names_the_learned_agent() -> None:
    assert make_agent("learned").name == "learned"
    agent = make_agent("learned:temperature=0.5")
    assert isinstance(agent, LearnedAgent) and agent.temperature == 0.5
    assert agent.name == "learned(t=0.5)"
    weighed = make_agent("learned:prior=0.25")
    assert isinstance(weighed, LearnedAgent) and weighed.prior == 0.25
    assert weighed.name == "learned(prior=0.25)"
    assert LearnedAgent(temperature=1, prior=0.0).name == "learned(t=1,prior=0.0)"
    for bad in ("learned:depth=3", "learned:temperature=-1", "learned:temperature=x",
                "learned:prior=-1"):
        with pytest.raises(InvalidOptionError):
            make_agent(bad)


def test_without_numpy_the_network_raises_a_library_error(monkeypatch: Any) -> None:
    monkeypatch.setitem(sys.modules, "numpy", None)
    with pytest.raises(nets.NetworkUnavailableError, match=r"sevenwonders\[rl\]"):
        nets._numpy()


def test_use_network_replaces_the_shipped_network_for_one_game_object() -> None:
    game = make_game("base", 4)
    arrays = nets._load("base-4-2nd")
    assert arrays is not None
    other = nets.Network(game, {**arrays, "bv": arrays["bv"] + 1})
    nets.use_network(game, other)
    assert nets.network_for(game) is other
    assert nets.network_for(make_game("base", 4)) is not other
    state = game.new_game(4)
    assert other.values(state) != nets.Network(game, arrays).values(state)


def test_a_heavy_prior_plays_the_heuristics_best_payment_and_none_the_networks_move() -> None:
    from sevenwonders.agents.heuristics import evaluator_for

    game = make_game("base", 4)
    network = nets.learned_network_for(game)
    assert network is not None
    heavy, alone = LearnedAgent(prior=1000.0), LearnedAgent(prior=0.0)
    state, rng, differ = game.new_game(21), Rng.from_seed(3), 0
    while not game.is_over(state):
        moves = {}
        for seat in sorted(game.to_move(state)):
            legal, view = game.legal_moves(state, seat), game.view(state, seat)
            moves[seat], _ = heavy.choose(game, view, legal, rng)
            if len(legal) > 1:
                values, _ = evaluator_for(game)(game, view, legal, rng)
                assert values[legal.index(moves[seat])] == max(values)
                plain, _ = alone.choose(game, view, legal, rng)
                state_of_view, _ = nets_determinize(game, view, rng)
                chosen, logits = network.legal_logits(view, state_of_view, legal)
                assert plain == chosen[int(np.argmax(logits))]
                differ += plain != moves[seat]
        state = game.play(state, moves)
    assert differ > 0


def nets_determinize(game: Game[Any, Any, Any], view: Any, rng: Rng) -> tuple[Any, Rng]:
    """The determinization the learned agent draws with ``rng`` (its features' state)."""
    from sevenwonders.agents.determinize import determinizer_for

    determinize = determinizer_for(game)
    assert determinize is not None
    return determinize(game, view, rng)
