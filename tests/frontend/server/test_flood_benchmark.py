"""The create-flood benchmark, bounded and on loopback: the limits refuse the flood, no more
tables are stored than the caps allow, and the server's memory does not grow once the cap on
live tables is reached (the figures of longer runs are in the benchmark's output)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

pytest.importorskip("uvicorn")
pytest.importorskip("websockets")

BENCHMARK = Path(__file__).resolve().parents[3] / "benchmarks" / "server_flood.py"


def test_a_create_flood_is_refused_and_memory_stays_flat() -> None:
    spec = importlib.util.spec_from_file_location("benchmark_server_flood", BENCHMARK)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    result = module.main(["--seconds", "9", "--max-tables", "25", "--clients", "40",
                          "--connections", "4"])
    one, many, more = (result["one_client"], result["many_clients"],
                       result["many_clients_again"])
    assert one.get("201 created", 0) <= 10 and one.get("429 rate_limited", 0) > 0
    assert set(one) <= {"201 created", "429 rate_limited", "429 too_many"}
    assert result["stored"] <= 25
    assert more.get("201 created", 0) == 0 and sum(more.values()) > 0
    assert set(many) | set(more) <= {"201 created", "503 busy", "429 rate_limited",
                                     "429 too_many"}
    assert result["rss_end_mb"] - result["rss_at_cap_mb"] < 10  # MiB: flat, not per request
