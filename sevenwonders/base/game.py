"""``BaseGame``: the base game behind the uniform :class:`~sevenwonders.core.protocol.Game`
protocol, and the dispatch of a move on top of the rule modules.

A move walks down once: the protocol checks (``core.checks``), the check of each move (the fast
acceptance of ``fast/moves.py`` or the plain ``legal.check_move``), then the step (a plain draft
turn by ``fast/turn.py``, or ``turn.resolve`` and ``ages.advance``). This module is the only one
of the reference path that chooses the speed layer (``base/fast/``).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

import attrs

from sevenwonders.base import ages, legal, setup, turn
from sevenwonders.base.cards import Edition, any_game_wonders, load_edition
from sevenwonders.base.events import CardDiscarded, CardSold, Event
from sevenwonders.base.fast.cache import FastCache
from sevenwonders.base.fast.entries import entries_of
from sevenwonders.base.fast.moves import accepts
from sevenwonders.base.fast.turn import plain_turn
from sevenwonders.base.legal import BuildQuote, to_move
from sevenwonders.base.memory import remember
from sevenwonders.base.moves import Build, BuildStage, Choose, Move, Sell, Skip
from sevenwonders.base.notation import canonical_names, parse
from sevenwonders.base.options import SIDE_CHOICES, BaseOptions, make_options
from sevenwonders.base.scoring import score_sheet
from sevenwonders.base.spec import INFO, seat_labels
from sevenwonders.base.state import BaseState, PendingKind, with_memory
from sevenwonders.base.tables import Expansion, Tables
from sevenwonders.base.view import BaseView, CityView, city_views, make_view
from sevenwonders.core.checks import check_moves, check_seat, check_turn
from sevenwonders.core.exact import checked_events
from sevenwonders.core.expansions import EXPANSIONS, make_expansion
from sevenwonders.core.limits import quote
from sevenwonders.core.memo import warm
from sevenwonders.core.problems import check_loaded
from sevenwonders.core.protocol import GameInfo
from sevenwonders.core.scoring import ScoreSheet, ranking
from sevenwonders.core.seeds import checked_seed
from sevenwonders.errors import (
    IllegalMoveError,
    InvalidOptionError,
    InvalidStateError,
    UnknownCardError,
)

MOVE_TYPES = (Build, BuildStage, Sell, Skip, Choose)
_NO_STATE = object()  # what ``_last`` holds before the game made a state


class BaseGame:
    """7 Wonders for 3 to 7 players.

    >>> game = BaseGame(players=3)
    >>> state = game.new_game(seed=1)
    >>> sorted(game.to_move(state))
    [0, 1, 2]
    """

    name = "base"
    info: GameInfo = INFO

    def __init__(
        self,
        players: int,
        *,
        edition: str = "2nd",
        sides: str | tuple[str, ...] | list[str] | None = None,
        wonders: tuple[str, ...] | list[str] | None = None,
        coin_effect_timing: str = "after_builds",
        last_turn_order: str = "babylon_first",
        expansions: tuple[Expansion, ...] | list[Expansion] = (),
        carthage: bool = False,
        carthage_night_vp: str = "coin_option",
        **unknown: object,
    ) -> None:
        self._options: BaseOptions = make_options(
            players, edition, sides, wonders, coin_effect_timing, last_turn_order, carthage,
            carthage_night_vp, unknown,
        )
        self.players = players
        if type(expansions) not in (list, tuple) or not all(
                isinstance(e, Expansion) for e in expansions):
            raise InvalidOptionError("expansions must be a list of Expansion objects")
        # Boards that join any game (Carthage): when named, or dealt with the option.
        named = self._options.wonders or ()
        self.edition: Edition = load_edition(self._options.edition).with_wonders(tuple(
            board for name, board in any_game_wonders().items()
            if self._options.carthage or name in named))
        self.expansions = tuple(expansions)
        names = [expansion.name for expansion in self.expansions]
        if len(set(names)) != len(names):
            raise InvalidOptionError("expansions must be distinct Expansion objects")
        # the game's tables (the bottom floor every rule module reads) and the speed layer's
        # one owner (never pickled: made again on unpickling)
        self.rules = Tables(players, self._options, self.edition, self.expansions)
        self.fast = FastCache(self.rules)
        # card names in notation are matched without case (``build baths``)
        self._card_names = {name.casefold(): name for name in self.edition.cards}
        # The states this game produced lately skip the checks of a state from outside, for
        # every live game stepped through this object: they are marked in the speed layer's
        # memo of the state (kept beside the state, gone with it).
        # the last of them (one playout's next state); never ``None``, which is no state
        self._last: object = _NO_STATE
        # the last state a view was made of, and its cities as everyone sees them
        self._views: tuple[BaseState | None, tuple[CityView, ...]] = (None, ())

    def __reduce__(self) -> str | tuple[Any, ...]:
        """Pickled as its configuration and unpickled as the receiving process's one game object
        of that configuration (:func:`~sevenwonders.core.memo.warm`), so a pool's worker keeps
        its caches warm from task to task. A game with an expansion the registry does not know
        by name pickles its attributes instead (:meth:`__getstate__`)."""
        if all(e.name in EXPANSIONS for e in self.expansions):
            return warm, (_rebuild, self.players, json.dumps(self.options(), sort_keys=True))
        return super().__reduce__()

    def __getstate__(self) -> dict[str, Any]:
        """A pickled game carries its options, not what it remembers of states (a process
        pool's task stays small); its speed layer is made again on unpickling."""
        state = dict(self.__dict__)
        del state["fast"]
        state["_last"] = _NO_STATE
        state["_views"] = (None, ())
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        self.fast = FastCache(self.rules)

    def _remember(self, state: BaseState) -> BaseState:
        """Trust ``state`` while it lives (the mark leaves with the state's memo, so none
        ages into the garbage collector's older generations)."""
        self.fast.state_memo(state).produced = True
        self._last = state
        return state

    def __repr__(self) -> str:
        return f"BaseGame(players={self.players}, {self._options!r})"

    def options(self) -> dict[str, Any]:
        """The options the game was built with, as plain JSON values; ``expansions`` maps each
        expansion's name to its own options (what records store)."""
        options = self._options.to_dict()
        options["expansions"] = {e.name: e.options() for e in self.expansions}
        return options

    # -- protocol

    def new_game(self, seed: int | None = None) -> BaseState:
        """The state after set-up (wonders, sides, the Age I hands), fully determined by
        ``seed``; without one an unpredictable seed is drawn."""
        self.fast.new_game()
        return self._remember(setup.new_game(self.rules, checked_seed(seed)))

    def to_move(self, state: BaseState) -> frozenset[int]:
        """The seats that must choose now: every seat in a draft turn, or the one seat owing a
        pending decision (Halikarnassos, Babylon's last card, an Edifice penalty); empty at
        the end."""
        if state is not self._last:  # (the hot path of a playout skips a frame or two)
            state = self._mine(state)
        elif not (state.pending or state.over):
            return self.rules.all_seats  # (legal.to_move's draft answer)
        return to_move(self.rules, state)

    def _mine(self, state: object) -> BaseState:
        """Refuse a state that is not a base-game state of this game's table size and set of
        expansions (a state of another game would fail deep inside a rule). The state this game
        produced lately is known to be its own and skips the checks (the hot path of a playout,
        or of many live games stepped in turn)."""
        if state is self._last:
            return state  # type: ignore[return-value]
        if self.fast.produced(state):
            self._last = state  # the other calls of its step (many live games in turn)
            return state  # type: ignore[return-value]
        return self.check_table(state)

    def check_table(self, state: object) -> BaseState:
        """``state`` if it is a base-game state of this game's table (size, boards, stages,
        expansions); else :class:`InvalidStateError`. Loading runs the full check."""
        if not isinstance(state, BaseState):
            raise InvalidStateError(f"expected a BaseState, got {type(state).__name__}")
        if (state.players != self.players or len(state.expansions) != len(self.expansions)
                or len(state.cities) != self.players or len(state.marks) != self.players):
            raise InvalidStateError(
                f"a state for {state.players} players and {len(state.expansions)} expansions "
                f"does not belong to {self!r}"
            )
        sides = SIDE_CHOICES[self._options.edition]  # "a"/"b" or "day"/"night", not both
        if not all(self.rules.knows_board(city.wonder, city.side) and city.side in sides
                   for city in state.cities):
            raise InvalidStateError("a city's wonder board is not one of this game's boards")
        for city in state.cities:
            stages = self.rules.stages(city)
            if city.stages > len(stages) or any(
                choice >= max(1, len(stage.choices))
                for stage, choice in zip(stages, city.stage_choices, strict=False)
            ):
                raise InvalidStateError(f"{city.wonder} has no such stage or stage option")
        for expansion in self.expansions:
            expansion.validate(self.rules, state)
        return state

    def check_state(self, state: BaseState) -> BaseState:
        """Full consistency check of a state (JSON loading runs it already): the load check
        :mod:`sevenwonders.base.validation` registers for :class:`BaseState`."""
        return check_loaded(self._mine(state))

    def legal_moves(self, state: BaseState, seat: int) -> tuple[Move, ...]:
        """Every move ``seat`` may make now: each card of its hand built (once per cheapest
        non-dominated payment), used for a wonder stage or sold; the answers to a pending
        decision; empty for a seat not asked to move."""
        if type(seat) is not int or not 0 <= seat < self.players:
            check_seat(self.players, seat)  # raises for anything but a seat of this table
        if state is not self._last:
            state = self._mine(state)
        if state.pending or state.over:
            return self._pending_moves(state, seat)
        return self.fast.legal_moves(state, seat)  # a hand's moves (compiled with the layer)

    def _checked(self, state: object, moves: object) -> tuple[BaseState, Mapping[int, Move]]:
        """The protocol checks every game shares (:mod:`sevenwonders.core.checks`), then the
        rules check each move."""
        mine = self._mine(state) if state is not self._last else state
        assert isinstance(mine, BaseState)
        checked = check_moves(moves, players=self.players, to_move=to_move(self.rules, mine),
                              over=mine.over, move_types=MOVE_TYPES, game=self.name)
        return mine, checked

    def play(self, state: BaseState, moves: Mapping[int, Move]) -> BaseState:
        # (_checked and _remember written out: a playout's every step comes through here)
        """The state after the moves of every seat in :meth:`to_move`, placed at once; raises
        :class:`~sevenwonders.errors.IllegalMoveError` (and changes nothing) on a bad move."""
        mine = self._mine(state) if state is not self._last else state
        rules = self.rules
        seats = (rules.all_seats if not (mine.pending or mine.over)  # (legal.to_move's draft)
                 else to_move(rules, mine))
        checked = check_moves(moves, players=self.players, to_move=seats, over=mine.over,
                              move_types=MOVE_TYPES, game=self.name)
        fast = self.fast
        fast.let_go(mine)
        memo = fast.state_memo(mine)
        after = self._apply(mine, checked)
        fast.state_memo(after).produced = True
        fast.played = (mine, memo, after)
        self._last = after
        return after

    def step(
        self, state: BaseState, moves: Mapping[int, Move]
    ) -> tuple[BaseState, tuple[Event, ...]]:
        """Like :meth:`play`, also returning the step's ordered events (cards built and sold,
        coins, hands passed, conflicts, a new Age)."""
        events: list[Event] = []
        mine, checked = self._checked(state, moves)
        fast = self.fast
        fast.let_go(mine)
        memo = fast.state_memo(mine)
        after = self._apply(mine, checked, events)
        fast.played = (mine, memo, after)
        return self._remember(after), tuple(events)

    def visible_events(self, events: tuple[Event, ...], seat: int) -> tuple[Event, ...]:
        """The events as ``seat`` may see them: cards other seats sell or discard lie face
        down, so their names are blanked."""
        check_seat(self.players, seat)
        return tuple(
            attrs.evolve(event, card="")
            if isinstance(event, CardSold | CardDiscarded) and event.seat != seat else event
            for event in checked_events(events, Event)
        )

    def parse_move(self, state: BaseState, seat: int, text: str) -> Move:
        """The legal move of ``seat`` that ``text`` writes (``build Baths paying left 2``,
        ``stage Loom``, ``sell Press``); raises :class:`~sevenwonders.errors.NotationError` if
        unreadable and :class:`~sevenwonders.errors.IllegalMoveError` if not legal now."""
        state = self._mine(state)
        check_turn(self.players, seat, to_move(self.rules, state), state.over)
        move = canonical_names(parse(text), self._card_names)
        card = getattr(move, "card", None)
        if card is not None and card not in self.edition.cards:
            raise UnknownCardError(f"no card named {quote(card)}")
        if isinstance(move, BuildStage) and move.extras and self.expansions:
            # an expansion's extras (``+project``) are matched without case like card names
            known = {word.casefold(): word for e in self.expansions
                     for variant in e.stage_variants(self.rules, state, seat)
                     for word in variant.extras}
            move = attrs.evolve(move, extras=tuple(known.get(word.casefold(), word)
                                                   for word in move.extras))
        self.check_move(state, seat, move)
        return move

    def is_over(self, state: BaseState) -> bool:
        """Whether the third Age has ended and every pending decision is settled."""
        if state is not self._last:
            state = self._mine(state)
        return state.over

    def scores(self, state: BaseState) -> tuple[ScoreSheet, ...]:
        """One score sheet per seat: wonder, coins, military, civilian, commercial, science and
        guild points (and expansion lines); a running count before the end."""
        state = self._mine(state)
        return tuple(score_sheet(self.rules, state, seat) for seat in range(state.players))

    def ranking(self, state: BaseState) -> tuple[int, ...]:
        """Each seat's place, 1 for the winner: by total points, ties broken by coins, seats
        still tied sharing a place."""
        return ranking(self.scores(state))

    def view(self, state: BaseState, seat: int) -> BaseView:
        """What ``seat`` may see: its own hand, every city, hand sizes, the discard pile's size;
        never another hand or a deck."""
        check_seat(self.players, seat)
        state = self._mine(state)
        memo = self._views
        if memo[0] is not state:
            # every seat of a turn asks for a view of the same state: the cities are shared
            memo = self._views = (state, city_views(state))
        return make_view(state, seat, to_move(self.rules, state), memo[1])

    # -- helpers for frontends and bots

    def seat_labels(self, state: BaseState) -> tuple[str, ...]:
        """Each seat's wonder and side, for result tables."""
        return seat_labels(self._mine(state))

    def quote(self, state: BaseState, seat: int, card: str) -> BuildQuote:
        """Can ``seat`` build ``card`` now: free (and why), at which payments, or why not."""
        self.rules.ring.check(seat)
        state = self._mine(state)  # (a state of another game or none fails deep in the rules)
        if type(card) is not str or card not in self.edition.cards:
            raise UnknownCardError(f"no card named {quote(card)}")
        return legal.quote(self.rules, state, seat, card, in_draft=not state.pending)

    def stage_quote(self, state: BaseState, seat: int) -> BuildQuote:
        """Can ``seat`` build its next wonder stage now, and at which payments."""
        self.rules.ring.check(seat)
        return legal.stage_quote(self.rules, self._mine(state), seat)

    def is_legal(self, state: BaseState, seat: int, move: object) -> bool:
        """Whether ``seat`` may play ``move`` now (see :meth:`Game.is_legal`)."""
        check_seat(self.players, seat)
        state = self._mine(state)
        if seat not in to_move(self.rules, state) or type(move) not in MOVE_TYPES:
            return False
        try:
            self.check_move(state, seat, move)
        except IllegalMoveError:
            return False
        return True

    # -- the dispatch: a move walks down once

    def _pending_moves(self, state: BaseState, seat: int) -> tuple[Move, ...]:
        """The moves of a state that is over or has a decision pending: a pending decision's
        own (``legal.pending_moves``), or a hand's (Babylon's last card) by the speed layer."""
        if state.over:
            return ()
        found = legal.pending_moves(self.rules, state, seat)
        if found is not None:
            return found
        return self.fast.legal_moves(state, seat)

    def check_move(self, state: BaseState, seat: int, move: object) -> None:
        """Accept a legal move (listed by the speed layer) or raise the precise error of the
        plain rule (``legal.check_move``)."""
        if not accepts(self.fast, state, seat, move):
            legal.check_move(self.rules, state, seat, move)

    def _check_each(self, state: BaseState, moves: Mapping[int, Move]) -> None:
        """:meth:`check_move` of each move (the seats passed the protocol checks of
        :mod:`sevenwonders.core.checks`), the seats' entries looked up once."""
        fast = self.fast
        memo = fast.state_memo(state)
        entries = None
        for seat, move in moves.items():
            if entries is None and type(move) is not Sell and not state.pending:
                entries = entries_of(fast, state, range(self.players), memo)
            if not accepts(fast, state, seat, move, entries, memo):
                legal.check_move(self.rules, state, seat, move)

    def _apply(self, state: BaseState, moves: Mapping[int, Move],
               events: list[Event] | None = None) -> BaseState:
        """Check ``moves`` and return the next state (adding events to ``events`` if given)
        with what each seat saw of the step in its memory: a plain draft turn in one pass
        when the speed layer takes it, else the rules' way."""
        if events is None and not state.pending:
            after = plain_turn(self.fast, state, moves, self.fast.state_memo(state))
            if after is not None:
                return after  # (its memory noted by the pass)
        self._check_each(state, moves)
        tables = self.rules
        if state.pending:
            after = self._decide(state, moves, events)
        else:
            after, ended = turn.resolve(tables, state, moves, events, "draft", end=True)
            if not ended:  # (a plain turn ends in place)
                after = ages.advance(tables, after, events)
        with_memory(after, remember(tables.givers, state, after))  # what each seat saw
        self.fast.carry(state, self.fast.state_memo(state), after)  # the entries go on
        return after

    def _decide(self, state: BaseState, moves: Mapping[int, Move],
                events: list[Event] | None) -> BaseState:
        """The step of a pending decision (its seat's move alone)."""
        tables = self.rules
        head = state.pending[0]
        state = ages.with_pending(state, state.pending[1:])
        if head.kind is PendingKind.EXPANSION:
            expansion = tables.expansion_named(head.detail)
            state = expansion.resolve_pending(tables, state, head, moves[head.seat], events)
            return ages.advance(tables, state, events)
        source = "discard" if head.kind is PendingKind.BUILD_FROM_DISCARD else "last_card"
        state = turn.resolve(tables, state, {head.seat: moves[head.seat]}, events, source)[0]
        return ages.advance(tables, state, events)


def _rebuild(players: int, options: str) -> BaseGame:
    """The game of a pickled configuration (see :meth:`BaseGame.__reduce__`)."""
    settings = json.loads(options)
    expansions = tuple(make_expansion(name, given)
                       for name, given in settings.pop("expansions", {}).items())
    return BaseGame(players, expansions=expansions, **settings)

