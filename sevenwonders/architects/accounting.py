"""The table invariants of an Architects state: a state against one game's tables.

:func:`check_state` checks the accounting (:data:`ACCOUNTING`) against one game's tables: a game
object checks the states it did not make with it. The load check
(:mod:`sevenwonders.architects.validation`, above the game object) runs these and
:data:`REACHABILITY` against the game the state's wonders describe; the invariants' statements
are in that module's list.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from functools import lru_cache
from itertools import chain

from sevenwonders.architects.state import (
    ArchitectsState,
    Finished,
    Revealed,
    StartTurn,
    TokenChoice,
)
from sevenwonders.architects.tables import Tables
from sevenwonders.core.problems import Invariant, Problem, Verdicts, find, problem, refuse

OPTIONAL_EFFECTS = ("ephesus", "olympia")  # the wonder effects a seat may decline (D2)
VICTORIES_PER_BATTLE = 2  # one from each neighbour; two at most with two players (FR p.5)


def card_locations(state: ArchitectsState) -> Counter[int]:
    """How many times each card id appears in decks, cities, the discard pile and a reveal."""
    seen: Counter[int] = Counter()
    for deck in state.decks:
        seen.update(deck)
    seen.update(state.central)
    seen.update(state.discard)
    for city in state.cities:
        seen.update(city.cards)
    if isinstance(state.pending, Revealed):
        seen.update(state.pending.cards)
    return seen


def check_state(tables: Tables, state: ArchitectsState) -> None:
    """Raise :class:`InvalidStateError` unless ``state`` is consistent with ``tables``: the
    accounting invariants (:data:`ACCOUNTING`; a load checks every invariant)."""
    found = find(ACCOUNTING, Context(tables, state))
    if found:
        raise refuse("Architects", found)


class Context:
    """What the checks share: the state, the tables it is checked against (``None`` until the
    load check has found the game) and the cities' wonders."""

    __slots__ = ("_deal", "_found", "_wonders", "state", "tables")

    def __init__(self, tables: Tables | None, state: ArchitectsState,
                 wonders: tuple[str, ...] | None = None,
                 found: tuple[list[int], set[int]] | None = None) -> None:
        self.tables = tables
        self.state = state
        self._wonders = wonders
        self._found = found
        self._deal: bool | None = None

    @property
    def found(self) -> tuple[list[int], set[int]]:
        """Every card id on the table, once for each place it lies (decks, central deck,
        discard pile, cities, a reveal), and their set (read off the state once)."""
        if self._found is None:
            self._found = found_cards(self.state)
        return self._found

    @property
    def found_if_read(self) -> tuple[list[int], set[int]] | None:
        """:attr:`found` if a check has read it already, else ``None``."""
        return self._found

    def share_found(self, found: tuple[list[int], set[int]] | None) -> None:
        """Take the cards on the table another context of the same state has found."""
        if self._found is None:
            self._found = found

    @property
    def wonders(self) -> tuple[str, ...]:
        """The cities' wonders, in seat order (read off the state once)."""
        if self._wonders is None:
            self._wonders = _wonders(self.state)
        return self._wonders

    @property
    def t(self) -> Tables:
        assert self.tables is not None
        return self.tables


def _wonders(state: ArchitectsState) -> tuple[str, ...]:
    return tuple([city.wonder for city in state.cities])


def check_table(ctx: Context) -> Iterator[Problem]:
    """The ``table`` invariant (its statement: the module's list)."""
    t, state = ctx.t, ctx.state
    n = t.players
    if len(state.cities) != n or len(state.decks) != n:
        yield from problem("table", "cities", f"expected {n} cities and decks")
        return
    wonders = ctx.wonders
    if len(set(wonders)) != n or any(w not in t.wonder_ids for w in wonders):
        yield from problem("table", "cities", f"bad wonders {wonders}")


def found_cards(state: ArchitectsState) -> tuple[list[int], set[int]]:
    """Every card id of ``state``, once for each place it lies, and their set."""
    found: list[int] = [*state.central, *state.discard]
    for deck in state.decks:
        found += deck
    for city in state.cities:
        found += city.cards
    if isinstance(state.pending, Revealed):
        found += state.pending.cards
    return found, set(found)


def deal_is_there(ctx: Context) -> bool:
    """Whether every card of the deal of ``ctx``'s game is on the table once (the
    ``card_conservation`` invariant holds)."""
    if ctx._deal is None:
        found, ids = ctx.found
        expected = _deal_ids(ctx.t, ctx.wonders)
        ctx._deal = len(found) == len(expected) and ids == expected
    return ctx._deal


