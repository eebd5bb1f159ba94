"""The command line: ``--version``, ``--help``, ``simulate``, rule options, missing extras."""

from __future__ import annotations

import importlib.util
import io
import json
from pathlib import Path

import pytest

import sevenwonders
from sevenwonders.cli import main
from sevenwonders.frontend.cli_commands import progress_bar


def test_simulate_prints_a_summary(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--players", "3", "--games", "2", "--seed", "1"]) == 0
    captured = capsys.readouterr()
    assert "base, 3 players, seed 1, agents random,random,random" in captured.out
    assert "win share" in captured.out and "total" in captured.out
    assert captured.err == ""  # no progress bar: stderr is not a terminal here


def test_agents_per_seat_and_result_files(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "results.json"
    code = main(["simulate", "--players", "3", "--games", "2", "--quiet",
                 "--agents", "greedy,random,ismcts:2", "--out", str(out)])
    assert code == 0
    captured = capsys.readouterr()
    assert "ismcts(2)" in captured.out and captured.err == ""
    data = json.loads(out.read_text())
    assert [seat["agent"] for seat in data[0]["seats"]] == ["greedy", "random", "ismcts(2)"]
    assert main(["simulate", "--players", "3", "--games", "2", "--quiet",
                 "--out", str(tmp_path / "r.csv")]) == 0
    assert (tmp_path / "r.csv").read_text().startswith("game,seed,seat,label,agent,rank,")


def test_workers_give_the_same_table(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["simulate", "--players", "3", "--games", "3", "--quiet", "--agents", "greedy"]
    assert main(args) == 0
    alone = capsys.readouterr().out
    assert main([*args, "--workers", "2"]) == 0
    assert capsys.readouterr().out == alone


def test_dask_address(capsys: pytest.CaptureFixture[str]) -> None:
    distributed = pytest.importorskip("distributed")
    args = ["simulate", "--players", "3", "--games", "2", "--quiet"]
    assert main(args) == 0
    alone = capsys.readouterr().out
    with distributed.LocalCluster(n_workers=1, processes=False, dashboard_address=None) as cluster:
        assert main([*args, "--dask", cluster.scheduler_address]) == 0
    assert capsys.readouterr().out == alone


def test_plot(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("matplotlib")
    target = tmp_path / "plot.png"
    assert main(["simulate", "--players", "3", "--games", "2", "--quiet",
                 "--plot", str(target)]) == 0
    assert target.exists() and "plot written" in capsys.readouterr().out


def test_errors(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--games", "1", "--agents", "clever"]) == 2
    assert "unknown agent" in capsys.readouterr().err
    assert main(["simulate", "--players", "9", "--games", "1"]) == 2
    for args in (["--players", "3", "--agents", "random,random"], ["--out", "results.txt"],
                 ["--games", "0"], ["--chunk", "0"], ["--workers", "-1"]):
        assert main(["simulate", "--games", "1", *args]) == 2
        assert capsys.readouterr().err.startswith("sevenwonders simulate: error: ")
    with pytest.raises(SystemExit):  # argparse: the two are exclusive
        main(["simulate", "--workers", "2", "--dask", "tcp://nowhere:1"])


def test_version_and_help(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as done:
        main(["--version"])
    assert done.value.code == 0
    build = sevenwonders.build_info()  # compiled with mypyc, or pure Python
    assert capsys.readouterr().out.strip() == f"sevenwonders {sevenwonders.__version__} ({build})"
    for command in ([], ["simulate"], ["play"], ["replay"], ["tournament"], ["serve"]):
        with pytest.raises(SystemExit):
            main([*command, "--help"])
        assert "examples:" in capsys.readouterr().out


def test_rule_options_reach_the_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    args = ["simulate", "--players", "3", "--games", "2", "--quiet"]
    assert main([*args, "--option", "edition=1st", "--option", "sides=ab"]) == 0
    first = capsys.readouterr().out
    assert "(a)" in first or "(b)" in first  # 1st-edition sides
    options = tmp_path / "options.json"
    options.write_text(json.dumps({"edition": "1st", "sides": "ab"}))
    assert main([*args, "--options", str(options)]) == 0
    assert capsys.readouterr().out == first
    assert main([*args, "--options", str(options), "--option", "sides=a"]) == 0
    assert "(b)" not in capsys.readouterr().out
    assert main([*args, "--expansion", "edifice", "--option",
                 'expansions={"edifice": {"castle_loses": "lowest"}}']) == 0
    capsys.readouterr()


@pytest.mark.parametrize(("options", "message"), [
    (["--option", "edition=3rd"], "unknown edition"),
    (["--option", "bogus=1"], "bogus"),
    (["--option", "novalue"], "KEY=VALUE"),
    (["--options", "missing.json"], "missing.json"),
])
def test_bad_rule_options(options: list[str], message: str,
                          capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--players", "3", "--games", "1", *options]) == 2
    assert message in capsys.readouterr().err


def test_missing_extras_stop_before_any_game(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    real = importlib.util.find_spec
    hidden = {"matplotlib", "openskill", "distributed"}
    monkeypatch.setattr(importlib.util, "find_spec",
                        lambda name, *rest: None if name in hidden else real(name, *rest))
    assert main(["simulate", "--games", "1", "--plot", "x.png", "--agents", "clever"]) == 2
    assert "pip install 'sevenwonders[plot]'" in capsys.readouterr().err
    assert main(["tournament", "--agents", "random,clever"]) == 2
    assert "pip install 'sevenwonders[ratings]'" in capsys.readouterr().err
    assert main(["simulate", "--games", "1", "--dask", "tcp://nowhere:1"]) == 2
    assert "pip install 'sevenwonders[dask]'" in capsys.readouterr().err


def test_progress_bar_only_on_a_terminal() -> None:
    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    assert progress_bar(False, io.StringIO()) is None
    terminal = Terminal()
    assert progress_bar(True, terminal) is None
    bar = progress_bar(False, terminal)
    assert bar is not None
    bar(1, 4)
    bar(4, 4)
    assert "4/4" in terminal.getvalue()
