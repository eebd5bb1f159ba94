"""How the library scales: pooled simulation, many live games through one game object, memory
over many games.

    python benchmarks/scaling.py [--games 20000] [--pool-games 400] [--seconds 2] [--only ...]

* ``pool``: ``simulate`` with a new ``ProcessPoolExecutor(2)`` in a fresh process (workers that
  have seen no game), against the same games serially in a fresh process: CPU seconds of each
  process with its workers, as a ratio (the target is <= 1.15x).
* ``load``: ``from_json`` of a state in units of one ``play`` call, per game family (target <= 3).
* ``live``: 8, 64 and 256 seeded random games stepped in turn through one game object (as a
  server with many tables or a vectorised environment does) against the same games one after
  another, per game family: the interleaved rate as a share of the sequential one (target >= 80%).
  ``--freeze`` calls ``gc.freeze()`` once each game object is warm.
* ``memory``: ``--games`` random base games in one process; the growth of the resident set in
  the second half, per 1,000 games (target < 0.5 MB).

All rates are per CPU-second; the sequential and interleaved runs alternate in ``--rounds``
slices. The script measures the checkout it lives in.
"""

from __future__ import annotations

import argparse
import gc
import os
import resource
import subprocess
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

if __package__ in (None, ""):  # run as a script: measure this checkout, not an installed copy
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from sevenwonders.core.protocol import Game
from sevenwonders.core.rng import Rng
from sevenwonders.core.serialization import from_json, to_json
from sevenwonders.games import make_game
from sevenwonders.simulation import simulate

LIVE_CONFIGS: tuple[tuple[str, int], ...] = (("base", 4), ("architects", 2), ("architects", 4),
                                              ("dice", 4))
LIVE_GAMES = (8, 64, 256)
"""How many live games share one game object in the live run."""


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def _simulate_task(kind: str, players: int, games: int, workers: int) -> None:
    """One fresh process's run (``--pool-task``): ``games`` games serially (``workers`` 0) or
    through a new pool of ``workers`` processes; prints a digest of the scores."""
    game = make_game(kind, players)
    if workers:
        with ProcessPoolExecutor(workers) as executor:
            results = simulate(game, games=games, seed=1, executor=executor)
    else:
        results = simulate(game, games=games, seed=1)
    print(hash(tuple(repr(r.scores) for r in results)) & 0xFFFFFFFF)


def _fresh(kind: str, players: int, games: int, workers: int) -> tuple[float, str]:
    """CPU seconds of a fresh process running :func:`_simulate_task` (with its workers, which
    have seen no game), and what it printed."""
    before = _children_cpu()
    done = subprocess.run([sys.executable, __file__, "--pool-task", kind, str(players),
                           str(games), str(workers)], check=True, capture_output=True,
                          text=True, env={**os.environ, "PYTHONHASHSEED": "0"})
    return _children_cpu() - before, done.stdout.strip()


def pool(kind: str, players: int, games: int, workers: int = 2) -> dict[str, float]:
    """CPU of a pooled ``simulate`` in a fresh process with fresh workers (its workers' CPU
    included) over the CPU of the same games in a fresh process serially."""
    serial_cpu, serial = _fresh(kind, players, games, 0)
    pooled_cpu, pooled = _fresh(kind, players, games, workers)
    if pooled != serial:
        raise AssertionError("pooled results differ from serial ones")
    return {"serial_cpu": serial_cpu, "pooled_cpu": pooled_cpu,
            "ratio": pooled_cpu / max(serial_cpu, 1e-9)}


def load(kind: str, players: int, games: int = 4) -> dict[str, float]:
    """The CPU cost of ``from_json`` of a state in units of one ``play`` call, over the states
    of ``games`` random games (each read back from its JSON text)."""
    game = make_game(kind, players)
    states: list[Any] = []
    steps: list[tuple[Any, dict[int, Any]]] = []
    for seed in range(games):
        state, rng = game.new_game(seed), Rng.from_seed(seed)
        while not game.is_over(state):
            moves = {}
            for seat in sorted(game.to_move(state)):
                moves[seat], rng = rng.choice(game.legal_moves(state, seat))
            steps.append((state, moves))
            states.append(state)
            state = game.play(state, moves)
    start = time.process_time()
    for state, moves in steps:
        game.play(state, moves)
    play_cpu = (time.process_time() - start) / len(steps)
    texts = [to_json(state) for state in states]
    cls = type(states[0])
    start = time.process_time()
    for text in texts:
        from_json(text, cls)
    load_cpu = (time.process_time() - start) / len(texts)
    return {"play_us": play_cpu * 1e6, "load_us": load_cpu * 1e6,
            "plays": load_cpu / max(play_cpu, 1e-12)}


def _step(game: Game[Any, Any, Any], state: Any, rng: Rng) -> tuple[Any, Rng]:
    moves = {}
    for seat in sorted(game.to_move(state)):
        moves[seat], rng = rng.choice(game.legal_moves(state, seat))
    return game.play(state, moves), rng


def _sequential(game: Game[Any, Any, Any], seeds: range) -> int:
    plies = 0
    for seed in seeds:
        state, rng = game.new_game(seed), Rng.from_seed(seed)
        while not game.is_over(state):
            state, rng = _step(game, state, rng)
            plies += 1
    return plies


