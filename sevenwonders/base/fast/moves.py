"""The moves of a hand, fast: payments from the trading caches, each move value made once and
a hand's moves put together from shared parts, stage templates shared by their content, and
the fast acceptance of a listed move. Speed only:
:func:`sevenwonders.base.legal.general_hand_moves` is the rule, and
``tests/base/test_speed_invariants.py`` proves both give the same tuple on every state met.

The payments come from caches keyed on the ids of the trading contents, and the move values
are shared: a hand's moves are put together from shared parts (no tuple per row: rows of
moves are tracked by the garbage collector, and there were several per part).
"""

from __future__ import annotations

from typing import Any

from sevenwonders.base.effects import (
    FreeFirstOfAge,
    FreeFirstOfColour,
    FreeLastOfAge,
    FreeOncePerAge,
)
from sevenwonders.base.fast.entries import entries_of
from sevenwonders.base.fast.payment import Pairs, Template, TradeSituation
from sevenwonders.base.fast.profile import CardInfo, Entry, StagePlan
from sevenwonders.base.fast.store import (
    CACHE_LIMIT,
    FastStore,
    RowKey,
    StateMemo,
    shared_template,
)
from sevenwonders.base.legal import PLAIN_VARIANTS, free_reason
from sevenwonders.base.moves import Build, BuildStage, Move, Sell
from sevenwonders.base.state import BaseState, City, PendingKind

_NO_TRADE: Pairs = ((0, 0),)

# The stage powers that make a card free in free_reason (beyond chains).
FREE_POWERS = frozenset({FreeFirstOfColour, FreeFirstOfAge, FreeLastOfAge})


