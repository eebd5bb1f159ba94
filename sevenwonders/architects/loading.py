"""The fast path of loading an Architects state: a document read and checked in a few passes.

``from_json`` of an :class:`ArchitectsState` runs :func:`load_fast` first. It reads the
document the way ``to_json`` writes it (every key present, card piles as hex strings, other
lists as JSON arrays) and tests every invariant of :mod:`sevenwonders.architects.validation`
with passes over whole lists (every card id of the state at once, read from the piles' hex by
``bytes.fromhex``, then deleted or translated in C passes against what the table's
configuration, worked out once per seating of wonders, holds: the deal, each deck's back, the
horns of each card: :mod:`sevenwonders.architects.load_tables`). What the last states read at
a table held is remembered there: a part that passed its check then and reads the same (what
the seats saw, the tokens, the stages) passes again, and a city that reads as one built then is
that one (a game's states, read in order, change a seat or two at a time). So are the piles of
the last state the table accepted (its deal, each card once): only the piles that read
otherwise are read again, and they must hold together the cards they held then (each deck
only its own). It returns the state only when every test passes; on anything else (another
layout, a wrong type, a problem, a rule that trips) it returns ``None`` and the load runs the
full path (the strict converter, then every invariant as a named problem), which refuses with
the same error as ever. So this module only has to accept nothing the full path refuses and
build what it builds: the tests check it over the states of random games and edited
documents, and that a check left out here is caught.
"""

from __future__ import annotations

from collections.abc import Callable
from operator import mul
from struct import Struct
from typing import Any, Final

import attrs

from sevenwonders.architects.accounting import (
    BUILT_IN_ORDER,
    OPTIONAL_EFFECTS,
    VICTORIES_PER_BATTLE,
    Context,
    check_stages,
)
from sevenwonders.architects.load_tables import ALL_IDS, LastPiles, Table, tables_of
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
from sevenwonders.architects.work import make_city, make_state
from sevenwonders.core.inline import setters_in_order
from sevenwonders.core.limits import MAX_INT_BITS
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
_tables_of: Final = tables_of
_ALL_IDS: Final = ALL_IDS
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
    key = tuple(wonders)
    tables = _tables_of(key)
    scalars = _scalars(o, n)
    if tables is None or scalars is None:
        return None
    pending = scalars[5]
    # (ints of the strict hook; raises past 255)
    revealed = bytes(pending.cards) if type(pending) is _REVEALED else b""
    texts = piles[:2 * n + 2]  # (the deal's piles; what each seat saw follows)
    # (each pile either reads as one the table remembers, a string, or is read by _piles,
    # which refuses any other type)
    for table in tables:  # the piles read against what a table remembers, where it may
        last = table.last
        changed = _changed(last[0], texts) if last is not None and table.kept else None
        if last is not None and changed is not None:
            parts = list(last[1])
            if _kept(table, texts, changed, parts, (revealed, last[4])):
                break
    else:  # every pile read, and the first deck whose deal is on the table, as the full check
        last = None
        changed = list(range(2 * n + 2))
        found = _dealt(tables, texts, revealed)
        if found is None:
            return None
        table, parts = found
    if revealed and not (0 <= pending.deck < n
                         and not revealed.translate(None, table.backs[pending.deck])):
        return None
    seen_ids = _seen(table, piles[2 * n + 2:])
    if seen_ids is None:
        return None
    ids, horns = _ids(table, last, parts, changed)
    if not _battles(table, scalars[0], horns, military):
        return None
    state = _build(strs, scalars, _cities(table, texts, (built, tokens, military), ids), ids,
                   seen_ids)
    if not _check(table, state, built, tokens):
        return None
    table.last = (texts, parts, ids, horns, revealed)
    return state


def _changed(last: list[str], texts: list[str]) -> list[int] | None:
    """The places of the deal's piles whose text differs from what the table remembers
    (``last``; ``None``: a state of another size)."""
    if len(last) != len(texts):
        return None
    return [at for at in range(len(texts)) if texts[at] != last[at]]


def _kept(table: Table, texts: list[str], changed: list[int], parts: list[bytes],
          revealed: tuple[bytes, bytes]) -> bool:
    """Whether the piles (``texts``: as written) hold this table's deal and each deck its own
    cards, read against the last state the table accepted (``parts``: a copy of its piles'
    cards, where the piles of the places ``changed`` are read into): the piles that read the
    same hold the same cards, so the others must hold together what they held (with the
    cards revealed: ``revealed``, the state's and the last state's), and each deck among them
    only cards of its own back."""
    now = _piles([texts[at] for at in changed])
    if now is None:
        return False
    was = [parts[at] for at in changed]
    for i, at in enumerate(changed):
        part = now[i]
        allowed = table.allowed[at]
        if allowed is not None and part.translate(None, allowed):
            return False
        parts[at] = part
    return _same_cards(_join_bytes(now) + revealed[0], _join_bytes(was) + revealed[1])


def _same_cards(now: bytes, was: bytes) -> bool:
    """Whether ``now`` holds the cards of ``was`` (cards of a deal, each once) in any order:
    as many, each of one and each of the other in both."""
    return len(now) == len(was) and not now.translate(None, was) and not was.translate(None, now)


