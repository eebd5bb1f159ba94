"""Edifice positions for rule tests."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs

from sevenwonders.base import BaseGame, BaseState
from sevenwonders.edifice import Edifice, EdificeState


def edifice_game(wonders: Sequence[str], projects: Sequence[str], sides: Any = "day",
                 **options: Any) -> BaseGame:
    side_option = sides if isinstance(sides, str) else tuple(sides)
    return BaseGame(players=len(wonders), wonders=tuple(wonders), sides=side_option,
                    expansions=(Edifice(projects=projects, **options),))


def ed(state: BaseState) -> EdificeState:
    found = state.expansions[0]
    assert isinstance(found, EdificeState)
    return found


def with_ed(state: BaseState, **changes: Any) -> BaseState:
    return attrs.evolve(state, expansions=(attrs.evolve(ed(state), **changes),))
