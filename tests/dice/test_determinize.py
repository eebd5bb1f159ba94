"""Dice determinization keeps everything a seat sees and only redraws future rolls."""

from sevenwonders.agents.determinize import determinizer_for
from sevenwonders.core.playout import states
from sevenwonders.core.rng import Rng
from sevenwonders.dice import DiceGame


def test_determinized_states_show_the_same_view_and_play_on() -> None:
    game = DiceGame(players=3)
    determinize = determinizer_for(game)
    assert determinize is not None
    for state in list(states(game, seed=4))[::7]:
        for seat in range(3):
            view = game.view(state, seat)
            sample, _ = determinize(game, view, Rng.from_seed(seat))
            assert game.view(sample, seat) == view
            if not game.is_over(sample):
                moves = {s: game.legal_moves(sample, s)[0] for s in game.to_move(sample)}
                game.play(sample, moves)
