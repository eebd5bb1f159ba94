"""Legal moves and move checks: who is to move, why a card is free, the quotes, every legal move
of a hand, and the checks that name the fault of a move that is not legal.

Rulebook (2nd ed., base-game.de.txt) "KARTEN IN DEINER STADT AUSLEGEN" (build a card, build a
wonder stage, sell for 3 coins; never two cards of one name), "D. KOSTENLOSE BAUEN DURCH
BAUSYMBOLE" (chains); reference (base.md) §4.3 chains, §4.6 wonder powers (Olympia's free
builds, Halikarnassos, Babylon) and D3b (a card built this turn does not chain this turn).
The plain rule is here; ``base/fast/moves.py`` lists the same moves from caches.
"""

from __future__ import annotations

import attrs

from sevenwonders.base.cards import Card
from sevenwonders.base.effects import (
    FreeFirstOfAge,
    FreeFirstOfColour,
    FreeLastOfAge,
    FreeOncePerAge,
)
from sevenwonders.base.moves import Build, BuildStage, Choose, Move, Sell, Skip
from sevenwonders.base.setup import TURNS_PER_AGE
from sevenwonders.base.state import BaseState, PendingKind
from sevenwonders.base.tables import StageVariant, Tables
from sevenwonders.base.trading import FREE, Trade, payments, spendable, trade
from sevenwonders.core.resources import Payment
from sevenwonders.errors import IllegalMoveError

# The plain stage build, the one way to build a stage without expansions.
PLAIN_VARIANTS = (StageVariant((), 0),)


@attrs.frozen(slots=True)
class BuildQuote:
    """How a card can be built by a seat now: not at all, for free (and why), or by paying."""

    buildable: bool
    free: str | None = None
    payments: tuple[Payment, ...] = ()
    bank_coins: int = 0
    reason: str = ""


def to_move(tables: Tables, state: BaseState) -> frozenset[int]:
    """Everyone drafts at once; a pending decision is its seat's alone; nobody after the end."""
    if state.over:
        return frozenset()
    if state.pending:
        return frozenset({state.pending[0].seat})
    return tables.all_seats if state.players == tables.players else frozenset(range(state.players))


def free_reason(
    tables: Tables, state: BaseState, seat: int, card: Card, in_draft: bool,
    powers: frozenset[type] | None = None,
) -> str | None:
    """Why ``card`` is free for ``seat`` now, or ``None``: a chain from a card built before
    this turn, or Olympia's powers (first of a colour, first or last card of an Age).
    ``powers`` are the types of the seat's stage effects built before this turn
    (:meth:`Tables.stage_powers`), when the caller has them."""
    city = state.cities[seat]
    marks = state.marks[seat]
    for source in card.chains_from:
        if source in city.cards and source not in marks.built:
            return "chain"
    if powers is None:
        powers = tables.stage_powers(city, marks)
    if not powers:
        return None
    if FreeFirstOfColour in powers and all(
        tables.cards[name].colour is not card.colour for name in city.cards
    ):
        return "first_of_colour"
    if in_draft and state.turn == 1 and FreeFirstOfAge in powers:
        return "first_of_age"
    if in_draft and state.turn == TURNS_PER_AGE and FreeLastOfAge in powers:
        return "last_of_age"
    return None


def quote(tables: Tables, state: BaseState, seat: int, name: str, in_draft: bool = True,
          situation: Trade | None = None) -> BuildQuote:
    """Whether and how ``seat`` can build card ``name`` from its hand now."""
    card = tables.cards[name]
    if name in state.cities[seat].cards:
        return BuildQuote(False, reason="duplicate")
    situation = situation or trade(tables, state, seat)
    free = free_reason(tables, state, seat, card, in_draft, situation[0].powers)
    if free is not None:
        return BuildQuote(True, free=free, payments=(FREE,))
    budget = spendable(state, seat) - card.coins
    found = payments(tables, state, seat, card.cost_bag, budget, situation)
    if not found:
        return BuildQuote(False, bank_coins=card.coins, reason="cannot_pay")
    return BuildQuote(True, payments=found, bank_coins=card.coins)


