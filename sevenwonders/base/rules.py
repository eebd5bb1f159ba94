"""The rules of the base game: set-up, legal moves, resolving a turn, pending decisions, Ages.

:class:`Rules` is built once per game configuration and holds the card tables; every method is a
pure function of a state. Events are collected only when the caller passes a list, so plain
simulation does not pay for them.

Speed. The hot paths (``legal_moves``, ``play``) avoid recomputing what they can look up:

- each city's trading profile is cached on the city's content (``_entry``), with ids that number
  the distinct contents of what it pays with and what it sells; a city one card longer than a
  known one gets its entry from that one (``_child_entry``), the usual case in a game;
- a trading situation (own id, left sell id, right sell id) is a ``_Trade``, which keeps the
  payments found for each cost: resources no either/or producer helps with are split between
  the sides from a small table keyed on (units needed, units each side sells, prices) per
  resource, either/or producers with a single useful option act as fixed ones, and the others
  are given each useful option in turn (the general search past 64 ways);
- stage templates (every way to build the next stage) are shared by their content: the stage's
  payments, its options and how many payments the coins allow;
- the moves of one card of a hand are cached on what they depend on (card, payments or free,
  free build offered, stage template), and move values are shared (they are immutable);
- the last state met is remembered by identity with the seats' entries and hand moves found for
  it (``_state_memo``): a playout lists every seat's moves and then plays them on that state;
- ``play`` accepts a move found among the legal moves and sends anything else through the
  general checks, which name the fault; it then builds the next state directly, and a plain
  draft turn is ended in the same pass (``_resolve_turn``, ``_close_turn``).
- set-up shuffles use ``Rng.shuffle``, which steps the generator on its integer state.

Every cache is keyed on immutable values only and cleared past a size. The general path
(``quote``, ``stage_moves``, ``general_hand_moves``) stays as the reference the fast path is
tested against (``tests/base/test_speed_invariants.py``; ``test_speed_entries``,
``test_speed_memo``, ``test_speed_shuffle`` and ``tests/core/test_payment_trade.py`` for the
pieces).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

import attrs

from sevenwonders.base.cards import Card, Colour, Edition, Stage, Wonder
from sevenwonders.base.effects import (
    BuildFromDiscard,
    Coins,
    CoinsPer,
    Effect,
    ExpansionEffect,
    FreeFirstOfAge,
    FreeFirstOfColour,
    FreeLastOfAge,
    FreeOncePerAge,
    PlayLastCard,
    Produce,
    Scope,
    Shields,
    Side,
    TradeDiscount,
)
from sevenwonders.base.events import (
    AgeStarted,
    CardBuilt,
    CardDiscarded,
    CardSold,
    CoinsGained,
    ConflictResolved,
    Event,
    GameEnded,
    HandsPassed,
    PendingDecision,
    StageBuilt,
)
from sevenwonders.base.hooks import Expansion, StageBuild, StageVariant
from sevenwonders.base.moves import Build, BuildStage, Choose, Move, Sell, Skip
from sevenwonders.base.options import BaseOptions
from sevenwonders.base.state import NO_MARKS, BaseState, City, Pending, PendingKind, TurnMarks
from sevenwonders.core.resources import (
    FREE,
    MAX_WAYS,
    OPTION_COUNT,
    RESOURCES_OF_MASK,
    Bag,
    Payment,
    Producer,
    cost_items,
    pair_order,
    pareto_pairs,
    parse_bag,
    pay_options,
    payment_pairs,
    split_pairs,
    split_producers,
)
from sevenwonders.core.rng import Rng
from sevenwonders.core.seats import Ring
from sevenwonders.errors import (
    GameOverError,
    IllegalMoveError,
    InvalidOptionError,
    InvalidStateError,
    UnknownCardError,
    WrongSeatError,
)

HAND_SIZE = 7
TURNS_PER_AGE = 6
START_COINS = 3
SALE_COINS = 3
VICTORY_POINTS = {1: 1, 2: 3, 3: 5}
DEFEAT = -1
STANDARD_PRICE = 2
SIDE_ALIASES = {"a": "day", "b": "night", "day": "a", "night": "b"}


@attrs.frozen(slots=True)
class CityProfile:
    """What trading needs to know of one city, derived once per city content: what it may use
    (``own``), what it sells (``sellable``), its prices to each side, and the types of the
    powers its stages built before this turn give."""

    own: tuple[tuple[int, int], ...]
    sellable: tuple[tuple[int, int], ...]
    left_prices: Bag
    right_prices: Bag
    powers: frozenset[type]


PROFILE_CACHE_LIMIT = 100_000
# (own profile, left neighbour's sellable producers, right neighbour's sellable producers)
Trade = tuple[CityProfile, tuple[tuple[int, int], ...], tuple[tuple[int, int], ...]]


@attrs.frozen(slots=True)
class BuildQuote:
    """How a card can be built by a seat now: not at all, for free (and why), or by paying."""

    buildable: bool
    free: str | None = None
    payments: tuple[Payment, ...] = ()
    bank_coins: int = 0
    reason: str = ""


class _CardInfo:
    """What the hot paths need of one card, computed once per :class:`Rules`: its cost,
    chain sources, and the move values that never change (moves are immutable, so one value
    serves every state)."""

    __slots__ = (
        "card",
        "chains",
        "coins",
        "cost",
        "cost_id",
        "discounts",
        "fixed_at",
        "free_build_move",
        "free_move",
        "has_cost",
        "items",
        "name",
        "no_resources",
        "placement",
        "producer",
        "sell",
        "tradable",
    )

    def __init__(self, card: Card, cost_id: int) -> None:
        self.card = card
        self.name = card.name
        self.cost = card.cost_bag
        self.cost_id = cost_id
        self.coins = card.coins
        self.chains = card.chains_from
        self.has_cost = any(card.cost_bag) or card.coins > 0
        self.items = cost_items(card.cost_bag)
        self.no_resources = not any(card.cost_bag)
        # the effects that act when the card is placed, in the card's order
        self.placement = tuple(e for e in card.effects if isinstance(e, Coins | CoinsPer))
        self.free_move = Build(card.name)
        self.free_build_move = Build(card.name, free_build=True)
        self.sell = Sell(card.name)
        producer = card.producer
        self.producer = None if producer is None else (producer.options, producer.amount)
        # the resource the card produces, or -1 for none or a choice
        self.fixed_at = (
            -1 if producer is None or producer.options & (producer.options - 1)
            else producer.options.bit_length() - 1
        )
        self.tradable = card.tradable
        self.discounts = _discounts(card.effects)


def _discounts(effects: Iterable[Effect]) -> tuple[tuple[int, int, int], ...]:
    """The (side: 0 left / 1 right, resource, price) of every trade discount in ``effects``."""
    out: list[tuple[int, int, int]] = []
    for effect in effects:
        if isinstance(effect, TradeDiscount):
            bag = parse_bag(effect.resources)
            for index, side in enumerate((Side.LEFT, Side.RIGHT)):
                if side in effect.sides:
                    out.extend((index, r, effect.price) for r, count in enumerate(bag) if count)
    return tuple(out)


class _ProfileFields:
    """The fields of a :class:`CityProfile` on their way into an :class:`_Entry` (no
    attrs value made for them)."""

    __slots__ = ("left_prices", "own", "powers", "right_prices", "sellable")

    def __init__(
        self, own: tuple[tuple[int, int], ...], sellable: tuple[tuple[int, int], ...],
        left_prices: Bag, right_prices: Bag, powers: frozenset[type],
    ) -> None:
        self.own = own
        self.sellable = sellable
        self.left_prices = left_prices
        self.right_prices = right_prices
        self.powers = powers


class _Entry:
    """A city's profile as the fast paths use it: ids numbering the distinct contents of what
    it pays with (own production and prices) and of what it sells, and both split into fixed
    production per resource and either/or producers. Never changed once made."""

    __slots__ = (
        "left_prices",
        "next_stage",
        "own",
        "own_choices",
        "own_fixed",
        "own_id",
        "owned",
        "powers",
        "right_prices",
        "sell_choices",
        "sell_fixed",
        "sell_id",
        "sellable",
    )

    def __init__(
        self, profile: CityProfile | _ProfileFields, ids: Callable[[int, Any], int],
        split: tuple[Bag, tuple[tuple[int, int], ...], Bag, tuple[tuple[int, int], ...]]
        | None = None,
    ) -> None:
        """``split`` is (own fixed, own either/or, sold fixed, sold either/or) when the
        caller has it (as :func:`split_producers` gives them). Only the profile's fields
        are kept (:attr:`profile` makes the value again when asked)."""
        self.own = profile.own
        self.sellable = profile.sellable
        self.powers = profile.powers
        if split is None:
            self.own_fixed, self.own_choices = split_producers(profile.own)
            self.sell_fixed, self.sell_choices = split_producers(profile.sellable)
        else:
            self.own_fixed, self.own_choices, self.sell_fixed, self.sell_choices = split
        self.left_prices = profile.left_prices
        self.right_prices = profile.right_prices
        # the plan of the city's next wonder stage (set by the maker), None when complete
        self.next_stage: _StagePlan | None = None
        # the names of the city's cards, as the keys of a dict (set by the maker; a dict of
        # strings is left alone by the garbage collector, a frozenset is not)
        self.owned: dict[str, None] = {}
        # Contents in a canonical form (production per resource, either/or producers
        # sorted), so the same production built in another order shares the id.
        own_choices = self.own_choices
        self.own_id = ids(0, (self.own_fixed,
                              tuple(sorted(own_choices)) if len(own_choices) > 1 else own_choices,
                              self.left_prices, self.right_prices))
        sell_choices = self.sell_choices
        self.sell_id = ids(1, (self.sell_fixed, tuple(sorted(sell_choices))
                               if len(sell_choices) > 1 else sell_choices))

    def with_card(self, name: str) -> _Entry:
        """A new entry with the same trading contents (and ids) for the city with one more
        card, ``name``, that neither produces nor discounts."""
        entry = _Entry.__new__(_Entry)
        entry.left_prices = self.left_prices
        entry.next_stage = self.next_stage
        entry.own = self.own
        entry.own_choices = self.own_choices
        entry.own_fixed = self.own_fixed
        entry.own_id = self.own_id
        entry.owned = {**self.owned, name: None}
        entry.powers = self.powers
        entry.right_prices = self.right_prices
        entry.sell_choices = self.sell_choices
        entry.sell_fixed = self.sell_fixed
        entry.sell_id = self.sell_id
        entry.sellable = self.sellable
        return entry

    @property
    def profile(self) -> CityProfile:
        return CityProfile(self.own, self.sellable, self.left_prices, self.right_prices,
                           self.powers)


_Pairs = tuple[tuple[int, int], ...]
_NO_PLACEMENT = (Skip, Choose)
# The stage powers that make a card free in free_reason (beyond chains).
_FREE_POWERS = frozenset({FreeFirstOfColour, FreeFirstOfAge, FreeLastOfAge})


class _Trade:
    """What paying depends on for one (own id, left sell id, right sell id) of
    :class:`_Entry`: the payments found so far per cost id, the stage templates found so far,
    and what computing a new payment needs. Its caches only grow while it is cached."""

    __slots__ = ("available", "choices", "choices_id", "left", "me", "pays", "plain", "right",
                 "templates")

    def __init__(self, me: _Entry, left: _Entry, right: _Entry) -> None:
        self.me = me
        self.left = left
        self.right = right
        # cost id -> every payment, cheapest first (none within no budget)
        self.pays: dict[int, _Pairs] = {}
        # (wonder, side, stages built, spendable coins, variants) -> (template, template id)
        self.templates: dict[tuple[Any, ...], tuple[_Template, int]] = {}
        # Every either/or producer: (options, amount, whose: 0 own, 1 left, 2 right).
        choices: list[tuple[int, int, int]] = []
        if me.own_choices:
            choices.extend([(m, a, 0) for m, a in me.own_choices])
        if left.sell_choices:
            choices.extend([(m, a, 1) for m, a in left.sell_choices])
        if right.sell_choices:
            choices.extend([(m, a, 2) for m, a in right.sell_choices])
        self.choices = tuple(choices)
        # No either/or producer anywhere: a payment only splits each resource between sides.
        self.plain = not choices
        # the id of the choices (equal choices, equal ids), for the shared _FOLDS cache
        self.choices_id = 0 if self.plain else _choices_id(self.choices)
        # the most units of each resource the city could get (see _units), once asked
        self.available: tuple[int, ...] | None = None

    def _units(self) -> tuple[int, ...]:
        """Per resource, the units of every producer that could give it to the city (its own,
        and what its neighbours sell): a cost needing more of one cannot be paid at all."""
        me, left, right = self.me.own_fixed, self.left.sell_fixed, self.right.sell_fixed
        units = [me[r] + left[r] + right[r] for r in range(7)]
        for m, amount, _ in self.choices:
            for r in RESOURCES_OF_MASK[m]:
                units[r] += amount
        found = self.available = tuple(units)
        return found

    def pairs(self, cost: Bag, items: tuple[tuple[int, int], ...], cost_id: int) -> _Pairs:
        """Every payment of ``cost`` (whose non-zero (resource, units) are ``items``),
        cheapest first, whatever the budget; stored under ``cost_id``."""
        available = self.available or self._units()
        for r, count in items:
            if count > available[r]:
                self.pays[cost_id] = ()
                return ()  # more than all producers together make: no payment
        own_fixed = self.me.own_fixed
        if self.plain:
            left_fixed = self.left.sell_fixed
            right_fixed = self.right.sell_fixed
            left_prices = self.me.left_prices
            right_prices = self.me.right_prices
            parts = []
            for r, count in items:
                own = own_fixed[r]
                if count > own:
                    count -= own
                    left_cap = left_fixed[r]
                    right_cap = right_fixed[r]
                    # (sellers' units past the need change nothing: capped, for shared keys)
                    parts.append((count, left_cap if left_cap < count else count,
                                  right_cap if right_cap < count else count,
                                  left_prices[r], right_prices[r]))
            if parts:
                key = tuple(parts)
                found = split_pairs(key)
            else:
                found = _NO_TRADE
            self.pays[cost_id] = found
            return found
        # The units still needed after fixed production, then the either/or producers: when
        # each one that can help has a single needed resource among its options, it acts as
        # a fixed producer of it (as in payment_pairs); otherwise the general search.
        need = []
        mask = 0
        for r, count in items:
            own = own_fixed[r]
            if count > own:
                need.append((r, count - own))
                mask |= 1 << r
        if not mask:
            self.pays[cost_id] = _NO_TRADE
            return _NO_TRADE
        fold = _FOLDS.get((self.choices_id, mask))
        if fold is None:
            fold = _fold(self.choices, mask, self.choices_id)
        extra, several = fold
        if several is None:
            found = self._split(need, extra)
        else:
            found = self._assign(cost, need, extra, several)
        self.pays[cost_id] = found
        return found

    def _split(
        self, need: list[tuple[int, int]], extra: _Extra | None,
        adds: tuple[tuple[int, int, int], ...] = (),
    ) -> _Pairs:
        """The payments of ``need`` ((resource, units) past fixed production) when the
        either/or producers act as ``extra`` (own, left, right) units per resource, plus
        the (whose, resource, units) of ``adds``."""
        left_fixed = self.left.sell_fixed
        right_fixed = self.right.sell_fixed
        left_prices = self.me.left_prices
        right_prices = self.me.right_prices
        parts = []
        for r, count in need:
            left_cap = left_fixed[r]
            right_cap = right_fixed[r]
            if extra is not None:
                own_units, left_units, right_units = extra[r]
                count -= own_units
                left_cap += left_units
                right_cap += right_units
            if adds:  # (when assigning)
                for whose, at, units in adds:
                    if at == r:
                        if whose == 0:
                            count -= units
                        elif whose == 1:
                            left_cap += units
                        else:
                            right_cap += units
            if count <= 0:
                continue
            parts.append((count, left_cap if left_cap < count else count,
                          right_cap if right_cap < count else count, left_prices[r],
                          right_prices[r]))
        if not parts:
            return _NO_TRADE
        key = tuple(parts)
        return split_pairs(key)

    def _assign(
        self, cost: Bag, need: list[tuple[int, int]], extra: _Extra | None,
        several: tuple[tuple[int, int, int], ...],
    ) -> _Pairs:
        """The payments when some either/or producers can help with several needed
        resources: each is given one of them, every way (a producer given a resource covers
        every use of it, using fewer units included), and the non-dominated totals of all
        the ways are kept. Too many ways go to the general search."""
        ways = 1
        for m, _, _ in several:
            ways *= OPTION_COUNT[m]
        if ways > MAX_WAYS:
            me, left, right = self.me, self.left, self.right
            return payment_pairs(cost, me.own_fixed, me.own_choices, left.sell_fixed,
                                 left.sell_choices, right.sell_fixed, right.sell_choices,
                                 me.left_prices, me.right_prices)
        if len(several) == 1:
            m, amount, whose = several[0]
            ways_of: Iterable[tuple[tuple[int, int, int], ...]] = [
                ((whose, r, amount),) for r in RESOURCES_OF_MASK[m]
            ]
        else:
            ways_of = itertools.product(*[[(whose, r, amount) for r in RESOURCES_OF_MASK[m]]
                                          for m, amount, whose in several])
        results = set()
        for adds in ways_of:
            found = self._split(need, extra, adds)
            if found is _NO_TRADE:
                return found  # this way needs nothing bought
            results.add(found)
        if len(results) == 1:
            return results.pop()
        totals: set[tuple[int, int]] = set()
        for found in results:
            totals.update(found)
        return tuple(sorted(pareto_pairs(totals), key=pair_order)) if totals else ()
_NO_TRADE: _Pairs = ((0, 0),)
# (own, left, right) units per resource
_Extra = tuple[tuple[int, int, int], ...]
# either/or producers ((options, amount, whose) of a _Trade) -> their id; ids only grow
_CHOICE_IDS: dict[tuple[tuple[int, int, int], ...], int] = {}
_choice_counter = itertools.count(1)
# (choices id, mask of needed resources) -> what _fold returns for them
_FOLDS: dict[tuple[int, int], tuple[_Extra | None, tuple[tuple[int, int, int], ...] | None]] = {}
FOLD_CACHE_LIMIT = 100_000


def _choices_id(choices: tuple[tuple[int, int, int], ...]) -> int:
    found = _CHOICE_IDS.get(choices)
    if found is None:
        if len(_CHOICE_IDS) > FOLD_CACHE_LIMIT:
            _CHOICE_IDS.clear()  # ids only grow: the folds of old ids cannot be mistaken
        found = _CHOICE_IDS[choices] = next(_choice_counter)
    return found


def _fold(
    choices: tuple[tuple[int, int, int], ...], mask: int, choices_id: int
) -> tuple[_Extra | None, tuple[tuple[int, int, int], ...] | None]:
    """How the either/or producers ``choices`` act on the needed resources ``mask``: the
    (own, left, right) units per resource of those with a single needed option, which act as
    fixed ones, and those with several, each ``None`` for none (stored in :data:`_FOLDS`)."""
    extra: list[list[int]] | None = None
    several: list[tuple[int, int, int]] | None = None
    for m, amount, whose in choices:
        m &= mask
        if m:
            if m & (m - 1):
                if several is None:
                    several = []
                several.append((m, amount, whose))
                continue
            if extra is None:
                extra = [[0, 0, 0] for _ in range(7)]
            extra[m.bit_length() - 1][whose] += amount
    found = (None if extra is None else tuple([(o, left, right) for o, left, right in extra]),
             None if several is None else tuple(several))
    if len(_FOLDS) > FOLD_CACHE_LIMIT:
        _FOLDS.clear()
    _FOLDS[(choices_id, mask)] = found
    return found
# (left, right, extras, choice) of each way to build the next stage
_Template = tuple[tuple[int, int, tuple[str, ...], int], ...]
_StagePlan = tuple[Bag, tuple[tuple[int, int], ...], int, int, int]
CACHE_LIMIT = 200_000
TRADE_CACHE_LIMIT = 20_000
# (state, every seat's _Entry once looked up, every seat's hand moves once listed)
_Memo = tuple[Any, list["_Entry | None"], dict[int, tuple[Move, ...]]]


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
        self.cards: Mapping[str, Card] = edition.cards
        wonders: dict[str, Wonder] = dict(edition.wonders)
        for expansion in expansions:
            for wonder in expansion.extra_wonders():
                wonders[wonder.name] = wonder
        self.wonders: Mapping[str, Wonder] = wonders
        self._start: dict[str, Producer] = {
            name: Producer.of(wonder.resource) for name, wonder in wonders.items()
        }
        self._start_producer = {name: (p.options, p.amount) for name, p in self._start.items()}
        # the resource a wonder's start produces, or -1 for a choice
        self._start_fixed = {
            name: -1 if p.options & (p.options - 1) else p.options.bit_length() - 1
            for name, p in self._start.items()
        }
        self._stages: dict[tuple[str, str], tuple[Stage, ...]] = {}
        for name, wonder in wonders.items():
            for side in wonder.side:
                self._stages[(name, side.name)] = side.stages
            for alias, real in SIDE_ALIASES.items():
                # Boards printed with Day/Night sides play as A/B in the 1st edition and back.
                if (name, alias) not in self._stages and (name, real) in self._stages:
                    self._stages[(name, alias)] = self._stages[(name, real)]
        self._stage_effects: dict[tuple[str, str, tuple[int, ...]], tuple[Effect, ...]] = {}
        self._stage_parts: dict[tuple[Any, ...], Any] = {}
        # (wonder, side) -> per stage: (cost, its (resource, units), cost id, coins, options)
        self._stage_plans: dict[tuple[str, str], tuple[_StagePlan, ...]] = {}
        # city key -> _Entry: the profile with ids numbering the distinct contents of what a
        # city pays with (own production, prices) and sells, so the caches below key on ints.
        self._profiles: dict[tuple[Any, ...], _Entry] = {}
        self._own_ids: dict[Any, int] = {}
        self._sell_ids: dict[Any, int] = {}
        self._ids = itertools.count(1)
        # (own id, left sell id, right sell id) -> the payments and stage templates found
        # for that trading situation (_Trade)
        self._trades: dict[tuple[int, int, int], _Trade] = {}
        # cost bag -> id, stage template -> id (for short cache keys)
        self._cost_ids: dict[Bag, int] = {}
        self._template_ids: dict[_Template, int] = {}
        # (card, builds status, free build offered, template id) -> the card's moves
        self._row_cache: dict[tuple[Any, ...], tuple[Move, ...]] = {}
        # (card, payments) -> its paid builds, (card, template id) -> its stage builds
        self._row_parts: dict[tuple[Any, ...], tuple[Move, ...]] = {}
        self._producers: dict[Produce, Producer] = {}
        self._sides = tuple(self.ring.sides(seat) for seat in range(players))
        self._all_seats = frozenset(range(players))
        self._info = {
            name: _CardInfo(card, self._cost_id(card.cost_bag)) for name, card in self.cards.items()
        }
        for board, stages in self._stages.items():
            self._stage_plans[board] = tuple(
                (stage.cost_bag, cost_items(stage.cost_bag), self._cost_id(stage.cost_bag),
                 stage.coins, max(1, len(stage.choices)))
                for stage in stages
            )
        # (payments of the stage, options, (extras, payments within budget) per variant) ->
        # (stage template, its id)
        self._templates: dict[tuple[Any, ...], tuple[_Template, int]] = {}
        self._no_template = self._shared_template(((), 0, ()))
        self._no_variants = (StageVariant((), 0),)
        # The decks before shuffling (the edition's tables, for this table size).
        self._age_cards = tuple(edition.age_cards(age, players) for age in (1, 2, 3))
        self._guilds = edition.guilds()
        self._card_shields = {name: card.shields for name, card in self.cards.items()}
        # (board, stages built, options taken) -> the shields of those stages
        self._stage_shields: dict[tuple[Any, ...], int] = {}
        self._no_marks = (NO_MARKS,) * players
        # The last state the hot paths met, with the seats' entries and hand moves found for
        # it so far (see _state_memo).
        self._memo: _Memo = (None, [], {})
        if options.wonders is not None:
            for name in options.wonders:
                if name not in wonders:
                    raise UnknownCardError(
                        f"no wonder named {name!r}; known: {', '.join(wonders)}"
                    )

    # ------------------------------------------------------------------ set-up

    def setup(self, seed: int) -> BaseState:
        # A new game: the cities of earlier games seldom come back, so their entries and
        # trading situations are dropped (what is keyed on content alone, such as the rows of
        # moves and the payment splits, is kept). Caches whose values die young also keep the
        # garbage collector's full passes short.
        self._profiles.clear()
        self._trades.clear()
        n = self.players
        rng = Rng.from_seed(seed)
        if self.options.wonders is None:
            wonders, rng = rng.shuffle(tuple(self.wonders))
            wonders = wonders[:n]
        else:
            wonders = self.options.wonders
        sides: list[str] = []
        for seat in range(n):
            side, rng = self._side_for(seat, rng)
            sides.append(side)
        decks = []
        for age in (1, 2, 3):
            cards = list(self._age_cards[age - 1])
            if age == 3:
                guilds, rng = rng.shuffle(self._guilds)
                cards.extend(guilds[: n + 2])
            deck, rng = rng.shuffle(cards)
            decks.append(deck)
        cities = tuple(City(wonders[s], sides[s], START_COINS) for s in range(n))
        state = BaseState(
            players=n,
            age=1,
            turn=1,
            cities=cities,
            hands=_deal(decks[0], n),
            decks=tuple(decks[1:]),
            discard=(),
            rng=rng,
            marks=(NO_MARKS,) * n,
        )
        extra = []
        for expansion in self.expansions:
            expansion_state, rng = expansion.setup(self, state, rng)
            extra.append(expansion_state)
        return attrs.evolve(state, expansions=tuple(extra), rng=rng)

    def _side_for(self, seat: int, rng: Rng) -> tuple[str, Rng]:
        sides = self.options.sides
        if isinstance(sides, tuple):
            return sides[seat], rng
        if sides in ("random", "ab"):
            both = ("day", "night") if sides == "random" else ("a", "b")
            return rng.choice(both)
        return sides, rng

    # ------------------------------------------------------------------ queries

    def knows_board(self, wonder: str, side: str) -> bool:
        """Whether ``wonder``'s side ``side`` is a board of this game."""
        return (wonder, side) in self._stages

    def stages(self, city: City) -> tuple[Stage, ...]:
        return self._stages[(city.wonder, city.side)]

    def built_stages(self, city: City) -> tuple[Stage, ...]:
        return self.stages(city)[: city.stages]

    def stage_effects(self, city: City, count: int | None = None) -> tuple[Effect, ...]:
        """The effects of the first ``count`` built stages (all by default), with the option
        taken on each stage that offers several."""
        count = city.stages if count is None else count
        choices = city.stage_choices[:count]
        key = (city.wonder, city.side, (count, *choices))
        cached = self._stage_effects.get(key)
        if cached is None:
            stages = self.stages(city)
            out: list[Effect] = []
            for index in range(count):
                choice = choices[index] if index < len(choices) else 0
                out.extend(stages[index].effects_with(choice))
            cached = tuple(out)
            self._stage_effects[key] = cached
        return cached

    def city_effects(self, city: City) -> Iterable[Effect]:
        for name in city.cards:
            yield from self.cards[name].effects
        yield from self.stage_effects(city)

    def seat_effects(self, state: BaseState, seat: int) -> Iterable[Effect]:
        """A city's effects plus what expansions grant the seat."""
        yield from self.city_effects(state.cities[seat])
        yield from self.extra_effects(state, seat)

    def extra_effects(self, state: BaseState, seat: int) -> tuple[Effect, ...]:
        if not self.expansions:
            return ()
        out: list[Effect] = []
        for expansion in self.expansions:
            out.extend(expansion.extra_effects(self, state, seat))
        return tuple(out)

    def has_power(self, city: City, power: type, marks: TurnMarks = NO_MARKS) -> bool:
        """Whether a stage built before this turn (or ever, with ``NO_MARKS``) gives ``power``."""
        return any(
            isinstance(effect, power)
            for effect in self.stage_effects(city, city.stages - marks.stages)
        )

    def shields(self, state: BaseState, seat: int) -> int:
        city = state.cities[seat]
        card_shields = self._card_shields
        total = sum([card_shields[n] for n in city.cards])
        key = (city.wonder, city.side, city.stages, city.stage_choices[: city.stages])
        stage_shields = self._stage_shields.get(key)
        if stage_shields is None:
            stage_shields = self._stage_shields[key] = sum(
                effect.count for effect in self.stage_effects(city)
                if isinstance(effect, Shields)
            )
        total += stage_shields
        if self.expansions:
            for effect in self.extra_effects(state, seat):
                if isinstance(effect, Shields):
                    total += effect.count
        return total

    def _producer(self, effect: Produce) -> Producer:
        producer = self._producers.get(effect)
        if producer is None:
            producer = self._producers[effect] = Producer.of(effect.options, effect.amount)
        return producer

    def to_move(self, state: BaseState) -> frozenset[int]:
        if state.over:
            return frozenset()
        if state.pending:
            return frozenset({state.pending[0].seat})
        if state.players == self.players:
            return self._all_seats
        return frozenset(range(state.players))

    # ------------------------------------------------------------------ payment

    def profile(self, state: BaseState, seat: int) -> CityProfile:
        """The seat's trading profile, cached on the city's content and this turn's builds."""
        return self._entry(state, seat).profile

    def _entry(self, state: BaseState, seat: int) -> _Entry:
        """The seat's profile with the ids of its trading contents (see ``_profiles``)."""
        city = state.cities[seat]
        marks = state.marks[seat]
        if self.expansions:
            extra = self.extra_effects(state, seat)
            key: tuple[Any, ...] = (city.wonder, city.side, city.cards, city.stages,
                                    city.stage_choices, marks.built, marks.stages, extra)
        else:
            extra = ()
            key = (city.wonder, city.side, city.cards, city.stages, city.stage_choices,
                   marks.built, marks.stages)
        found = self._profiles.get(key)
        if found is None:
            if len(self._profiles) > PROFILE_CACHE_LIMIT:
                self._clear_caches()
            parent = None
            if city.cards and not extra and not marks.built and not marks.stages:
                # Most often the city of the turn before, one card shorter, is known.
                parent = self._profiles.get((city.wonder, city.side, city.cards[:-1],
                                             city.stages, city.stage_choices, (), 0))
            if parent is not None:
                found = self._child_entry(parent, city)
            else:
                found = self._make_entry(city, marks, extra)
                found.owned = dict.fromkeys(city.cards)
                plan = self._stage_plans[(city.wonder, city.side)]
                if 0 <= city.stages < len(plan):
                    found.next_stage = plan[city.stages]
            self._profiles[key] = found
        return found

    def _child_entry(self, parent: _Entry, city: City) -> _Entry:
        """The entry of ``city`` (no marks, no expansion effects) from ``parent``, the entry of
        the same city without its last card: :meth:`_make_entry` with that card added where
        the full pass would meet it (after the other cards, before the stages' producers)."""
        name = city.cards[-1]
        info = self._info[name]
        producer = info.producer
        if producer is None and not info.discounts:
            return parent.with_card(name)  # the same trading contents
        own, sellable = parent.own, parent.sellable
        own_fixed, own_choices = parent.own_fixed, parent.own_choices
        sell_fixed, sell_choices = parent.sell_fixed, parent.sell_choices
        if producer is not None:
            stage_producers = self._stage_part(city, city.stages)[0]
            at = len(own) - len(stage_producers)
            own = (*own[:at], producer, *own[at:])
            fixed_at = info.fixed_at
            if fixed_at >= 0:
                units = producer[1]
                own_fixed = (*own_fixed[:fixed_at], own_fixed[fixed_at] + units,
                             *own_fixed[fixed_at + 1:])
            else:
                at = len(own_choices) - sum(1 for m, _ in stage_producers if m & (m - 1))
                own_choices = (*own_choices[:at], producer, *own_choices[at:])
            if info.tradable:
                sellable = (*sellable, producer)
                if fixed_at >= 0:
                    sell_fixed = (*sell_fixed[:fixed_at], sell_fixed[fixed_at] + producer[1],
                                  *sell_fixed[fixed_at + 1:])
                else:
                    sell_choices = (*sell_choices, producer)
        left_prices, right_prices = parent.left_prices, parent.right_prices
        if info.discounts:
            prices = [list(left_prices), list(right_prices)]
            for side, r, price in info.discounts:
                if price < prices[side][r]:
                    prices[side][r] = price
            left_prices, right_prices = tuple(prices[0]), tuple(prices[1])
        found = _Entry(_ProfileFields(own, sellable, left_prices, right_prices, parent.powers),
                       self._content_id, (own_fixed, own_choices, sell_fixed, sell_choices))
        found.owned = {**parent.owned, name: None}
        found.next_stage = parent.next_stage
        return found

    def _state_memo(self, state: BaseState) -> _Memo:
        """What the hot paths found for ``state`` so far: the seats' :meth:`_entry` and hand
        moves. A playout asks for every seat's moves on one state and then plays them on it,
        which needs the same entries again and checks the moves against the same lists.

        Only the last state is remembered, by identity: the memo holds the (frozen) state
        itself, so it cannot name another state, and its values are those of that state.
        It is replaced whole, so threads sharing the rules at most recompute."""
        memo = self._memo
        if memo[0] is not state:
            memo = self._memo = (state, [None] * len(state.cities), {})
        return memo

    def _entries(self, state: BaseState, seats: Iterable[int]) -> list[_Entry | None]:
        """The memo's list of entries for ``state``, with those of ``seats`` filled in."""
        entries = self._state_memo(state)[1]
        for seat in seats:
            if entries[seat] is None:
                entries[seat] = self._entry(state, seat)
        return entries

    def _content_id(self, kind: int, content: Any) -> int:
        """The id of a trading content (``kind`` 0: what a city pays with, 1: what it sells)."""
        table = self._sell_ids if kind else self._own_ids
        found = table.get(content)
        if found is None:
            found = table[content] = self._new_id()
        return found

    def _new_id(self) -> int:
        # Ids only grow, so an id never names two contents, even across cache clears; next() on
        # a count is atomic, so threads sharing these rules never get the same id.
        return next(self._ids)

    def _clear_caches(self) -> None:
        self._profiles.clear()
        self._own_ids.clear()
        self._sell_ids.clear()
        self._trades.clear()
        self._templates.clear()
        self._template_ids.clear()
        self._row_cache.clear()
        self._row_parts.clear()

    def _make_entry(self, city: City, marks: TurnMarks, extra: tuple[Effect, ...]) -> _Entry:
        """A city's profile and its :class:`_Entry` in one pass: the producers are split into
        fixed production and either/or producers as they are met; ``extra`` holds what the
        expansions grant (production and discounts, after the stages')."""
        start = self._start_producer[city.wonder]
        own = [start]
        sellable = [start]
        own_fixed = [0] * 7
        sell_fixed = [0] * 7
        own_choices: list[tuple[int, int]] = []
        sell_choices: list[tuple[int, int]] = []
        start_at = self._start_fixed[city.wonder]
        if start_at >= 0:
            own_fixed[start_at] += start[1]
            sell_fixed[start_at] += start[1]
        else:
            own_choices.append(start)
            sell_choices.append(start)
        left_prices = [STANDARD_PRICE] * 7
        right_prices = [STANDARD_PRICE] * 7
        built = marks.built
        info_of = self._info
        for name in city.cards:
            if built and name in built:
                continue  # built this turn: produces and discounts nothing yet
            info = info_of[name]
            producer = info.producer
            if producer is not None:
                own.append(producer)
                at = info.fixed_at
                if at >= 0:
                    own_fixed[at] += producer[1]
                else:
                    own_choices.append(producer)
                if info.tradable:
                    sellable.append(producer)
                    if at >= 0:
                        sell_fixed[at] += producer[1]
                    else:
                        sell_choices.append(producer)
            if info.discounts:
                for side, r, price in info.discounts:
                    prices = right_prices if side else left_prices
                    if price < prices[r]:
                        prices[r] = price
        producers, discounts, powers = self._stage_part(city, city.stages - marks.stages)
        if extra:
            producers = (*producers, *(
                (p.options, p.amount)
                for p in (self._producer(e) for e in extra if isinstance(e, Produce))
            ))
            discounts = (*discounts, *_discounts(extra))
        for producer in producers:
            own.append(producer)
            mask = producer[0]
            if mask & (mask - 1):
                own_choices.append(producer)
            else:
                own_fixed[mask.bit_length() - 1] += producer[1]
        for side, r, price in discounts:
            prices = right_prices if side else left_prices
            if price < prices[r]:
                prices[r] = price
        profile = _ProfileFields(tuple(own), tuple(sellable), tuple(left_prices),
                                 tuple(right_prices), powers)
        return _Entry(profile, self._content_id,
                      (tuple(own_fixed), tuple(own_choices), tuple(sell_fixed),
                       tuple(sell_choices)))

    def _stage_part(
        self, city: City, count: int
    ) -> tuple[tuple[tuple[int, int], ...], tuple[tuple[int, int, int], ...], frozenset[type]]:
        """What the first ``count`` built stages give a profile: their producers, their trade
        discounts and the types of their effects (cached per board, count and options)."""
        key = (city.wonder, city.side, count, city.stage_choices[:count])
        found = self._stage_parts.get(key)
        if found is None:
            effects = self.stage_effects(city, count)
            producers = tuple(
                (producer.options, producer.amount)
                for producer in (self._producer(e) for e in effects if isinstance(e, Produce))
            )
            found = self._stage_parts[key] = (
                producers, _discounts(effects), frozenset(type(effect) for effect in effects)
            )
        return found

    def _own_producers(self, state: BaseState, seat: int) -> tuple[Producer, ...]:
        return tuple(Producer(m, a) for m, a in self.profile(state, seat).own)

    def _sellable(self, state: BaseState, seat: int) -> tuple[Producer, ...]:
        """What a city offers its neighbours: starting resource, brown and grey cards built
        before this turn."""
        return tuple(Producer(m, a) for m, a in self.profile(state, seat).sellable)

    def trade(self, state: BaseState, seat: int) -> Trade:
        """The seat's own profile and what each neighbour sells: all a payment depends on."""
        left_seat, right_seat = self.ring.sides(seat)
        return (self.profile(state, seat), self.profile(state, left_seat).sellable,
                self.profile(state, right_seat).sellable)

    def payments(
        self, state: BaseState, seat: int, cost: Bag, budget: int, trade: Trade | None = None
    ) -> tuple[Payment, ...]:
        """The cheapest non-dominated (left, right) payments for ``cost`` within ``budget``."""
        if budget < 0:
            return ()
        if not any(cost):
            return (FREE,)
        me, left, right = trade or self.trade(state, seat)
        return pay_options(cost, me.own, left, right, me.left_prices, me.right_prices, budget)

    def _trade(self, me: _Entry, left: _Entry, right: _Entry) -> _Trade:
        """The cached :class:`_Trade` of these entries' ids."""
        key = (me.own_id, left.sell_id, right.sell_id)
        found = self._trades.get(key)
        if found is None:
            if len(self._trades) > TRADE_CACHE_LIMIT:
                self._trades.clear()
            found = self._trades[key] = _Trade(me, left, right)
        return found

    def _cost_id(self, cost: Bag) -> int:
        # Costs are those of the cards and stages (a few dozen): this table is never cleared.
        found = self._cost_ids.get(cost)
        if found is None:
            found = self._cost_ids[cost] = self._new_id()
        return found

    def spendable(self, state: BaseState, seat: int) -> int:
        """Coins the seat may spend now: coins received this turn are not yet usable."""
        return state.cities[seat].coins - state.marks[seat].income

    def free_reason(
        self, state: BaseState, seat: int, card: Card, in_draft: bool,
        profile: CityProfile | _Entry | None = None,
    ) -> str | None:
        """Why ``card`` is free for ``seat`` now (chain, Olympia's powers), or ``None``;
        ``profile`` is the seat's (or its entry) when the caller has it."""
        city = state.cities[seat]
        marks = state.marks[seat]
        for source in card.chains_from:
            if source in city.cards and source not in marks.built:
                return "chain"
        powers = (self._entry(state, seat) if profile is None else profile).powers
        if not powers:
            return None
        if FreeFirstOfColour in powers and all(
            self.cards[name].colour is not card.colour for name in city.cards
        ):
            return "first_of_colour"
        if in_draft and state.turn == 1 and FreeFirstOfAge in powers:
            return "first_of_age"
        if in_draft and state.turn == TURNS_PER_AGE and FreeLastOfAge in powers:
            return "last_of_age"
        return None

    def quote(
        self, state: BaseState, seat: int, name: str, in_draft: bool = True,
        trade: Trade | None = None,
    ) -> BuildQuote:
        """Whether and how ``seat`` can build card ``name`` from its hand now."""
        card = self.cards[name]
        city = state.cities[seat]
        if name in city.cards:
            return BuildQuote(False, reason="duplicate")
        trade = trade or self.trade(state, seat)
        free = self.free_reason(state, seat, card, in_draft, trade[0])
        if free is not None:
            return BuildQuote(True, free=free, payments=(FREE,))
        budget = self.spendable(state, seat) - card.coins
        payments = self.payments(state, seat, card.cost_bag, budget, trade)
        if not payments:
            return BuildQuote(False, bank_coins=card.coins, reason="cannot_pay")
        return BuildQuote(True, payments=payments, bank_coins=card.coins)

    def stage_variants(self, state: BaseState, seat: int) -> tuple[StageVariant, ...]:
        """The plain stage build and every variant the expansions add (Edifice projects)."""
        if not self.expansions:
            return self._no_variants
        variants = list(self._no_variants)
        for expansion in self.expansions:
            variants.extend(expansion.stage_variants(self, state, seat))
        return tuple(variants)

    def stage_quote(
        self, state: BaseState, seat: int, extra_coins: int = 0, trade: Trade | None = None
    ) -> BuildQuote:
        """Whether and how ``seat`` can build its next wonder stage now (``extra_coins`` more
        going to the bank for an expansion's variant)."""
        city = state.cities[seat]
        stages = self.stages(city)
        if city.stages >= len(stages):
            return BuildQuote(False, reason="wonder_complete")
        stage = stages[city.stages]
        budget = self.spendable(state, seat) - stage.coins - extra_coins
        payments = self.payments(state, seat, stage.cost_bag, budget, trade)
        if not payments:
            return BuildQuote(False, bank_coins=stage.coins, reason="cannot_pay")
        return BuildQuote(True, payments=payments, bank_coins=stage.coins + extra_coins)

    def stage_moves(
        self, state: BaseState, seat: int, card: str, trade: Trade | None = None
    ) -> list[BuildStage]:
        """Every way to build the next stage with ``card``: options x variants x payments."""
        city = state.cities[seat]
        stages = self.stages(city)
        if city.stages >= len(stages):
            return []
        choices = range(max(1, len(stages[city.stages].choices)))
        moves = []
        for variant in self.stage_variants(state, seat):
            quote = self.stage_quote(state, seat, variant.coins, trade)
            for payment in quote.payments:
                for choice in choices:
                    moves.append(BuildStage(card, payment.left, payment.right, variant.extras,
                                            choice))
        return moves

    def _free_build_offered(
        self, state: BaseState, seat: int, name: str, quote: BuildQuote
    ) -> bool:
        """The once-per-Age free build applies to a card with a cost (resources or coins) that
        is not free anyway, whether or not the seat could pay for it."""
        card = self.cards[name]
        return (
            quote.reason != "duplicate"
            and quote.free is None
            and (any(card.cost_bag) or card.coins > 0)
            and self.once_per_age_free(state, seat)
        )

    def once_per_age_free(self, state: BaseState, seat: int) -> bool:
        return (
            state.cities[seat].free_build_age != state.age
            and FreeOncePerAge in self._entry(state, seat).powers
        )

    # ------------------------------------------------------------------ legal moves

    def legal_moves(self, state: BaseState, seat: int) -> tuple[Move, ...]:
        if state.over:
            return ()
        if state.pending:
            head = state.pending[0]
            if seat != head.seat:
                return ()
            if head.kind is PendingKind.BUILD_FROM_DISCARD:
                return self._discard_moves(state, seat)
            if head.kind is PendingKind.EXPANSION:
                return self.expansion_named(head.detail).pending_moves(self, state, head)
        elif seat not in self.to_move(state):
            return ()
        memo = self._memo
        hand_moves = memo[2] if memo[0] is state else self._state_memo(state)[2]
        moves = hand_moves.get(seat)
        if moves is None:
            moves = hand_moves[seat] = self._hand_moves(state, seat, not state.pending)
        return moves

    def _hand_moves(
        self, state: BaseState, seat: int, in_draft: bool, hand: tuple[str, ...] | None = None,
        entries: list[_Entry] | None = None,
    ) -> tuple[Move, ...]:
        """Every move with a card of the seat's hand: builds (each payment, the once-per-Age
        free build), stages (options x variants x payments) and the sale, card by card.

        The fast path of :meth:`general_hand_moves` (which must give the same tuple): the
        payments come from caches keyed on the ids of the trading contents, and the move
        values are shared. ``hand`` limits the moves to some cards of the hand; ``entries``
        are every seat's :meth:`_entry` when the caller has them."""
        city = state.cities[seat]
        left_seat, right_seat = self._sides[seat]
        if entries is None:
            memo = self._memo
            found = memo[1] if memo[0] is state else self._state_memo(state)[1]
        else:
            found = entries  # type: ignore[assignment]
        me, left, right = found[seat], found[left_seat], found[right_seat]
        if me is None or left is None or right is None:
            found = self._entries(state, (seat, left_seat, right_seat))
            me, left, right = found[seat], found[left_seat], found[right_seat]
            assert me is not None and left is not None and right is not None
        marks = state.marks[seat]
        spendable = city.coins - marks.income
        trade = self._trades.get((me.own_id, left.sell_id, right.sell_id))
        if trade is None:
            trade = self._trade(me, left, right)
        if self.expansions:
            template, template_id = self._stage_template(state, seat, city, me, left, right,
                                                         spendable, trade)
        elif me.next_stage is None:
            template, template_id = self._no_template
        else:
            # The plain stage build: its payments within the coins left after the stage's
            # own coins (a prefix, cheapest first) decide the template.
            cost, items, cost_id, coins, options = me.next_stage
            pairs = trade.pays.get(cost_id)
            if pairs is None:
                pairs = trade.pairs(cost, items, cost_id)
            limit = spendable - coins
            count = len(pairs)
            if count and pairs[-1][0] + pairs[-1][1] > limit:
                count = 0
                for lc, rc in pairs:
                    if lc + rc > limit:
                        break
                    count += 1
            found_template = trade.templates.get((cost_id, options, count))
            if found_template is None:
                found_template = trade.templates[(cost_id, options, count)] = self._shared_template(
                    (pairs, options, (((), count),)))
            template, template_id = found_template
        powers = me.powers
        # the powers that make a card free (free_reason), if the city has any
        frees = powers and not powers.isdisjoint(_FREE_POWERS)
        free_build = (
            bool(powers) and FreeOncePerAge in powers and city.free_build_age != state.age
        )
        owned = me.owned  # city.cards as dict keys
        built = marks.built
        info_of = self._info
        pays = trade.pays
        rows = self._row_cache
        moves: list[Move] = []
        extend = moves.extend
        seen: set[str] = set()
        for name in state.hands[seat] if hand is None else hand:
            if name in seen:
                continue
            seen.add(name)
            info = info_of[name]
            # What the card's builds are: none (a duplicate), free, or these payments.
            status: _Pairs | bool | None = None
            if name not in owned:
                if info.chains:
                    for source in info.chains:
                        if source in owned and source not in built:
                            status = True
                            break
                if status is None and frees and self.free_reason(
                    state, seat, info.card, in_draft, me
                ) is not None:
                    status = True
                if status is None:
                    budget = spendable - info.coins
                    if budget < 0:
                        status = ()
                    elif info.no_resources:
                        status = _NO_TRADE
                    else:
                        pairs = pays.get(info.cost_id)
                        if pairs is None:
                            pairs = trade.pairs(info.cost, info.items, info.cost_id)
                        if pairs:
                            last = pairs[-1]
                            if last[0] + last[1] > budget:
                                pairs = tuple(p for p in pairs if p[0] + p[1] <= budget)
                        status = pairs
            key = (name, status, free_build and status is not True and status is not None
                   and info.has_cost, template_id)
            row = rows.get(key)
            if row is None:
                row = self._row(info, status, key[2], template, template_id)
                if len(rows) > CACHE_LIMIT:
                    rows.clear()
                rows[key] = row
            extend(row)
        return tuple(moves)

    def _row(
        self, info: _CardInfo, status: _Pairs | bool | None, free_build: bool,
        template: _Template, template_id: int,
    ) -> tuple[Move, ...]:
        """The moves of one card of a hand, in the order of :meth:`general_hand_moves`.
        The paid builds and the stage builds of a card are cached apart, so rows that share
        them share the move values."""
        parts = self._row_parts
        if len(parts) > CACHE_LIMIT:
            parts.clear()
        row: list[Move] = []
        if status is True:
            row.append(info.free_move)
        elif status:
            assert isinstance(status, tuple)
            builds = parts.get((info.name, status))
            if builds is None:
                builds = parts[(info.name, status)] = tuple(
                    [Build(info.name, lc, rc) for lc, rc in status]
                )
            row.extend(builds)
        if free_build:
            row.append(info.free_build_move)
        if template:
            stages = parts.get((info.name, template_id))
            if stages is None:
                stages = parts[(info.name, template_id)] = tuple(
                    [BuildStage(info.name, *entry) for entry in template]
                )
            row.extend(stages)
        row.append(info.sell)
        return tuple(row)

    def _stage_template(
        self, state: BaseState, seat: int, city: City, me: _Entry, left: _Entry, right: _Entry,
        spendable: int, trade: _Trade | None = None,
    ) -> tuple[_Template, int]:
        """(left, right, extras, choice) of every way to build the next stage now, and an id
        of that template (equal templates have equal ids) for short cache keys."""
        if self.expansions:
            variants = self.stage_variants(state, seat)
            shape: tuple[Any, ...] = tuple((v.extras, v.coins) for v in variants)
        else:
            variants = self._no_variants
            shape = ()
        if trade is None:
            trade = self._trade(me, left, right)
        key = (city.wonder, city.side, city.stages, spendable, shape)
        found = trade.templates.get(key)
        if found is not None:
            return found
        plan = self._stage_plans[(city.wonder, city.side)]
        if city.stages < len(plan):
            cost, items, cost_id, coins, options = plan[city.stages]
            pairs = trade.pays.get(cost_id)
            if pairs is None:
                pairs = trade.pairs(cost, items, cost_id)
            budget = spendable - coins
            # The payments within a budget are a prefix (cheapest first): its length.
            within = []
            for variant in variants:
                limit = budget - variant.coins
                count = 0
                for lc, rc in pairs:
                    if lc + rc > limit:
                        break
                    count += 1
                within.append((variant.extras, count))
            shared: tuple[Any, ...] = (pairs, options, tuple(within))
        else:
            shared = ((), 0, ())
        found = trade.templates[key] = self._shared_template(shared)
        return found

    def _shared_template(self, shared: tuple[Any, ...]) -> tuple[_Template, int]:
        """The stage template of (payments of the stage, options, (extras, payments within
        budget) per variant), with its id; equal templates have equal ids."""
        templates = self._templates
        found = templates.get(shared)
        if found is None:
            pairs, options, counts = shared
            template: _Template = tuple(
                (lc, rc, extras, choice)
                for extras, count in counts
                for lc, rc in pairs[:count]
                for choice in range(options)
            )
            template_id = self._template_ids.get(template)
            if template_id is None:
                if len(self._template_ids) > CACHE_LIMIT:
                    self._template_ids.clear()  # ids only grow: cached rows cannot be mistaken
                template_id = self._template_ids[template] = self._new_id()
            if len(templates) > CACHE_LIMIT:
                templates.clear()
            found = templates[shared] = (template, template_id)
        return found

    def general_hand_moves(self, state: BaseState, seat: int, in_draft: bool) -> tuple[Move, ...]:
        """The hand moves by the general path, quote by quote: the reference for
        :meth:`_hand_moves` (property tests compare the two)."""
        moves: list[Move] = []
        seen: set[str] = set()
        trade = self.trade(state, seat)
        stage_template = self.stage_moves(state, seat, "", trade)
        for name in state.hands[seat]:
            if name in seen:
                continue
            seen.add(name)
            quote = self.quote(state, seat, name, in_draft, trade)
            for payment in quote.payments:
                moves.append(Build(name, payment.left, payment.right))
            if self._free_build_offered(state, seat, name, quote):
                moves.append(Build(name, free_build=True))
            moves.extend(attrs.evolve(stage, card=name) for stage in stage_template)
            moves.append(Sell(name))
        return tuple(moves)

    def expansion_named(self, detail: str) -> Expansion:
        """The expansion whose name starts a pending decision's ``detail``."""
        name = detail.split(":", 1)[0]
        for expansion in self.expansions:
            if expansion.name == name:
                return expansion
        raise InvalidStateError(f"no expansion {name!r} in this game")

    def _expansion_index(self, expansion: Expansion) -> int:
        return self.expansions.index(expansion)

    def _discard_moves(self, state: BaseState, seat: int) -> tuple[Move, ...]:
        city = state.cities[seat]
        names = sorted({name for name in state.discard if name not in city.cards})
        return (*(Build(name) for name in names), Skip())

    # ------------------------------------------------------------------ validation

    def check(self, state: BaseState, moves: Mapping[int, Move]) -> None:
        """Raise the precise error for the first bad entry of ``moves``."""
        self._checked(state, moves)

    def _checked(self, state: BaseState, moves: Mapping[int, Move]) -> list[_Entry] | None:
        """:meth:`check`, returning every seat's :meth:`_entry` when it needed them."""
        if state.over:
            raise GameOverError("the game is over", reason="game_over")
        expected = self.to_move(state)
        players = self.players
        for seat in moves:
            if type(seat) is not int or not 0 <= seat < players:
                self.ring.check(seat)  # raises for anything but a seat of this table
        if set(moves) != expected:
            missing = sorted(expected - set(moves))
            extra = sorted(set(moves) - expected)
            if extra:
                raise WrongSeatError(
                    f"seat {extra[0]} is not asked to move now (to move: {sorted(expected)})",
                    reason="not_to_move", seat=extra[0],
                )
            raise WrongSeatError(
                f"a move is missing for seat {missing[0]} (to move: {sorted(expected)})",
                reason="missing_move", seat=missing[0],
            )
        entries: list[_Entry] | None = None
        for seat, move in moves.items():
            if not state.pending and type(move) is not Sell and entries is None:
                entries = self._entries(state, range(self.players))  # type: ignore[assignment]
            if not self._accepts(state, seat, move, entries):
                self._check_move(state, seat, move)
        return entries

    def check_move(self, state: BaseState, seat: int, move: object) -> None:
        if not self._accepts(state, seat, move):
            self._check_move(state, seat, move)

    def _accepts(
        self, state: BaseState, seat: int, move: object, entries: list[_Entry] | None = None
    ) -> bool:
        """Fast acceptance: whether ``move`` is one of the legal moves of its card. A move
        refused here goes through the general checks (:meth:`_check_move`), which accept it
        or name the precise fault."""
        cls = type(move)
        if not (cls is Build or cls is BuildStage or cls is Sell) or (
            state.pending and state.pending[0].kind is not PendingKind.PLAY_LAST_CARD
        ):
            return False
        name = move.card  # type: ignore[attr-defined]
        if type(name) is not str or name not in state.hands[seat]:
            return False
        if cls is Sell:
            return True
        memo = self._memo
        if memo[0] is state:
            listed = memo[2].get(seat)
            if listed is not None:
                # The seat's legal moves on this very state: the move is most often one of
                # them (the same value), else it is legal if equal to one.
                for legal in listed:
                    if legal is move:
                        return True
                return move in listed
        return move in self._hand_moves(state, seat, not state.pending, (name,), entries)

    def _check_move(self, state: BaseState, seat: int, move: object) -> None:
        if not isinstance(move, Build | BuildStage | Sell | Skip | Choose):
            raise IllegalMoveError(
                f"seat {seat}: {move!r} is not a base-game move", reason="not_a_move", seat=seat
            )
        if state.pending and state.pending[0].kind is PendingKind.EXPANSION:
            if move not in self.legal_moves(state, seat):
                options = ", ".join(str(m) for m in self.legal_moves(state, seat))
                raise IllegalMoveError(
                    f"seat {seat}: {move} is not possible now; choose one of: {options}",
                    reason="pending_decision", seat=seat,
                )
            return
        if isinstance(move, Choose):
            raise IllegalMoveError(f"seat {seat}: nothing to choose now", reason="no_choice",
                                   seat=seat)
        if state.pending and state.pending[0].kind is PendingKind.BUILD_FROM_DISCARD:
            if move in self._discard_moves(state, seat):
                return
            if isinstance(move, Build) and move.card not in state.discard:
                raise IllegalMoveError(
                    f"seat {seat}: {move.card} is not in the discard pile",
                    reason="not_in_discard", seat=seat,
                )
            raise IllegalMoveError(
                f"seat {seat}: choose a card of the discard pile to build for free, or skip "
                f"({move} is not possible)", reason="pending_decision", seat=seat,
            )
        if isinstance(move, Skip):
            raise IllegalMoveError(f"seat {seat}: nothing to skip now", reason="no_skip", seat=seat)
        name = move.card
        if name not in state.hands[seat]:
            raise IllegalMoveError(
                f"seat {seat}: {name!r} is not in your hand", reason="not_in_hand", seat=seat
            )
        if isinstance(move, Sell):
            return
        if isinstance(move, BuildStage):
            self._check_stage(state, seat, move)
            return
        in_draft = not state.pending
        quote = self.quote(state, seat, name, in_draft)
        if move.free_build:
            if not quote.buildable and quote.reason == "duplicate":
                self._refuse_duplicate(seat, name)
            if not self._free_build_offered(state, seat, name, quote) or move.left or move.right:
                raise IllegalMoveError(
                    f"seat {seat}: no once-per-Age free build is available for {name}",
                    reason="no_free_build", seat=seat,
                )
            return
        if quote.reason == "duplicate":
            self._refuse_duplicate(seat, name)
        self._check_payment(quote, move.left, move.right, seat, name)

    def _check_stage(self, state: BaseState, seat: int, move: BuildStage) -> None:
        variants = {v.extras: v for v in self.stage_variants(state, seat)}
        variant = variants.get(move.extras)
        if variant is None:
            raise IllegalMoveError(
                f"seat {seat}: {' '.join(move.extras)!r} is not possible with this stage now",
                reason="unknown_extra", seat=seat,
            )
        quote = self.stage_quote(state, seat, variant.coins)
        if quote.buildable:
            city = state.cities[seat]
            options = len(self.stages(city)[city.stages].choices)
            if not 0 <= move.choice < max(1, options):
                raise IllegalMoveError(
                    f"seat {seat}: this stage has no option {move.choice + 1}",
                    reason="bad_option", seat=seat,
                )
        self._check_payment(quote, move.left, move.right, seat, "the next wonder stage")

    @staticmethod
    def _refuse_duplicate(seat: int, name: str) -> None:
        raise IllegalMoveError(
            f"seat {seat}: your city already has a {name}", reason="duplicate", seat=seat
        )

    @staticmethod
    def _check_payment(quote: BuildQuote, left: int, right: int, seat: int, what: str) -> None:
        if not quote.buildable:
            reason = quote.reason or "cannot_pay"
            text = {
                "wonder_complete": "your wonder is already complete",
                "cannot_pay": f"you cannot pay for {what}",
            }.get(reason, reason)
            raise IllegalMoveError(f"seat {seat}: {text}", reason=reason, seat=seat)
        if Payment(left, right) not in quote.payments:
            options = ", ".join(f"left {p.left}/right {p.right}" for p in quote.payments)
            raise IllegalMoveError(
                f"seat {seat}: paying left {left}/right {right} for {what} is not one of the "
                f"cheapest ways to pay ({options})", reason="payment", seat=seat,
            )

    # ------------------------------------------------------------------ resolution

    def play(
        self, state: BaseState, moves: Mapping[int, Move], events: list[Event] | None = None
    ) -> BaseState:
        """Check ``moves`` and return the next state (adding events to ``events`` if given)."""
        entries = self._checked(state, moves)
        if state.pending:
            head = state.pending[0]
            state = attrs.evolve(state, pending=state.pending[1:])
            if head.kind is PendingKind.EXPANSION:
                expansion = self.expansion_named(head.detail)
                state = expansion.resolve_pending(self, state, head, moves[head.seat], events)
                return self._advance(state, events)
            source = "discard" if head.kind is PendingKind.BUILD_FROM_DISCARD else "last_card"
            state = self._resolve(state, {head.seat: moves[head.seat]}, events, source)
        else:
            state, ended = self._resolve_turn(state, moves, events, "draft", entries, True)
            if ended:
                return state  # a plain turn, ended in place (see _resolve_turn)
        return self._advance(state, events)

    def _resolve(
        self,
        state: BaseState,
        moves: Mapping[int, Move],
        events: list[Event] | None,
        source: str,
        entries: list[_Entry] | None = None,
    ) -> BaseState:
        """Place every move's card at once: payments, builds, stages, sales.

        ``source`` is ``"draft"`` for a normal turn, ``"last_card"`` for Babylon's extra card and
        ``"discard"`` for a free build from the discard pile. ``entries`` are every seat's
        :meth:`_entry` in ``state`` when the caller has them.
        """
        return self._resolve_turn(state, moves, events, source, entries, False)[0]

    def _resolve_turn(
        self,
        state: BaseState,
        moves: Mapping[int, Move],
        events: list[Event] | None,
        source: str,
        entries: list[_Entry] | None,
        end: bool,
    ) -> tuple[BaseState, bool]:
        """:meth:`_resolve`; with ``end``, a plain draft turn (before an Age's last, nothing
        pending, no expansion) is also ended in place, as :meth:`_advance` would end it
        (:meth:`_close_turn`), and the second value tells that it was."""
        in_draft = source == "draft"
        from_discard = source == "discard"
        n = self.players
        cities = list(state.cities)
        hands = list(state.hands)
        marks = list(state.marks)
        # the whole pile when a card leaves it, else only the cards added to it
        discard = list(state.discard) if from_discard else []
        deferred: list[tuple[int, str]] = []  # added to the state's
        spent = [0] * n
        income = [0] * n
        new_pending: list[Pending] = []
        stage_builds: list[StageBuild] = []
        at_placement = self.options.coin_effect_timing == "at_placement"
        info_of = self._info
        # A seat's city and marks after its placement, but for coins and income (set below);
        # with coins counted at placement, the cities are rebuilt as each card is placed.
        placed: list[tuple[Any, ...] | None] = [None] * n
        for seat in sorted(moves):
            move = moves[seat]
            if isinstance(move, _NO_PLACEMENT):
                continue
            city = cities[seat]
            mark = marks[seat]
            left_seat, right_seat = self._sides[seat]
            if from_discard:
                discard.remove(move.card)
            else:
                hand = list(hands[seat])
                hand.remove(move.card)
                hands[seat] = tuple(hand)
            if isinstance(move, Sell):
                discard.append(move.card)
                income[seat] += SALE_COINS
                if events is not None:
                    events.append(CardSold(seat, move.card, SALE_COINS))
                continue
            if isinstance(move, BuildStage):
                stage = self._stages[(city.wonder, city.side)][city.stages]
                if self.expansions:
                    extra_coins = next(v.coins for v in self.stage_variants(state, seat)
                                       if v.extras == move.extras)
                else:
                    extra_coins = 0  # the plain build, the only one the checks accept
                bank = stage.coins + extra_coins
                spent[seat] += bank + move.left + move.right
                income[left_seat] += move.left
                income[right_seat] += move.right
                choices = city.stage_choices + (0,) * (city.stages - len(city.stage_choices))
                stages = city.stages + 1
                placed[seat] = (city.cards, stages, (*city.tucked, move.card),
                                city.free_build_age, (*choices, move.choice),
                                mark.built, mark.stages + 1)
                if events is not None:
                    events.append(StageBuilt(seat, stages, move.left, move.right, bank,
                                             move.extras, move.choice))
                effects = stage.effects_with(move.choice)
                if self.expansions:
                    stage_builds.append(StageBuild(
                        seat, stages, move.extras,
                        tuple(e for e in effects if isinstance(e, ExpansionEffect)),
                    ))
                for effect in effects:
                    if isinstance(effect, Coins):
                        income[seat] += effect.amount
                        if events is not None:
                            events.append(CoinsGained(seat, effect.amount, "wonder stage"))
                    elif isinstance(effect, BuildFromDiscard):
                        new_pending.append(Pending(seat, PendingKind.BUILD_FROM_DISCARD))
            else:
                # A build: from hand (paid, chained or free) or from the discard pile (free).
                info = info_of[move.card]
                name = info.name
                if from_discard:
                    how: str | None = "discard"
                elif move.free_build:
                    how = "free_build"
                else:
                    # Why it is free, on the state before anything is placed (``state``).
                    entry = None if entries is None else entries[seat]
                    if entry is not None and entry.powers.isdisjoint(_FREE_POWERS):
                        # no power makes a card free: only a chain can (as in free_reason)
                        how = None
                        owned = entry.owned
                        built = state.marks[seat].built
                        for source in info.chains:
                            if source in owned and source not in built:
                                how = "chain"
                                break
                    else:
                        how = self.free_reason(state, seat, info.card, in_draft, entry)
                bank = 0 if how is not None else info.coins
                spent[seat] += bank + move.left + move.right
                income[left_seat] += move.left
                income[right_seat] += move.right
                placed[seat] = ((*city.cards, name), city.stages, city.tucked,
                                state.age if move.free_build else city.free_build_age,
                                city.stage_choices, (*mark.built, name), mark.stages)
                if events is not None:
                    events.append(CardBuilt(seat, name, move.left, move.right, bank, how))
                for effect in info.placement:
                    if isinstance(effect, Coins):
                        income[seat] += effect.amount
                        if events is not None:
                            events.append(CoinsGained(seat, effect.amount, name))
                    elif isinstance(effect, CoinsPer):
                        if at_placement:
                            self._place(cities, marks, placed, seat)
                            gain = self.count(cities, seat, effect.counts,
                                              effect.scope) * effect.amount
                            income[seat] += gain
                            if events is not None:
                                events.append(CoinsGained(seat, gain, name))
                        else:
                            deferred.append((seat, name))
            if at_placement:
                self._place(cities, marks, placed, seat)
        # The turn's marks matter only to what may come before the turn ends (decisions
        # pending, expansions); a plain draft turn before an Age's last goes straight to
        # _end_turn, which clears them, so they are not built.
        plain = (in_draft and state.turn < TURNS_PER_AGE and not new_pending
                 and not state.pending and not state.age_ending and not self.expansions)
        keep_marks = not plain
        for seat in range(n):
            change = placed[seat]
            city = cities[seat]
            if change is not None:
                cards, stages, tucked, free_build_age, stage_choices, built, marked = change
                cities[seat] = City(city.wonder, city.side,
                                    city.coins - spent[seat] + income[seat], cards, stages,
                                    tucked, city.tokens, free_build_age, stage_choices)
                if keep_marks:
                    marks[seat] = TurnMarks(built, marked, marks[seat].income + income[seat])
            elif spent[seat] or income[seat]:
                cities[seat] = City(city.wonder, city.side,
                                    city.coins - spent[seat] + income[seat], city.cards,
                                    city.stages, city.tucked, city.tokens, city.free_build_age,
                                    city.stage_choices)
                if keep_marks:
                    mark = marks[seat]
                    marks[seat] = TurnMarks(mark.built, mark.stages, mark.income + income[seat])
        if plain and end:
            cities_now, hands_now, turn, _ = self._close_turn(
                cities, hands, (*state.deferred, *deferred), state.age, state.turn, events)
            return BaseState(
                players=state.players,
                age=state.age,
                turn=turn,
                cities=cities_now,
                hands=hands_now,
                decks=state.decks,
                discard=(*state.discard, *discard) if discard else state.discard,
                rng=state.rng,
                pending=(),
                marks=self._no_marks,
                deferred=(),
                over=state.over,
                age_ending=False,
                expansions=state.expansions,
            ), True
        if in_draft and state.turn == TURNS_PER_AGE:
            last: list[Pending] = []
            for seat in range(n):
                if not hands[seat]:
                    continue
                if self.has_power(cities[seat], PlayLastCard):
                    last.append(Pending(seat, PendingKind.PLAY_LAST_CARD))
                else:
                    for name in hands[seat]:
                        discard.append(name)
                        if events is not None:
                            events.append(CardDiscarded(seat, name))
                    hands[seat] = ()
            if self.options.last_turn_order == "babylon_first":
                new_pending = last + new_pending
            else:
                new_pending = new_pending + last
        state = BaseState(
            players=state.players,
            age=state.age,
            turn=state.turn,
            cities=tuple(cities),
            hands=tuple(hands),
            decks=state.decks,
            discard=(tuple(discard) if from_discard
                     else (*state.discard, *discard) if discard else state.discard),
            rng=state.rng,
            pending=(*new_pending, *state.pending),
            marks=tuple(marks),
            deferred=(*state.deferred, *deferred) if deferred else state.deferred,
            over=state.over,
            age_ending=state.age_ending,
            expansions=state.expansions,
        )
        for expansion in self.expansions:
            state = expansion.after_builds(self, state, tuple(stage_builds), events)
        return state, False

    @staticmethod
    def _place(
        cities: list[City], marks: list[TurnMarks], placed: list[tuple[Any, ...] | None],
        seat: int,
    ) -> None:
        """Apply a seat's placement to ``cities`` and ``marks`` now (coins counted at
        placement see it); coins and income are settled at the end as for every seat."""
        change = placed[seat]
        if change is None:
            return
        placed[seat] = None
        cards, stages, tucked, free_build_age, stage_choices, built, marked = change
        city = cities[seat]
        mark = marks[seat]
        cities[seat] = City(city.wonder, city.side, city.coins, cards, stages, tucked,
                            city.tokens, free_build_age, stage_choices)
        marks[seat] = TurnMarks(built, marked, mark.income)

    def _advance(self, state: BaseState, events: list[Event] | None) -> BaseState:
        """Settle automatic steps until a decision is needed: empty pending decisions, the end
        of the turn, passing hands, conflicts, the next Age, the end of the game."""
        while True:
            if state.pending:
                head = state.pending[0]
                if head.kind is PendingKind.BUILD_FROM_DISCARD and len(
                    self._discard_moves(state, head.seat)
                ) == 1:
                    # Nothing to build from the discard pile: the power lapses.
                    state = attrs.evolve(state, pending=state.pending[1:])
                    continue
                if head.kind is PendingKind.EXPANSION:
                    options = self.legal_moves(state, head.seat)
                    if len(options) == 1:
                        # A decision with one option is taken for the player.
                        state = attrs.evolve(state, pending=state.pending[1:])
                        expansion = self.expansion_named(head.detail)
                        state = expansion.resolve_pending(self, state, head, options[0], events)
                        continue
                if events is not None:
                    events.append(PendingDecision(head.seat, head.kind, head.detail))
                return state
            if not state.age_ending:
                state = self._end_turn(state, events)
                if not state.age_ending:
                    return state
                for expansion in self.expansions:
                    state = expansion.before_conflicts(self, state, events)
                continue
            return self._end_age(state, events)

    def _close_turn(
        self, cities: Sequence[City], hands: Sequence[tuple[str, ...]],
        deferred: tuple[tuple[int, str], ...], age: int, turn: int,
        events: list[Event] | None,
    ) -> tuple[tuple[City, ...], tuple[tuple[str, ...], ...], int, bool]:
        """The end of a turn on its pieces: deferred coin effects paid, hands passed (or, after
        an Age's last turn, the Age ending): (cities, hands, turn, Age ending)."""
        if deferred:
            city_list = list(cities)
            for seat, name in deferred:
                for effect in self._info[name].placement:
                    if not isinstance(effect, CoinsPer):
                        continue
                    gain = self.count(city_list, seat, effect.counts, effect.scope) * effect.amount
                    if gain:
                        city = city_list[seat]
                        city_list[seat] = City(city.wonder, city.side, city.coins + gain,
                                               city.cards, city.stages, city.tucked, city.tokens,
                                               city.free_build_age, city.stage_choices)
                        if events is not None:
                            events.append(CoinsGained(seat, gain, name))
            cities = city_list
        if turn < TURNS_PER_AGE:
            to_left = age != 2
            passed: list[tuple[str, ...]] = [()] * self.players
            sides = self._sides
            for seat, hand in enumerate(hands):
                passed[sides[seat][0] if to_left else sides[seat][1]] = hand
            if events is not None:
                events.append(HandsPassed("left" if to_left else "right"))
            return tuple(cities), tuple(passed), turn + 1, False
        return tuple(cities), tuple(hands), turn, True

    def _end_turn(self, state: BaseState, events: list[Event] | None) -> BaseState:
        """Pay deferred coin effects, clear the turn's marks, pass hands; after an Age's last
        turn, mark the Age as ending instead."""
        cities, hands, turn, age_ending = self._close_turn(
            state.cities, state.hands, state.deferred, state.age, state.turn, events)
        age_ending = age_ending or state.age_ending
        return BaseState(
            players=state.players,
            age=state.age,
            turn=turn,
            cities=cities,
            hands=hands,
            decks=state.decks,
            discard=state.discard,
            rng=state.rng,
            pending=state.pending,
            marks=self._no_marks,
            deferred=(),
            over=state.over,
            age_ending=age_ending,
            expansions=state.expansions,
        )

    def _end_age(self, state: BaseState, events: list[Event] | None) -> BaseState:
        """Military conflicts, then the next Age or the end of the game."""
        state = self._conflicts(state, events)
        over = state.age == 3
        if over:
            if events is not None:
                events.append(GameEnded())
        elif events is not None:
            events.append(AgeStarted(state.age + 1))
        return BaseState(
            players=state.players,
            age=state.age if over else state.age + 1,
            turn=state.turn if over else 1,
            cities=state.cities,
            hands=state.hands if over else _deal(state.decks[0], self.players),
            decks=state.decks if over else state.decks[1:],
            discard=state.discard,
            rng=state.rng,
            pending=state.pending,
            marks=state.marks,
            deferred=state.deferred,
            over=over or state.over,
            age_ending=False,
            expansions=state.expansions,
        )

    def _conflicts(self, state: BaseState, events: list[Event] | None) -> BaseState:
        strengths = [self.shields(state, seat) for seat in range(self.players)]
        win = VICTORY_POINTS[state.age]
        cities = []
        sides = self._sides
        for seat, city in enumerate(state.cities):
            tokens = list(city.tokens)
            own = strengths[seat]
            # against the left, then the right neighbour (as core.military compares them)
            for neighbour in sides[seat]:
                other = strengths[neighbour]
                token = win if own > other else DEFEAT if own < other else 0
                if token:
                    tokens.append(token)
                if events is not None:
                    events.append(ConflictResolved(
                        state.age, seat, neighbour, strengths[seat], strengths[neighbour], token
                    ))
            cities.append(City(city.wonder, city.side, city.coins, city.cards, city.stages,
                               city.tucked, tuple(tokens), city.free_build_age,
                               city.stage_choices))
        return BaseState(
            players=state.players,
            age=state.age,
            turn=state.turn,
            cities=tuple(cities),
            hands=state.hands,
            decks=state.decks,
            discard=state.discard,
            rng=state.rng,
            pending=state.pending,
            marks=state.marks,
            deferred=state.deferred,
            over=state.over,
            age_ending=state.age_ending,
            expansions=state.expansions,
        )

    # ------------------------------------------------------------------ counting

    def count(
        self, cities: Iterable[City] | list[City], seat: int, counts: Iterable[str], scope: Scope
    ) -> int:
        """How many of ``counts`` (colours, ``wonder_stage``, ``defeat_token``) the cities of
        ``scope`` around ``seat`` hold."""
        city_list = list(cities)
        if scope is Scope.OWN:
            seats: tuple[int, ...] = (seat,)
        elif scope is Scope.NEIGHBOURS:
            seats = self.ring.neighbours(seat)
        else:
            seats = (seat, *self.ring.neighbours(seat))
        wanted = set(counts)
        total = 0
        for s in seats:
            city = city_list[s]
            if "wonder_stage" in wanted:
                total += city.stages
            if "defeat_token" in wanted:
                total += sum(1 for token in city.tokens if token < 0)
            total += sum(1 for name in city.cards if self.cards[name].colour.value in wanted)
        return total


def _deal(deck: tuple[str, ...], players: int) -> tuple[tuple[str, ...], ...]:
    return tuple(deck[HAND_SIZE * seat : HAND_SIZE * (seat + 1)] for seat in range(players))


def check_players(players: Any) -> int:
    if isinstance(players, bool) or not isinstance(players, int) or not 3 <= players <= 7:
        raise InvalidOptionError(f"the base game is for 3 to 7 players, not {players!r}")
    return players


__all__ = ["BuildQuote", "Colour", "Rules"]
