"""The adapter's boundary (sevenwonders/rl/adapter.py, its hot path in rl/stepping.py): a seat
is an int of the table, also when the seat's legal actions are already remembered."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from sevenwonders.errors import WrongSeatError
from sevenwonders.rl import Adapter


@pytest.mark.parametrize(("game", "players"), [("base", 3), ("architects", 3), ("dice", 3)])
@pytest.mark.parametrize("seat", [True, 1.0, np.int64(1), "1", None, 7, -1])
def test_anything_but_a_seat_of_the_table_is_refused(game: str, players: int,
                                                     seat: Any) -> None:
    adapter = Adapter(game, players)
    state = adapter.game.new_game(2)
    listed = sorted(adapter.game.to_move(state))
    for real in range(players):  # every seat's entry remembered first
        assert adapter.mask(state, real).any() == (real in listed)
    for ask in (adapter.mask, adapter.legal, adapter.legal_actions):
        with pytest.raises(WrongSeatError):
            ask(state, seat)
    with pytest.raises(WrongSeatError):
        adapter.move(state, seat, 0)