def check_cards(ctx: Context) -> Iterator[Problem]:
    """Card ids are unique, so the deal is there once each exactly when the ids found are as
    many as the ids of the deal and are those ids."""
    if not deal_is_there(ctx):
        found, expected = ctx.found[0], _deal_ids(ctx.t, ctx.wonders)
        seen, wanted = Counter(found), Counter(expected)
        missing = sorted((wanted - seen).elements())[:5]
        extra = sorted((seen - wanted).elements())[:5]
        yield from problem("card_conservation", "cards",
                           f"cards not accounted for: missing {missing}, extra {extra}")


def _deal_ids(t: Tables, wonders: tuple[str, ...]) -> frozenset[int]:
    key = (id(t), wonders)
    found = _DEALS.get(key)
    if found is None or found[0] is not t:
        found = _DEALS[key] = (t, frozenset(t.all_cards(wonders)))
        if len(_DEALS) > 256:  # bounded: a load checks against a few cached games
            _DEALS.pop(next(iter(_DEALS)))
    return found[1]


_DEALS: dict[tuple[int, tuple[str, ...]], tuple[Tables, frozenset[int]]] = {}


def check_origin(ctx: Context) -> Iterator[Problem]:
    """The ``deck_origin`` invariant (its statement: the module's list)."""
    t, state = ctx.t, ctx.state
    origin = t.card_origin
    backs = deck_backs(t)
    for i, (city, deck) in enumerate(zip(state.cities, state.decks, strict=True)):
        if backs.get(city.wonder, _NO_CARDS).issuperset(deck):
            continue
        strays = [card for card in deck if origin[card] != city.wonder]
        if strays:
            yield from problem("deck_origin", f"decks[{i}]",
                               f"cards {strays[:3]} lie in the deck of {city.wonder}, not "
                               f"their own ({origin[strays[0]]})")
    if not backs.get("central", _NO_CARDS).issuperset(state.central):
        yield from problem("deck_origin", "central", "a wonder's card in the central deck")
    pending = state.pending
    if isinstance(pending, Revealed) and any(
            origin[card] != state.cities[pending.deck].wonder for card in pending.cards):
        yield from problem("deck_origin", "pending.cards",
                           f"revealed cards that are not of deck {pending.deck}")


@lru_cache(maxsize=16)
def deck_backs(t: Tables) -> dict[str, frozenset[int]]:
    """The ids of the cards with each back (a wonder's deck or ``"central"``), by back."""
    found: dict[str, set[int]] = {}
    for card, back in enumerate(t.card_origin):
        found.setdefault(back, set()).add(card)
    return {back: frozenset(cards) for back, cards in found.items()}


_NO_CARDS: frozenset[int] = frozenset()


@lru_cache(maxsize=64)
def card_horns(t: Tables) -> tuple[int, ...]:
    """The horns on each card, by card id."""
    return tuple([t.horns[kind] for kind in t.card_kind])


def check_stages(ctx: Context) -> Iterator[Problem]:
    """The ``wonder_stages`` invariant (its statement: the module's list)."""
    t = ctx.t
    known = t.stage_bit.keys()
    for i, city in enumerate(ctx.state.cities):
        if not city.built or (t, city.wonder, city.built) in BUILT_IN_ORDER:
            continue
        keys = set(city.built)
        if len(keys) != len(city.built) or not keys <= known:
            yield from problem("wonder_stages", f"cities[{i}].built",
                               f"{city.wonder}: bad built stages {city.built}")
            continue
        mask = 0
        for key in city.built:
            if key not in t.available[city.wonder][mask]:
                yield from problem("wonder_stages", f"cities[{i}].built",
                                   f"{city.wonder}: stage {key} built before its support")
                break
            mask |= t.stage_bit[key]
        else:  # (remembered: a handful of orders a wonder, each met again and again)
            BUILT_IN_ORDER.remember((t, city.wonder, city.built), None)


BUILT_IN_ORDER: Verdicts[tuple[Tables, str, tuple[str, ...]], None] = Verdicts(4096)
"""The stages each wonder has built in an order its supports allow, by tables."""


def check_tokens(ctx: Context) -> Iterator[Problem]:
    """The ``progress_tokens`` invariant (its statement: the module's list)."""
    t, state = ctx.t, ctx.state
    tokens = [*state.face_up, *state.token_pile]
    for city in state.cities:
        tokens += city.tokens
    if sorted(tokens) != sorted(t.token_pile):  # the same tokens, each as often
        yield from problem("progress_tokens", "tokens", "progress tokens not accounted for")
    if len(state.face_up) > t.data.setup.face_up_tokens or (
            state.token_pile and len(state.face_up) < t.data.setup.face_up_tokens):
        yield from problem("progress_tokens", "face_up", "face-up progress tokens not refilled")


