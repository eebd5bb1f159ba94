"""What happened in a step, in order, for animation and logs. Every event is public."""

from __future__ import annotations

from typing import Union

import attrs

from sevenwonders.core.serialization import register_union
from sevenwonders.dice.state import RolledDie


@attrs.frozen(slots=True)
class ForumShaken:
    """A new turn: the Forum was shaken and shows these dice (R3)."""

    turn: int
    dice: tuple[RolledDie, ...]


@attrs.frozen(slots=True)
class BoxTicked:
    """A box was ticked: with ``die`` (action A), or without (Wonder, effects)."""

    seat: int
    box: str
    die: str | None
    die_cost: int
    resource_coins: int


@attrs.frozen(slots=True)
class Passed:
    """``seat`` passed and gained ``coins``."""
    seat: int
    coins: int


@attrs.frozen(slots=True)
class CoinsGained:
    """``seat`` gained ``amount`` coins (``reason`` says from what)."""
    seat: int
    amount: int
    reason: str


@attrs.frozen(slots=True)
class CoinsLost:
    """Coins that did not fit into a full Gold Reserve."""

    seat: int
    amount: int


@attrs.frozen(slots=True)
class Attacked:
    """An attack box scored ``vp`` = printed VP minus the defender's earlier defences (R13)."""

    seat: int
    box: str
    defender: int
    printed_vp: int
    defences: int
    vp: int


@attrs.frozen(slots=True)
class BuildingCompleted:
    """``seat`` ticked the last box of ``building``."""
    seat: int
    building: str


@attrs.frozen(slots=True)
class BonusTicked:
    """``seat`` took ``bonus``."""
    seat: int
    bonus: str


@attrs.frozen(slots=True)
class EffectUnused:
    """A follow-up effect was skipped or could not be used."""

    seat: int
    source: str


@attrs.frozen(slots=True)
class DieUnlocked:
    """``seat`` unlocked a special die for itself (R14)."""

    seat: int
    colour: str


@attrs.frozen(slots=True)
class SpecialDieAdded:
    """At the end of the turn a special die replaced a random grey die in the Forum (R14)."""

    colour: str
    replaced: str


@attrs.frozen(slots=True)
class AgoraFirst:
    """The first completed Agora(s): these seats gain ``vp`` (R12)."""

    seats: tuple[int, ...]
    vp: int


@attrs.frozen(slots=True)
class EndTriggered:
    """``seats`` have 3 bonuses: this turn is finished, then ``final_turn`` is played (R19)."""

    seats: tuple[int, ...]
    final_turn: int


@attrs.frozen(slots=True)
class GameEnded:
    """The game ended after ``turn``. ``reason``: ``"final_turn"``, the final turn announced
    when someone ticked 3 bonuses was played (R19); ``"max_turns"``, nobody had announced one
    by the library's cap (option ``max_turns``)."""

    turn: int
    reason: str = "final_turn"


DiceEvent = Union[  # noqa: UP007
    ForumShaken, BoxTicked, Passed, CoinsGained, CoinsLost, Attacked, BuildingCompleted,
    BonusTicked, EffectUnused, DieUnlocked, SpecialDieAdded, AgoraFirst, EndTriggered, GameEnded,
]
register_union(DiceEvent)
