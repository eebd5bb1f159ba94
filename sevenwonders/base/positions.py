"""Set up a base-game position on purpose: say what matters, the builder completes the rest.

Tutorials, puzzles, bot tests and the rulebook's worked examples need a chosen position
("Babylon with these cards, this hand, Age III turn 5"). :func:`position` takes the parts the
caller cares about and fills in everything else the way a real deal would, from the seed: the
wonders and sides are the game's (``BaseGame(wonders=..., sides=...)``, else dealt from the
seed), the cards nobody named come from the deal for this edition and player count (the
current Age's into the hands not given, later Ages' into their shuffled decks, the rest of the
played Ages onto the discard pile or under the stages), and the result must pass every
invariant of :mod:`sevenwonders.base.validation`, else :class:`InvalidStateError` lists the
problems. The position starts a turn: no decision pending.

>>> from sevenwonders.base import BaseGame
>>> game = BaseGame(3, wonders=("Babylon", "Gizah", "Rhodos"))
>>> state = position(game, age=3, turn=5, seed=1,
...                  cities={0: {"cards": ("Theater", "Baths"), "coins": 6}},
...                  hands={0: ("Gardens", "Palace", "Senate")})
>>> state.hands[0], state.cities[0].coins, len(state.hands[1])
(('Gardens', 'Palace', 'Senate'), 6, 3)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

import attrs

from sevenwonders.base.game import BaseGame
from sevenwonders.base.setup import HAND_SIZE, START_COINS, TURNS_PER_AGE
from sevenwonders.base.state import BaseState, City
from sevenwonders.base.validation import problems
from sevenwonders.core.limits import quote
from sevenwonders.core.options import checked_items, checked_mapping
from sevenwonders.core.problems import Problem, refuse
from sevenwonders.errors import InvalidOptionError, InvalidStateError

MAX_STAGES = 4
"""The most stages a board of any edition or expansion has."""
CITY_KEYS = ("coins", "cards", "stages", "tucked", "tokens", "free_build_age", "stage_choices")
"""What a city of :func:`position` may say; every other field of a city is the game's."""


def _names(value: object, what: str) -> tuple[str, ...]:
    if isinstance(value, str) or not isinstance(value, Sequence) \
            or not all(type(v) is str for v in value):
        raise InvalidOptionError(f"{what} must be a list of card names, not {quote(value)}")
    return tuple(value)


def _seats(value: Mapping[int, Any] | None, players: int, what: str) -> dict[int, Any]:
    seats = checked_mapping(what, value)
    if any(type(seat) is not int or not 0 <= seat < players for seat in seats):
        raise InvalidOptionError(f"{what} maps seats 0 to {players - 1} to what they hold")
    return seats


def _city(base: City, spec: Mapping[str, Any], seat: int) -> City:
    """``base`` with what ``spec`` says (tucked cards still to be completed)."""
    spec = checked_mapping(f"cities[{seat}]", spec)
    unknown = sorted(set(spec) - set(CITY_KEYS))
    if unknown:
        raise InvalidOptionError(f"cities[{seat}] cannot say {quote(unknown[0])}; a city says "
                                 f"{', '.join(CITY_KEYS)}")
    tucked = _names(spec.get("tucked", ()), f"cities[{seat}].tucked")
    stages = spec.get("stages", len(tucked))
    ints = {key: spec.get(key, default) for key, default in
            (("coins", START_COINS), ("stages", stages), ("free_build_age", 0))}
    for key, number in ints.items():
        if type(number) is not int:
            raise InvalidOptionError(f"cities[{seat}].{key} must be a whole number")
    tokens = checked_items(f"cities[{seat}].tokens", spec.get("tokens", ()), int)
    # (a stage count no board has gets a few options, and the check refuses it)
    choices = checked_items(f"cities[{seat}].stage_choices", spec.get(
        "stage_choices", (0,) * min(max(0, stages), MAX_STAGES + 1)), int)
    return attrs.evolve(base, coins=ints["coins"], cards=_names(spec.get("cards", ()),
                        f"cities[{seat}].cards"), stages=stages, tucked=tucked, tokens=tokens,
                        free_build_age=ints["free_build_age"], stage_choices=choices)


def _take(pool: dict[int, Counter[str]], ages: Mapping[str, int], card: str,
          missing: list[str]) -> None:
    age = ages.get(card)
    if age is None or pool[age][card] <= 0:
        missing.append(card)
        return
    pool[age][card] -= 1


