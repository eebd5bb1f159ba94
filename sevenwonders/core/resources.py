"""Resources, costs as small integer vectors, production, and payments.

A *bag* is a tuple of seven counts in the order of :data:`RESOURCES` (wood, stone, ore, clay,
glass, papyrus, loom). A :class:`Producer` yields ``amount`` units of one of its ``options`` each
turn: a fixed producer has one option, an either/or producer several.

The search for the ways to pay a cost is a rule of the base game family: it lives in
:mod:`sevenwonders.base.trading` (the reference) and :mod:`sevenwonders.base.fast.payment` (the
fast path).
"""

from __future__ import annotations

import enum
from collections.abc import Iterable

import attrs

from sevenwonders.errors import UnknownCardError


class Resource(enum.Enum):
    """The seven resources; the value is the letter used in data files."""

    WOOD = "W"
    STONE = "S"
    ORE = "O"
    CLAY = "C"
    GLASS = "G"
    PAPYRUS = "P"
    LOOM = "L"

    @property
    def index(self) -> int:
        return _INDEX[self]


RESOURCES: tuple[Resource, ...] = tuple(Resource)
_INDEX = {resource: i for i, resource in enumerate(RESOURCES)}
_BY_LETTER = {resource.value: resource for resource in RESOURCES}
RAW: frozenset[Resource] = frozenset({Resource.WOOD, Resource.STONE, Resource.ORE, Resource.CLAY})
MANUFACTURED: frozenset[Resource] = frozenset({Resource.GLASS, Resource.PAPYRUS, Resource.LOOM})

Bag = tuple[int, ...]
EMPTY: Bag = (0,) * len(RESOURCES)


def resource_from_letter(letter: str) -> Resource:
    try:
        return _BY_LETTER[letter]
    except KeyError:
        raise UnknownCardError(f"unknown resource letter {letter!r}") from None


def parse_bag(letters: str) -> Bag:
    """``"WWO"`` -> two wood and one ore."""
    counts = [0] * len(RESOURCES)
    for letter in letters:
        counts[resource_from_letter(letter).index] += 1
    return tuple(counts)


def format_bag(bag: Bag) -> str:
    return "".join(resource.value * count for resource, count in zip(RESOURCES, bag, strict=True))


def bag_of(resources: Iterable[Resource]) -> Bag:
    counts = [0] * len(RESOURCES)
    for resource in resources:
        counts[resource.index] += 1
    return tuple(counts)


def mask_of(resources: Iterable[Resource]) -> int:
    mask = 0
    for resource in resources:
        mask |= 1 << resource.index
    return mask


RAW_MASK = mask_of(RAW)
MANUFACTURED_MASK = mask_of(MANUFACTURED)


@attrs.frozen(slots=True)
class Producer:
    """``amount`` units per turn of one resource chosen among ``options`` (a bit mask)."""

    options: int
    amount: int = 1

    @classmethod
    def of(cls, letters: str, amount: int = 1) -> Producer:
        return cls(mask_of(resource_from_letter(letter) for letter in letters), amount)

    @property
    def is_choice(self) -> bool:
        return self.options & (self.options - 1) != 0

    def resources(self) -> tuple[Resource, ...]:
        return tuple(r for r in RESOURCES if self.options >> r.index & 1)


@attrs.frozen(slots=True, order=True)
class Payment:
    """Coins paid to the left and to the right neighbour for bought resources."""

    left: int = 0
    right: int = 0

    @property
    def total(self) -> int:
        return self.left + self.right


FREE = Payment(0, 0)
