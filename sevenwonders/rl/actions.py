"""A fixed action index per game configuration: legal moves <-> integers and masks.

Learners need a fixed ``Discrete(n)`` action space; the engines list moves as value objects.
An :class:`ActionIndex` holds the configuration's whole universe of *canonical* moves, one per
action, in a documented order (README, "Reinforcement learning and OpenSpiel"). A move maps to
its action through its canonical form; where several legal moves share an action (the base game's
payments, by default) the action stands for the cheapest of them, ties broken by a documented
rule. The mask is then exactly the set of actions of the legal moves.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import Any

import numpy as np

from sevenwonders.core.game import Game
from sevenwonders.errors import IllegalMoveError, InvalidOptionError
from sevenwonders.games import spec_of

PAYMENTS = ("cheapest", "full")


class ActionIndex:
    """The actions of one game configuration.

    ``moves[a]`` is the canonical move of action ``a`` (its text form is ``labels[a]``);
    ``canonical(move)`` gives the canonical move of any legal move; ``cost(move)`` orders legal
    moves that share an action (smallest first) and is ``None`` when no two can share one.
    """

    def __init__(
        self,
        moves: Sequence[Hashable],
        canonical: Callable[[Any], Hashable] | None = None,
        cost: Callable[[Any], tuple[int, ...]] | None = None,
    ) -> None:
        self.moves: tuple[Any, ...] = tuple(moves)
        self.labels: tuple[str, ...] = tuple(str(move) for move in self.moves)
        self._action: dict[Hashable, int] = {move: a for a, move in enumerate(self.moves)}
        if len(self._action) != len(self.moves):
            raise ValueError("an action index lists a move twice")
        self._canonical = canonical
        self._cost = cost
        self._memo: dict[Hashable, int] = {}  # move -> action, bounded (see move_to_action)
        self._ranked: dict[Hashable, tuple[int, tuple[int, ...]]] = {}  # move -> action, cost

    @property
    def size(self) -> int:
        return len(self.moves)

    def move_to_action(self, move: Any) -> int:
        """The action of ``move``; raises :class:`IllegalMoveError` for a move outside the
        index."""
        memo = self._memo
        action = memo.get(move)
        if action is None:
            key = move if self._canonical is None else self._canonical(move)
            found = self._action.get(key)
            if found is None:
                raise IllegalMoveError(f"{move} has no action in this index",
                                       reason="not_a_move")
            if len(memo) >= 200_000:
                memo.clear()
            action = memo[move] = found
        return action

    def legal(self, moves: Sequence[Any]) -> dict[int, Any]:
        """Each action of ``moves`` (a seat's legal moves) and the move it stands for: the
        cheapest by ``cost`` when several share the action."""
        out: dict[int, Any] = {}
        to_action = self.move_to_action
        cost = self._cost
        if cost is None:
            for move in moves:
                out[to_action(move)] = move
            return out
        costs: dict[int, tuple[int, ...]] = {}
        ranked = self._ranked
        for move in moves:
            found = ranked.get(move)
            if found is None:
                if len(ranked) >= 200_000:
                    ranked.clear()
                found = ranked[move] = (to_action(move), cost(move))
            action, price = found
            held = costs.get(action)
            if held is None or price < held:
                out[action] = move
                costs[action] = price
        return out

    def mask(self, legal: dict[int, Any] | Sequence[Any]) -> np.ndarray[Any, np.dtype[np.int8]]:
        """The 0/1 mask of ``legal`` (a :meth:`legal` mapping or a sequence of moves)."""
        actions = legal if isinstance(legal, dict) else self.legal(legal)
        buffer = bytearray(self.size)  # a few set bytes: cheaper than numpy's fancy indexing
        for action in actions:
            buffer[action] = 1
        return np.frombuffer(buffer, dtype=np.int8)

    def action_to_move(self, game: Game[Any, Any, Any], state: Any, seat: int,
                       action: int) -> Any:
        """The legal move ``action`` stands for now; raises :class:`IllegalMoveError` if the
        action is outside the mask."""
        move = self.legal(game.legal_moves(state, seat)).get(int(action))
        if move is None:
            raise IllegalMoveError(f"action {action} is not legal for seat {seat} now",
                                   reason="illegal")
        return move


def action_index(game: Game[Any, Any, Any], payments: str = "cheapest") -> ActionIndex:
    """The action index of ``game``'s configuration (players, edition, expansions, sheets).

    ``payments`` (base game only): ``"cheapest"`` (one action per card and action, standing for
    the cheapest payment) or ``"full"`` (one action per payment to the left and right).
    """
    if payments not in PAYMENTS:
        raise InvalidOptionError(f"payments must be one of {PAYMENTS}, not {payments!r}")
    # the index builders are named by the game's spec (adapters["rl.actions"], "rl.actions.full")
    spec = spec_of(game)
    if spec is None or spec.load_adapter("rl.actions") is None:
        raise InvalidOptionError(f"no action index for game {game.name!r}")
    build = spec.load_adapter("rl.actions.full" if payments == "full" else "rl.actions")
    if build is None:
        raise InvalidOptionError(f"payments='full' does not exist for game {game.name!r}")
    index: ActionIndex = build(game)
    return index
