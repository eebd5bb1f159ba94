"""The checks of a base-game view read from outside: the invariants of
:mod:`sevenwonders.base.validation` as far as a seat can see them.

A view shows every city, the seat's own hand and tucked cards, the other hands' sizes, the
discard pile's size (its cards only to a seat building from it) and the turn's marks. Every
``from_json`` of a :class:`BaseView` runs :func:`view_problems` and refuses a view with a
problem, naming the invariants as a state's load does:

- ``shape`` (gate): 3-7 players, the seat and the seats to move at the table, a city and a hand
  size a seat (the seat's own the size of its hand), Age 1-3, turn 1-6;
- ``table`` (gate): the boards of one edition and one game, stages and options that exist, the
  seat's tucked cards one a built stage;
- ``card_conservation``: every card shown is a card of the edition, of an Age played so far
  (the hand's of this Age), no more copies shown than the deal has, no building twice in a city;
- ``hand_sizes``: hands of ``8 - turn`` cards between decisions (one fewer, or none, while a
  turn's decisions are pending), the discard pile shown only to the seat building from it;
- ``built_counts``, ``coins``, ``military_tokens``, ``turn_marks``, ``deferred_effects``: as for
  a state, on the public cities; the expansions' states (public) as for a state (``table``);
- ``memory``: a remembered hand a seat (its own as it is, an empty one empty, any other of
  this Age's cards and at least as many as that hand holds), remembered discards of the pile.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from typing import Any

import attrs

from sevenwonders.base.conflict_tokens import TOKEN_VALUES
from sevenwonders.base.conservation import deal, names_by_age
from sevenwonders.base.effects import CoinsPer
from sevenwonders.base.expansion_state import expansion_name
from sevenwonders.base.invariants import _extra_builds
from sevenwonders.base.loaded_table import SIDES_OF, _game_for
from sevenwonders.base.progress import COINS_PER_STEP
from sevenwonders.base.setup import HAND_SIZE, START_COINS, TURNS_PER_AGE
from sevenwonders.base.state import BaseState, City, PendingKind
from sevenwonders.base.view import BaseView
from sevenwonders.core.problems import (
    Invariant,
    Problem,
    find,
    problem,
    register_load_check,
)
from sevenwonders.core.rng import Rng
from sevenwonders.errors import InvalidStateError


@attrs.define
class _Seen:
    view: BaseView
    edition: str = "2nd"
    game: Any = None
    cities: tuple[City, ...] = ()


def _shape(ctx: _Seen) -> Iterator[Problem]:
    v = ctx.view
    n = v.players
    if not 3 <= n <= 7 or not 0 <= v.seat < n:
        yield from problem("shape", "seat", f"seat {v.seat} of {n} players")
        return
    if len(v.cities) != n or len(v.hand_sizes) != n:
        yield from problem("shape", "cities", f"{len(v.cities)} cities for {n} players")
        return
    if v.hand_sizes[v.seat] != len(v.hand) or any(c.seat != s for s, c in enumerate(v.cities)):
        yield from problem("shape", "hand_sizes", "the seat's hand is not its hand size")
    if not 1 <= v.age <= 3 or not 1 <= v.turn <= TURNS_PER_AGE:
        yield from problem("shape", "turn", f"Age {v.age}, turn {v.turn}")
    if list(v.to_move) != sorted(set(v.to_move)) or any(not 0 <= s < n for s in v.to_move):
        yield from problem("shape", "to_move", "seats to move that are not seats")


def _table(ctx: _Seen) -> Iterator[Problem]:
    v = ctx.view
    sides = {c.side for c in v.cities}
    ctx.edition = next((e for e, allowed in SIDES_OF.items() if sides <= allowed), "")
    if not ctx.edition:
        yield from problem("table", "cities", f"wonder sides {sorted(sides)[:4]}")
        return
    names = tuple(expansion_name(e) or "?" for e in v.expansions)
    ctx.game = _game_for(v.players, ctx.edition, tuple(c.side for c in v.cities),
                         tuple(c.wonder for c in v.cities), names)
    ctx.cities = tuple(City(c.wonder, c.side, c.coins, c.cards, c.stages,
                            v.tucked if s == v.seat else (), c.tokens, c.free_build_age,
                            c.stage_choices) for s, c in enumerate(v.cities))
    rules = ctx.game.rules
    for s, city in enumerate(ctx.cities):
        stages = rules.stages(city)
        if not 0 <= city.stages <= len(stages) or len(city.stage_choices) != city.stages \
                or any(not 0 <= k < max(1, len(stage.choices))
                       for stage, k in zip(stages, city.stage_choices, strict=False)):
            yield from problem("table", f"cities[{s}].stages", "stages that do not exist")
    if len(v.tucked) != v.cities[v.seat].stages:
        yield from problem("table", "tucked", "a tucked card for each built stage")


def _cards(ctx: _Seen) -> Iterator[Problem]:
    v = ctx.view
    dealt, _, guilds = deal(ctx.edition, v.players)
    exact, upto = names_by_age(ctx.edition, v.players)
    shown: Counter[str] = Counter(v.hand) + Counter(v.tucked) + Counter(v.discard)
    if not exact[v.age].issuperset(v.hand):
        yield from problem("card_conservation", "hand", f"a card of another Age than {v.age}")
    for s, c in enumerate(v.cities):
        shown.update(c.cards)
        if not upto[v.age].issuperset((*c.cards, *c.built_this_turn)) \
                or len(set(c.cards)) != len(c.cards):
            yield from problem("card_conservation", f"cities[{s}].cards",
                               "a card unknown, of a later Age, or twice")
    if not upto[v.age].issuperset((*v.tucked, *v.discard)):
        yield from problem("card_conservation", "tucked", "a card unknown or of a later Age")
    too_many = [c for c, k in shown.items() if k > (1 if c in guilds else dealt[c])]
    used_guilds = guilds.intersection(shown)
    if too_many or len(used_guilds) > v.players + 2:
        yield from problem("card_conservation", "cards",
                           f"more copies shown than the deal holds: {too_many[:3]}")


def _decisions_pending(v: BaseView) -> bool:
    return not v.over and len(v.to_move) != v.players


def _hands(ctx: _Seen) -> Iterator[Problem]:
    v = ctx.view
    full = HAND_SIZE + 1 - v.turn
    pending = _decisions_pending(v)
    allowed = {0} if v.over else ({full - 1, full, 0, 1} if pending else {full})
    if not set(v.hand_sizes) <= allowed:
        yield from problem("hand_sizes", "hand_sizes", f"hands of {list(v.hand_sizes)[:7]} "
                           f"cards on turn {v.turn}")
    if v.discard and (v.pending is not PendingKind.BUILD_FROM_DISCARD
                      or len(v.discard) != v.discard_size):
        yield from problem("hand_sizes", "discard", "the discard pile shown to a seat not "
                           "building from it")
    if (v.pending is not None) != (v.seat in v.to_move and pending):
        yield from problem("hand_sizes", "pending", "a decision of a seat not to move")


def _cities(ctx: _Seen) -> Iterator[Problem]:
    v = ctx.view
    rules = ctx.game.rules
    index = TURNS_PER_AGE * (v.age - 1) + v.turn
    turns = index - (0 if _decisions_pending(v) or v.over else 1)
    limit = START_COINS + COINS_PER_STEP * (100 * index + 75)
    for s, (city, seen) in enumerate(zip(ctx.cities, v.cities, strict=True)):
        from_discard, last_card = _extra_builds(rules, ctx.edition, city)
        if len(city.cards) + city.stages > turns + from_discard + (v.age if last_card else 0):
            yield from problem("built_counts", f"cities[{s}].cards", "more cards placed than "
                               "turns played and the wonder's extra builds")
        if not 0 <= city.coins <= limit:
            yield from problem("coins", f"cities[{s}].coins", f"{city.coins} coins")
        if not set(city.tokens) <= TOKEN_VALUES or (
                not v.expansions and len(city.tokens) > 2 * (3 if v.over else v.age - 1)):
            yield from problem("military_tokens", f"cities[{s}].tokens", "tokens of no "
                               "conflict fought")
        marked = seen.income or seen.built_this_turn or seen.stages_this_turn
        if (marked and not _decisions_pending(v)) or not 0 <= seen.income <= city.coins \
                or not set(seen.built_this_turn) <= set(city.cards) \
                or not 0 <= seen.stages_this_turn <= city.stages:
            yield from problem("turn_marks", f"cities[{s}]", "turn marks that do not fit")
    tokens = Counter(t for c in v.cities for t in c.tokens)
    if not v.expansions and sum(k for t, k in tokens.items() if t > 0) != tokens[-1]:
        yield from problem("military_tokens", "cities", "victories without their defeats")
    for i, (seat, name) in enumerate(v.deferred):
        card = rules.cards.get(name)
        if not 0 <= seat < v.players or card is None or not _decisions_pending(v) \
                or not any(isinstance(e, CoinsPer) for e in card.effects) \
                or name not in v.cities[seat].built_this_turn:
            yield from problem("deferred_effects", f"deferred[{i}]", "no coin effect of a "
                               "card built this turn")


def _expansions(ctx: _Seen) -> Iterator[Problem]:
    """The expansions' own states (public: Edifice's projects, pawns and debts) checked as a
    state's load checks them, on a stand-in state of the public cities."""
    v, game = ctx.view, ctx.game
    if not game.expansions:
        return
    stand_in = BaseState(players=v.players, age=v.age, turn=v.turn, cities=ctx.cities,
                         hands=((),) * v.players, decks=(), discard=(), rng=_NO_RNG,
                         over=v.over, expansions=v.expansions)
    try:
        for expansion in game.expansions:
            expansion.validate(game.rules, stand_in)
            expansion.validate_loaded(game.rules, stand_in)
    except InvalidStateError as error:
        yield from problem("table", error.field or "expansions",
                           str(error).removeprefix(f"{error.field}: "))


