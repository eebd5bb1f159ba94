"""A draft turn in one pass: every seat builds a card, builds a wonder stage or sells, and the
turn ends at once (coins change hands, coin effects are counted, hands are passed; after an
Age's last turn the leftover cards are discarded and the Age ends).

Speed only: :func:`sevenwonders.base.turn.resolve` with :func:`~sevenwonders.base.ages.advance`
is the rule (rulebook "2. AKTION DURCHFÜHREN", "3. HANDKARTEN WEITERGEBEN", "DER SECHSTE UND
LETZTE SPIELZUG"; reference D3a, D3b), and ``tests/base/fast/test_plain_turn.py`` proves both
give equal states along random games. This pass takes a draft turn (no pending decision, no
events asked for) when every move is one the listing of the hands found on the same state
(:data:`~.moves.RowKey`: a build's payments and whether it is free); anything else (a move not
listed, a stage or a last card that leaves a decision, coin effects counted at placement)
returns ``None`` and goes the general way, which accepts it or names its fault. Without
expansions the turn ends here and every seat's trading entry is handed on (as
``FastCache.carry`` does); with expansions the state ``turn.resolve`` would give (the turn's
marks noted) goes through their ``after_builds`` hooks and ``ages.advance`` (a turn before an
Age's last with nothing pending is ended here as ``ages.end_turn`` ends it).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

from sevenwonders.base.ages import advance, end_age, last_turn, pass_hands, pay_deferred
from sevenwonders.base.effects import BuildFromDiscard, Coins, ExpansionEffect
from sevenwonders.base.fast.entries import child_entry, stage_child
from sevenwonders.base.fast.moves import listed
from sevenwonders.base.fast.recall import BUILT as _BUILT
from sevenwonders.base.fast.recall import SOLD as _SOLD
from sevenwonders.base.fast.recall import STAGED as _STAGED
from sevenwonders.base.fast.recall import turn_recall
from sevenwonders.base.fast.values import make_city, make_state
from sevenwonders.base.memory import remember
from sevenwonders.base.moves import Build, BuildStage, Move, Sell
from sevenwonders.base.setup import TURNS_PER_AGE
from sevenwonders.base.state import BaseState, City, TurnMarks, with_memory
from sevenwonders.base.tables import StageBuild
from sevenwonders.base.turn import SALE_COINS
from sevenwonders.core.memo import builder

if TYPE_CHECKING:
    from sevenwonders.base.fast.cache import FastCache
    from sevenwonders.base.fast.store import StateMemo
    from sevenwonders.base.tables import Tables


make_marks: Callable[..., TurnMarks] = builder(TurnMarks)  # (core.memo: rarely, remembered)

MARKS_LIMIT = 4_096  # the turn's marks remembered by (card built, stage built, income)


def plain_turn(fast: FastCache, state: BaseState, moves: Mapping[int, Move],
               memo: StateMemo) -> BaseState | None:
    """The state after a plain draft turn of ``moves`` (one per seat, the protocol checks
    passed), or ``None`` when this pass does not take it (see the module's docstring)."""
    tables = fast.tables
    players = state.players
    keys = memo.keys
    if (state.pending or state.turn > TURNS_PER_AGE or state.age_ending
            or len(keys) != players or state.marks != tables.no_marks):
        return None
    at_placement = tables.options.coin_effect_timing == "at_placement"
    info_of = fast.info
    sides = tables.sides
    hands = list(state.hands)
    spent = [0] * players
    income = [0] * players
    done = [0] * players
    discard: list[str] = []
    deferred: list[tuple[int, str]] = []
    stage_builds: list[StageBuild] = []  # (for the expansions' hooks)
    for seat in range(players):
        move = moves[seat]
        if type(move) is Sell:
            name = move.card
            if type(name) is not str or name not in hands[seat]:
                return None
            income[seat] += SALE_COINS
            discard.append(name)
            done[seat] = _SOLD
        elif type(move) is Build or type(move) is BuildStage:
            name = move.card
            found = keys[seat]
            key = found[0].get(name) if type(name) is str else None
            if key is None or not listed(key, found[1], move):
                return None
            left, right = sides[seat]
            income[left] += move.left
            income[right] += move.right
            if type(move) is Build:
                info = info_of[name]
                free = key[1] is True or move.free_build
                spent[seat] += move.left + move.right + (0 if free else info.coins)
                for effect in info.placement:
                    if isinstance(effect, Coins):
                        income[seat] += effect.amount
                    elif at_placement:
                        return None  # counted on the cities before the turn: the general way
                    else:
                        deferred.append((seat, name))
                done[seat] = _BUILT
            else:
                if not _stage(fast, state, seat, move, spent, income,  # type: ignore[arg-type]
                              stage_builds):
                    return None  # a decision follows: the general way
                done[seat] = _STAGED
        else:
            return None
        hand = hands[seat]
        at = hand.index(name)
        hands[seat] = hand[:at] + hand[at + 1:]
    return _next_state(fast, state, moves, memo, (spent, income, done, hands, discard,
                                                   deferred, stage_builds))


_Parts = tuple[list[int], list[int], list[int], list[tuple[str, ...]], list[str],
               list[tuple[int, str]], list[StageBuild]]


def _stage(fast: FastCache, state: BaseState, seat: int, move: BuildStage, spent: list[int],
           income: list[int], stage_builds: list[StageBuild]) -> bool:
    """A listed stage build paid and its coins gained (as ``turn._build_stage``); False when
    it leaves a decision (Halikarnassos)."""
    tables = fast.tables
    city = state.cities[seat]
    stage = tables.boards[(city.wonder, city.side)][city.stages]
    bank = stage.coins
    if tables.expansions:  # the variant's coins (the move is listed: its variant exists)
        for variant in fast.stage_variants(state, seat)[0]:
            if variant.extras == move.extras:
                bank += variant.coins
                break
    spent[seat] += move.left + move.right + bank
    effects = stage.effects_with(move.choice)
    for effect in effects:
        if isinstance(effect, Coins):
            income[seat] += effect.amount
        elif isinstance(effect, BuildFromDiscard):
            return False
    if tables.expansions:
        stage_builds.append(StageBuild(
            seat, city.stages + 1, move.extras,
            tuple(e for e in effects if isinstance(e, ExpansionEffect))))
    return True


def _next_state(fast: FastCache, state: BaseState, moves: Mapping[int, Move],
                memo: StateMemo, parts: _Parts) -> BaseState | None:
    """The cities after the turn (as ``turn._settle`` makes them), the turn ended (as
    ``turn._end_plain_turn``, or after an Age's last turn as ``ages.last_turn``,
    ``ages.end_turn`` and ``ages.end_age``), and the seats' entries handed on."""
    tables = fast.tables
    spent, income, done, hands, discard, deferred, _ = parts
    age = state.age
    before = state.cities
    cities: list[City] = list(before)
    for seat, city in enumerate(before):
        what = done[seat]
        coins = city.coins - spent[seat] + income[seat]
        if what == _BUILT:
            move: Build = moves[seat]  # type: ignore[assignment]
            cities[seat] = make_city(
                wonder=city.wonder, side=city.side, coins=coins, cards=(*city.cards, move.card),
                stages=city.stages, tucked=city.tucked, tokens=city.tokens,
                free_build_age=age if move.free_build else city.free_build_age,
                stage_choices=city.stage_choices)
        elif what == _STAGED:
            stage: BuildStage = moves[seat]  # type: ignore[assignment]
            choices = city.stage_choices + (0,) * (city.stages - len(city.stage_choices))
            cities[seat] = make_city(
                wonder=city.wonder, side=city.side, coins=coins, cards=city.cards,
                stages=city.stages + 1, tucked=(*city.tucked, stage.card),
                tokens=city.tokens, free_build_age=city.free_build_age,
                stage_choices=(*choices, stage.choice))
        elif spent[seat] or income[seat]:
            cities[seat] = make_city(
                wonder=city.wonder, side=city.side, coins=coins, cards=city.cards,
                stages=city.stages, tucked=city.tucked, tokens=city.tokens,
                free_build_age=city.free_build_age, stage_choices=city.stage_choices)
    last = state.turn == TURNS_PER_AGE
    kept = tuple(hands) if last else hands  # (the last cards, before they are discarded)
    if last and last_turn(tables, cities, hands, discard, None):
        return None  # Babylon's power to play the last card leaves a decision: the general way
    if tables.expansions:
        return _expansion_turn(fast, state, memo, cities, parts)
    all_deferred = (*state.deferred, *deferred)
    after = make_state(
        players=state.players,
        age=age,
        turn=state.turn if last else state.turn + 1,
        cities=(pay_deferred(tables, cities, all_deferred, None) if all_deferred
                else tuple(cities)),
        hands=tuple(hands) if last else pass_hands(tables, hands, age, None),
        decks=state.decks,
        discard=(*state.discard, *discard) if discard else state.discard,
        rng=state.rng,
        pending=(),
        marks=tables.no_marks,
        deferred=(),
        over=state.over,
        age_ending=last,
        expansions=state.expansions,
    )
    if last:
        after = end_age(tables, after, None)
    with_memory(after, turn_recall(tables.givers[0 if age != 2 else 1], state, after, kept,
                                   done))
    # The entries go on (as FastCache.carry): the same one for a city without a new card or
    # stage, its child for one card or one stage more.
    carried = fast.fresh_memo(after).entries
    for seat, found in enumerate(memo.entries):
        if found is not None:
            what = done[seat]
            carried[seat] = (found if what < _BUILT
                             else child_entry(fast, found, after.cities[seat]) if what == _BUILT
                             else stage_child(fast, found, after.cities[seat]))
    return after


def _expansion_turn(fast: FastCache, state: BaseState, memo: StateMemo, cities: list[City],
                    parts: _Parts) -> BaseState:
    """The rest of a turn without stage builds in a game with expansions, as
    ``turn.resolve`` leaves it (the turn's marks noted, D3b) for the expansions'
    ``after_builds`` hooks, then ended by ``ages.advance`` (their end-of-Age hooks
    included); the entries go on by ``FastCache.carry``."""
    tables = fast.tables
    spent, income, done, hands, discard, deferred, stage_builds = parts
    marks = list(state.marks)  # (no marks before the turn: plain_turn's condition)
    made = fast.marks_made  # equal marks are one value (they never change)
    for seat in range(state.players):
        what = done[seat]
        if spent[seat] or income[seat] or what in (_BUILT, _STAGED):
            key = (cities[seat].cards[-1] if what == _BUILT else None, what == _STAGED,
                   income[seat])
            found = made.get(key)
            if found is None:
                if len(made) > MARKS_LIMIT:
                    made.clear()
                found = made[key] = make_marks(
                    built=() if key[0] is None else (key[0],), stages=int(key[1]),
                    income=key[2])
            marks[seat] = found
    after = make_state(
        players=state.players,
        age=state.age,
        turn=state.turn,
        cities=tuple(cities),
        hands=tuple(hands),
        decks=state.decks,
        discard=(*state.discard, *discard) if discard else state.discard,
        rng=state.rng,
        pending=state.pending,
        marks=tuple(marks),
        deferred=(*state.deferred, *deferred) if deferred else state.deferred,
        over=state.over,
        age_ending=state.age_ending,
        expansions=state.expansions,
    )
    played = after
    for expansion in tables.expansions:
        after = expansion.after_builds(tables, after, tuple(stage_builds), None)
    if after.pending or after.age_ending or after.turn >= TURNS_PER_AGE or not _kept(
            played, after):
        after = advance(tables, after, None)
        with_memory(after, remember(tables.givers, state, after))
    else:
        after = _end_turn(tables, after)
        with_memory(after, turn_recall(tables.givers[0 if state.age != 2 else 1], state,
                                       after, hands, done))
    fast.carry(state, memo, after)
    return after


def _kept(played: BaseState, hooked: BaseState) -> bool:
    """Whether the expansions' hooks left the hands, the discard pile and the cities' cards
    as the turn played them (what :func:`.recall.turn_recall` takes as known)."""
    if hooked.hands is not played.hands or hooked.discard is not played.discard:
        return False
    if hooked.cities is played.cities:
        return True
    for a, b in zip(hooked.cities, played.cities, strict=True):  # (a loop: no generator)
        if a.cards is not b.cards or a.tucked is not b.tucked:
            return False
    return True


def _end_turn(tables: Tables, state: BaseState) -> BaseState:
    """``ages.advance`` of a turn before an Age's last with nothing pending: ``ages.end_turn``
    (deferred coins paid, marks cleared, hands passed), the state made by the builder."""
    return make_state(
        players=state.players,
        age=state.age,
        turn=state.turn + 1,
        cities=(pay_deferred(tables, state.cities, state.deferred, None) if state.deferred
                else state.cities),
        hands=pass_hands(tables, state.hands, state.age, None),
        decks=state.decks,
        discard=state.discard,
        rng=state.rng,
        pending=state.pending,
        marks=tables.no_marks,
        deferred=(),
        over=state.over,
        age_ending=state.age_ending,
        expansions=state.expansions,
    )
