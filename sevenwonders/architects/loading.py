"""The fast path of loading an Architects state: a document read and checked in a few passes.

``from_json`` of an :class:`ArchitectsState` runs :func:`load_fast` first. It reads the
document the way ``to_json`` writes it (every key present, card piles as hex strings, other
lists as JSON arrays) and tests every invariant of :mod:`sevenwonders.architects.validation`
with passes over whole lists (every card id of the state at once, read from the piles' hex by
``bytes.fromhex``, then deleted or translated in C passes against what the table's
configuration, worked out once per seating of wonders, holds: the deal, each deck's back, the
horns of each card). What the last states read at a table held is remembered there: a part
that passed its check then and reads the same (what the seats saw, the tokens, the stages)
passes again, and a pile or city that reads as one built then is that one (a game's states,
read in order, change a seat or two at a time). It returns the state only when every test passes; on
anything else (another layout, a wrong type, a problem, a rule that trips) it returns ``None``
and the load runs the full path (the strict converter, then every invariant as a named
problem), which refuses with the same error as ever. So this module only has to accept
nothing the full path refuses and build what it builds: the tests check it over the states of
random games and edited documents, and that a check left out here is caught.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from operator import mul
from struct import Struct
from typing import Any, Final

import attrs

from sevenwonders.architects.accounting import (
    BUILT_IN_ORDER,
    OPTIONAL_EFFECTS,
    VICTORIES_PER_BATTLE,
    Context,
    card_horns,
    check_stages,
    deck_backs,
)
from sevenwonders.architects.data import load
from sevenwonders.architects.game import ArchitectsGame
from sevenwonders.architects.options import BABYLON_DECKS
from sevenwonders.architects.state import (
    BUILT_FLAG,
    Actions,
    ArchitectsState,
    City,
    DeckChoice,
    EffectChoice,
    Finished,
    Pending,
    Revealed,
    SideChoice,
    StartTurn,
    TokenChoice,
)
from sevenwonders.architects.tables import Tables
from sevenwonders.architects.work import make_city, make_state
from sevenwonders.core.inline import direct_setters
from sevenwonders.core.limits import MAX_INT_BITS
from sevenwonders.core.problems import Verdicts
from sevenwonders.core.rng import Rng
from sevenwonders.core.serialization import converter, tag_of

# The hot paths below name builtins, imported classes and functions through these Final
# aliases: compiled, a Final name is a C static, where any other global (a builtin too) is
# looked up by name at each use (those lookups were some 6% of a compiled load's work).
_map: Final = map
_max: Final = max
_sum: Final = sum
_any: Final = any
_len: Final = len
_set: Final = set
_sorted: Final = sorted
_mul: Final = mul
_make_city: Final = make_city
_make_state: Final = make_state
_check_stages: Final = check_stages
_CONTEXT: Final = Context
_RNG: Final = Rng
_PENDING: Final = Pending
_REVEALED: Final = Revealed
_START_TURN: Final = StartTurn
_FINISHED: Final = Finished
_SIDE_CHOICE: Final = SideChoice
_TOKEN_CHOICE: Final = TokenChoice
_DECK_CHOICE: Final = DeckChoice
_EFFECT_CHOICE: Final = EffectChoice
_BUILT_IN_ORDER: Final = BUILT_IN_ORDER
_OPTIONAL_EFFECTS: Final = OPTIONAL_EFFECTS
_VICTORIES_PER_BATTLE: Final = VICTORIES_PER_BATTLE

_BOUND: Final = 1 << MAX_INT_BITS
_join: Final = "".join
_STATE_SIZE: Final = len(attrs.fields(ArchitectsState))
_CITY_SIZE: Final = len(attrs.fields(City))
_EMPTY_PENDING: Final[dict[str, Pending]] = {tag_of(cls): cls() for cls in (
    StartTurn, Actions, DeckChoice, SideChoice, Finished)}
"""The decisions without fields, by their tag: one value each, shared by the states loaded
(frozen and without fields, as the speed layer shares its own)."""


def _setters(cls: type, names: tuple[str, ...]) -> tuple[Any, ...] | None:
    """The slot setters of ``cls``'s fields, to be called in the order ``names`` (``None``:
    the class is built by ``__init__``)."""
    fields = attrs.fields(cls)
    found = direct_setters(cls, fields)
    if found is None or tuple(field.name for field in fields) != names:
        return None
    return tuple(found)


class _Table:
    """What every state of one set of wonders (in seat order) and Babylon deck is checked
    against, worked out once: the game, the deal, each deck's cards, the horns by card."""

    __slots__ = ("absent", "back_of", "backs", "built", "central", "cities", "conflicts",
                 "deal", "deal_size", "face_up", "game", "held", "horns", "known", "marks",
                 "pile", "piles", "places", "seen", "tables", "tokens", "wonders")

    def __init__(self, game: ArchitectsGame, wonders: tuple[str, ...]) -> None:
        t = self.tables = game.tables
        self.game = game
        self.wonders = wonders
        backs, self.horns = _decks_of(t)
        deal = bytes(t.all_cards(wonders))  # (raises for an id past 255: the full path)
        self.deal = deal
        self.absent = _ALL.translate(None, deal)
        """The byte values that are no card of the deal."""
        self.deal_size = len(deal) if 256 - len(self.absent) == len(deal) else -1
        self.backs = tuple(backs.get(wonder, b"") for wonder in wonders)
        """Per seat, the ids of the cards of its wonder's deck."""
        self.central = backs.get("central", b"")
        back_of = bytearray(b"\xff" * 256)
        for mark, cards in enumerate((*self.backs, self.central)):
            for card in cards:
                back_of[card] = mark
        self.back_of = bytes(back_of)
        """Per card id, the deck whose back it has: its seat, ``len(wonders)`` for the central
        deck, 255 for none of this table's."""
        self.marks = tuple(bytes([mark]) for mark in range(len(wonders) + 1))
        """Each deck's mark in :attr:`back_of`, the central deck's last."""
        self.conflicts = t.conflict_total
        self.pile = sorted(t.token_pile)
        self.face_up = t.data.setup.face_up_tokens
        self.tokens = t.tokens.keys()
        # What the last states loaded at this table held, where their checks passed (each
        # depends on the table and on these alone: a state holding the same passes again):
        # what the seats saw as written, the tokens (face-up, the pile's, each city's), the
        # stages built; and what was built of a pile in each of its places (the places of
        # the piles that are no city's) and of each seat's city, with what they were read of
        # (a pile's text; a city's cards as written, stages, tokens and victories).
        self.seen: list[str] = []
        self.held: list[Any] | None = None
        self.built: list[list[str]] | None = None
        n = len(wonders)
        self.places = (0, *range(n + 1, 3 * n + 2))
        self.piles: list[tuple[str, tuple[int, ...]] | None] = [None] * (3 * n + 2)
        self.cities: list[tuple[str, list[str], list[str], int, City] | None] = [None] * n
        self.known = (set(wonders) <= set(t.wonder_ids) and len(wonders) == t.players
                      and 256 - back_of.count(255) == sum(map(len, (*self.backs, self.central))))
        """Whether these are the table's wonders, each card of one deck's back at most."""


