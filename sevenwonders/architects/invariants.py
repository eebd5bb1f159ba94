"""Checks that a state could have come from play: for documents read from outside, and tests.

Not used on the hot path. Raises :class:`~sevenwonders.errors.InvalidStateError`.
:func:`check_loaded` runs on every ``from_json`` of an :class:`ArchitectsState`.
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache
from typing import TYPE_CHECKING

from sevenwonders.architects.memory import check_seen
from sevenwonders.architects.options import BABYLON_DECKS
from sevenwonders.architects.state import (
    BUILT_FLAG,
    ArchitectsState,
    EffectChoice,
    Finished,
    Revealed,
    StartTurn,
    TokenChoice,
)
from sevenwonders.architects.tables import Tables
from sevenwonders.errors import InvalidStateError, SevenWondersError

if TYPE_CHECKING:
    from sevenwonders.architects.game import ArchitectsGame

OPTIONAL_EFFECTS = ("ephesus", "olympia")  # the wonder effects a seat may decline (D2)


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
        raise InvalidStateError(f"expected {n} cities and decks", field="cities")
    wonders = tuple(city.wonder for city in state.cities)
    if len(set(wonders)) != n or any(w not in tables.wonder_ids for w in wonders):
        raise InvalidStateError(f"bad wonders {wonders}", field="cities")
    expected = Counter(tables.all_cards(wonders))
    seen = card_locations(state)
    if seen != expected:
        missing = sorted((expected - seen).elements())[:5]
        extra = sorted((seen - expected).elements())[:5]
        raise InvalidStateError(f"cards not accounted for: missing {missing}, extra {extra}",
                                field="cards")
    tokens: Counter[str] = Counter(state.face_up) + Counter(state.token_pile)
    for city in state.cities:
        tokens.update(city.tokens)
        if len(set(city.built)) != len(city.built) or any(k not in tables.stage_bit
                                                          for k in city.built):
            raise InvalidStateError(f"{city.wonder}: bad built stages {city.built}",
                                    field="cities.built")
        mask = 0
        for key in city.built:
            if key not in tables.available[city.wonder][mask]:
                raise InvalidStateError(f"{city.wonder}: stage {key} built before its support",
                                        field="cities.built")
            mask |= tables.stage_bit[key]
        if city.military < 0:
            raise InvalidStateError("negative military tokens", field="cities.military")
    if tokens != Counter(tables.token_pile):
        raise InvalidStateError("progress tokens not accounted for", field="tokens")
    if len(state.face_up) > tables.data.setup.face_up_tokens or (
            state.token_pile and len(state.face_up) < tables.data.setup.face_up_tokens):
        raise InvalidStateError("face-up progress tokens not refilled", field="face_up")
    if not 0 <= state.flipped <= tables.conflict_total:
        raise InvalidStateError("conflict tokens out of range", field="flipped")
    if state.cat is not None and not 0 <= state.cat < n:
        raise InvalidStateError("the cat is at no seat", field="cat")
    if not 0 <= state.current < n or state.turn < 1:
        raise InvalidStateError("bad current seat or turn", field="current")
    if isinstance(state.pending, TokenChoice) and state.pending.reason not in ("science",
                                                                               "babylon"):
        raise InvalidStateError("bad token choice reason", field="pending.reason")
    if state.peeked and (state.cat != state.current or not state.central
                         or type(state.pending) in (StartTurn, Finished)):
        raise InvalidStateError("a peeked central card outside the cat holder's turn",
                                field="peeked")
    for token in (*state.triggered, *state.used):
        if token not in tables.tokens:
            raise InvalidStateError(f"unknown token {token[:40]!r} in the turn record",
                                    field="triggered")


# -- the check of a loaded document (``from_json``), which knows no game object

MAX_TURN = 10_000  # far beyond any real game (some 20 turns a seat)


def _pending_in_range(state: ArchitectsState) -> None:
    pending = state.pending
    if isinstance(pending, Revealed) and not 0 <= pending.deck < len(state.cities):
        raise InvalidStateError(f"Halicarnassus looks at deck {pending.deck}, which is no deck",
                                field="pending.deck")
    if isinstance(pending, EffectChoice) and pending.effect not in OPTIONAL_EFFECTS:
        raise InvalidStateError(f"no optional effect {pending.effect[:40]!r}",
                                field="pending.effect")


def check_loaded(state: ArchitectsState) -> ArchitectsState:
    """The full check of a loaded state: the accounting of :func:`check_state` for a game
    with these wonders (either Babylon deck, reference D1), indices in range, and a state that
    is not over has a seat to move with a legal move."""
    n = len(state.cities)
    if not 2 <= n <= 7:
        raise InvalidStateError(f"{n} cities", field="cities")
    if not 1 <= state.turn <= MAX_TURN:
        raise InvalidStateError(f"turn {state.turn}", field="turn")
    if not 0 <= state.flags <= 2 * BUILT_FLAG - 1:
        raise InvalidStateError(f"flags {state.flags}", field="flags")
    if any(not 0 <= city.military <= 64 for city in state.cities):
        raise InvalidStateError("military tokens out of range", field="cities.military")
    _pending_in_range(state)
    wrong = check_seen(state)
    if wrong is not None:
        raise InvalidStateError(wrong, field="seen")
    wonders = tuple(city.wonder for city in state.cities)
    errors = []
    for babylon in BABYLON_DECKS:
        try:
            game = _game(n, wonders, babylon)
        except SevenWondersError as error:
            raise InvalidStateError(f"no game has these wonders: {error}",
                                    field="cities") from None
        try:
            check_state(game.tables, state)
        except InvalidStateError as error:
            errors.append(error)
            continue
        _someone_moves(game, state)
        return state
    raise errors[0]


def _someone_moves(game: ArchitectsGame, state: ArchitectsState) -> None:
    if state.over:
        return
    try:
        seats = game.to_move(state)
        if not seats or not all(game.legal_moves(state, seat) for seat in seats):
            raise InvalidStateError("the game is not over but the seat to move has no move",
                                    field="pending")
    except SevenWondersError as error:
        if isinstance(error, InvalidStateError) and error.field:
            raise
        raise InvalidStateError(f"the rules refuse this state: {error}",
                                field="pending") from None
    except Exception as error:  # a rule tripping over an impossible state: still refused
        raise InvalidStateError(f"the rules cannot use this state ({type(error).__name__})",
                                field="pending") from None


@lru_cache(maxsize=32)
def _game(players: int, wonders: tuple[str, ...], babylon: str) -> ArchitectsGame:
    from sevenwonders.architects.game import ArchitectsGame

    # optional wonder effects: the widest set of moves, so no reachable state looks stuck
    return ArchitectsGame(players, wonders=wonders, babylon_deck=babylon,
                          wonder_effects_mandatory=False)
