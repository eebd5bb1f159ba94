"""The moments at which an expansion acts on a base game, and what it may keep in the state.

The base game calls these hooks and never imports an expansion. An expansion subclasses
:class:`Expansion` and overrides the hooks it needs; every default does nothing, so later
expansions (Armada, Cities, Leaders) add methods here only for moments the base game does not
name yet. Expansion state lives in ``BaseState.expansions`` as subclasses of
:class:`~.expansion_state.ExpansionState`, registered by name so they serialise like everything
else.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import attrs

from sevenwonders.base.expansion_state import ExpansionState
from sevenwonders.core.rng import Rng
from sevenwonders.errors import InvalidOptionError

if TYPE_CHECKING:
    from sevenwonders.base.cards import Wonder
    from sevenwonders.base.effects import Effect, ExpansionEffect
    from sevenwonders.base.events import Event
    from sevenwonders.base.moves import Move
    from sevenwonders.base.state import BaseState, Pending
    from sevenwonders.base.tables import Tables


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