def stage_variants(tables: Tables, state: BaseState, seat: int) -> tuple[StageVariant, ...]:
    """The plain stage build and every variant the expansions add (Edifice projects)."""
    if not tables.expansions:
        return PLAIN_VARIANTS
    variants = list(PLAIN_VARIANTS)
    for expansion in tables.expansions:
        variants.extend(expansion.stage_variants(tables, state, seat))
    return tuple(variants) if len(variants) > 1 else PLAIN_VARIANTS


def stage_quote(tables: Tables, state: BaseState, seat: int, extra_coins: int = 0,
                situation: Trade | None = None) -> BuildQuote:
    """Whether and how ``seat`` can build its next wonder stage now (``extra_coins`` more
    going to the bank for an expansion's variant)."""
    city = state.cities[seat]
    stages = tables.stages(city)
    if city.stages >= len(stages):
        return BuildQuote(False, reason="wonder_complete")
    stage = stages[city.stages]
    budget = spendable(state, seat) - stage.coins - extra_coins
    found = payments(tables, state, seat, stage.cost_bag, budget, situation)
    if not found:
        return BuildQuote(False, bank_coins=stage.coins, reason="cannot_pay")
    return BuildQuote(True, payments=found, bank_coins=stage.coins + extra_coins)


def stage_moves(tables: Tables, state: BaseState, seat: int, card: str,
                situation: Trade | None = None) -> list[BuildStage]:
    """Every way to build the next stage with ``card``: variants x payments x options."""
    city = state.cities[seat]
    stages = tables.stages(city)
    if city.stages >= len(stages):
        return []
    choices = range(max(1, len(stages[city.stages].choices)))
    moves = []
    for variant in stage_variants(tables, state, seat):
        found = stage_quote(tables, state, seat, variant.coins, situation)
        for payment in found.payments:
            for choice in choices:
                moves.append(BuildStage(card, payment.left, payment.right, variant.extras,
                                        choice))
    return moves


def once_per_age_free(tables: Tables, state: BaseState, seat: int) -> bool:
    """Olympia's 1st-edition power: one free build per Age, not yet used in this one."""
    city = state.cities[seat]
    return (city.free_build_age != state.age
            and tables.has_power(city, FreeOncePerAge, state.marks[seat]))


def free_build_offered(tables: Tables, state: BaseState, seat: int, name: str,
                       found: BuildQuote) -> bool:
    """The once-per-Age free build applies to a card with a cost (resources or coins) that
    is not free anyway, whether or not the seat could pay for it."""
    card = tables.cards[name]
    return (found.reason != "duplicate" and found.free is None
            and (any(card.cost_bag) or card.coins > 0)
            and once_per_age_free(tables, state, seat))


def general_hand_moves(tables: Tables, state: BaseState, seat: int,
                       in_draft: bool) -> tuple[Move, ...]:
    """Every move with a card of the seat's hand, card by card in hand order: its builds (each
    payment, then the once-per-Age free build), its stage builds, its sale."""
    moves: list[Move] = []
    seen: set[str] = set()
    situation = trade(tables, state, seat)
    stage_template = stage_moves(tables, state, seat, "", situation)
    for name in state.hands[seat]:
        if name in seen:
            continue
        seen.add(name)
        found = quote(tables, state, seat, name, in_draft, situation)
        moves.extend(Build(name, p.left, p.right) for p in found.payments)
        if free_build_offered(tables, state, seat, name, found):
            moves.append(Build(name, free_build=True))
        moves.extend(attrs.evolve(stage, card=name) for stage in stage_template)
        moves.append(Sell(name))
    return tuple(moves)


def discard_choices(state: BaseState, seat: int) -> list[str]:
    """Halikarnassos: the cards of the discard pile the city could build (not one it has),
    in name order."""
    cards = state.cities[seat].cards
    return sorted({name for name in state.discard if name not in cards})


def discard_moves(state: BaseState, seat: int) -> tuple[Move, ...]:
    """Halikarnassos: build one card of the discard pile for free (not one the city has),
    or skip."""
    return (*(Build(name) for name in discard_choices(state, seat)), Skip())


def pending_moves(tables: Tables, state: BaseState, seat: int) -> tuple[Move, ...] | None:
    """The moves of the pending decision at the head of ``state`` (``()`` for another seat),
    or ``None`` when the decision is to play a hand card (Babylon's last card)."""
    head = state.pending[0]
    if seat != head.seat:
        return ()
    if head.kind is PendingKind.BUILD_FROM_DISCARD:
        return discard_moves(state, seat)
    if head.kind is PendingKind.EXPANSION:
        return tables.expansion_named(head.detail).pending_moves(tables, state, head)
    return None


