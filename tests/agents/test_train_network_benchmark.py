"""The training script of the networks (``benchmarks/train_network.py``): its runs write networks
the agents load, its rows replay and resume, and its targets and losses are the ones it says."""

from __future__ import annotations

from typing import Any

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("torch")

from sevenwonders.agents import LearnedAgent, make_agent  # noqa: E402
from sevenwonders.agents import network as nets  # noqa: E402
from sevenwonders.agents.ismcts_options import (  # noqa: E402
    NET_CUT_POINTS,
    NET_POINTS,
    resolve_networks,
)
from sevenwonders.agents.learned import best_payments  # noqa: E402
from sevenwonders.core.rng import Rng  # noqa: E402
from sevenwonders.games import make_game  # noqa: E402


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
        assert all(np.array_equal(one[k], two[k], equal_nan=k in ("gains", "values"))
                   for k in one.files)
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


def test_averaged_training_is_the_mean_of_copies_trained_on_other_row_orders() -> None:
    torch = pytest.importorskip("torch")
    import argparse

    from benchmarks.train_network import PolicyValueNet, train, train_averaged

    def rows() -> tuple[Any, ...]:
        generator = torch.Generator().manual_seed(0)
        x = torch.rand(40, 6, generator=generator)
        mask = torch.ones(40, 3, dtype=torch.bool)
        target = torch.randint(0, 3, (40,), generator=generator)
        return (x, mask, target, torch.rand(40, generator=generator), torch.full((40, 3), 0.0),
                torch.zeros(40, 3))

    torch.manual_seed(1)
    start = PolicyValueNet(6, 3, hidden=4)
    args = argparse.Namespace(average=2, expert_epochs=1, expert_lr=1e-2, soft=0.0,
                              soft_temperature=0.05, prior=0.0, residual=False)
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


def test_each_row_keeps_the_heuristics_value_of_each_legal_actions_best_payment() -> None:
    from benchmarks import train_network

    game = make_game("base", 4)
    network = nets.learned_network_for(game)
    assert network is not None
    recorder = train_network.Recorder(network)
    state = game.new_game(6)
    for _ in range(3):
        state = game.play(state, {seat: game.legal_moves(state, seat)[-1]
                                  for seat in game.to_move(state)})
    view, legal = game.view(state, 1), game.legal_moves(state, 1)
    values = recorder.heuristic_values(view, state, legal)
    best, _ = best_payments(game, view, legal, network, Rng.from_seed(0), state)
    assert len(best) > 1 and sorted(np.flatnonzero(~np.isnan(values))) == sorted(best)
    for action, (value, move) in best.items():
        assert values[action] == np.float16(value)
        assert network.index.move_to_action(move) == action


def test_residual_training_fits_the_policy_the_agent_plays_with_its_prior(
        capsys: Any) -> None:
    torch = pytest.importorskip("torch")
    from benchmarks.train_network import PolicyValueNet, train

    generator = torch.Generator().manual_seed(0)
    target = torch.randint(0, 3, (300,), generator=generator)
    chosen = torch.nn.functional.one_hot(target, 3).float()  # the rows say the target...
    x = torch.cat([chosen, torch.rand(300, 3, generator=generator)], 1)
    mask = torch.ones(300, 3, dtype=torch.bool)
    data = (x, mask, target, torch.rand(300, generator=generator),
            torch.full((300, 3), float("nan")), chosen)  # ...and so does the heuristic
    torch.manual_seed(1)
    start = PolicyValueNet(6, 3, hidden=8)
    alone = []
    for residual in (0.0, 50.0):
        net = PolicyValueNet.from_arrays(start.arrays())
        train(net, data, 4, 7, lr=3e-2, residual=residual, played=50.0)
        with torch.no_grad():
            alone.append(float((net(x)[0].argmax(1) == target).float().mean()))
    # through the prior the targets are already certain: the network alone learns nothing
    assert alone[0] > 0.95 and alone[1] < 0.6, alone
    printed = capsys.readouterr().out.splitlines()
    assert "target agreement 1.000" in printed[-1] and "as played (prior 50.0) 1.000" in printed[0]


def test_rows_of_other_runs_train_after_the_runs_own_and_are_never_written(
        tmp_path: Any) -> None:
    from benchmarks import train_network

    init = tmp_path / "init.npz"
    np.savez(init, **nets._load("base-4-2nd"))
    stage = ["--games", "0", "--selfplay-rounds", "0", "--init", str(init), "--expert-rounds",
             "1", "--expert-iterations", "1", "--expert-epochs", "1", "--prior", "0.2",
             "--residual"]
    first, second, both = tmp_path / "first.npz", tmp_path / "second.npz", tmp_path / "both.npz"
    for seed, rows in (("3", first), ("4", second)):
        train_network.main([*stage, "--seed", seed, "--expert-games", "1",
                            "--expert-rows", str(rows), "--out", str(tmp_path / "x.npz")])
    with np.load(first) as a, np.load(second) as b:
        np.savez(both, **{k: np.concatenate([a[k], b[k]]) for k in a.files})
    written = second.read_bytes()
    train_network.main([*stage, "--expert-games", "0", "--expert-rows", str(first),
                        "--also-rows", str(second), "--out", str(tmp_path / "also.npz")])
    train_network.main([*stage, "--expert-games", "0", "--expert-rows", str(both),
                        "--out", str(tmp_path / "one.npz")])
    with np.load(tmp_path / "also.npz") as also, np.load(tmp_path / "one.npz") as one:
        assert all(np.array_equal(also[k], one[k]) for k in one.files)
    assert second.read_bytes() == written