def _interleaved(game: Game[Any, Any, Any], seeds: range) -> int:
    live = [(game.new_game(seed), Rng.from_seed(seed)) for seed in seeds]
    plies = 0
    while live:
        after = []
        for state, rng in live:
            state, rng = _step(game, state, rng)
            plies += 1
            if not game.is_over(state):
                after.append((state, rng))
        live = after
    return plies


def live(kind: str, players: int, seconds: float, rounds: int,
         count: int = 8, freeze: bool = False) -> dict[str, float]:
    """Games per CPU-second: ``count`` games one after another, and the same games stepped
    in turn through one game object; alternating, ``rounds`` slices each. With ``freeze``,
    the warm game object's caches are moved out of the garbage collector's sight first
    (``gc.freeze()``, as a program serving many live games may do once warm)."""
    game = make_game(kind, players)
    _sequential(game, range(count))  # warm both the same way
    if freeze:
        gc.collect()
        gc.freeze()
    cpu = {"sequential": 0.0, "interleaved": 0.0}
    played = {"sequential": 0, "interleaved": 0}
    plies = {"sequential": 0, "interleaved": 0}
    seed = 1000
    for _ in range(max(rounds, 1)):
        for mode, run in (("sequential", _sequential), ("interleaved", _interleaved)):
            start = time.process_time()
            first = seed
            while time.process_time() - start < seconds / max(rounds, 1) or first == seed:
                plies[mode] += run(game, range(seed, seed + count))
                played[mode] += count
                seed += count
            cpu[mode] += time.process_time() - start
            seed = first  # both modes play the same seeds
        seed += 10 * count * max(rounds, 1) * 100
    if freeze:
        gc.unfreeze()  # (the next configuration starts as this one did)
    sequential = played["sequential"] / max(cpu["sequential"], 1e-9)
    interleaved = played["interleaved"] / max(cpu["interleaved"], 1e-9)
    return {"sequential": sequential, "interleaved": interleaved,
            "share": interleaved / max(sequential, 1e-9)}


def _rss_mb() -> float:
    with open(f"/proc/{os.getpid()}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # pragma: no cover


def memory(games: int, players: int = 4) -> dict[str, float]:
    """Resident memory after the first and the second half of ``games`` random base games."""
    game = make_game("base", players)
    half = max(games // 2, 1)
    start = _rss_mb()
    _sequential(game, range(half))
    middle = _rss_mb()
    _sequential(game, range(half, 2 * half))
    end = _rss_mb()
    return {"start_mb": start, "middle_mb": middle, "end_mb": end,
            "growth_per_1000": (end - middle) * 1000 / half}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=20_000, help="games for the memory run")
    parser.add_argument("--pool-games", type=int, default=400, help="games for the pool run")
    parser.add_argument("--seconds", type=float, default=2.0,
                        help="CPU seconds per mode and game family for the live run")
    parser.add_argument("--rounds", type=int, default=4, help="alternating slices (live run)")
    parser.add_argument("--only", default="pool,live,load,memory", help="which parts to run")
    parser.add_argument("--live", default=",".join(map(str, LIVE_GAMES)),
                        help="comma-separated numbers of live games (live run)")
    parser.add_argument("--freeze", action="store_true",
                        help="live run: gc.freeze() once each game object is warm")
    parser.add_argument("--pool-task", nargs=4, metavar=("KIND", "PLAYERS", "GAMES", "WORKERS"),
                        help=argparse.SUPPRESS)  # one fresh process of the pool run
    args = parser.parse_args(argv)
    if args.pool_task:
        kind, players, games, workers = args.pool_task
        _simulate_task(kind, int(players), int(games), int(workers))
        return
    parts = set(args.only.split(","))
    if "pool" in parts:
        print("pooled simulation in fresh processes, 2 fresh workers, against serial in a fresh "
              "process")
        for kind, players in (("base", 4), ("architects", 3), ("dice", 4)):
            r = pool(kind, players, args.pool_games)
            print(f"  {kind:<11}{players}p  serial {r['serial_cpu']:6.2f} CPU-s  pooled "
                  f"{r['pooled_cpu']:6.2f} (with its workers)  = {r['ratio']:.2f}x")
    if "load" in parts:
        print("from_json of a state, in play calls (CPU)")
        for kind, players in (("base", 4), ("architects", 4), ("dice", 4)):
            r = load(kind, players)
            print(f"  {kind:<11}{players}p  play {r['play_us']:7.1f} us  from_json "
                  f"{r['load_us']:7.1f} us  = {r['plays']:.1f} plays")
    if "live" in parts:
        for count in (int(c) for c in args.live.split(",")):
            print(f"{count} live games through one game object, share of the sequential rate")
            for kind, players in LIVE_CONFIGS:
                r = live(kind, players, args.seconds, args.rounds, count, args.freeze)
                print(f"  {kind:<11}{players}p  sequential {r['sequential']:8.1f} games/s  "
                      f"interleaved {r['interleaved']:8.1f}  = {100 * r['share']:.0f}%")
    if "memory" in parts:
        r = memory(args.games)
        print(f"resident memory over {args.games} random base games: {r['start_mb']:.1f} -> "
              f"{r['middle_mb']:.1f} -> {r['end_mb']:.1f} MB; second half "
              f"{r['growth_per_1000']:.3f} MB per 1,000 games")


if __name__ == "__main__":
    main()
