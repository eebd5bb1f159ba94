"""What the fast paths know of a card (:class:`CardInfo`) and of a city's trading profile
(:class:`Entry`), and the tables of resource masks they share with the payment search: the
bottom of the speed layer, made by :mod:`~.entries` and read by :mod:`~.payment` and
:mod:`~.moves`. Speed only: :func:`sevenwonders.base.trading.city_profile` is the rule, and
``tests/base/test_speed_entries.py`` proves every entry equal to it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from sevenwonders.base.cards import Card
from sevenwonders.base.effects import Coins, CoinsPer
from sevenwonders.base.moves import Build, Sell
from sevenwonders.base.trading import CityProfile, split_producers
from sevenwonders.base.trading import discounts as trade_discounts
from sevenwonders.core.resources import Bag

_BITS = [bin(m).count("1") for m in range(1 << 7)]
# per options mask m of an either/or producer: the bit set over masks M of resources with bit
# M set when m offers two or more of the resources of M
UNCLEAN = [sum(1 << M for M in range(1 << 7) if _BITS[m & M] > 1) for m in range(1 << 7)]
_RESOURCES_OF = [tuple(r for r in range(7) if m >> r & 1) for m in range(1 << 7)]
_MAX_WAYS = 64
# For callers that enumerate either/or choices themselves: options per mask, the resources
# of a mask, and how many assignments are worth enumerating.
OPTION_COUNT = _BITS
RESOURCES_OF_MASK = _RESOURCES_OF
MAX_WAYS = _MAX_WAYS


def cost_items(cost: Bag) -> tuple[tuple[int, int], ...]:
    """The (resource, units) of ``cost`` with units, in resource order."""
    return tuple((r, c) for r, c in enumerate(cost) if c)


# per stage of a board: (cost, its (resource, units), cost id, coins, options)
StagePlan = tuple[Bag, tuple[tuple[int, int], ...], int, int, int]


class CardInfo:
    """What the hot paths need of one card, computed once per :class:`Tables`: its cost,
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
        self.discounts = trade_discounts(card.effects)



class ProfileFields:
    """The fields of a :class:`CityProfile` on their way into an :class:`Entry` (no
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


class Entry:
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
        "own_tagged",
        "own_units",
        "owned",
        "powers",
        "right_prices",
        "sell_choices",
        "sell_fixed",
        "sell_id",
        "sell_tagged",
        "sell_units",
        "sellable",
    )

    def __init__(
        self, profile: CityProfile | ProfileFields | Entry, ids: Callable[[int, Any], int] | None,
        split: tuple[Bag, tuple[tuple[int, int], ...], Bag, tuple[tuple[int, int], ...]]
        | None = None,
    ) -> None:
        """``split`` is (own fixed, own either/or, sold fixed, sold either/or) when the
        caller has it (as :func:`split_producers` gives them). Only the profile's fields
        are kept (:attr:`profile` makes the value again when asked). Without ``ids``,
        ``profile`` is an entry and this one its copy (:meth:`copy`; a compiled class is made
        through its ``__init__`` only, and its fields are read without a lookup)."""
        if ids is None:
            assert isinstance(profile, Entry)
            self._copy_of(profile)
            return
        self.own: tuple[tuple[int, int], ...] = profile.own
        self.sellable: tuple[tuple[int, int], ...] = profile.sellable
        self.powers: frozenset[type] = profile.powers
        if split is None:
            self.own_fixed, self.own_choices = split_producers(profile.own)
            self.sell_fixed, self.sell_choices = split_producers(profile.sellable)
        else:
            self.own_fixed, self.own_choices, self.sell_fixed, self.sell_choices = split
        self.own_units, self.own_tagged, self.sell_units, self.sell_tagged = trade_parts(
            self.own_fixed, self.own_choices, self.sell_fixed, self.sell_choices)
        self.left_prices: Bag = profile.left_prices
        self.right_prices: Bag = profile.right_prices
        # the plan of the city's next wonder stage (set by the maker), None when complete
        self.next_stage: StagePlan | None = None
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

    def with_card(self, name: str) -> Entry:
        """A new entry with the same trading contents (and ids) for the city with one more
        card, ``name``, that neither produces nor discounts."""
        entry = self.copy()
        entry.owned = {**self.owned, name: None}
        return entry

    def copy(self) -> Entry:
        """A new entry with the same fields (for a maker that changes some)."""
        return Entry(self, None)

    def _copy_of(self, other: Entry) -> None:
        """Every field as ``other`` has it."""
        self.left_prices = other.left_prices
        self.next_stage = other.next_stage
        self.own = other.own
        self.own_choices = other.own_choices
        self.own_fixed = other.own_fixed
        self.own_id = other.own_id
        self.own_tagged = other.own_tagged
        self.own_units = other.own_units
        self.owned = other.owned
        self.powers = other.powers
        self.right_prices = other.right_prices
        self.sell_choices = other.sell_choices
        self.sell_fixed = other.sell_fixed
        self.sell_id = other.sell_id
        self.sell_tagged = other.sell_tagged
        self.sell_units = other.sell_units
        self.sellable = other.sellable

    @property
    def profile(self) -> CityProfile:
        return CityProfile(self.own, self.sellable, self.left_prices, self.right_prices,
                           self.powers)


def units_of(fixed: Bag, choices: tuple[tuple[int, int], ...],
             seller: bool) -> tuple[Bag, Any]:
    """The units per resource that ``fixed`` production and the either/or producers
    ``choices`` could give (each producer counted for every option), and ``choices`` tagged
    ``(options, amount, whose)`` as :class:`~.payment.TradeSituation` lists them: ``whose`` 0
    for what a city pays with; for what a seller sells, both tagged tuples (1: it is the
    left neighbour, 2: the right one)."""
    if not choices:
        return fixed, (((), ()) if seller else ())
    units = list(fixed)
    for mask, amount in choices:
        for r in RESOURCES_OF_MASK[mask]:
            units[r] += amount
    if seller:
        return tuple(units), (tuple([(mask, amount, 1) for mask, amount in choices]),
                              tuple([(mask, amount, 2) for mask, amount in choices]))
    return tuple(units), tuple([(mask, amount, 0) for mask, amount in choices])


def trade_parts(
    own_fixed: Bag, own_choices: tuple[tuple[int, int], ...], sell_fixed: Bag,
    sell_choices: tuple[tuple[int, int], ...],
) -> tuple[Bag, Any, Bag, Any]:
    """:func:`units_of` what a city pays with and what it sells."""
    return (*units_of(own_fixed, own_choices, False), *units_of(sell_fixed, sell_choices, True))
