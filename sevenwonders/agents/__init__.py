"""Players that choose moves from a seat's view: for simulation, tests and opponents."""

from sevenwonders.agents.base import Agent, make_agent
from sevenwonders.agents.random_agent import RandomAgent

__all__ = ["Agent", "RandomAgent", "make_agent"]
