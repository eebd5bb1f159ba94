"""The walks of one decision's search (:mod:`sevenwonders.agents.ismcts`): how a walk descends
the tree, plays the other seats and the rest of the game by the playout policy, is cut and
scored, and backs its rewards up the tree."""

from __future__ import annotations

from typing import Any

from sevenwonders.agents.heuristics import (
    EvaluateState,
    PlayoutMove,
    ending_values_of_for,
    evaluate_state_for,
    greedy_policy_for,
    leaf_values_for,
    mixed_policy_for,
    playout_policy_for,
    values_of_for,
)
from sevenwonders.agents.heuristics.weights import WeightsTable
from sevenwonders.agents.ismcts_options import MAX_PLIES, NO_MOVE, POINTS_SCALE, SCALE, Settings
from sevenwonders.agents.network import Network, network_for, policy_playout
from sevenwonders.agents.search_tree import Node, final_rewards, outcome_node, select, sigmoid
from sevenwonders.core.protocol import Game
from sevenwonders.core.rng import Rng


class Search:
    """One decision's search: the tree, and what every walk needs (the policy, the ranker, the
    leaf and city values, the value network)."""

    def __init__(self, settings: Settings, game: Game[Any, Any, Any], seat: int,
                 candidates: tuple[Any, ...], weights: WeightsTable | None = None) -> None:
        self.settings = settings
        self.game = game
        self.seat = seat
        self.root = Node()
        self.root_moves = candidates
        policies = {"greedy": greedy_policy_for, "mixed": mixed_policy_for,
                    "policy": policy_playout}
        self.policy: PlayoutMove = (playout_policy_for(game) if settings.rollout == "fast"
                                    else policies[settings.rollout](game, weights))
        self.ranker: EvaluateState | None = evaluate_state_for(game, weights)
        self.leaf_values = leaf_values_for(game, weights)
        self.values_of = (ending_values_of_for(game, weights) if settings.cut_points == "ending"
                          else values_of_for(game, weights))
        self.network: Network | None = network_for(game) if settings.leaf == "net" else None
        self.greedy_leaf = settings.leaf == "greedy" and self.ranker is not None
        # the other seats' policy moves in the first step of a forced walk, by seat and generator:
        # the same for every root move of a round (same state, same generator), so computed once
        self.first_moves: dict[tuple[int, Rng], tuple[Any, Rng]] = {}
        self.cut = False  # whether the last walk was cut (scored by leaf values)
        self.chance = settings.chance == "outcomes"

    def _decider(self, to_move: frozenset[int]) -> int | None:
        if self.seat in to_move:
            return self.seat
        if len(to_move) == 1:
            return next(iter(to_move))
        return None

    def _options(self, node: Node, state: Any, decider: int, legal: tuple[Any, ...]
                 ) -> tuple[Any, ...]:
        """The decider's moves considered at ``node``, best first when a heuristic ranks them."""
        if node is self.root:
            return tuple(m for m in self.root_moves if m in legal)
        width = self.settings.width
        if self.ranker is None or len(legal) <= 1:
            return legal
        values = self.ranker(self.game, state, decider, legal)
        order = sorted(range(len(legal)), key=lambda i: -values[i])
        if width is not None:
            order = order[:width]
        return tuple(legal[i] for i in order)

    def iterate(self, state: Any, rng: Rng, forced: Any = NO_MOVE) -> tuple[Rng, float | None]:
        """One walk from the root on ``state``; with ``forced``, that root move. The advanced
        generator, and the searching seat's reward (``None`` if the walk could not play)."""
        game = self.game
        horizon = self.settings.horizon
        node: Node | None = self.root
        path: list[tuple[Node, int]] = []
        plies = 0  # steps played since the walk left the tree
        turns = self.settings.turns
        returns = 0  # how often the searching seat's turn came back after other seats moved
        away = False
        rewards: tuple[float, ...] | None = None
        self.cut = False
        while not game.is_over(state):
            to_move = game.to_move(state)
            if turns is not None:
                if self.seat in to_move:
                    returns += away
                    away = False
                else:
                    away = True
            if node is None and (plies >= (MAX_PLIES if horizon is None else horizon)
                                 or (turns is not None and returns >= turns)):
                rewards = self._leaf(state, to_move)
                self.cut = True
                break
            decider = self._decider(to_move) if node is not None else None
            moves: dict[int, Any] = {}
            first = forced is not NO_MOVE and node is self.root
            for mover in sorted(to_move):
                if mover != decider or node is None:
                    known = self.first_moves.get((mover, rng)) if first else None
                    if known is None:
                        legal = game.legal_moves(state, mover)
                        key = (mover, rng)
                        moves[mover], rng = self.policy(game, state, mover, legal, rng)
                        if first:
                            self.first_moves[key] = (moves[mover], rng)
                    else:
                        moves[mover], rng = known
                    continue
                legal = game.legal_moves(state, mover)
                if first:
                    if forced not in legal:
                        return rng, None
                    move = forced
                    child = node.children.setdefault(move, Node())
                    child.available += 1
                else:
                    options = self._options(node, state, mover, legal)
                    if not options:  # this determinization cannot play any real move
                        return rng, None
                    move, child, rng = select(node, options, rng, self.settings.exploration,
                                              ranked=self.ranker is not None)
                path.append((child, mover))
                moves[mover] = move
                deep = self.settings.depth is not None and len(path) >= self.settings.depth
                node = child if child.visits and not deep else None  # a new node ends the descent
            state = game.play(state, moves)
            if node is None:
                plies += 1
            elif self.chance and not game.is_over(state):
                node = outcome_node(game, self.seat, node, state)
        if rewards is None:
            rewards = final_rewards(game, state, self.settings.points)
        for visited, mover in path:
            visited.visits += 1
            visited.total += rewards[mover]
        return rng, rewards[self.seat]

    def _leaf(self, state: Any, to_move: frozenset[int]) -> tuple[float, ...]:
        """Each seat's reward for a walk cut at ``state``: the value network's, or the sigmoid
        of the leaf values; with ``leaf="greedy"`` the searching seat's, when it is to move, is
        its best move's value by the heuristic (what the greedy agent would gain there); plus
        ``points`` times its city value (``values_of``) over :data:`POINTS_SCALE`."""
        if self.network is not None:
            values = self.network.values(state)
        else:
            margins = self.leaf_values(self.game, state)
            if self.greedy_leaf and self.seat in to_move:
                assert self.ranker is not None
                best = max(self.ranker(self.game, state, self.seat,
                                       self.game.legal_moves(state, self.seat)))
                margins = (*margins[:self.seat], best, *margins[self.seat + 1:])
            values = tuple(sigmoid(v / SCALE) for v in margins)
        points = self.settings.points
        if not points:
            return values
        own = self.values_of(self.game, state)
        return tuple(v + points * o / POINTS_SCALE for v, o in zip(values, own, strict=True))