def _dealt(tables: tuple[Table, ...], texts: list[str],
           revealed: bytes) -> tuple[Table, list[bytes]] | None:
    """The first table whose deal the piles (``texts``, with the cards revealed) hold, every
    card once, with each deck only cards of its own back, and the piles' cards; ``None`` if
    none."""
    parts = _piles(texts)
    if parts is None:
        return None
    cards = _join_bytes(parts) + revealed
    for table in tables:  # every card of the deal once: as many cards, none of the others
        if len(cards) == table.deal_size and _ALL_IDS.translate(None, cards) == table.absent:
            break  # (the first deck whose deal is on the table, as the full check takes)
    else:
        return None
    # each deck only its own cards: the backs of all the decks' cards, read off in one pass,
    # are each deck's mark as often as it has cards
    n = len(table.wonders)
    decks = parts[n + 2:]
    decks.append(parts[n + 1])
    if _join_bytes(decks).translate(table.back_of) != _join_bytes(
            _map(_mul, table.marks, _map(_len, decks))):
        return None
    return table, parts


def _seen(table: Table, texts: list[Any]) -> tuple[tuple[int, ...], ...] | None:
    """What each seat saw (``texts``: one pile a seat, as written, or none), if it passes the
    ``memory`` invariant (:func:`_seen_fits`); as the table read it last where it reads the
    same (then it passed)."""
    last = table.seen
    if texts == last[0]:
        return last[1]
    seen = _piles(texts)
    if seen is None or not _seen_fits(table, seen):
        return None
    ids = tuple([_UNPACK[_len(cards)](cards) for cards in seen])
    table.seen = (texts, ids)
    return ids


def _seen_fits(table: Table, seen: list[bytes]) -> bool:
    """The ``memory`` invariant: what each seat saw (one entry a seat) are cards of the deal,
    each once an entry."""
    cards = _join_bytes(seen)
    return not cards.translate(None, table.deal) and (len(_set(cards)) == len(cards) or _sum(
        _map(_len, _map(_set, seen))) == len(cards))


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


def _battles(table: Table, flipped: int, horns: list[int], military: list[int]) -> bool:
    """The ``military`` and ``battles`` invariants, from the horns of the discard pile's cards
    and then of each city's (``horns``)."""
    battles = horns[0] // table.conflicts
    n = len(military)
    return (flipped <= table.conflicts and flipped <= _sum(horns[1:])
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


_RNG_SET: Final = setters_in_order(Rng, ("state",))


_FLAGS: Final = 2 * BUILT_FLAG - 1
_PENDING_HOOK: Final[Callable[[Any, Any], Any]] = converter.get_structure_hook(Pending)


def _cities(table: Table, texts: list[str], read: tuple[list[Any], ...],
            ids: list[tuple[int, ...]]) -> tuple[City, ...]:
    """The cities, built as :func:`~sevenwonders.architects.work.make_city` builds them (the
    values were checked; ``texts[1 + seat]``: a city's cards as written, ``ids[1 + seat]``:
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
        city = _make_city(table.wonders[seat], tuple(stages), ids[seat + 1], tuple(owned), won)
        last[seat] = (text, list(stages), list(owned), won, city)  # (copies: the lists are
        out.append(city)                                            # the caller's)
    return tuple(out)


def _ids(table: Table, last: LastPiles | None, parts: list[bytes],
         changed: list[int]) -> tuple[list[tuple[int, ...]], list[int]]:
    """The card ids of the deal's piles (``parts``: their cards, in their places) and the horns
    of the discard pile's cards and of each city's, as the table made them for the last state
    it accepted (``last``) but in the places ``changed`` (every place where ``last`` is
    ``None``)."""
    if last is None:
        ids: list[tuple[int, ...]] = [()] * _len(parts)
        horns = [0] * (_len(table.wonders) + 1)
    else:
        ids, horns = list(last[2]), list(last[3])
    for at in changed:
        part = parts[at]
        ids[at] = _UNPACK[_len(part)](part)
        if at < _len(horns):
            horns[at] = _sum(part.translate(table.horns))
    return ids, horns


def _build(strs: list[Any], scalars: tuple[Any, ...], cities: tuple[City, ...],
           ids: list[tuple[int, ...]], seen: tuple[tuple[int, ...], ...]) -> ArchitectsState:
    """The state, built as :func:`~sevenwonders.architects.work.make_state` builds it (the
    values were checked; ``ids``: the discard pile's, the central deck's and each deck's card
    ids; ``seen``: what each seat saw; ``strs``: the face-up tokens, the token pile, the
    tokens triggered and used)."""
    flipped, cat, current, turn, flags, pending, rng, peeked = scalars
    n = len(cities)
    face_up, token_pile, triggered, used = _map(tuple, strs[:4])
    return _make_state(
        cities, tuple(ids[n + 2:]), ids[n + 1], ids[0], face_up, token_pile, flipped, cat,
        current, turn, pending, rng, triggered, used, flags, peeked, seen)


_NEW: Final = object.__new__
_UNPACK: Final[list[Callable[[bytes], tuple[int, ...]]]] = [
    Struct(f"{size}B").unpack for size in range(256)]
"""A pile's card ids from its bytes, by the pile's size: a tuple built in one C call (what
``tuple(part)`` builds, without an iterator's call a card)."""


def _check(table: Table, state: ArchitectsState, built: list[list[Any]],
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


def _moves_exist(table: Table, state: ArchitectsState) -> bool:
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
