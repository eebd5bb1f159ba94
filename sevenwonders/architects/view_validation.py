"""The checks of an Architects view read from outside: the invariants of
:mod:`sevenwonders.architects.validation` as far as a seat can see them.

A view shows every city (cards by kind and by the deck they came from), every deck's size and
top, the discard pile, the face-up tokens and the pile's size: enough to count every card by
its deck. Every ``from_json`` of an :class:`ArchitectsView` runs :func:`view_problems`:

- ``shape`` (gate): 2-7 players, the seat, the seat to move and the cat at the table, a city and
  a deck a seat (the decks in the cities' order), a turn from 1, a known kind of decision;
- ``table`` (gate): different, known wonders (either Babylon deck);
- ``card_conservation``: the cards shown (in cities, on the discard pile, revealed, on top of
  the decks) and the decks' sizes add up to the deal, no kind more often than dealt, every
  card from a deck of the table (a view counts the whole deal; a state's load also checks
  deck by deck);
- ``progress_tokens``: tokens known, the face-up row, the cities' tokens and the pile's size add
  up to the tokens of the game;
- ``military``: conflict tokens flipped within the setup's count; victories within the battles
  (two a card with horns on the discard pile);
- ``turn_order``: the seat to move is the seat whose turn it is.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from typing import Any

import attrs

from sevenwonders.architects.accounting import VICTORIES_PER_BATTLE
from sevenwonders.architects.options import BABYLON_DECKS
from sevenwonders.architects.tables import Tables
from sevenwonders.architects.validation import _game
from sevenwonders.architects.view import ArchitectsView
from sevenwonders.core.problems import (
    Invariant,
    Problem,
    find,
    problem,
    register_load_check,
)
from sevenwonders.errors import SevenWondersError

DECISIONS = frozenset({"take", "actions", "token", "alexandria", "halicarnassus", "pick",
                       "effect", "over"})


@attrs.define
class _Seen:
    view: ArchitectsView
    tables: Any = None


def _shape(ctx: _Seen) -> Iterator[Problem]:
    v = ctx.view
    n = v.players
    if not 2 <= n <= 7 or not 0 <= v.seat < n or not 0 <= v.current < n or v.turn < 1:
        yield from problem("shape", "seat", f"seat {v.seat}, {v.current} to move, of {n}")
    elif len(v.cities) != n or len(v.decks) != n or any(
            d.wonder != c.wonder for d, c in zip(v.decks, v.cities, strict=True)):
        yield from problem("shape", "cities", "a city and its deck a seat")
    elif (v.cat is not None and not 0 <= v.cat < n) or v.decision not in DECISIONS:
        yield from problem("shape", "decision", f"the cat or a decision {v.decision[:20]!r}")


def _counts_fit(t: Tables, v: ArchitectsView) -> bool:
    """Whether every card shown and every deck's size fit the deal of ``t``, deck by deck."""
    shown: dict[str, Counter[str]] = {}
    for city in v.cities:
        if len(city.origins) != len(city.cards):
            return False
        for kind, origin in zip(city.cards, city.origins, strict=True):
            shown.setdefault(origin, Counter())[kind] += 1
    if len(v.discard_origins) != len(v.discard):
        return False
    for kind, origin in zip(v.discard, v.discard_origins, strict=True):
        shown.setdefault(origin, Counter())[kind] += 1
    sizes = {d.wonder: d.size for d in v.decks} | {"central": v.central_size}
    if v.revealed_deck is not None:
        if v.revealed_deck not in sizes or len(v.revealed) not in (0, v.revealed_count):
            return False
        shown.setdefault(v.revealed_deck, Counter()).update(v.revealed)
        sizes[v.revealed_deck] += v.revealed_count - len(v.revealed)
    if not set(shown) <= set(sizes) or any(size < 0 for size in sizes.values()):
        return False
    # the whole deal: as many cards as the decks were dealt, no kind more often than dealt
    total = sum(len(t.deck_cards[origin]) for origin in sizes)
    seen = sum(shown.values(), Counter())
    tops = [d.top for d in v.decks if d.top is not None]
    if v.central_top is not None:
        tops.append(v.central_top)
    dealt = _dealt_kinds(t, tuple(sizes))
    return sum(seen.values()) + sum(sizes.values()) == total and not (
        seen + Counter(tops)) - dealt


def _dealt_kinds(t: Tables, origins: tuple[str, ...]) -> Counter[str]:
    return Counter(t.card_kind_id[c] for origin in origins for c in t.deck_cards[origin])


def _table(ctx: _Seen) -> Iterator[Problem]:
    v = ctx.view
    wonders = tuple(c.wonder for c in v.cities)
    if len(set(wonders)) != len(wonders):
        yield from problem("table", "cities", "a wonder twice")
        return
    for babylon in BABYLON_DECKS:
        try:
            t = _game(len(wonders), wonders, babylon).tables
        except SevenWondersError as error:
            yield from problem("table", "cities", f"no game has these wonders: {error}")
            return
        if ctx.tables is None:
            ctx.tables = t
        if _counts_fit(t, v):
            ctx.tables = t
            return


def _cards(ctx: _Seen) -> Iterator[Problem]:
    if not _counts_fit(ctx.tables, ctx.view):
        yield from problem("card_conservation", "cards", "the cards shown and the decks' "
                           "sizes do not add up to the deal")


def _tokens(ctx: _Seen) -> Iterator[Problem]:
    t, v = ctx.tables, ctx.view
    shown = Counter(v.face_up) + Counter(tok for c in v.cities for tok in c.tokens)
    if shown - Counter(t.token_pile) or sum(shown.values()) + v.token_pile_size != len(
            t.token_pile) or len(v.face_up) > t.data.setup.face_up_tokens \
            or any(tok not in t.tokens for tok in (*v.used, *v.owed)):
        yield from problem("progress_tokens", "face_up", "the progress tokens do not add up")


def _military(ctx: _Seen) -> Iterator[Problem]:
    t, v = ctx.tables, ctx.view
    horned = {k for i, k in enumerate(t.kind_ids) if t.horns[i]}
    battles = sum(1 for kind in v.discard if kind in horned)
    if v.conflict_total != t.conflict_total or not 0 <= v.conflict_flipped <= t.conflict_total \
            or any(not 0 <= c.military <= VICTORIES_PER_BATTLE * battles for c in v.cities):
        yield from problem("military", "cities", "conflict tokens or victories out of range")


def _turn_order(ctx: _Seen) -> Iterator[Problem]:
    v = ctx.view
    if v.decision != "over" and v.current != (v.turn - 1) % v.players:
        yield from problem("turn_order", "current", f"turn {v.turn} is not seat "
                           f"{v.current}'s")


VIEW_INVARIANTS: tuple[Invariant[_Seen], ...] = (
    Invariant("shape", "seats, sizes and the decision in range", _shape, gate=True),
    Invariant("table", "different, known wonders", _table, gate=True),
    Invariant("card_conservation", "the cards add up to the deal, deck by deck", _cards),
    Invariant("progress_tokens", "the tokens add up", _tokens),
    Invariant("military", "flipped tokens and victories in range", _military),
    Invariant("turn_order", "the seat to move is the seat whose turn it is", _turn_order),
)


def view_problems(view: ArchitectsView) -> tuple[Problem, ...]:
    """Every problem of ``view`` a seat can see (empty for a view of a reachable state)."""
    if not isinstance(view, ArchitectsView):
        return (Problem("shape", "view", f"not an ArchitectsView but {type(view).__name__}"),)
    return find(VIEW_INVARIANTS, _Seen(view))


register_load_check(ArchitectsView, view_problems, "Architects view")
