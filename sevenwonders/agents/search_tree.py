"""The search tree of :mod:`sevenwonders.agents.ismcts`: its nodes, the choice of a move in the
tree (UCB1), the widening of chance nodes, and the small statistics the root comparison uses."""

from __future__ import annotations

import math
from typing import Any

from sevenwonders.agents.ismcts_options import POINTS_SCALE, SCALE, WIN_WEIGHT
from sevenwonders.core.protocol import Game
from sevenwonders.core.rng import Rng


class Node:
    """A decision's statistics (as a child: the move that leads to it) and, with chance nodes,
    the positions its step led to, by what the searching seat observed there."""

    __slots__ = ("available", "children", "outcomes", "total", "visits")

    def __init__(self) -> None:
        self.children: dict[Any, Node] = {}
        self.outcomes: dict[Any, Node] = {}
        self.visits = 0
        self.available = 0
        self.total = 0.0


WIDENING = 1.0
WIDENING_POWER = 0.5
"""Progressive widening of chance nodes: a move visited ``v`` times keeps at most
``max(1, WIDENING * v ** WIDENING_POWER)`` observed outcomes in the tree."""


def sigmoid(x: float) -> float:
    """The logistic function, clamped (a score margin as a win chance)."""
    return 1.0 / (1.0 + math.exp(-max(-50.0, min(50.0, x))))


def mean(values: list[float]) -> float:
    """The mean of ``values`` (0 for none)."""
    return sum(values) / len(values) if values else 0.0


def standard_error(values: list[float]) -> float:
    """The standard error of the mean of ``values`` (at least two)."""
    n = len(values)
    mean = sum(values) / n
    variance = sum((v - mean) ** 2 for v in values) / (n - 1)
    return math.sqrt(variance / n)


def final_rewards(game: Game[Any, Any, Any], state: Any, points: float = 0.0
                  ) -> tuple[float, ...]:
    """Each seat's reward at the end of a game: ``0.6 * win + 0.4 * sigmoid(margin / 8)`` (win
    shared on a tie, margin: its total minus the best other total), what the value network
    learns to predict; plus ``points * total / 50`` (:data:`POINTS_SCALE`), the seat's own
    score, with the search's ``points`` option."""
    sheets = game.scores(state)
    keys = [sheet.key() for sheet in sheets]
    top = max(keys)
    share = 1.0 / keys.count(top)
    totals = [sheet.total for sheet in sheets]
    rewards = []
    for seat, sheet in enumerate(sheets):
        others = [t for s, t in enumerate(totals) if s != seat]
        margin = sheet.total - max(others) if others else 0
        win = share if keys[seat] == top else 0.0
        rewards.append(WIN_WEIGHT * win + (1 - WIN_WEIGHT) * sigmoid(margin / SCALE)
                       + points * sheet.total / POINTS_SCALE)
    return tuple(rewards)


def select(node: Node, options: tuple[Any, ...], rng: Rng, exploration: float,
           ranked: bool) -> tuple[Any, Node, Rng]:
    """The move a walk takes at ``node`` among ``options`` (each counted available): the first
    unvisited one (best first when the heuristic ``ranked`` them, else one drawn at random),
    then the best by UCB1 with the availability as the parent's count; with its child node."""
    fresh = None
    for move in options:
        child = node.children.get(move)
        if child is None:
            child = node.children[move] = Node()
        child.available += 1
        if fresh is None and child.visits == 0:
            fresh = move
    if fresh is not None:
        if not ranked:
            unvisited = [m for m in options if node.children[m].visits == 0]
            fresh, rng = rng.choice(unvisited)
        return fresh, node.children[fresh], rng
    best_move, best_score = options[0], -math.inf
    for move in options:
        child = node.children[move]
        score = child.total / child.visits + exploration * math.sqrt(
            math.log(child.available) / child.visits
        )
        if score > best_score:
            best_move, best_score = move, score
    return best_move, node.children[best_move], rng


def outcome_node(game: Game[Any, Any, Any], seat: int, child: Node, state: Any) -> Node | None:
    """The node of what ``seat`` (the searching seat) observes after the step ``child`` took
    (its view), or ``None`` (leave the tree) for a new outcome; it enters the tree while the
    move's visits allow (progressive widening)."""
    key = game.view(state, seat)
    found = child.outcomes.get(key)
    if found is not None:
        return found
    if len(child.outcomes) < max(1.0, WIDENING * child.visits ** WIDENING_POWER):
        child.outcomes[key] = Node()
    return None
