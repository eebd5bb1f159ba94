"""The checks of the base game's load check, one for each invariant of
:mod:`sevenwonders.base.validation` (which lists them and states each one), over a state the
strict converter has built. They read already-typed values only, so they compile with the
engine; the load check's entry points (``problems``, ``check_state``), which take the caller's
values, stay interpreted in :mod:`~sevenwonders.base.validation`.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import chain
from operator import itemgetter
from typing import TYPE_CHECKING

from sevenwonders.base.conflict_tokens import token_problems
from sevenwonders.base.conservation import check_cards, names_by_age
from sevenwonders.base.effects import BuildFromDiscard, CoinsPer, FreeOncePerAge, PlayLastCard
from sevenwonders.base.expansion_state import expansion_name
from sevenwonders.base.game import BaseGame
from sevenwonders.base.loaded_table import (
    _TABLES_PASSED,
    _edition,
    _fail,
    _table_game,
    _table_key,
)
from sevenwonders.base.memory import check_memory
from sevenwonders.base.progress import coin_limit, mid_turn
from sevenwonders.base.setup import HAND_SIZE, TURNS_PER_AGE
from sevenwonders.base.state import BaseState, City, PendingKind, TurnMarks
from sevenwonders.core.problems import Problem, Verdicts, problem
from sevenwonders.errors import InvalidStateError

if TYPE_CHECKING:
    from sevenwonders.base.tables import Tables

class _Context:
    """What the checks share: the state, and (after the ``table`` gate) its edition, its game
    and its expansions' names."""

    __slots__ = ("edition", "game", "names", "state")

    def __init__(self, state: BaseState) -> None:
        self.state = state
        self.edition = "2nd"
        self.names: tuple[str, ...] = ()
        self.game: BaseGame | None = None

    @property
    def the_game(self) -> BaseGame:
        assert self.game is not None
        return self.game


# -- the invariants, in the order checked


def check_shape(ctx: _Context) -> Iterator[Problem]:
    """The ``shape`` invariant (stated in :mod:`.validation`)."""
    state = ctx.state
    n = state.players
    if not 3 <= n <= 7:
        raise _fail("players", f"{n} players")
    for name, part in (("cities", state.cities), ("hands", state.hands),
                       ("marks", state.marks)):
        if len(part) != n:
            yield from problem("shape", name, f"{len(part)} entries for {n} players")
    if not 1 <= state.age <= 3:
        yield from problem("shape", "age", f"Age {state.age}")
    if not 1 <= state.turn <= TURNS_PER_AGE:
        yield from problem("shape", "turn", f"turn {state.turn}")
    if len(state.decks) != 3 - state.age:
        yield from problem("shape", "decks", f"{len(state.decks)} decks left in Age {state.age}")


def check_table(ctx: _Context) -> Iterator[Problem]:
    """The ``table`` invariant (stated in :mod:`.validation`)."""
    state = ctx.state
    ctx.edition = _edition(state)
    ctx.names = tuple(expansion_name(e) or "?" for e in state.expansions)
    ctx.game = game = _table_game(state, ctx.edition, ctx.names)
    key = _table_key(game, state, ctx.names)
    try:
        if key is not None and key in _TABLES_PASSED:
            return iter(())
    except TypeError:  # (an expansion's state that is no key)
        key = None
    try:
        game.check_table(state)
        for expansion in game.expansions:
            expansion.validate_loaded(game.rules, state)
    except InvalidStateError as error:
        if error.field:
            raise
        raise _fail("cities", str(error)) from None
    if key is not None:
        _TABLES_PASSED.remember(key, None)
    return iter(())


def check_hands(ctx: _Context) -> Iterator[Problem]:
    """7 cards on turn 1, one fewer each turn; while a turn's decisions are pending the turn's
    cards are already played (and after the last turn of an Age one card or none is left)."""
    state = ctx.state
    sizes = {len(hand) for hand in state.hands}
    full = HAND_SIZE + 1 - state.turn
    if state.over or state.age_ending:
        allowed: set[int] = {0}
    elif not state.pending:
        allowed = {full}
    elif state.turn == TURNS_PER_AGE:
        allowed = {0, 1}
    else:
        allowed = {full - 1}
    if not sizes <= allowed or (len(sizes) > 1 and state.turn != TURNS_PER_AGE):
        yield from problem("hand_sizes", "hands", f"hands of {[len(h) for h in state.hands][:7]}"
                           f" cards on turn {state.turn}")
    if state.over and (state.age != 3 or state.pending or state.decks):
        yield from problem("hand_sizes", "over",
                           "a game is over only after Age III with nothing pending")
    if state.age_ending and state.turn != TURNS_PER_AGE:
        yield from problem("hand_sizes", "age_ending", f"an Age ends after turn {TURNS_PER_AGE}")


