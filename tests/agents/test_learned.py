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
from sevenwonders.agents.ismcts_options import (  # noqa: E402
    NET_CUT_POINTS,
    NET_POINTS,
    resolve_networks,
)
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


def test_the_training_run_writes_a_network_the_agent_loads(tmp_path: Any) -> None:
    pytest.importorskip("torch")
    from benchmarks import train_network

    out = tmp_path / "net.npz"
    train_network.main(["--games", "3", "--selfplay-games", "2", "--epochs", "1",
                        "--hidden", "16", "--seed", "5", "--out", str(out)])
    with np.load(out) as data:
        arrays = {name: data[name] for name in data.files}
    game = make_game("base", 4)
    network = nets.Network(game, arrays)
    state = game.new_game(1)
    moves, logits = network.legal_logits(game.view(state, 2), state, game.legal_moves(state, 2))
    assert len(moves) == len(logits) > 1 and arrays["w0"].dtype == np.float16


def test_the_expert_stage_trains_from_a_network_on_the_searchs_moves(tmp_path: Any) -> None:
    pytest.importorskip("torch")
    from benchmarks import train_network

    game = make_game("base", 4)
    shipped = nets.network_for(game)
    assert shipped is not None
    recorder = train_network.Recorder(shipped)
    recorder.search = make_agent("ismcts:3")
    recorder.play(9, ["search"] * 4)
    replay = train_network.Recorder(shipped)
    replay.search = make_agent("ismcts:3")
    replay.play(9, ["search"] * 4)
    assert recorder.targets == replay.targets and len(recorder.targets) >= 4 * 12
    assert recorder.rewards == replay.rewards and len(recorder.rewards) == len(recorder.rows)
    init = tmp_path / "init.npz"
    np.savez(init, **nets._load("base-4-2nd"))
    out, again, rows = tmp_path / "net.npz", tmp_path / "again.npz", tmp_path / "rows.npz"
    stage = ["--games", "0", "--selfplay-rounds", "0", "--init", str(init), "--expert-rounds",
             "1", "--expert-iterations", "2", "--expert-epochs", "1", "--expert-rows", str(rows),
             "--prior", "0.25"]
    train_network.main([*stage, "--expert-games", "1", "--out", str(out)])
    with np.load(rows) as data:
        assert len(data["rows"]) == len(data["targets"]) == len(data["rewards"]) >= 4 * 12
        gains, targets = data["gains"].astype(np.float64), data["targets"]
    compared = (~np.isnan(gains)).sum(1) >= 2  # the search's mean gains over its root moves
    assert compared.any() and not np.isnan(gains[np.arange(len(targets)), targets]).any()
    train_network.main([*stage, "--expert-games", "0", "--out", str(again)])  # saved rows only
    with np.load(out) as data, np.load(again) as retrained:
        trained = {name: data[name] for name in data.files}
        assert all(np.array_equal(trained[k], retrained[k]) for k in trained)
    assert trained["w0"].shape == nets._load("base-4-2nd")["w0"].shape
    assert nets.Network(game, trained).prior == 0.25  # the heuristic's weight travels with it
    assert not np.array_equal(trained["w0"], nets._load("base-4-2nd")["w0"])
    assert nets.network_for(game) is shipped  # another game object: the shipped network


def test_learner_games_play_the_learned_agents_moves_labelled_by_the_search() -> None:
    pytest.importorskip("torch")
    from benchmarks import train_network

    game = make_game("base", 4)
    network = nets.learned_network_for(game)
    assert network is not None and network.prior > 0
    recorder = train_network.Recorder(network)
    recorder.prior = network.prior
    recorder.search = make_agent("ismcts:3")
    state, agent, checked = game.new_game(4), LearnedAgent(), 0
    while not game.is_over(state) and checked < 24:  # the learned agent's own moves
        moves = {}
        for seat in sorted(game.to_move(state)):
            legal, view = game.legal_moves(state, seat), game.view(state, seat)
            rng = Rng.from_seed(checked)
            moves[seat], _ = recorder.learner_move(view, state, legal, rng)
            if len(legal) > 1:
                assert moves[seat] == agent.choose(game, view, legal, rng)[0]
                checked += 1
        state = game.play(state, moves)
    recorder.play(9, ["learner"] * 4)
    played = len(recorder.targets)
    assert played >= 4 * 12 and len(recorder.rewards) == played
    labelled = np.array([not np.isnan(g[t]) for g, t in zip(
        recorder.gains, recorder.targets, strict=True)])
    assert labelled.all()  # every target is the search's move, with its gain
    replay = train_network.Recorder(network)
    replay.prior, replay.search = network.prior, make_agent("ismcts:3")
    replay.play(9, ["search"] * 4)
    assert replay.targets != recorder.targets  # the learner reaches states of its own


