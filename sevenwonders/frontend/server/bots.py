"""Server-side bots: a fixed list of names, each with a bounded budget.

Clients pick a bot by name only; search time is the server's choice, never the client's, so one
table cannot take the server's CPU. A bot sees its seat's view and legal moves, like any agent,
and draws from a generator derived from the table's bot seed and the step, so a restarted server
makes the same choice it would have made.
"""

from __future__ import annotations

import importlib.util
from typing import Any

from sevenwonders.agents.base import Agent, make_agent
from sevenwonders.core.protocol import Game
from sevenwonders.core.rng import Rng

# name offered to clients -> agent spec (sevenwonders.agents.base.make_agent)
BOTS: dict[str, str] = {
    "random": "random",
    "greedy": "greedy",
    "ismcts": "ismcts:iterations=200",  # about 0.1 to 0.5 s a move on one core
}
if importlib.util.find_spec("numpy") is not None:  # the policy network runs on numpy
    BOTS["learned"] = "learned"  # a few milliseconds a move
# bots that think long enough to go to a worker thread (greedy about 2 ms, ismcts up to a
# second), so the event loop keeps answering; random moves on the loop, where a thread hop
# would cost more than its thought
SLOW_BOTS = frozenset({"ismcts", "greedy", "learned"})


def bot_agent(name: str) -> Agent:
    return make_agent(BOTS[name])


def bot_rng(bot_seed: int, step: int, seat: int) -> Rng:
    """The generator of ``seat``'s bot at step ``step``: the same after a restart."""
    return Rng.from_seed((bot_seed * 1_000_003 + step * 1009 + seat) % (2**63))


def bot_move(game: Game[Any, Any, Any], state: Any, seat: int, agent: Agent, rng: Rng) -> str:
    """The bot's move for ``seat`` in notation (runs in a worker thread: states are immutable)."""
    legal = game.legal_moves(state, seat)
    view = game.view(state, seat) if getattr(agent, "needs_view", True) else None
    move, _ = agent.choose(game, view, legal, rng)
    return str(move)
