"""Golden games: seeded random games whose every step is pinned by a digest.

Each configuration plays a few seeded games; at every step the moves are chosen by a
``random.Random`` of the test's own (so the engine's generator is not consumed), and the record
notes how many legal moves each seat was offered, the step's events, and at the end the score
sheets. The digests of those records live in ``golden.json``; a change in any legal-move count,
event or score of any step changes them. Re-pin (``python -m tests.golden.games --update``) only
for an intended change of behaviour, and say in the commit why.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from pathlib import Path
from typing import Any

from sevenwonders import make_game, to_json

GOLDEN = Path(__file__).with_name("golden.json")

# name -> (game, players, options, seeds)
CONFIGS: dict[str, tuple[str, int, dict[str, Any], tuple[int, ...]]] = {
    "base-3p-day": ("base", 3, {"sides": "day"}, (1, 2, 3, 101)),
    "base-6p-day": ("base", 6, {"sides": "day"}, (102, 103)),
    "base-5p-random": ("base", 5, {"sides": "random"}, (4, 5, 6)),
    "base-7p-night": ("base", 7, {"sides": "night"}, (7, 8)),
    "base-4p-at-placement": ("base", 4, {"coin_effect_timing": "at_placement",
                                         "last_turn_order": "halicarnassus_first"}, (9, 10)),
    "base-1st-4p-ab": ("base", 4, {"edition": "1st", "sides": "ab"}, (11, 12)),
    "base-1st-7p-b": ("base", 7, {"edition": "1st", "sides": "b"}, (13,)),
    "edifice-5p": ("base", 5, {"sides": "random", "expansions": ["edifice"]}, (14, 15, 16)),
    "edifice-7p-night": ("base", 7, {"sides": "night", "expansions": ["edifice"]}, (104, 105)),
    "edifice-1st-3p": ("base", 3, {"edition": "1st", "expansions": ["edifice"]}, (17, 18)),
    "architects-2p": ("architects", 2, {}, (19, 20, 21, 106)),
    "architects-3p": ("architects", 3, {}, (107, 108)),
    "architects-4p": ("architects", 4, {}, (22, 23)),
    "architects-7p": ("architects", 7, {}, (24,)),
    "dice-2p": ("dice", 2, {}, (25, 26)),
    "dice-3p": ("dice", 3, {}, (109,)),
    "dice-4p": ("dice", 4, {}, (27,)),
    "dice-7p": ("dice", 7, {}, (28,)),
}


def _digest(value: object) -> str:
    return hashlib.sha256(json.dumps(value, sort_keys=True).encode()).hexdigest()[:20]


class _Game:
    """One golden game in progress: its state, chooser and what it has recorded so far."""

    def __init__(self, game: Any, seed: int) -> None:
        self.game = game
        self.chooser = random.Random(seed * 7919 + 17)
        self.state = game.new_game(seed=seed)
        self.counts: list[list[int]] = []
        self.events: list[str] = []

    def over(self) -> bool:
        return bool(self.game.is_over(self.state))

    def step(self) -> None:
        game, moves, row = self.game, {}, []
        for seat in sorted(game.to_move(self.state)):
            legal = game.legal_moves(self.state, seat)
            row.append(len(legal))
            moves[seat] = legal[self.chooser.randrange(len(legal))]
        self.counts.append(row)
        self.state, step_events = game.step(self.state, moves)
        self.events.append(_digest([json.loads(to_json(event)) for event in step_events]))

    def result(self) -> dict[str, Any]:
        sheets = [json.loads(to_json(sheet)) for sheet in self.game.scores(self.state)]
        return {
            "steps": len(self.counts),
            "legal_move_counts": _digest(self.counts),
            "events": _digest(self.events),
            "scores": _digest(sheets),
            "totals": [sheet["total"] for sheet in sheets],
        }


def build(config: str) -> Any:
    name, players, options, _ = CONFIGS[config]
    return make_game(name, players, **options)


def play(config: str, seed: int, game: Any = None) -> dict[str, Any]:
    """One golden game: digests of its legal-move counts, events and score sheets."""
    one = _Game(build(config) if game is None else game, seed)
    while not one.over():
        one.step()
    return one.result()


def play_interleaved(config: str) -> dict[str, dict[str, Any]]:
    """Every seed of ``config`` at once through one game object, a step of each in turn (as a
    server with many tables or a vectorised environment does)."""
    game = build(config)
    live = {seed: _Game(game, seed) for seed in CONFIGS[config][3]}
    while any(not one.over() for one in live.values()):
        for one in live.values():
            if not one.over():
                one.step()
    return {f"{config}/{seed}": one.result() for seed, one in live.items()}


def all_games() -> dict[str, dict[str, Any]]:
    return {f"{config}/{seed}": play(config, seed)
            for config, (_, _, _, seeds) in CONFIGS.items() for seed in seeds}


if __name__ == "__main__":
    if sys.argv[1:] != ["--update"]:
        sys.exit("usage: python -m tests.golden.games --update   (re-pins every golden game)")
    GOLDEN.write_text(json.dumps(all_games(), indent=1, sort_keys=True) + "\n")
    print(f"wrote {GOLDEN}")