# ---------------------------------------------------------------- checks


def check_move(tables: Tables, state: BaseState, seat: int, move: object) -> None:
    """Accept a legal ``move`` of ``seat`` or raise :class:`IllegalMoveError` naming its fault."""
    if not isinstance(move, Build | BuildStage | Sell | Skip | Choose):
        raise IllegalMoveError(
            f"seat {seat}: {move!r} is not a base-game move", reason="not_a_move", seat=seat
        )
    if state.pending and state.pending[0].kind is PendingKind.EXPANSION:
        options = pending_moves(tables, state, seat) or ()
        if move not in options:
            raise IllegalMoveError(
                f"seat {seat}: {move} is not possible now; choose one of: "
                f"{', '.join(str(m) for m in options)}", reason="pending_decision", seat=seat,
            )
        return
    if isinstance(move, Choose):
        raise IllegalMoveError(f"seat {seat}: nothing to choose now", reason="no_choice",
                               seat=seat)
    if state.pending and state.pending[0].kind is PendingKind.BUILD_FROM_DISCARD:
        _check_discard_build(state, seat, move)
        return
    if isinstance(move, Skip):
        raise IllegalMoveError(f"seat {seat}: nothing to skip now", reason="no_skip", seat=seat)
    name = move.card
    if name not in state.hands[seat]:
        raise IllegalMoveError(
            f"seat {seat}: {name!r} is not in your hand", reason="not_in_hand", seat=seat
        )
    if isinstance(move, Sell):
        return
    if isinstance(move, BuildStage):
        _check_stage(tables, state, seat, move)
        return
    found = quote(tables, state, seat, name, not state.pending)
    if found.reason == "duplicate":
        raise IllegalMoveError(
            f"seat {seat}: your city already has a {name}", reason="duplicate", seat=seat
        )
    if move.free_build:
        if not free_build_offered(tables, state, seat, name, found) or move.left or move.right:
            raise IllegalMoveError(
                f"seat {seat}: no once-per-Age free build is available for {name}",
                reason="no_free_build", seat=seat,
            )
        return
    _check_payment(found, move.left, move.right, seat, name)


def _check_discard_build(state: BaseState, seat: int, move: Move) -> None:
    if move in discard_moves(state, seat):
        return
    if isinstance(move, Build) and move.card not in state.discard:
        raise IllegalMoveError(
            f"seat {seat}: {move.card} is not in the discard pile",
            reason="not_in_discard", seat=seat,
        )
    raise IllegalMoveError(
        f"seat {seat}: choose a card of the discard pile to build for free, or skip "
        f"({move} is not possible)", reason="pending_decision", seat=seat,
    )


def _check_stage(tables: Tables, state: BaseState, seat: int, move: BuildStage) -> None:
    variants = {v.extras: v for v in stage_variants(tables, state, seat)}
    variant = variants.get(move.extras)
    if variant is None:
        raise IllegalMoveError(
            f"seat {seat}: {' '.join(move.extras)!r} is not possible with this stage now",
            reason="unknown_extra", seat=seat,
        )
    found = stage_quote(tables, state, seat, variant.coins)
    if found.buildable:
        city = state.cities[seat]
        options = len(tables.stages(city)[city.stages].choices)
        if not 0 <= move.choice < max(1, options):
            raise IllegalMoveError(
                f"seat {seat}: this stage has no option {move.choice + 1}",
                reason="bad_option", seat=seat,
            )
    _check_payment(found, move.left, move.right, seat, "the next wonder stage")


def _check_payment(found: BuildQuote, left: int, right: int, seat: int, what: str) -> None:
    if not found.buildable:
        reason = found.reason or "cannot_pay"
        text = {
            "wonder_complete": "your wonder is already complete",
            "cannot_pay": f"you cannot pay for {what}",
        }.get(reason, reason)
        raise IllegalMoveError(f"seat {seat}: {text}", reason=reason, seat=seat)
    if Payment(left, right) not in found.payments:
        options = ", ".join(f"left {p.left}/right {p.right}" for p in found.payments)
        raise IllegalMoveError(
            f"seat {seat}: paying left {left}/right {right} for {what} is not one of the "
            f"cheapest ways to pay ({options})", reason="payment", seat=seat,
        )
