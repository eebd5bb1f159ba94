"""Placing a turn's moves: every chosen card is built, tucked under a wonder stage or sold at
once, payments change hands, and what the turn leaves to decide becomes pending decisions.

Rulebook (2nd ed., base-game.de.txt) "2. AKTION DURCHFÜHREN" A/B/C (build, wonder stage,
sell for 3 coins: all players at once). Reference (base.md):
- D3a coin timing: with ``coin_effect_timing="after_builds"`` (default) coin-per-item effects
  are counted at the end of the turn (``ages.pay_deferred``); with ``"at_placement"`` every seat
  counts the cities as they were before the turn plus its own card, whatever its seat number.
- D3b same-turn marks: what a seat builds this turn, and the coins it receives, are noted in
  ``state.marks`` so that they help pay for nothing until the turn ends (``trading``).
- pending decisions: Halikarnassos's build from the discard pile, Babylon's last card (D3c),
  expansions' decisions.
"""

from __future__ import annotations

from collections.abc import Mapping

from sevenwonders.base import ages
from sevenwonders.base.effects import BuildFromDiscard, Coins, CoinsPer, ExpansionEffect
from sevenwonders.base.events import CardBuilt, CardSold, CoinsGained, Event, StageBuilt
from sevenwonders.base.legal import free_reason, stage_variants
from sevenwonders.base.moves import Build, BuildStage, Move, Sell
from sevenwonders.base.setup import TURNS_PER_AGE
from sevenwonders.base.state import (
    BaseState,
    City,
    Pending,
    PendingKind,
    TurnMarks,
)
from sevenwonders.base.tables import StageBuild, Tables

SALE_COINS = 3
_PLACING = (Sell, Build, BuildStage)  # the moves that place a card (Skip, Choose do not)
_Placed = tuple[tuple[str, ...], int, tuple[str, ...], int, tuple[int, ...]]


class _Turn:
    """The pieces of the next state while a turn's moves are placed (one scratch per call)."""

    __slots__ = ("built", "cities", "deferred", "discard", "events", "from_discard", "hands",
                 "income", "pending", "placed", "spent", "stage_builds", "staged", "state")

    def __init__(self, state: BaseState, from_discard: bool, events: list[Event] | None) -> None:
        n = state.players
        self.state = state
        self.from_discard = from_discard
        self.events = events
        self.cities = list(state.cities)
        # each seat's placement (cards, stages, tucked, free build's Age, stage options)
        self.placed: list[_Placed | None] = [None] * n
        self.hands = list(state.hands)
        # the whole pile when a card leaves it, else only the cards added to it
        self.discard: list[str] = list(state.discard) if from_discard else []
        self.deferred: list[tuple[int, str]] = []  # coin effects paid at the turn's end (D3a)
        self.spent = [0] * n
        self.income = [0] * n
        self.built: list[str | None] = [None] * n  # the card each seat built (D3b marks)
        self.staged = [False] * n  # whether each seat built a stage (D3b marks)
        self.pending: list[Pending] = []
        self.stage_builds: list[StageBuild] = []

    def pay(self, seat: int, bank: int, left: int, right: int, sides: tuple[int, int]) -> None:
        """``seat`` pays ``bank`` coins to the bank and ``left``/``right`` to its neighbours."""
        self.spent[seat] += bank + left + right
        self.income[sides[0]] += left
        self.income[sides[1]] += right

    def gain(self, seat: int, coins: int, source: str) -> None:
        self.income[seat] += coins
        if self.events is not None:
            self.events.append(CoinsGained(seat, coins, source))