def _ages_closed(state: BaseState) -> int:
    """How many Ages have had their last turn played."""
    last_done = state.over or state.age_ending or (
        state.turn == TURNS_PER_AGE and bool(state.pending))
    return state.age - 1 + (1 if last_done else 0)


def _extra_builds(rules: Tables, edition: str, city: City) -> tuple[int, bool]:
    """How many builds from the discard pile the city's built stages give, and whether they
    play an Age's last card (remembered per board and stages: loads meet the same ones)."""
    key = (edition, city.wonder, city.side, city.stages, city.stage_choices)
    found = _EXTRA_BUILDS.get(key)
    if found is None:
        effects = rules.stage_effects(city)
        found = (sum(1 for e in effects if isinstance(e, BuildFromDiscard)),
                 any(isinstance(e, PlayLastCard) for e in effects))
        _EXTRA_BUILDS.remember(key, found)  # (every board, side and stage count: some 200)
    return found


_EXTRA_BUILDS: Verdicts[tuple[str, str, str, int, tuple[int, ...]], tuple[int, bool]] = (
    Verdicts(4096))


def check_built_counts(ctx: _Context) -> Iterator[Problem]:
    """One card placed a turn at most, plus the wonder's extra builds (rulebook "Game turn";
    the Babylon and Halikarnassos stages)."""
    state, rules = ctx.state, ctx.the_game.rules
    turns = TURNS_PER_AGE * (state.age - 1) + state.turn - (0 if mid_turn(state) else 1)
    ages_closed = _ages_closed(state)
    for s, city in enumerate(state.cities):
        from_discard, last_card = _extra_builds(rules, ctx.edition, city)
        extra = from_discard + (ages_closed if last_card else 0)
        placed = len(city.cards) + len(city.tucked)
        if placed > turns + extra:
            yield from problem("built_counts", f"cities[{s}].cards",
                               f"{placed} cards placed after {turns} turns (at most {extra} "
                               "more from the wonder's powers)")


def check_coins(ctx: _Context) -> Iterator[Problem]:
    """The ``coins`` invariant (stated in :mod:`.validation`)."""
    state = ctx.state
    limit = coin_limit(state)
    for s, city in enumerate(state.cities):
        if not 0 <= city.coins <= limit:
            yield from problem("coins", f"cities[{s}].coins",
                               f"{city.coins} coins (from 0 to {limit} at this point)")


def check_stages(ctx: _Context) -> Iterator[Problem]:
    """The ``wonder_stages`` invariant (stated in :mod:`.validation`)."""
    state, rules = ctx.state, ctx.the_game.rules
    for s, city in enumerate(state.cities):
        key = (rules, city.wonder, city.side, city.stages, len(city.tucked), city.stage_choices)
        if key in _STAGES_FIT:  # (a board, stage count and options that fitted before)
            continue
        stages = rules.stages(city)
        if not 0 <= city.stages <= len(stages) or len(city.tucked) != city.stages:
            yield from problem("wonder_stages", f"cities[{s}].stages",
                               f"{city.stages} stages, {len(city.tucked)} cards tucked, "
                               f"of {len(stages)}")
        if len(city.stage_choices) != city.stages or any(
                not 0 <= choice < max(1, len(stage.choices))
                for stage, choice in zip(stages, city.stage_choices, strict=False)):
            yield from problem("wonder_stages", f"cities[{s}].stage_choices",
                               f"options {city.stage_choices[:4]} for {city.stages} stages")
        elif 0 <= city.stages <= len(stages) and len(city.tucked) == city.stages:
            _STAGES_FIT.remember(key, None)  # (every board, side and stage count: few)