def _unnamed_deal(game: BaseGame, start: BaseState,
                  named: Sequence[str]) -> dict[int, Counter[str]]:
    """The deal of this table by Age, less the ``named`` cards (the guilds named replace guilds
    the seed drew); refuses a card named more often than the deal holds it."""
    ages = {name: card.age for name, card in game.rules.cards.items()}
    pool = {k: Counter(cards) for k, cards in enumerate(
        (sum(start.hands, ()), *start.decks), start=1)}
    guilds = set(game.rules.guilds)
    wanted = [g for g in dict.fromkeys(named) if g in guilds and not pool[3][g]]
    spare = [g for g in sorted(pool[3]) if g in guilds and g not in named]
    for guild, dropped in zip(wanted, spare, strict=False):
        pool[3][dropped] -= 1
        pool[3][guild] += 1
    missing: list[str] = []
    for card in named:
        _take(pool, ages, card, missing)
    if missing:
        raise refuse("base-game", (Problem(
            "card_conservation", "cards", f"{quote(missing[:3])} named more often than the "
            f"deal for {game.players} players holds them"),))
    return pool


def position(
    game: BaseGame, *, seed: int = 0, age: int = 1, turn: int = 1, over: bool = False,
    cities: Mapping[int, Mapping[str, Any]] | None = None,
    hands: Mapping[int, Sequence[str]] | None = None, discard: Sequence[str] = (),
    expansions: Mapping[str, Mapping[str, Any]] | None = None,
) -> BaseState:
    """A consistent base-game state at the start of ``turn`` of ``age`` (or the game's end,
    with ``over``), with the given ``cities`` (by seat: ``coins``, ``cards`` built, ``stages``
    built, ``tucked`` cards, conflict ``tokens``, ``free_build_age``, ``stage_choices``),
    ``hands`` (by seat; the others dealt) and ``discard`` pile (added to the cards the rest of
    the deal leaves there), completed from ``seed``; ``expansions`` says, by expansion name,
    what matters of each expansion's part (Edifice: :mod:`sevenwonders.edifice.positions`).
    Refuses a position no game could reach with :class:`InvalidStateError` carrying every
    problem."""
    if not isinstance(game, BaseGame):
        raise InvalidOptionError(f"position needs a BaseGame, not {quote(game)}")
    n = game.players
    parts = checked_mapping("expansions", expansions)
    discard = _names(discard, "discard")
    names = [expansion.name for expansion in game.expansions]
    if not all(isinstance(part, Mapping) and name in names for name, part in parts.items()):
        raise InvalidOptionError(f"expansions maps the names of this game's expansions "
                                 f"({', '.join(names) or 'none'}) to what their parts say")
    start = game.new_game(seed)
    city_specs = _seats(cities, n, "cities")
    hand_specs = {seat: _names(h, f"hands[{seat}]")
                  for seat, h in _seats(hands, n, "hands").items()}
    if over:
        age, turn = 3, TURNS_PER_AGE
    if type(age) is not int or not 1 <= age <= 3 or type(turn) is not int \
            or not 1 <= turn <= TURNS_PER_AGE:
        raise InvalidOptionError(f"no Age {quote(age)}, turn {quote(turn)}")
    built = [_city(start.cities[s], city_specs.get(s, {}), s) for s in range(n)]
    named = [*discard, *(c for h in hand_specs.values() for c in h),
             *(c for city in built for c in (*city.cards, *city.tucked))]
    pool = _unnamed_deal(game, start, named)
    rng = start.rng
    size = 0 if over else HAND_SIZE + 1 - turn
    current, rng = rng.shuffle(tuple(sorted(pool[age].elements())))
    hand_list: list[tuple[str, ...]] = []
    for seat in range(n):
        hand = hand_specs.get(seat)
        if hand is None:
            hand, current = current[:size], current[size:]
        hand_list.append(hand)
    played = list(current)
    for k in range(1, age):
        played += sorted(pool[k].elements())
    decks = []
    for k in range(age + 1, 4):
        deck, rng = rng.shuffle(tuple(sorted(pool[k].elements())))
        decks.append(deck)
    # the stages' tucked cards come from the cards played so far, the rest is the discard pile
    order, rng = rng.shuffle(tuple(played))
    rest = list(order)
    for seat, city in enumerate(built):
        lacking = max(0, city.stages - len(city.tucked))
        built[seat] = attrs.evolve(city, tucked=(*city.tucked, *rest[:lacking]))
        del rest[:lacking]
    state = attrs.evolve(start, age=age, turn=turn, cities=tuple(built),
                         hands=tuple(hand_list), decks=tuple(decks),
                         discard=(*discard, *rest), rng=rng, over=over)
    for expansion in game.expansions:
        state = expansion.position_part(game.rules, state, parts.get(expansion.name),
                                        city_specs)
    found = problems(state)
    if found:
        raise refuse("base-game", found)
    return state


def refused_problems(error: InvalidStateError) -> tuple[str, ...]:
    """The names of the invariants a refused position breaks (for tests and tutorials)."""
    return tuple(problem.invariant for problem in error.problems)


__all__ = ["CITY_KEYS", "position", "refused_problems"]
