"""The base game's tables for one table size, edition, set of options and expansions: the
cards, the wonder boards and their stages, who sits beside whom, the pure lookups on them (a
city's stage effects and powers, its shields, the counting of coin and point effects), and the
hooks an expansion plugs into (:class:`Expansion`).

The base game calls the hooks and never imports an expansion. An expansion subclasses
:class:`Expansion` and overrides the hooks it needs; every default does nothing, so later
expansions (Armada, Cities, Leaders) add methods here only for moments the base game does not
name yet. Expansion state lives in ``BaseState.expansions`` as subclasses of
:class:`~.expansion_state.ExpansionState`, registered by name so they serialise like everything
else. The tables hold the game's expansions and every hook receives the tables, so the two live
in one module.

The bottom floor of the base game: it imports no rule module and no speed code, and every table
is computed once from the data when the game object is made (nothing is remembered during
play). The rule modules (``setup``, ``trading``, ``legal``, ``turn``, ``ages``, ``scoring``)
receive a :class:`Tables` and read it; :mod:`sevenwonders.base.game` makes it.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Mapping, Sequence
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

import attrs

from sevenwonders.base.cards import Card, Colour, Edition, Stage, Wonder
from sevenwonders.base.effects import CoinsPer, Effect, PointsPer, Scope, Shields
from sevenwonders.base.expansion_state import ExpansionState
from sevenwonders.base.options import BaseOptions, carthage_board
from sevenwonders.base.state import NO_MARKS, BaseState, City, TurnMarks
from sevenwonders.core.limits import quote
from sevenwonders.core.rng import Rng
from sevenwonders.core.seats import Ring
from sevenwonders.errors import InvalidOptionError, InvalidStateError

if TYPE_CHECKING:
    from sevenwonders.base.effects import ExpansionEffect
    from sevenwonders.base.events import Event
    from sevenwonders.base.moves import Move
    from sevenwonders.base.state import Pending

# Boards printed with Day/Night sides play as A/B in the 1st edition and back (reference D4).
SIDE_ALIASES = {"a": "day", "b": "night", "day": "a", "night": "b"}

# (wonder, side, options taken on the stages counted) -> a value of those stages
_StageKey = tuple[str, str, tuple[int, ...]]


def boards(wonders: Mapping[str, Wonder]) -> dict[tuple[str, str], tuple[Stage, ...]]:
    """(wonder, side) -> its stages, for every side of every board, under both side names."""
    found: dict[tuple[str, str], tuple[Stage, ...]] = {}
    for name, wonder in wonders.items():
        for side in wonder.side:
            found[(name, side.name)] = side.stages
        for alias, real in SIDE_ALIASES.items():
            if (name, alias) not in found and (name, real) in found:
                found[(name, alias)] = found[(name, real)]
    return found


def effects_of_stages(stages: Sequence[Stage], choices: Sequence[int]) -> tuple[Effect, ...]:
    """The effects of the first ``len(choices)`` stages, with the option taken on each."""
    out: list[Effect] = []
    for stage, choice in zip(stages, choices, strict=False):
        out.extend(stage.effects_with(choice))
    return tuple(out)


def scope_seats(ring: Ring, seat: int, scope: Scope) -> tuple[int, ...]:
    """The seats an effect of ``scope`` looks at around ``seat`` (reference §4.5)."""
    if scope is Scope.OWN:
        return (seat,)
    if scope is Scope.NEIGHBOURS:
        return ring.neighbours(seat)
    return (seat, *ring.neighbours(seat))


_COLOURS = {colour.value: colour for colour in Colour}  # a colour's name -> the colour
# What a tuple of count words asks for: the colours named (a tuple: a member is found by
# identity, a set would hash each colour, and an Enum's hash is a Python call), wonder stages?,
# defeat tokens?
Counts = tuple[tuple[Colour, ...], bool, bool]


def parse_counts(counts: Iterable[str]) -> Counts:
    """The colours, wonder stages and defeat tokens a tuple of count words names."""
    wanted = set(counts)
    return (tuple(colour for word, colour in _COLOURS.items() if word in wanted),
            "wonder_stage" in wanted, "defeat_token" in wanted)


def count_parsed(cards: Mapping[str, Card], cities: Sequence[City], seats: Iterable[int],
                 parsed: Counts) -> int:
    """How many of the parsed counts the cities of ``seats`` hold (see :func:`count_items`)."""
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


def count_items(cards: Mapping[str, Card], cities: Sequence[City], seats: Iterable[int],
                counts: Iterable[str]) -> int:
    """How many of ``counts`` (card colours, ``wonder_stage``, ``defeat_token``) the cities of
    ``seats`` hold: the one counting rule of coin and point effects (reference §4.5: cards
    only, never boards)."""
    return count_parsed(cards, cities, seats, parse_counts(counts))


class Tables:
    """The tables of one base game (edition, table size, options, expansions) and the pure
    lookups on them. Made once per game object; never changed after."""

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
        if "carthage" in wonders:  # the option of the board (base/options.py)
            wonders["carthage"] = carthage_board(wonders["carthage"], options.carthage_night_vp)
        self.wonders: Mapping[str, Wonder] = wonders
        if options.wonders is not None:
            for name in options.wonders:
                if name not in wonders:  # an option naming nothing: the option is bad
                    raise InvalidOptionError(
                        f"option wonders: no wonder named {quote(name)}; known: "
                        f"{', '.join(wonders)}"
                    )
        self.boards = boards(wonders)
        # The decks before shuffling (the edition's tables, for this table size).
        self.age_cards = tuple(edition.age_cards(age, players) for age in (1, 2, 3))
        self.guilds = edition.guilds()
        self.all_seats = frozenset(range(players))
        self.sides = tuple(self.ring.sides(seat) for seat in range(players))  # (left, right)
        # scope -> per seat, the seats an effect of that scope looks at
        self.scopes = {scope: tuple(scope_seats(self.ring, seat, scope)
                                    for seat in range(players)) for scope in Scope}
        # who passes each seat its hand: the right neighbour (hands go left), the left one
        self.givers = (tuple(right for _, right in self.sides),
                       tuple(left for left, _ in self.sides))
        self.no_marks = (NO_MARKS,) * players
        self.card_shields = {name: card.shields for name, card in self.cards.items()}
        self._make_stage_tables()
        # the count words of every coin and point effect of the cards and boards, parsed
        self.counts: dict[tuple[str, ...], Counts] = {}
        every = itertools.chain(
            (e for card in self.cards.values() for e in card.effects),
            (e for stages in self.boards.values() for stage in stages
             for e in (*stage.effects, *itertools.chain.from_iterable(stage.choices))))
        for effect in every:
            if isinstance(effect, CoinsPer | PointsPer):
                self.counts[effect.counts] = parse_counts(effect.counts)

    def _make_stage_tables(self) -> None:
        """Per board and every options taken on its first stages: their effects, the types
        of those effects (the stages' powers) and their shields."""
        self.stage_table: dict[_StageKey, tuple[Effect, ...]] = {}
        self.power_table: dict[_StageKey, frozenset[type]] = {}
        self.shield_table: dict[_StageKey, int] = {}
        for (wonder, side), stages in self.boards.items():
            for count in range(len(stages) + 1):
                ranges = [range(max(1, len(stage.choices))) for stage in stages[:count]]
                for choices in itertools.product(*ranges):
                    effects = effects_of_stages(stages, choices)
                    key = (wonder, side, choices)
                    self.stage_table[key] = effects
                    self.power_table[key] = frozenset(type(e) for e in effects)
                    self.shield_table[key] = sum(e.count for e in effects
                                                 if isinstance(e, Shields))

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as what it is built from (a compiled class has no ``__dict__``)."""
        return Tables, (self.players, self.options, self.edition, self.expansions)

    # -- boards

    def knows_board(self, wonder: str, side: str) -> bool:
        """Whether ``wonder``'s side ``side`` is a board of this game."""
        return (wonder, side) in self.boards

    def stages(self, city: City) -> tuple[Stage, ...]:
        """The stages of the city's board."""
        return self.boards[(city.wonder, city.side)]

    def built_stages(self, city: City) -> tuple[Stage, ...]:
        """The stages the city has built."""
        return self.stages(city)[: city.stages]

    def _stage_key(self, city: City, count: int) -> _StageKey:
        """The key of the city's first ``count`` stages: the options taken on them (0 for a
        stage without options, and for one whose option is not noted)."""
        choices = city.stage_choices
        if len(choices) != count:
            choices = (choices + (0,) * count)[:count]
        return (city.wonder, city.side, choices)

    def stage_effects(self, city: City, count: int | None = None) -> tuple[Effect, ...]:
        """The effects of the first ``count`` built stages (all by default), with the option
        taken on each stage that offers several."""
        key = self._stage_key(city, city.stages if count is None else count)
        found = self.stage_table.get(key)
        if found is None:  # (an option out of range: only a state from outside has one)
            found = effects_of_stages(self.stages(city), key[2])
        return found

    def stage_powers(self, city: City, marks: TurnMarks = NO_MARKS) -> frozenset[type]:
        """The types of the effects of the stages built before this turn (or ever, with
        ``NO_MARKS``): what Olympia, Babylon and Halikarnassos's powers are looked up in."""
        count = city.stages - marks.stages
        choices = city.stage_choices
        if len(choices) != count:
            choices = (choices + (0,) * count)[:count]
        key = (city.wonder, city.side, choices)  # (_stage_key written in place: a hot path)
        found = self.power_table.get(key)
        if found is None:
            found = frozenset(type(e) for e in effects_of_stages(self.stages(city), key[2]))
        return found

    def has_power(self, city: City, power: type, marks: TurnMarks = NO_MARKS) -> bool:
        """Whether a stage built before this turn (or ever, with ``NO_MARKS``) gives ``power``
        (an effect type, matched exactly)."""
        return power in self.stage_powers(city, marks)

    # -- what a city has

    def city_effects(self, city: City) -> Iterable[Effect]:
        """The effects of the city's cards and built stages."""
        for name in city.cards:
            yield from self.cards[name].effects
        yield from self.stage_effects(city)

    def seat_effects(self, state: BaseState, seat: int) -> Iterable[Effect]:
        """A city's effects plus what expansions grant the seat."""
        yield from self.city_effects(state.cities[seat])
        yield from self.extra_effects(state, seat)

    def extra_effects(self, state: BaseState, seat: int) -> tuple[Effect, ...]:
        """The lasting effects the expansions grant ``seat`` (their ``extra_effects`` hook)."""
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

    def shields(self, state: BaseState, seat: int) -> int:
        """Military strength: the shields of the city's cards, stages and expansion grants."""
        city = state.cities[seat]
        total = sum(map(self.card_shields.__getitem__, city.cards))
        key = self._stage_key(city, city.stages)
        stages = self.shield_table.get(key)
        if stages is None:
            stages = sum(e.count for e in self.stage_effects(city) if isinstance(e, Shields))
        total += stages
        if self.expansions:
            total += sum(e.count for e in self.extra_effects(state, seat)
                         if isinstance(e, Shields))
        return total

    def count(self, cities: Sequence[City], seat: int, counts: tuple[str, ...],
              scope: Scope) -> int:
        """How many of ``counts`` (colours, ``wonder_stage``, ``defeat_token``) the cities of
        ``scope`` around ``seat`` hold (:func:`count_items`)."""
        parsed = self.counts.get(counts)
        if parsed is None:  # (count words of no card or board: an expansion's)
            parsed = parse_counts(counts)
        return count_parsed(self.cards, cities, self.scopes[scope][seat], parsed)

    def expansion_named(self, detail: str) -> Expansion:
        """The expansion whose name starts a pending decision's ``detail``."""
        name = detail.split(":", 1)[0]
        for expansion in self.expansions:
            if expansion.name == name:
                return expansion
        raise InvalidStateError(f"no expansion {name!r} in this game")


# -- what an expansion plugs into


@attrs.frozen(slots=True)
class StageVariant:
    """One way to build a wonder stage that an expansion adds: ``extras`` names it on the move,
    ``coins`` is what it costs on top of the stage (paid to the bank)."""

    extras: tuple[str, ...]
    coins: int


@attrs.frozen(slots=True)
class StageBuild:
    """A wonder stage built in the step being resolved, as the hooks see it."""

    seat: int
    stage: int
    extras: tuple[str, ...]
    effects: tuple[ExpansionEffect, ...]


class Expansion:
    """An expansion of the base game. Every hook has a do-nothing default."""

    name: str = "expansion"
    #: True for an expansion whose effects add or remove conflict tokens outside the conflicts
    #: (Edifice's rewards and penalties): the base load check then leaves the count of tokens
    #: to the expansion's own :meth:`validate_loaded`.
    changes_conflict_tokens: bool = False

    def options(self) -> dict[str, Any]:
        """The expansion's options as plain JSON-able values."""
        return {}

    def validate(self, tables: Tables, state: BaseState) -> None:
        """Raise ``InvalidStateError`` if this expansion's part of ``state`` (read from outside,
        e.g. JSON) does not fit the game."""

    def validate_loaded(self, tables: Tables, state: BaseState) -> None:
        """Raise ``InvalidStateError`` if this expansion's part of a state loaded from JSON
        contradicts the rules across fields (what no legal game could reach): the full check
        of a load, on top of :meth:`validate`. Hand-built positions for tests skip it."""

    def extra_wonders(self) -> tuple[Wonder, ...]:
        """Wonder boards the expansion adds to the pool dealt at set-up."""
        return ()

    def setup(self, tables: Tables, state: BaseState, rng: Rng) -> tuple[ExpansionState, Rng]:
        """The expansion's initial state (set-up), drawing any randomness from ``rng``."""
        return ExpansionState(), rng

    def stage_variants(self, tables: Tables, state: BaseState,
                       seat: int) -> tuple[StageVariant, ...]:
        """Extra ways for ``seat`` to build its next wonder stage now (besides the plain one)."""
        return ()

    def extra_effects(self, tables: Tables, state: BaseState, seat: int) -> tuple[Effect, ...]:
        """Lasting effects the expansion grants ``seat`` (production, shields, science...)."""
        return ()

    def after_builds(
        self, tables: Tables, state: BaseState, stages: tuple[StageBuild, ...],
        events: list[Event] | None,
    ) -> BaseState:
        """Called once the cards of a step are placed (turn events): ``stages`` are the wonder
        stages built in that step, with the extras chosen on their moves."""
        return state

    def before_conflicts(
        self, tables: Tables, state: BaseState, events: list[Event] | None
    ) -> BaseState:
        """Called at the end of each Age, before the military conflicts; may add pending
        decisions (``PendingKind.EXPANSION`` with this expansion's name in ``detail``)."""
        return state

    def pending_moves(self, tables: Tables, state: BaseState, pending: Pending) -> tuple[Move, ...]:
        """The legal moves of one of this expansion's pending decisions."""
        return ()

    def resolve_pending(
        self, tables: Tables, state: BaseState, pending: Pending, move: Move,
        events: list[Event] | None,
    ) -> BaseState:
        """Apply a legal move for one of this expansion's pending decisions."""
        return state

    def position_part(self, tables: Tables, state: BaseState, spec: Mapping[str, Any] | None,
                      cities: Mapping[int, Mapping[str, Any]]) -> BaseState:
        """Complete this expansion's part of a position set up on purpose
        (:func:`~sevenwonders.base.positions.position`): ``spec`` is what the caller said of
        it, ``cities`` what the caller said of each city. The default takes no settings."""
        if spec:
            raise InvalidOptionError(f"positions take no settings for {self.name}")
        return state

    def score_lines(self, tables: Tables, state: BaseState, seat: int) -> Mapping[str, int]:
        """Points to add to ``seat``'s sheet, by line; a new line name adds a line."""
        return {}
