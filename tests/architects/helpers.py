"""Building positions by hand for rule tests.

``position`` puts cards of named kinds where a test wants them, using real card ids of the game;
every other card goes to the discard pile and every other progress token under the pile, so the
result still passes ``game.check``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from sevenwonders.architects import ArchitectsGame, ArchitectsState, City, Move
from sevenwonders.architects.rules import Work
from sevenwonders.architects.state import Actions, Pending
from sevenwonders.core.rng import Rng


class _Pool:
    def __init__(self, game: ArchitectsGame, wonders: Sequence[str]) -> None:
        t = game.tables
        self.kind_ids = t.kind_ids
        self.free: dict[str, list[int]] = {k: [] for k in t.kind_ids}
        for card in t.all_cards(tuple(wonders)):
            self.free[t.kind_ids[t.card_kind[card]]].append(card)

    def take(self, kinds: Sequence[str]) -> tuple[int, ...]:
        return tuple(self.free[kind].pop() for kind in kinds)

    def rest(self) -> tuple[int, ...]:
        return tuple(sorted(c for cards in self.free.values() for c in cards))


def position(
    game: ArchitectsGame,
    *,
    cities: Mapping[int, Mapping[str, Any]] | None = None,
    decks: Mapping[int, Sequence[str]] | None = None,
    central: Sequence[str] = (),
    face_up: Sequence[str] = ("urbanism", "crafts", "jewelry"),
    pile: Sequence[str] | None = None,
    current: int = 0,
    cat: int | None = None,
    flipped: int = 0,
    pending: Pending | None = None,
    seed: int = 0,
) -> ArchitectsState:
    """A state with the given content. Decks and ``central`` list kinds bottom to top.

    ``cities[seat]`` may give ``cards`` (kinds), ``built`` (stage keys), ``tokens``, ``military``.
    ``pile=None`` puts every token not placed elsewhere in the pile; otherwise exactly ``pile``.
    """
    wonders = game.rules.wonders
    assert wonders is not None, "tests fix the wonders"
    pool = _Pool(game, wonders)
    cities = cities or {}
    decks = decks or {}
    city_list = []
    placed_tokens: list[str] = list(face_up)
    for seat, wonder in enumerate(wonders):
        spec = cities.get(seat, {})
        tokens = tuple(spec.get("tokens", ()))
        placed_tokens.extend(tokens)
        city_list.append(City(wonder, tuple(spec.get("built", ())),
                              pool.take(spec.get("cards", ())), tokens, spec.get("military", 0)))
    deck_list = tuple(pool.take(decks.get(seat, ())) for seat in range(game.players))
    central_cards = pool.take(central)
    if pile is None:
        remaining = list(game.tables.token_pile)
        for token in placed_tokens:
            if token in remaining:  # a test may place more copies than exist
                remaining.remove(token)
        pile = tuple(remaining)
    return ArchitectsState(
        cities=tuple(city_list), decks=deck_list, central=central_cards, discard=pool.rest(),
        face_up=tuple(face_up), token_pile=tuple(pile), flipped=flipped, cat=cat,
        current=current, turn=1, pending=pending or Actions(), rng=Rng.from_seed(seed))


def settle(game: ArchitectsGame, state: ArchitectsState) -> tuple[ArchitectsState, list[Any]]:
    """Run the automatic part of the rules on a hand-made state (as after a move)."""
    work = Work(state)
    events: list[Any] = []
    game.engine.advance(work, events)
    return work.freeze(), events


def kinds(game: ArchitectsGame, cards: Sequence[int]) -> list[str]:
    t = game.tables
    return [t.kind_ids[t.card_kind[c]] for c in cards]


def city_kinds(game: ArchitectsGame, state: ArchitectsState, seat: int) -> list[str]:
    return kinds(game, state.cities[seat].cards)


def moves_text(game: ArchitectsGame, state: ArchitectsState) -> list[str]:
    return [str(m) for m in game.legal_moves(state, state.current)]


def do(game: ArchitectsGame, state: ArchitectsState,
       *texts: str) -> tuple[ArchitectsState, list[Any]]:
    """Play moves given in notation for the seat to move; returns the state and all events."""
    events: list[Any] = []
    for text in texts:
        move: Move = game.parse_move(state, state.current, text)
        state, step_events = game.step(state, {state.current: move})
        events.extend(step_events)
    return state, events


def of_type(events: Sequence[Any], cls: type) -> list[Any]:
    return [e for e in events if isinstance(e, cls)]
