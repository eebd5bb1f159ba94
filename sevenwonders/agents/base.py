"""The agent protocol: a seat's view and its legal moves in, one move out.

An agent never receives the state, only what its seat may see, so it cannot cheat; it gets its
own seeded generator so that matches replay exactly.
"""

from __future__ import annotations

from typing import Any, Protocol, runtime_checkable

from sevenwonders.core.game import Game
from sevenwonders.core.rng import Rng
from sevenwonders.errors import InvalidOptionError


@runtime_checkable
class Agent(Protocol):
    @property
    def name(self) -> str: ...

    def choose(
        self, game: Game[Any, Any, Any], view: Any, legal: tuple[Any, ...], rng: Rng
    ) -> tuple[Any, Rng]:
        """One of ``legal`` for the seat whose ``view`` this is, and the advanced generator."""
        ...


def make_agent(spec: str) -> Agent:
    """An agent from its command-line name: ``random``."""
    from sevenwonders.agents.random_agent import RandomAgent

    factories = {"random": RandomAgent}
    try:
        return factories[spec]()
    except KeyError:
        raise InvalidOptionError(
            f"unknown agent {spec!r}; choose one of {', '.join(sorted(factories))}"
        ) from None
