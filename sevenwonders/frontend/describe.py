"""Events as sentences for players, in every game of the family, and the words for seats.

The terminal client and the server's payloads both speak through this module, so a table reads
the same on a screen and in a browser. Nothing here looks at a state: sentences come from the
events as ``game.visible_events`` gives them to a seat, components are named by
:mod:`sevenwonders.frontend.names`, and the optional view only turns seat numbers into "you" and
wonder names.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs

from sevenwonders.architects import events as arch
from sevenwonders.base import events as base
from sevenwonders.core.protocol import Game
from sevenwonders.core.serialization import tag_of
from sevenwonders.dice import events as dice
from sevenwonders.frontend.names import (
    ROMAN,
    arch_tokens,
    arch_wonder,
    architects_names,
    dice_box_words,
    dice_die_words,
    plural,
    stage_key_words,
    token_effect,
)


def seat_words(view: Any, seat: int | None) -> str:
    """``"you"``, ``"seat 2 (Babylon)"`` or ``"everyone"``, from what the view shows."""
    if seat is None:
        return "everyone"
    who = "you" if seat == getattr(view, "seat", None) else f"seat {seat}"
    label = seat_label(view, seat)
    return f"{who} ({label})" if label else who


def seat_label(view: Any, seat: int) -> str:
    """The wonder (base, Architects) or sheet (Dice) at ``seat``, as the view shows it."""
    for field, attr in (("cities", "wonder"), ("seats", "sheet")):
        items = getattr(view, field, None)
        if isinstance(items, tuple) and 0 <= seat < len(items):
            label = getattr(items[seat], attr, None)
            if isinstance(label, str):
                return label[:1].upper() + label[1:]  # Architects and Dice ids are lower case
    return ""


def describe_event(game: Game[Any, Any, Any], event: Any, view: Any = None) -> str:
    """One sentence for one event of any game (as ``game.visible_events`` shows it to the view's
    seat)."""
    def who(seat: int | None) -> str:
        return seat_words(view, seat)

    template = SENTENCES.get(type(event))
    text = None
    if template is not None:
        fields = attrs.asdict(event, recurse=False)
        text = template.format(**{key: who(value) if key in SEAT_FIELDS else value
                                  for key, value in fields.items()})
    for family in (_base_event, _architects_event, _dice_event):
        text = text if text is not None else family(game, event, who)
    if text is not None:
        return text[:1].upper() + text[1:]
    return _fields_sentence(event, who)


Who = Callable[[int | None], str]

SEAT_FIELDS = frozenset({"seat", "defender", "neighbour"})
"""Event fields that hold a seat (written as "you" or "seat 2 (Babylon)")."""

SENTENCES: dict[type, str] = {
    base.HandsPassed: "hands were passed to the {direction}",
    base.GameEnded: "the game is over",
    arch.TurnEnded: "{seat} ended turn {turn}",
    dice.BonusTicked: "{seat} ticked bonus {bonus}",
    dice.DieUnlocked: "{seat} unlocked the {colour} die",
    dice.GameEnded: "the game is over after turn {turn}",
}
"""The events whose sentence is their fields in a template; the others are written below."""


def _paid(left: int, right: int, bank: int) -> str:
    parts = [f"{coins} to the {where}" for coins, where in
             ((left, "left neighbour"), (right, "right neighbour"), (bank, "bank")) if coins]
    return f", paying {' and '.join(parts)}" if parts else ""


def _base_card(game: Any, name: str) -> str:
    card = getattr(getattr(game, "edition", None), "cards", {}).get(name)
    return f"{name} ({card.colour.value})" if card is not None else name


def _base_event(game: Any, event: Any, who: Who) -> str | None:
    if isinstance(event, base.CardBuilt):
        free = f" for free ({event.free.replace('_', ' ')})" if event.free else ""
        return (f"{who(event.seat)} built {_base_card(game, event.card)}{free}"
                + _paid(event.left, event.right, event.bank))
    if isinstance(event, base.StageBuilt):
        option = f", option {event.choice + 1}" if event.choice else ""
        extras = f" and joined the {' '.join(event.extras)}" if event.extras else ""
        return (f"{who(event.seat)} built wonder stage {event.stage}{option}{extras}"
                + _paid(event.left, event.right, event.bank))
    if isinstance(event, base.CardSold):
        return f"{who(event.seat)} sold {event.card or 'a card'} for {event.coins} coins"
    if isinstance(event, base.CardDiscarded):
        return f"{who(event.seat)} discarded {event.card or 'a card'}"
    if isinstance(event, base.CoinsGained):
        return f"{who(event.seat)} gained {plural(event.amount, 'coin')} from {event.source}"
    if isinstance(event, base.ConflictResolved):
        outcome = ("a draw" if event.token == 0 else f"a victory token (+{event.token})"
                   if event.token > 0 else f"a defeat token ({event.token})")
        return (f"Age {ROMAN.get(event.age, event.age)} conflict: {who(event.seat)} "
                f"({plural(event.strength, 'shield')}) against {who(event.neighbour)} "
                f"({event.neighbour_strength}): {outcome}")
    if isinstance(event, base.AgeStarted):
        return f"Age {ROMAN.get(event.age, event.age)} begins"
    if isinstance(event, base.PendingDecision):
        what = event.kind.value.replace("_", " ")
        return f"{who(event.seat)} must decide: {what}" + (
            f" ({event.detail.replace(':', ' ')})" if event.detail else "")
    if isinstance(event, base.ExpansionEvent):
        return _expansion_event(event, who)
    return None


EDIFICE_KINDS = {
    "joined": "joined the project {detail}",
    "box_pawn": "took a pawn of the project {detail}",
    "completed": "the project {detail} is completed",
    "failed": "the project {detail} failed",
    "victory_token": "received a victory token worth {value} from {detail}",
    "defeats_discarded": "discarded {value} defeat token(s) thanks to {detail}",
    "shields": "gains {value} shield(s) from {detail}",
    "production": "gains production from {detail}",
    "scores_at_end": "will score {detail}'s reward at the end",
    "penalty": "lost {detail} as a penalty",
    "lose_coins": "paid {value} coins as the penalty of {detail}",
    "lose_tokens": "lost victory tokens worth {value} as the penalty of {detail}",
    "debt": "took a debt of {value} for the project {detail}",
}
"""Edifice's event kinds (``ExpansionEvent.kind``) as sentences."""


