"""The speed layer's step: a listed move of the seat to move played (see the package's
docstring).

The game object (:class:`ArchitectsGame <sevenwonders.architects.game.ArchitectsGame>`) holds
one :class:`FastStep` and calls it from its own ``play``: :meth:`FastStep.play` answers the
usual call (a state this game object made, a plain dict holding one of the listed moves of the
seat to move) and ``None`` for everything else, which the game object checks itself (the
fitting error) and, for a legal move, hands to :meth:`FastStep.general`. The answer is the
reference step's: the general step applies the rules (architects/rules.py) to a draft and
freezes it; the plain take (fast/take.py) is tested equal to it. The game object's
``legal_moves`` hands out :meth:`FastStep.handed_out` for the state it made last. In the
compiled build this module compiles and the game object stays interpreted: each hot call is
one interpreted method calling one compiled one.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

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


class FastStep:
    """The step of one game object's states, read from its speed layer's memory (the legal
    moves kept beside each state)."""

    def __init__(self, moves: FastMoves, engine: Engine, tables: Tables) -> None:
        self.moves = moves
        self.engine = engine
        self.tables = tables
        self.cache = moves.cache

    def play(self, state: ArchitectsState,
             moves: Mapping[int, Move]) -> ArchitectsState | None:
        """The state after the usual call, remembered with its legal moves: ``state`` one
        this game object made or checked, with its legal moves listed (``state`` may be any
        object: nothing else is read first), and ``moves`` a plain dict whose one key is the
        seat to move, holding one of its listed moves. ``None`` for any other call."""
        cache = self.cache
        last = cache.last
        legal = last[1] if state is last[0] else cache.moves(state)
        if legal is None or type(moves) is not dict or len(moves) != 1:
            return None
        seat = state.current
        # one key, the seat itself (a small int: the one object of its value; a bool, a float
        # or an int subclass is not it and goes to the game object's checks)
        if next(iter(moves)) is not seat:
            return None
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
                return None
            done = plain_take(self.moves, state, source)
            if done is not None:  # (the seats' memory included)
                cache.last = done  # remembered (ArchitectsCache.remember spelled out: speed)
                set_kept(done[0], (cache.owner, done[1]))
                return done[0]
            return self.general(state, own)
        if kind in _MOVE_TYPES:  # exact types: no lying __eq__
            for listed in legal:  # the engine plays its own copy of the listed move
                if listed is given or listed == given:
                    return self.general(state, listed)
        return None

    def legal(self, state: ArchitectsState) -> tuple[Move, ...]:
        """The engine's own legal moves of the seat to move in a state that passed the game
        object's check, listed once and remembered beside it."""
        cache = self.cache
        moves = cache.moves(state)
        if moves is None:
            moves = () if type(state.pending) is Finished else self.moves.options(state)
            cache.remember(state, moves)
        return moves

    def handed_out(self, state: ArchitectsState) -> tuple[Move, ...]:
        """Copies of the legal moves of the seat to move in a state that passed the game
        object's check, to hand to a caller (:func:`~.take.handed_out`)."""
        cache = self.cache
        last = cache.last
        return handed_out(last[1] if state is last[0] else self.legal(state), cache.handed)

    def general(self, state: ArchitectsState, move: Move) -> ArchitectsState:
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
        self.cache.remember(after, moves_now)
        return after
