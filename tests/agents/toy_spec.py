"""A spec for the toy Nim game: what a new game's package adds to join the registry."""

from __future__ import annotations

from typing import Any

from sevenwonders.core.protocol import GameInfo
from sevenwonders.core.spec import GameSpec
from tests.agents.toy import Nim, NimState, NimView

INFO = GameInfo(name="nim-registered", min_players=2, max_players=2, simultaneous=False,
                hidden_information=False, chance=False)


class RegisteredNim(Nim):
    """Nim built as the registry builds games: ``cls(players=N, **options)``."""

    info = INFO

    def __init__(self, players: int = 2, stones: int = 10) -> None:
        super().__init__(stones=stones, name=INFO.name)


def seat_labels(state: NimState) -> tuple[str, ...]:
    return ("first", "second")


def render(game: Any, view: NimView, details: Any) -> str:
    return f"{view.stones} stones left; seat {view.player} to take"


SPEC = GameSpec(
    info=INFO,
    game="tests.agents.toy_spec:RegisteredNim",
    determinizer="tests.agents.toy:determinize_nim",
    renderer="tests.agents.toy_spec:render",
    seat_labels="tests.agents.toy_spec:seat_labels",
    presets={"ismcts": {"horizon": 9}},
)
