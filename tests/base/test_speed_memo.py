"""The rules remember the last state's entries and legal moves (by identity): interleaving
states, equal-but-new moves and moves of another state all behave as without the memo."""

from __future__ import annotations

import attrs
import pytest

from sevenwonders.base import BaseGame, Build, BuildStage, Sell
from sevenwonders.base.state import BaseState
from sevenwonders.core.playout import states
from sevenwonders.errors import IllegalMoveError


def _draft_states(g: BaseGame, seed: int) -> list[BaseState]:
    return [s for s in states(g, seed) if not s.over and not s.pending]


@pytest.mark.parametrize("players", [3, 5, 7])
def test_interleaved_states_give_the_moves_of_a_fresh_game(players: int) -> None:
    g = BaseGame(players=players, sides="random")
    picked = _draft_states(g, 11)[::4]
    for index, state in enumerate(picked):
        other = picked[index - 1]
        for seat in range(players):
            mine = g.legal_moves(state, seat)
            g.legal_moves(other, (seat + 1) % players)  # the memo moves to another state
            assert g.legal_moves(state, seat) == mine
            assert mine == BaseGame(players=players, sides="random").legal_moves(state, seat)


def test_equal_moves_and_moves_of_another_state() -> None:
    g = BaseGame(players=4)
    early, late = _draft_states(g, 3)[1], _draft_states(g, 3)[9]
    for seat in range(4):
        for move in g.legal_moves(early, seat):
            copy = attrs.evolve(move)  # equal, not the listed value
            assert copy is not move
            g.check_move(early, seat, copy)
        legal_late = set(g.legal_moves(late, seat))
        for move in g.legal_moves(early, seat):
            g.legal_moves(early, seat)  # the memo holds the early state
            if move in legal_late:
                g.check_move(late, seat, move)
            elif isinstance(move, Build | BuildStage | Sell) and move.card in late.hands[seat]:
                with pytest.raises(IllegalMoveError):
                    g.check_move(late, seat, move)


def test_a_turn_played_on_a_remembered_state_is_the_same_turn() -> None:
    g = BaseGame(players=5)
    fresh = BaseGame(players=5)
    for state in _draft_states(g, 5)[:12]:
        moves = {seat: g.legal_moves(state, seat)[-1] for seat in range(5)}
        copies = {seat: attrs.evolve(move) for seat, move in moves.items()}
        assert g.play(state, moves) == fresh.play(state, copies)