_STAGES_FIT: Verdicts[tuple[object, ...], None] = Verdicts(4096)
"""The (tables, board, side, stages, tucked cards, options) that fit, as found before."""


def check_free_build(ctx: _Context) -> Iterator[Problem]:
    """The ``free_build`` invariant (stated in :mod:`.validation`). Only a built stage
    with the once-per-Age free build (1st edition, Olympia A's second stage) lets a city use
    it."""
    state, rules = ctx.state, ctx.the_game.rules
    for s, city in enumerate(state.cities):
        if not 0 <= city.free_build_age <= state.age:
            yield from problem("free_build", f"cities[{s}].free_build_age",
                               f"{city.free_build_age} in Age {state.age}")
        elif city.free_build_age and not rules.has_power(city, FreeOncePerAge):
            yield from problem("free_build", f"cities[{s}].free_build_age",
                               f"a free build used in Age {city.free_build_age} by a city "
                               "without that power")


def check_tokens(ctx: _Context) -> Iterator[Problem]:
    """The ``military_tokens`` invariant (stated in :mod:`.validation`;
    :func:`~sevenwonders.base.conflict_tokens.token_problems`)."""
    game = ctx.the_game
    # two tokens a conflict, unless an expansion hands out or takes tokens besides (Edifice)
    counted_elsewhere = any(e.changes_conflict_tokens for e in game.expansions)
    return token_problems(ctx.state, game.rules.sides, counted_elsewhere)


def check_marks(ctx: _Context) -> Iterator[Problem]:
    """The ``turn_marks`` invariant (stated in :mod:`.validation`)."""
    state = ctx.state
    turn_pending = bool(state.pending) and not state.age_ending
    for s, (city, marks) in enumerate(zip(state.cities, state.marks, strict=True)):
        blank = not (marks.built or marks.stages or marks.income)  # (equal to NO_MARKS)
        if not blank and not turn_pending:
            yield from problem("turn_marks", f"marks[{s}]",
                               "turn marks while no decision of the turn is pending")
        elif blank and turn_pending:
            # every seat played a card this turn: built it (marked), built a stage (marked) or
            # sold it for 3 coins (income marked) (rulebook "Spielzug")
            yield from problem("turn_marks", f"marks[{s}]",
                               "no turn marks while the turn's decisions are pending")
        if (not 0 <= marks.stages <= city.stages or not 0 <= marks.income <= city.coins
                or (marks.built and (not set(marks.built) <= set(city.cards)
                                    or len(set(marks.built)) != len(marks.built)))):
            yield from problem("turn_marks", f"marks[{s}]", "turn marks that do not fit the city")


def _discard_builds_this_turn(rules: Tables, city: City, marks: TurnMarks) -> int:
    """How many builds from the discard pile the stages the city built this turn give."""
    built = rules.stage_effects(city)
    before = rules.stage_effects(city, max(0, city.stages - marks.stages))
    return (sum(1 for e in built if isinstance(e, BuildFromDiscard))
            - sum(1 for e in before if isinstance(e, BuildFromDiscard)))


def check_pending(ctx: _Context) -> Iterator[Problem]:
    """The ``pending_decisions`` invariant (stated in :mod:`.validation`)."""
    state, rules = ctx.state, ctx.the_game.rules
    n = state.players
    for i, pending in enumerate(state.pending):
        if not 0 <= pending.seat < n:
            yield from problem("pending_decisions", f"pending[{i}].seat",
                               f"seat {pending.seat}")
            continue
        city = state.cities[pending.seat]
        if pending.kind is PendingKind.PLAY_LAST_CARD and (
                len(state.hands[pending.seat]) != 1 or not rules.has_power(city, PlayLastCard)):
            yield from problem("pending_decisions", f"pending[{i}]",
                               "a last-card decision without exactly one card or the power")
        if pending.kind is PendingKind.BUILD_FROM_DISCARD and (
                state.age_ending or _discard_builds_this_turn(rules, city, state.marks[
                    pending.seat]) < state.pending.count(pending)):
            # the power acts at the end of the turn its stage is built, once for each such
            # stage (reference notes, Halikarnassos: "end of the turn this stage is built")
            yield from problem("pending_decisions", f"pending[{i}]",
                               "a discard-pile build without a stage of that power built "
                               "this turn")
        if pending in state.pending[:i]:
            yield from problem("pending_decisions", f"pending[{i}]", "a decision pending twice")
        if pending.kind is not PendingKind.EXPANSION and pending.detail:
            yield from problem("pending_decisions", f"pending[{i}].detail",
                               "a detail on a decision of the base game")
        if pending.kind is PendingKind.EXPANSION and \
                pending.detail.partition(":")[0] not in ctx.names:
            yield from problem("pending_decisions", f"pending[{i}].detail",
                               "a decision of no expansion of this game")


