"""Our base game against the PyPI package 7Wonder-RL-Lib: random games per CPU-second, in one
process, interleaved, at 3, 5 and 7 players.

    python benchmarks/peer.py [--seconds 6] [--rounds 6] [--players 3,5,7]

The peer's games are its own game loop (the one its ``mainGameEnv/main.py`` runs: deal, six turns
of every player choosing through its ``RandomAI`` personality, hands passed, battles, final
scores), driven here through its public classes. It crashes in about half of its games (a
``KeyError`` in its resource search); only completed games count. Its rate is given two ways:
completed games per CPU-second of the completed games alone (its best case: the figure the ratio
uses), and per CPU-second of every game tried. Our games: seeded random base games, as
``speed.py`` plays them. Each side gets ``--seconds`` of CPU time per player count, in
``--rounds`` slices taken in turn. The script measures the checkout it lives in.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import importlib.metadata
import os
import random
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

if __package__ in (None, ""):  # run as a script: measure this checkout, not an installed copy
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from sevenwonders.core.protocol import Game
from sevenwonders.games import make_game

# speed.py beside this file, however this one was loaded (one module name, for mypy too)
sys.path.insert(0, str(Path(__file__).resolve().parent))
from speed import random_game

DISTRIBUTION = "7Wonder-RL-Lib"


class Peer:
    """The installed 7Wonder-RL-Lib, found through its distribution's file list (it installs
    its package one folder deeper than its top-level name says)."""

    def __init__(self) -> None:
        files = importlib.metadata.distribution(DISTRIBUTION).files or []
        init = next(f for f in files if str(f).endswith("SevenWonEnv/__init__.py"))
        root = Path(str(init.locate())).parent.parent
        if str(root) not in sys.path:
            sys.path.append(str(root))
        self.main: ModuleType = importlib.import_module("SevenWonEnv.envs.mainGameEnv.main")
        self.helper: ModuleType = importlib.import_module(
            "SevenWonEnv.envs.mainGameEnv.mainHelper")
        personality = importlib.import_module("SevenWonEnv.envs.mainGameEnv.Personality")
        self.random_ai: Any = personality.RandomAI
        self.folder = Path(str(self.main.__file__)).parent  # it opens "Card/*.json" relative

    @contextlib.contextmanager
    def inside(self) -> Iterator[None]:
        """Its working directory, and its prints sent nowhere."""
        before = os.getcwd()
        with open(os.devnull, "w") as sink, contextlib.redirect_stdout(sink):
            os.chdir(self.folder)
            try:
                yield
            finally:
                os.chdir(before)

    def game(self, players: int, seed: int) -> list[int]:
        """One random game (raises whatever the peer raises); the final scores."""
        random.seed(seed)
        card_ages, seats = self.main.init(players)
        for seat in seats.values():
            seat.assignPersonality(self.random_ai)
        discarded: list[Any] = []
        for age in (1, 2, 3):
            cards = card_ages[age - 1]
            random.shuffle(cards)
            hands = [cards[i:i + 7] for i in range(0, len(cards), 7)]
            for number, hand in enumerate(hands, start=1):
                if any("freeStructure" in effect for effect in seats[number].endAgeEffect):
                    seats[number].freeStructure = True
                seats[number].assignHand(hand)
            for _ in range(6):
                for number in range(1, players + 1):
                    card, action = seats[number].playCard(age)
                    if action == -1:
                        discarded.append(card)
                self.helper.rotateHand(seats, age)
                for number in range(1, players + 1):
                    seat = seats[number]
                    if seat.endTurnEffect == "buildDiscarded":
                        card, _ = seat.playFromEffect(discarded, seat.endTurnEffect, age=age)
                        discarded = [d for d in discarded if d.name != card.name]
            for number in range(1, players + 1):
                discarded.append(seats[number].hand[0])
            for number in range(1, players + 1):
                self.helper.battle(seats[number], seats[number % players + 1], age)
        return [seats[number].endGameCal() for number in range(1, players + 1)]


class Side:
    """Games and CPU time of one side at one player count."""

    def __init__(self) -> None:
        self.tried = self.completed = 0
        self.cpu_all = self.cpu_completed = 0.0
        self.errors: dict[str, int] = {}


def _ours(game: Game[Any, Any, Any], side: Side, seconds: float) -> None:
    """Our random games for about ``seconds`` of CPU time (at least one)."""
    start = time.process_time()
    first = True
    while first or time.process_time() - start < seconds:
        first = False
        t0 = time.process_time()
        random_game(game, side.tried)
        spent = time.process_time() - t0
        side.tried += 1
        side.completed += 1
        side.cpu_all += spent
        side.cpu_completed += spent


def _theirs(peer: Peer, players: int, side: Side, seconds: float) -> None:
    """The peer's random games for about ``seconds`` of CPU time (at least one tried)."""
    start = time.process_time()
    first = True
    with peer.inside():
        while first or time.process_time() - start < seconds:
            first = False
            t0 = time.process_time()
            try:
                peer.game(players, side.tried)
                done = True
            except Exception as error:  # the peer's crashes are what we count around
                done = False
                name = type(error).__name__
                side.errors[name] = side.errors.get(name, 0) + 1
            spent = time.process_time() - t0
            side.tried += 1
            side.cpu_all += spent
            if done:
                side.completed += 1
                side.cpu_completed += spent


def measure(players: tuple[int, ...], seconds: float, rounds: int) -> dict[int, dict[str, Any]]:
    """Both sides at each player count, ``rounds`` slices each, interleaved."""
    peer = Peer()
    games = {n: make_game("base", n) for n in players}
    ours = {n: Side() for n in players}
    theirs = {n: Side() for n in players}
    share = seconds / max(rounds, 1)
    for _ in range(max(rounds, 1)):
        for n in players:
            _ours(games[n], ours[n], share)
            _theirs(peer, n, theirs[n], share)
    out: dict[int, dict[str, Any]] = {}
    for n in players:
        us, them = ours[n], theirs[n]
        our_rate = us.completed / max(us.cpu_all, 1e-9)
        their_rate = them.completed / max(them.cpu_completed, 1e-9)
        their_rate_all = them.completed / max(them.cpu_all, 1e-9)
        out[n] = {
            "ours": our_rate, "ours_games": us.completed,
            "peer": their_rate, "peer_all": their_rate_all,
            "peer_tried": them.tried, "peer_completed": them.completed,
            "peer_errors": dict(them.errors),
            "ratio": our_rate / their_rate if their_rate else float("inf"),
            "ratio_all": our_rate / their_rate_all if their_rate_all else float("inf"),
        }
    return out


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--seconds", type=float, default=6.0,
                        help="CPU seconds per side and player count")
    parser.add_argument("--rounds", type=int, default=6, help="interleaved slices")
    parser.add_argument("--players", default="3,5,7", help="player counts")
    args = parser.parse_args(argv)
    players = tuple(int(p) for p in args.players.split(","))
    header = (f"{'players':>7}{'ours/s':>9}{'peer/s':>9}{'ratio':>7}{'peer/s all':>12}"
              f"{'ratio all':>10}{'peer done':>11}")
    print(header)
    print("-" * len(header))
    for n, r in measure(players, args.seconds, args.rounds).items():
        done = f"{r['peer_completed']}/{r['peer_tried']}"
        print(f"{n:>7}{r['ours']:>9.1f}{r['peer']:>9.1f}{r['ratio']:>6.2f}x"
              f"{r['peer_all']:>12.1f}{r['ratio_all']:>9.2f}x{done:>11}")


if __name__ == "__main__":
    main()
