"""What one Architects game object remembers, and the legal moves read from that memory
(see the package's docstring)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from sevenwonders.architects.data import STAGE_KEYS, stage_cost
from sevenwonders.architects.legal import (
    _END,
    LegalMoves,
    Payments,
    Situation,
)
from sevenwonders.architects.moves import Build, Move, Pay, Science, Source, Take
from sevenwonders.architects.state import (
    ArchitectsState,
    City,
    SpeedSlot,
)
from sevenwonders.architects.tables import Tables
from sevenwonders.architects.view import CityView
from sevenwonders.core.memo import SLOT, IdentityMemo

PAYMENTS = 50_000
"""Payment situations (wonder, stages built, grey cards, gold, usable tokens); some thousands
occur in a configuration."""
CITY_VIEWS = 4096
"""Public city views, per city value (a turn changes one city, so most are seen again)."""
LARGEST_STAGE = max(stage_cost(key)[0] for key in STAGE_KEYS)
"""The most cards a stage costs (4: "4d"): more of one kind changes no payment."""

_NO_STATE = object()
set_kept: Callable[[object, object], None] = SpeedSlot.__dict__[SLOT].__set__
"""The private slot's own setter (the states are frozen: no ``__setattr__``)."""

StageKey = tuple[str, tuple[int, ...], int, bool, bool]
"""One stage, grey cards per resource, gold cards, economy and engineering usable."""
Handed = dict[int, tuple[tuple[Take, ...], tuple[Source, ...]]]
"""Per take set of the engine (by identity: module constants), the copies handed out and the
sources they must still have."""


class ArchitectsCache:
    """Everything an Architects game remembers for speed."""

    __slots__ = ("city_views", "handed", "last", "open_stages", "owner", "payments", "recent",
                 "stage_payments", "stages")

    def __init__(self) -> None:
        self.owner = object()
        """This memory's mark on the states it kept something beside (a token, so that a state
        kept after its game object is gone keeps nothing else of it alive)."""
        self.last: tuple[object, tuple[Move, ...]] = (_NO_STATE, ())
        """The last state made and its moves (one attribute: a thread reads both or neither).
        Every state this game made or checked keeps the legal moves of its seat to move beside
        it, in its private slot (:func:`~sevenwonders.core.memo.found_for`), as the pair
        ``(owner, moves)``: the engine's own values, handed out only as copies; ``None``
        for a state from elsewhere that passed the structural check and whose moves are not
        listed yet."""
        self.payments: dict[int, Situation] = {}
        """The builds open in a payment situation, keyed as :meth:`FastMoves.situation_of`
        packs it (cleared at PAYMENTS entries)."""
        self.stage_payments: dict[StageKey, Payments] = {}
        """The builds of one stage in a payment situation (cleared at PAYMENTS entries)."""
        self.recent: tuple[object, object, object, object, object, Situation] = (
            _NO_STATE, _NO_STATE, _NO_STATE, _NO_STATE, _NO_STATE, ((), (), False, ()))
        """The last situation looked up, after the parts it was asked for (cards, stages
        built, tokens, tokens used, wonder: held, so compared by identity), without the science
        sets: :meth:`FastMoves.pay_for` finds a build's payment there."""
        self.handed: Handed = {}
        """The copies of the start of turn's take sets handed to callers (at most 7 sets):
        :func:`handed_out`."""
        self.city_views: IdentityMemo[City, CityView] = IdentityMemo(CITY_VIEWS)
        self.open_stages: list[tuple[str, ...]] = []
        """Each set of open stages met so far; its place in this list is its code in the
        payment situations (a few dozen: at most one per wonder and stages built)."""
        self.stages: dict[tuple[str, tuple[str, ...]], tuple[int, int, int, int, int]] = {}
        """(wonder, stages built) -> the code of the stages open and the constants capping the
        tally there, without and with engineering usable (see :meth:`FastMoves._pack`; bounded
        like ``open_stages``)."""

    def moves(self, state: ArchitectsState) -> tuple[Move, ...] | None:
        """The remembered legal moves of ``state`` (None if not listed here yet); a state
        found with its moves becomes the last one met (the calls of its step that follow)."""
        last = self.last
        if state is last[0]:
            return last[1]
        kept = getattr(state, SLOT, None)
        if type(kept) is tuple and kept[0] is self.owner and kept[1] is not None:
            self.last = (state, kept[1])
            found: tuple[Move, ...] = kept[1]
            return found
        return None

    def known(self, state: object) -> bool:
        """Whether this game made ``state`` or checked it (the pair is beside it); a state
        found with its moves becomes the last one met (many live games stepped in turn: the
        other calls of its step find it there)."""
        if state is self.last[0]:
            return True
        kept = getattr(state, SLOT, None)
        if type(kept) is not tuple or kept[0] is not self.owner:
            return False
        if kept[1] is not None:
            self.last = (state, kept[1])
        return True

    def remember(self, state: ArchitectsState, moves: tuple[Move, ...]) -> None:
        """``state``, made or checked here, with the legal moves of its seat to move."""
        self.last = (state, moves)
        set_kept(state, (self.owner, moves))

    def checked(self, state: ArchitectsState) -> None:
        """``state`` from elsewhere passed the structural check (its moves not listed yet)."""
        if not self.known(state):
            set_kept(state, (self.owner, None))




