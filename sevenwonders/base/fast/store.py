"""The caches of a base game's speed layer (:class:`FastStore`) and what it keeps beside a
state (:class:`StateMemo`): the floor :mod:`~.entries` and :mod:`~.moves` work on.

One store per game object (:class:`~sevenwonders.base.game.BaseGame`, through
:class:`~.cache.FastCache`). Everything in it is bounded: tables keyed on the game's data
(cards, boards) are as small as the data, and the rest is cleared past a size or at a new game.
It is never pickled (``BaseGame.__getstate__`` drops it; a process pool's task does not carry
it) and it keeps its speed for any number of live states at once: what was found for a state is
kept beside the state, in its private slot (:meth:`FastStore.state_memo`), and lives exactly as
long as the caller keeps the state.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from sevenwonders.base.effects import Effect, Produce
from sevenwonders.base.fast.payment import Folds, Pairs, Template, TradeSituation
from sevenwonders.base.fast.profile import CardInfo, Entry, StagePlan, cost_items
from sevenwonders.base.legal import PLAIN_VARIANTS, stage_variants
from sevenwonders.base.moves import Move
from sevenwonders.base.state import BaseState, SpeedSlot, TurnMarks
from sevenwonders.base.tables import StageVariant
from sevenwonders.core.memo import SLOT
from sevenwonders.core.resources import Bag, Producer

if TYPE_CHECKING:
    from sevenwonders.base.tables import Tables

# What the moves of one card of a hand are, as plain values: its builds (True: free, a tuple:
# these payments, None or (): none), whether the once-per-Age free build is offered, and the
# stage template ((left, right, extras, choice) of every stage build).
RowKey = tuple[str, Pairs | bool | None, bool, int]

CACHE_LIMIT = 40_000  # entries of each table of moves and their parts (about 10 MB at most)
TRADE_CACHE_LIMIT = 20_000
# Content ids (what cities pay with and sell) are cleared at a new game past this many.
ID_LIMIT = 5_000
# Sets of stage variants remembered by identity (an expansion's few tuples; cleared past this).
VARIANT_LIMIT = 256

_set_memo: Callable[[object, object], None] = SpeedSlot.__dict__[SLOT].__set__
# the private slot's own setter (the states are frozen: no ``__setattr__``)


class StateMemo:
    """What the fast paths found for one state: every seat's entry, hand moves and row keys.
    A playout lists every seat's moves and then plays them on that state, which needs the
    same entries again and checks the moves against the same rows.

    It is kept beside the state (the state's private slot) with ``owner``, the mark of the
    game object's speed memory that found it: it goes with the state, and a live state's stay
    however many live games share the game object."""

    __slots__ = ("entries", "keys", "moves", "owner", "produced")

    def __init__(self, state: BaseState, owner: object) -> None:
        self.owner = owner
        self.entries: list[Entry | None] = [None] * len(state.cities)
        self.moves: dict[int, tuple[Move, ...]] = {}
        # each seat's row keys by card, and its stage template
        self.keys: dict[int, tuple[dict[str, RowKey], Template]] = {}
        self.produced = False  # made by the game object: it skips the checks of a foreign state


class FastStore:
    """Every cache of one game: what the fast paths (:mod:`~.entries`, :mod:`~.moves`) read
    and fill. The answers built on them are :class:`~.cache.FastCache`'s."""

    def __init__(self, tables: Tables) -> None:
        self.tables = tables
        self.sides = tuple(tables.ring.sides(seat) for seat in range(tables.players))
        self.ids = itertools.count(1)
        # cost bag -> id (the costs of the cards and stages: a few dozen, never cleared)
        self.cost_ids: dict[Bag, int] = {}
        self.info = {name: CardInfo(card, self.cost_id(card.cost_bag))
                     for name, card in tables.cards.items()}
        self.start_producer: dict[str, tuple[int, int]] = {}
        self.start_fixed: dict[str, int] = {}  # the resource of the start, -1 for a choice
        for name, wonder in tables.wonders.items():
            start = Producer.of(wonder.resource)
            self.start_producer[name] = (start.options, start.amount)
            self.start_fixed[name] = (-1 if start.options & (start.options - 1)
                                      else start.options.bit_length() - 1)
        # (wonder, side) -> per stage: (cost, its (resource, units), cost id, coins, options)
        self.stage_plans: dict[tuple[str, str], tuple[StagePlan, ...]] = {
            board: tuple((stage.cost_bag, cost_items(stage.cost_bag),
                          self.cost_id(stage.cost_bag), stage.coins, max(1, len(stage.choices)))
                         for stage in stages)
            for board, stages in tables.boards.items()
        }
        self.producers: dict[Produce, tuple[int, int]] = {}
        # (board, stages counted, options) -> (producers, discounts, power types)
        self.stage_parts: dict[tuple[Any, ...], Any] = {}
        # city key -> Entry; content -> id of what a city pays with (own) and sells
        self.profiles: dict[tuple[Any, ...], Entry] = {}
        # the entries of cities without cards or stages (a game's first state), kept across
        # games (made again only when the content ids are dropped)
        self.start_entries: dict[tuple[Any, ...], Entry] = {}
        self.own_ids: dict[Any, int] = {}
        self.sell_ids: dict[Any, int] = {}
        self.folds = Folds()
        # (own id, left sell id, right sell id) -> the payments and templates found for it
        self.trades: dict[tuple[int, int, int], TradeSituation] = {}
        # (payments of the stage, options, per variant) -> (template, id); template -> id
        self.templates: dict[tuple[Any, ...], tuple[Template, int]] = {}
        self.template_ids: dict[Template, int] = {}
        # (payments of the stage, options, how many within budget) -> (template, id), for
        # the plain stage build of a game without expansions
        self.plain_templates: dict[tuple[Any, ...], tuple[Template, int]] = {}
        # (card, payments) -> its paid builds; template id -> card -> its stage builds
        self.row_parts: dict[tuple[Any, ...], tuple[Move, ...]] = {}
        self.stage_rows: dict[int, dict[str, tuple[Move, ...]]] = {}
        # field values (3: a Build, 5: a BuildStage) -> the one move of those values (shared)
        self.move_values: dict[tuple[Any, ...], Move] = {}
        # the mark on the memos kept beside states (:meth:`state_memo`); a new one forgets them
        self.owner = object()
        # the state played last, its memo and the state made of it (:meth:`let_go`)
        self.played: tuple[BaseState | None, StateMemo | None, BaseState | None] = (
            None, None, None)
        # (card built, stage built, income) -> the turn's marks (``fast.turn``, expansions)
        self.marks_made: dict[tuple[str | None, bool, int], TurnMarks] = {}
        # the state met last and its memo, as one tuple (replaced whole: safe for threads)
        self.last: tuple[BaseState | None, StateMemo | None] = (None, None)
        self.no_template = shared_template(self, ((), 0, ()))
        # id of the variants one expansion offers -> (them, with the plain build first, and
        # their (extras, coins)): an expansion that hands out the same tuple again (Edifice)
        # is known by identity (the entry holds the tuple, so its id is not reused)
        self.variant_sets: dict[int, tuple[tuple[StageVariant, ...], tuple[StageVariant, ...],
                                          tuple[Any, ...]]] = {}

    # -- ids and bounds

    def new_id(self) -> int:
        # Ids only grow, so an id never names two contents, even across clears; next() on a
        # count is atomic, so threads sharing these rules never get the same id.
        return next(self.ids)

    def cost_id(self, cost: Bag) -> int:
        found = self.cost_ids.get(cost)
        if found is None:
            found = self.cost_ids[cost] = self.new_id()
        return found

    def new_game(self) -> None:
        """A new game: the cities of earlier games seldom come back, so their entries and
        trading situations are dropped (what is keyed on content alone, such as the rows of
        moves, is kept); the content ids are dropped too once they are many. The entries of
        the first cities stay while their ids do."""
        self.profiles.clear()
        self.trades.clear()
        if len(self.own_ids) + len(self.sell_ids) > ID_LIMIT:
            self.own_ids.clear()
            self.sell_ids.clear()
            self.start_entries.clear()
        self.profiles.update(self.start_entries)

    def clear(self) -> None:
        """Drop everything that grows with play (the tables of the game's data stay)."""
        self.profiles.clear()
        self.start_entries.clear()
        self.own_ids.clear()
        self.sell_ids.clear()
        self.trades.clear()
        self.folds = Folds()
        self.stage_parts.clear()
        self.variant_sets.clear()
        self.drop_moves()

    def drop_moves(self) -> None:
        """Forget every move value handed out (rows, templates, the states' findings)."""
        self.templates.clear()
        self.template_ids.clear()
        self.plain_templates.clear()
        self.stage_rows.clear()
        self.row_parts.clear()
        self.move_values.clear()
        self.owner = object()
        self.last = (None, None)
        self.no_template = shared_template(self, ((), 0, ()))

    def sizes(self) -> dict[str, int]:
        """How many entries each growing cache holds (for tests of the bounds)."""
        return {
            "profiles": len(self.profiles), "start_entries": len(self.start_entries),
            "own_ids": len(self.own_ids),
            "sell_ids": len(self.sell_ids), "trades": len(self.trades),
            "folds": len(self.folds), "templates": len(self.templates),
            "template_ids": len(self.template_ids), "plain_templates": len(self.plain_templates),
            "rows": len(self.stage_rows),
            "row_parts": len(self.row_parts), "move_values": len(self.move_values),
            "stage_parts": len(self.stage_parts), "variant_sets": len(self.variant_sets),
            "marks_made": len(self.marks_made),
        }

    # -- what the fast paths know of a state

    def state_memo(self, state: BaseState) -> StateMemo:
        """The findings for ``state``, kept beside it (new ones if none of this game object's
        are there: a state from elsewhere, or one whose memo another game object made)."""
        last = self.last
        if last[0] is state:
            return last[1]  # type: ignore[return-value]
        # (read as an object: another game's state holds another kind of value in its slot,
        # which a compiled typed read would refuse with a bare TypeError)
        found: object = getattr(state, SLOT, None)
        if isinstance(found, StateMemo) and found.owner is self.owner:
            memo = found
        else:
            memo = StateMemo(state, self.owner)
            _set_memo(state, memo)
        self.last = (state, memo)
        return memo

    def fresh_memo(self, state: BaseState) -> StateMemo:
        """A new memo for ``state``, a state just made (nothing is beside it yet: its slot is
        not read, which would cost an exception), as the last state met."""
        memo = StateMemo(state, self.owner)
        _set_memo(state, memo)
        self.last = (state, memo)
        return memo

    def let_go(self, state: BaseState) -> None:
        """Before ``state`` is played: if the state played last is neither ``state`` (played
        again, with other moves) nor the one made of it (a playout going on), a caller
        steps another game now, and the moves and rows listed for that state are let go
        (a new memo with its entries and its mark takes its place; the old one is not
        changed, so a thread still reading it reads it whole). They die young instead of
        living on with a state the caller may keep a while longer (many live games stepped
        in turn), where the garbage collector would walk them again and again; played again,
        the state finds them again."""
        before, memo, after = self.played
        if before is None or before is state or after is state:
            return
        self.played = (None, None, None)
        found: object = getattr(before, SLOT, None)
        if memo is not None and (memo.moves or memo.keys) and found is memo:
            kept = StateMemo(before, memo.owner)
            kept.entries = memo.entries
            kept.produced = memo.produced
            _set_memo(before, kept)
            if self.last[0] is before:
                self.last = (before, kept)

    def stage_variants(
        self, state: BaseState, seat: int,
    ) -> tuple[tuple[StageVariant, ...], tuple[Any, ...]]:
        """``legal.stage_variants`` and their (extras, coins), for a game with expansions."""
        tables = self.tables
        if len(tables.expansions) != 1:
            variants = stage_variants(tables, state, seat)
            return variants, tuple((v.extras, v.coins) for v in variants)
        offered = tables.expansions[0].stage_variants(tables, state, seat)
        found = self.variant_sets.get(id(offered))
        if found is None or found[0] is not offered:
            if len(self.variant_sets) > VARIANT_LIMIT:
                self.variant_sets.clear()
            # as legal.stage_variants makes them: the plain build, then the expansion's
            variants = (*PLAIN_VARIANTS, *offered) if offered else PLAIN_VARIANTS
            found = self.variant_sets[id(offered)] = (
                offered, variants, tuple((v.extras, v.coins) for v in variants))
        return found[1], found[2]

    def grants(self, state: BaseState, seat: int) -> tuple[Effect, ...]:
        """``tables.extra_effects(state, seat)`` (what the expansions grant the seat), the
        one expansion's hook asked directly: the speed layer asks it for every seat of every
        step."""
        tables = self.tables
        expansions = tables.expansions
        if len(expansions) == 1:
            found = expansions[0].extra_effects(tables, state, seat)
            if type(found) is tuple:
                return found
        return tables.extra_effects(state, seat)

    def produced(self, state: object) -> bool:
        """Whether ``state`` was marked as made by the game object; if so it becomes the last
        state met (the other calls of its step find its memo there)."""
        memo: object = getattr(state, SLOT, None)
        if isinstance(memo, StateMemo) and memo.owner is self.owner and memo.produced:
            self.last = (state, memo)  # type: ignore[assignment]
            return True
        return False

    def trade(self, me: Entry, left: Entry, right: Entry) -> TradeSituation:
        """The cached :class:`TradeSituation` of these entries' ids."""
        key = (me.own_id, left.sell_id, right.sell_id)
        found = self.trades.get(key)
        if found is None:
            if len(self.trades) > TRADE_CACHE_LIMIT:
                self.trades.clear()
            found = self.trades[key] = TradeSituation(me, left, right, self.folds)
        return found


def shared_template(cache: FastStore, shared: tuple[Any, ...]) -> tuple[Template, int]:
    """The stage template of (payments of the stage, options, (extras, payments within
    budget) per variant), with its id; equal templates have equal ids."""
    templates = cache.templates
    found = templates.get(shared)
    if found is None:
        pairs, options, counts = shared
        template: Template = tuple(
            (lc, rc, extras, choice)
            for extras, count in counts
            for lc, rc in pairs[:count]
            for choice in range(options)
        )
        template_id = cache.template_ids.get(template)
        if template_id is None:
            if len(cache.template_ids) > CACHE_LIMIT:
                cache.template_ids.clear()  # ids only grow: cached rows cannot be mistaken
            template_id = cache.template_ids[template] = cache.new_id()
        if len(templates) > CACHE_LIMIT:
            templates.clear()
        found = templates[shared] = (template, template_id)
    return found