@lru_cache(maxsize=16)
def _decks_of(t: Tables) -> tuple[dict[str, bytes], bytes]:
    """The ids of the cards with each back (a wonder's deck or ``"central"``), by back, and
    the horns of each card id (256 entries for ids 0-255), once a game's tables."""
    backs = {back: bytes(sorted(cards)) for back, cards in deck_backs(t).items()}
    horns = card_horns(t)
    return backs, bytes([*horns, *[0] * (256 - len(horns))])


KNOWN_WONDERS = frozenset(wonder.id for wonder in load().wonders)
"""The wonders of the game's data."""


@lru_cache(maxsize=16)
def any_game(players: int, babylon: str) -> ArchitectsGame:
    """The game every state of distinct known wonders is checked with: one per table size and
    Babylon deck (the rules depend on the table's size and the options, not on which seat drew
    which wonder), with optional wonder effects: the widest set of moves, so no reachable state
    looks stuck."""
    return ArchitectsGame(players, babylon_deck=babylon, wonder_effects_mandatory=False)


def _tables_of(wonders: tuple[str, ...]) -> tuple[_Table, ...] | None:
    """The tables of each Babylon deck, in the full check's order, for these wonders (``None``
    when the full check is needed to say what is wrong with them)."""
    found = _TABLES.get(wonders)
    if found is None:
        if len(set(wonders)) != len(wonders) or not KNOWN_WONDERS.issuperset(wonders):
            return None
        found = tuple(_Table(any_game(len(wonders), babylon), wonders)
                      for babylon in BABYLON_DECKS)
        if any(len(table.horns) != 256 or not table.known for table in found):
            return None  # (card ids past 255: the full path)
        _TABLES.remember(wonders, found)
    return found


_TABLES: Final[Verdicts[tuple[str, ...], tuple[_Table, ...]]] = Verdicts(1024)
"""The tables of each set of wonders met, in seat order (5,040 orders of seven at most)."""


