"""The learning-curve benchmark: games split apart, nested shares, students that learn."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("torch")

from benchmarks import learning_curve  # noqa: E402


def _rows_file(path: Path, games: int, per_game: int = 20, seeds: bool = True) -> Path:
    """Rows whose teacher picks the largest of the first three inputs (a rule to learn), the
    heuristic knowing nothing; ``per_game`` rows a game."""
    draws = np.random.default_rng(5)
    x = draws.random((games * per_game, 6)).astype(np.float16)
    arrays = {"rows": x, "masks": np.ones((len(x), 3), bool),
              "targets": x[:, :3].argmax(1), "rewards": draws.random(len(x)),
              "gains": np.full((len(x), 3), np.nan, np.float16),
              "values": np.zeros((len(x), 3), np.float16)}
    if seeds:
        arrays["seeds"] = np.repeat(np.arange(100, 100 + games), per_game)
    np.savez(path, **arrays)
    return path


def test_the_games_split_apart_and_the_shares_nest(tmp_path: Any) -> None:
    _, seeds = learning_curve.read_rows([_rows_file(tmp_path / "r.npz", 50)])
    test, valid, parts = learning_curve.split_games(seeds, [0.25, 0.5, 1.0], 3)
    games = [set(seeds[rows.numpy()]) for rows in (test, valid, *parts)]
    assert len(games[0]) == len(games[1]) == 5 and [len(g) for g in games[2:]] == [10, 20, 40]
    assert not games[0] & games[1] and not (games[0] | games[1]) & games[-1]
    assert games[2] < games[3] < games[4]  # nested
    # every row of a game goes where its game goes
    assert sum(len(rows) for rows in (test, valid, parts[-1])) == len(seeds)


def test_rows_without_their_games_are_refused(tmp_path: Any) -> None:
    with pytest.raises(SystemExit, match="split by game"):
        learning_curve.read_rows([_rows_file(tmp_path / "r.npz", 5, seeds=False)])


def test_a_student_of_more_games_agrees_more_on_the_test_games(tmp_path: Any,
                                                               capsys: Any) -> None:
    rows = _rows_file(tmp_path / "r.npz", 60)
    learning_curve.main([str(rows), "--shares", "0.02", "1", "--epochs", "20", "--lr", "3e-2",
                         "--hidden", "16", "--prior", "0"])
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("1200 rows of 60 games; test 120 rows, validation 120")
    small, full = (line.split() for line in lines[-2:])
    assert (small[1], full[1]) == ("1", "48") and full[2] == "960"
    assert float(full[5]) > 0.9 > float(small[5])
