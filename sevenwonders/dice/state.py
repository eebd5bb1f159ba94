"""The immutable game state: the Forum, every seat's sheet progress, and the generator.

A seat's progress is a tuple with one entry per box of its sheet (see :mod:`.tables`): the turn
in which the box was ticked, or 0. Keeping the turn makes "ticked in previous turns" (R13, R17) a
comparison, with no snapshot to carry around.
"""

from __future__ import annotations

import enum
from typing import Union

import attrs

from sevenwonders.core.frozenmap import FrozenMap
from sevenwonders.core.rng import Rng
from sevenwonders.core.serialization import register_union


class Phase(enum.Enum):
    """``action``: every seat picks A, B or C; ``follow_up``: seats settle effects and bonuses."""

    ACTION = "action"
    FOLLOW_UP = "follow_up"
    OVER = "over"


@attrs.frozen(slots=True)
class RolledDie:
    """A die in the Forum: its top face and the area it lies in (R3)."""

    die: str
    face: str
    area: int


@attrs.frozen(slots=True)
class ChooseBonus:
    """Tick one available bonus, after completing ``building`` (R18)."""

    building: str


@attrs.frozen(slots=True)
class ExtraTicks:
    """Tick up to ``count`` boxes of ``buildings`` at their box cost (crossSpace, crossTwo...)."""

    buildings: tuple[str, ...]
    count: int
    source: str


@attrs.frozen(slots=True)
class ExtraAction:
    """Take another action with the current dice (anotherAction), or, with ``free_die``, build
    with a die without paying its cost (constructBuilding)."""

    free_die: bool
    source: str


Pending = Union[ChooseBonus, ExtraTicks, ExtraAction]  # noqa: UP007
register_union(Pending)


@attrs.frozen(slots=True)
class SeatState:
    """One player's sheet as written so far."""

    sheet: str
    coins: int
    ticks: tuple[int, ...]
    bonuses: tuple[int, ...]
    laurels: FrozenMap[str, int] = attrs.field(factory=FrozenMap)
    unlocked: frozenset[str] = frozenset()
    agora_first: bool = False
    pending: tuple[Pending, ...] = ()

    def ticked(self, box: int) -> bool:
        """Whether box number ``box`` of the seat's sheet is ticked."""
        return self.ticks[box] != 0

    @property
    def bonus_count(self) -> int:
        """How many bonuses the seat has taken (the third announces the final turn)."""
        return len(self.bonuses) - self.bonuses.count(0)


class SpeedSlot:
    """The one private slot beside a state's fields where the game object's speed layer keeps
    what it found for it (not a field: never compared, hashed, shown, pickled or turned into
    JSON; a copy, an evolved or a loaded state starts without it). Only the speed layer reads
    or fills it; it lives exactly as long as the state."""

    __slots__ = ("_speed",)


@attrs.frozen(slots=True)
class DiceState(SpeedSlot):
    """The whole game. ``final_turn`` is 0 until the end is triggered (R19)."""

    turn: int
    phase: Phase
    forum: tuple[RolledDie, ...]
    seats: tuple[SeatState, ...]
    rng: Rng
    agora_claimed: bool = False
    final_turn: int = 0