def load_fast(data: Any) -> ArchitectsState | None:
    """The state ``data`` (parsed JSON) describes, if it is laid out as ``to_json`` writes it
    and passes every load check; ``None`` otherwise (the full path then decides)."""
    try:
        return _load(data)
    except Exception:  # (anything unexpected: the full path says what it is)
        return None


def _load(o: Any) -> ArchitectsState | None:
    # (a dict of as many keys as the state's fields, each read below, where a key missing
    # raises: they are these keys)
    if type(o) is not dict or len(o) != _STATE_SIZE:
        return None
    cities, decks = o["cities"], o["decks"]
    if type(cities) is not list or type(decks) is not list:
        return None
    n = len(cities)
    if not 2 <= n <= 7 or len(decks) != n:
        return None
    wonders, piles, military, built, tokens = [], [o["discard"]], [], [], []
    # (each value's type tested where it is read: compiled, these tests are a pointer
    # comparison each, where a pass of ``type`` calls over a list costs a call an item)
    for city in cities:
        if type(city) is not dict or len(city) != _CITY_SIZE:  # (each key read: see above)
            return None
        wonder, cards, won = city["wonder"], city["cards"], city["military"]
        stages, owned = city["built"], city["tokens"]
        if not (type(wonder) is str and type(cards) is str and type(won) is int
                and type(stages) is list and type(owned) is list and 0 <= won < _BOUND):
            return None
        wonders.append(wonder)
        piles.append(cards)
        military.append(won)
        built.append(stages)
        tokens.append(owned)
    piles.append(o["central"])
    piles += decks
    seen = o["seen"]  # (empty, or the cards each seat saw: read with the piles, then split)
    if type(seen) is not list or (seen and len(seen) != n):
        return None
    piles += seen
    # (the lists of strings: their items are checked by what they must be, known tokens and
    # stages, in _check: nothing else equals one)
    face_up, pile, triggered, used = o["face_up"], o["token_pile"], o["triggered"], o["used"]
    if not (type(face_up) is list and type(pile) is list and type(triggered) is list
            and type(used) is list):
        return None
    strs = [face_up, pile, triggered, used]
    parts = _piles(piles)
    key = tuple(wonders)
    tables = _TABLES.get(key) or _tables_of(key)
    scalars = _scalars(o, n)
    if parts is None or tables is None or scalars is None:
        return None
    seen = parts[2 * n + 2:]
    del parts[2 * n + 2:]
    pending = scalars[5]
    cards = _join_bytes(parts)
    if type(pending) is _REVEALED:
        cards += bytes(pending.cards)  # (ints of the strict hook; raises past 255)
    for table in tables:  # every card of the deal once: as many cards, none of the others
        if len(cards) == table.deal_size and _ALL.translate(None, cards) == table.absent:
            break  # (the first deck whose deal is on the table, as the full check takes)
    else:
        return None
    # each deck only its own cards: the backs of all the decks' cards, read off in one pass,
    # are each deck's mark as often as it has cards
    decks = parts[n + 2:]
    decks.append(parts[n + 1])
    if _join_bytes(decks).translate(table.back_of) != _join_bytes(
            _map(_mul, table.marks, _map(_len, decks))):
        return None
    if type(pending) is _REVEALED and not (
            0 <= pending.deck < n and not bytes(pending.cards).translate(
                None, table.backs[pending.deck])):
        return None
    if seen and not _seen_fits(table, seen, piles[2 * n + 2:]):
        return None
    discard = parts[0]
    horns = _join_bytes(parts[:n + 1]).translate(table.horns)
    if not _battles(table, scalars[0], horns, len(discard), military):
        return None
    state = _build(strs, scalars, _cities(table, piles, (built, tokens, military), parts),
                   _ids(table, piles, parts + seen))
    if not _check(table, state, built, tokens):
        return None
    return state


_ALL: Final = bytes(range(256))


def _seen_fits(table: _Table, seen: list[bytes], texts: list[str]) -> bool:
    """The ``memory`` invariant: what each seat saw (one entry a seat; ``texts``: as written,
    not checked again when the last state this table accepted had them) are cards of the
    deal, each once an entry."""
    if texts == table.seen:
        return True
    cards = _join_bytes(seen)
    if cards.translate(None, table.deal) or (len(_set(cards)) != len(cards) and _sum(
            _map(_len, _map(_set, seen))) != len(cards)):
        return False
    table.seen = texts
    return True


