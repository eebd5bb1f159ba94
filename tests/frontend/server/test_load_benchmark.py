"""The load benchmark still runs: a few tables against a real server over loopback (no timing
is checked; the figures are for people to read)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

pytest.importorskip("uvicorn")
pytest.importorskip("websockets")

BENCHMARK = Path(__file__).resolve().parents[3] / "benchmarks" / "server_load.py"


def test_the_load_benchmark_plays_its_tables(capsys: pytest.CaptureFixture[str]) -> None:
    spec = importlib.util.spec_from_file_location("benchmark_server_load", BENCHMARK)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    result = module.main(["--tables", "3", "--game", "dice", "--players", "2", "--seconds", "120"])
    assert result["moves"] > 0 and result["posts"] > 0
    assert 0 < result["p50_ms"] <= result["p95_ms"] <= result["max_ms"]
    assert "moves/s" in capsys.readouterr().out


def test_serve_is_a_command() -> None:
    from sevenwonders.cli import _parser

    args = _parser().parse_args(["serve", "--port", "8123", "--db", "x.sqlite3"])
    assert (args.host, args.port, args.db) == ("127.0.0.1", 8123, "x.sqlite3")
    assert args.handler.__name__ == "run_serve"


def test_serve_flags_make_the_settings() -> None:
    from sevenwonders.cli import _parser
    from sevenwonders.frontend.server.command import settings_of
    from sevenwonders.frontend.server.settings import LOOPBACK_HOSTS, Settings

    assert settings_of(_parser().parse_args(["serve"])) == Settings()
    args = _parser().parse_args([
        "serve", "--allowed-host", "play.example.org", "--allowed-host", "*.example.net",
        "--max-tables", "50", "--max-tables-per-client", "3", "--create-rate", "2/minute",
        "--move-rate", "5 per second", "--linger", "90s", "--idle", "2h",
        "--retention", "7d"])
    settings = settings_of(args)
    assert settings.allowed_hosts == (*LOOPBACK_HOSTS, "play.example.org", "*.example.net")
    assert (settings.max_tables, settings.max_tables_per_client) == (50, 3)
    assert (settings.linger, settings.idle, settings.retention) == (90, 7200, 7 * 86400)
    for bad in (["--max-tables", "0"], ["--idle", "soon"], ["--retention", "-1d"]):
        with pytest.raises(SystemExit):
            _parser().parse_args(["serve", *bad])
    with pytest.raises(SystemExit, match="not a rate"):
        settings_of(_parser().parse_args(["serve", "--move-rate", "lots"]))
