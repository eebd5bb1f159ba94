"""Checks that a state could have come from play: for documents read from outside, and tests.

Not used on the hot path. Raises :class:`~sevenwonders.errors.InvalidStateError`.
"""

from __future__ import annotations

from collections import Counter

from sevenwonders.architects.state import (
    ArchitectsState,
    Finished,
    Revealed,
    StartTurn,
    TokenChoice,
)
from sevenwonders.architects.tables import Tables
from sevenwonders.errors import InvalidStateError


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
    """Raise :class:`InvalidStateError` unless ``state`` is consistent with ``tables``."""
    n = tables.players
    if len(state.cities) != n or len(state.decks) != n:
        raise InvalidStateError(f"expected {n} cities and decks")
    wonders = tuple(city.wonder for city in state.cities)
    if len(set(wonders)) != n or any(w not in tables.wonder_ids for w in wonders):
        raise InvalidStateError(f"bad wonders {wonders}")
    expected = Counter(tables.all_cards(wonders))
    seen = card_locations(state)
    if seen != expected:
        missing = sorted((expected - seen).elements())[:5]
        extra = sorted((seen - expected).elements())[:5]
        raise InvalidStateError(f"cards not accounted for: missing {missing}, extra {extra}")
    tokens: Counter[str] = Counter(state.face_up) + Counter(state.token_pile)
    for city in state.cities:
        tokens.update(city.tokens)
        if len(set(city.built)) != len(city.built) or any(k not in tables.stage_bit
                                                          for k in city.built):
            raise InvalidStateError(f"{city.wonder}: bad built stages {city.built}")
        mask = 0
        for key in city.built:
            if key not in tables.available[city.wonder][mask]:
                raise InvalidStateError(f"{city.wonder}: stage {key} built before its support")
            mask |= tables.stage_bit[key]
        if city.military < 0:
            raise InvalidStateError("negative military tokens")
    if tokens != Counter(tables.token_pile):
        raise InvalidStateError("progress tokens not accounted for")
    if len(state.face_up) > tables.data.setup.face_up_tokens or (
            state.token_pile and len(state.face_up) < tables.data.setup.face_up_tokens):
        raise InvalidStateError("face-up progress tokens not refilled")
    if not 0 <= state.flipped <= tables.conflict_total:
        raise InvalidStateError("conflict tokens out of range")
    if state.cat is not None and not 0 <= state.cat < n:
        raise InvalidStateError("the cat is at no seat")
    if not 0 <= state.current < n or state.turn < 1:
        raise InvalidStateError("bad current seat or turn")
    if isinstance(state.pending, TokenChoice) and state.pending.reason not in ("science",
                                                                               "babylon"):
        raise InvalidStateError("bad token choice reason")
    if state.peeked and (state.cat != state.current or not state.central
                         or type(state.pending) in (StartTurn, Finished)):
        raise InvalidStateError("a peeked central card outside the cat holder's turn")
    for token in (*state.triggered, *state.used):
        if token not in tables.tokens:
            raise InvalidStateError(f"unknown token {token!r} in the turn record")
