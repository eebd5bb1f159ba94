"""Card conservation: the deal of a table, and where each of its cards may lie (rulebook
"Vorbereitung": the cards for the player count, n + 2 guilds; every card is dealt, played,
discarded or still in a deck, never more or fewer; a deck of an Age to come holds that Age's
cards, the copies a card name has in other Ages elsewhere). The invariant ``card_conservation`` of
:mod:`sevenwonders.base.validation`; views check what they show against the same deal.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from functools import lru_cache
from itertools import chain

from sevenwonders.base.cards import load_edition
from sevenwonders.base.state import BaseState
from sevenwonders.core.problems import Problem, Verdicts, problem
from sevenwonders.errors import InvalidStateError


def _fail(field: str, message: str) -> InvalidStateError:
    return InvalidStateError(f"inconsistent base-game state: {message}", field=field)


@lru_cache(maxsize=16)
def deal(edition: str, players: int) -> tuple[Counter[str], dict[str, frozenset[int]],
                                              frozenset[str]]:
    """The non-guild cards dealt for ``players`` (one entry per copy), the Ages each card name
    belongs to, and the guilds (rulebook "Setup")."""
    data = load_edition(edition)
    expected: Counter[str] = Counter()
    for k in (1, 2, 3):
        expected.update(data.age_cards(k, players))
    guilds = frozenset(data.guilds())
    ages: dict[str, set[int]] = {guild: {3} for guild in guilds}
    for k in (1, 2, 3):
        for card in data.age_cards(k, 7):
            ages.setdefault(card, set()).add(k)
    return expected, {card: frozenset(found) for card, found in ages.items()}, guilds


@lru_cache(maxsize=48)
def age_deal(edition: str, players: int, age: int) -> Counter[str]:
    """The cards of one Age dealt for ``players``, one entry per copy, guilds left out."""
    return Counter(load_edition(edition).age_cards(age, players))


@lru_cache(maxsize=16)
def names_by_age(edition: str, players: int) -> tuple[tuple[frozenset[str], ...],
                                                       tuple[frozenset[str], ...]]:
    """For each Age 1-3 (index 0 unused): the card names of exactly that Age, and of that Age
    or an earlier one."""
    _, ages, _ = deal(edition, players)
    exact: list[frozenset[str]] = [frozenset()]
    upto: list[frozenset[str]] = [frozenset()]
    for k in (1, 2, 3):
        exact.append(frozenset(card for card, found in ages.items() if k in found))
        upto.append(frozenset(card for card, found in ages.items() if min(found) <= k))
    return tuple(exact), tuple(upto)


def _misplaced(state: BaseState, edition: str) -> None:
    """Raise for the first place (hands, decks, discard pile, cities) holding a card that is no
    card of the edition, or of an Age that may not lie there."""
    age = state.age
    _, ages, _ = deal(edition, state.players)
    exact, upto = names_by_age(edition, state.players)
    places = [(f"hands[{s}]", hand, exact[age], age) for s, hand in enumerate(state.hands)]
    places += [(f"decks[{i}]", deck, exact[age + 1 + i], age + 1 + i)
               for i, deck in enumerate(state.decks)]
    places.append(("discard", state.discard, upto[age], age))
    for s, city in enumerate(state.cities):
        places.append((f"cities[{s}].cards", city.cards, upto[age], age))
        places.append((f"cities[{s}].tucked", city.tucked, upto[age], age))
    for field, cards, allowed, latest in places:
        if not allowed.issuperset(cards):
            card = next(c for c in cards if c not in allowed)
            if card not in ages:
                raise _fail(field, f"{card!r} is not a card of the {edition} edition")
            raise _fail(field, f"{card!r} is a card of Age {min(ages[card])}, not {latest}")


@lru_cache(maxsize=48)
def sorted_deal(edition: str, players: int, age: int = 0) -> tuple[str, ...]:
    """The non-guild cards dealt for ``players`` (of one Age; 0: of every Age), one entry per
    copy, in sorted order: what a state's cards are compared with in one C pass."""
    counts = deal(edition, players)[0] if age == 0 else age_deal(edition, players, age)
    return tuple(sorted(counts.elements()))


@lru_cache(maxsize=64)
def deal_counts(edition: str, players: int, age: int = 0) -> dict[str, int]:
    """The non-guild cards dealt for ``players`` (of one Age; 0: of every Age; ``-k``: of
    Ages 1 to k) as a plain dict of copies by name (the callers only read it)."""
    if age >= 0:
        return dict(deal(edition, players)[0] if age == 0 else age_deal(edition, players, age))
    counts: Counter[str] = Counter()
    for k in range(1, 1 - age):
        counts.update(age_deal(edition, players, k))
    return dict(counts)


DealShape = tuple[frozenset[str], frozenset[str], tuple[str, ...], int]
"""What :func:`_the_deal` compares cards with: the names dealt, the names dealt more than once,
the copies of those in sorted order, and how many cards are dealt in all."""


