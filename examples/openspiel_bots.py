"""OpenSpiel's MCTS bot against OpenSpiel's uniform random bot on 7 Wonders Architects, 2 players.

Usage: python examples/openspiel_bots.py [games] [simulations]   (needs the ``openspiel`` extra)

The MCTS bot searches clones of the true state, which carry the game's generator and every deck
order: it sees the cards to come, which the library's ISMCTS (searching determinizations of a
view) does not. Seats alternate between games.
"""

from __future__ import annotations

import sys

import numpy as np
import pyspiel
from open_spiel.python.algorithms import mcts
from open_spiel.python.bots import uniform_random

import sevenwonders.openspiel  # noqa: F401 - registers the games with pyspiel


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 4
    simulations = int(sys.argv[2]) if len(sys.argv) > 2 else 30
    game = pyspiel.load_game("python_sevenwonders_architects", {"players": 2, "reward": "win"})
    rng = np.random.RandomState(0)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    wins = 0.0
    for number in range(games):
        mcts_seat = number % 2
        bots = {mcts_seat: mcts.MCTSBot(game, 1.4, simulations, evaluator, solve=False,
                                        random_state=rng),
                1 - mcts_seat: uniform_random.UniformRandomBot(1 - mcts_seat, rng)}
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = [action for action, _ in state.chance_outcomes()]
                state.apply_action(int(rng.choice(outcomes)))
            else:
                state.apply_action(bots[state.current_player()].step(state))
        result = state.returns()
        wins += result[mcts_seat]
        print(f"game {number + 1}: MCTS (seat {mcts_seat}) "
              f"{'wins' if result[mcts_seat] else 'does not win'}")
    print(f"MCTS with {simulations} simulations won {wins:.0f} of {games} games against random")


if __name__ == "__main__":
    main()
