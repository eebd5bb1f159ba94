"""The invariants of a base-game state, and the load check that tests them all.

The rules trust their own states; a document from elsewhere (``from_json``) is checked once, on
load, against every invariant below, so a hand-edited or hostile document fails with
:class:`InvalidStateError` (naming the field, carrying every :class:`Problem` found) instead of
deep inside a step. :func:`problems` returns the problems without raising. Each invariant holds
in every state of real play (the property tests play random games of every player count, both
editions and Edifice, and assert :func:`problems` is empty at every ply), and the set is closed
under the rules: a legal step from a state with no problem leads to a state with none (the
coin limit grows with the game's progress faster than any step can pay; see
:func:`coin_limit`). The list, in the order checked (:data:`INVARIANTS`):

- ``shape`` (gate): 3-7 players, one city, hand and marks entry a seat, Age 1-3, turn 1-6, one
  deck for each Age to come;
- ``table`` (gate): the wonders and sides are boards of one edition and one game (no wonder
  twice), the stage options exist, the expansions' own states are consistent (Edifice: the
  projects, pawns and holders, no seat holding two pawns of one project);
- ``card_conservation``: every card of the deal for this edition and player count (each Age's
  cards by the copies rule, n + 2 different guilds) is somewhere, once per copy, nothing else
  is (rulebook "Setup"); hands hold the current Age's cards, decks exactly the Ages to come,
  cities and the discard pile no card of a later Age; no city holds a building twice;
- ``hand_sizes``: 7 cards on turn 1, one fewer each turn ("Game turn"); while a turn's
  decisions are pending the turn's cards are already played;
- ``built_counts``: a city has placed (built or tucked) at most one card a turn played so far,
  plus one a stage that builds from the discard pile and one an Age's last card where its
  wonder plays it;
- ``coins``: no seat below 0 or over :func:`coin_limit`;
- ``wonder_stages``: one tucked card and one recorded option a built stage, options that exist;
- ``free_build``: a once-per-Age free build used in no later Age than this one, and only by a
  city with a built stage that gives it;
- ``military_tokens``: tokens worth 1, 3, 5 (a victory of Age I, II, III) or -1 (a defeat), at
  most two a conflict fought, none from a conflict still to come; without an expansion that
  hands out or takes tokens, the tokens are those conflicts between neighbours hand out: in
  each Age every pair of neighbours tied or gave one a victory and the other a defeat;
- ``turn_marks``: marks (what a seat built or received this turn) while and only while the
  turn still has decisions pending (not the decisions of an Age's end, which come after the
  turn), one for every seat (each played a card), naming cards of the city, no more stages or
  income than the city has;
- ``pending_decisions``: decisions for seats of the table; a last-card decision for a seat with
  one card and the power; a discard-pile build for a seat that built a stage with that power
  this turn, one a stage; an expansion's
  decision named after an expansion of this game; no decision pending twice;
- ``deferred_effects``: coin effects paid at the turn's end only while the turn has decisions
  pending (not an Age's end), each a card of the seat's city built this turn that pays coins
  per item;
- ``someone_moves``: a state that is not over has seats to move, each with a legal move, and
  every expansion decision pending after the first has an answer.
"""

from __future__ import annotations

from sevenwonders.base.invariants import (  # (the checks, which compile: see that module)
    _Context,
    check_built_counts,
    check_coins,
    check_conservation,
    check_deferred,
    check_free_build,
    check_hands,
    check_marks,
    check_pending,
    check_recall,
    check_shape,
    check_someone_moves,
    check_stages,
    check_table,
    check_tokens,
)
from sevenwonders.base.loading import read_state
from sevenwonders.base.progress import coin_limit as coin_limit  # (read from here too)
from sevenwonders.base.state import BaseState
from sevenwonders.core.problems import Invariant, Problem, find, refuse, register_load_check
from sevenwonders.core.serialization import register_shallow

INVARIANTS: tuple[Invariant[_Context], ...] = (
    Invariant("shape", "3-7 players; a city, hand and marks entry a seat; Age 1-3, turn 1-6; "
              "a deck for each Age to come", check_shape, gate=True),
    Invariant("table", "wonders and sides of one edition and one game, stage options that "
              "exist, consistent expansion states", check_table, gate=True),
    Invariant("card_conservation", "every card of the deal once per copy, where its Age "
              "allows; no building twice in a city", check_conservation),
    Invariant("hand_sizes", "7 cards on turn 1, one fewer a turn; played cards gone while "
              "decisions are pending", check_hands),
    Invariant("built_counts", "at most one card placed a turn, plus the wonder's extra builds",
              check_built_counts),
    Invariant("coins", "0 to coin_limit(state) coins a seat", check_coins),
    Invariant("wonder_stages", "a tucked card and an option a built stage",
              check_stages),
    Invariant("free_build", "a free build used in no later Age, by a city with the power",
              check_free_build),
    Invariant("military_tokens", "tokens of fought conflicts only, as conflicts between "
              "neighbours hand them out", check_tokens),
    Invariant("turn_marks", "marks for every seat while and only while the turn has decisions "
              "pending, fitting the city", check_marks),
    Invariant("pending_decisions", "decisions for seats with the power and cards to take them",
              check_pending),
    Invariant("deferred_effects", "turn-end coin effects of this turn's cards, only while "
              "decisions are pending", check_deferred),
    Invariant("memory", "each seat remembers only cards it saw, where they still are",
              check_recall),
)
SOMEONE_MOVES = Invariant("someone_moves", "a game not over has a seat to move with a legal "
                          "move", check_someone_moves)
"""Run last, and only on a state with no other problem (the rules assume the others)."""


def problems(state: BaseState) -> tuple[Problem, ...]:
    """Every problem of ``state`` as named items (empty for a state some game could reach)."""
    if not isinstance(state, BaseState):
        return (Problem("shape", "state", f"not a BaseState but {type(state).__name__}"),)
    ctx = _Context(state)
    found = find(INVARIANTS, ctx)
    return found or find((SOMEONE_MOVES,), ctx)


def check_state(state: BaseState) -> BaseState:
    """Return ``state`` if it has no problem, else raise :class:`InvalidStateError` naming the
    first problem's field and carrying them all."""
    found = problems(state)
    if found:
        raise refuse("base-game", found)
    return state


def load_fast(data: object) -> BaseState | None:
    """The load's fast path: the state :func:`~sevenwonders.base.loading.read_state` reads
    of a parsed document, when it has no problem; ``None`` for any other document, which the
    full path (the strict converter, then :func:`problems`) builds or refuses as always."""
    state = read_state(data)
    if state is None or problems(state):
        return None
    return state


register_load_check(BaseState, problems, "base-game", fast=load_fast)
register_shallow(BaseState)