def check_deferred(ctx: _Context) -> Iterator[Problem]:
    """The ``deferred_effects`` invariant (stated in :mod:`.validation`)."""
    state, rules = ctx.state, ctx.the_game.rules
    n = state.players
    if state.deferred and (not state.pending or state.age_ending):
        yield from problem("deferred_effects", "deferred",
                           "coin effects deferred to a turn's end with no decision pending")
    for i, (seat, name) in enumerate(state.deferred):
        if not 0 <= seat < n:
            yield from problem("deferred_effects", f"deferred[{i}]", f"seat {seat}")
            continue
        card = rules.cards.get(name)
        if card is None or not any(isinstance(e, CoinsPer) for e in card.effects):
            yield from problem("deferred_effects", f"deferred[{i}]",
                               f"{name[:40]!r} is no card that pays coins per item")
        elif name not in state.marks[seat].built:
            yield from problem("deferred_effects", f"deferred[{i}]",
                               f"{name!r} was not built by seat {seat} this turn")


def check_conservation(ctx: _Context) -> Iterator[Problem]:
    """The ``card_conservation`` invariant, for the state's edition
    (:func:`~sevenwonders.base.conservation.check_cards`)."""
    return check_cards(ctx.state, ctx.edition)


def check_someone_moves(ctx: _Context) -> Iterator[Problem]:
    """A state that is not over has seats to move, each with a legal move. Between decisions
    every seat drafts from a hand of at least two cards (``hand_sizes``) and may always sell a
    card (rulebook "Spielzug": discard for 3 coins), so only a pending decision needs the
    rules: its seat must have a move."""
    state = ctx.state
    if state.over or not state.pending:
        return
    seat = state.pending[0].seat
    if not ctx.the_game._pending_moves(state, seat):  # the raw listing: no load check again
        yield from problem("someone_moves", "pending",
                           f"seat {seat} is to move but has no legal move")
        return
    # an expansion's later decisions too: they answer from the seat's own city, which the
    # decisions before them leave alone (an Edifice penalty: a card of the colour to discard)
    tables = ctx.the_game.rules
    for i, later in enumerate(state.pending[1:], start=1):
        if later.kind is PendingKind.EXPANSION and not tables.expansion_named(
                later.detail).pending_moves(tables, state, later):
            yield from problem("someone_moves", f"pending[{i}]",
                               f"seat {later.seat} owes a decision it cannot take")
            return


def check_recall(ctx: _Context) -> Iterator[Problem]:
    """The ``memory`` invariant: what the seats remember fits the state
    (:func:`~sevenwonders.base.memory.check_memory`)."""
    try:
        check_memory(ctx.state)
    except InvalidStateError as error:
        yield from problem("memory", error.field or "memory", str(error))
        return
    recall = ctx.state.memory
    if recall is None:
        return
    # the trails are of this Age's hands (they start again with each Age's deal), so they
    # hold this Age's cards only (rulebook "Handkarten weitergeben")
    exact = names_by_age(ctx.edition, ctx.state.players)[0][ctx.state.age]
    entries = [*chain.from_iterable(recall.trails)]  # (all trails at once, in C passes)
    if exact.issuperset(chain.from_iterable(map(itemgetter(1), entries))) and exact.issuperset(
            chain.from_iterable(map(itemgetter(2), entries))):
        return
    for h, trail in enumerate(recall.trails):  # (which trail: the first one that fails)
        if not (exact.issuperset(chain.from_iterable([entry[1] for entry in trail]))
                and exact.issuperset(chain.from_iterable([entry[2] for entry in trail]))):
            yield from problem("memory", f"memory.trails[{h}]",
                               "a remembered hand holding a card of another Age")
            return
