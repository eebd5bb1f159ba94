"""What the RL adapters cost over the raw engine, for random play with action masks.

    PYTHONPATH=. python benchmarks/rl_speed.py [--games 20] [--only base,dice]

(``PYTHONPATH=.`` in a checkout: else the script, run from ``benchmarks/``, measures an
installed sevenwonders; the first line printed names the package measured.)

Per configuration, the same seeded games are played several ways, interleaved game by game: the
PettingZoo AEC environment (``last()``, a random action of the mask, ``step``), the same from the
infos' masks without observations (``last(observe=False)``: "AECm"), the Parallel environment
(every seat's observation and mask each step), the engine driven through the action index and
masks alone (``Adapter.play``), without observations or environment ("mask"), all drawing the
same random actions, and the raw engine replaying those games (recorded untimed): every seat to
move still takes ``legal_moves`` and draws a random choice among them, as a random player must,
but plays the environment's move, so that both sides play the same game; one ``play`` per ply,
of a dict of the seats' moves made as a player makes it, and ``is_over`` asked before each ply
(what the environments and the mask path do as well).
Every way reads the game's result at the end (the engine its ``ranking``, the environments their
rewards, made from it: else the base game's scoring, about 6% of a 7-player game's engine time,
would count as the adapters' cost). The Gymnasium environment (seat 0 plays random actions of its
mask, the others the library's random agent) is compared with the engine replaying its games
likewise. A random player picks among ``mask.nonzero()[0]`` (``np.flatnonzero`` adds a Python
wrapper, about 1 us a call, to what the player pays, not the adapter). Figures are per second of
the process's CPU time: engine plies and seat decisions, environment steps, and each adapter's
overhead = its time per game / its engine's time per game - 1.

Garbage collection: after the warm-up the objects alive are frozen (``gc.freeze``) and a
collection runs, untimed, before every timed game. Otherwise a full collection, whose cost
depends on the whole heap (the rules' caches) rather than on the code that happens to trigger it,
lands on one pass or another by chance and decides the comparison; the young collections each
pass causes by what it allocates are still counted.
"""

from __future__ import annotations

import argparse
import gc
import random
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

import numpy as np

import sevenwonders
from sevenwonders.core.game import Game
from sevenwonders.rl import Adapter, aec_env, gym_env, parallel_env
from sevenwonders.rl.aec import SevenWondersAEC
from sevenwonders.rl.gymnasium_env import SevenWondersGym
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


Plies = list[dict[int, Any]]


def record(game: Game[Any, Any, Any], play: Callable[[], object]) -> Plies:
    """The moves of every ``game.play`` call while ``play()`` runs (untimed)."""
    plies: Plies = []
    original = game.play

    def recording(state: Any, moves: Any) -> Any:
        plies.append(dict(moves))
        return original(state, moves)

    game.play = recording  # type: ignore[method-assign]
    try:
        play()
    finally:
        del game.play
    return plies


def engine_game(game: Game[Any, Any, Any], k: int, plies: Plies) -> tuple[int, int]:
    """The raw engine playing the game an environment played with seed ``k``, as a random
    player plays: every seat to move takes ``legal_moves`` and a random choice among them (the
    move played is the environment's, so that both sides play the same game); one ``play`` per
    ply; at the end the result is read (``ranking``: what the environments' rewards come
    from). Returns (plies, seat decisions)."""
    rng = random.Random(k)
    state = game.new_game(game_seed(k))
    decisions = 0
    for moves in plies:
        if game.is_over(state):
            raise AssertionError("the replayed game ended early")
        chosen = {}
        for seat in sorted(game.to_move(state)):
            rng.choice(game.legal_moves(state, seat))
            chosen[seat] = moves[seat]
            decisions += 1
        state = game.play(state, chosen)
    if not game.is_over(state):
        raise AssertionError("the replayed game did not end")
    game.ranking(state)
    return len(plies), decisions


def index_game(adapter: Adapter, k: int) -> None:
    """The engine driven through the action index and masks only, without observations;
    at the end the rewards are read."""
    rng = random.Random(k)
    game = adapter.game
    state = game.new_game(game_seed(k))
    while not game.is_over(state):
        chosen = {}
        for seat in sorted(game.to_move(state)):
            actions = adapter.mask(state, seat).nonzero()[0]
            chosen[seat] = int(actions[rng.randrange(len(actions))])
        state = adapter.play(state, chosen)
    adapter.final_rewards(state)


def gym_game(env: SevenWondersGym, k: int) -> int:
    rng = random.Random(k)
    obs, _ = env.reset(seed=k)
    steps = 0
    while True:
        actions = obs["action_mask"].nonzero()[0]
        obs, _, terminated, truncated, _ = env.step(int(actions[rng.randrange(len(actions))]))
        steps += 1
        if terminated or truncated:
            return steps


def aec_game(env: SevenWondersAEC, k: int, observe: bool = True) -> int:
    """The AEC environment played from the observations' masks, or with ``observe=False``
    from the infos' masks (``last(observe=False)``: no observation encoded)."""
    rng = random.Random(k)
    env.reset(seed=k)
    steps = 0
    for _agent in env.agent_iter():
        obs, _, term, trunc, info = env.last(observe=observe)
        if term or trunc:
            env.step(None)
            continue
        mask = obs["action_mask"] if observe else info["action_mask"]
        actions = mask.nonzero()[0]
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
            legal = o["action_mask"].nonzero()[0]
            actions[agent] = int(legal[rng.randrange(len(legal))]) if len(legal) else 0
        obs, *_ = env.step(actions)
        steps += 1
    return steps


