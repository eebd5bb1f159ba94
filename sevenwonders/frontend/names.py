"""Components by the names printed on them, and moves in words, for every game of the family:
base-game resources and costs without letter codes, Architects card kinds, stage keys, progress
tokens and wonder effects, Dice buildings, dice and moves.

Names come from the games' data (the box's contents); :mod:`sevenwonders.frontend.describe`
writes events with them, and the terminal and browser clients show them.
"""

from __future__ import annotations

from typing import Any

import attrs

from sevenwonders.core.protocol import Game
from sevenwonders.core.resources import RESOURCES, resource_from_letter

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


def plural(count: int, word: str) -> str:
    """``1 coin``, ``2 coins``."""
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
        horns = f" and {plural(kind.horns, 'horn')}" if kind.horns else ", no horn"
        return f"{plural(kind.shields, 'shield')}{horns}"
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


def arch_tokens(game: Any) -> dict[str, Any]:
    """An Architects game's progress tokens by id."""
    return {token.id: token for token in game.tables.data.tokens}


def arch_wonder(game: Any, wonder: str) -> str:
    """An Architects wonder's printed name."""
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
        tokens = arch_tokens(game)
        if rest in tokens:
            return f"take progress token {tokens[rest].name} ({token_effect(tokens[rest])})"
        return "take the top progress token of the pile, unseen"
    if verb == "extra":
        token, _, source = rest.partition(" ")
        return f"extra card ({token.capitalize()}): " + _take_words(game, source, view, names)
    if verb == "alexandria":
        return f"Alexandria: take the top card of {arch_wonder(game, rest)}'s deck"
    if verb == "halicarnassus":
        return f"Halicarnassus: look through the {rest} deck"
    if verb == "pick":
        return f"pick {names[rest].name}" if rest in names else move
    if verb == "use":
        return f"use {arch_wonder(game, rest)}'s effect"
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


__all__ = [
    "BUILDINGS", "RESOURCE_NAMES", "ROMAN", "WONDER_EFFECTS", "Named", "arch_tokens",
    "arch_wonder", "architects_kind_name", "architects_move_words", "architects_names",
    "dice_box_words", "dice_die_words", "dice_move_words", "effect_words", "effects_words",
    "move_words", "plural", "resource_words", "stage_key_words", "token_effect",
]
