"""Battles (DE rulebook "Einen Konflikt abhandeln", "Spiel zu zweit"; reference architects.md
3.4): shields from red cards, Rhodes and Tactics; each seat wins a military token from each
neighbour with fewer shields, through ``core.military``; with two players the two-player rule of
the FR rulebook p.5.
"""

from __future__ import annotations

from collections.abc import Callable

from sevenwonders.architects.powers import StageShields
from sevenwonders.architects.state import City
from sevenwonders.architects.tables import Tables
from sevenwonders.core.military import WIN, compare, neighbour_conflicts
from sevenwonders.core.seats import Ring


def shields(t: Tables, city: City) -> int:
    """The seat's shields: red cards, each built Rhodes stage with the effect, Tactics."""
    total = 0
    per_kind, kind_of = t.shields, t.card_kind
    for card in city.cards:
        total += per_kind[kind_of[card]]
    power = t.power[city.wonder]
    if type(power) is StageShields:
        effects = t.stage_effect[city.wonder]
        total += power.shields * sum(effects[key] for key in city.built)
    for token in city.tokens:
        total += t.token_shields.get(token, 0)
    return total


def fight(t: Tables, ring: Ring, cities: tuple[City, ...],
          make_city: Callable[[str, tuple[str, ...], tuple[int, ...], tuple[str, ...], int], City]
          = City) -> tuple[
        tuple[City, ...], list[int], tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    """A battle at the end of a turn: the cities after it (their cards with horns discarded,
    the military tokens won added; built by ``make_city``), the discarded cards in seat order,
    each seat's shields, tokens won and cards discarded."""
    totals = tuple([shields(t, city) for city in cities])
    won = battle_gains(ring, totals)
    after: list[City] = []
    gone: list[int] = []
    discarded: list[int] = []
    horns, kind_of = t.horns, t.card_kind
    for seat, city in enumerate(cities):
        removed: list[int] = []
        keep: list[int] = []
        for card in city.cards:
            (removed if horns[kind_of[card]] else keep).append(card)
        discarded.append(len(removed))
        gone.extend(removed)
        after.append(make_city(city.wonder, city.built, tuple(keep), city.tokens,
                               city.military + won[seat]))
    return tuple(after), gone, totals, won, tuple(discarded)


def battle_gains(ring: Ring, totals: tuple[int, ...]) -> tuple[int, ...]:
    """Military victory tokens won by each seat for these shield totals: one per neighbour
    with fewer shields; with two players, the two-player rule instead."""
    if len(totals) == 2:
        return tuple(two_player_gain(totals[s], totals[1 - s]) for s in range(2))
    return tuple(outcomes.count(WIN) for outcomes in neighbour_conflicts(totals, ring))


def two_player_gain(own: int, other: int) -> int:
    """Two players (FR rulebook p.5): more shields win 1 token, at least twice as many win 2;
    against 0 shields, 1 shield wins 1 and 2 or more win 2."""
    if compare(own, other) != WIN:
        return 0
    return 2 if own >= 2 * other and own >= 2 else 1
