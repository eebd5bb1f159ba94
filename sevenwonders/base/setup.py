"""Set-up: the decks of the three Ages, the guilds, the wonder boards and their sides, the
starting coins and the first hands.

Rulebook (2nd ed., base-game.de.txt) "VORBEREITUNG": the cards for the table size, players + 2
guilds drawn at random into Age III, each deck shuffled; a wonder board per player, a side
each; 3 coins each; 7 cards dealt per hand ("ABLAUF EINES ZEITALTERS"). Reference (base.md)
§4.1. Boards printed with Day/Night sides play as A/B in the 1st edition and back (D4).
"""

from __future__ import annotations

from typing import Any

from sevenwonders.base.state import NO_MARKS, BaseState, City
from sevenwonders.base.tables import Tables
from sevenwonders.core.rng import Rng
from sevenwonders.errors import InvalidOptionError

HAND_SIZE = 7  # rulebook "VORBEREITUNG": 7 cards a seat each Age
TURNS_PER_AGE = 6  # the 7th card of a hand is not played (but by Babylon)
START_COINS = 3


def check_players(players: Any) -> int:
    if isinstance(players, bool) or not isinstance(players, int) or not 3 <= players <= 7:
        raise InvalidOptionError(f"the base game is for 3 to 7 players, not {players!r}")
    return players


def deal(deck: tuple[str, ...], players: int) -> tuple[tuple[str, ...], ...]:
    """A hand of :data:`HAND_SIZE` cards for each seat, from the top of ``deck``."""
    return tuple(deck[HAND_SIZE * seat : HAND_SIZE * (seat + 1)] for seat in range(players))


def new_game(tables: Tables, seed: int) -> BaseState:
    """The state at the start of Age I for ``seed``: wonders, sides, decks, hands, expansions."""
    n = tables.players
    rng = Rng.from_seed(seed)
    if tables.options.wonders is None:
        wonders, rng = rng.shuffle(tuple(tables.wonders))
        wonders = wonders[:n]
    else:
        wonders = tables.options.wonders
    sides: list[str] = []
    for seat in range(n):
        side, rng = _side_for(tables, seat, rng)
        sides.append(side)
    decks = []
    for age in (1, 2, 3):
        cards = list(tables.age_cards[age - 1])
        if age == 3:
            guilds, rng = rng.shuffle(tables.guilds)
            cards.extend(guilds[: n + 2])
        deck, rng = rng.shuffle(cards)
        decks.append(deck)
    state = BaseState(
        players=n,
        age=1,
        turn=1,
        cities=tuple(City(wonder=wonders[s], side=sides[s], coins=START_COINS, cards=(),
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
    if not tables.expansions:
        return state
    extra = []
    for expansion in tables.expansions:
        expansion_state, rng = expansion.setup(tables, state, rng)
        extra.append(expansion_state)
    return BaseState(
        players=n, age=1, turn=1, cities=state.cities, hands=state.hands, decks=state.decks,
        discard=(), rng=rng, pending=(), marks=state.marks, deferred=(), over=False,
        age_ending=False, expansions=tuple(extra),
    )


def _side_for(tables: Tables, seat: int, rng: Rng) -> tuple[str, Rng]:
    """The option ``sides``: one per seat, one for all, or drawn (day/night or a/b)."""
    sides = tables.options.sides
    if isinstance(sides, tuple):
        return sides[seat], rng
    if sides in ("random", "ab"):
        return rng.choice(("day", "night") if sides == "random" else ("a", "b"))
    return sides, rng
