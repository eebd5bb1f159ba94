"""Players that choose moves from a seat's view: for simulation, tests and opponents.

- :class:`RandomAgent`: a uniformly random legal move.
- :class:`GreedyAgent`: the best move by the game's one-step heuristic.
- :class:`ISMCTSAgent`: information-set Monte-Carlo tree search on determinizations of the view.
- :class:`LearnedAgent`: the shipped policy network's move, no search (needs numpy).

Every agent sees only its seat's view; games plug in through
:mod:`sevenwonders.agents.determinize` and :mod:`sevenwonders.agents.heuristics`.
"""

from sevenwonders.agents.base import Agent, make_agent
from sevenwonders.agents.greedy import GreedyAgent
from sevenwonders.agents.ismcts import ISMCTSAgent
from sevenwonders.agents.learned import LearnedAgent
from sevenwonders.agents.random_agent import RandomAgent

__all__ = ["Agent", "GreedyAgent", "ISMCTSAgent", "LearnedAgent", "RandomAgent", "make_agent"]