def hand_moves(
    cache: FastStore, state: BaseState, seat: int, in_draft: bool,
    hand: tuple[str, ...] | None = None, entries: list[Entry | None] | None = None,
    memo: StateMemo | None = None,
) -> tuple[Move, ...]:
    """Every move of the seat's hand, card by card (``legal.general_hand_moves``, fast): of
    the cards of ``hand`` if given, with every seat's ``entries`` if the caller has them; each
    card's :data:`RowKey` and the stage template go to ``memo``."""
    city = state.cities[seat]
    marks = state.marks[seat]
    spendable = city.coins - marks.income
    me, trade, (template, template_id) = _situation(cache, state, seat, entries, spendable)
    keys: dict[str, RowKey] = {}  # each card's row key (kept in the memo when there is one)
    powers = me.powers
    # the powers that make a card free (free_reason), if the city has any
    frees = powers and not powers.isdisjoint(FREE_POWERS)
    free_build = bool(powers) and FreeOncePerAge in powers and city.free_build_age != state.age
    owned = me.owned  # city.cards as dict keys
    built = marks.built
    info_of = cache.info
    pays = trade.pays
    available = trade.available
    parts = cache.row_parts
    stage_row = cache.stage_rows.get(template_id)
    if stage_row is None:
        stage_row = _stage_row(cache, template_id)
    moves: list[Move] = []  # (moves.append by name: compiled, the list's own C call)
    for name in state.hands[seat] if hand is None else hand:
        if name in keys:
            continue  # a second copy of a card has no moves of its own
        info = info_of[name]
        # What the card's builds are: none (a duplicate), free, or these payments.
        status: Pairs | bool | None = None
        if name not in owned:
            if info.chains:
                for source in info.chains:
                    if source in owned and source not in built:
                        status = True
                        break
            if status is None and frees and free_reason(
                cache.tables, state, seat, info.card, in_draft, me.powers
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
                        # (TradeSituation.pairs inline: a cost needing more of a resource
                        # than all producers together make has no payment)
                        for r, count in info.items:
                            if count > available[r]:
                                pairs = pays[info.cost_id] = ()
                                break
                        else:
                            pairs = trade.search(info.cost, info.items, info.cost_id)
                    if pairs and pairs[-1][0] + pairs[-1][1] > budget:
                        pairs = tuple(p for p in pairs if p[0] + p[1] <= budget)
                    status = pairs
        offered = free_build and status is not True and status is not None and info.has_cost
        keys[name] = (name, status, offered, template_id)
        if status is True:
            moves.append(info.free_move)
        elif status:
            moves.extend(parts.get((name, status)) or row_builds(cache, info, status))
        if offered:
            moves.append(info.free_build_move)
        if template:
            moves.extend(stage_row.get(name) or _stage_builds(cache, stage_row, name, template))
        moves.append(info.sell)
    if memo is not None:  # each card's row key and the stage template, for accepts
        kept = memo.keys.setdefault(seat, (keys, template))
        if kept[0] is not keys:
            kept[0].update(keys)
    return tuple(moves)


def _situation(
    cache: FastStore, state: BaseState, seat: int, entries: list[Entry | None] | None,
    spendable: int,
) -> tuple[Entry, TradeSituation, tuple[Template, int]]:
    """The seat's entry, its trading situation and its stage template with its id."""
    left_seat, right_seat = cache.sides[seat]
    found = cache.state_memo(state).entries if entries is None else entries
    me, left, right = found[seat], found[left_seat], found[right_seat]
    if me is None or left is None or right is None:
        found = entries_of(cache, state, (seat, left_seat, right_seat))
        me, left, right = found[seat], found[left_seat], found[right_seat]
        assert me is not None and left is not None and right is not None
    trade = cache.trades.get((me.own_id, left.sell_id, right.sell_id))
    if trade is None:
        trade = cache.trade(me, left, right)
    if cache.tables.expansions:
        template = stage_template(cache, state, seat, state.cities[seat], me, left, right,
                                  spendable, trade)
    elif me.next_stage is None:
        template = cache.no_template
    else:
        template = plain_stage_template(cache, trade, me.next_stage, spendable)
    return me, trade, template


def _stage_row(cache: FastStore, template_id: int) -> dict[str, tuple[Move, ...]]:
    """A new table of each card's stage builds for the template ``template_id``."""
    if len(cache.stage_rows) > CACHE_LIMIT:
        cache.stage_rows.clear()
    row: dict[str, tuple[Move, ...]] = {}
    cache.stage_rows[template_id] = row
    return row


def _stage_builds(cache: FastStore, stage_row: dict[str, tuple[Move, ...]], name: str,
                  template: Template) -> tuple[Move, ...]:
    """The stage builds of card ``name`` for a stage template (kept in its ``stage_row``)."""
    stages = stage_row[name] = tuple(
        [_one(cache, (name, *entry), BuildStage) for entry in template])
    return stages



def plain_stage_template(
    cache: FastStore, trade: TradeSituation, next_stage: StagePlan, spendable: int,
) -> tuple[Template, int]:
    """The stage template of a game without expansions: the payments of the city's next
    stage within the coins left after the stage's own coins (a prefix, cheapest first)."""
    cost, items, cost_id, coins, options = next_stage
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
    plain = cache.plain_templates
    found_template = plain.get((pairs, options, count))
    if found_template is None:
        if len(plain) > CACHE_LIMIT:
            plain.clear()
        found_template = plain[(pairs, options, count)] = shared_template(
            cache, (pairs, options, (((), count),)))
    return found_template


def row_builds(cache: FastStore, info: CardInfo, status: Pairs) -> tuple[Move, ...]:
    """The paid builds of a card with these payments (shared by every hand that has them)."""
    parts = cache.row_parts
    if len(parts) > CACHE_LIMIT:
        parts.clear()
    builds = parts[(info.name, status)] = tuple(
        [_one(cache, (info.name, lc, rc), Build) for lc, rc in status])
    return builds


def _one(cache: FastStore, fields: tuple[Any, ...], cls: type[Build] | type[BuildStage]) -> Move:
    """The one shared move of these field values: rows and parts that hold the same move
    hold the same object, so the long-lived move values the garbage collector walks at each
    full collection are a few thousand, not one per row (about 4x fewer at 5 players). The
    key is the fields alone (3 for a Build, 5 for a BuildStage): plain values, a tuple the
    collector stops tracking."""
    table = cache.move_values
    found = table.get(fields)
    if found is None:
        if len(table) > CACHE_LIMIT:
            table.clear()
        found = table[fields] = cls(*fields)
    return found


def stage_template(
    cache: FastStore, state: BaseState, seat: int, city: City, me: Entry, left: Entry,
    right: Entry, spendable: int, trade: TradeSituation | None = None,
) -> tuple[Template, int]:
    """(left, right, extras, choice) of every way to build the next stage now, and an id
    of that template (equal templates have equal ids) for short cache keys."""
    variants = (cache.stage_variants(state, seat)[0] if cache.tables.expansions
                else PLAIN_VARIANTS)
    if trade is None:
        trade = cache.trade(me, left, right)
    # (not remembered per trading situation: the coins and the variants change the template
    # from turn to turn; the shared table below knows it again by its parts)
    plan = cache.stage_plans[(city.wonder, city.side)]
    if city.stages < len(plan):
        cost, items, cost_id, coins, options = plan[city.stages]
        pairs = trade.pays.get(cost_id)
        if pairs is None:
            pairs = trade.pairs(cost, items, cost_id)
        budget = spendable - coins
        top = pairs[-1][0] + pairs[-1][1] if pairs else 0  # (the dearest payment)
        # The payments within a budget are a prefix (cheapest first): its length.
        within = []
        for variant in variants:
            limit = budget - variant.coins
            if top <= limit:
                count = len(pairs)
            else:
                count = 0
                for lc, rc in pairs:
                    if lc + rc > limit:
                        break
                    count += 1
            within.append((variant.extras, count))
        shared: tuple[Any, ...] = (pairs, options, tuple(within))
    else:
        shared = ((), 0, ())
    return shared_template(cache, shared)


def accepts(
    cache: FastStore, state: BaseState, seat: int, move: object,
    entries: list[Entry | None] | None = None, memo: StateMemo | None = None,
) -> bool:
    """Fast acceptance: whether ``move`` is one of the legal moves of its card. A move
    refused here goes through the general checks (``legal.check_move``), which accept it
    or name the precise fault.

    The move's fields are compared with what the card's moves are (:data:`RowKey`: plain
    ints, strings and tuples), never with the move objects handed out: a caller who changes
    a listed move in place (``object.__setattr__``) gets a move that is checked like any other."""
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
    if memo is None:
        memo = cache.state_memo(state)
    found = memo.keys.get(seat)
    key = None if found is None else found[0].get(name)
    if key is None:
        hand_moves(cache, state, seat, not state.pending, (name,), entries, memo)
        found = memo.keys[seat]
        key = found[0][name]
    assert found is not None
    if listed(key, found[1], move):
        return True
    handed = memo.moves.get(seat, ())
    if any(legal is move for legal in handed):
        # A move handed out by legal_moves was changed in place: forget every shared move.
        cache.drop_moves()
    return False


def listed(key: RowKey, template: Template, move: Any) -> bool:
    """Whether ``move`` (a Build or BuildStage of the card of ``key``) is one of its moves."""
    _, status, offered, _ = key
    if type(move) is BuildStage:
        return (move.left, move.right, move.extras, move.choice) in template
    if move.free_build:
        return offered and (move.left, move.right, move.free_build) == (0, 0, True)
    if move.free_build != False:  # noqa: E712 - the value equality of the listed moves
        return False
    if status is True:
        return (move.left, move.right) == (0, 0)
    return bool(status) and (move.left, move.right) in status  # type: ignore[operator]
