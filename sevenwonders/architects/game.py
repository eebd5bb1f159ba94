"""``ArchitectsGame``: 7 Wonders Architects behind the family's ``Game`` protocol.

The game is sequential: :meth:`ArchitectsGame.to_move` always holds the one seat whose turn it is,
and each decision inside a turn (which card, which stage and cards, which token...) is a step.
Decisions with a single option are taken automatically (their events still appear in
:meth:`ArchitectsGame.step`), so every step a seat is asked for offers at least two moves.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

import attrs

from sevenwonders.architects import fast
from sevenwonders.architects.accounting import card_locations, check_state
from sevenwonders.architects.data import STAGE_KEYS, load
from sevenwonders.architects.events import Event
from sevenwonders.architects.fast import Draft, handed_out
from sevenwonders.architects.memory import remember
from sevenwonders.architects.moves import (
    MOVE_TYPES,
    Alexandria,
    Build,
    ChooseToken,
    Extra,
    Move,
    Pick,
    Science,
    UseEffect,
    parse,
)
from sevenwonders.architects.options import RuleOptions, make_options
from sevenwonders.architects.rules import HIDDEN, Engine
from sevenwonders.architects.scoring import score_sheets
from sevenwonders.architects.spec import INFO, seat_labels
from sevenwonders.architects.state import ArchitectsState, City, Finished
from sevenwonders.architects.tables import Tables
from sevenwonders.architects.view import (
    ArchitectsView,
    CityView,
    city_view,
    make_view,
    notation,
)
from sevenwonders.core.checks import check_moves, check_turn
from sevenwonders.core.exact import checked_events
from sevenwonders.core.limits import quote
from sevenwonders.core.memo import warm
from sevenwonders.core.protocol import GameInfo
from sevenwonders.core.scoring import ScoreSheet, ranking
from sevenwonders.core.seats import Ring
from sevenwonders.core.seeds import checked_seed
from sevenwonders.errors import (
    IllegalMoveError,
    InvalidOptionError,
    InvalidStateError,
    Reason,
    UnknownCardError,
)

_set_seen = ArchitectsState.__dict__["seen"].__set__  # the slot's own setter

_MOVE_TYPES = frozenset(MOVE_TYPES)
_PILES = ("central", "tokens")
_NOBODY: frozenset[int] = frozenset()
_NO_STATE = object()  # what ``_last`` holds before the game made a state


class ArchitectsGame:
    """7 Wonders Architects for 2 to 7 players; see :mod:`sevenwonders.architects.options` for
    the rule options."""

    def __init__(self, players: int = 2, **options: Any) -> None:
        data = load()
        self._rules: RuleOptions = make_options(players, tuple(w.id for w in data.wonders),
                                                options)
        self._players: int = players
        self.ring = Ring(players)
        self.tables = Tables(data, self._rules, players)
        # The speed layer (architects/fast/) is chosen here, at the top: the legal moves with
        # their payment situations remembered (``self.moves``), the usual play with its plain
        # take (``self.fast``), drafts for new states. The rules (architects/rules.py,
        # legal.py) are the reference it is tested equal to. Speed memory (states made here
        # and their moves, payments, city views): one bounded object owned by the legal moves
        # (``self._cache``), not pickled; see architects/fast/moves.py.
        self.moves = fast.FastMoves(self.tables)
        self.engine = Engine(self.moves, fast.make_city)
        self.fast = fast.FastStep(self.moves, self.engine, self.tables)
        self._cache = self.moves.cache
        self._to_move = tuple([frozenset({seat}) for seat in range(players)])
        # the state this game made or met last (trusted: it skips the check of a state from
        # elsewhere, as the other calls of its step come); never ``None``, which is no state
        self._last: object = _NO_STATE
        # the city views of the last cities tuple viewed: every seat of a state sees the same
        # (a Parallel RL environment views each state once per seat); one tuple, replaced whole
        self._seen_cities: tuple[object, tuple[CityView, ...]] = (None, ())

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as its configuration; unpickled as the receiving process's one game object
        of that configuration (warm caches from task to task, nothing of them shipped)."""
        return warm, (_rebuild, self._players, self._rules)

    # ----------------------------------------------------------------- protocol

    @property
    def name(self) -> str:
        """``"architects"``, the game's registry name."""
        return "architects"

    @property
    def players(self) -> int:
        """The number of seats at the table (2 to 7)."""
        return self._players

    @property
    def info(self) -> GameInfo:
        """The game's kind: 2-7 players, sequential, hidden information (deck tops), chance
        (draws)."""
        return INFO

    @property
    def rules(self) -> RuleOptions:
        """The rule options the game was built with."""
        return self._rules

    def options(self) -> dict[str, Any]:
        """The rule options as plain JSON values (what records store)."""
        return self._rules.as_dict()

    def new_game(self, seed: int | None = None) -> ArchitectsState:
        """The state after set-up (wonders, decks, progress tokens, the first seat to move),
        fully determined by ``seed``; without one an unpredictable seed is drawn."""
        seed = checked_seed(seed)
        work = Draft(self.engine.setup(seed))
        moves = self.engine.advance(work, None)
        return self._remember(work.freeze(), moves)

    def to_move(self, state: ArchitectsState) -> frozenset[int]:
        """The one seat whose decision it is now; empty at the end."""
        if state is not self._last:
            state = self._guard(state)
        if type(state.pending) is Finished:
            return _NOBODY
        return self._to_move[state.current]

    def is_over(self, state: ArchitectsState) -> bool:
        """Whether the game has ended (a wonder complete, or every deck empty at the end of a
        turn)."""
        if state is not self._last:
            state = self._guard(state)
        return type(state.pending) is Finished

    def legal_moves(self, state: ArchitectsState, seat: int) -> tuple[Move, ...]:
        """The options of ``seat``'s current decision (the card to take, a stage and how to pay
        for it, a science set, a progress token, a wonder effect's choice), as copies the
        caller may keep (the remembered moves stay the engine's own); empty for a seat not to
        move."""
        if state is self._last and seat is state.current:  # the usual call
            return self.fast.handed_out(state)
        return handed_out(self.shared_legal_moves(state, seat), self._cache.handed)

    def shared_legal_moves(self, state: ArchitectsState, seat: int) -> tuple[Move, ...]:
        """:meth:`legal_moves` without the copies: the engine's own moves, for a caller that
        only reads them and hands none of them on (an RL action index maps them to numbers,
        and its memo knows them again by identity); :meth:`play` takes them as listed moves.
        Never change them: the engine plays these very objects."""
        if type(seat) is not int:
            self.ring.check(seat)  # a bool or float is no seat, even where it equals one
        last = self._cache.last
        moves = last[1] if state is last[0] else self._cache.moves(state)
        if moves is None:
            moves = self._legal(self._guard(state))
        if seat != state.current:
            self.ring.check(seat)
            return ()
        return moves

    def play(self, state: ArchitectsState, moves: Mapping[int, Move]) -> ArchitectsState:
        """The state after ``seat``'s decision and every decision with a single option that
        follows; raises :class:`~sevenwonders.errors.IllegalMoveError` (and changes nothing)
        on a bad move."""
        after = self.fast.play(state, moves)  # the usual call, played by the speed layer
        if after is None:  # any other: the state and the move checked here, then played
            self._legal(self._guard(state))
            after = self.fast.general(state, self._reject(state, moves))
        self._last = after
        return after

    def step(self, state: ArchitectsState,
             moves: Mapping[int, Move]) -> tuple[ArchitectsState, tuple[Any, ...]]:
        """Like :meth:`play`, also returning the step's ordered events (cards taken, cat moved,
        battles, stages, tokens)."""
        state = self._guard(state)
        move = self._check(state, moves)
        work = Draft(state)
        events: list[Any] = []
        self.engine.apply(work, move, events)
        moves_now = self.engine.advance(work, events)
        after = self._remember(self._recall(state, work.freeze()), moves_now)
        return after, tuple(events)

    def _recall(self, before: ArchitectsState, after: ArchitectsState) -> ArchitectsState:
        """``after``, the step's own new state that nothing else holds yet, given what each
        seat has seen face down (:mod:`~sevenwonders.architects.memory`)."""
        seen = remember(self.tables, before, after)
        if seen is not None:
            _set_seen(after, seen)
        return after

    def visible_events(self, events: tuple[Any, ...], seat: int) -> tuple[Any, ...]:
        """Every Architects event is public (cards taken lie face up; revealed counts only)."""
        self.ring.check(seat)
        return checked_events(events, Event)

    def seat_labels(self, state: ArchitectsState) -> tuple[str, ...]:
        """Each seat's wonder, for result tables."""
        return seat_labels(self._guard(state))

    def parse_move(self, state: ArchitectsState, seat: int, text: str) -> Move:
        """The legal move ``text`` writes (``take left``, ``build 3s: S S $``, ``token
        urbanism``...); raises :class:`~sevenwonders.errors.NotationError` if unreadable and
        :class:`~sevenwonders.errors.IllegalMoveError` if not legal now."""
        self._check_seat(self._guard(state), seat)
        move = self._canonical(parse(text))
        if move not in self.legal_moves(state, seat):
            raise IllegalMoveError(f"{quote(text)} is not a legal move now", reason="illegal",
                                   seat=seat)
        return move

    def is_legal(self, state: ArchitectsState, seat: int, move: object) -> bool:
        """Whether ``seat`` may play ``move`` now (see :meth:`Game.is_legal`); a bad state
        or seat raises."""
        state = self._guard(state)
        self.ring.check(seat)
        return (type(move) in _MOVE_TYPES and not state.over and seat == state.current
                and move in self._legal(state))

    def scores(self, state: ArchitectsState) -> tuple[ScoreSheet, ...]:
        """One score sheet per seat (wonder, military, science, blue cards, cat and progress
        tokens...); a running count before the end."""
        state = self._guard(state)
        return score_sheets(self.tables, state.cities, state.cat)

    def ranking(self, state: ArchitectsState) -> tuple[int, ...]:
        """Each seat's place, 1 for the winner: by total points, then the rulebook's tie-break;
        seats still tied share a place."""
        return ranking(self.scores(state))

    def view(self, state: ArchitectsState, seat: int) -> ArchitectsView:
        """What ``seat`` may see: every city, the decks' face-up tops, the central top only for
        the cat holder at its turn, and its own legal moves in notation."""
        state = self._guard(state)
        self.ring.check(seat)
        moves = notation(self._legal(state)) if seat == state.current else ()
        return make_view(self.tables, state, seat, self._city_views(state.cities), moves)

    def _city_views(self, cities: tuple[City, ...]) -> tuple[CityView, ...]:
        """The public views of ``cities``, remembered for the last tuple viewed: every seat of
        a state sees the same, and a turn changes one city or two, whose views alone are
        looked up (by :meth:`_city_view`) when the next state is viewed."""
        seen = self._seen_cities
        if seen[0] is cities:
            return seen[1]
        old, views = seen
        if isinstance(old, tuple) and len(old) == len(cities):
            views = tuple([view if was is city else self._city_view(city)
                           for was, city, view in zip(old, cities, views, strict=True)])
        else:
            views = tuple(map(self._city_view, cities))
        self._seen_cities = (cities, views)
        return views

    def _city_view(self, city: City) -> CityView:
        """The public view of ``city``, remembered per city value: a turn changes one city,
        so most of a view's cities were seen before (the memo holds the city itself, so its
        id names no other object while it is there)."""
        views = self._cache.city_views
        view = views.get(city)
        if view is None:
            view = city_view(self.tables, city, self.engine.shields(city))
            views.put(city, view)
        return view

    # ----------------------------------------------------------------- extras

    def check(self, state: ArchitectsState) -> None:
        """Raise :class:`~sevenwonders.errors.InvalidStateError` if ``state`` is inconsistent."""
        check_state(self.tables, state)

    def on_top(self, state: ArchitectsState, pile: str, index: int) -> ArchitectsState:
        """``state`` with the item at ``index`` of a face-down pile (``"central"``: the central
        deck; ``"tokens"``: the progress token pile) moved to its top, the rest in order: for a
        player weighing what a hidden draw may be (the Architects heuristic). Made here from a
        state this game made or checked, so its calls need no second structural check (a
        pile's order is all that changed); raises :class:`~sevenwonders.errors.InvalidOptionError`
        on an unknown pile or an index outside it."""
        state = self._guard(state)
        if type(pile) is not str or pile not in _PILES:
            raise InvalidOptionError(f"no face-down pile {quote(pile)}",
                                     reason=Reason.UNKNOWN_NAME)
        items: tuple[Any, ...] = state.central if pile == "central" else state.token_pile
        if type(index) is not int or not 0 <= index < len(items):
            raise InvalidOptionError(f"no place {quote(index)} in the {pile} pile",
                                     reason=Reason.OUT_OF_RANGE)
        order = (*items[:index], *items[index + 1:], items[index])
        after = (attrs.evolve(state, central=order) if pile == "central"
                 else attrs.evolve(state, token_pile=order))
        self._cache.checked(after)  # a checked state's pile reordered passes every check too
        self._legal(after)  # (listed now: its play is the usual call)
        return after

    def shields(self, state: ArchitectsState, seat: int) -> int:
        """The seat's shields now (red cards, Rhodes, Tactics)."""
        return self.engine.shields(self._guard(state).cities[self.ring.check(seat)])

    # ----------------------------------------------------------------- internals

    def _guard(self, state: object) -> ArchitectsState:
        """``state`` if this game produced it or it passes the full consistency check.

        States the game made itself are trusted (they keep their moves beside them); a state from
        elsewhere (JSON, a hand-built one) gets the structural checks that every rule relies on
        (sizes, seats, names) once and is then remembered, so a bad document fails here with
        ``InvalidStateError`` and never deep inside a rule. :meth:`check` does the full
        accounting of cards and tokens.
        """
        cache = self._cache
        if cache.known(state):
            self._last = state  # the other calls of its step (many live games in turn)
            return state  # type: ignore[return-value]
        if not isinstance(state, ArchitectsState):
            raise InvalidStateError(f"not an Architects state: {type(state).__name__}")
        t = self.tables
        n = self._players
        if len(state.cities) != n or len(state.decks) != n:
            raise InvalidStateError(f"a state for {len(state.cities)} seats, not {n}")
        if not 0 <= state.current < n or (state.cat is not None and not 0 <= state.cat < n):
            raise InvalidStateError("the seat to move or the cat is at no seat")
        for city in state.cities:
            if city.wonder not in t.wonder_ids or any(k not in t.stage_bit for k in city.built):
                raise InvalidStateError(f"unknown wonder or stage in {city.wonder!r}")
            if any(token not in t.tokens for token in city.tokens):
                raise InvalidStateError(f"unknown progress token in {city.wonder!r}")
        size = len(t.card_kind)
        try:
            located = card_locations(state)
        except Exception as error:  # a broken pending record: not a state of this game
            raise InvalidStateError(f"unreadable card locations: {error}") from None
        if any(not isinstance(card, int) or not 0 <= card < size for card in located):
            raise InvalidStateError("a card id that is not a card of this game")
        cache.checked(state)
        return state

    def _legal(self, state: ArchitectsState) -> tuple[Move, ...]:
        """The engine's own legal moves of the seat to move in a state that passed
        :meth:`_guard`, listed by the speed layer and remembered beside the state."""
        return self.fast.legal(state)

    def _remember(self, state: ArchitectsState, moves: tuple[Move, ...]) -> ArchitectsState:
        self._cache.remember(state, moves)
        self._last = state
        return state

    def _check_seat(self, state: ArchitectsState, seat: object) -> int:
        to_move = frozenset() if state.over else self._to_move[state.current]
        return check_turn(self._players, seat, to_move, state.over)

    def _check(self, state: ArchitectsState, moves: Mapping[int, Move]) -> Move:
        """The move of the seat to move, if it is legal; otherwise raise the fitting error."""
        seat = state.current
        if type(moves) is dict and len(moves) == 1 and seat in moves and (
                type(next(iter(moves))) is int):
            move: Move = moves[seat]
            if type(move) in _MOVE_TYPES:  # exact types: no subclass with a lying __eq__
                legal = self._legal(state)
                try:  # the engine plays its own copy of the listed move
                    return legal[legal.index(move)]
                except ValueError:
                    pass
        return self._reject(state, moves)

    def _reject(self, state: ArchitectsState, moves: Mapping[int, Move]) -> Move:
        over = type(state.pending) is Finished
        checked = check_moves(moves, players=self._players, over=over, move_types=MOVE_TYPES,
                              to_move=frozenset() if over else self._to_move[state.current],
                              game=self.name)
        seat = state.current
        move: Move = checked[seat]
        legal = self._legal(state)
        if move not in legal:
            raise IllegalMoveError(f"{quote(move)} is not a legal move now", reason="illegal",
                                   seat=seat)
        return legal[legal.index(move)]  # a legal move in a mapping that is not a plain dict

    def _canonical(self, move: Move) -> Move:
        """Check the names a parsed move uses and put its parts in the usual order."""
        t = self.tables
        move = self._spelt(move)
        if isinstance(move, Build):
            if move.stage not in STAGE_KEYS:
                raise UnknownCardError(f"no stage {move.stage!r}; stages are {STAGE_KEYS}")
            order = {letter: i for i, letter in enumerate((*t.letters, t.gold_letter))}
            for letter in move.spend:
                if letter not in order:
                    raise UnknownCardError(f"no card letter {letter!r}")
            return Build(move.stage, "".join(sorted(move.spend, key=order.__getitem__)))
        if isinstance(move, Science):
            names = [t.kind_ids[k] for k in t.science_kinds]
            for symbol in move.symbols:
                if symbol not in names:
                    raise UnknownCardError(f"no science symbol {symbol!r}")
            return Science(tuple(sorted(move.symbols, key=names.index)))
        if isinstance(move, ChooseToken) and move.token != HIDDEN and move.token not in t.tokens:
            raise UnknownCardError(f"no progress token {move.token!r}")
        if isinstance(move, Extra) and move.token not in t.tokens:
            raise UnknownCardError(f"no progress token {move.token!r}")
        if isinstance(move, Alexandria) and move.deck != "central" and (
                move.deck not in t.wonder_ids):
            raise UnknownCardError(f"no deck {move.deck!r}")
        if isinstance(move, Pick) and move.card not in t.kind_index:
            raise UnknownCardError(f"no card kind {move.card!r}")
        if isinstance(move, UseEffect) and move.effect not in ("ephesus", "olympia"):
            raise UnknownCardError(f"no optional effect {move.effect!r}")
        return move

    def _spelt(self, move: Move) -> Move:
        """``move`` with its names spelt as the game spells them: names in notation are matched
        without case."""
        t = self.tables

        def fold(name: str, known: Iterable[str]) -> str:
            return {k.casefold(): k for k in known}.get(name.casefold(), name)

        if isinstance(move, Build):
            letters = (*t.letters, t.gold_letter)
            return Build(fold(move.stage, STAGE_KEYS),
                         "".join(fold(letter, letters) for letter in move.spend))
        if isinstance(move, Science):
            return Science(tuple(fold(s, (t.kind_ids[k] for k in t.science_kinds))
                                 for s in move.symbols))
        if isinstance(move, ChooseToken):
            return ChooseToken(fold(move.token, (*t.tokens, HIDDEN)))
        if isinstance(move, Extra):
            return Extra(fold(move.token, t.tokens), move.source)
        if isinstance(move, Alexandria):
            return Alexandria(fold(move.deck, (*t.wonder_ids, "central")))
        if isinstance(move, Pick):
            return Pick(fold(move.card, t.kind_index))
        if isinstance(move, UseEffect):
            return UseEffect(fold(move.effect, ("ephesus", "olympia")))
        return move

def _rebuild(players: int, rules: RuleOptions) -> ArchitectsGame:
    return ArchitectsGame(players, **rules.as_dict())