def test_a_stopped_expert_run_resumed_writes_the_rows_of_one_run(tmp_path: Any) -> None:
    pytest.importorskip("torch")
    from benchmarks import train_network

    init = tmp_path / "init.npz"
    np.savez(init, **nets._load("base-4-2nd"))
    stage = ["--games", "0", "--selfplay-rounds", "0", "--init", str(init), "--expert-rounds",
             "1", "--expert-iterations", "1", "--expert-epochs", "1", "--seed", "3"]
    whole, parts = tmp_path / "whole.npz", tmp_path / "parts.npz"
    train_network.main([*stage, "--expert-games", "2", "--expert-rows", str(whole),
                        "--out", str(tmp_path / "a.npz")])
    for games in ("1", "2"):  # stopped after one game, then the same command again
        train_network.main([*stage, "--expert-games", games, "--expert-rows", str(parts),
                            "--out", str(tmp_path / "b.npz")])
    with np.load(whole) as one, np.load(parts) as two:
        assert sorted(one.files) == sorted(two.files)
        assert all(np.array_equal(one[k], two[k], equal_nan=k == "gains") for k in one.files)
        seeds = one["seeds"]
    assert sorted(set(seeds)) == [3_700_000, 3_700_001] and len(seeds) >= 2 * 4 * 12
    with np.load(tmp_path / "a.npz") as a, np.load(tmp_path / "b.npz") as b:
        assert all(np.array_equal(a[k], b[k]) for k in a.files)
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "a.npz", "b.npz", "init.npz", "parts.npz", "whole.npz"]  # no half-written file left
    old = tmp_path / "old.npz"  # a rows file written before the seeds were kept
    with np.load(whole) as data:
        np.savez(old, **{k: data[k] for k in data.files if k != "seeds"})
    shipped = nets.network_for(make_game("base", 4))
    assert shipped is not None
    recorder = train_network.Recorder(shipped)
    recorder.load(old)
    assert recorder.seeds == [-1] * len(seeds) and len(recorder.rows) == len(seeds)


def test_the_expert_search_is_the_competitive_one_the_greedy_walks_or_the_defaults() -> None:
    pytest.importorskip("torch")
    from benchmarks.train_network import expert_search

    game = make_game("base", 4)
    resolved = []
    for kind in ("competitive", "greedy", "mixed"):
        search = expert_search(50, kind)
        settings = search.settings(game.name, True, game.players)
        resolve_networks(game, settings, search.given)
        resolved.append(settings)
    competitive, greedy, mixed = resolved
    assert competitive.points == 0.0 and competitive.leaf == greedy.leaf == "net"
    assert greedy.points == NET_POINTS > 0 and greedy.cut_points == NET_CUT_POINTS == "ending"
    assert expert_search(50, "greedy").iterations == 50
    assert competitive.rollout == greedy.rollout == "greedy" and mixed.rollout == "mixed"
    assert (mixed.points, mixed.cut_points, mixed.leaf) == (NET_POINTS, "ending", "net")


def test_soft_targets_mix_the_searchs_move_with_the_softmax_of_its_gains() -> None:
    torch = pytest.importorskip("torch")
    from benchmarks.train_network import policy_targets

    nan = float("nan")
    gains = torch.tensor([[0.0, 0.1, nan, nan], [0.0, nan, nan, nan]])
    target = torch.tensor([1, 0])
    out = policy_targets(target, gains, soft=0.5, temperature=0.1)
    spread = torch.softmax(torch.tensor([0.0, 1.0]), 0)
    assert torch.allclose(out[0], torch.tensor([0.5 * spread[0], 0.5 + 0.5 * spread[1], 0, 0]))
    assert out[1].tolist() == [1.0, 0.0, 0.0, 0.0]  # one move compared: the hard target
    assert policy_targets(target, gains, soft=0.0, temperature=0.1)[0].tolist() == [0, 1, 0, 0]


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


def test_averaged_training_is_the_mean_of_copies_trained_on_other_row_orders() -> None:
    torch = pytest.importorskip("torch")
    import argparse

    from benchmarks.train_network import PolicyValueNet, train, train_averaged

    def rows() -> tuple[Any, ...]:
        generator = torch.Generator().manual_seed(0)
        x = torch.rand(40, 6, generator=generator)
        mask = torch.ones(40, 3, dtype=torch.bool)
        target = torch.randint(0, 3, (40,), generator=generator)
        return x, mask, target, torch.rand(40, generator=generator), torch.full((40, 3), 0.0)

    torch.manual_seed(1)
    start = PolicyValueNet(6, 3, hidden=4)
    args = argparse.Namespace(average=2, expert_epochs=1, expert_lr=1e-2, soft=0.0,
                              soft_temperature=0.05)
    first, second = (PolicyValueNet.from_arrays(start.arrays()) for _ in range(2))
    train(first, rows(), 1, 7, lr=1e-2)
    train(second, rows(), 1, 1007, lr=1e-2)
    averaged = train_averaged(PolicyValueNet.from_arrays(start.arrays()), rows(), args, 7)
    mean = (first.policy.weight + second.policy.weight) / 2
    assert torch.allclose(averaged.policy.weight, mean, atol=1e-6)
    assert not torch.allclose(first.policy.weight, second.policy.weight)
    args.average = 1
    single = train_averaged(PolicyValueNet.from_arrays(start.arrays()), rows(), args, 7)
    assert torch.allclose(single.policy.weight, first.policy.weight)
