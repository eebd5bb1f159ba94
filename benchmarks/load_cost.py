"""What loading a state costs, in units of ``play`` calls, per game family.

The unit is one ``play`` as a playout makes it: a step of a random game the game object has
not met before, from the state the game object itself made a step earlier. Each round draws
new seeds; their moves are chosen on a second game object of the same configuration, so the
timed object has listed no move and remembered nothing for these games (a replay of games it
already played finds its memories warm and is cheaper than any real use: that figure is
printed too, as ``replayed``). The loads are ``from_json`` of every state of a few other
random games, in order, every load check included; they too are new each round, so no load
reads a document read before (a stateless server reads each state of a game once). Both are
CPU time, interleaved round by round, and the figure reported is load / play: how many plays
one load costs (median and range).

Beside the load, ``parse us`` is what reading the same documents' text alone takes (timed in
the same rounds, by the reader a load uses: orjson where the ``fast`` extra installed it, else
the standard library's): the part of a load no state code can save, so the rest shows. Two
other units are printed beside it: ``in steps``, a whole step of a random game as a playout
makes it (``legal_moves`` of each seat to move, a random choice, ``play``), again of games the
timed object has not met; and ``stateless``, the ``play`` a stateless server makes after the
load, of the state it loaded (which finds nothing remembered and passes the checks of a state
from outside). Last, ``shuffled``: the same loads in a random order, in plays: each document
then follows one from another point of the games, as when many games of one table are served
in turn, so what a load remembers of the last state its table read helps little.

Run it with ``python benchmarks/load_cost.py [--rounds N] [--games N] [--only LABEL]
[--reread]``.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

from sevenwonders.core.json_text import NOT_READ, quick_parse
from sevenwonders.core.serialization import from_json, is_shallow, to_json
from sevenwonders.games import make_game

Sample = tuple[Any, dict[int, Any], str]
"""A state, the joint move played from it, and the state's JSON."""


def _configs() -> list[tuple[str, Callable[[], Any]]]:
    from sevenwonders.edifice import Edifice

    return [
        ("base 2nd 4p", lambda: make_game("base", 4)),
        ("base 1st 5p", lambda: make_game("base", 5, edition="1st", sides="ab")),
        ("edifice 4p", lambda: make_game("base", 4, sides="random", expansions=(Edifice(),))),
        # (an Architects load reads and builds every city, a play touches one seat: the
        # ratio grows with the table, so every size is measured)
        ("architects 2p", lambda: make_game("architects", 2)),
        ("architects 4p", lambda: make_game("architects", 4)),
        ("architects 7p", lambda: make_game("architects", 7)),
        ("dice 4p", lambda: make_game("dice", 4)),
    ]


def sample(game: Any, seeds: range) -> list[Sample]:
    """(state, a legal joint move, the state's JSON) for every ply of the random games of
    ``seeds``; the games follow one another, each from its own first state."""
    out = []
    for seed in seeds:
        rng = random.Random(seed)
        state = game.new_game(seed=seed)
        while not game.is_over(state):
            moves = {seat: rng.choice(game.legal_moves(state, seat))
                     for seat in sorted(game.to_move(state))}
            out.append((state, moves, to_json(state)))
            state = game.play(state, moves)
    return out


def _time_loads(cls: type, texts: list[str]) -> float:
    start = time.process_time()
    for text in texts:
        from_json(text, cls)
    return (time.process_time() - start) / len(texts)


def _time_parses(cls: type, texts: list[str]) -> float:
    """Each document's text read as a load of ``cls`` reads it, before any state code."""
    quick = is_shallow(cls) and quick_parse("[]") is not NOT_READ
    read = quick_parse if quick else json.loads
    start = time.process_time()
    for text in texts:
        read(text)
    return (time.process_time() - start) / len(texts)


def _time_plays(game: Any, samples: list[Sample], seeds: range) -> float:
    """The games of ``seeds`` (``samples``: their plies in order) played move by move by
    ``game``, each from ``game``'s own first state, as in a playout."""
    firsts = [game.new_game(seed=seed) for seed in seeds]
    start = time.process_time()
    state: Any = None
    for before, moves, _ in samples:
        if state is None or game.is_over(state):
            state = firsts.pop(0)
            assert state == before
        state = game.play(state, moves)
    return (time.process_time() - start) / len(samples)