def _piles(piles: list[Any]) -> list[bytes] | None:
    """The card ids of each pile (:data:`~sevenwonders.architects.state.CardPile`: lowercase
    hex, two digits a card), or ``None`` if any is not written so. ``bytes.fromhex`` also
    takes capitals and ASCII whitespace between the pairs of digits (it refuses any other
    character, and a pair cut by one): two characters of text a card rule out the spaces
    (each part takes two characters of its text a card at least), and no capital A-F may be
    in the text."""
    for pile in piles:  # (a loop: compiled, a pointer comparison a pile)
        if type(pile) is not str:
            return None
    parts = list(_map(_fromhex, piles))  # (raises for a digit that is no hex, an odd one)
    text = _join(piles)
    if (len(text) != 2 * len(_join_bytes(parts)) or "A" in text or "B" in text
            or "C" in text or "D" in text or "E" in text or "F" in text):
        return None
    return parts


_fromhex: Final = bytes.fromhex
_join_bytes: Final = b"".join


def _battles(table: _Table, flipped: int, horns: bytes, discarded: int,
             military: list[int]) -> bool:
    """The ``military`` and ``battles`` invariants, from the horns of the discard pile's cards
    and then the cities' (``horns``)."""
    battles = _sum(horns[:discarded]) // table.conflicts
    n = len(military)
    return (flipped <= table.conflicts and flipped <= _sum(horns[discarded:])
            and _max(military) <= _VICTORIES_PER_BATTLE * battles
            and _sum(military) <= (n if n > 2 else _VICTORIES_PER_BATTLE) * battles)


def _scalars(o: Any, n: int) -> tuple[Any, ...] | None:
    """flipped, cat, current, turn, flags, pending, rng, peeked: read and checked."""
    flipped, cat, current, turn, flags = (o["flipped"], o["cat"], o["current"], o["turn"],
                                          o["flags"])
    peeked, rng, raw = o["peeked"], o["rng"], o["pending"]
    if not (type(flipped) is int and type(current) is int and type(turn) is int
            and type(flags) is int and type(peeked) is bool
            and 0 <= current < n and 1 <= turn < _BOUND and 0 <= flags <= _FLAGS
            and flipped >= 0 and (cat is None or (type(cat) is int and 0 <= cat < n))
            and type(rng) is dict and len(rng) == 1 and type(raw) is dict):
        return None
    rng_state = rng["state"]  # (its one key)
    if type(rng_state) is not int or not -_BOUND < rng_state < _BOUND:
        return None
    empty = _EMPTY_PENDING.get(raw["type"]) if len(raw) == 1 else None  # (the tag alone)
    if empty is not None:
        pending = empty
    else:
        pending = _PENDING_HOOK(raw, _PENDING)  # (the strict union hook: raises on a fault)
        if type(pending) is _EFFECT_CHOICE and pending.effect not in _OPTIONAL_EFFECTS:
            return None
        if type(pending) is _TOKEN_CHOICE and pending.reason not in ("science", "babylon"):
            return None
    if _RNG_SET is None:
        rng = _RNG(rng_state)
    else:
        rng = _NEW(_RNG)
        _RNG_SET[0](rng, rng_state)
    return flipped, cat, current, turn, flags, pending, rng, peeked


_RNG_SET: Final = _setters(Rng, ("state",))


_FLAGS: Final = 2 * BUILT_FLAG - 1
_PENDING_HOOK: Final[Callable[[Any, Any], Any]] = converter.get_structure_hook(Pending)


def _cities(table: _Table, texts: list[Any], read: tuple[list[Any], ...],
            parts: list[bytes]) -> tuple[City, ...]:
    """The cities, built as :func:`~sevenwonders.architects.work.make_city` builds them (the
    values were checked; ``texts[1 + seat]``: a city's cards as written, ``parts[1 + seat]``:
    their ids; ``read``: the cities' stages, tokens and victories), each the city this table
    built last for its seat where the seat's values read the same."""
    built, tokens, military = read
    last = table.cities
    out = []
    for seat, was in enumerate(last):
        text, stages, owned, won = texts[seat + 1], built[seat], tokens[seat], military[seat]
        if (was is not None and was[0] == text and was[1] == stages and was[2] == owned
                and was[3] == won):
            out.append(was[4])
            continue
        cards = parts[seat + 1]
        city = _make_city(table.wonders[seat], tuple(stages), _UNPACK[len(cards)](cards),
                          tuple(owned), won)
        last[seat] = (text, list(stages), list(owned), won, city)  # (copies: the lists are
        out.append(city)                                            # the caller's)
    return tuple(out)