def resolve(
    tables: Tables, state: BaseState, moves: Mapping[int, Move], events: list[Event] | None,
    source: str, end: bool = False,
) -> tuple[BaseState, bool]:
    """Place every move's card at once (seat order changes nothing) and return the next state.

    ``source`` is ``"draft"`` for a normal turn, ``"last_card"`` for Babylon's extra card and
    ``"discard"`` for a free build from the discard pile. With ``end``, a plain draft turn
    (before an Age's last, nothing pending, no expansion) is ended at once, as
    ``ages.advance`` would end it, and the second value tells that it was."""
    in_draft = source == "draft"
    turn = _Turn(state, source == "discard", events)
    for seat in sorted(moves):
        move = moves[seat]
        if not isinstance(move, _PLACING):
            continue  # Skip and Choose place nothing
        # the card leaves the seat's hand (or the discard pile, for Halikarnassos)
        if turn.from_discard:
            turn.discard.remove(move.card)
        else:
            hand = list(turn.hands[seat])
            hand.remove(move.card)
            turn.hands[seat] = tuple(hand)
        if isinstance(move, Sell):
            # face down to the discard pile, for 3 coins from the bank
            turn.discard.append(move.card)
            turn.income[seat] += SALE_COINS
            if events is not None:
                events.append(CardSold(seat, move.card, SALE_COINS))
        elif isinstance(move, BuildStage):
            _build_stage(tables, turn, seat, move)
        else:
            how = _why_free(tables, state, seat, move, source, in_draft)
            _build_card(tables, turn, seat, move, how)
    plain = (in_draft and state.turn < TURNS_PER_AGE and not turn.pending and not state.pending
             and not state.age_ending and not tables.expansions)
    cities, marks = _settle(tables, turn, keep_marks=not plain)
    if plain and end:
        return _end_plain_turn(tables, turn, cities), True
    pending = turn.pending
    if in_draft and state.turn == TURNS_PER_AGE:
        babylon = ages.last_turn(tables, cities, turn.hands, turn.discard, events)
        pending = ages.order_last_turn(tables, babylon, pending)
    after = BaseState(
        players=state.players,
        age=state.age,
        turn=state.turn,
        cities=cities,
        hands=tuple(turn.hands),
        decks=state.decks,
        discard=(tuple(turn.discard) if source == "discard"
                 else (*state.discard, *turn.discard) if turn.discard else state.discard),
        rng=state.rng,
        pending=(*pending, *state.pending),
        marks=marks,
        deferred=(*state.deferred, *turn.deferred) if turn.deferred else state.deferred,
        over=state.over,
        age_ending=state.age_ending,
        expansions=state.expansions,
    )
    for expansion in tables.expansions:
        after = expansion.after_builds(tables, after, tuple(turn.stage_builds), events)
    return after, False


def _why_free(
    tables: Tables, state: BaseState, seat: int, move: Build, source: str, in_draft: bool,
) -> str | None:
    """Why a build costs nothing, judged on the state before anything is placed."""
    if source == "discard":
        return "discard"
    if move.free_build:
        return "free_build"
    return free_reason(tables, state, seat, tables.cards[move.card], in_draft)


def _build_card(tables: Tables, turn: _Turn, seat: int, move: Build, how: str | None) -> None:
    """A card built: paid (bank and neighbours) unless free; coins it gives now or deferred."""
    state = turn.state
    card = tables.cards[move.card]
    bank = 0 if how is not None else card.coins
    left, right = tables.sides[seat]
    turn.spent[seat] += bank + move.left + move.right
    turn.income[left] += move.left
    turn.income[right] += move.right
    city = turn.cities[seat]
    placed = turn.placed[seat] = ((*city.cards, move.card), city.stages, city.tucked,
                                  state.age if move.free_build else city.free_build_age,
                                  city.stage_choices)
    turn.built[seat] = move.card
    if turn.events is not None:
        turn.events.append(CardBuilt(seat, move.card, move.left, move.right, bank, how))
    at_placement = tables.options.coin_effect_timing == "at_placement"
    for effect in card.effects:
        if isinstance(effect, Coins):
            turn.gain(seat, effect.amount, move.card)
        elif isinstance(effect, CoinsPer):
            if at_placement:
                # D3a at placement: the cities before the turn, plus this seat's own card
                # (not the cards of seats placed before it: seat order must not matter)
                cities = list(state.cities)
                cities[seat] = _placed_city(city, placed, city.coins)
                count = tables.count(cities, seat, effect.counts, effect.scope)
                turn.gain(seat, count * effect.amount, move.card)
            else:
                turn.deferred.append((seat, move.card))


