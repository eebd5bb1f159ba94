"""How often agents choose the move a reference agent chooses, on the positions of self-play.

    python -m benchmarks.agreement [--game base] [--players 4] [--games 30] [--seed 20000]
        [--play learned] [--reference ismcts:100] [--agents greedy learned] [--seats 0 2]
        [--workers 1]

The positions: every decision with more than one legal move of the seats ``--seats`` in
``--games`` games in which every seat plays ``--play`` (game ``k`` from the set-up seed
``seed + k``, the players drawing from the generator ``k``). At each, the reference chooses
with one generator and again with another: a reference that draws (a search samples hidden
cards and walks) does not always agree with itself, and that share is the ceiling of agreeing
with one of its moves, against which each agent's share reads. Each agent of ``--agents``
chooses once, with a generator of its own. Agents are named as the strength benchmark names
them (:func:`benchmarks.strength.agent`): ``learned-file=PATH`` is a candidate network, so
several candidates read against one run of the reference.

Printed, per agent: the share of the positions where its move is the reference's, and where
its kind of move and its card are (a field named ``card``, where the move has one: the payment
aside), each with its standard error over games (the positions of one game are not
independent). A student network is taught one move of its teacher per position; how far its
share is below the teacher's own says how much of the teacher it has not learned.
"""

from __future__ import annotations

import argparse
import math
import sys
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from sevenwonders.agents.base import Agent
from sevenwonders.core.protocol import Game
from sevenwonders.core.rng import Rng
from sevenwonders.games import make_game

# strength.py beside this file, however this one was loaded (one module name, for mypy too)
sys.path.insert(0, str(Path(__file__).resolve().parent))
from strength import agent as agent_named

AGAIN = "reference again"
"""The row of the reference's second choice (another generator)."""


def positions(game: Game[Any, Any, Any], player: Agent, seed: int, index: int,
              seats: Sequence[int]) -> list[tuple[Any, tuple[Any, ...]]]:
    """The views and legal moves of ``seats`` at their decisions with a choice, in the game
    ``index`` that ``player`` plays in every seat."""
    state, rng = game.new_game(seed + index), Rng.from_seed(index)
    found = []
    while not game.is_over(state):
        moves = {}
        for seat in sorted(game.to_move(state)):
            view, legal = game.view(state, seat), game.legal_moves(state, seat)
            if len(legal) > 1 and seat in seats:
                found.append((view, legal))
            moves[seat], rng = player.choose(game, view, legal, rng)
        state = game.play(state, moves)
    return found


def kind_and_card(move: Any) -> tuple[str, Any]:
    """A move without its payment: its class and its card, where it names one."""
    return type(move).__name__, getattr(move, "card", None)


def agreement(game: Game[Any, Any, Any], found: Sequence[tuple[Any, tuple[Any, ...]]],
              reference: Agent, agents: dict[str, Agent]) -> dict[str, tuple[int, int]]:
    """Per agent (and :data:`AGAIN`), at how many of the positions ``found`` its move is the
    reference's, and at how many its kind and card are."""
    counts = {name: [0, 0] for name in (AGAIN, *agents)}
    for i, (view, legal) in enumerate(found):
        chosen, _ = reference.choose(game, view, legal, Rng.from_seed(1_000_000 + i))
        moves = {AGAIN: reference.choose(game, view, legal, Rng.from_seed(2_000_000 + i))[0]}
        for name, agent in agents.items():
            moves[name], _ = agent.choose(game, view, legal, Rng.from_seed(3_000_000 + i))
        for name, move in moves.items():
            counts[name][0] += move == chosen
            counts[name][1] += kind_and_card(move) == kind_and_card(chosen)
    return {name: (same, alike) for name, (same, alike) in counts.items()}


def measure_game(args: tuple[str, int, str, str, tuple[str, ...], int, int, tuple[int, ...]]
                 ) -> tuple[int, dict[str, tuple[int, int]]]:
    """One game's positions and counts (the arguments of :func:`main`, flattened: a process
    pool's unit of work)."""
    name, players, play, reference, specs, seed, index, seats = args
    game = make_game(name, players)
    found = positions(game, agent_named(play, game), seed, index, seats)
    agents = {spec: agent_named(spec, game) for spec in specs}
    return len(found), agreement(game, found, agent_named(reference, game), agents)


def shares(results: Sequence[tuple[int, dict[str, tuple[int, int]]]], name: str
           ) -> tuple[float, float, float, float]:
    """An agent's two shares over all positions, each with its standard error over games
    (a ratio estimate: the games' shares weighed by their positions)."""
    out = []
    for part in (0, 1):
        total = sum(n for n, _ in results)
        share = sum(counts[name][part] for _, counts in results) / total
        games = len(results)
        spread = sum((counts[name][part] - share * n) ** 2 for n, counts in results)
        error = math.sqrt(spread / (games - 1) * games) / total if games > 1 else math.inf
        out += [share, error]
    return out[0], out[1], out[2], out[3]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="base")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--seed", type=int, default=20_000)
    parser.add_argument("--play", default="learned", help="the agent of every seat")
    parser.add_argument("--reference", default="ismcts:100")
    parser.add_argument("--agents", nargs="*", default=["greedy", "learned"])
    parser.add_argument("--seats", type=int, nargs="*", default=[0, 2])
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args(argv)
    work = [(args.game, args.players, args.play, args.reference, tuple(args.agents), args.seed,
             index, tuple(args.seats)) for index in range(args.games)]
    if args.workers > 1:
        with ProcessPoolExecutor(args.workers) as pool:
            results = list(pool.map(measure_game, work))
    else:
        results = [measure_game(item) for item in work]
    print(f"{sum(n for n, _ in results)} positions of {args.games} games ({args.play} in every "
          f"seat, seats {args.seats}); the move of {args.reference}:")
    for name in (AGAIN, *args.agents):
        same, same_se, alike, alike_se = shares(results, name)
        print(f"  {name:<24} the same move {same:.3f} ± {same_se:.3f}, "
              f"its kind and card {alike:.3f} ± {alike_se:.3f}")


if __name__ == "__main__":
    main()