def _time_steps(game: Any, seeds: range) -> float:
    """Random games of ``seeds`` played by ``game`` as a playout plays them: per ``play``,
    the legal moves of each seat to move, a random choice among them and the ``play``."""
    plays = 0
    start = time.process_time()
    for seed in seeds:
        rng = random.Random(seed)
        state = game.new_game(seed=seed)
        while not game.is_over(state):
            state = game.play(state, {seat: rng.choice(game.legal_moves(state, seat))
                                      for seat in sorted(game.to_move(state))})
            plays += 1
    return (time.process_time() - start) / plays


def _time_stateless(game: Any, samples: list[Sample]) -> float:
    """``play`` of each state just loaded from its JSON (each loaded value played once)."""
    cls = type(samples[0][0])
    loaded = [from_json(text, cls) for _, _, text in samples]
    start = time.process_time()
    for state, (_, moves, _) in zip(loaded, samples, strict=True):
        game.play(state, moves)
    return (time.process_time() - start) / len(samples)


def _spread(values: list[float]) -> tuple[float, float, float]:
    return statistics.median(values), min(values), max(values)


def measure(make: Callable[[], Any], rounds: int, games: int, reread: bool = False
            ) -> dict[str, Any]:
    """Loads over ``rounds`` interleaved rounds, in units of a playout's ``play`` (median,
    lowest, highest), of a playout's step, of a replayed ``play`` and of a stateless one.
    ``reread``: the same documents every round (the script's earlier way, which favours a
    load check that remembers what it read)."""
    game, chooser = make(), make()
    first = sample(chooser, range(30_000, 30_000 + games))
    kinds = ("load", "play", "step", "replayed", "stateless", "parse")
    times: dict[str, list[float]] = {kind: [] for kind in (*kinds, "shuffled")}
    states = 0
    for r in range(rounds):
        seeds = range(10_000 + r * games, 10_000 + (r + 1) * games)  # new games each round
        fresh = sample(chooser, seeds)
        # the loads too: every state of other new games, in order (as a stateless server
        # reads the states of its games), so no load meets a document it has read before
        loaded = first if reread or not r else sample(
            chooser, range(30_000 + r * games, 30_000 + (r + 1) * games))
        states += len(loaded)
        texts = [text for *_, text in loaded]
        times["load"].append(_time_loads(type(loaded[0][0]), texts))
        times["play"].append(_time_plays(game, fresh, seeds))
        times["replayed"].append(_time_plays(game, fresh, seeds))  # the same games again
        times["step"].append(_time_steps(game, range(20_000 + r * games,
                                                     20_000 + (r + 1) * games)))
        times["stateless"].append(_time_stateless(game, fresh))
        times["parse"].append(_time_parses(type(loaded[0][0]), texts))
        shuffled = texts[:]
        random.Random(r).shuffle(shuffled)
        times["shuffled"].append(_time_loads(type(loaded[0][0]), shuffled))
    out: dict[str, Any] = {"states": states // rounds}
    for kind in kinds:
        out[f"{kind}_us"] = statistics.median(times[kind]) * 1e6
    for kind in kinds[1:-1]:
        out[kind] = _spread([load / play for load, play in zip(times["load"], times[kind],
                                                                strict=True)])
    out["shuffled"] = _spread([load / play for load, play in zip(times["shuffled"],
                                                                 times["play"], strict=True)])
    return out


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--only", default="", help="the configurations whose label holds this")
    parser.add_argument("--reread", action="store_true",
                        help="load the same documents every round (the earlier way)")
    args = parser.parse_args(argv)
    print(f"{'configuration':<15}{'states':>7}{'load us':>9}{'parse us':>9}{'play us':>9}"
          f"{'loads in plays (median, range)':>32}{'in steps':>10}{'replayed':>10}"
          f"{'stateless':>11}{'shuffled':>10}")
    for label, make in _configs():
        if args.only not in label:
            continue
        r = measure(make, args.rounds, args.games, args.reread)
        ratio, low, high = r["play"]
        print(f"{label:<15}{r['states']:>7}{r['load_us']:>9.0f}{r['parse_us']:>9.1f}"
              f"{r['play_us']:>9.1f}"
              f"{ratio:>18.2f} ({low:.2f}-{high:.2f}){r['step'][0]:>10.2f}"
              f"{r['replayed'][0]:>10.2f}{r['stateless'][0]:>11.2f}"
              f"{r['shuffled'][0]:>10.2f}")


if __name__ == "__main__":
    main()