class FastMoves(LegalMoves):
    """:class:`~.legal.LegalMoves` with the payment situations remembered in an
    :class:`ArchitectsCache` (not pickled: a worker builds its own)."""

    def __init__(self, tables: Tables) -> None:
        super().__init__(tables)
        self._pack(len(tables.card_kind))
        self.cache = ArchitectsCache()
        self.take_triggers: tuple[frozenset[str], ...] = tuple(
            frozenset(token for token, mask in tables.take_trigger.items() if mask >> kind & 1)
            for kind in range(len(tables.kind_ids)))
        """Per card kind, the progress tokens that give an extra card when one is taken (the
        plain take asks first whether a city holds any of them at all)."""

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as its tables and made again from them, with an empty cache (a worker
        builds its own; a compiled class has no ``__dict__`` to pickle)."""
        return type(self), (self.t,)

    def _pack(self, cards: int) -> None:
        """A city's tally (``LegalMoves.counts``) packed into one integer: slot ``i`` is the
        bit field ``i * width`` up, wide enough for every card of the game plus one spare bit,
        so that each field can be capped at once. Gold is capped at the largest cost of the
        stages open and greys at what :meth:`_grey_cap` keeps of them for the stages open (more
        changes no payment); greens at 2 (more makes no other science set)."""
        width = cards.bit_length() + 1
        top = 1 << width - 1
        self._tally_bit: tuple[int, ...] = tuple(
            0 if slot == 9 else 1 << width * slot for slot in self._tally_slot)
        self._cap_adds: dict[tuple[int, int], int] = {}
        """Per (grey cap, gold cap): added to a tally, it sets a field's top bit exactly when the
        field reached its cap."""
        self._caps: dict[tuple[int, int], int] = {}
        """Per (grey cap, gold cap): every field at its cap."""
        for grey in range(LARGEST_STAGE + 1):
            for gold in range(LARGEST_STAGE + 1):
                caps = (grey,) * 5 + (gold,) + (2,) * 3
                self._cap_adds[grey, gold] = sum(top - c << width * i for i, c in enumerate(caps))
                self._caps[grey, gold] = sum(c << width * i for i, c in enumerate(caps))
        self._cap_top = sum(top << width * i for i in range(9))
        self._cap_shift = width - 1
        self._field = (1 << width) - 1
        self._pay_mask = (1 << width * 6) - 1
        """The grey and gold fields: what payments depend on."""
        self._sci_shift = width * 6
        self._science: dict[int, tuple[Move, ...]] = {
            a | b << width | c << width * 2: tuple(
                Science(symbols) for symbols in self.science_sets((a, b, c)))
            for a in range(3) for b in range(3) for c in range(3)}
        """The science sets of each capped tally of green cards."""

    def _stages_open(self, wonder: str, built: tuple[str, ...]) -> tuple[int, int, int, int, int]:
        """The entry of ``cache.stages`` for a wonder with these stages built: the code of the
        stages open, and the constants capping a tally there without and with engineering."""
        t = self.t
        open_now = t.available[wonder][t.built_mask(built)]
        known = self.cache.open_stages
        if open_now not in known:
            known.append(open_now)
        costs = [t.stage_cost[key] for key in open_now]
        most = max((n for n, _ in costs), default=0)
        grey = max((_grey_cap(n, same, False) for n, same in costs), default=0)
        entry = self.cache.stages[wonder, built] = (
            known.index(open_now), self._cap_adds[grey, most], self._caps[grey, most],
            self._cap_adds[most, most], self._caps[most, most])
        return entry

    def stage_payments(self, stage: str, res: tuple[int, ...], gold: int, economy: bool,
                       engineering: bool) -> Payments:
        """The reference's answer, remembered per capped situation (see :func:`_grey_cap`)."""
        n, same = self.t.stage_cost[stage]
        if gold > n:  # more changes no payment of this stage
            gold = n
        cap = _grey_cap(n, same, engineering)
        if max(res) > cap:
            res = tuple([r if r <= cap else cap for r in res])
        cache = self.cache.stage_payments
        key = (stage, res, gold, economy, engineering)
        found = cache.get(key)
        if found is None:
            found = super().stage_payments(stage, res, gold, economy, engineering)
            if len(cache) >= PAYMENTS:
                cache.clear()
            cache[key] = found
        return found

    def situation(self, city: City, used: tuple[str, ...], tokens_left: bool) -> Situation:
        return self.situation_of(city.wonder, city.built, city.cards, city.tokens, used,
                                 tokens_left)

    def situation_of(self, wonder: str, built: tuple[str, ...], cards: tuple[int, ...],
                     tokens: tuple[str, ...], used: tuple[str, ...],
                     tokens_left: bool) -> Situation:
        """:meth:`situation` of a city given by its parts (so that no city is made for a
        question). Builds depend only on the payment situation (the stages open, grey and gold
        cards counted up to what matters to those stages, the economy and engineering tokens
        not ``used`` this turn), so they are remembered per situation; science sets only on the
        green cards counted up to 2 and on whether a progress token can be taken."""
        cache = self.cache
        stages = cache.stages.get((wonder, built))
        if stages is None:
            stages = self._stages_open(wonder, built)
        usable = 0
        if tokens:
            t = self.t
            for token in tokens:
                if token not in used:
                    if token in t.economy:
                        usable |= 1
                    elif token in t.engineering:
                        usable |= 2
        tally = 0
        bit = self._tally_bit
        for card in cards:
            tally += bit[card]
        # the caps without (entries 1, 2) or with (3, 4) engineering usable
        over = ((tally + stages[3 if usable & 2 else 1]) & self._cap_top) >> self._cap_shift
        if over:  # a 1 at the bottom of each field that reached its cap
            fill = over * self._field
            tally = tally & ~fill | fill & stages[4 if usable & 2 else 2]
        key = (tally & self._pay_mask) << 12 | stages[0] << 2 | usable
        payments = cache.payments
        found = payments.get(key)
        if found is None:
            found = self._build_options(cache.open_stages[stages[0]], tally, usable)
            if len(payments) >= PAYMENTS:
                payments.clear()
            payments[key] = found
        cache.recent = (cards, built, tokens, used, wonder, found)
        if tokens_left:
            science = self._science[tally >> self._sci_shift]
            if science:  # a science set is owed
                moves = (*found[1], *science)
                return moves, moves, True, found[3]
        return found

    def pay_for(self, city: City, used: tuple[str, ...], move: Build) -> Pay:
        """From the last situation asked for if it was this city's (the legal moves a seat
        chooses a build from were just listed), else from its situation."""
        recent = self.cache.recent
        if (recent[0] is city.cards and recent[1] is city.built and recent[2] is city.tokens
                and recent[3] is used and recent[4] is city.wonder):
            found = recent[5]
        else:
            found = self.situation(city, used, False)
        return found[3][found[1].index(move)]

    def _build_options(self, open_now: tuple[str, ...], tally: int, usable: int) -> Situation:
        """A payment situation's builds (each stage's payments remembered on their own)."""
        t = self.t
        width, field = self._cap_shift + 1, self._field
        res = tuple([tally >> width * slot & field for slot in range(len(t.resource_kinds))])
        gold = tally >> width * len(t.resource_kinds) & field
        moves: list[Move] = []
        spends: list[Pay] = []
        mandatory = False
        for key in open_now:
            builds, forced, pays = self.stage_payments(key, res, gold, bool(usable & 1),
                                                       bool(usable & 2))
            moves.extend(builds)
            spends.extend(pays)
            mandatory = mandatory or forced
        free = tuple(moves)
        if moves and not mandatory:
            return (*free, _END), free, mandatory, tuple(spends)
        return free, free, mandatory, tuple(spends)


def _grey_cap(n: int, same: bool, engineering: bool) -> int:
    """How many grey cards of one kind matter to the payments of a stage of ``n`` resources
    (architects/payment.py): on an "identical" stage, or with engineering, up to ``n`` of a kind
    (never more is spent); on a "different" stage without engineering only whether the seat has
    the kind (one of each kind is spent, gold fills the rest)."""
    return n if same or engineering else 1


