"""Information-set Monte-Carlo tree search (single observer), for every game of the protocol.

The agent never sees the state. Each iteration draws a *determinization*, a full state consistent
with the seat's view (:mod:`sevenwonders.agents.determinize`), and walks the search tree on it:

- a tree node is a step of the game; the seat that decides there is the searching seat whenever
  it is to move, otherwise the single seat to move in a sequential game (Architects, a pending
  decision); other seats moving at the same time as the searching seat (base game, Dice) are
  drawn by the playout policy, as the chance part of the walk;
- a node's children are the decider's moves: at the root the legal moves the agent was given, at
  other nodes those of the determinization. With a game heuristic only the ``width`` best moves
  by it are considered, in its order, so a node's first visit plays the heuristic's move;
- a move's statistics are shared by every determinization in which it is legal, and its
  *availability* (how often it was legal when its node was visited) stands for the parent's visit
  count in UCB1, as in single-observer ISMCTS; each decider maximises its own reward;
- the tree grows by one node per iteration (and no deeper than ``depth`` tree steps, if given:
  ``depth=1`` is a flat search over the root moves); the walk then goes on with the playout
  policy for ``horizon`` more steps (or to the end) and is scored: at the end, ``0.6 * win +
  0.4 * sigmoid(margin / 8)`` per seat (win shared on a tie, margin: total minus the best other
  total); when cut, ``sigmoid(value margin / 8)`` with the game's leaf values (see
  :mod:`sevenwonders.agents.heuristics`).

The playout policy is the game's heuristic played greedily (``rollout="greedy"``, the default, for
games with ``evaluate_state``) or its fast policy (``rollout="fast"``). The move played is the
root move visited most (mean reward breaks ties). The budget is a number of ``iterations``
(reproducible) or of wall-clock ``seconds`` (not reproducible); with both, the first reached ends
the search. A game without a determinizer is played greedily instead, and so is a position
whose determinizations the game refuses (an expansion's decision the view does not describe).
"""

from __future__ import annotations

import math
import time
from typing import Any

from sevenwonders.agents.determinize import determinizer_for
from sevenwonders.agents.greedy import GreedyAgent
from sevenwonders.agents.heuristics import (
    EvaluateState,
    PlayoutMove,
    evaluate_state_for,
    evaluator_for,
    greedy_policy_for,
    leaf_values_for,
    playout_policy_for,
)
from sevenwonders.core.game import Game
from sevenwonders.core.rng import Rng
from sevenwonders.errors import SevenWondersError

WIN_WEIGHT = 0.6
SCALE = 8.0
ROLLOUTS = ("greedy", "fast")
MAX_FAILURES = 3
DEFAULTS: dict[str, object] = {
    "exploration": 0.7, "horizon": 2, "width": 6, "rollout": "greedy", "depth": None,
}


class _Node:
    __slots__ = ("available", "children", "total", "visits")

    def __init__(self) -> None:
        self.children: dict[Any, _Node] = {}
        self.visits = 0
        self.available = 0
        self.total = 0.0


def _sigmoid(x: float) -> float:
    return 1.0 / (1.0 + math.exp(-max(-50.0, min(50.0, x))))


class ISMCTSAgent:
    """``ISMCTSAgent(iterations=50)`` or ``ISMCTSAgent(seconds=0.5)``; see the module docstring
    for ``exploration`` (the UCB1 constant), ``horizon`` (``None``: play simulations to the end),
    ``width`` (``None``: every move), ``rollout`` and ``depth``."""

    def __init__(
        self,
        iterations: int | None = None,
        seconds: float | None = None,
        exploration: float = 0.7,
        horizon: int | None = 2,
        width: int | None = 6,
        rollout: str = "greedy",
        depth: int | None = None,
    ) -> None:
        if iterations is None and seconds is None:
            iterations = 50
        if iterations is not None and iterations < 1:
            raise ValueError("iterations must be at least 1")
        if seconds is not None and seconds <= 0:
            raise ValueError("seconds must be positive")
        if width is not None and width < 1:
            raise ValueError("width must be at least 1")
        if horizon is not None and horizon < 0:
            raise ValueError("horizon must not be negative")
        if depth is not None and depth < 1:
            raise ValueError("depth must be at least 1")
        if rollout not in ROLLOUTS:
            raise ValueError(f"rollout must be one of {ROLLOUTS}")
        self.iterations = iterations
        self.seconds = seconds
        self.exploration = exploration
        self.horizon = horizon
        self.width = width
        self.rollout = rollout
        self.depth = depth

    @property
    def name(self) -> str:
        """``ismcts(50)``, ``ismcts(0.5s)``, with any option that is not the default."""
        parts = [] if self.iterations is None else [f"{self.iterations}"]
        if self.seconds is not None:
            parts.append(f"{self.seconds}s")
        for key, default in DEFAULTS.items():
            value = getattr(self, key)
            if value != default:
                shown = value if value is not None else "full" if key == "horizon" else "all"
                parts.append(f"{key}={shown}")
        return f"ismcts({','.join(parts)})"

    def __repr__(self) -> str:
        return (f"ISMCTSAgent(iterations={self.iterations}, seconds={self.seconds}, "
                f"exploration={self.exploration}, horizon={self.horizon}, width={self.width}, "
                f"rollout={self.rollout!r}, depth={self.depth})")

    def choose(
        self, game: Game[Any, Any, Any], view: Any, legal: tuple[Any, ...], rng: Rng
    ) -> tuple[Any, Rng]:
        if len(legal) == 1:
            return legal[0], rng
        determinize = determinizer_for(game)
        if determinize is None:
            return GreedyAgent().choose(game, view, legal, rng)
        seat: int = view.seat
        candidates = legal
        if self.width is not None and len(legal) > self.width:
            values, rng = evaluator_for(game)(game, view, legal, rng)
            order = sorted(range(len(legal)), key=lambda i: -values[i])
            candidates = tuple(legal[i] for i in order[: self.width])
        search = _Search(self, game, seat, candidates)
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        done = failed = 0
        while True:
            if self.iterations is not None and done >= self.iterations:
                break
            if deadline is not None and time.perf_counter() >= deadline:
                break
            try:
                state, rng = determinize(game, view, rng)
                rng = search.iterate(state, rng)
            except SevenWondersError:
                # A position the determinizer cannot rebuild faithfully (an expansion's pending
                # decision the view does not describe): after a few tries, play greedily.
                failed += 1
                rng = rng.split()[0]
                if failed >= MAX_FAILURES and done == failed:
                    return GreedyAgent().choose(game, view, legal, rng)
            done += 1
        best = None
        best_key = (-1, -1.0)
        for move in candidates:
            child = search.root.children.get(move)
            if child is None or not child.visits:
                continue
            key = (child.visits, child.total / child.visits)
            if key > best_key:
                best, best_key = move, key
        if best is None:
            return candidates[0], rng
        return best, rng


