"""Load on the game server: many tables played at once over loopback.

    python benchmarks/server_load.py [--tables 50] [--games 1] [--game base] [--players 3]
                                     [--bot random] [--think 0] [--seconds 300]

Starts ``sevenwonders serve`` (uvicorn) on a free 127.0.0.1 port over a fresh SQLite file, creates
``--tables`` tables (seat 0 a client of this script, the other seats server-side bots) and plays
them all at once: each client listens on its seat's WebSocket and answers with a random legal
move (``POST .../moves``) whenever its seat is asked, after ``--think`` seconds on average
(drawn uniformly from 0 to twice that; 0, the default, answers at once: the server's saturation,
where every move waits for the other tables' moves). Reports the moves per second of every seat
(the client's and the bots', counted from the finished records), and p50/p95/max of a move's
latency: the time from sending the POST to its answer, which includes checking the move, playing
the step once complete, writing it to SQLite and pushing the new views. Everything is bounded:
``--games`` games per table and a ``--seconds`` deadline.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
# one client plays every table here: the per-client limits of a public server are lifted
ROOMY_FLAGS = ["--max-tables-per-client", "100000", "--create-rate", "100000/second",
               "--move-rate", "100000/second"]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def start_server(port: int, db: str, flags: list[str] | None = None
                 ) -> subprocess.Popen[bytes]:
    """``sevenwonders serve`` on ``port`` over ``db`` with ``flags`` (default: the limits for
    one client lifted), once it accepts connections."""
    process = subprocess.Popen(
        [sys.executable, "-m", "sevenwonders", "serve", "--port", str(port), "--db", db,
         *(ROOMY_FLAGS if flags is None else flags)],
        cwd=ROOT, stdout=subprocess.DEVNULL)
    deadline = time.monotonic() + 60
    while True:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.5).close()
            return process
        except OSError:
            if process.poll() is not None or time.monotonic() > deadline:
                process.kill()
                raise SystemExit("the server did not start") from None
            time.sleep(0.1)


class Http:
    """A minimal HTTP/1.1 keep-alive client (one connection), so that the clients' own CPU
    time stays small next to the server's: httpx costs about a millisecond a request."""

    def __init__(self, host: str, port: int) -> None:
        self.host, self.port = host, port
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def request(self, method: str, path: str, body: Any = None,
                      token: str | None = None) -> tuple[int, bytes]:
        if self.reader is None or self.writer is None:
            self.reader, self.writer = await asyncio.open_connection(self.host, self.port)
        data = json.dumps(body).encode() if body is not None else b""
        head = f"{method} {path} HTTP/1.1\r\nHost: {self.host}\r\nContent-Length: {len(data)}\r\n"
        if body is not None:
            head += "Content-Type: application/json\r\n"
        if token is not None:
            head += f"Authorization: Bearer {token}\r\n"
        self.writer.write(head.encode() + b"\r\n" + data)
        status = int((await self.reader.readline()).split()[1])
        length = 0
        while (line := await self.reader.readline()) not in (b"\r\n", b""):
            name, _, value = line.decode("latin-1").partition(":")
            if name.lower() == "content-length":
                length = int(value)
        answer = await self.reader.readexactly(length)
        if status >= 400:
            raise RuntimeError(f"{method} {path}: {status} {answer[:200]!r}")
        return status, answer

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()


async def play_table(port: int, args: argparse.Namespace, rng: random.Random,
                     latencies: list[float], deadline: float) -> int:
    """Play ``args.games`` games at one table; returns the moves of every seat played."""
    import websockets

    http = Http("127.0.0.1", port)
    bots = {str(seat): args.bot for seat in range(1, args.players)}
    moves = 0
    try:
        for _ in range(args.games):
            _, answer = await http.request("POST", "/api/tables", {
                "game": args.game, "players": args.players, "bots": bots})
            table = json.loads(answer)
            token = table["seats"]["0"]
            url = f"/api/tables/{table['id']}/seats/0"
            async with websockets.connect(f"ws://127.0.0.1:{port}{url}/ws",
                                          max_size=2**22) as socket_:
                await socket_.send(json.dumps({"token": token}))
                moved = -1  # the step seat 0 last moved in: later pushes of it are stale
                while time.monotonic() < deadline:
                    payload = json.loads(await asyncio.wait_for(socket_.recv(), 60))
                    if payload["over"]:
                        break
                    if not payload["to_move"] or payload["step"] <= moved:
                        continue
                    moved = payload["step"]
                    if args.think > 0:
                        await asyncio.sleep(rng.uniform(0, 2 * args.think))
                    start = time.perf_counter()
                    await http.request("POST", url + "/moves",
                                       {"move": rng.choice(payload["moves"])}, token)
                    latencies.append(time.perf_counter() - start)
            _, answer = await http.request("GET", f"/api/tables/{table['id']}/record")
            moves += sum(len(step) for step in json.loads(answer).get("steps", []))
    finally:
        http.close()
    return moves


async def run(args: argparse.Namespace, port: int) -> dict[str, float]:
    latencies: list[float] = []
    deadline = time.monotonic() + args.seconds
    start = time.perf_counter()
    counts = await asyncio.gather(*(
        play_table(port, args, random.Random(seed), latencies, deadline)
        for seed in range(args.tables)))
    elapsed = time.perf_counter() - start
    latencies.sort()
    return {
        "tables": args.tables,
        "seconds": elapsed,
        "moves": sum(counts),
        "moves_per_s": sum(counts) / elapsed,
        "posts": len(latencies),
        "p50_ms": 1000 * statistics.median(latencies),
        "p95_ms": 1000 * latencies[int(0.95 * (len(latencies) - 1))],
        "max_ms": 1000 * latencies[-1],
    }


def cpu_seconds(pid: int) -> float:
    """User and system CPU time of process ``pid`` so far (Linux; 0 elsewhere)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def main(argv: list[str] | None = None) -> dict[str, float]:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--games", type=int, default=1, help="games per table")
    parser.add_argument("--game", default="base")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--bot", default="random", help="the bots' name (random, greedy...)")
    parser.add_argument("--think", type=float, default=0.0,
                        help="a client's mean thinking time before each move, in seconds")
    parser.add_argument("--seconds", type=float, default=300, help="deadline")
    args = parser.parse_args(argv)
    port = free_port()
    with tempfile.TemporaryDirectory() as folder:
        server = start_server(port, os.path.join(folder, "load.sqlite3"))
        try:
            server_cpu = cpu_seconds(server.pid)
            client_cpu = time.process_time()
            result = asyncio.run(run(args, port))
            used = cpu_seconds(server.pid) - server_cpu
            result["server_cpu_ms_per_move"] = 1000 * used / max(1, result["moves"])
            result["client_cpu_s"] = time.process_time() - client_cpu
        finally:
            server.terminate()
            server.wait(timeout=30)
    print(f"{args.tables} tables x {args.games} game(s) of {args.game} ({args.players} "
          f"players, bots {args.bot}, think {args.think} s) in {result['seconds']:.1f} s: "
          f"{result['moves']:.0f} moves, {result['moves_per_s']:.0f} moves/s; client moves "
          f"{result['posts']:.0f}, latency "
          f"p50 {result['p50_ms']:.1f} ms, p95 {result['p95_ms']:.1f} ms, "
          f"max {result['max_ms']:.1f} ms; server CPU "
          f"{result['server_cpu_ms_per_move']:.2f} ms "
          f"a move, client CPU {result['client_cpu_s']:.1f} s")
    return result


if __name__ == "__main__":
    main()
