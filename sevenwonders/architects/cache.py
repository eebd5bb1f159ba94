"""The speed memory of one Architects game object (no rules here).

One :class:`ArchitectsCache` per :class:`~sevenwonders.architects.rules.Engine`; it is bounded,
it is not pickled (the engine rebuilds an empty one), and the states it remembers are keyed by
identity, so a game object stepping many live games in turn finds each game's last state again.
"""

from __future__ import annotations

from sevenwonders.architects.moves import Build, Move, Source, Take
from sevenwonders.architects.payment import Pay
from sevenwonders.architects.state import ArchitectsState, City
from sevenwonders.architects.view import CityView
from sevenwonders.core.memo import IdentityMemo

STATES = 32
"""States remembered with their legal moves: enough for every live game of a server or vectorised
environment (at least the last 16 states made), few enough that the garbage collector's full
passes stay short."""
CHECKED = 64
"""States from elsewhere (JSON, hand-built) that passed the structural check."""
PAYMENTS = 50_000
"""Payment situations (wonder, stages built, grey cards, gold, usable tokens); some thousands
occur in a configuration."""
CITY_VIEWS = 4096
"""Public city views, per city value (a turn changes one city, so most are seen again)."""

_NO_STATE = object()

Payments = tuple[tuple[Build, ...], bool, tuple[Pay, ...]]
StageKey = tuple[str, tuple[int, ...], int, bool, bool]
"""One stage, grey cards per resource, gold cards, economy and engineering usable."""
SituationKey = int
"""A payment situation as one integer (see ``LegalMoves.situation_of``): the grey and gold cards
counted per kind (capped), the code of the set of stages open, and bits: 1 economy usable, 2
engineering usable."""
Handed = dict[int, tuple[tuple[Take, ...], tuple[Source, ...]]]
"""Per take set of the engine (by identity: module constants), the copies handed out and the
sources they must still have."""
Situation = tuple[tuple[Move, ...], tuple[Move, ...], bool, tuple[Pay, ...]]
"""A city's builds and science sets as offered, the same without ``end``, whether one of them
is owed, and what each build (the first moves) spends."""


class ArchitectsCache:
    """Everything an Architects game remembers for speed."""

    __slots__ = (
        "checked",
        "city_views",
        "handed",
        "last",
        "open_stages",
        "payments",
        "recent",
        "stage_payments",
        "stages",
        "states",
    )

    def __init__(self) -> None:
        self.last: tuple[object, tuple[Move, ...]] = (_NO_STATE, ())
        """The last state made and its moves (one attribute: a thread reads both or neither)."""
        self.states: IdentityMemo[ArchitectsState, tuple[Move, ...]] = IdentityMemo(STATES)
        """A state this game made (or checked) -> the legal moves of its seat to move, as the
        engine's own values (handed out only as copies)."""
        self.checked: IdentityMemo[ArchitectsState, bool] = IdentityMemo(CHECKED)
        self.payments: dict[SituationKey, Situation] = {}
        """The builds open in a payment situation (cleared at PAYMENTS entries)."""
        self.stage_payments: dict[StageKey, Payments] = {}
        """The builds of one stage in a payment situation (cleared at PAYMENTS entries)."""
        self.recent: tuple[object, object, object, object, object, Situation] = (
            _NO_STATE, _NO_STATE, _NO_STATE, _NO_STATE, _NO_STATE, ((), (), False, ()))
        """The last situation looked up, after the parts it was asked for (cards, stages
        built, tokens, tokens used, wonder: held, so compared by identity), without the science
        sets: ``LegalMoves.pay_for`` finds a build's payment there."""
        self.handed: Handed = {}
        """The copies of the start of turn's take sets handed to callers (at most 7 sets):
        ``fast.handed_out``."""
        self.city_views: IdentityMemo[City, CityView] = IdentityMemo(CITY_VIEWS)
        self.open_stages: list[tuple[str, ...]] = []
        """Each set of open stages met so far; its place in this list is its code in the
        payment situations (a few dozen: at most one per wonder and stages built)."""
        self.stages: dict[tuple[str, tuple[str, ...]], tuple[int, int, int, int, int]] = {}
        """(wonder, stages built) -> the code of the stages open and the constants capping the
        tally there, without and with engineering usable (see ``LegalMoves._pack``; bounded
        like ``open_stages``)."""

    def moves(self, state: ArchitectsState) -> tuple[Move, ...] | None:
        """The remembered legal moves of ``state`` (None if the state is not known here)."""
        last = self.last
        if state is last[0]:
            return last[1]
        return self.states.get(state)

    def remember(self, state: ArchitectsState, moves: tuple[Move, ...]) -> None:
        self.last = (state, moves)
        self.states.put(state, moves)