def check_military_range(ctx: Context) -> Iterator[Problem]:
    """The ``military`` invariant (its statement: the module's list)."""
    t, state = ctx.t, ctx.state
    if not 0 <= state.flipped <= t.conflict_total:
        yield from problem("military", "flipped", "conflict tokens out of range")
    if any(city.military < 0 for city in state.cities):
        yield from problem("military", "cities.military", "negative military tokens")


def check_military(ctx: Context) -> Iterator[Problem]:
    """The ``battles`` invariant (its statement: the module's list)."""
    t, state = ctx.t, ctx.state
    # A battle is fought once the horns of the cards taken since the last one have flipped
    # every conflict token, and it discards every card with horns (rulebook "Einen Konflikt
    # abhandeln"); nothing else discards a card with horns. So each battle put at least
    # ``conflict_total`` horns on the discard pile, and the cities hold every horn that
    # flipped a token still face up.
    horns = card_horns(t).__getitem__
    battles = sum(map(horns, state.discard)) // t.conflict_total
    in_cities = sum(map(horns, chain.from_iterable([city.cards for city in state.cities])))
    if state.flipped > in_cities:
        yield from problem("battles", "flipped", f"{state.flipped} conflict tokens flipped by "
                           f"{in_cities} horns in the cities")
    for i, city in enumerate(state.cities):
        if city.military > VICTORIES_PER_BATTLE * battles:
            yield from problem("battles", f"cities[{i}].military",
                               f"{city.military} military tokens after at most {battles} "
                               "battles")
    # a battle gives at most one token for each pair of neighbours (two with two players)
    pairs = len(state.cities) if len(state.cities) > 2 else VICTORIES_PER_BATTLE
    total = sum(city.military for city in state.cities)
    if total > pairs * battles:
        yield from problem("battles", "cities.military",
                           f"{total} military tokens in all after at most {battles} battles")


def check_turn_record(ctx: Context) -> Iterator[Problem]:
    """The ``turn_record`` invariant (its statement: the module's list)."""
    t, state = ctx.t, ctx.state
    n = len(state.cities)
    if state.cat is not None and not 0 <= state.cat < n:
        yield from problem("turn_record", "cat", "the cat is at no seat")
    if not 0 <= state.current < n or state.turn < 1:
        yield from problem("turn_record", "current", "bad current seat or turn")
    if isinstance(state.pending, TokenChoice) and state.pending.reason not in ("science",
                                                                               "babylon"):
        yield from problem("turn_record", "pending.reason", "bad token choice reason")
    if state.peeked and (state.cat != state.current or not state.central
                         or type(state.pending) in (StartTurn, Finished)):
        yield from problem("turn_record", "peeked",
                           "a peeked central card outside the cat holder's turn")
    for token in (*state.triggered, *state.used):
        if token not in t.tokens:
            yield from problem("turn_record", "triggered",
                               f"unknown token {token[:40]!r} in the turn record")


def check_turn_order(ctx: Context) -> Iterator[Problem]:
    """The ``turn_order`` invariant (its statement: the module's list)."""
    state = ctx.state
    n = len(state.cities)
    # seat i's left neighbour is seat i + 1 (the ring of core.seats; the state's deck order)
    whose = (state.turn - 1) % n
    if not state.over and state.current != whose:
        yield from problem("turn_order", "current",
                           f"turn {state.turn} is seat {whose}'s, not seat {state.current}'s")


ACCOUNTING: tuple[Invariant[Context], ...] = (
    Invariant("table", "different, known wonders; a city and a deck a seat", check_table,
              gate=True),
    Invariant("card_conservation", "every card once, in a deck, a city, the discard pile or a "
              "reveal", check_cards, gate=True),
    Invariant("wonder_stages", "stages known, once each, after their support", check_stages),
    Invariant("progress_tokens", "every token once; the face-up row refilled", check_tokens),
    Invariant("turn_record", "cat, peek and this turn's tokens consistent", check_turn_record),
    Invariant("military", "flipped conflict tokens within the count; no negative victories",
              check_military_range),
)
"""What :meth:`ArchitectsGame.check` asks of a state it did not make: the accounting (test
positions laid out by hand pass it while they need not be reachable)."""
REACHABILITY: tuple[Invariant[Context], ...] = (
    Invariant("deck_origin", "each deck holds only its own cards", check_origin),
    Invariant("battles", "victories within the battles fought", check_military),
    Invariant("turn_order", "current is the seat whose turn it is", check_turn_order),
)
"""What a loaded state must have besides: that play could have led to it."""
TABLE_INVARIANTS = ACCOUNTING + REACHABILITY


