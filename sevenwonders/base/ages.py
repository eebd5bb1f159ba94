"""The end of a turn and of an Age: coin effects paid after the builds, hands passed, the last
turn's leftover cards, the military conflicts, the next Age or the end of the game.

Rulebook (2nd ed., base-game.de.txt) "3. HANDKARTEN WEITERGEBEN" (to the left in Ages I and
III, to the right in Age II), "DER SECHSTE UND LETZTE SPIELZUG" (the 7th card is discarded,
Babylon may play it), "ABHANDELN DER MILITÄRKONFLIKTE" (each neighbour compared: victory
token of the Age 1/3/5, defeat -1), "SPIELENDE" (after Age III's conflicts). Reference
(base.md) D3a (coin effects counted after all the turn's builds, by default) and D3c (Babylon's
last card before Halikarnassos's builds, by default).
"""

from __future__ import annotations

from collections.abc import Sequence

from sevenwonders.base.effects import CoinsPer, PlayLastCard
from sevenwonders.base.events import (
    AgeStarted,
    CardDiscarded,
    CoinsGained,
    ConflictResolved,
    Event,
    GameEnded,
    HandsPassed,
    PendingDecision,
)
from sevenwonders.base.legal import discard_choices
from sevenwonders.base.setup import TURNS_PER_AGE, deal
from sevenwonders.base.state import (
    BaseState,
    City,
    Pending,
    PendingKind,
)
from sevenwonders.base.tables import Tables
from sevenwonders.core.military import LOSS, TIE, WIN, compare

VICTORY_POINTS = {1: 1, 2: 3, 3: 5}
DEFEAT = -1


def advance(tables: Tables, state: BaseState, events: list[Event] | None) -> BaseState:
    """Settle automatic steps until a decision is needed: pending decisions that offer nothing
    to choose, the end of the turn, the end of the Age, the end of the game."""
    while True:
        if state.pending:
            head = state.pending[0]
            if head.kind is PendingKind.BUILD_FROM_DISCARD and not discard_choices(
                    state, head.seat):
                # Nothing to build from the discard pile: the power lapses.
                state = with_pending(state, state.pending[1:])
                continue
            if head.kind is PendingKind.EXPANSION:
                expansion = tables.expansion_named(head.detail)
                options = expansion.pending_moves(tables, state, head)
                if len(options) == 1:
                    # A decision with one option is taken for the player.
                    state = with_pending(state, state.pending[1:])
                    state = expansion.resolve_pending(tables, state, head, options[0], events)
                    continue
            if events is not None:
                events.append(PendingDecision(head.seat, head.kind, head.detail))
            return state
        if not state.age_ending:
            state = end_turn(tables, state, events)
            if not state.age_ending:
                return state
            for expansion in tables.expansions:
                state = expansion.before_conflicts(tables, state, events)
            continue
        return end_age(tables, state, events)


def with_pending(state: BaseState, pending: tuple[Pending, ...]) -> BaseState:
    return BaseState(
        players=state.players, age=state.age, turn=state.turn, cities=state.cities,
        hands=state.hands, decks=state.decks, discard=state.discard, rng=state.rng,
        pending=pending, marks=state.marks, deferred=state.deferred, over=state.over,
        age_ending=state.age_ending, expansions=state.expansions,
    )


def pay_deferred(tables: Tables, cities: Sequence[City], deferred: tuple[tuple[int, str], ...],
                 events: list[Event] | None) -> tuple[City, ...]:
    """D3a, ``coin_effect_timing="after_builds"``: the coin-per-item effects of the turn's
    cards, counted on the cities after every build of the turn."""
    after = list(cities)
    for seat, name in deferred:
        for effect in tables.cards[name].effects:
            if not isinstance(effect, CoinsPer):
                continue
            gain = tables.count(after, seat, effect.counts, effect.scope) * effect.amount
            if gain:
                city = after[seat]
                after[seat] = City(
                    wonder=city.wonder, side=city.side, coins=city.coins + gain,
                    cards=city.cards, stages=city.stages, tucked=city.tucked, tokens=city.tokens,
                    free_build_age=city.free_build_age, stage_choices=city.stage_choices,
                )
                if events is not None:
                    events.append(CoinsGained(seat, gain, name))
    return tuple(after)