def _expansion_event(event: Any, who: Who) -> str:
    template = EDIFICE_KINDS.get(event.kind) if event.expansion == "edifice" else None
    subject = f"{who(event.seat)} " if event.seat is not None else ""
    if template is not None:
        return subject + template.format(detail=event.detail, value=event.value)
    text = f"{event.expansion}: {subject}{event.kind.replace('_', ' ')}"
    return text + (f" {event.detail}" if event.detail else "") + (
        f" ({event.value})" if event.value else "")


def _architects_event(game: Any, event: Any, who: Who) -> str | None:
    if not isinstance(event, arch.Event):
        return None
    names = architects_names(game)

    def card(kind: str) -> str:
        return names[kind].name if kind in names else "a hidden card"

    if isinstance(event, arch.CardTaken):
        source = {"central": "the central deck", "revealed": "the revealed cards"}.get(
            event.source, f"{arch_wonder(game, event.source)}'s deck")
        why = "" if event.reason == "turn" else f" ({event.reason.replace('_', ' ')})"
        return f"{who(event.seat)} took {card(event.card)} from {source}{why}"
    if isinstance(event, arch.CatMoved):
        was = "" if event.previous is None else f" from {who(event.previous)}"
        return f"{who(event.seat)} took the cat{was}"
    if isinstance(event, arch.ConflictFlipped):
        return (f"{who(event.seat)} blew {plural(event.count, 'horn')}: {event.flipped} of "
                f"{event.total} conflict tokens show battle")
    if isinstance(event, arch.ScienceUsed):
        symbols = ", ".join(s.capitalize() for s in event.symbols)
        return f"{who(event.seat)} traded in science cards ({symbols}) for a progress token"
    if isinstance(event, arch.TokenTaken):
        return _token_taken(game, event, who)
    if isinstance(event, arch.StageBuilt):
        spent = ", ".join(card(k) for k in event.spent)
        return (f"{who(event.seat)} built the {arch_wonder(game, event.wonder)} stage of "
                f"{stage_key_words(event.stage)} with {spent}")
    if isinstance(event, arch.EffectApplied):
        name = arch_wonder(game, event.effect)
        done = "used" if event.used else "did not use"
        return f"{who(event.seat)} {done} the effect of {name}"
    if isinstance(event, arch.CardsRevealed):
        return (f"{who(event.seat)} looks through {plural(event.count, 'card')} of "
                f"{arch_wonder(game, event.deck)}'s deck")
    if isinstance(event, arch.DeckShuffled):
        return f"{arch_wonder(game, event.deck)}'s deck was shuffled ({event.size} cards)"
    if isinstance(event, arch.Battle):
        won = [who(s) for s, count in enumerate(event.won) if count]
        return ("battle! " + (f"won a military token: {', '.join(won)}" if won
                              else "nobody won a military token")
                + "; horn cards are discarded")
    if isinstance(event, arch.GameEnded):
        why = {"wonder_complete": "a wonder is complete",
               "decks_empty": "the decks are empty"}.get(event.reason, event.reason)
        return f"the game is over: {why}"
    return None


