"""What the RL adapters cost over the raw engine, for random play with action masks.

    PYTHONPATH=. python benchmarks/rl_speed.py [--games 20] [--only base,dice] [--features]

(``PYTHONPATH=.`` in a checkout: else the script, run from ``benchmarks/``, measures an
installed sevenwonders; the first line printed names the package measured.)

Per configuration, the same seeded random games are played several ways, interleaved game by
game. The games are drawn first (untimed) by a random player choosing among the mask's actions;
the timed passes then play those drawn choices, so that every pass plays the same game and what
is timed is the environment's or the engine's own work, not a player's:

- "engine": the raw engine: every seat to move takes ``legal_moves`` (what a player must list),
  one ``play`` per ply of a dict of the seats' moves, ``is_over`` asked before each ply;
- "mask": the engine driven through the action index alone (``Adapter.mask`` for every seat to
  move, ``Adapter.play``), no environment, no observation;
- "AECm": the PettingZoo AEC environment with ``last(observe=False)`` and the infos' masks (no
  observation encoded); "AEC": the same with ``last()`` and its observation (the seat's memory
  segments included; with ``--features`` the derived features too, normalised); "Parallel":
  every seat's observation and mask each step;
- "mask+pick" against "engine+pick": the same two as "mask" and "engine" with a random player's
  own choice timed too: the masked player decodes its mask (``mask.nonzero()[0]``, a numpy call
  of about 1-2 us) and draws, the engine's player draws from its list (``random.choice``). The
  difference between these and the plain columns is the players' cost, not the adapter's.

Every way reads the game's result at the end (the engine its ``ranking``, the environments their
rewards, made from it: else the base game's scoring, about 6% of a 7-player game's engine time,
would count as the adapters' cost). The Gymnasium environment (seat 0 plays random actions of its
mask, the others the library's random agent, both choosing as they play) is compared with the
engine replaying its games with random choices likewise. Figures are per second of the
process's CPU time: engine plies and seat decisions, environment steps, and each adapter's
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
from collections.abc import Callable, Mapping
from functools import partial
from pathlib import Path
from typing import Any

import numpy as np

import sevenwonders
from sevenwonders.core.protocol import Game
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


def engine_game(game: Game[Any, Any, Any], k: int, plies: Plies, pick: bool = False
                ) -> tuple[int, int]:
    """The raw engine playing the game drawn with seed ``k``: every seat to move takes
    ``legal_moves`` (with ``pick``, a random player's draw among them is timed too) and plays
    its drawn move; one ``play`` per ply; at the end the result is read (``ranking``: what the
    environments' rewards come from). Returns (plies, seat decisions)."""
    rng = random.Random(k)
    state = game.new_game(game_seed(k))
    decisions = 0
    for moves in plies:
        if game.is_over(state):
            raise AssertionError("the replayed game ended early")
        chosen = {}
        for seat in sorted(game.to_move(state)):
            legal = game.legal_moves(state, seat)
            if pick:
                rng.choice(legal)
            chosen[seat] = moves[seat]
            decisions += 1
        state = game.play(state, chosen)
    if not game.is_over(state):
        raise AssertionError("the replayed game did not end")
    game.ranking(state)
    return len(plies), decisions


def draw_game(adapter: Adapter, k: int, drawn: list[dict[int, int]] | None = None) -> None:
    """The engine driven through the action index and masks only, without observations, a
    random player decoding each mask and drawing among its actions; at the end the rewards are
    read. ``drawn`` receives each ply's actions by seat."""
    rng = random.Random(k)
    game = adapter.game
    state = game.new_game(game_seed(k))
    while not game.is_over(state):
        chosen = {}
        for seat in sorted(game.to_move(state)):
            actions = adapter.mask(state, seat).nonzero()[0]
            chosen[seat] = int(actions[rng.randrange(len(actions))])
        if drawn is not None:
            drawn.append(chosen)
        state = adapter.play(state, chosen)
    adapter.final_rewards(state)


def index_game(adapter: Adapter, k: int, drawn: list[dict[int, int]]) -> None:
    """The drawn game through the action index and masks only: each seat to move gets its
    mask, the ply plays the drawn actions; at the end the rewards are read."""
    game = adapter.game
    state = game.new_game(game_seed(k))
    for chosen in drawn:
        if game.is_over(state):
            raise AssertionError("the replayed game ended early")
        for seat in sorted(game.to_move(state)):
            adapter.mask(state, seat)
        state = adapter.play(state, chosen)
    if not game.is_over(state):
        raise AssertionError("the replayed game did not end")
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


def aec_game(env: SevenWondersAEC, k: int, drawn: list[dict[int, int]],
             observe: bool = True) -> int:
    """The drawn game through the AEC environment, the mask read from the observation, or with
    ``observe=False`` from the infos (``last(observe=False)``: no observation encoded)."""
    env.reset(seed=k)
    # the seats of a turn act in seat order, as the draw listed them
    actions = iter([action for chosen in drawn for _, action in sorted(chosen.items())])
    steps = 0
    for _agent in env.agent_iter():
        obs, _, term, trunc, info = env.last(observe=observe)
        if term or trunc:
            env.step(None)
            continue
        obs["action_mask"] if observe else info["action_mask"]  # what a player reads
        env.step(next(actions))
        steps += 1
    return steps


def parallel_game(env: SevenWondersParallel, k: int, drawn: list[dict[int, int]]) -> int:
    """The drawn game through the Parallel environment (every seat observed each step; a seat
    not asked to move submits 0)."""
    obs, _ = env.reset(seed=k)
    steps = 0
    agents = env.possible_agents
    for chosen in drawn:
        actions = dict.fromkeys(obs, 0)
        for seat, action in chosen.items():
            actions[agents[seat]] = action
        obs, *_ = env.step(actions)
        steps += 1
    if env.agents:
        raise AssertionError("the environment did not play the drawn game")
    return steps


def timed(runs: Mapping[str, Callable[[int], object]], games: int) -> dict[str, float]:
    """The CPU seconds each pass of ``runs`` spends on games ``0 .. games - 1``, interleaved."""
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
    return spent


def measure(name: str, players: int, options: dict[str, Any], games: int,
            observation: dict[str, Any] | None = None) -> dict[str, float]:
    """Every pass's figures for one configuration (``observation``: the environments'
    observation options, such as ``features`` and ``normalize``)."""
    observation = observation or {}
    aec = aec_env(name, players, **options, **observation)
    par = parallel_env(name, players, **options, **observation)
    gym = gym_env(name, players, **options, **observation)
    engine = aec.game
    adapter = aec.adapter
    counts = {"plies": 0, "decisions": 0, "aec": 0, "aec_mask": 0, "parallel": 0, "gym": 0}
    # the games drawn by a random player of the masks (actions, and the engine's moves), played
    # again by every pass; the Gymnasium games and their moves likewise
    drawn: dict[int, list[dict[int, int]]] = {}
    played: dict[int, Plies] = {}
    played_gym: dict[int, Plies] = {}
    for k in [WARM_UP, *range(games)]:
        drawn[k] = []
        played[k] = record(engine, partial(draw_game, adapter, k, drawn[k]))
        played_gym[k] = record(gym.game, partial(gym_game, gym, k))

    def run_engine(k: int) -> None:
        p, d = engine_game(engine, k, played[k])
        counts["plies"] += p
        counts["decisions"] += d

    def run_aec(k: int) -> None:
        counts["aec"] += aec_game(aec, k, drawn[k])

    def run_aec_mask(k: int) -> None:
        counts["aec_mask"] += aec_game(aec, k, drawn[k], observe=False)

    def run_parallel(k: int) -> None:
        counts["parallel"] += parallel_game(par, k, drawn[k])

    def run_gym(k: int) -> None:
        counts["gym"] += gym_game(gym, k)

    runs = {"engine": run_engine, "aec": run_aec, "aec_mask": run_aec_mask,
            "parallel": run_parallel, "index": lambda k: index_game(adapter, k, drawn[k]),
            "engine_pick": lambda k: engine_game(engine, k, played[k], pick=True),
            "index_pick": lambda k: draw_game(adapter, k),
            "agents": lambda k: engine_game(gym.game, k, played_gym[k], pick=True),
            "gym": run_gym}
    for run in runs.values():  # warm-up: first calls fill the rules' caches and import paths
        run(WARM_UP)
    for key in counts:
        counts[key] = 0
    spent = timed(runs, games)
    plies, decisions = counts["plies"], counts["decisions"]
    aec_steps, par_steps = counts["aec"], counts["parallel"]
    # the same games on every side
    if aec_steps != decisions or counts["aec_mask"] != decisions or par_steps != plies:
        raise AssertionError("the environments did not play the engine's games")
    tiny = 1e-9

    def over(key: str, base: str = "engine") -> float:
        return spent[key] / max(spent[base], tiny) - 1

    return {
        "plies_s": plies / max(spent["engine"], tiny),
        "decisions_s": decisions / max(spent["engine"], tiny),
        "aec_steps_s": aec_steps / max(spent["aec"], tiny),
        "parallel_steps_s": par_steps / max(spent["parallel"], tiny),
        "aec_overhead": over("aec"),
        "parallel_overhead": over("parallel"),
        "aec_mask_overhead": over("aec_mask"),
        "index_overhead": over("index"),
        "pick_overhead": over("index_pick", "engine_pick"),
        "gym_steps_s": counts["gym"] / max(spent["gym"], tiny),
        "gym_overhead": over("gym", "agents"),
        "games": games,
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--only", default="", help="comma-separated game names")
    parser.add_argument("--features", action="store_true",
                        help="observations with the derived features, normalised")
    args = parser.parse_args(argv)
    only = {n for n in args.only.split(",") if n}
    # ``python benchmarks/rl_speed.py`` imports an installed sevenwonders, not the checkout's
    # (run ``PYTHONPATH=. python benchmarks/rl_speed.py`` there): say which one is measured
    print(f"sevenwonders from {Path(sevenwonders.__file__).parent}")
    print(f"{'game':<20} {'plies/s':>9} {'decisions/s':>12} {'AEC steps/s':>12} "
          f"{'AEC +%':>7} {'AECm +%':>8} {'Par steps/s':>12} {'Par +%':>7} {'mask +%':>8} "
          f"{'m+pick +%':>10} {'Gym steps/s':>12} {'Gym +%':>7}")
    for name, players, options in CONFIGS:
        if only and name not in only:
            continue
        r = measure(name, players, options, args.games,
                    {"features": True, "normalize": True} if args.features else None)
        label = f"{name} {players}" + ("+edifice" if options else "")
        print(f"{label:<20} {r['plies_s']:>9.0f} {r['decisions_s']:>12.0f} "
              f"{r['aec_steps_s']:>12.0f} {100 * r['aec_overhead']:>6.0f}% "
              f"{100 * r['aec_mask_overhead']:>7.0f}% "
              f"{r['parallel_steps_s']:>12.0f} {100 * r['parallel_overhead']:>6.0f}% "
              f"{100 * r['index_overhead']:>7.0f}% "
              f"{100 * r['pick_overhead']:>9.0f}% "
              f"{r['gym_steps_s']:>12.0f} {100 * r['gym_overhead']:>6.0f}%")


if __name__ == "__main__":
    main()
