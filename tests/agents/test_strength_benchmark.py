"""The strength benchmark and the greedy tuning script measure what they say: a row whose
candidate plays exactly as its opponent has paired margins of exactly zero (the control shares
the deal and every seat's generator), a weak candidate is measured below the baseline in every
seat, and a tuning generation runs and writes weights the package can read."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import attrs
import pytest

from sevenwonders.agents import GreedyAgent, LearnedAgent, RandomAgent
from sevenwonders.agents.heuristics import evaluator_for
from sevenwonders.agents.heuristics.weights import BaseWeights, read_weights
from sevenwonders.core.rng import Rng
from sevenwonders.games import make_game

ROOT = Path(__file__).resolve().parent.parent.parent
BASE4 = make_game("base", 4)


def _load(name: str) -> ModuleType:
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    spec = importlib.util.spec_from_file_location(f"benchmarks.{name}",
                                                  ROOT / "benchmarks" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def test_a_candidate_that_plays_as_its_opponent_has_no_paired_margin() -> None:
    strength = _load("strength")
    game = make_game("base", 3)
    same = GreedyAgent(weights=read_weights(BaseWeights), name="greedy-copy")
    figures = strength.summarize(strength.play_row(game, same, GreedyAgent(), 3, seed=5), 3)
    assert figures["paired_win"] == 0 and figures["paired_score"] == 0
    assert figures["paired_win_se"] == 0 and figures["paired_score_se"] == 0
    assert figures["games"] == 9 and figures["deals"] == 3


def test_a_margin_without_spread_keeps_its_sign() -> None:
    strength = _load("strength")
    assert strength.ratio(-0.25, 0.0) == float("-inf")
    assert strength.ratio(0.25, 0.0) == float("inf")
    assert strength.ratio(0.0, 0.0) == 0.0 and strength.ratio(0.5, 0.25) == 2.0


def test_a_weak_candidate_is_measured_below_the_baseline_in_every_seat() -> None:
    strength = _load("strength")
    game = make_game("dice", 2)
    figures = strength.summarize(strength.play_row(game, RandomAgent(), GreedyAgent(), 4), 2)
    assert figures["win"] < 0.5 and figures["paired_win"] < 0
    assert all(figures[f"seat{s}"] < 0.5 for s in range(2))
    line = strength.format_row("dice", 2, "random", "greedy", figures, 0.0)
    assert "paired win" in line and "unpaired" in line


def test_recorded_runs_combine_into_the_row_one_run_plays(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    strength = _load("strength")
    first, second = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    common = ["--game", "dice", "--players", "2", "--seed", "7", "--row", "random/greedy",
              "--table", "random"]
    strength.main([*common, "--deals", "2", "--record", str(first)])
    strength.main([*common, "--deals", "2", "--first", "1", "--record", str(second)])
    strength.main([*common, "--deals", "3"])
    whole = capsys.readouterr().out.splitlines()[-2:]
    strength.main(["--combine", str(first), str(second)])
    combined = capsys.readouterr().out.splitlines()
    assert [line.split(": ", 1)[0] for line in combined] == ["seed 7, deals 0-2"] * 2
    assert [line.split(": ", 1)[1].rsplit(";", 2)[0] for line in combined] == [
        line.rsplit(";", 2)[0] for line in whole]  # deal 1 played twice counts once; no timings


def test_progress_lines_name_each_deal_and_the_share_of_the_run_done(
        capsys: pytest.CaptureFixture[str]) -> None:
    strength = _load("strength")
    assert strength._each(lambda d: d * 2, range(65, 68), True) == [130, 132, 134]
    lines = [line.split(":")[0] for line in capsys.readouterr().err.splitlines()]
    assert lines == ["deal 65 (1/3)", "deal 66 (2/3)", "deal 67 (3/3)"]


def test_learned_file_plays_the_network_of_a_file(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    np = pytest.importorskip("numpy")
    from sevenwonders.agents import network as nets

    strength = _load("strength")
    arrays = nets._load("base-4-2nd", "learned")
    path = tmp_path / "candidate.npz"
    flat = {**arrays, "bp": arrays["bp"] * 0, "wp": arrays["wp"] * 0}  # every logit equal
    flat.pop("prior", None)  # the network alone, without the heuristic's weight
    np.savez(path, **flat)
    game = make_game("base", 4)
    state = game.new_game(3)
    view, legal = game.view(state, 1), game.legal_moves(state, 1)
    candidate = strength.agent(f"learned-file={path}", BASE4)
    assert candidate.name == "learned(candidate.npz)"
    move, _ = candidate.choose(game, view, legal, Rng.from_seed(2))
    first = nets.Network(game, flat).legal_logits(view, state, legal)[0][0]
    shipped = nets.learned_network_for(make_game("base", 4))
    assert shipped is not None and shipped.policy[0].any() and move == first
    own = nets.learned_network_for(game)  # the shipped agent at the same table: its network
    assert own is not None and own.policy[0].any() and candidate.network_in(game) is not own
    moves, logits = own.legal_logits(view, state, legal)
    plain = LearnedAgent(prior=0).choose(game, view, legal, Rng.from_seed(2))[0]
    assert plain == moves[int(logits.argmax())]
    weighed = strength.agent(f"learned-file={path}:prior=0.5", BASE4)
    assert weighed.name == "learned(candidate.npz,prior=0.5)"
    values, _ = evaluator_for(game)(game, view, legal, Rng.from_seed(2))
    best = weighed.choose(game, view, legal, Rng.from_seed(2))[0]
    assert values[legal.index(best)] == max(values) > min(values)  # equal logits: the heuristic's
    rows = ["--deals", "1", "--seed", "4", "--row", "learned/greedy"]
    strength.main(rows)  # a row after a file's row plays the shipped network, not the file's
    alone = capsys.readouterr().out
    strength.main(["--deals", "1", "--seed", "4", "--row", f"learned-file={path}/greedy", *rows])
    assert capsys.readouterr().out.splitlines()[-1].rsplit(";", 2)[0] == alone.rsplit(";", 2)[0]


def test_a_tuning_generation_writes_weights_the_package_reads(tmp_path: Path) -> None:
    pytest.importorskip("cma")
    tune = _load("tune_greedy")
    out = tmp_path / "tuned.toml"
    tune.main(["--players", "3", "--generations", "1", "--deals", "1", "--check-deals", "2",
               "--out", str(out)])
    tuned = read_weights(BaseWeights, out)
    assert tuned != read_weights(BaseWeights) and min(tuned.vector()) >= 0
    assert min(tuned.coin_divisor) >= 1


def test_the_hand_set_greedy_is_an_opponent_by_name() -> None:
    strength = _load("strength")
    hand = strength.agent("greedy-hand", BASE4)
    assert hand.name == "greedy-hand" and strength.agent("greedy", BASE4).name == "greedy"
    from sevenwonders.agents.heuristics import dice_weights

    dice = strength.agent("greedy-hand", make_game("dice", 3))  # the game's own hand-set weights
    assert dice.weights == dice_weights.HAND_WEIGHTS != dice_weights.WEIGHTS


def test_a_table_row_reads_the_score_lines_of_its_games() -> None:
    strength = _load("strength")
    game = make_game("base", 3)
    tables = strength.play_tables(game, GreedyAgent(), 2, seed=4)
    figures = strength.summarize_tables(tables)
    totals = [total for table in tables for total in table.totals]
    assert figures["games"] == 2 and figures["points"] == pytest.approx(sum(totals) / 6)
    assert figures["winner"] == pytest.approx(sum(max(t.totals) for t in tables) / 2)
    science = [sheet["science"] for table in tables for sheet in table.lines]
    assert figures["line_science"] == pytest.approx(sum(science) / 6)
    assert figures["ms_per_decision"] > 0
    assert "points/player" in strength.format_table("base", 3, "greedy", figures, 0.0)


def test_a_tuning_run_may_move_only_the_named_weights() -> None:
    tune = _load("tune_greedy")
    current = read_weights(BaseWeights)
    start = current.vector()
    moved = tune.searched(["science_next", "neighbour_payment"], current.vector_names())
    assert len(moved) == 4
    tuned = tune.weights_at([1.0] * len(moved), current, moved).vector()
    assert [i for i, (a, b) in enumerate(zip(start, tuned, strict=True)) if a != b] == moved


def test_greedy_on_a_weights_file_is_an_agent_by_name(tmp_path: Path) -> None:
    from sevenwonders.agents.heuristics.weights import format_weights

    strength = _load("strength")
    changed = attrs.evolve(read_weights(BaseWeights), science_next=(1.0, 1.0, 1.0))
    path = tmp_path / "w.toml"
    path.write_text(format_weights(changed, "test"), "utf-8")
    agent = strength.agent(f"greedy-file={path}", BASE4)
    assert agent.weights == changed and agent.name == "greedy(w.toml)"


def test_any_judging_agent_takes_the_weights_of_a_file_by_name(tmp_path: Path) -> None:
    from sevenwonders.agents import ISMCTSAgent
    from sevenwonders.agents.heuristics.weights import format_weights

    strength = _load("strength")
    changed = attrs.evolve(read_weights(BaseWeights), power=3.0)
    path = tmp_path / "w.toml"
    path.write_text(format_weights(changed, "test"), "utf-8")
    search = strength.agent(f"ismcts:7+weights={path}", BASE4)
    assert isinstance(search, ISMCTSAgent)
    assert search.weights == changed and search.iterations == 7
    assert strength.agent(f"greedy+weights={path}", BASE4).weights == changed
    with pytest.raises(ValueError):
        strength.agent(f"random+weights={path}", BASE4)


def test_the_tuning_figure_of_the_current_weights_is_zero_with_the_score_scale() -> None:
    tune = _load("tune_greedy")
    from sevenwonders.simulation import game_seed, play_game

    game = make_game("base", 3)
    setups = [game_seed(11, d) for d in range(2)]
    controls = {s: play_game(game, [GreedyAgent()] * 3, s) for s in setups}
    current = read_weights(BaseWeights)
    assert tune.judge(game, current, setups, controls, scale_weight=1.0) == 0.0
    builder = attrs.evolve(read_weights(BaseWeights), wonder_points=(3.0, 3.0, 3.0))
    plain = tune.judge(game, builder, setups, controls)
    scaled = tune.judge(game, builder, setups, controls, scale_weight=1.0)
    tables = [play_game(game, [GreedyAgent(weights=builder, name="b")] * 3, s) for s in setups]
    scale = sum(tune.points_per_player(t) - tune.points_per_player(controls[s])
                for t, s in zip(tables, setups, strict=True)) / 2
    assert scaled == pytest.approx(plain + scale)


def test_candidates_judged_in_worker_processes_get_the_figures_judged_here() -> None:
    tune = _load("tune_greedy")
    from sevenwonders.simulation import game_seed, play_game

    game = make_game("base", 3)
    setups = [game_seed(12, 0)]
    controls = {s: play_game(game, [GreedyAgent()] * 3, s) for s in setups}
    current = read_weights(BaseWeights)
    candidates = [tune.weights_at([x] * len(current.vector()), current) for x in (0.0, 0.5, 1.0)]
    here = tune.judge_all(game, candidates, setups, controls, 1.0, workers=1)
    assert here[0] == 0.0 and len(set(here)) > 1  # (other weights, other games)
    assert tune.judge_all(game, candidates, setups, controls, 1.0, workers=2) == here