def _build_stage(tables: Tables, turn: _Turn, seat: int, move: BuildStage) -> None:
    """The next wonder stage built with ``move.card`` tucked under it; its powers act now
    (coins) or become a pending decision (Halikarnassos)."""
    state = turn.state
    city = turn.cities[seat]
    stage = tables.stages(city)[city.stages]
    extra_coins = 0  # the plain build (the only one there is without expansions)
    if tables.expansions:
        extra_coins = next(v.coins for v in stage_variants(tables, state, seat)
                           if v.extras == move.extras)
    bank = stage.coins + extra_coins
    turn.pay(seat, bank, move.left, move.right, tables.sides[seat])
    choices = city.stage_choices + (0,) * (city.stages - len(city.stage_choices))
    turn.placed[seat] = (city.cards, city.stages + 1, (*city.tucked, move.card),
                         city.free_build_age, (*choices, move.choice))
    turn.staged[seat] = True
    if turn.events is not None:
        turn.events.append(StageBuilt(seat, city.stages + 1, move.left, move.right, bank,
                                      move.extras, move.choice))
    effects = stage.effects_with(move.choice)
    if tables.expansions:
        turn.stage_builds.append(StageBuild(
            seat, city.stages + 1, move.extras,
            tuple(e for e in effects if isinstance(e, ExpansionEffect)),
        ))
    for effect in effects:
        if isinstance(effect, Coins):
            turn.gain(seat, effect.amount, "wonder stage")
        elif isinstance(effect, BuildFromDiscard):
            turn.pending.append(Pending(seat, PendingKind.BUILD_FROM_DISCARD))


def _settle(tables: Tables, turn: _Turn,
            keep_marks: bool) -> tuple[tuple[City, ...], tuple[TurnMarks, ...]]:
    """Coins change hands for everyone at once; the turn's marks (D3b) are noted when the
    turn goes on after this step (a plain draft turn clears them at once)."""
    cities = turn.cities
    marks = list(turn.state.marks) if keep_marks else []
    for seat, city in enumerate(cities):
        spent, income = turn.spent[seat], turn.income[seat]
        placed = turn.placed[seat]
        if placed is not None:
            cards, stages, tucked, free_build_age, stage_choices = placed
            cities[seat] = City(
                wonder=city.wonder, side=city.side, coins=city.coins - spent + income,
                cards=cards, stages=stages, tucked=tucked, tokens=city.tokens,
                free_build_age=free_build_age, stage_choices=stage_choices,
            )
        elif spent or income:  # a sale, or coins from a neighbour
            cities[seat] = City(
                wonder=city.wonder, side=city.side, coins=city.coins - spent + income,
                cards=city.cards, stages=city.stages, tucked=city.tucked, tokens=city.tokens,
                free_build_age=city.free_build_age, stage_choices=city.stage_choices,
            )
        if keep_marks and (spent or income or turn.built[seat] or turn.staged[seat]):
            mark = marks[seat]
            built = turn.built[seat]
            marks[seat] = TurnMarks(
                built=mark.built if built is None else (*mark.built, built),
                stages=mark.stages + turn.staged[seat],
                income=mark.income + income,
            )
    return tuple(cities), (tuple(marks) if keep_marks else tables.no_marks)


def _placed_city(city: City, placed: _Placed, coins: int) -> City:
    """``city`` with its placement of this turn (cards, stages, tucked, free build's Age,
    stage options) and ``coins``."""
    cards, stages, tucked, free_build_age, stage_choices = placed
    return City(wonder=city.wonder, side=city.side, coins=coins, cards=cards,
                     stages=stages, tucked=tucked, tokens=city.tokens,
                     free_build_age=free_build_age, stage_choices=stage_choices)


def _end_plain_turn(tables: Tables, turn: _Turn, cities: tuple[City, ...]) -> BaseState:
    """A plain draft turn ends in the same step: deferred coins, hands passed (``ages``)."""
    state = turn.state
    deferred = (*state.deferred, *turn.deferred)
    return BaseState(
        players=state.players,
        age=state.age,
        turn=state.turn + 1,
        cities=ages.pay_deferred(tables, cities, deferred, turn.events) if deferred else cities,
        hands=ages.pass_hands(tables, turn.hands, state.age, turn.events),
        decks=state.decks,
        discard=(*state.discard, *turn.discard) if turn.discard else state.discard,
        rng=state.rng,
        pending=(),
        marks=tables.no_marks,
        deferred=(),
        over=state.over,
        age_ending=False,
        expansions=state.expansions,
    )
