"""A create flood against the game server, over loopback: the limits refuse it and memory
stays flat.

    python benchmarks/server_flood.py [--seconds 20] [--clients 200] [--max-tables 300]
                                      [--connections 8]

Starts ``sevenwonders serve`` on a free 127.0.0.1 port over a fresh SQLite file with the
default rates and caps (``--max-tables`` lowered so a short run reaches it) and sends
``POST /api/tables`` as fast as ``--connections`` keep-alive connections allow, for
``--seconds`` in three equal phases: from one address (the rate and the per-client cap refuse
it), then twice from ``--clients`` addresses (sent as ``X-Forwarded-For``, which uvicorn trusts
from loopback: what a reverse proxy does; the cap on live tables refuses them once reached).
Reports the answers by status and reason, the tables in the database, and the server's
resident memory (VmRSS) sampled every half second: at the start, after each phase, and its
maximum. Memory flat means: no growth between the end of the second phase (the cap reached)
and the end of the third.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import sqlite3
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from server_load import free_port, start_server

BODY = json.dumps({"game": "base", "players": 3}).encode()


def rss_mb(pid: int) -> float:
    """Resident memory of process ``pid`` in MiB (Linux; 0 elsewhere)."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


async def flood(port: int, seconds: float, addresses: list[str], connections: int,
                answers: Counter[str]) -> None:
    """POST tables from ``addresses`` in turn over ``connections`` connections until
    ``seconds`` have passed, counting the answers as ``"status reason"``."""
    deadline = time.monotonic() + seconds

    async def one(index: int) -> None:
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        sent = index
        try:
            while time.monotonic() < deadline:
                address = addresses[sent % len(addresses)]
                sent += connections
                writer.write(b"POST /api/tables HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                             b"Content-Type: application/json\r\n"
                             + f"X-Forwarded-For: {address}\r\n".encode()
                             + f"Content-Length: {len(BODY)}\r\n\r\n".encode() + BODY)
                status = int((await reader.readline()).split()[1])
                length = 0
                while (line := await reader.readline()) not in (b"\r\n", b""):
                    name, _, value = line.decode("latin-1").partition(":")
                    if name.lower() == "content-length":
                        length = int(value)
                body = json.loads(await reader.readexactly(length))
                reason = body["error"]["reason"] if status >= 400 else "created"
                answers[f"{status} {reason}"] += 1
        finally:
            writer.close()

    await asyncio.gather(*(one(index) for index in range(connections)))


async def sample(pid: int, stop: asyncio.Event, samples: list[tuple[float, float]]) -> None:
    start = time.monotonic()
    while not stop.is_set():
        samples.append((time.monotonic() - start, rss_mb(pid)))
        await asyncio.sleep(0.5)


async def run(args: argparse.Namespace, port: int, pid: int) -> dict[str, object]:
    samples: list[tuple[float, float]] = []
    stop = asyncio.Event()
    sampler = asyncio.ensure_future(sample(pid, stop, samples))
    phase = args.seconds / 3
    one_client: Counter[str] = Counter()
    await flood(port, phase, ["203.0.113.1"], args.connections, one_client)
    marks = [len(samples)]
    addresses = [f"198.51.{i // 250}.{i % 250 + 1}" for i in range(args.clients)]
    many: Counter[str] = Counter()
    await flood(port, phase, addresses, args.connections, many)
    marks.append(len(samples))
    more: Counter[str] = Counter()
    await flood(port, phase, addresses, args.connections, more)
    stop.set()
    await sampler
    return {"one_client": dict(one_client), "many_clients": dict(many),
            "many_clients_again": dict(more), "samples": samples, "marks": marks}


def main(argv: list[str] | None = None) -> dict[str, object]:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--clients", type=int, default=200)
    parser.add_argument("--max-tables", type=int, default=300)
    parser.add_argument("--connections", type=int, default=8)
    args = parser.parse_args(argv)
    port = free_port()
    with tempfile.TemporaryDirectory() as folder:
        db = os.path.join(folder, "flood.sqlite3")
        server = start_server(port, db, ["--max-tables", str(args.max_tables)])
        try:
            result = asyncio.run(run(args, port, server.pid))
        finally:
            server.terminate()
            server.wait(timeout=30)
        with sqlite3.connect(db) as conn:
            result["stored"] = conn.execute("SELECT COUNT(*) FROM tables").fetchone()[0]
    samples = result["samples"]
    marks = result["marks"]
    assert isinstance(samples, list) and isinstance(marks, list)
    memory = [mb for _, mb in samples]
    result.update(rss_start_mb=memory[0], rss_one_client_mb=memory[marks[0] - 1],
                  rss_at_cap_mb=memory[marks[1] - 1], rss_end_mb=memory[-1],
                  rss_max_mb=max(memory))
    phase = args.seconds / 3
    print(f"one address, {phase:.0f} s: {result['one_client']}")
    print(f"{args.clients} addresses, {phase:.0f} s: {result['many_clients']}")
    print(f"{args.clients} addresses, {phase:.0f} s more: {result['many_clients_again']}")
    print(f"tables stored: {result['stored']} (cap {args.max_tables}); server memory (VmRSS): "
          f"start {memory[0]:.1f} MiB, after the one-address flood "
          f"{result['rss_one_client_mb']:.1f} MiB, at the cap {result['rss_at_cap_mb']:.1f} "
          f"MiB, end {memory[-1]:.1f} MiB, max {max(memory):.1f} MiB")
    return result


if __name__ == "__main__":
    main()
