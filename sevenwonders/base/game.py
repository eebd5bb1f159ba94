"""``BaseGame``: the base game behind the uniform :class:`~sevenwonders.core.game.Game` protocol."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

import attrs

from sevenwonders.base.cards import Edition, any_game_wonders, load_edition
from sevenwonders.base.events import CardDiscarded, CardSold, Event
from sevenwonders.base.fast.moves import hand_moves
from sevenwonders.base.hooks import Expansion
from sevenwonders.base.legal import to_move
from sevenwonders.base.memory import remember
from sevenwonders.base.moves import Build, BuildStage, Choose, Move, Sell, Skip
from sevenwonders.base.notation import canonical_names, parse
from sevenwonders.base.options import SIDE_CHOICES, BaseOptions, make_options
from sevenwonders.base.rules import BuildQuote, Rules
from sevenwonders.base.scoring import score_sheet
from sevenwonders.base.spec import INFO, seat_labels
from sevenwonders.base.state import BaseState, with_memory
from sevenwonders.base.validation import check_state
from sevenwonders.base.view import BaseView, CityView, city_views, make_view
from sevenwonders.core.checks import check_moves, check_seat, check_turn
from sevenwonders.core.exact import checked_events
from sevenwonders.core.limits import quote
from sevenwonders.core.memo import warm
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
    ) -> None:
        self._options: BaseOptions = make_options(
            players, edition, sides, wonders, coin_effect_timing, last_turn_order, carthage
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
        self.rules = Rules(players, self._options, self.edition, self.expansions)
        # card names in notation are matched without case (``build baths``)
        self._card_names = {name.casefold(): name for name in self.edition.cards}
        # The states this game produced lately skip the checks of a state from outside, for
        # every live game stepped through this object: they are marked in the speed layer's
        # memo of the state (by id, checked by identity, gone with the state; the last 64).
        self._last: BaseState | None = None  # the last of them (one playout's next state)
        # the last state a view was made of, and its cities as everyone sees them
        self._views: tuple[BaseState | None, tuple[CityView, ...]] = (None, ())

    def __reduce__(self) -> str | tuple[Any, ...]:
        """Pickled as its configuration and unpickled as the receiving process's one game object
        of that configuration (:func:`~sevenwonders.core.memo.warm`), so a pool's worker keeps
        its caches warm from task to task. A game with an expansion the registry does not know
        by name pickles its attributes instead (:meth:`__getstate__`)."""
        from sevenwonders.games import EXPANSIONS

        if all(e.name in EXPANSIONS for e in self.expansions):
            return warm, (_rebuild, self.players, json.dumps(self.options(), sort_keys=True))
        return super().__reduce__()

    def __getstate__(self) -> dict[str, Any]:
        """A pickled game carries its options, not what it remembers of states (a process
        pool's task stays small); the rules drop their caches likewise."""
        state = dict(self.__dict__)
        state["_last"] = None
        state["_views"] = (None, ())
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)

    def _remember(self, state: BaseState) -> BaseState:
        """Trust ``state`` while it lives (the mark leaves with the state's memo, so none
        ages into the garbage collector's older generations)."""
        self.rules.fast.state_memo(state).produced = True
        self._last = state
        return state

    def __repr__(self) -> str:
        return f"BaseGame(players={self.players}, {self._options!r})"

    def options(self) -> dict[str, Any]:
        options = self._options.to_dict()
        options["expansions"] = {e.name: e.options() for e in self.expansions}
        return options

    # -- protocol

    def new_game(self, seed: int | None = None) -> BaseState:
        return self._remember(self.rules.setup(checked_seed(seed)))

    def to_move(self, state: BaseState) -> frozenset[int]:
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
        if self.rules.fast.produced(state):
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
        """Full consistency check of a state (JSON loading runs it already)."""
        return check_state(self._mine(state))

    def legal_moves(self, state: BaseState, seat: int) -> tuple[Move, ...]:
        if type(seat) is not int or not 0 <= seat < self.players:
            check_seat(self.players, seat)  # raises for anything but a seat of this table
        if state is not self._last:
            state = self._mine(state)
        if state.pending or state.over:
            return self.rules.legal_moves(state, seat)
        # a hand's moves (the hot path: FastCache.legal_moves written in place)
        fast = self.rules.fast
        last = fast.last
        memo = last[1] if last[0] is state else fast.state_memo(state)
        assert memo is not None
        moves = memo.moves.get(seat)
        if moves is None:
            moves = memo.moves[seat] = hand_moves(fast, state, seat, True, None, memo.entries,
                                                  memo)
        return moves

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
        mine = self._mine(state) if state is not self._last else state
        rules = self.rules
        seats = (rules.all_seats if not (mine.pending or mine.over)  # (legal.to_move's draft)
                 else to_move(rules, mine))
        checked = check_moves(moves, players=self.players, to_move=seats, over=mine.over,
                              move_types=MOVE_TYPES, game=self.name)
        after = rules.play(mine, checked)
        with_memory(after, remember(rules.givers, mine, after))  # what each seat saw
        rules.fast.state_memo(after).produced = True
        self._last = after
        return after

    def step(
        self, state: BaseState, moves: Mapping[int, Move]
    ) -> tuple[BaseState, tuple[Event, ...]]:
        events: list[Event] = []
        mine, checked = self._checked(state, moves)
        after = self.rules.play(mine, checked, events)
        with_memory(after, remember(self.rules.givers, mine, after))  # what each seat saw
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
        state = self._mine(state)
        check_turn(self.players, seat, self.rules.to_move(state), state.over)
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
        self.rules.check_move(state, seat, move)
        return move

    def is_over(self, state: BaseState) -> bool:
        if state is not self._last:
            state = self._mine(state)
        return state.over

    def scores(self, state: BaseState) -> tuple[ScoreSheet, ...]:
        state = self._mine(state)
        return tuple(score_sheet(self.rules, state, seat) for seat in range(state.players))

    def ranking(self, state: BaseState) -> tuple[int, ...]:
        return ranking(self.scores(state))

    def view(self, state: BaseState, seat: int) -> BaseView:
        check_seat(self.players, seat)
        state = self._mine(state)
        memo = self._views
        if memo[0] is not state:
            # every seat of a turn asks for a view of the same state: the cities are shared
            memo = self._views = (state, city_views(state))
        return make_view(state, seat, self.rules.to_move(state), memo[1])

    # -- helpers for frontends and bots

    def seat_labels(self, state: BaseState) -> tuple[str, ...]:
        """Each seat's wonder and side, for result tables."""
        return seat_labels(self._mine(state))

    def quote(self, state: BaseState, seat: int, card: str) -> BuildQuote:
        """Can ``seat`` build ``card`` now: free (and why), at which payments, or why not."""
        self.rules.ring.check(seat)
        if card not in self.edition.cards:
            raise UnknownCardError(f"no card named {quote(card)}")
        return self.rules.quote(state, seat, card, in_draft=not state.pending)

    def stage_quote(self, state: BaseState, seat: int) -> BuildQuote:
        """Can ``seat`` build its next wonder stage now, and at which payments."""
        self.rules.ring.check(seat)
        return self.rules.stage_quote(state, seat)

    def is_legal(self, state: BaseState, seat: int, move: object) -> bool:
        """Whether ``seat`` may play ``move`` now (see :meth:`Game.is_legal`)."""
        check_seat(self.players, seat)
        state = self._mine(state)
        if seat not in self.rules.to_move(state) or type(move) not in MOVE_TYPES:
            return False
        try:
            self.rules.check_move(state, seat, move)
        except IllegalMoveError:
            return False
        return True


def _rebuild(players: int, options: str) -> BaseGame:
    """The game of a pickled configuration (see :meth:`BaseGame.__reduce__`)."""
    from sevenwonders.games import make_game

    game = make_game("base", players, **json.loads(options))
    assert isinstance(game, BaseGame)
    return game

