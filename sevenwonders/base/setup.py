"""Set-up: the decks of the three Ages, the guilds, the wonder boards and their sides, the
starting coins and the first hands.

Rulebook (2nd ed., base-game.de.txt) "VORBEREITUNG": the cards for the table size, players + 2
guilds drawn at random into Age III, each deck shuffled; a wonder board per player, a side
each; 3 coins each; 7 cards dealt per hand ("ABLAUF EINES ZEITALTERS"). Reference (base.md)
§4.1. Boards printed with Day/Night sides play as A/B in the 1st edition and back (D4).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from sevenwonders.base.cards import Stage, Wonder
from sevenwonders.base.state import NO_MARKS, BaseState, make_city, make_state
from sevenwonders.core.rng import Rng
from sevenwonders.errors import InvalidOptionError

if TYPE_CHECKING:
    from sevenwonders.base.rules import Rules

HAND_SIZE = 7
TURNS_PER_AGE = 6
START_COINS = 3
SIDE_ALIASES = {"a": "day", "b": "night", "day": "a", "night": "b"}


def check_players(players: Any) -> int:
    if isinstance(players, bool) or not isinstance(players, int) or not 3 <= players <= 7:
        raise InvalidOptionError(f"the base game is for 3 to 7 players, not {players!r}")
    return players


def boards(wonders: Mapping[str, Wonder]) -> dict[tuple[str, str], tuple[Stage, ...]]:
    """(wonder, side) -> its stages, for every side of every board, under both side names."""
    found: dict[tuple[str, str], tuple[Stage, ...]] = {}
    for name, wonder in wonders.items():
        for side in wonder.side:
            found[(name, side.name)] = side.stages
        for alias, real in SIDE_ALIASES.items():
            if (name, alias) not in found and (name, real) in found:
                found[(name, alias)] = found[(name, real)]
    return found


def deal(deck: tuple[str, ...], players: int) -> tuple[tuple[str, ...], ...]:
    """A hand of :data:`HAND_SIZE` cards for each seat, from the top of ``deck``."""
    return tuple(deck[HAND_SIZE * seat : HAND_SIZE * (seat + 1)] for seat in range(players))


def new_game(rules: Rules, seed: int) -> BaseState:
    """The state at the start of Age I for ``seed``: wonders, sides, decks, hands, expansions."""
    n = rules.players
    rng = Rng.from_seed(seed)
    if rules.options.wonders is None:
        wonders, rng = rng.shuffle(tuple(rules.wonders))
        wonders = wonders[:n]
    else:
        wonders = rules.options.wonders
    sides: list[str] = []
    for seat in range(n):
        side, rng = _side_for(rules, seat, rng)
        sides.append(side)
    decks = []
    for age in (1, 2, 3):
        cards = list(rules.age_cards[age - 1])
        if age == 3:
            guilds, rng = rng.shuffle(rules.guilds)
            cards.extend(guilds[: n + 2])
        deck, rng = rng.shuffle(cards)
        decks.append(deck)
    state = make_state(
        players=n,
        age=1,
        turn=1,
        cities=tuple(make_city(wonder=wonders[s], side=sides[s], coins=START_COINS, cards=(),
                               stages=0, tucked=(), tokens=(), free_build_age=0,
                               stage_choices=()) for s in range(n)),
        hands=deal(decks[0], n),
        decks=tuple(decks[1:]),
        discard=(),
        rng=rng,
        pending=(),
        marks=(NO_MARKS,) * n,
        deferred=(),
        over=False,
        age_ending=False,
        expansions=(),
    )
    if not rules.expansions:
        return state
    extra = []
    for expansion in rules.expansions:
        expansion_state, rng = expansion.setup(rules, state, rng)
        extra.append(expansion_state)
    return make_state(
        players=n, age=1, turn=1, cities=state.cities, hands=state.hands, decks=state.decks,
        discard=(), rng=rng, pending=(), marks=state.marks, deferred=(), over=False,
        age_ending=False, expansions=tuple(extra),
    )


def _side_for(rules: Rules, seat: int, rng: Rng) -> tuple[str, Rng]:
    """The option ``sides``: one per seat, one for all, or drawn (day/night or a/b)."""
    sides = rules.options.sides
    if isinstance(sides, tuple):
        return sides[seat], rng
    if sides in ("random", "ab"):
        return rng.choice(("day", "night") if sides == "random" else ("a", "b"))
    return sides, rng
