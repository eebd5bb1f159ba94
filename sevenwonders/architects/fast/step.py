"""The game object's hot path: a listed move of the seat to move, played (see the package's
docstring).

:meth:`ArchitectsGame.play <sevenwonders.architects.game.ArchitectsGame.play>` hands every
call to :meth:`Stepper.play` first; it answers the usual case (a state this game object made,
a plain dict holding one of the listed moves of the seat to move) and ``None`` for everything
else, which the game object checks and plays or refuses itself. The answer is the reference
step's: the general path applies the rules (architects/rules.py) to a draft and freezes it,
the plain take (fast/take.py) is tested equal to it.
"""

from __future__ import annotations

from typing import Any

from sevenwonders.architects.fast.drafts import Draft
from sevenwonders.architects.fast.moves import FastMoves
from sevenwonders.architects.fast.take import handed_out, plain_take
from sevenwonders.architects.legal import TAKES
from sevenwonders.architects.memory import remember
from sevenwonders.architects.moves import MOVE_TYPES, SOURCES, Move, Take
from sevenwonders.architects.rules import Engine
from sevenwonders.architects.state import ArchitectsState
from sevenwonders.architects.tables import Tables

_set_seen = ArchitectsState.__dict__["seen"].__set__  # the slot's own setter

_MOVE_TYPES = frozenset(MOVE_TYPES)
_TAKE_LEFT, _TAKE_RIGHT, _TAKE_CENTRAL = (TAKES[source] for source in SOURCES)
_LEFT, _RIGHT, _CENTRAL = SOURCES


class Stepper:
    """Plays the listed moves of the states one game object made (its speed layer's memory:
    the legal moves kept beside each state)."""

    def __init__(self, moves: FastMoves, engine: Engine, tables: Tables) -> None:
        self.moves = moves
        self.cache = moves.cache
        self.engine = engine
        self.tables = tables

    def play(self, state: Any, moves: Any) -> ArchitectsState | None:
        """The state after the move in ``moves`` if ``state`` is one this game object made or
        checked, with its legal moves listed, and ``moves`` a plain dict whose one key is the
        seat to move and whose value is one of its listed moves; ``None`` otherwise (nothing
        changed: the caller checks the call and plays or refuses it)."""
        cache = self.cache
        legal = cache.moves(state)  # (``state`` may be any object: nothing else is read first)
        if legal is None or type(moves) is not dict or len(moves) != 1:
            return None
        seat = state.current
        # one key, the seat itself (a small int: the one object of its value; a bool, a float
        # or an int subclass is not it and goes to the game object's checks)
        if next(iter(moves)) is not seat:
            return None
        given = moves[seat]
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
                cache.remember_pair(done)
                return done[0]
            return self.general(state, own)
        if kind not in _MOVE_TYPES:  # exact types: no lying __eq__
            return None
        for listed in legal:  # the engine plays its own copy of the listed move
            if listed is given or listed == given:
                return self.general(state, listed)
        return None

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

    def legal_moves(self, state: Any, seat: object) -> tuple[Move, ...] | None:
        """Copies of the legal moves of the seat to move in the last state made, if ``seat``
        is that seat (the usual call); ``None`` otherwise (the game object answers)."""
        last = self.cache.last
        made: Any = last[0]
        if state is made and seat is made.current:
            return handed_out(last[1], self.cache.handed)
        return None