class _Search:
    """One decision's search: the tree, and what every iteration needs."""

    def __init__(self, agent: ISMCTSAgent, game: Game[Any, Any, Any], seat: int,
                 candidates: tuple[Any, ...]) -> None:
        self.agent = agent
        self.game = game
        self.seat = seat
        self.root = _Node()
        self.root_moves = candidates
        self.allowed = frozenset(candidates)
        self.policy: PlayoutMove = (
            greedy_policy_for(game) if agent.rollout == "greedy" else playout_policy_for(game)
        )
        self.ranker: EvaluateState | None = evaluate_state_for(game)
        self.leaf_values = leaf_values_for(game)

    def _decider(self, to_move: frozenset[int]) -> int | None:
        if self.seat in to_move:
            return self.seat
        if len(to_move) == 1:
            return next(iter(to_move))
        return None

    def _options(self, node: _Node, state: Any, decider: int, legal: tuple[Any, ...]
                 ) -> tuple[Any, ...]:
        """The decider's moves considered at ``node``, best first when a heuristic ranks them."""
        if node is self.root:
            return tuple(m for m in self.root_moves if m in legal)
        width = self.agent.width
        if self.ranker is None or len(legal) <= 1:
            return legal
        values = self.ranker(self.game, state, decider, legal)
        order = sorted(range(len(legal)), key=lambda i: -values[i])
        if width is not None:
            order = order[:width]
        return tuple(legal[i] for i in order)

    def iterate(self, state: Any, rng: Rng) -> Rng:
        game = self.game
        horizon = self.agent.horizon
        node: _Node | None = self.root
        path: list[tuple[_Node, int]] = []
        plies = 0  # steps played since the walk left the tree
        rewards: tuple[float, ...] | None = None
        while not game.is_over(state):
            if node is None and horizon is not None and plies >= horizon:
                rewards = tuple(_sigmoid(v / SCALE) for v in self.leaf_values(game, state))
                break
            to_move = game.to_move(state)
            decider = self._decider(to_move) if node is not None else None
            moves: dict[int, Any] = {}
            for mover in sorted(to_move):
                legal = game.legal_moves(state, mover)
                if mover != decider or node is None:
                    moves[mover], rng = self.policy(game, state, mover, legal, rng)
                    continue
                options = self._options(node, state, mover, legal)
                if not options:  # this determinization cannot play any real move
                    return rng
                move, child, rng = self._select(node, options, rng)
                path.append((child, mover))
                moves[mover] = move
                deep = self.agent.depth is not None and len(path) >= self.agent.depth
                node = child if child.visits and not deep else None  # a new node ends the descent
            state = game.play(state, moves)
            if node is None:
                plies += 1
        if rewards is None:
            rewards = _final_rewards(game, state)
        for visited, mover in path:
            visited.visits += 1
            visited.total += rewards[mover]
        return rng

    def _select(self, node: _Node, options: tuple[Any, ...], rng: Rng
                ) -> tuple[Any, _Node, Rng]:
        fresh = None
        for move in options:
            child = node.children.get(move)
            if child is None:
                child = node.children[move] = _Node()
            child.available += 1
            if fresh is None and child.visits == 0:
                fresh = move
        if fresh is not None:
            if self.ranker is None:
                unvisited = [m for m in options if node.children[m].visits == 0]
                fresh, rng = rng.choice(unvisited)
            return fresh, node.children[fresh], rng
        c = self.agent.exploration
        best_move, best_score = options[0], -math.inf
        for move in options:
            child = node.children[move]
            score = child.total / child.visits + c * math.sqrt(
                math.log(child.available) / child.visits
            )
            if score > best_score:
                best_move, best_score = move, score
        return best_move, node.children[best_move], rng


def _final_rewards(game: Game[Any, Any, Any], state: Any) -> tuple[float, ...]:
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
        rewards.append(WIN_WEIGHT * win + (1 - WIN_WEIGHT) * _sigmoid(margin / SCALE))
    return tuple(rewards)
