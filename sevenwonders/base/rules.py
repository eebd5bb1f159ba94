"""The base game's rules for one edition and set of options: the tables of the game's data, and
the rules as methods that expansions and frontends call (``base/hooks.py``).

Each rule lives in its own module; this class only holds the tables and hands over:

- ``setup.py``    set-up, dealing, sides, wonders
- ``trading.py``  prices, discounts, the reference payment search
- ``legal.py``    free reasons (chains, Olympia), quotes, legal moves, move checks
- ``turn.py``     placing a turn's moves (coin timing D3a, same-turn marks D3b, decisions)
- ``ages.py``     passing hands, the last turn (D3c), conflicts, the end of an Age
- ``scoring.py``  the score sheet

The speed layer (``base/fast/``) is owned by one :class:`~.fast.cache.FastCache` per rules
object, used for the hot calls (``legal_moves``, ``play``) and never pickled.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from types import MappingProxyType
from typing import Any

from sevenwonders.base import ages, legal, setup, trading, turn
from sevenwonders.base.cards import Card, Colour, Edition, Stage, Wonder
from sevenwonders.base.effects import Effect, Scope, Shields
from sevenwonders.base.events import Event
from sevenwonders.base.fast.cache import FastCache
from sevenwonders.base.fast.moves import accepts
from sevenwonders.base.fast.turn import plain_turn
from sevenwonders.base.hooks import Expansion, StageVariant
from sevenwonders.base.legal import BuildQuote
from sevenwonders.base.moves import Move, Sell
from sevenwonders.base.options import BaseOptions, carthage_board
from sevenwonders.base.setup import HAND_SIZE, SIDE_ALIASES, START_COINS, TURNS_PER_AGE
from sevenwonders.base.state import NO_MARKS, BaseState, City, PendingKind, TurnMarks
from sevenwonders.base.trading import STANDARD_PRICE, CityProfile, Trade
from sevenwonders.base.turn import SALE_COINS
from sevenwonders.core.resources import Bag, Payment, Producer
from sevenwonders.core.seats import Ring
from sevenwonders.errors import InvalidStateError, UnknownCardError

VICTORY_POINTS = ages.VICTORY_POINTS
DEFEAT = ages.DEFEAT
check_players = setup.check_players


class Rules:
    """The base game's rules for one edition and set of options."""

    def __init__(
        self,
        players: int,
        options: BaseOptions,
        edition: Edition,
        expansions: tuple[Expansion, ...] = (),
    ) -> None:
        self.players = players
        self.options = options
        self.edition = edition
        self.expansions = expansions
        self.ring = Ring(players)
        # a read-only view of a plain dict: looked up on every build (C-level, unlike FrozenMap)
        self.cards: Mapping[str, Card] = MappingProxyType(dict(edition.cards))
        wonders: dict[str, Wonder] = dict(edition.wonders)
        for expansion in expansions:
            for wonder in expansion.extra_wonders():
                wonders[wonder.name] = wonder
        if "Carthage" in wonders:  # the option of the board (base/options.py)
            wonders["Carthage"] = carthage_board(wonders["Carthage"], options.carthage_night_vp)
        self.wonders: Mapping[str, Wonder] = wonders
        if options.wonders is not None:
            for name in options.wonders:
                if name not in wonders:
                    raise UnknownCardError(
                        f"no wonder named {name!r}; known: {', '.join(wonders)}"
                    )
        self.boards = setup.boards(wonders)
        # The decks before shuffling (the edition's tables, for this table size).
        self.age_cards = tuple(edition.age_cards(age, players) for age in (1, 2, 3))
        self.guilds = edition.guilds()
        self.all_seats = frozenset(range(players))
        self.sides = tuple(self.ring.sides(seat) for seat in range(players))  # (left, right)
        # scope -> per seat, the seats an effect of that scope looks at
        self._scopes = {scope: tuple(scope_seats(self.ring, seat, scope)
                                     for seat in range(players)) for scope in Scope}
        # who passes each seat its hand: the right neighbour (hands go left), the left one
        self.givers = (tuple(right for _, right in self.sides),
                       tuple(left for left, _ in self.sides))
        self.no_marks = (NO_MARKS,) * players
        self.no_variants = (StageVariant((), 0),)
        self._card_shields = {name: card.shields for name, card in self.cards.items()}
        # (wonder, side, stages counted, options taken) -> their effects (a table of the data)
        self._stage_effects: dict[tuple[str, str, tuple[int, ...]], tuple[Effect, ...]] = {}
        # (wonder, side, stages, options taken) -> the shields of those stages (likewise)
        self._stage_shields: dict[tuple[str, str, int, tuple[int, ...]], int] = {}
        # (wonder, side, stages counted, options taken, power) -> whether they give it
        self._stage_powers: dict[tuple[str, str, int, tuple[int, ...], type], bool] = {}
        # card name -> its share of a score sheet (filled by scoring.py, a table of the data)
        self.card_scores: dict[str, Any] = {}
        # the speed layer: one owner, never pickled (made again on unpickling)
        self.fast = FastCache(self)

    def __getstate__(self) -> dict[str, Any]:
        state = dict(self.__dict__)
        del state["fast"]
        state["_stage_effects"] = {}
        state["_stage_shields"] = {}
        state["_stage_powers"] = {}
        state["card_scores"] = {}
        state["cards"] = dict(self.cards)  # (a mappingproxy does not pickle)
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        self.cards = MappingProxyType(state["cards"])
        self.fast = FastCache(self)

    # -- set-up (setup.py)

    def setup(self, seed: int) -> BaseState:
        self.fast.new_game()
        return setup.new_game(self, seed)

    def knows_board(self, wonder: str, side: str) -> bool:
        """Whether ``wonder``'s side ``side`` is a board of this game."""
        return (wonder, side) in self.boards

    # -- what a city has

    def stages(self, city: City) -> tuple[Stage, ...]:
        return self.boards[(city.wonder, city.side)]

    def built_stages(self, city: City) -> tuple[Stage, ...]:
        return self.stages(city)[: city.stages]

    def stage_effects(self, city: City, count: int | None = None) -> tuple[Effect, ...]:
        """The effects of the first ``count`` built stages (all by default), with the option
        taken on each stage that offers several."""
        count = city.stages if count is None else count
        choices = city.stage_choices[:count]
        key = (city.wonder, city.side, (count, *choices))
        found = self._stage_effects.get(key)
        if found is None:
            stages = self.stages(city)
            out: list[Effect] = []
            for index in range(count):
                out.extend(stages[index].effects_with(choices[index] if index < len(choices)
                                                      else 0))
            found = self._stage_effects[key] = tuple(out)
        return found

    def city_effects(self, city: City) -> Iterable[Effect]:
        for name in city.cards:
            yield from self.cards[name].effects
        yield from self.stage_effects(city)

    def seat_effects(self, state: BaseState, seat: int) -> Iterable[Effect]:
        """A city's effects plus what expansions grant the seat."""
        yield from self.city_effects(state.cities[seat])
        yield from self.extra_effects(state, seat)

    def extra_effects(self, state: BaseState, seat: int) -> tuple[Effect, ...]:
        expansions = self.expansions
        if not expansions:
            return ()
        if len(expansions) == 1:
            found = expansions[0].extra_effects(self, state, seat)
            return found if type(found) is tuple else tuple(found)
        out: list[Effect] = []
        for expansion in self.expansions:
            out.extend(expansion.extra_effects(self, state, seat))
        return tuple(out)

    def has_power(self, city: City, power: type, marks: TurnMarks = NO_MARKS) -> bool:
        """Whether a stage built before this turn (or ever, with ``NO_MARKS``) gives ``power``."""
        count = city.stages - marks.stages
        key = (city.wonder, city.side, count, city.stage_choices, power)
        found = self._stage_powers.get(key)
        if found is None:
            found = self._stage_powers[key] = any(
                isinstance(effect, power) for effect in self.stage_effects(city, count))
        return found

    def powers(self, state: BaseState, seat: int) -> frozenset[type]:
        """The types of the effects of the seat's stages built before this turn."""
        return self.fast.entry(state, seat).powers

    def shields(self, state: BaseState, seat: int) -> int:
        """Military strength: the shields of the city's cards, stages and expansion grants."""
        city = state.cities[seat]
        total = sum(map(self._card_shields.__getitem__, city.cards))
        key = (city.wonder, city.side, city.stages, city.stage_choices)
        stages = self._stage_shields.get(key)
        if stages is None:
            stages = self._stage_shields[key] = sum(
                e.count for e in self.stage_effects(city) if isinstance(e, Shields))
        total += stages
        if self.expansions:
            total += sum(e.count for e in self.extra_effects(state, seat)
                         if isinstance(e, Shields))
        return total

    def count(self, cities: Sequence[City], seat: int, counts: Iterable[str],
              scope: Scope) -> int:
        """How many of ``counts`` (colours, ``wonder_stage``, ``defeat_token``) the cities of
        ``scope`` around ``seat`` hold (reference §4.5: cards only, never boards)."""
        # (scope_seats per seat and scope, made once: the seats are fixed for the table)
        return count_items(self.cards, cities, self._scopes[scope][seat], counts)

    # -- trading (trading.py)

    def profile(self, state: BaseState, seat: int) -> CityProfile:
        """The seat's trading profile (the rule: ``trading.city_profile``)."""
        return trading.city_profile(self, state, seat)

    def trade(self, state: BaseState, seat: int) -> Trade:
        return trading.trade(self, state, seat)

    def payments(self, state: BaseState, seat: int, cost: Bag, budget: int,
                 situation: Trade | None = None) -> tuple[Payment, ...]:
        return trading.payments(self, state, seat, cost, budget, situation)

    def spendable(self, state: BaseState, seat: int) -> int:
        return trading.spendable(state, seat)

    def _own_producers(self, state: BaseState, seat: int) -> tuple[Producer, ...]:
        return tuple(Producer(m, a) for m, a in self.profile(state, seat).own)

    def _sellable(self, state: BaseState, seat: int) -> tuple[Producer, ...]:
        return tuple(Producer(m, a) for m, a in self.profile(state, seat).sellable)

    # -- legal moves (legal.py; the hand's moves from the speed layer)

    def to_move(self, state: BaseState) -> frozenset[int]:
        return legal.to_move(self, state)

    def free_reason(self, state: BaseState, seat: int, card: Card, in_draft: bool,
                    profile: CityProfile | None = None) -> str | None:
        return legal.free_reason(self, state, seat, card, in_draft,
                                 None if profile is None else profile.powers)

    def quote(self, state: BaseState, seat: int, name: str, in_draft: bool = True,
              situation: Trade | None = None) -> BuildQuote:
        return legal.quote(self, state, seat, name, in_draft, situation)

    def stage_variants(self, state: BaseState, seat: int) -> tuple[StageVariant, ...]:
        if not self.expansions:
            return self.no_variants
        return legal.stage_variants(self, state, seat)

    def stage_quote(self, state: BaseState, seat: int, extra_coins: int = 0,
                    situation: Trade | None = None) -> BuildQuote:
        return legal.stage_quote(self, state, seat, extra_coins, situation)

    def once_per_age_free(self, state: BaseState, seat: int) -> bool:
        return legal.once_per_age_free(self, state, seat)

    def general_hand_moves(self, state: BaseState, seat: int, in_draft: bool) -> tuple[Move, ...]:
        """The hand's moves by the plain rule (the reference of the speed layer)."""
        return legal.general_hand_moves(self, state, seat, in_draft)

    def legal_moves(self, state: BaseState, seat: int) -> tuple[Move, ...]:
        if state.over:
            return ()
        if state.pending:
            found = legal.pending_moves(self, state, seat)
            if found is not None:
                return found
        elif seat not in self.all_seats:
            return ()
        return self.fast.legal_moves(state, seat)

    def expansion_named(self, detail: str) -> Expansion:
        """The expansion whose name starts a pending decision's ``detail``."""
        name = detail.split(":", 1)[0]
        for expansion in self.expansions:
            if expansion.name == name:
                return expansion
        raise InvalidStateError(f"no expansion {name!r} in this game")

    def check(self, state: BaseState, moves: Mapping[int, Move]) -> None:
        """Raise the precise error for the first bad entry of ``moves``."""
        self._checked(state, moves)

    def check_move(self, state: BaseState, seat: int, move: object) -> None:
        if not accepts(self.fast, state, seat, move):
            legal.check_move(self, state, seat, move)

    def _checked(self, state: BaseState,
                 moves: Mapping[int, Move]) -> list[frozenset[type] | None] | None:
        """:meth:`check` of each move (the seats were checked by the game layer,
        :mod:`sevenwonders.core.checks`); returns every seat's stage powers when it looked them
        up."""
        fast = self.fast
        memo = fast.state_memo(state)
        entries = None
        for seat, move in moves.items():
            if entries is None and type(move) is not Sell and not state.pending:
                entries = fast.entries(state, range(self.players), memo)
            if not accepts(fast, state, seat, move, entries, memo):
                legal.check_move(self, state, seat, move)
        if entries is None:
            return None
        return [None if entry is None else entry.powers for entry in entries]

    # -- a step (turn.py, ages.py)

    def play(self, state: BaseState, moves: Mapping[int, Move],
             events: list[Event] | None = None) -> BaseState:
        """Check ``moves`` and return the next state (adding events to ``events`` if given)."""
        if events is None and not state.pending:
            # a plain draft turn in one pass, when the listing of the hands found its moves
            after = plain_turn(self, state, moves, self.fast.state_memo(state))
            if after is not None:
                return after
        powers = self._checked(state, moves)
        if state.pending:
            after = self._decide(state, moves, events)
        else:
            after, ended = turn.resolve(self, state, moves, events, "draft", powers, end=True)
            if not ended:  # (a plain turn ends in place)
                after = ages.advance(self, after, events)
        self.fast.carry(state, self.fast.state_memo(state), after)  # the entries go on
        return after

    def _decide(self, state: BaseState, moves: Mapping[int, Move],
                events: list[Event] | None) -> BaseState:
        """The step of a pending decision (its seat's move alone)."""
        head = state.pending[0]
        state = ages.with_pending(state, state.pending[1:])
        if head.kind is PendingKind.EXPANSION:
            expansion = self.expansion_named(head.detail)
            state = expansion.resolve_pending(self, state, head, moves[head.seat], events)
            return ages.advance(self, state, events)
        source = "discard" if head.kind is PendingKind.BUILD_FROM_DISCARD else "last_card"
        state = turn.resolve(self, state, {head.seat: moves[head.seat]}, events, source)[0]
        return ages.advance(self, state, events)

    def _resolve(self, state: BaseState, moves: Mapping[int, Move], events: list[Event] | None,
                 source: str) -> BaseState:
        """Place every move's card at once (for expansions that place cards themselves)."""
        return turn.resolve(self, state, moves, events, source)[0]


