"""What the RL adapters cost over the raw engine, for random play with action masks.

    python benchmarks/rl_speed.py [--games 20] [--only base,dice]

Per configuration, the same seeded games are played three ways, interleaved game by game: the
raw engine (every seat to move takes ``legal_moves`` and a random one; one ``play`` per ply), the
PettingZoo AEC environment (``last()``, a random action of the mask, ``step``) and the Parallel
environment (every seat's observation and mask each step); a fourth pass drives the engine
through the action index and masks alone, without observations ("mask"). Figures are per second
of the process's CPU time: engine plies and seat decisions, environment steps, and each
adapter's overhead = its time per game / the engine's time per game - 1.
"""

from __future__ import annotations

import argparse
import random
import time
from typing import Any

import numpy as np

from sevenwonders.core.game import Game
from sevenwonders.rl import Adapter, aec_env, parallel_env
from sevenwonders.rl.aec import SevenWondersAEC
from sevenwonders.rl.parallel import SevenWondersParallel

CONFIGS: tuple[tuple[str, int, dict[str, Any]], ...] = (
    ("base", 3, {}),
    ("base", 7, {}),
    ("base", 5, {"expansions": ["edifice"]}),
    ("architects", 2, {}),
    ("architects", 7, {}),
    ("dice", 2, {}),
    ("dice", 7, {}),
)


WARM_UP = 1_000_000  # the seed of the game each method plays first, not counted


def game_seed(k: int) -> int:
    """The engine seed an environment reset with ``seed=k`` plays."""
    return int(np.random.default_rng(k).integers(2**31))


def engine_game(game: Game[Any, Any, Any], k: int) -> tuple[int, int]:
    """One random game on the raw engine: (plies, seat decisions)."""
    rng = random.Random(k)
    state = game.new_game(game_seed(k))
    plies = decisions = 0
    while not game.is_over(state):
        moves = {}
        for seat in sorted(game.to_move(state)):
            moves[seat] = rng.choice(game.legal_moves(state, seat))
            decisions += 1
        state = game.play(state, moves)
        plies += 1
    return plies, decisions


def index_game(adapter: Adapter, k: int) -> None:
    """The engine driven through the action index and masks only, without observations."""
    rng = random.Random(k)
    game = adapter.game
    state = game.new_game(game_seed(k))
    while not game.is_over(state):
        moves = {}
        for seat in sorted(game.to_move(state)):
            actions = np.flatnonzero(adapter.mask(state, seat))
            moves[seat] = adapter.move(state, seat, actions[rng.randrange(len(actions))])
        state = game.play(state, moves)


def aec_game(env: SevenWondersAEC, k: int) -> int:
    rng = random.Random(k)
    env.reset(seed=k)
    steps = 0
    for _agent in env.agent_iter():
        obs, _, term, trunc, _ = env.last()
        if term or trunc:
            env.step(None)
            continue
        actions = np.flatnonzero(obs["action_mask"])
        env.step(int(actions[rng.randrange(len(actions))]))
        steps += 1
    return steps


def parallel_game(env: SevenWondersParallel, k: int) -> int:
    rng = random.Random(k)
    obs, _ = env.reset(seed=k)
    steps = 0
    while env.agents:
        actions = {}
        for agent, o in obs.items():
            legal = np.flatnonzero(o["action_mask"])
            actions[agent] = int(legal[rng.randrange(len(legal))]) if len(legal) else 0
        obs, *_ = env.step(actions)
        steps += 1
    return steps


def measure(name: str, players: int, options: dict[str, Any], games: int) -> dict[str, float]:
    aec = aec_env(name, players, **options)
    par = parallel_env(name, players, **options)
    engine = aec.game
    counts = {"plies": 0, "decisions": 0, "aec": 0, "parallel": 0}

    def run_engine(k: int) -> None:
        p, d = engine_game(engine, k)
        counts["plies"] += p
        counts["decisions"] += d

    def run_aec(k: int) -> None:
        counts["aec"] += aec_game(aec, k)

    def run_parallel(k: int) -> None:
        counts["parallel"] += parallel_game(par, k)

    runs = {"engine": run_engine, "aec": run_aec, "parallel": run_parallel,
            "index": lambda k: index_game(aec.adapter, k)}
    for run in runs.values():  # warm-up: first calls fill the rules' caches and import paths
        run(WARM_UP)
    for key in counts:
        counts[key] = 0
    cpu = time.process_time
    spent = dict.fromkeys(runs, 0.0)
    order = list(runs)
    for k in range(games):
        # the same seed four ways; the order rotates, since a later pass may meet positions
        # (and the rules' caches) an earlier one filled
        for key in order[k % 4:] + order[:k % 4]:
            start = cpu()
            runs[key](k)
            spent[key] += cpu() - start
    plies, decisions = counts["plies"], counts["decisions"]
    aec_steps, par_steps = counts["aec"], counts["parallel"]
    tiny = 1e-9
    return {
        "plies_s": plies / max(spent["engine"], tiny),
        "decisions_s": decisions / max(spent["engine"], tiny),
        "aec_steps_s": aec_steps / max(spent["aec"], tiny),
        "parallel_steps_s": par_steps / max(spent["parallel"], tiny),
        "aec_overhead": spent["aec"] / max(spent["engine"], tiny) - 1,
        "parallel_overhead": spent["parallel"] / max(spent["engine"], tiny) - 1,
        "index_overhead": spent["index"] / max(spent["engine"], tiny) - 1,
        "games": games,
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--only", default="", help="comma-separated game names")
    args = parser.parse_args(argv)
    only = {n for n in args.only.split(",") if n}
    print(f"{'game':<20} {'plies/s':>9} {'decisions/s':>12} {'AEC steps/s':>12} "
          f"{'AEC +%':>7} {'Par steps/s':>12} {'Par +%':>7} {'mask +%':>8}")
    for name, players, options in CONFIGS:
        if only and name not in only:
            continue
        r = measure(name, players, options, args.games)
        label = f"{name} {players}" + ("+edifice" if options else "")
        print(f"{label:<20} {r['plies_s']:>9.0f} {r['decisions_s']:>12.0f} "
              f"{r['aec_steps_s']:>12.0f} {100 * r['aec_overhead']:>6.0f}% "
              f"{r['parallel_steps_s']:>12.0f} {100 * r['parallel_overhead']:>6.0f}% "
              f"{100 * r['index_overhead']:>7.0f}%")


if __name__ == "__main__":
    main()
