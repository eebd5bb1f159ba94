"""The game object's hot calls: ``play``, ``legal_moves``, ``to_move`` and ``is_over`` on the
states the game object made (see the package's docstring).

:class:`ArchitectsGame <sevenwonders.architects.game.ArchitectsGame>` inherits them from
:class:`FastCalls`, so that in the compiled build the whole usual call runs compiled, with no
interpreted method between the caller and the speed layer (the game object stays an
interpreted class: it checks the caller's input). Each call answers the usual case here (a
state this game object made, a plain dict holding one of the listed moves of the seat to move)
and hands everything else to the game object's checks (:meth:`FastCalls._guard`,
:meth:`FastCalls._reject`, :meth:`FastCalls.shared_legal_moves`, which it overrides). The
answer is the reference step's: the general path applies the rules (architects/rules.py) to a
draft and freezes it; the plain take (fast/take.py) is tested equal to it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from mypy_extensions import mypyc_attr

from sevenwonders.architects.fast.drafts import Draft
from sevenwonders.architects.fast.moves import FastMoves, set_kept
from sevenwonders.architects.fast.take import handed_out, plain_take
from sevenwonders.architects.legal import TAKES
from sevenwonders.architects.memory import remember
from sevenwonders.architects.moves import MOVE_TYPES, SOURCES, Move, Take
from sevenwonders.architects.rules import Engine
from sevenwonders.architects.state import ArchitectsState, Finished
from sevenwonders.architects.tables import Tables

_set_seen = ArchitectsState.__dict__["seen"].__set__  # the slot's own setter

_MOVE_TYPES = frozenset(MOVE_TYPES)
_TAKE_LEFT, _TAKE_RIGHT, _TAKE_CENTRAL = (TAKES[source] for source in SOURCES)
_LEFT, _RIGHT, _CENTRAL = SOURCES
_NOBODY: frozenset[int] = frozenset()


@mypyc_attr(allow_interpreted_subclasses=True)
class FastCalls:
    """The protocol's hot calls on the states one game object made, read from its speed
    layer's memory (the legal moves kept beside each state)."""

    def __init__(self, moves: FastMoves, engine: Engine, tables: Tables, players: int) -> None:
        self.moves = moves
        self.engine = engine
        self.tables = tables
        self._cache = moves.cache
        self._to_move = tuple([frozenset({seat}) for seat in range(players)])

    # ------------------------------------------------ the hot calls (the protocol's methods)

    def to_move(self, state: ArchitectsState) -> frozenset[int]:
        """The one seat whose decision it is now; empty at the end."""
        if state is not self._cache.last[0]:  # the last state made needs no guard (speed)
            state = self._guard(state)
        if type(state.pending) is Finished:
            return _NOBODY
        return self._to_move[state.current]

    def is_over(self, state: ArchitectsState) -> bool:
        """Whether the game has ended (a wonder complete, or every deck empty at the end of a
        turn)."""
        if state is not self._cache.last[0]:  # the last state made needs no guard (speed)
            state = self._guard(state)
        return type(state.pending) is Finished

    def legal_moves(self, state: ArchitectsState, seat: object) -> tuple[Move, ...]:
        """The options of ``seat``'s current decision (the card to take, a stage and how to pay
        for it, a science set, a progress token, a wonder effect's choice), as copies the
        caller may keep (the remembered moves stay the engine's own); empty for a seat not to
        move."""
        cache = self._cache
        last = cache.last
        if state is last[0] and seat is state.current:  # the usual call
            return handed_out(last[1], cache.handed)
        return handed_out(self.shared_legal_moves(state, seat), cache.handed)

    def play(self, state: ArchitectsState, moves: Mapping[int, Move]) -> ArchitectsState:
        """The state after ``seat``'s decision and every decision with a single option that
        follows; raises :class:`~sevenwonders.errors.IllegalMoveError` (and changes nothing)
        on a bad move."""
        # The usual call, played here: a state this game object made or checked, with its
        # legal moves listed (``state`` may be any object: nothing else is read first), and a
        # plain dict whose one key is the seat to move, holding one of its listed moves.
        cache = self._cache
        last = cache.last
        legal = last[1] if state is last[0] else cache.moves(state)
        if legal is None or type(moves) is not dict or len(moves) != 1:
            return self._checked_play(state, moves)
        seat = state.current
        # one key, the seat itself (a small int: the one object of its value; a bool, a float
        # or an int subclass is not it and goes to the game object's checks)
        if next(iter(moves)) is not seat:
            return self._checked_play(state, moves)
        given: Any = moves[seat]
        kind = type(given)
        if kind is Take:  # the most frequent move: the engine's own copy found by its source
            source = given.source
            own: Any = (_TAKE_LEFT if source is _LEFT else _TAKE_RIGHT if source is _RIGHT
                        else _TAKE_CENTRAL if source is _CENTRAL else None)
            for listed in legal:  # by identity: the engine lists its own takes
                if listed is own:
                    break
            else:
                return self._checked_play(state, moves)
            done = plain_take(self.moves, state, source)
            if done is not None:  # (the seats' memory included)
                cache.last = done  # remembered (ArchitectsCache.remember spelled out: speed)
                set_kept(done[0], (cache.owner, done[1]))
                return done[0]
            return self._general(state, own)
        if kind in _MOVE_TYPES:  # exact types: no lying __eq__
            for listed in legal:  # the engine plays its own copy of the listed move
                if listed is given or listed == given:
                    return self._general(state, listed)
        return self._checked_play(state, moves)

    def _checked_play(self, state: ArchitectsState, moves: Mapping[int, Move]) -> ArchitectsState:
        """:meth:`play` of any other call: the state checked by the game object (and its moves
        listed), then the move (the fitting error if it is not a legal call)."""
        self._legal(self._guard(state))
        return self._general(state, self._reject(state, moves))

    # ------------------------------------------------ the checks (the game object's own)

    def _guard(self, state: object) -> ArchitectsState:
        """``state`` if this game made it or it passes the structural checks (raises
        :class:`~sevenwonders.errors.InvalidStateError` otherwise): the game object's."""
        raise NotImplementedError

    def _reject(self, state: ArchitectsState, moves: Mapping[int, Move]) -> Move:
        """The engine's own copy of the move ``moves`` gives, checked as a call (the fitting
        error if it is not a legal one): the game object's."""
        raise NotImplementedError

    def shared_legal_moves(self, state: ArchitectsState, seat: Any) -> tuple[Move, ...]:
        """The engine's own legal moves of ``seat`` (no copies): the game object's."""
        raise NotImplementedError

    # ------------------------------------------------ the speed layer

    def _legal(self, state: ArchitectsState) -> tuple[Move, ...]:
        """The engine's own legal moves of the seat to move in a state that passed the guard."""
        cache = self._cache
        moves = cache.moves(state)
        if moves is None:
            moves = () if type(state.pending) is Finished else self.moves.options(state)
            cache.remember(state, moves)
        return moves

    def _general(self, state: ArchitectsState, move: Move) -> ArchitectsState:
        """The state after the legal ``move`` of the seat to move (the engine's own copy) and
        every decision with a single option that follows, remembered with its legal moves."""
        work = Draft(state)
        engine = self.engine
        engine.apply(work, move, None)
        moves_now = engine.advance(work, None)
        after = work.freeze()
        seen = remember(self.tables, state, after)  # what each seat has seen face down
        if seen is not None:
            _set_seen(after, seen)
        self._cache.remember(after, moves_now)
        return after
