"""The invariants of an Architects state, and the load check that tests them all.

This module sits above the game object: it builds the game a state's wonders describe. The
invariants that need only that game's tables are in :mod:`sevenwonders.architects.accounting`
(a game object checks the states it did not make with their :data:`ACCOUNTING` part);
:func:`problems` runs every invariant below and returns what it finds as
named :class:`~sevenwonders.core.problems.Problem` items; every ``from_json`` of an
:class:`ArchitectsState` refuses a state with any (:func:`check_loaded`). The property tests
assert every invariant at every ply of random games of every player count, and the set is
closed under the rules (each bound grows with what a step adds; the turn number has no bound
but the documents' 64-bit integers: a turn whose seat has no deck left to take from passes
taking nothing, so no count of cards bounds it and stays closed). The list
(:data:`INVARIANTS`):

- ``shape`` (gate): 2-7 cities and decks, a turn from 1, flags of this turn, indices in range;
- ``table`` (gate): different, known wonders (either Babylon deck, reference D1);
- ``card_conservation``: every card of these wonders' decks and the central deck is once in
  the decks, the central deck, the cities, the discard pile or a Halicarnassus reveal;
- ``deck_origin``: each wonder's deck holds only cards of that wonder's deck (their backs), the
  central deck only central cards, a reveal only cards of the deck it was taken from (no card
  moves between decks: rulebook "Aufbau", cards are only ever taken);
- ``turn_order``: ``current`` is the seat whose turn it is: turns go round the table to the
  left from seat 0, one seat a turn (rulebook "Spielablauf");
- ``wonder_stages``: stages known, each once, each built after the stages it stands on;
- ``progress_tokens``: every progress token once, in the face-up row (refilled to its size
  while the pile lasts), the pile or a city;
- ``military``: conflict tokens flipped within the setup's count, no negative victories;
- ``battles``: each battle put cards with at least as many horns as there are conflict tokens
  on the discard pile (their horns flipped the tokens); a seat's military victories at most
  two a battle, the table's one a pair of neighbours a battle (two with two players); the
  horns of the flipped tokens on cards still in the cities;
- ``turn_record``: the cat at a seat, a peeked card only in the cat holder's turn, the tokens
  used and owed this turn known, decisions of a known kind;
- ``someone_moves``: a game not over has a seat to move with a legal move.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache

from sevenwonders.architects.accounting import (
    OPTIONAL_EFFECTS,
    TABLE_INVARIANTS,
    Context,
    deal_is_there,
)
from sevenwonders.architects.game import ArchitectsGame
from sevenwonders.architects.load_tables import KNOWN_WONDERS, any_game
from sevenwonders.architects.load_text import load_state_text
from sevenwonders.architects.loading import load_fast
from sevenwonders.architects.memory import check_seen
from sevenwonders.architects.options import BABYLON_DECKS
from sevenwonders.architects.state import (
    BUILT_FLAG,
    ArchitectsState,
    EffectChoice,
    Revealed,
    StartTurn,
)
from sevenwonders.core.problems import (
    Invariant,
    Problem,
    find,
    problem,
    refuse,
    register_load_check,
)
from sevenwonders.core.serialization import register_shallow, register_text_loader
from sevenwonders.errors import SevenWondersError


class _Context(Context):
    """The load check's context: besides the tables, the game the state's wonders describe."""

    __slots__ = ("game",)

    def __init__(self, state: ArchitectsState) -> None:
        super().__init__(None, state)
        self.game: ArchitectsGame | None = None


# -- the check of a loaded document (``from_json``), which knows no game object


def check_shape(ctx: _Context) -> Iterator[Problem]:
    """The ``shape`` invariant (its statement: the module's list)."""
    state = ctx.state
    n = len(state.cities)
    if not 2 <= n <= 7:
        yield from problem("shape", "cities", f"{n} cities")
    if len(state.decks) != n:
        yield from problem("shape", "decks", f"{len(state.decks)} decks for {n} cities")
    if state.turn < 1:
        yield from problem("shape", "turn", f"turn {state.turn}")
    if not 0 <= state.flags <= 2 * BUILT_FLAG - 1:
        yield from problem("shape", "flags", f"flags {state.flags}")
    if not 0 <= state.current < n:
        yield from problem("shape", "current", f"seat {state.current}")
    pending = state.pending
    if isinstance(pending, Revealed) and not 0 <= pending.deck < n:
        yield from problem("shape", "pending.deck",
                           f"Halicarnassus looks at deck {pending.deck}, which is no deck")
    if isinstance(pending, EffectChoice) and pending.effect not in OPTIONAL_EFFECTS:
        yield from problem("shape", "pending.effect",
                           f"no optional effect {pending.effect[:40]!r}")
    if len(set(ctx.wonders)) != n:
        yield from problem("shape", "cities", "a wonder twice")


def _check_games(ctx: _Context) -> Iterator[Problem]:
    """The table's accounting for either Babylon deck (reference D1): the first that fits.

    (A game whose deal is not on the table has problems, so the full check runs only for
    the decks whose deal is there; the first deck's problems, the ones reported when no deck
    fits, are worked out then.)"""
    state, wonders = ctx.state, ctx.wonders
    first: tuple[Problem, ...] | Context = ()
    cards = None  # (the cards on the table, once a check has read them: read once)
    for babylon in BABYLON_DECKS:
        try:
            game = _game_of(wonders, babylon)
        except SevenWondersError as error:
            yield from problem("table", "cities", f"no game has these wonders: {error}")
            return
        table = Context(game.tables, state, wonders, cards)
        if not _deal_may_be_there(table):
            cards = table.found_if_read
            first = first or table  # (its problems: later, if no deck fits)
            continue
        found = find(TABLE_INVARIANTS, table)
        cards = table.found_if_read
        if not found:
            ctx.tables, ctx.game = game.tables, game
            ctx.share_found(cards)
            return
        first = first or found
    yield from first if isinstance(first, tuple) else find(TABLE_INVARIANTS, first)


def _deal_may_be_there(table: Context) -> bool:
    """``False`` when the deal of ``table``'s game is certainly not on the table (the
    ``card_conservation`` invariant fails), ``True`` otherwise."""
    try:
        return deal_is_there(table)
    except Exception:  # (unknown wonders: the full check says so)
        return True


def check_memory(ctx: _Context) -> Iterator[Problem]:
    """The ``memory`` invariant: what each seat remembers seeing is still where it saw it
    (:func:`~sevenwonders.architects.memory.check_seen`)."""
    cards = ctx.found_if_read  # (the cards on the table, as the accounting found them)
    wrong = check_seen(ctx.state, None if cards is None else cards[1])
    if wrong is not None:
        yield from problem("memory", "seen", wrong)


def check_someone_moves(ctx: _Context) -> Iterator[Problem]:
    """A seat starting its turn with a card to take has a move (rulebook "Spielablauf": take
    the top card of the left, right or central deck); other decisions ask the rules."""
    state, game = ctx.state, ctx.game
    if state.over or game is None:
        return
    current = state.current  # (the one seat to move, as ArchitectsGame.to_move says)
    if isinstance(state.pending, StartTurn) and (
            state.central or state.decks[current] or state.decks[current - 1]):
        return
    # (the seat to move is ``current``; its moves listed raw: the state passed the checks
    # the game's own guard makes)
    if not game._legal(state):
        yield from problem("someone_moves", "pending",
                           "the game is not over but the seat to move has no move")


INVARIANTS: tuple[Invariant[_Context], ...] = (
    Invariant("shape", "2-7 cities, a deck each; a turn from 1; indices in range", check_shape,
              gate=True),
    Invariant("accounting", "the table invariants for one of the Babylon decks: "
              + "; ".join(inv.name for inv in TABLE_INVARIANTS), _check_games, gate=True),
    Invariant("memory", "what a seat remembers seeing is where it saw it", check_memory),
    Invariant("someone_moves", "a game not over has a seat to move with a legal move",
              check_someone_moves),
)
"""Every invariant a loaded state is checked against (the table invariants inside
``accounting``: :data:`TABLE_INVARIANTS`)."""


def problems(state: ArchitectsState) -> tuple[Problem, ...]:
    """Every problem of ``state`` as named items (empty for a state some game could reach)."""
    if not isinstance(state, ArchitectsState):
        return (Problem("shape", "state", f"not an ArchitectsState but {type(state).__name__}"),)
    return find(INVARIANTS, _Context(state))


def check_loaded(state: ArchitectsState) -> ArchitectsState:
    """``state`` if it has no problem, else :class:`InvalidStateError` carrying them all."""
    found = problems(state)
    if found:
        raise refuse("Architects", found)
    return state


def _game_of(wonders: tuple[str, ...], babylon: str) -> ArchitectsGame:
    """The game a state of these wonders is checked with. The rules depend on the table's
    size and the options, not on which seat drew which wonder (the option only deals them),
    so distinct known wonders are checked with one game of their number, made once; any other
    wonders with the game they name, which refuses them as before."""
    if len(set(wonders)) == len(wonders) and KNOWN_WONDERS.issuperset(wonders):
        return any_game(len(wonders), babylon)
    return _game(len(wonders), wonders, babylon)


@lru_cache(maxsize=32)
def _game(players: int, wonders: tuple[str, ...], babylon: str) -> ArchitectsGame:
    # optional wonder effects: the widest set of moves, so no reachable state looks stuck
    return ArchitectsGame(players, wonders=wonders, babylon_deck=babylon,
                          wonder_effects_mandatory=False)


register_load_check(ArchitectsState, problems, "Architects", load_fast)
register_shallow(ArchitectsState)
register_text_loader(ArchitectsState, load_state_text)
