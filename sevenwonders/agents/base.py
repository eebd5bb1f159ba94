"""The agent protocol: a seat's view and its legal moves in, one move out.

An agent never receives the state, only what its seat may see, so it cannot cheat; it gets its
own seeded generator so that matches replay exactly. An agent that never looks at the view may
say so with a class attribute ``needs_view = False``: the simulator then passes ``None`` and
spares building a view for every decision.
"""

from __future__ import annotations

from typing import Any, Protocol, runtime_checkable

from sevenwonders.core.protocol import Game
from sevenwonders.core.rng import Rng
from sevenwonders.errors import InvalidOptionError


@runtime_checkable
class Agent(Protocol):
    """What plays a seat: it sees the seat's view, never the state, and uses the seeded generator
    it is given for every random choice, so games replay exactly in any process."""
    @property
    def name(self) -> str:
        """A short name for result tables (``random``, ``greedy``, ``ismcts(50)``)."""

    def choose(
        self, game: Game[Any, Any, Any], view: Any, legal: tuple[Any, ...], rng: Rng
    ) -> tuple[Any, Rng]:
        """One of ``legal`` for the seat whose ``view`` this is, and the advanced generator."""
        ...


AGENT_NAMES = ("random", "greedy", "ismcts", "learned")


def make_agent(spec: str) -> Agent:
    """An agent from its command-line name.

    ``random``, ``greedy``, ``ismcts`` (100 iterations,
    :data:`sevenwonders.agents.ismcts.DEFAULT_ITERATIONS`), or ``ismcts`` with options after colons:
    ``ismcts:100`` (iterations), ``ismcts:iterations=100``, ``ismcts:seconds=0.5`` (CPU time of
    the deciding thread), ``ismcts:root=tree:depth=all`` (the tree search instead of the default
    paired flat search), ``ismcts:iterations=300:exploration=1.0``, ``ismcts:horizon=full``
    (play simulations to the end instead of cutting them), ``ismcts:evidence=1.5``,
    ``ismcts:preset=off`` (ignore the game's preset, :data:`sevenwonders.agents.ismcts.PRESETS`),
    ``ismcts:chance=open`` (no chance nodes: a tree move's statistics mix every outcome of
    chance), ``ismcts:leaf=net`` (cut walks valued by the shipped value network),
    ``ismcts:leaf=greedy`` (a walk cut at the seat's decision valued by its best move there),
    ``ismcts:rollout=policy`` (walk moves drawn from the policy network); ``learned`` (the
    policy network's best move, :class:`sevenwonders.agents.learned.LearnedAgent`) or
    ``learned:temperature=0.5`` (a sample from its softmax), ``learned:prior=0`` (the
    network's logits alone, without the heuristic its file weighs in), ``learned:look=50``
    (with ``width=3``, ``steps=2``: its best actions rated by the value network a step or more
    on, :func:`sevenwonders.agents.learned.afterstate_values`).
    """
    from sevenwonders.agents.greedy import GreedyAgent
    from sevenwonders.agents.ismcts import ISMCTSAgent
    from sevenwonders.agents.random_agent import RandomAgent

    name, *parts = spec.strip().split(":")
    if name == "random" and not parts:
        return RandomAgent()
    if name == "greedy" and not parts:
        return GreedyAgent()
    if name == "learned":
        return _learned(spec, parts)
    if name == "ismcts":
        options: dict[str, Any] = {}
        try:
            for part in parts:
                key, equals, value = part.partition("=")
                if not equals:
                    key, value = "iterations", key
                if key in ("rollout", "root", "chance", "leaf", "cut_points"):
                    options[key] = value
                elif key == "preset":
                    if value not in ("on", "off"):
                        raise ValueError("preset is on or off")
                    options[key] = value == "on"
                elif key in ("depth", "width"):
                    options[key] = None if value == "all" else int(value)
                elif key == "iterations":
                    options[key] = int(value)
                elif key == "horizon":
                    options[key] = None if value == "full" else int(value)
                elif key == "turns":
                    options[key] = None if value == "off" else int(value)
                elif key in ("seconds", "exploration", "evidence", "cut_evidence", "points"):
                    options[key] = float(value)
                else:
                    raise InvalidOptionError(
                        f"unknown ismcts option {key!r} (iterations, seconds, exploration, "
                        "horizon, width, rollout, depth, root, evidence, cut_evidence, chance, "
                        "turns, leaf, points, cut_points, preset)"
                    )
            return ISMCTSAgent(**options)
        except ValueError as error:
            raise InvalidOptionError(f"bad agent {spec!r}: {error}") from None
    raise InvalidOptionError(
        f"unknown agent {spec!r}; choose one of {', '.join(AGENT_NAMES)} "
        "(ismcts takes options: ismcts:iterations=100, ismcts:seconds=0.5)"
    )


def _learned(spec: str, parts: list[str]) -> Agent:
    """The ``learned`` agent of a spec's options (``temperature``, ``prior``, ``look``,
    ``width``, ``steps``)."""
    from sevenwonders.agents.learned import LearnedAgent

    options: dict[str, Any] = {}
    try:
        for part in parts:
            key, equals, value = part.partition("=")
            if key not in ("temperature", "prior", "look", "width", "steps") or not equals:
                raise InvalidOptionError(
                    f"unknown learned option {part!r} (temperature, prior, look, width, steps)")
            options[key] = int(value) if key in ("width", "steps") else float(value)
        return LearnedAgent(**options)
    except ValueError as error:
        raise InvalidOptionError(f"bad agent {spec!r}: {error}") from None