def pass_hands(tables: Tables, hands: Sequence[tuple[str, ...]], age: int,
               events: list[Event] | None) -> tuple[tuple[str, ...], ...]:
    """Every hand goes to the left neighbour in Ages I and III, to the right in Age II."""
    to_left = age != 2
    if events is not None:
        events.append(HandsPassed("left" if to_left else "right"))
    # each seat receives the hand of its right neighbour (passing left) or of its left one
    return tuple([hands[giver] for giver in tables.givers[0 if to_left else 1]])


def end_turn(tables: Tables, state: BaseState, events: list[Event] | None) -> BaseState:
    """Pay deferred coin effects, clear the turn's marks, pass hands; after an Age's last
    turn, mark the Age as ending instead."""
    cities = pay_deferred(tables, state.cities, state.deferred, events)
    last = state.turn >= TURNS_PER_AGE
    return BaseState(
        players=state.players,
        age=state.age,
        turn=state.turn if last else state.turn + 1,
        cities=cities,
        hands=state.hands if last else pass_hands(tables, state.hands, state.age, events),
        decks=state.decks,
        discard=state.discard,
        rng=state.rng,
        pending=state.pending,
        marks=tables.no_marks,
        deferred=(),
        over=state.over,
        age_ending=last or state.age_ending,
        expansions=state.expansions,
    )


def last_turn(tables: Tables, cities: Sequence[City], hands: list[tuple[str, ...]],
              discard: list[str], events: list[Event] | None) -> list[Pending]:
    """After an Age's sixth turn: the card left in each hand is discarded (no coins), unless
    its city plays it (Babylon's power: a decision for that seat). Changes ``hands`` and
    ``discard``; returns Babylon's decisions."""
    decisions: list[Pending] = []
    for seat, hand in enumerate(hands):
        if not hand:
            continue
        if tables.has_power(cities[seat], PlayLastCard):
            decisions.append(Pending(seat, PendingKind.PLAY_LAST_CARD))
            continue
        for name in hand:
            discard.append(name)
            if events is not None:
                events.append(CardDiscarded(seat, name))
        hands[seat] = ()
    return decisions


def order_last_turn(tables: Tables, babylon: list[Pending],
                    others: list[Pending]) -> list[Pending]:
    """D3c: Babylon's last card before (default) or after the builds from the discard pile."""
    if tables.options.last_turn_order == "babylon_first":
        return babylon + others
    return others + babylon


def end_age(tables: Tables, state: BaseState, events: list[Event] | None) -> BaseState:
    """Military conflicts, then the next Age (new hands, passing the other way) or the end."""
    cities = conflicts(tables, state, events)
    over = state.age == 3
    if events is not None:
        events.append(GameEnded() if over else AgeStarted(state.age + 1))
    return BaseState(
        players=state.players,
        age=state.age if over else state.age + 1,
        turn=state.turn if over else 1,
        cities=cities,
        hands=state.hands if over else deal(state.decks[0], state.players),
        decks=state.decks if over else state.decks[1:],
        discard=state.discard,
        rng=state.rng,
        pending=state.pending,
        marks=state.marks,
        deferred=state.deferred,
        over=over or state.over,
        age_ending=False,
        expansions=state.expansions,
    )


def conflicts(tables: Tables, state: BaseState, events: list[Event] | None) -> tuple[City, ...]:
    """Each city against its left, then its right neighbour (``core.military``): a victory
    token of the Age's value, a defeat token, or nothing on a tie. A city that gains no
    token stays the same value."""
    strengths = [tables.shields(state, seat) for seat in range(state.players)]
    tokens_of = {WIN: VICTORY_POINTS[state.age], LOSS: DEFEAT, TIE: 0}
    cities = []
    for seat, city in enumerate(state.cities):
        own = strengths[seat]
        tokens = city.tokens
        for neighbour in tables.sides[seat]:
            other = strengths[neighbour]
            token = tokens_of[compare(own, other)]
            if token:
                tokens = (*tokens, token)
            if events is not None:
                events.append(ConflictResolved(state.age, seat, neighbour, own, other, token))
        cities.append(city if tokens is city.tokens else City(
            wonder=city.wonder, side=city.side, coins=city.coins, cards=city.cards,
            stages=city.stages, tucked=city.tucked, tokens=tokens,
            free_build_age=city.free_build_age, stage_choices=city.stage_choices,
        ))
    return tuple(cities)
