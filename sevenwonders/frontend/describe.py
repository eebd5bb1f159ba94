"""Words for players: events as sentences, and cards, stages, dice and moves by the names
printed on the components, in every game of the family.

The terminal client and the server's payloads both speak through this module, so a table reads
the same on a screen and in a browser. Nothing here looks at a state: names come from the games'
data (the box's contents), sentences from the events as ``game.visible_events`` gives them to a
seat, and the optional view only turns seat numbers into "you" and wonder names.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs

from sevenwonders.architects import events as arch
from sevenwonders.base import events as base
from sevenwonders.core.game import Game
from sevenwonders.core.resources import RESOURCES, resource_from_letter
from sevenwonders.core.serialization import tag_of
from sevenwonders.dice import events as dice

RESOURCE_NAMES: dict[str, str] = {r.value: r.name.lower() for r in RESOURCES}
"""The base game's resource letters (data files, costs) -> the resource's name."""

ROMAN = {1: "I", 2: "II", 3: "III"}


@attrs.frozen(slots=True)
class Named:
    """A component as printed: its name and its colour (``""`` where it has none)."""

    name: str
    colour: str = ""


# ------------------------------------------------------------------------------ resources


def resource_words(letters: str, coins: int = 0) -> str:
    """``"WWO"`` -> ``"2 wood, 1 ore"`` (and the coins, if any): a cost without letter codes."""
    counts: dict[str, int] = {}
    for letter in letters:
        name = resource_from_letter(letter).name.lower()
        counts[name] = counts.get(name, 0) + 1
    parts = [f"{count} {name}" for name, count in counts.items()]
    if coins:
        parts.append(f"{coins} coin{'s' if coins != 1 else ''}")
    return ", ".join(parts) or "free"


def effect_words(effect: Any) -> str:
    """A base-game effect in words, resources named (``produces wood or clay``, ``buy wood,
    stone for 1 from the left``); other effects as the choice details word them."""
    from sevenwonders.base.effects import Produce, ScienceChoice, TradeDiscount
    from sevenwonders.frontend.choices import describe_effect

    if isinstance(effect, Produce):
        names = " or ".join(RESOURCE_NAMES.get(r, r) for r in effect.options)
        times = f"{effect.amount}x " if effect.amount != 1 else ""
        return f"produces {times}{names}"
    if isinstance(effect, TradeDiscount):
        names = ", ".join(RESOURCE_NAMES.get(r, r) for r in effect.resources)
        sides = " and ".join(side.value for side in effect.sides)
        return f"buy {names} for {effect.price} from the {sides}"
    if isinstance(effect, ScienceChoice):
        return "science symbol of your choice"
    return describe_effect(effect)


def effects_words(effects: Any) -> str:
    """Effects in words, joined (``"nothing"`` for none)."""
    return ", ".join(effect_words(effect) for effect in effects) or "nothing"


def _plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


# ------------------------------------------------------------------------------ Architects


def architects_kind_name(kind: Any) -> str:
    """The printed face of an Architects card kind (``blue2cat`` -> ``"2 victory points and the
    cat"``), read from the kind's data: resource and science cards show their symbol, gold its
    coin, blue cards their laurel (and the cat), red cards a shield and 0-2 horns (reference
    architects.md section 2.1)."""
    if kind.coins:
        return "Gold"
    if kind.resource:
        return str(kind.id).capitalize()
    if kind.science:
        return f"{kind.id.capitalize()} (science)"
    if kind.vp:
        return f"{kind.vp} victory points" + (" and the cat" if kind.cat else "")
    if kind.shields:
        horns = f" and {_plural(kind.horns, 'horn')}" if kind.horns else ", no horn"
        return f"{_plural(kind.shields, 'shield')}{horns}"
    return str(kind.id)


def architects_names(game: Any) -> dict[str, Named]:
    """Every Architects card kind id -> its printed name and colour."""
    return {kind.id: Named(architects_kind_name(kind), kind.color)
            for kind in game.tables.data.kinds}


def stage_key_words(key: str) -> str:
    """An Architects stage key (``2d``, ``3s``) -> ``"2 different resources"``: the key names the
    stage's cost (reference architects.md section 1.2)."""
    count, kind = key[:-1], key[-1:]
    if not count.isdigit() or kind not in ("d", "s"):
        return key
    return f"{count} {'different' if kind == 'd' else 'identical'} resources"


def token_effect(token: Any) -> str:
    """A progress token's effect in words, from its data (reference architects.md 3.2, 3.6)."""
    power = token.power
    if power == "extra_card":
        if getattr(token, "on_build", False):
            return "take 1 more card each time you build a wonder stage"
        kinds = " or ".join(k.capitalize() for k in token.on_take)
        return f"take 1 more card when you take {kinds}"
    if power == "economy":
        return "one Gold card counts as 2 coins when you build"
    if power == "engineering":
        return "build ignoring 'identical' or 'different' once a turn"
    if power == "shields":
        return f"+{token.shields} shields"
    vp = tuple(getattr(token, "vp", ()))
    score = getattr(token, "score", "")
    texts = {
        "wonder_complete": f"{vp[0]} VP, {vp[-1]} VP once your wonder is complete",
        "per_cat_icon": f"{vp[0]} VP per cat on your blue cards",
        "per_military_token": f"{vp[0]} VP per military victory token",
        "per_progress_token": f"{vp[0]} VP per progress token you own",
        "by_copies": f"{vp[1] if len(vp) > 1 else 0} VP for one, {vp[-1]} VP for both",
    }
    return texts.get(score, str(power).replace("_", " "))


WONDER_EFFECTS = {
    "alexandria": "take the top card of any deck on the table",
    "babylon": "take 1 of the face-up progress tokens",
    "ephesus": "take the top card of the central deck",
    "halicarnassus": "look at the top cards of the left or right deck and take 1",
    "olympia": "take the top card of the left deck and of the right deck",
    "rhodes": "1 more shield",
}
"""What each Architects wonder's effect does (the comments of ``architects/data/wonders.toml``;
reference architects.md section 1.3)."""


def _arch_tokens(game: Any) -> dict[str, Any]:
    return {token.id: token for token in game.tables.data.tokens}


def _arch_wonder(game: Any, wonder: str) -> str:
    for data in game.tables.data.wonders:
        if data.id == wonder:
            return str(data.name)
    return wonder


# ------------------------------------------------------------------------------ Dice

BUILDINGS = {
    "wonder": "Wonder", "guild_court": "Guild Hall", "gallery": "Hall of Fame",
    "barracks_west": "Barracks West", "barracks_east": "Barracks East", "agora": "Agora",
    "market": "Market", "university": "University", "warehouse": "Warehouse",
    "gold_reserve": "Gold Reserve",
}
"""Dice sheet buildings as the rulebook names them (sevenwonders/dice/SCHEMA.md)."""


def dice_box_words(ref: str) -> str:
    """``"barracks_east.at1"`` -> ``"Barracks East, box at1"``."""
    building, _, box = ref.partition(".")
    name = BUILDINGS.get(building, building.replace("_", " ").title())
    return f"{name}, box {box}" if box else name


def dice_die_words(die: str, face: str = "") -> str:
    """``"grey_2"`` and ``"wood"`` -> ``"grey die showing wood"``."""
    colour = die.split("_")[0]
    shown = f" showing {face.replace('_', ' ')}" if face else ""
    return f"{colour} die{shown}"


def dice_move_words(move: str, view: Any = None) -> str:
    """A Dice move's notation in words: ``build red barracks_east.at1`` -> ``"red die showing
    axe: tick Barracks East, box at1"``; ``wonder s2`` -> ``"build Wonder stage s2"``."""
    words = move.split()
    if not words:
        return move
    verb, args = words[0], words[1:]
    if verb == "pass" and not args:
        return "pass and take 3 coins"
    if verb == "skip" and not args:
        return "leave the effect unused"
    if verb == "wonder" and len(args) == 1:
        return f"build Wonder stage {args[0]} (no die)"
    if verb == "bonus" and len(args) == 1:
        return f"tick bonus {args[0]}"
    if verb == "tick" and len(args) == 1:
        return f"tick {dice_box_words(args[0])}"
    if verb == "build" and len(args) == 2:
        face = ""
        for rolled in getattr(view, "forum", ()):
            if rolled.die == args[0]:
                face = rolled.face
        return f"{dice_die_words(args[0], face)}: tick {dice_box_words(args[1])}"
    return move


# ------------------------------------------------------------------------------ moves


def move_words(game: Game[Any, Any, Any], move: str, view: Any = None) -> str:
    """A legal move's notation in words for a player, in any game (the base game's notation
    already reads as words, so it is kept)."""
    if game.name == "dice":
        return dice_move_words(move, view)
    if game.name == "architects":
        return architects_move_words(game, move, view)
    return move


def architects_move_words(game: Any, move: str, view: Any = None) -> str:
    """``take left`` -> ``"take the top card of your own deck (Wood)"``; ``build 2d: W S`` ->
    ``"build the stage of 2 different resources, spending Wood, Stone"``."""
    verb, _, rest = move.partition(" ")
    names = architects_names(game)
    if verb == "take":
        return _take_words(game, rest, view, names)
    if verb == "build":
        key, _, spend = rest.partition(":")
        letters = {kind.letter: kind.id for kind in game.tables.data.kinds if kind.letter}
        spent = ", ".join(names[letters[s]].name if s in letters else s for s in spend.split())
        return f"build the stage of {stage_key_words(key.strip())}, spending {spent}"
    if verb == "science":
        return "trade in science: " + ", ".join(w.capitalize() for w in rest.split())
    if verb == "token":
        tokens = _arch_tokens(game)
        if rest in tokens:
            return f"take progress token {tokens[rest].name} ({token_effect(tokens[rest])})"
        return "take the top progress token of the pile, unseen"
    if verb == "extra":
        token, _, source = rest.partition(" ")
        return f"extra card ({token.capitalize()}): " + _take_words(game, source, view, names)
    if verb == "alexandria":
        return f"Alexandria: take the top card of {_arch_wonder(game, rest)}'s deck"
    if verb == "halicarnassus":
        return f"Halicarnassus: look through the {rest} deck"
    if verb == "pick":
        return f"pick {names[rest].name}" if rest in names else move
    if verb == "use":
        return f"use {_arch_wonder(game, rest)}'s effect"
    return {"skip": "decline", "end": "end your turn"}.get(move, move)


def _take_words(game: Any, source: str, view: Any, names: dict[str, Named]) -> str:
    where = {"left": "your own deck", "right": "your right neighbour's deck",
             "central": "the central deck"}.get(source, source)
    top = ""
    if view is not None and source in ("left", "right"):
        seat = view.seat if source == "left" else (view.seat - 1) % view.players
        card = view.decks[seat].top
        top = f" ({names[card].name})" if card in names else ""
    elif view is not None and source == "central" and view.central_top in names:
        top = f" ({names[view.central_top].name}, seen thanks to the cat)"
    return f"take the top card of {where}{top}"


# ------------------------------------------------------------------------------ events


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
        return f"{who(event.seat)} gained {_plural(event.amount, 'coin')} from {event.source}"
    if isinstance(event, base.ConflictResolved):
        outcome = ("a draw" if event.token == 0 else f"a victory token (+{event.token})"
                   if event.token > 0 else f"a defeat token ({event.token})")
        return (f"Age {ROMAN.get(event.age, event.age)} conflict: {who(event.seat)} "
                f"({_plural(event.strength, 'shield')}) against {who(event.neighbour)} "
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
            event.source, f"{_arch_wonder(game, event.source)}'s deck")
        why = "" if event.reason == "turn" else f" ({event.reason.replace('_', ' ')})"
        return f"{who(event.seat)} took {card(event.card)} from {source}{why}"
    if isinstance(event, arch.CatMoved):
        was = "" if event.previous is None else f" from {who(event.previous)}"
        return f"{who(event.seat)} took the cat{was}"
    if isinstance(event, arch.ConflictFlipped):
        return (f"{who(event.seat)} blew {_plural(event.count, 'horn')}: {event.flipped} of "
                f"{event.total} conflict tokens show battle")
    if isinstance(event, arch.ScienceUsed):
        symbols = ", ".join(s.capitalize() for s in event.symbols)
        return f"{who(event.seat)} traded in science cards ({symbols}) for a progress token"
    if isinstance(event, arch.TokenTaken):
        return _token_taken(game, event, who)
    if isinstance(event, arch.StageBuilt):
        spent = ", ".join(card(k) for k in event.spent)
        return (f"{who(event.seat)} built the {_arch_wonder(game, event.wonder)} stage of "
                f"{stage_key_words(event.stage)} with {spent}")
    if isinstance(event, arch.EffectApplied):
        name = _arch_wonder(game, event.effect)
        done = "used" if event.used else "did not use"
        return f"{who(event.seat)} {done} the effect of {name}"
    if isinstance(event, arch.CardsRevealed):
        return (f"{who(event.seat)} looks through {_plural(event.count, 'card')} of "
                f"{_arch_wonder(game, event.deck)}'s deck")
    if isinstance(event, arch.DeckShuffled):
        return f"{_arch_wonder(game, event.deck)}'s deck was shuffled ({event.size} cards)"
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
    tokens = _arch_tokens(game)
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
        cost = f", paying {_plural(paid, 'coin')}" if paid else ""
        return f"{who(event.seat)} ticked {dice_box_words(event.box)}{die}{cost}"
    if isinstance(event, dice.Passed):
        return f"{who(event.seat)} passed and took {_plural(event.coins, 'coin')}"
    if isinstance(event, dice.CoinsGained):
        why = ("for passing" if event.reason == "pass" else
               f"from {dice_box_words(event.reason)}" if "." in event.reason
               else f"({event.reason.replace('_', ' ')})")
        return f"{who(event.seat)} gained {_plural(event.amount, 'coin')} {why}"
    if isinstance(event, dice.CoinsLost):
        return f"{who(event.seat)} lost {_plural(event.amount, 'coin')}: the Gold Reserve is full"
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
    "BUILDINGS", "EDIFICE_KINDS", "RESOURCE_NAMES", "SEAT_FIELDS", "SENTENCES", "WONDER_EFFECTS",
    "Named", "architects_kind_name", "architects_move_words", "architects_names",
    "describe_event", "dice_box_words", "dice_die_words", "dice_move_words", "effect_words",
    "effects_words", "move_words", "resource_words", "seat_label", "seat_words",
    "stage_key_words", "token_effect",
]