def _ids(table: _Table, texts: list[Any], parts: list[bytes]) -> list[tuple[int, ...]]:
    """The card ids of the piles that are no city's: the discard pile, the central deck, each
    deck, what each seat saw (``texts``: every pile as written, ``parts``: its ids, the cities'
    in the seats' places), each the tuple this table made last for its place where the pile
    reads the same."""
    last = table.piles
    out = []
    for at in table.places if len(texts) == len(last) else table.places[:-len(table.wonders)]:
        text, was = texts[at], last[at]
        if was is not None and was[0] == text:
            out.append(was[1])
            continue
        part = parts[at]
        ids = _UNPACK[len(part)](part)
        last[at] = (text, ids)
        out.append(ids)
    return out


def _build(strs: list[Any], scalars: tuple[Any, ...], cities: tuple[City, ...],
           ids: list[tuple[int, ...]]) -> ArchitectsState:
    """The state, built as :func:`~sevenwonders.architects.work.make_state` builds it (the
    values were checked; ``ids``: the discard pile's, the central deck's, each deck's and
    what each seat saw, if the seats saw any; ``strs``: the face-up tokens, the token pile,
    the tokens triggered and used)."""
    flipped, cat, current, turn, flags, pending, rng, peeked = scalars
    n = len(cities)
    face_up, token_pile, triggered, used = _map(tuple, strs[:4])
    return _make_state(
        cities, tuple(ids[2:n + 2]), ids[1], ids[0], face_up, token_pile, flipped, cat,
        current, turn, pending, rng, triggered, used, flags, peeked, tuple(ids[n + 2:]))


_NEW: Final = object.__new__
_UNPACK: Final[list[Callable[[bytes], tuple[int, ...]]]] = [
    Struct(f"{size}B").unpack for size in range(256)]
"""A pile's card ids from its bytes, by the pile's size: a tuple built in one C call (what
``tuple(part)`` builds, without an iterator's call a card)."""


def _check(table: _Table, state: ArchitectsState, built: list[list[Any]],
           owned: list[list[Any]]) -> bool:
    """The invariants the passes of :func:`_load` leave: stages, tokens (these two also
    check the items of the lists of strings), the turn record and order, a move for the seat
    to move (``built``, ``owned``: the cities' stages and tokens as read)."""
    t, cities = table.tables, state.cities
    if built != table.built:  # (the stages of the last state this table accepted: checked)
        for city in cities:
            if city.built and (t, city.wonder, city.built) not in _BUILT_IN_ORDER:
                if _any(_check_stages(_CONTEXT(t, state))):
                    return False
                break  # (all of them checked and remembered)
        table.built = [*_map(list, built)]  # (copies: the lists are the caller's)
    face_up, pile, pending, current = state.face_up, state.token_pile, state.pending, state.current
    held = [face_up, pile, *owned]
    if held != table.held:  # (the tokens of the last state this table accepted: checked)
        tokens = [*face_up, *pile]
        for more in owned:
            tokens += more
        if _sorted(tokens) != table.pile:
            return False
        table.held = [face_up, pile, *_map(list, owned)]  # (copies, as above)
    if len(face_up) > table.face_up or (pile and len(face_up) < table.face_up):
        return False
    if state.peeked and (state.cat != current or not state.central
                         or type(pending) in (_START_TURN, _FINISHED)):
        return False
    if (state.triggered or state.used) and not table.tokens >= {*state.triggered, *state.used}:
        return False
    if type(pending) is _FINISHED:
        return True
    if current != (state.turn - 1) % len(cities):
        return False
    return _moves_exist(table, state)


def _moves_exist(table: _Table, state: ArchitectsState) -> bool:
    """Whether the seat to move has a legal move (the ``someone_moves`` invariant): for the
    decisions whose moves are plain, when what they are chosen from is there (as
    :meth:`~sevenwonders.architects.legal.LegalMoves.options` lists them); for the others, as the
    full check finds it, by the same game (the tests compare the two on every decision)."""
    pending, current, decks = state.pending, state.current, state.decks
    kind = type(pending)
    if kind is _START_TURN or kind is _SIDE_CHOICE:  # a card of the left or right deck
        if decks[current] or decks[current - 1] or (kind is _START_TURN and state.central):
            return True  # (or the central deck's, at the start of a turn)
    elif kind is _TOKEN_CHOICE:  # a face-up token or the pile's hidden top
        return bool(state.face_up or state.token_pile)
    elif kind is _DECK_CHOICE:  # any deck with a card
        return bool(state.central) or _any(decks)
    elif isinstance(pending, _REVEALED):  # one of the cards revealed
        return bool(pending.cards)
    return bool(table.game._legal(state))  # (the full check asks the same game)
