"""Set up an Architects position on purpose: say what matters, the builder completes the rest.

:func:`position` starts from the seeded deal of ``game`` (its wonders, decks, central deck and
progress tokens) and moves into place what the caller names, taking each card of a named kind
from the decks (the central deck first, then the wonders' decks in seat order), so no card
changes deck and nothing is lost; a military victory needs a battle, so for each two victories
of the most decorated seat one card with horns of the decks goes to the discard pile, as a
battle would have put it there. ``current`` follows from ``turn`` (turns go round from seat 0).
The result passes every invariant of :mod:`sevenwonders.architects.validation`, else
:class:`InvalidStateError` lists the problems.

>>> from sevenwonders.architects import ArchitectsGame
>>> game = ArchitectsGame(2, wonders=["giza", "rhodes"])
>>> state = position(game, turn=3, cities={0: {"cards": ["red0", "red0"], "military": 2}},
...                  tops={"central": ["red1"]})
>>> state.current, state.cities[0].military, game.tables.card_kind_id[state.central[-1]]
(0, 2, 'red1')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import attrs

from sevenwonders.architects.game import ArchitectsGame
from sevenwonders.architects.state import ArchitectsState, City
from sevenwonders.architects.validation import problems
from sevenwonders.core.limits import quote
from sevenwonders.core.options import checked_mapping
from sevenwonders.core.problems import Problem, refuse
from sevenwonders.errors import InvalidOptionError

CITY_KEYS = ("built", "cards", "tokens", "military")
"""What a city of :func:`position` may say (its wonder is the game's)."""


class _Decks:
    """The decks being laid out: card ids taken by kind, central deck first."""

    def __init__(self, game: ArchitectsGame, state: ArchitectsState) -> None:
        self.kind = game.tables.card_kind_id
        self.piles: list[list[int]] = [list(state.central), *map(list, state.decks)]

    def take(self, kind: str, only: int | None = None) -> int | None:
        for index, pile in enumerate(self.piles):
            if only is not None and index != only:
                continue
            for position_, card in enumerate(pile):
                if self.kind[card] == kind:
                    del pile[position_]
                    return card
        return None


def _kinds(value: object, what: str) -> tuple[str, ...]:
    if isinstance(value, str) or not isinstance(value, Sequence) \
            or not all(type(v) is str for v in value):
        raise InvalidOptionError(f"{what} must be a list of names, not {quote(value)}")
    return tuple(value)


def _battles(game: ArchitectsGame, cities: list[City], decks: _Decks) -> tuple[list[int], bool]:
    """The cards with horns the battles behind the cities' victories discarded: a battle gives
    a seat two victories at most and the table one a pair of neighbours (two with two
    players), and each was started by horns flipping every conflict token, so it discarded at
    least that many horns (validation's ``battles``). Whether the deal had too few."""
    t = game.tables
    military = [city.military for city in cities]
    pairs = len(cities) if len(cities) > 2 else 2
    battles = max((max(military, default=0) + 1) // 2, -(-sum(military) // pairs))
    horned = [k for _, k in sorted((-t.horns[i], k) for i, k in enumerate(t.kind_ids)
                                   if t.horns[i])]  # the most horns first: the fewest cards
    discard: list[int] = []
    horns = 0
    while horns < battles * t.conflict_total:
        card = next((c for k in horned if (c := decks.take(k)) is not None), None)
        if card is None:
            return discard, True
        discard.append(card)
        horns += t.horns[t.card_kind[card]]
    return discard, False


def position(
    game: ArchitectsGame, *, seed: int = 0, turn: int = 1,
    cities: Mapping[int, Mapping[str, Any]] | None = None,
    tops: Mapping[int | str, Sequence[str]] | None = None, flipped: int = 0,
    cat: int | None = None,
) -> ArchitectsState:
    """A consistent Architects state at the start of ``turn`` with the given ``cities`` (by
    seat: ``built`` stage keys, ``cards`` by kind, progress ``tokens``, ``military``
    victories), the given kinds on top of decks (``tops``: a seat's deck index or
    ``"central"``, bottom to top), ``flipped`` conflict tokens and the ``cat``; the rest from
    ``seed``. Refuses a position no game could reach with :class:`InvalidStateError`."""
    if not isinstance(game, ArchitectsGame):
        raise InvalidOptionError(f"position needs an ArchitectsGame, not {quote(game)}")
    n = game.players
    start = game.new_game(seed)
    specs = checked_mapping("cities", cities)
    if any(type(seat) is not int or not 0 <= seat < n for seat in specs):
        raise InvalidOptionError(f"cities maps seats 0 to {n - 1} to what they hold")
    if type(turn) is not int or turn < 1:
        raise InvalidOptionError(f"no turn {quote(turn)}")
    decks = _Decks(game, start)
    missing: list[str] = []
    on_top: dict[int, list[int]] = {}
    for where, kinds in checked_mapping("tops", tops).items():
        index = 0 if where == "central" else where + 1 if type(where) is int and \
            0 <= where < n else None
        if index is None:
            raise InvalidOptionError(f"tops names no deck {quote(where)}")
        taken = [decks.take(kind, only=index) for kind in _kinds(kinds, "tops")]
        missing += [kind for kind, card in zip(kinds, taken, strict=True) if card is None]
        on_top[index] = [card for card in taken if card is not None]
    face_up, pile = list(start.face_up), list(start.token_pile)
    city_list = []
    for seat, city in enumerate(start.cities):
        spec = checked_mapping(f"cities[{seat}]", specs.get(seat))
        unknown = sorted(set(spec) - set(CITY_KEYS))
        if unknown:
            raise InvalidOptionError(f"cities[{seat}] cannot say {quote(unknown[0])}")
        cards = [decks.take(kind) for kind in _kinds(spec.get("cards", ()), "cards")]
        missing += [k for k, c in zip(spec.get("cards", ()), cards, strict=True) if c is None]
        tokens = _kinds(spec.get("tokens", ()), "tokens")
        for token in tokens:
            if token in face_up:
                face_up.remove(token)
            elif token in pile:
                pile.remove(token)
            else:
                missing.append(token)
        military = spec.get("military", 0)
        if type(military) is not int:
            raise InvalidOptionError(f"cities[{seat}].military must be a whole number")
        city_list.append(City(city.wonder, _kinds(spec.get("built", ()), "built"),
                              tuple(c for c in cards if c is not None), tokens, military))
    discard, short = _battles(game, city_list, decks)
    if missing or short:
        raise refuse("Architects", (Problem("card_conservation", "cards", f"{quote(missing)} "
                                            "not in the deal, or too few cards with horns "
                                            "for the battles"),))
    while len(face_up) < len(start.face_up) and pile:
        face_up.append(pile.pop())
    piles = [[*pile_, *on_top.get(i, [])] for i, pile_ in enumerate(decks.piles)]
    state = attrs.evolve(start, cities=tuple(city_list), central=tuple(piles[0]),
                         decks=tuple(map(tuple, piles[1:])), discard=tuple(discard),
                         face_up=tuple(face_up), token_pile=tuple(pile), flipped=flipped,
                         cat=cat, current=(turn - 1) % n, turn=turn)
    found = problems(state)
    if found:
        raise refuse("Architects", found)
    return state


__all__ = ["CITY_KEYS", "position"]
