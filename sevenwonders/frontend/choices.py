"""Choice details for frontends: what a seat can do now, card by card, as the online versions
show it (buildable, free by a chain, only by trading, the cheapest cost, every way to pay).

:func:`choices` answers for any game of the family: the base game (with its expansions) gets the
detailed :class:`HandChoices`; a game without a detailed provider gets :class:`MoveChoices`, its
legal moves in notation grouped by kind. Each game names its provider in its spec (``choices``,
see :mod:`sevenwonders.games`); :func:`register_provider` sets one at run time
(``"module:function"`` strings are imported on first use).

Everything here is typed, immutable and serialises with :func:`sevenwonders.core.serialization.
to_json` like the rest of the library. The details are computed from the state with the game's own
``quote``/``stage_quote``/``legal_moves``, so they never disagree with the rules:
a card is ``buildable`` exactly when a build move of it is legal that is not a 1st-edition
Olympia's once-per-Age free build (that one is the separate ``free_build`` flag), and its
``payments`` are the payments of those moves.

A remote frontend holds only a view: :func:`choices_from_view` rebuilds a state consistent with
the view (the game's determinizer) and asks the same questions. For the base game this agrees
with the state's answer in every draft turn; see that function for the limits.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from typing import Any

import attrs

from sevenwonders.base import legal as base_legal
from sevenwonders.base.cards import Card
from sevenwonders.base.effects import (
    Coins,
    CoinsPer,
    Effect,
    ExpansionEffect,
    Points,
    PointsPer,
    Produce,
    Science,
    Shields,
    TradeDiscount,
)
from sevenwonders.base.game import BaseGame
from sevenwonders.base.legal import BuildQuote
from sevenwonders.base.moves import Build, BuildStage, Sell
from sevenwonders.base.state import BaseState, PendingKind
from sevenwonders.base.trading import spendable
from sevenwonders.base.turn import SALE_COINS
from sevenwonders.core.protocol import Game
from sevenwonders.core.resources import Payment
from sevenwonders.core.rng import Rng
from sevenwonders.core.serialization import tag_of
from sevenwonders.errors import InvalidStateError, SevenWondersError
from sevenwonders.games import spec_of

FREE_CHAIN = "free_chain"
FREE_POWER = "free_power"
FREE_DISCARD = "free_discard"
OWN_RESOURCES = "own_resources"
TRADING = "trading"
CANNOT_PAY = "cannot_pay"
DUPLICATE = "duplicate"
WONDER_COMPLETE = "wonder_complete"
HOWS = (FREE_CHAIN, FREE_POWER, FREE_DISCARD, OWN_RESOURCES, TRADING, CANNOT_PAY, DUPLICATE,
        WONDER_COMPLETE)

_FREE_HOW = {"chain": FREE_CHAIN, "discard": FREE_DISCARD}


@attrs.frozen(slots=True)
class CardChoice:
    """Whether and how the seat can build one card (of its hand, or of the discard pile when it
    builds from there).

    - ``how``: ``free_chain``, ``free_power`` (an Olympia power; ``free`` names it),
      ``free_discard``, ``own_resources`` (no trade needed; ``bank_coins`` may still be due),
      ``trading`` (only by buying from neighbours), ``cannot_pay`` or ``duplicate``.
    - ``cheapest_trade``: fewest coins paid to neighbours (0 without trade); ``cheapest_cost``:
      that plus ``bank_coins``; both ``None`` when the card cannot be built.
    - ``payments``: every non-dominated (left, right) split, cheapest first.
    - ``buildable``: a paid (or chained, or otherwise free) build of it is legal; Olympia's
      once-per-Age free build does not count here, see ``free_build``.
    - ``free_build``: a once-per-Age free build (1st-edition Olympia) may be spent on it instead.
    - ``sell_coins``: what selling it gives (0 where it cannot be sold).
    - ``moves``: the legal build moves of this card in notation (one per payment).
    """

    card: str
    buildable: bool
    how: str
    free: str | None
    bank_coins: int
    cheapest_trade: int | None
    cheapest_cost: int | None
    payments: tuple[Payment, ...]
    free_build: bool = False
    sell_coins: int = 0
    moves: tuple[str, ...] = ()


@attrs.frozen(slots=True)
class StageVariantChoice:
    """One way to build the next stage: plain (``extras == ()``) or with an expansion's extra
    (Edifice: ``("project",)`` joins the Age's project for ``extra_coins`` more)."""

    extras: tuple[str, ...]
    label: str
    extra_coins: int
    buildable: bool
    how: str
    bank_coins: int
    cheapest_trade: int | None
    cheapest_cost: int | None
    payments: tuple[Payment, ...]


@attrs.frozen(slots=True)
class StageChoice:
    """The next wonder stage: ``stage`` counts from 1 (``None`` once the wonder is complete).

    The top-level fields describe the plain build; ``variants`` lists it first, then every
    expansion variant. ``options`` describes the alternative effects of a stage that offers
    several (Carthage, Ur): a stage move picks one with ``choice`` (``option 2`` in notation).
    Any card of the hand can be tucked under the stage.
    """

    stage: int | None
    stages: int
    buildable: bool
    how: str
    bank_coins: int
    cheapest_trade: int | None
    cheapest_cost: int | None
    payments: tuple[Payment, ...]
    variants: tuple[StageVariantChoice, ...] = ()
    options: tuple[str, ...] = ()


@attrs.frozen(slots=True)
class HandChoices:
    """Everything the seat may do now, in the base game.

    ``decision``: ``draft`` (a normal turn), ``play_last_card`` (Babylon), ``build_from_discard``
    (Halicarnassus, ``cards`` then lists the discard pile's candidates), ``expansion`` (an
    expansion's decision, see ``detail`` and ``other``), ``waiting`` (another seat decides) or
    ``over``. ``other`` holds the legal moves not covered by ``cards``/``stage`` (``skip``,
    ``choose ...``). ``coins`` is what the seat may spend now.
    """

    seat: int
    decision: str
    coins: int
    cards: tuple[CardChoice, ...] = ()
    stage: StageChoice | None = None
    other: tuple[str, ...] = ()
    detail: str = ""
    game: str = "base"


@attrs.frozen(slots=True)
class MoveGroup:
    """Legal moves of one kind (the first word of their notation)."""

    kind: str
    moves: tuple[str, ...]


@attrs.frozen(slots=True)
class MoveChoices:
    """The fallback for games without a detailed provider: legal moves grouped by kind."""

    game: str
    seat: int
    decision: str
    groups: tuple[MoveGroup, ...] = ()


Provider = Callable[[Game[Any, Any, Any], Any, int], Any]

PROVIDERS: dict[str, str | Provider] = {}
"""Providers set at run time by game name (:func:`register_provider`), read before the game's
spec (``choices``, see :mod:`sevenwonders.games`)."""


def register_provider(game_name: str, provider: str | Provider) -> None:
    """Use ``provider`` (a function or ``"module:function"``) for the game ``game_name``."""
    PROVIDERS[game_name] = provider


def _provider(game: Game[Any, Any, Any]) -> Provider | None:
    found = PROVIDERS.get(game.name)
    if found is None:
        spec = spec_of(game)
        found = None if spec is None else spec.choices
    if isinstance(found, str):
        module_name, _, function = found.partition(":")
        found = getattr(importlib.import_module(module_name), function)
    return found


def choices(game: Game[Any, Any, Any], state: Any, seat: int) -> Any:
    """The choice details of ``seat`` now: a game's own type (:class:`HandChoices` for the base
    game) or :class:`MoveChoices`."""
    provider = _provider(game)
    if provider is not None:
        return provider(game, state, seat)
    return move_choices(game, state, seat)


def move_choices(game: Game[Any, Any, Any], state: Any, seat: int) -> MoveChoices:
    """The legal moves of ``seat`` in notation, grouped by their first word: the details of a
    game without a detailed provider."""
    legal = game.legal_moves(state, seat)
    groups: dict[str, list[str]] = {}
    for move in legal:
        text = str(move)
        groups.setdefault(text.split(" ", 1)[0], []).append(text)
    if game.is_over(state):
        decision = "over"
    elif seat in game.to_move(state):
        decision = "move"
    else:
        decision = "waiting"
    return MoveChoices(game.name, seat, decision,
                       tuple(MoveGroup(kind, tuple(moves)) for kind, moves in groups.items()))


# ----------------------------------------------------------------------------- base game


def _money(quote: BuildQuote) -> tuple[int | None, int | None]:
    if not quote.buildable or not quote.payments:
        return None, None
    trade = min(payment.total for payment in quote.payments)
    return trade, trade + quote.bank_coins


def _how(quote: BuildQuote) -> str:
    if not quote.buildable:
        return quote.reason or CANNOT_PAY
    if quote.free is not None:
        return _FREE_HOW.get(quote.free, FREE_POWER)
    if any(payment.total == 0 for payment in quote.payments):
        return OWN_RESOURCES
    return TRADING


def _decision(game: BaseGame, state: BaseState, seat: int) -> str:
    if state.over:
        return "over"
    if seat not in game.to_move(state):
        return "waiting"
    if state.pending:
        return state.pending[0].kind.value
    return "draft"


def base_choices(game: Game[Any, Any, Any], state: Any, seat: int) -> HandChoices:
    """:class:`HandChoices` of a base game (with or without expansions)."""
    if not isinstance(game, BaseGame):
        raise InvalidStateError(f"base_choices needs a base game, not {game.name!r}")
    if not isinstance(state, BaseState) or state.players != game.players:
        raise InvalidStateError("not a state of this base game")
    game.rules.ring.check(seat)
    decision = _decision(game, state, seat)
    coins = spendable(state, seat)
    if decision in ("over", "waiting"):
        return HandChoices(seat, decision, coins)
    legal = game.legal_moves(state, seat)
    detail = state.pending[0].detail if state.pending else ""
    if decision == PendingKind.BUILD_FROM_DISCARD.value:
        cards = tuple(
            CardChoice(move.card, True, FREE_DISCARD, "discard", 0, 0, 0, (Payment(),),
                       moves=(str(move),))
            for move in legal if isinstance(move, Build)
        )
        other = tuple(str(m) for m in legal if not isinstance(m, Build))
        return HandChoices(seat, decision, coins, cards, None, other, detail)
    if decision == PendingKind.EXPANSION.value:
        return HandChoices(seat, decision, coins, (), None, tuple(str(m) for m in legal), detail)
    builds: dict[str, list[Build]] = {}
    stage_cards: set[str] = set()
    sellable: set[str] = set()
    for move in legal:
        if isinstance(move, Build):
            builds.setdefault(move.card, []).append(move)
        elif isinstance(move, BuildStage):
            stage_cards.add(move.card)
        elif isinstance(move, Sell):
            sellable.add(move.card)
    cards_out: list[CardChoice] = []
    seen: set[str] = set()
    for name in state.hands[seat]:
        if name in seen:
            continue
        seen.add(name)
        cards_out.append(_card_choice(game, state, seat, name, builds.get(name, []),
                                      SALE_COINS if name in sellable else 0))
    stage = _stage_choice(game, state, seat) if state.hands[seat] else None
    covered = (Build, BuildStage, Sell)
    other = tuple(str(m) for m in legal if not isinstance(m, covered))
    return HandChoices(seat, decision, coins, tuple(cards_out), stage, other, detail)


def _card_choice(game: BaseGame, state: BaseState, seat: int, name: str, moves: list[Build],
                 sell_coins: int) -> CardChoice:
    quote = game.quote(state, seat, name)
    trade, cost = _money(quote)
    return CardChoice(
        card=name,
        buildable=quote.buildable,
        how=_how(quote),
        free=quote.free,
        bank_coins=0 if quote.free is not None else quote.bank_coins,
        cheapest_trade=trade,
        cheapest_cost=cost,
        payments=quote.payments if quote.buildable else (),
        free_build=any(move.free_build for move in moves),
        sell_coins=sell_coins,
        moves=tuple(str(move) for move in moves),
    )


def _stage_choice(game: BaseGame, state: BaseState, seat: int) -> StageChoice:
    rules = game.rules
    city = state.cities[seat]
    stages = rules.stages(city)
    if city.stages >= len(stages):
        return StageChoice(None, len(stages), False, WONDER_COMPLETE, 0, None, None, ())
    variants = []
    for variant in base_legal.stage_variants(rules, state, seat):
        quote = base_legal.stage_quote(rules, state, seat, variant.coins)
        trade, cost = _money(quote)
        variants.append(StageVariantChoice(
            extras=variant.extras,
            label=_variant_label(game, state, variant.extras, variant.coins),
            extra_coins=variant.coins,
            buildable=quote.buildable,
            how=_how(quote),
            bank_coins=quote.bank_coins,
            cheapest_trade=trade,
            cheapest_cost=cost,
            payments=quote.payments if quote.buildable else (),
        ))
    plain = variants[0]
    stage = stages[city.stages]
    options = tuple(describe_effects(effects) for effects in stage.choices)
    return StageChoice(
        stage=city.stages + 1,
        stages=len(stages),
        buildable=any(v.buildable for v in variants),
        how=plain.how,
        bank_coins=plain.bank_coins,
        cheapest_trade=plain.cheapest_trade,
        cheapest_cost=plain.cheapest_cost,
        payments=plain.payments,
        variants=tuple(variants),
        options=options,
    )


def _variant_label(game: BaseGame, state: BaseState, extras: tuple[str, ...], coins: int) -> str:
    if not extras:
        return "stage"
    words = " ".join(extras)
    for expansion_state in state.expansions:
        projects = getattr(expansion_state, "projects", None)
        if "project" in extras and isinstance(projects, tuple) and 1 <= state.age <= len(projects):
            return f"stage and join the project {projects[state.age - 1]} (+{coins} coins)"
    return f"stage +{words} (+{coins} coins)"


# ----------------------------------------------------------------------------- describing


def describe_effect(effect: Effect) -> str:
    """A short text for one base-game effect (``3 VP``, ``produce W/S``, ``2 shields``...)."""
    if isinstance(effect, Points):
        return f"{effect.vp} VP"
    if isinstance(effect, Shields):
        return f"{effect.count} shield{'s' if effect.count != 1 else ''}"
    if isinstance(effect, Coins):
        return f"{effect.amount} coins"
    if isinstance(effect, Produce):
        times = f"{effect.amount}x" if effect.amount != 1 else ""
        return f"produce {times}{'/'.join(effect.options)}"
    if isinstance(effect, Science):
        return f"science {effect.symbol.value}"
    if isinstance(effect, TradeDiscount):
        sides = "+".join(side.value for side in effect.sides)
        return f"buy {'/'.join(effect.resources)} for {effect.price} ({sides})"
    if isinstance(effect, CoinsPer | PointsPer):
        unit = "coins" if isinstance(effect, CoinsPer) else "VP"
        count = effect.amount if isinstance(effect, CoinsPer) else effect.vp
        return f"{count} {unit} per {'/'.join(effect.counts)} ({effect.scope.value})"
    if isinstance(effect, ExpansionEffect):
        return f"{effect.expansion}: {effect.kind.replace('_', ' ')} {effect.value}"
    fields = attrs.asdict(effect) if attrs.has(type(effect)) else {}
    return " ".join([tag_of(type(effect)).replace("_", " "), *(str(v) for v in fields.values())])


def describe_effects(effects: tuple[Effect, ...]) -> str:
    """The effects as one short text (``nothing`` for none)."""
    return ", ".join(describe_effect(effect) for effect in effects) or "nothing"


def describe_card(card: Card) -> str:
    """``[S] 3 VP -> Aqueduct``: cost (resources and coins), effects, the cards that make it
    free and, as printed on the card, the cards it makes free."""
    cost = card.cost + ("$" * card.coins if card.coins <= 3 else f"{card.coins}$")
    chains = f" (free after {', '.join(card.chains_from)})" if card.chains_from else ""
    chains += f" -> {', '.join(card.chains_to)}" if card.chains_to else ""
    return f"[{cost or '-'}] {describe_effects(card.effects)}{chains}"


# ----------------------------------------------------------------------------- from a view


def choices_from_view(game: Game[Any, Any, Any], view: Any, rng: Rng | None = None) -> Any:
    """The choice details of the view's seat, from the view alone (what a remote frontend has).

    The state is rebuilt by the game's determinizer; the hidden parts it draws (other hands,
    decks) do not change the answer. Limits (base game), because the view does not carry them:
    during a pending decision after a turn (Babylon's last card, Halicarnassus), the cards built
    and coins received during that turn are not known, so a card built that very turn may be
    counted as producing and received coins as spendable. (A 1st-edition Olympia's once-per-Age
    free build is known: the view shows when it was last used.) Raises
    :class:`InvalidStateError` for a game without a determinizer.
    """
    from sevenwonders.agents.determinize import determinizer_for

    determinize = determinizer_for(game)
    if determinize is None:
        raise InvalidStateError(f"no determinizer for {game.name!r}: choices need the state")
    try:
        state, _ = determinize(game, view, rng or Rng.from_seed(0))
    except SevenWondersError:
        raise
    except (AttributeError, TypeError, KeyError, ValueError, IndexError) as error:
        raise InvalidStateError(f"not a view of this game: {type(error).__name__}") from None
    return choices(game, state, view.seat)


def as_mapping(value: Any) -> Mapping[str, Any]:
    """Plain JSON-like values of a choice object (for templates)."""
    from sevenwonders.core.serialization import converter

    result: Mapping[str, Any] = converter.unstructure(value)
    return result


__all__ = [
    "CANNOT_PAY", "DUPLICATE", "FREE_CHAIN", "FREE_DISCARD", "FREE_POWER", "HOWS",
    "OWN_RESOURCES", "PROVIDERS", "TRADING", "WONDER_COMPLETE", "CardChoice", "HandChoices",
    "MoveChoices", "MoveGroup", "StageChoice", "StageVariantChoice", "as_mapping",
    "base_choices", "choices", "choices_from_view", "describe_card", "describe_effect",
    "describe_effects", "move_choices", "register_provider",
]
