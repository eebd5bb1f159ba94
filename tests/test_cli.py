"""The command line's ``simulate``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from sevenwonders.cli import ProgressBar, main


def test_simulate_prints_a_summary(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--players", "3", "--games", "2", "--seed", "1"]) == 0
    captured = capsys.readouterr()
    assert "base, 3 players, seed 1, agents random,random,random" in captured.out
    assert "win share" in captured.out and "total" in captured.out
    assert "2/2 games" in captured.err


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
    with pytest.raises(SystemExit):
        main(["simulate", "--players", "3", "--agents", "random,random"])
    with pytest.raises(SystemExit):
        main(["simulate", "--games", "1", "--out", "results.txt"])
    with pytest.raises(SystemExit):
        main(["simulate", "--games", "0"])
    with pytest.raises(SystemExit):
        main(["simulate", "--workers", "2", "--dask", "tcp://nowhere:1"])


def test_progress_bar_draws_in_place() -> None:
    class Sink:
        def __init__(self) -> None:
            self.text = ""

        def write(self, text: str) -> int:
            self.text += text
            return len(text)

        def flush(self) -> None:
            pass

    sink = Sink()
    bar = ProgressBar(sink, width=10)  # type: ignore[arg-type]
    bar(1, 4)
    bar(4, 4)
    assert sink.text.startswith("\r[##--------] 1/4 games")
    assert "[##########] 4/4 games" in sink.text and sink.text.endswith("\n")
