"""The immutable state of a base game.

Everything is tuples, ints and strings, so states hash, compare and serialise exactly; a step
builds a new state and leaves the old one valid.
"""

from __future__ import annotations

import enum

import attrs

from sevenwonders.base.expansion_state import ExpansionState
from sevenwonders.base.recall import Recall
from sevenwonders.core.rng import Rng


class PendingKind(enum.Enum):
    """What a pending decision is about: building from the discard pile (Halikarnassos), playing
    an Age's last card (Babylon), or a decision of an expansion."""
    BUILD_FROM_DISCARD = "build_from_discard"
    PLAY_LAST_CARD = "play_last_card"
    EXPANSION = "expansion"


@attrs.frozen(slots=True)
class Pending:
    """A decision one seat must take before the game goes on.

    For ``EXPANSION`` decisions ``detail`` starts with the expansion's name and a colon; the
    rest is the expansion's own (for example ``"edifice:discard:brown"``).
    """

    seat: int
    kind: PendingKind
    detail: str = ""


class SpeedSlot:
    """The one private slot beside a state's fields where the game object's speed layer keeps
    what it found for it (not a field: never compared, hashed, shown, pickled or turned into
    JSON; a copy, an evolved or a loaded state starts without it). Only the speed layer reads
    or fills it; it lives exactly as long as the state."""

    __slots__ = ("_speed",)


@attrs.frozen(slots=True)
class City:
    """One player's city: wonder, built cards (in build order), coins and conflict tokens.

    ``tucked`` are the cards used for wonder stages (face down: only their owner knows them).
    ``stage_choices`` holds the option taken for each built stage (0 where a stage has none).
    ``free_build_age`` is the Age in which a once-per-Age free build was last used (0: never).
    """

    wonder: str
    side: str
    coins: int
    cards: tuple[str, ...] = ()
    stages: int = 0
    tucked: tuple[str, ...] = ()
    tokens: tuple[int, ...] = ()
    free_build_age: int = 0
    stage_choices: tuple[int, ...] = ()


@attrs.frozen(slots=True)
class TurnMarks:
    """What happened to one seat during the current turn, for the same-turn rules:
    cards and stages built this turn produce and discount nothing this turn, and coins
    received this turn cannot be spent this turn."""

    built: tuple[str, ...] = ()
    stages: int = 0
    income: int = 0


NO_MARKS = TurnMarks()


@attrs.frozen(slots=True)
class BaseState(SpeedSlot):
    """A base game between two steps.

    ``decks`` holds the shuffled decks of the Ages still to come (hidden); ``discard`` is the
    face-down discard pile; ``pending`` lists the decisions that must be taken, in order, before
    the game goes on. ``age_ending`` is set once an Age's last turn is over and its conflicts are
    still to come. ``expansions`` holds each expansion's state, in the game's expansion order.
    ``deferred`` holds coin effects paid at the end of the turn
    (``coin_effect_timing="after_builds"``) as (seat, card or stage key). ``memory`` holds
    what the seats have seen and may remember (:mod:`~sevenwonders.base.memory`; ``None``
    before the first step, when each seat knows only its own hand).
    """

    players: int
    age: int
    turn: int
    cities: tuple[City, ...]
    hands: tuple[tuple[str, ...], ...]
    decks: tuple[tuple[str, ...], ...]
    discard: tuple[str, ...]
    rng: Rng
    pending: tuple[Pending, ...] = ()
    marks: tuple[TurnMarks, ...] = ()
    deferred: tuple[tuple[int, str], ...] = ()
    over: bool = False
    age_ending: bool = False
    expansions: tuple[ExpansionState, ...] = ()
    memory: Recall | None = None



_set_memory = BaseState.__dict__["memory"].__set__  # the slot's own setter


def with_memory(state: BaseState, memory: Recall) -> BaseState:
    """``state``, a step's own new value that nothing else holds yet, given the seats' memory
    (set in its slot directly: one field of a state no one else holds, without copying it)."""
    _set_memory(state, memory)
    return state