def scope_seats(ring: Ring, seat: int, scope: Scope) -> tuple[int, ...]:
    """The seats an effect of ``scope`` looks at around ``seat`` (reference §4.5)."""
    if scope is Scope.OWN:
        return (seat,)
    if scope is Scope.NEIGHBOURS:
        return ring.neighbours(seat)
    return (seat, *ring.neighbours(seat))


_COLOURS = {colour.value: colour for colour in Colour}  # a colour's name -> the colour


def count_items(cards: Mapping[str, Card], cities: Sequence[City], seats: Iterable[int],
                counts: Iterable[str]) -> int:
    """How many of ``counts`` (card colours, ``wonder_stage``, ``defeat_token``) the cities of
    ``seats`` hold: the one counting rule of coin and point effects."""
    parsed = _COUNTS.get(counts) if type(counts) is tuple else None
    if parsed is None:
        parsed = _parse_counts(counts)
    colours, stages, defeats = parsed
    total = 0
    for seat in seats:
        city = cities[seat]
        if stages:
            total += city.stages
        if defeats:
            for token in city.tokens:
                if token < 0:
                    total += 1
        if colours:
            for name in city.cards:
                if cards[name].colour in colours:
                    total += 1
    return total


# counts (an effect's tuple of words) -> (the colours named, wonder stages?, defeat tokens?);
# the colours as a tuple: a member is found by identity (a set would hash each colour, and an
# Enum's hash is a Python call)
_COUNTS: dict[object, tuple[tuple[Colour, ...], bool, bool]] = {}


def _parse_counts(counts: Iterable[str]) -> tuple[tuple[Colour, ...], bool, bool]:
    wanted = set(counts)
    parsed = (tuple(colour for word, colour in _COLOURS.items() if word in wanted),
              "wonder_stage" in wanted, "defeat_token" in wanted)
    if type(counts) is tuple and len(_COUNTS) < 1_000:  # (the effects' tuples: a few dozen)
        _COUNTS[counts] = parsed
    return parsed


__all__ = ["HAND_SIZE", "SALE_COINS", "SIDE_ALIASES", "STANDARD_PRICE", "START_COINS",
           "TURNS_PER_AGE", "BuildQuote", "CityProfile", "Colour", "Rules", "Trade",
           "check_players", "count_items", "scope_seats"]
