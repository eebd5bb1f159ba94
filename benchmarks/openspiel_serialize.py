"""Size and CPU time of OpenSpiel's serialization of this library's states.

For each family: random games through OpenSpiel (``pyspiel``), each finished state serialized
with ``pyspiel.serialize_game_and_state`` and read back with ``deserialize_game_and_state``;
reports the median and range of the serialized size (bytes) and of the CPU time of each
direction (ms), and the history's length. A second line per family serializes a state of a game
object that has played ``--warm`` games before (caches full). CPU time by
``time.process_time``; run configurations in turn (A, B, A, B) on a shared machine.

    python benchmarks/openspiel_serialize.py --games 10
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Mapping
from typing import Any

import numpy as np
import pyspiel

import sevenwonders.openspiel  # noqa: F401 - registers the games

FAMILIES = {"base": {"players": 4}, "architects": {"players": 3}, "dice": {"players": 3}}


def _play(game: object, rng: np.random.Generator) -> object:
    state = game.new_initial_state()  # type: ignore[attr-defined]
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(int(rng.integers(len(outcomes))))
        elif state.is_simultaneous_node():
            players = range(game.num_players())  # type: ignore[attr-defined]
            # (a seat without a legal action passes 0: earlier versions had such seats)
            state.apply_actions([int(rng.choice(state.legal_actions(p) or [0]))
                                 for p in players])
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    return state


def _measure(name: str, params: Mapping[str, object], games: int, warm: int) -> str:
    game = pyspiel.load_game(name, params)
    rng = np.random.default_rng(1)
    for _ in range(warm):
        _play(game, rng)
    sizes: list[float] = []
    out_ms: list[float] = []
    in_ms: list[float] = []
    lengths: list[float] = []
    for _ in range(games):
        state: Any = _play(game, rng)
        start = time.process_time()
        text = pyspiel.serialize_game_and_state(game, state)
        middle = time.process_time()
        again: Any = pyspiel.deserialize_game_and_state(text)[1]
        end = time.process_time()
        assert again.history() == state.history()
        sizes.append(len(text))
        out_ms.append((middle - start) * 1000)
        in_ms.append((end - middle) * 1000)
        lengths.append(len(state.history()))

    def summary(values: list[float], unit: str) -> str:
        return (f"{statistics.median(values):.1f} {unit} "
                f"({min(values):.1f}-{max(values):.1f})")

    return (f"{name} {params} warm={warm}: size {summary(sizes, 'B')}, serialize "
            f"{summary(out_ms, 'ms')}, deserialize {summary(in_ms, 'ms')}, history "
            f"{summary(lengths, 'actions')}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--warm", type=int, default=200)
    args = parser.parse_args()
    for family, params in FAMILIES.items():
        name = f"python_sevenwonders_{family}"
        print(_measure(name, params, args.games, 0), flush=True)
        print(_measure(name, params, args.games, args.warm), flush=True)


if __name__ == "__main__":
    main()