@lru_cache(maxsize=64)
def deal_shape(edition: str, players: int, age: int = 0) -> DealShape:
    """The cards :func:`deal_counts` gives (same arguments) as :func:`_the_deal` reads them."""
    counts = deal_counts(edition, players, age)
    repeated = frozenset(card for card, times in counts.items() if times > 1)
    copies = tuple(sorted(card for card in repeated for _ in range(counts[card])))
    return frozenset(counts), repeated, copies, sum(counts.values())


def _the_deal(cards: list[str], guilds: frozenset[str], dealt: DealShape, needed: int) -> bool:
    """Whether ``cards`` are the ``dealt`` cards (:func:`deal_shape`) and ``needed`` guilds of
    ``guilds``, each once. In C passes: as many cards as dealt and guilds, ``needed`` of those
    guilds among them, every name dealt, and each name dealt more than once in as many copies:
    so every other name dealt, and each guild, is there once, and nothing else is (no guild is
    a dealt name; the tests compare this with the copies of each name counted)."""
    names, repeated, copies, size = dealt
    present = set(cards)
    return (len(cards) == size + needed and len(guilds.intersection(present)) == needed
            and present.issuperset(names)
            and tuple(sorted([card for card in cards if card in repeated])) == copies)


def _conserved(state: BaseState, edition: str) -> bool:
    """Whether :func:`check_cards` finds nothing: every place holds cards its Age allows, the
    cards on the table are the deal, each deck its Age's deal, no city builds a card twice.
    The same rules as there, as counts compared with tables made once a configuration; it
    only says "no problem" (``False``: the full check says which)."""
    n, age = state.players, state.age
    _, _, guilds = deal(edition, n)
    exact, upto = names_by_age(edition, n)
    decks = state.decks
    if len(decks) != 3 - age:
        return False
    everything = [*chain.from_iterable(state.hands)]
    if not exact[age].issuperset(everything):
        return False
    placed = [*state.discard]
    for city in state.cities:
        if len(set(city.cards)) != len(city.cards):
            return False
        placed += city.cards
        placed += city.tucked
    if not upto[age].issuperset(placed):
        return False
    everything += placed
    # each deck of an Age to come is that Age's deal and guilds, so the cards elsewhere must be
    # the deal of the Ages so far and the other guilds: every card of the deal once per copy
    in_decks: set[str] = set()
    for i, deck in enumerate(decks):
        k = age + 1 + i
        key = (edition, n, k, deck)
        found = _DECKS_FIT.get(key)
        if found is None:
            used = guilds.intersection(deck)
            found = _DECKS_FIT.remember(key, (exact[k].issuperset(deck) and _the_deal(
                [*deck], guilds, deal_shape(edition, n, k), len(used)), used))
        fits, used = found
        if not fits or not in_decks.isdisjoint(used):
            return False
        in_decks |= used
    return _the_deal(everything, guilds - in_decks, deal_shape(edition, n, -age),
                     n + 2 - len(in_decks))


_DECKS_FIT: Verdicts[tuple[str, int, int, tuple[str, ...]], tuple[bool, frozenset[str]]] = (
    Verdicts(512))
"""Whether a deck is its Age's deal, and the guilds it holds, by edition, table size, Age and
deck (the states of one Age of a game share their decks)."""


def check_cards(state: BaseState, edition: str) -> Iterator[Problem]:
    """Every card of the deal once per copy, each where its Age allows (``edition``: the one
    the state's wonder boards belong to)."""
    if _conserved(state, edition):
        return
    n, age = state.players, state.age
    dealt, _, guilds = deal(edition, n)
    exact, upto = names_by_age(edition, n)
    built = [city.cards for city in state.cities] + [city.tucked for city in state.cities]
    if not (exact[age].issuperset(chain.from_iterable(state.hands))
            and upto[age].issuperset(chain(state.discard, *built))
            and all(exact[age + 1 + i].issuperset(deck) for i, deck in enumerate(state.decks))):
        _misplaced(state, edition)  # (raises, naming the first place that holds a card it may not)
    seen = Counter(chain(*state.hands, *state.decks, state.discard, *built))
    used_guilds = guilds.intersection(seen)
    if len(used_guilds) != n + 2 or any(seen[g] != 1 for g in used_guilds):
        raise _fail("decks", f"{len(used_guilds)} guilds in play, not {n + 2} different ones")
    expected = dict(dealt)
    expected.update(dict.fromkeys(used_guilds, 1))
    if not dict.__eq__(seen, expected):  # (neither holds a zero count: plain dict equality)
        extra = sorted((seen - Counter(expected)).elements())[:3]
        missing = sorted((Counter(expected) - seen).elements())[:3]
        raise _fail("cards", f"the cards are not the deal for {n} players: extra {extra}, "
                    f"missing {missing}")
    for i, deck in enumerate(state.decks):  # an Age to come: its own cards, untouched
        k = age + 1 + i
        counts = Counter(deck)
        for guild in guilds.intersection(counts):
            del counts[guild]
        if not dict.__eq__(counts, age_deal(edition, n, k)):  # (no zero counts in either)
            yield from problem("card_conservation", f"decks[{i}]",
                               f"the deck of Age {k} is not that Age's deal for {n} players")
    for s, city in enumerate(state.cities):
        if len(set(city.cards)) != len(city.cards):
            yield from problem("card_conservation", f"cities[{s}].cards",
                               "a city holds a building twice")


