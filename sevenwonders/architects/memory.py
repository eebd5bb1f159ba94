"""What each seat of an Architects game has seen face down and may remember (perfect recall).

Every card taken lies face up in front of its taker, the discard pile lies face up and each
wonder deck shows its top card, so the make-up of every deck is public. What a seat alone can
know is where some face-down cards lie:

- the central deck's top card, seen by the cat's holder at the start of its turn (rulebook "Die
  Katzenfigur verwenden"): known to that seat for as long as it stays on top, on later turns too;
- with the option ``halicarnassus_shuffle="returned"``, the cards Halicarnassus looked through
  and put back on top of a deck (to the seat that looked, or to all with
  ``halicarnassus_public``): they are the top cards of that deck, in an unknown order, until
  drawn. With the default ``"deck"`` the whole deck is shuffled and nothing is left to know.
  When another seat looks through that deck, the order is unknown again and the seat forgets.

The state keeps, per seat, the ids of the face-down cards it saw (``ArchitectsState.seen``);
views show those still face down (a card drawn since lies face up: everyone knows it) as
:class:`~sevenwonders.architects.view.ArchitectsMemory`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from sevenwonders.architects.state import ArchitectsState, Revealed, StartTurn

if TYPE_CHECKING:
    from sevenwonders.architects.tables import Tables


def remember(tables: Tables, before: ArchitectsState,
             after: ArchitectsState) -> tuple[tuple[int, ...], ...] | None:
    """Every seat's seen face-down cards after the step from ``before`` to ``after``, or
    ``None`` if they did not change. (Runs at every step, so it does the least: a card that was
    drawn since stays in the list, and views leave it out, see
    :func:`~sevenwonders.architects.view.memory_view`.)"""
    current = after.current
    looked = type(before.pending) is Revealed
    if not looked and (type(after.pending) is not StartTurn or after.cat != current):
        return None  # (most steps: no turn of the cat's holder starts, nothing forgotten)
    seen = before.seen
    changed = False
    if looked and type(after.pending) is not Revealed:
        pending = before.pending
        assert isinstance(pending, Revealed)
        seen, changed = _looked_through(tables, before, after, pending,
                                        seen or ((),) * len(after.cities))
    if type(after.pending) is StartTurn and after.cat == current and after.central:
        cat_seen = cat_sees(seen, current, after.central[-1], len(after.cities))
        if cat_seen is not None:
            seen, changed = cat_seen, True
    return seen if changed else None


def cat_sees(seen: tuple[tuple[int, ...], ...], seat: int, top: int,
             seats: int) -> tuple[tuple[int, ...], ...] | None:
    """``seen`` once the cat's holder ``seat``, starting its turn, has seen the central deck's
    top card ``top`` (rulebook "Die Katzenfigur verwenden"); ``None`` if it knew it already."""
    changed: list[tuple[int, ...]]
    if not seen:
        changed = [()] * seats
    elif top in seen[seat]:
        return None
    else:
        changed = list(seen)  # one list, no slices (speed: a plain take calls this often)
    changed[seat] = (*changed[seat], top)
    return tuple(changed)


def _looked_through(tables: Tables, before: ArchitectsState, after: ArchitectsState,
                    pending: Revealed, seen: tuple[tuple[int, ...], ...],
                    ) -> tuple[tuple[tuple[int, ...], ...], bool]:
    """After Halicarnassus' pick: the cards put back on top (option ``"returned"``) are known
    to those who saw them; every other seat forgets what it knew of that deck's order."""
    deck = after.decks[pending.deck]
    back = tuple(card for card in pending.cards if card in deck)
    returned = tables.options.halicarnassus_shuffle == "returned"
    out = []
    for seat, cards in enumerate(seen):
        kept = tuple(card for card in cards if card not in deck and card not in back)
        if returned and (seat == before.current or tables.options.halicarnassus_public):
            kept = (*kept, *back)
        out.append(kept)
    result = tuple(out)
    return result, result != seen


_INTS = frozenset({int})


def check_seen(state: ArchitectsState, present: set[int] | None = None) -> str | None:
    """What is wrong with ``state.seen`` (``None``: nothing): one entry per seat, each a card
    of the game (one that lies somewhere in the state) at most once. ``present``: the ids of
    the cards lying somewhere in the state, where the caller has them already."""
    if not state.seen:
        return None
    if len(state.seen) != len(state.cities):
        return f"{len(state.seen)} entries for {len(state.cities)} seats"
    if present is None:
        present = {*state.central, *state.discard}
        for deck in state.decks:
            present.update(deck)
        for city in state.cities:
            present.update(city.cards)
        if isinstance(state.pending, Revealed):
            present.update(state.pending.cards)
    for seen in state.seen:
        if len(set(seen)) != len(seen) or not (present.issuperset(seen) and _INTS.issuperset(
                map(type, seen))):
            return "a seen card that is no card of the game, or seen twice"
    return None


__all__ = ["cat_sees", "check_seen", "remember"]