def _token_taken(game: Any, event: Any, who: Who) -> str:
    tokens = arch_tokens(game)
    token = tokens.get(event.token)
    what = (f"progress token {token.name} ({token_effect(token)})" if token is not None
            else "a progress token")
    source = " from the pile" if event.hidden else ""
    text = f"{who(event.seat)} took {what}{source}"
    if event.revealed and event.revealed in tokens:
        text += f"; {tokens[event.revealed].name} is turned face up"
    return text


def _dice_event(game: Any, event: Any, who: Who) -> str | None:
    if not isinstance(event, dice.DiceEvent):  # type: ignore[arg-type]
        return None
    if isinstance(event, dice.ForumShaken):
        rolled = ", ".join(f"{dice_die_words(d.die, d.face)} (area {d.area})" for d in event.dice)
        return f"turn {event.turn}: the Forum shows {rolled}"
    if isinstance(event, dice.BoxTicked):
        die = f" with the {event.die.split('_')[0]} die" if event.die else ""
        paid = event.die_cost + event.resource_coins
        cost = f", paying {plural(paid, 'coin')}" if paid else ""
        return f"{who(event.seat)} ticked {dice_box_words(event.box)}{die}{cost}"
    if isinstance(event, dice.Passed):
        return f"{who(event.seat)} passed and took {plural(event.coins, 'coin')}"
    if isinstance(event, dice.CoinsGained):
        why = ("for passing" if event.reason == "pass" else
               f"from {dice_box_words(event.reason)}" if "." in event.reason
               else f"({event.reason.replace('_', ' ')})")
        return f"{who(event.seat)} gained {plural(event.amount, 'coin')} {why}"
    if isinstance(event, dice.CoinsLost):
        return f"{who(event.seat)} lost {plural(event.amount, 'coin')}: the Gold Reserve is full"
    if isinstance(event, dice.Attacked):
        return (f"{who(event.seat)} attacked {who(event.defender)} from "
                f"{dice_box_words(event.box)}: {event.printed_vp} VP printed, "
                f"{event.defences} defence(s), {event.vp} VP written in the laurel")
    if isinstance(event, dice.BuildingCompleted):
        return f"{who(event.seat)} completed the {dice_box_words(event.building)}"
    if isinstance(event, dice.EffectUnused):
        return f"{who(event.seat)} left the effect of {dice_box_words(event.source)} unused"
    if isinstance(event, dice.SpecialDieAdded):
        return (f"the {event.colour} die joins the Forum in place of the "
                f"{dice_die_words(event.replaced)}")
    if isinstance(event, dice.AgoraFirst):
        seats = ", ".join(who(s) for s in event.seats)
        return f"first completed Agora: {seats} gain {event.vp} VP"
    if isinstance(event, dice.EndTriggered):
        seats = ", ".join(who(s) for s in event.seats)
        return (f"{seats} ticked 3 bonuses: the game ends after turn {event.final_turn}")
    return None


def _fields_sentence(event: Any, who: Who) -> str:
    """An event of a game this module does not know, field by field."""
    fields = attrs.asdict(event, recurse=False) if attrs.has(type(event)) else {}
    parts = [who(value) if key == "seat" and isinstance(value, int) else f"{key} {value}"
             for key, value in fields.items() if value not in (None, "", ())]
    return f"{tag_of(type(event)).replace('_', ' ')}: " + ", ".join(parts)


__all__ = [
    "EDIFICE_KINDS", "SEAT_FIELDS", "SENTENCES", "describe_event", "seat_label", "seat_words",
]