def _memory(ctx: _Seen) -> Iterator[Problem]:
    """What the seat remembers (:func:`~sevenwonders.base.memory.memory_of`): a hand a seat,
    its own hand as it is, an empty hand as empty, any other of this Age's cards and holding
    at least the cards the hand holds now; remembered discards of the Ages played so far, no
    more than the pile holds."""
    v = ctx.view
    hands, n = v.memory.hands, v.players
    exact, upto = names_by_age(ctx.edition, n)
    if len(hands) != n or hands[v.seat] != v.hand or any(
            cards is not None and (len(cards) < v.hand_sizes[h] or (
                not v.hand_sizes[h] and cards) or not exact[v.age].issuperset(cards))
            for h, cards in enumerate(hands)):
        yield from problem("memory", "memory.hands", "remembered hands that do not fit the "
                           "hands now")
    if len(v.memory.discard) > v.discard_size or not upto[v.age].issuperset(v.memory.discard):
        yield from problem("memory", "memory.discard", "remembered discards not of the pile")


_NO_RNG = Rng.from_seed(0)


VIEW_INVARIANTS: tuple[Invariant[_Seen], ...] = (
    Invariant("shape", "seats, sizes, Age and turn in range", _shape, gate=True),
    Invariant("table", "boards of one game, stages that exist", _table, gate=True),
    Invariant("table", "the expansions' states consistent", _expansions, gate=True),
    Invariant("card_conservation", "cards of the deal, where their Age allows", _cards),
    Invariant("hand_sizes", "hands fit the turn; the discard pile shown only to its builder",
              _hands),
    Invariant("cities", "built counts, coins, tokens, marks and deferred effects as for a "
              "state", _cities),
    Invariant("memory", "remembered hands and discards that fit the table", _memory),
)


def view_problems(view: BaseView) -> tuple[Problem, ...]:
    """Every problem of ``view`` a seat can see (empty for a view of a reachable state)."""
    if not isinstance(view, BaseView):
        return (Problem("shape", "view", f"not a BaseView but {type(view).__name__}"),)
    return find(VIEW_INVARIANTS, _Seen(view))


register_load_check(BaseView, view_problems, "base-game view")