def measure(name: str, players: int, options: dict[str, Any], games: int) -> dict[str, float]:
    aec = aec_env(name, players, **options)
    par = parallel_env(name, players, **options)
    gym = gym_env(name, players, **options)
    engine = aec.game
    counts = {"plies": 0, "decisions": 0, "aec": 0, "aec_mask": 0, "parallel": 0, "gym": 0}
    # the games the environments play (the index pass draws the same random actions as the AEC
    # and Parallel ones), replayed by the engine passes
    played: dict[int, Plies] = {}
    played_gym: dict[int, Plies] = {}
    for k in [WARM_UP, *range(games)]:
        played[k] = record(engine, partial(index_game, aec.adapter, k))
        played_gym[k] = record(gym.game, partial(gym_game, gym, k))

    def run_engine(k: int) -> None:
        p, d = engine_game(engine, k, played[k])
        counts["plies"] += p
        counts["decisions"] += d

    def run_aec(k: int) -> None:
        counts["aec"] += aec_game(aec, k)

    def run_aec_mask(k: int) -> None:
        counts["aec_mask"] += aec_game(aec, k, observe=False)

    def run_parallel(k: int) -> None:
        counts["parallel"] += parallel_game(par, k)

    def run_gym(k: int) -> None:
        counts["gym"] += gym_game(gym, k)

    runs = {"engine": run_engine, "aec": run_aec, "aec_mask": run_aec_mask,
            "parallel": run_parallel,
            "index": lambda k: index_game(aec.adapter, k),
            "agents": lambda k: engine_game(gym.game, k, played_gym[k]), "gym": run_gym}
    for run in runs.values():  # warm-up: first calls fill the rules' caches and import paths
        run(WARM_UP)
    for key in counts:
        counts[key] = 0
    cpu = time.process_time
    spent = dict.fromkeys(runs, 0.0)
    order = list(runs)
    gc.collect()
    gc.freeze()
    try:
        for k in range(games):
            # the same seed every way; the order rotates, since a later pass may meet positions
            # (and the rules' caches) an earlier one filled
            for key in order[k % len(order):] + order[:k % len(order)]:
                gc.collect()
                start = cpu()
                runs[key](k)
                spent[key] += cpu() - start
    finally:
        gc.unfreeze()
    plies, decisions = counts["plies"], counts["decisions"]
    aec_steps, par_steps = counts["aec"], counts["parallel"]
    # the same games on every side
    if aec_steps != decisions or counts["aec_mask"] != decisions or par_steps != plies:
        raise AssertionError("the environments did not play the engine's games")
    tiny = 1e-9
    return {
        "plies_s": plies / max(spent["engine"], tiny),
        "decisions_s": decisions / max(spent["engine"], tiny),
        "aec_steps_s": aec_steps / max(spent["aec"], tiny),
        "parallel_steps_s": par_steps / max(spent["parallel"], tiny),
        "aec_overhead": spent["aec"] / max(spent["engine"], tiny) - 1,
        "parallel_overhead": spent["parallel"] / max(spent["engine"], tiny) - 1,
        "aec_mask_overhead": spent["aec_mask"] / max(spent["engine"], tiny) - 1,
        "index_overhead": spent["index"] / max(spent["engine"], tiny) - 1,
        "gym_steps_s": counts["gym"] / max(spent["gym"], tiny),
        "gym_overhead": spent["gym"] / max(spent["agents"], tiny) - 1,
        "games": games,
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--only", default="", help="comma-separated game names")
    args = parser.parse_args(argv)
    only = {n for n in args.only.split(",") if n}
    # ``python benchmarks/rl_speed.py`` imports an installed sevenwonders, not the checkout's
    # (run ``PYTHONPATH=. python benchmarks/rl_speed.py`` there): say which one is measured
    print(f"sevenwonders from {Path(sevenwonders.__file__).parent}")
    print(f"{'game':<20} {'plies/s':>9} {'decisions/s':>12} {'AEC steps/s':>12} "
          f"{'AEC +%':>7} {'AECm +%':>8} {'Par steps/s':>12} {'Par +%':>7} {'mask +%':>8} "
          f"{'Gym steps/s':>12} {'Gym +%':>7}")
    for name, players, options in CONFIGS:
        if only and name not in only:
            continue
        r = measure(name, players, options, args.games)
        label = f"{name} {players}" + ("+edifice" if options else "")
        print(f"{label:<20} {r['plies_s']:>9.0f} {r['decisions_s']:>12.0f} "
              f"{r['aec_steps_s']:>12.0f} {100 * r['aec_overhead']:>6.0f}% "
              f"{100 * r['aec_mask_overhead']:>7.0f}% "
              f"{r['parallel_steps_s']:>12.0f} {100 * r['parallel_overhead']:>6.0f}% "
              f"{100 * r['index_overhead']:>7.0f}% "
              f"{r['gym_steps_s']:>12.0f} {100 * r['gym_overhead']:>6.0f}%")


if __name__ == "__main__":
    main()
