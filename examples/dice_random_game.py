"""Play one random game of 7 Wonders Dice and print what happened.

Usage: python examples/dice_random_game.py [players] [seed] [sheet-file]
"""

from __future__ import annotations

import sys
from typing import Any

from sevenwonders.core.rng import Rng
from sevenwonders.dice import DiceGame
from sevenwonders.dice import events as ev


def main() -> None:
    players = int(sys.argv[1]) if len(sys.argv) > 1 else 4
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    sheets = sys.argv[3] if len(sys.argv) > 3 else None
    game = DiceGame(players=players, sheets=sheets)
    if game.provisional:
        print("Note: the sheet numbers are the library's PROVISIONAL defaults.\n")
    state = game.new_game(seed)
    print("Sheets:", ", ".join(s.sheet for s in state.seats))
    rng = Rng.from_seed(seed)
    while not game.is_over(state):
        moves: dict[int, Any] = {}
        for seat in sorted(game.to_move(state)):  # a random legal move each
            moves[seat], rng = rng.choice(game.legal_moves(state, seat))
        turn = state.turn
        state, events = game.step(state, moves)
        for event in events:
            if isinstance(event, ev.Attacked | ev.BonusTicked | ev.SpecialDieAdded
                          | ev.AgoraFirst | ev.EndTriggered | ev.GameEnded):
                print(f"turn {turn:>2}: {event}")
    for seat, (sheet, place) in enumerate(zip(game.scores(state), game.ranking(state),
                                              strict=True)):
        lines = " ".join(f"{k}={v}" for k, v in sheet.lines.items())
        print(f"seat {seat} place {place}: {sheet.total} VP, {sheet.tiebreak[0]} coins | {lines}")


if __name__ == "__main__":
    main()
