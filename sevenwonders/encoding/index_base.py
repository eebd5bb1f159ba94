"""The base game's action index (2nd or 1st edition, with or without Edifice).

Card-major: for every card name of the edition dealt at the configuration's player count, in
alphabetical order, a block of actions ``build``, ``build free`` (Olympia's once-per-Age free
build: only where a board of the configuration grants it, the 1st edition), ``sell``, ``choose``
(Edifice's penalty discard: only with Edifice), then one ``stage`` action per stage option
(Carthage offers up to three) and per stage variant (plain, and with Edifice joining the Age's
project, ``+project``); ``skip`` (decline building from the discard pile) is the last action.
The layout thus depends on the player count: no action the configuration can never offer (386
actions for every 2nd-edition table before, 196 now at 3 players). A build from the discard pile
or of Babylon's last card is the same ``build`` action: the mask says when it is open.

Payments: with ``full_payments`` every ``build`` and ``stage`` action is repeated for each
payment ``(left, right)`` with ``0 <= left, right <= M`` (``M`` = 2 coins x the largest cost of
the configuration), left-major. Otherwise an action stands for the cheapest listed payment:
the least total, then the most even split, then the least paid to the left neighbour.
"""

from __future__ import annotations

from typing import Any

from sevenwonders.base.effects import FreeOncePerAge
from sevenwonders.base.moves import Build, BuildStage, Choose, Move, Sell, Skip
from sevenwonders.encoding.actions import ActionIndex

PROJECT = "project"  # Edifice's stage variant (sevenwonders.edifice.expansion.PARTICIPATE)


def payment_cost(move: Any) -> int:
    """The documented order of payments sharing an action: least total, most even, least left,
    as one int (the index compares costs for every legal move: ints compare faster than
    tuples); moves pay at most ``MAX_MOVE_NUMBER`` < 2**20 to a side."""
    left: int = getattr(move, "left", 0)
    right: int = getattr(move, "right", 0)
    return (left + right) << 42 | max(left, right) << 21 | left


def _canonical(move: Move) -> Move:
    """``move`` without its payment (made by the move's own class: ``attrs.evolve`` costs a
    few times more, and the index meets every new payment of a card here)."""
    if isinstance(move, Build) and (move.left or move.right):
        return type(move)(move.card, 0, 0, move.free_build)
    if isinstance(move, BuildStage) and (move.left or move.right):
        return type(move)(move.card, 0, 0, move.extras, move.choice)
    return move


def cheapest_key(move: Any) -> Any:
    """The value naming ``move``'s action when an action stands for every payment: its
    class and fields but the payment (the move itself for moves without payment)."""
    cls = type(move)
    if cls is Build:
        return (cls, move.card, move.free_build)
    if cls is BuildStage:
        return (cls, move.card, move.extras, move.choice)
    return move


def full_key(move: Any) -> Any:
    """The value naming ``move``'s action with one action per payment: its class and
    fields (the move itself for moves without payment)."""
    cls = type(move)
    if cls is Build:
        return (cls, move.card, move.left, move.right, move.free_build)
    if cls is BuildStage:
        return (cls, move.card, move.left, move.right, move.extras, move.choice)
    return move


def wonders(game: Any) -> list[Any]:
    """The wonder boards of the configuration: the edition's and the expansions' (data only)."""
    return [*game.edition.wonders.values(),
            *(wonder for expansion in game.expansions for wonder in expansion.extra_wonders())]


def stages(game: Any) -> list[Any]:
    """Every wonder stage of every side of every board of the configuration."""
    return [stage for wonder in wonders(game) for side in wonder.side for stage in side.stages]


def largest_payment(game: Any) -> int:
    """2 coins for each resource of the largest cost (cards and wonder stages) of the game."""
    costs = [card.cost for card in game.edition.cards.values()]
    costs += [stage.cost for stage in stages(game)]
    return 2 * max(len(cost) for cost in costs)


def in_play(card: Any, players: int) -> bool:
    """Whether ``card`` can be dealt at ``players`` seats: a guild (no copies: drawn from all
    the guilds) or a card with a copy for this many players or fewer."""
    return not card.copies or min(card.copies) <= players


def base_moves(game: Any, full_payments: bool) -> list[Move]:
    """Every canonical move of the configuration, in the documented order, without the moves
    the configuration can never offer: the cards not dealt at its player count, ``build free``
    without a board whose stage grants Olympia's free build (1st edition only), ``choose``
    without Edifice (its penalty discard)."""
    choices = max([1, *(len(stage.choices) for stage in stages(game))])
    edifice = any(expansion.name == "edifice" for expansion in game.expansions)
    variants: list[tuple[str, ...]] = [()]
    if edifice:
        variants.append((PROJECT,))
    free = any(isinstance(effect, FreeOncePerAge) for stage in stages(game)
               for option in (stage.effects, *stage.choices) for effect in option)
    top = largest_payment(game) if full_payments else 0
    pays = [(left, right) for left in range(top + 1) for right in range(top + 1)]
    moves: list[Move] = []
    cards = game.edition.cards
    for card in sorted(name for name in cards if in_play(cards[name], game.players)):
        moves.extend(Build(card, left, right) for left, right in pays)
        if free:
            moves.append(Build(card, free_build=True))
        moves.append(Sell(card))
        if edifice:
            moves.append(Choose(card))
        for choice in range(choices):
            for extras in variants:
                moves.extend(BuildStage(card, left, right, extras, choice) for left, right in pays)
    moves.append(Skip())
    return moves


def base_index_full(game: Any) -> ActionIndex:
    """The base game's index with one action per payment to the left and right."""
    return base_index(game, full_payments=True)


def base_index_factored(game: Any) -> ActionIndex:
    """The base game's index for factored payments: the default index's actions, then one
    ``pay <left> <right>`` action per payment, left-major (see
    :mod:`sevenwonders.encoding.factored`)."""
    from sevenwonders.encoding.factored import Pay

    top = largest_payment(game)
    pays = [Pay(left, right) for left in range(top + 1) for right in range(top + 1)]
    return ActionIndex([*base_moves(game, False), *pays], _canonical, payment_cost,
                       cheapest_key)


def base_index(game: Any, full_payments: bool = False) -> ActionIndex:
    """The base game's index: one action per card action, standing for its cheapest
    payment (or with ``full_payments`` one per payment)."""
    if full_payments:
        return ActionIndex(base_moves(game, True), key=full_key)
    return ActionIndex(base_moves(game, False), _canonical, payment_cost, cheapest_key)
