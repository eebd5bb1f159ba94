"""The games every frontend test runs on, and recorded random playouts of them."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

import attrs

from sevenwonders.base import BaseGame
from sevenwonders.core.playout import random_moves
from sevenwonders.core.protocol import Game
from sevenwonders.core.rng import Rng
from sevenwonders.games import make_game


@attrs.frozen
class Kind:
    """A game configuration and the types its JSON documents read back as."""

    id: str
    make: Callable[[], Game[Any, Any, Any]]
    state: type
    move: Any
    view: type
    event: Any


def _base_kinds() -> list[Kind]:
    from sevenwonders.base import BaseState, BaseView, Move
    from sevenwonders.base.events import Event
    from sevenwonders.edifice import Edifice

    return [
        Kind("base", lambda: BaseGame(players=3), BaseState, Move, BaseView, Event),
        Kind("base-night-5", lambda: BaseGame(players=5, sides="random"), BaseState, Move,
             BaseView, Event),
        Kind("base-1st", lambda: BaseGame(players=4, edition="1st", sides="ab"), BaseState,
             Move, BaseView, Event),
        Kind("edifice", lambda: BaseGame(players=4, sides="random", expansions=(Edifice(),)),
             BaseState, Move, BaseView, Event),
        Kind("edifice-carthage-ur",
             lambda: BaseGame(players=3, sides=("night", "day", "night"),
                              wonders=("carthage", "ur", "babylon"),
                              expansions=(Edifice(),)),
             BaseState, Move, BaseView, Event),
    ]


def _other_kinds() -> list[Kind]:
    out = []
    try:
        from sevenwonders.architects.events import Event as AEvent
        from sevenwonders.architects.game import ArchitectsGame
        from sevenwonders.architects.moves import Move as AMove
        from sevenwonders.architects.state import ArchitectsState
        from sevenwonders.architects.view import ArchitectsView
    except ImportError:  # pragma: no cover - Architects not there yet
        pass
    else:
        out.append(Kind("architects", lambda: ArchitectsGame(players=3), ArchitectsState, AMove,
                        ArchitectsView, AEvent))
        out.append(Kind("architects-2", lambda: make_game("architects", 2), ArchitectsState,
                        AMove, ArchitectsView, AEvent))
    try:
        from sevenwonders.dice.events import DiceEvent
        from sevenwonders.dice.game import DiceGame
        from sevenwonders.dice.moves import DiceMove
        from sevenwonders.dice.state import DiceState
        from sevenwonders.dice.view import DiceView
    except ImportError:  # pragma: no cover - Dice not there yet
        pass
    else:
        out.append(Kind("dice", lambda: DiceGame(players=3), DiceState, DiceMove, DiceView,
                        DiceEvent))
    return out


KINDS: list[Kind] = _base_kinds() + _other_kinds()
KIND_IDS = [kind.id for kind in KINDS]
BY_ID = {kind.id: kind for kind in KINDS}


@cache
def game_of(kind_id: str) -> Game[Any, Any, Any]:
    return BY_ID[kind_id].make()


@attrs.frozen
class Playout:
    seed: int
    states: tuple[Any, ...]  # states[i] is before steps[i]; the last is the final state
    steps: tuple[dict[int, Any], ...]
    events: tuple[tuple[Any, ...], ...]


@cache
def playout(kind_id: str, seed: int = 1) -> Playout:
    game = game_of(kind_id)
    rng = Rng.from_seed(seed * 7919 + 1)
    state = game.new_game(seed)
    states = [state]
    steps = []
    events = []
    while not game.is_over(state):
        moves, rng = random_moves(game, state, rng)
        state, step_events = game.step(state, moves)
        steps.append(moves)
        events.append(step_events)
        states.append(state)
    return Playout(seed, tuple(states), tuple(steps), tuple(events))


def sample_states(kind_id: str, count: int = 12) -> list[Any]:
    """About ``count`` states spread over a playout, the first and the last included."""
    states = playout(kind_id).states
    stride = max(1, len(states) // count)
    picked = list(states[::stride])
    if picked[-1] is not states[-1]:
        picked.append(states[-1])
    return picked
