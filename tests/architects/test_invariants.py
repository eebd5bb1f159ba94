"""``game.check`` rejects states that could not come from play (hand-edited documents)."""

from __future__ import annotations

import attrs
import pytest

from sevenwonders.architects import ArchitectsGame, ArchitectsState
from sevenwonders.architects.state import City
from sevenwonders.core.serialization import from_json, to_json
from sevenwonders.errors import InvalidStateError, SerializationError

GAME = ArchitectsGame(players=3)


def _city(state: ArchitectsState, seat: int, **changes: object) -> ArchitectsState:
    cities = list(state.cities)
    cities[seat] = attrs.evolve(cities[seat], **changes)  # type: ignore[arg-type]
    return attrs.evolve(state, cities=tuple(cities))


def test_a_fresh_state_passes() -> None:
    GAME.check(GAME.new_game(1))


@pytest.mark.parametrize("breakage", [
    lambda s: attrs.evolve(s, central=s.central[:-1]),  # a card lost
    lambda s: attrs.evolve(s, discard=(s.central[0],)),  # a card twice
    lambda s: attrs.evolve(s, token_pile=s.token_pile[:-1]),  # a token lost
    lambda s: attrs.evolve(s, flipped=9),
    lambda s: attrs.evolve(s, cat=5),
    lambda s: attrs.evolve(s, current=3),
    lambda s: _city(s, 0, built=("4d",)),  # roof before its supports
    lambda s: _city(s, 1, built=("2d", "2d")),
    lambda s: _city(s, 2, military=-1),
    lambda s: attrs.evolve(s, cities=(*s.cities[:2], City("atlantis"))),
])
def test_broken_states_are_rejected(breakage: object) -> None:
    state = GAME.new_game(2)
    broken = breakage(state)  # type: ignore[operator]
    with pytest.raises(InvalidStateError):
        GAME.check(broken)


def test_documents_that_are_not_states() -> None:
    with pytest.raises(SerializationError):
        from_json("{}", ArchitectsState)
    with pytest.raises(SerializationError):
        from_json("not json", ArchitectsState)
    text = to_json(GAME.new_game(3)).replace('"type":"start_turn"', '"type":"nap"')
    with pytest.raises(SerializationError):
        from_json(text, ArchitectsState)
