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
from operator import attrgetter
from typing import Any

import attrs
import numpy as np

from sevenwonders.core.protocol import Game
from sevenwonders.encoding import mapping
from sevenwonders.errors import IllegalMoveError, InvalidOptionError
from sevenwonders.games import spec_of

PAYMENTS = ("cheapest", "full", "factored")
IDENTITY_LIMIT = 100_000  # moves the identity memo holds before it starts afresh
INT8 = np.dtype(np.int8)  # a dtype object: numpy converts a type argument anew on every call
Mask = np.ndarray[Any, np.dtype[np.int8]]
Ranked = tuple[int, Any]  # a move's action and its cost (None without a cost order)


def _fields_reader(cls: type) -> Callable[[Any], Hashable] | None:
    """A function giving the values of an attrs class's fields (a value that stands for a
    move of ``cls`` as the class's generated ``__eq__`` compares it), or None for another
    class or one whose equality is customised."""
    if not attrs.has(cls) or "__eq__" not in cls.__dict__:
        return None
    fields = attrs.fields(cls)
    if not all(field.eq and field.eq_key is None for field in fields):
        return None
    names = [field.name for field in fields]
    return attrgetter(*names) if names else _no_fields


def _no_fields(move: Any) -> tuple[()]:
    return ()


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
        cost: Callable[[Any], Any] | None = None,
        key: Callable[[Any], Hashable] | None = None,
    ) -> None:
        self.moves: tuple[Any, ...] = tuple(moves)
        self.labels: tuple[str, ...] = tuple(str(move) for move in self.moves)
        self._action: dict[Hashable, int] = {move: a for a, move in enumerate(self.moves)}
        if len(self._action) != len(self.moves):
            raise ValueError("an action index lists a move twice")
        self._canonical = canonical
        self._cost = cost
        # key(move): a plain value (a tuple of the move's class and fields) that names the
        # move's action, equal for every move sharing it: a new move learns its action by a
        # lookup in C, where its canonical form is a new move (validated in Python) hashed by
        # Python code; a move whose key is unknown takes the canonical way (and its error)
        self._key = key
        self._keyed: dict[Hashable, int] = {} if key is None else {
            key(move): a for a, move in enumerate(self.moves)}
        if key is not None and len(self._keyed) != len(self.moves):
            raise ValueError("an action index's key names two moves alike")
        # Per move class, its fields' values -> (action, cost), bounded (see _learn): a tuple of
        # strings and ints hashes and compares in C, where the moves' own attrs __hash__ and
        # __eq__ run Python code per lookup (and the engines hand out fresh copies).
        self._known: dict[type, tuple[Callable[[Any], Hashable], dict[Hashable, Ranked]]] = {}
        self._learned = 0
        # id(move) -> action (and cost): a cheaper first look for engines that hand out the
        # same move objects again (see _probe); ``_held`` keeps those moves alive, so that an
        # id there names no other object while it is there
        self._ids: dict[int, int] | None = {}
        self._prices: dict[int, Any] = {}
        self._held: list[Any] = []
        self._hits = self._copies = 0
        self._probing = True
        self._zeros = bytes(self.size)

    @property
    def size(self) -> int:
        """The number of actions of the configuration (the action space's size)."""
        return len(self.moves)

    def _learn(self, move: Any) -> Ranked:
        """``move``'s action and cost the slow way (its canonical form), remembered by its
        class and fields; raises :class:`IllegalMoveError` for a move outside the index."""
        action = None if self._key is None else self._keyed.get(self._key(move))
        if action is None:
            key = move if self._canonical is None else self._canonical(move)
            action = self._action.get(key)
            if action is None:
                raise IllegalMoveError(f"{move} has no action in this index",
                                       reason="not_a_move")
        found: Ranked = (action, None if self._cost is None else self._cost(move))
        cls = type(move)
        entry = self._known.get(cls)
        if entry is None:
            read = _fields_reader(cls)
            if read is None:
                return found  # not a plain attrs value: looked up the slow way every time
            entry = self._known[cls] = (read, {})
        if self._learned >= 200_000:  # a bound for endless payment variants
            for _, known in self._known.values():
                known.clear()
            self._learned = 0
        entry[1][entry[0](move)] = found
        self._learned += 1
        return found

    def _ranked(self, move: Any) -> Ranked:
        entry = self._known.get(type(move))
        if entry is not None:
            found = entry[1].get(entry[0](move))
            if found is not None:
                return found
        return self._learn(move)

    def move_to_action(self, move: Any) -> int:
        """The action of ``move``; raises :class:`IllegalMoveError` for a move outside the
        index."""
        return self._ranked(move)[0]

    def legal(self, moves: Sequence[Any]) -> dict[int, Any]:
        """Each action of ``moves`` (a seat's legal moves) and the move it stands for: the
        cheapest by ``cost`` when several share the action."""
        return self.legal_and_mask(moves)[0]

    def legal_and_mask(self, moves: Sequence[Any]) -> tuple[dict[int, Any], bytearray]:
        """:meth:`legal` of ``moves`` and its mask's bytes (a new ``bytearray``;
        ``np.frombuffer(..., np.int8)`` makes it the mask), in one pass."""
        ids = self._ids
        if ids is None or self._probing:
            return self._first_look(moves)
        # the usual case of an engine that hands out the same move objects (the base game):
        # every move found by identity (rl/mapping.py)
        found = mapping.known_actions(moves, ids, self._prices, self._zeros)
        if found is None:  # a move object met for the first time: the careful pass learns it
            return self._first_look(moves)
        return found

    def _first_look(self, moves: Sequence[Any]) -> tuple[dict[int, Any], bytearray]:
        """:meth:`legal_and_mask` move by move: by identity where it can, else by class and
        fields (learning new moves), filling the identity memo."""
        out: dict[int, Any] = {}
        costs: dict[int, Any] = {}
        known, ids = self._known, self._ids
        buffer = bytearray(self._zeros)
        hits = copies = 0
        for move in moves:
            action = None if ids is None else ids.get(id(move))
            if action is not None:
                found: Ranked = (action, self._prices[id(move)])
                hits += 1
            else:
                entry = known.get(type(move))
                seen = None if entry is None else entry[1].get(entry[0](move))
                if seen is None:
                    found = self._learn(move)
                else:
                    found = seen
                    copies += ids is not None  # an equal move met before, in another object
                if ids is not None:
                    if len(ids) > IDENTITY_LIMIT:
                        ids.clear()
                        self._prices.clear()
                        self._held.clear()
                    ids[id(move)], self._prices[id(move)] = found
                    self._held.append(move)
            action, price = found
            if price is not None:  # several moves may share the action: keep the cheapest
                held = costs.get(action)
                if held is not None and price >= held:
                    continue
                costs[action] = price
            out[action] = move
            buffer[action] = 1
        if self._probing and ids is not None:
            self._probe(hits, copies)
        return out, buffer

    def _probe(self, hits: int, copies: int) -> None:
        """Keep the identity memo while it pays: the base game hands out the same move objects
        from state to state, Architects and Dice fresh copies of equal moves (which it would
        only hoard)."""
        self._hits += hits
        self._copies += copies
        if self._hits + self._copies >= 500:
            if self._copies > self._hits:
                self._ids = None
                self._prices.clear()
                self._held.clear()
            self._probing = self._copies > self._hits / 4  # settled: hits dominate by far
            self._hits = self._copies = 0

    def mask(self, legal: dict[int, Any] | Sequence[Any]) -> Mask:
        """The 0/1 mask of ``legal`` (a :meth:`legal` mapping or a sequence of moves)."""
        actions = legal if isinstance(legal, dict) else self.legal(legal)
        buffer = bytearray(self._zeros)  # a few set bytes: cheaper than numpy's fancy indexing
        for action in actions:
            buffer[action] = 1
        return np.frombuffer(buffer, INT8)

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
    the cheapest payment), ``"full"`` (one action per payment to the left and right) or
    ``"factored"`` (the cheapest's actions, then one per payment, chosen in a second step:
    :mod:`sevenwonders.encoding.factored`).
    """
    if payments not in PAYMENTS:
        raise InvalidOptionError(f"payments must be one of {PAYMENTS}, not {payments!r}")
    # the index builders are named by the game's spec (adapters["rl.actions"], "rl.actions.full")
    spec = spec_of(game)
    if spec is None or spec.load_adapter("rl.actions") is None:
        raise InvalidOptionError(f"no action index for game {game.name!r}")
    build = spec.load_adapter("rl.actions" if payments == "cheapest" else f"rl.actions.{payments}")
    if build is None:
        raise InvalidOptionError(f"payments={payments!r} does not exist for game {game.name!r}")
    index: ActionIndex = build(game)
    return index
