"""The terminal client's screens: each game's table as one seat sees it, in plain text.

Every screen is drawn from the seat's view, its choice details and the numbers of
:mod:`sevenwonders.frontend.insight`; names and sentences come from
:mod:`sevenwonders.frontend.describe`, so the terminal reads like the browser client.
"""

from __future__ import annotations

import json
import textwrap
from collections.abc import Callable
from typing import Any

from sevenwonders.base.game import BaseGame
from sevenwonders.base.state import City
from sevenwonders.base.view import BaseView
from sevenwonders.core.protocol import Game
from sevenwonders.core.serialization import converter
from sevenwonders.dice.sheet_choices import DiceChoices, SeatSheet
from sevenwonders.edifice.expansion import Edifice
from sevenwonders.edifice.projects import describe_project
from sevenwonders.edifice.state import EdificeState
from sevenwonders.frontend.choices import HandChoices, describe_card
from sevenwonders.frontend.describe import seat_words
from sevenwonders.frontend.insight import insight
from sevenwonders.frontend.names import (
    BUILDINGS,
    dice_box_words,
    dice_die_words,
    effects_words,
    resource_words,
)
from sevenwonders.games import part_of

AGE_NAMES = {1: "I", 2: "II", 3: "III"}
HOW_TEXT = {
    "free_chain": "free (chain)",
    "free_power": "free (wonder power)",
    "free_discard": "free (from the discard pile)",
    "own_resources": "buildable",
    "trading": "by trading",
    "cannot_pay": "cannot pay",
    "duplicate": "already built",
    "wonder_complete": "wonder complete",
}


def _age(age: int) -> str:
    return AGE_NAMES.get(age, str(age))


def seat_name(view: Any, seat: int) -> str:
    """``seat 2 (Babylon)`` or ``you (Gizah)``, from what the view shows."""
    return seat_words(view, seat)


# ------------------------------------------------------------------------------ base game


def render_base_view(game: BaseGame, view: BaseView, details: HandChoices | None) -> str:
    """The table as one seat sees it: each city with its board's resource, side, neighbours,
    shields, production, science, points so far and its stages (cost and effect, built or not);
    the trade with each neighbour; the hand with colours, buildable markers and costs."""
    numbers = insight(game, view) or {}
    direction = "right" if view.age == 2 else "left"
    out = [f"== Age {_age(view.age)}, turn {view.turn} ==  hands pass to the {direction}"
           + ("  (game over)" if view.over else "")]
    n = len(view.cities)
    order = [view.seat, (view.seat + 1) % n, (view.seat - 1) % n]
    order += [s for s in range(n) if s not in order]
    for seat in dict.fromkeys(order):
        out.extend(_base_city(game, view, seat, numbers))
    hands = ", ".join(f"{seat}: {size}" for seat, size in enumerate(view.hand_sizes))
    out.append(f"Hand sizes {hands}; discard pile {view.discard_size} cards")
    for trade in numbers.get("trade", ()):
        out.append(_trade_line(view, trade))
    for expansion in view.expansions:
        out.append(_expansion_line(game, view, expansion))
    if view.pending is not None:
        out.append(f"Your decision: {view.pending.value.replace('_', ' ')}"
                   + (f" ({view.pending_detail})" if view.pending_detail else ""))
    if details is not None and details.cards:
        where = "Discard pile" if details.decision == "build_from_discard" else "Your hand"
        out.append(f"{where} (you may spend {details.coins} coins):")
        for card in details.cards:
            out.append("  " + _card_line(game, card))
    if details is not None and details.stage is not None:
        out.append("  " + _stage_line(details))
    return "\n".join(out)


def _base_city(game: BaseGame, view: BaseView, seat: int, numbers: dict[str, Any]) -> list[str]:
    city = view.cities[seat]
    n = len(view.cities)
    where = ("" if seat == view.seat else " - your left neighbour" if seat == (view.seat + 1) % n
             else " - your right neighbour" if seat == (view.seat - 1) % n else "")
    mark = ">" if seat == view.seat else " "
    info = next((c for c in numbers.get("cities", ()) if c["seat"] == seat), None)
    resource = resource_words(game.edition.wonders[city.wonder].resource) \
        if city.wonder in game.edition.wonders else "?"
    head = (f" {mark} {seat_name(view, seat)}, {city.side} side, board makes {resource}{where}: "
            f"{city.coins} coins, military tokens {sum(city.tokens):+d}")
    lines = [head]
    if info is not None:
        prod = info["production"]
        made = ", ".join([f"{v} {k}" for k, v in prod["fixed"].items()] + prod["either"]) or "-"
        sci = ", ".join(f"{k} {v}" for k, v in info["science"].items() if v) or "-"
        lines.append(f"     shields {info['shields']}; production {made}; science {sci}; "
                     f"points so far {info['points']}")
    stages = _stages_of(game, city.wonder, city.side)
    parts = []
    for i, stage in enumerate(stages):
        done = "built" if i < city.stages else resource_words(stage.cost, stage.coins)
        effect = effects_words(stage.effects) if not stage.choices else " or ".join(
            effects_words(option) for option in stage.choices)
        parts.append(f"{i + 1}) {done} -> {effect}")
    lines.append(f"     stages {city.stages}/{len(stages)}: " + "; ".join(parts))
    lines.append(f"     cards: {_cards_by_colour(game, city.cards)}")
    return lines


def _trade_line(view: BaseView, trade: dict[str, Any]) -> str:
    sells = trade["sells"]
    goods = ", ".join([f"{v} {k}" for k, v in sells["fixed"].items()] + sells["either"])
    goods = goods or "nothing"
    cheap = [k for k, p in trade["prices"].items() if p < 2]
    price = "2 coins each" + (f" ({', '.join(cheap)} for 1)" if cheap else "")
    return (f"Your {trade['side']} neighbour {seat_name(view, trade['seat'])} sells you {goods}; "
            f"{price}")


def _stages_of(game: BaseGame, wonder: str, side: str) -> tuple[Any, ...]:
    try:
        return game.rules.stages(City(wonder, side, 0))
    except KeyError:
        return ()


def _cards_by_colour(game: BaseGame, cards: tuple[str, ...]) -> str:
    groups: dict[str, list[str]] = {}
    for name in cards:
        card = game.edition.cards.get(name)
        colour = card.colour.value if card is not None else "?"
        groups.setdefault(colour, []).append(name)
    return "; ".join(f"{colour}: {', '.join(names)}" for colour, names in groups.items()) or "-"


def _expansion_line(game: BaseGame, view: BaseView, expansion: Any) -> str:
    if isinstance(expansion, EdificeState):
        return _edifice_lines(game, view, expansion)
    return f"{type(expansion).__name__}: {json.dumps(converter.unstructure(expansion))}"


def _edifice_lines(game: BaseGame, view: BaseView, mine: EdificeState) -> str:
    """Each Age's project with its cost, reward and penalty (as this game's options set them),
    status, pawns left and pawn holders, then every seat's debt tokens."""
    edifice = next((e for e in game.expansions if isinstance(e, Edifice)), None)
    out = ["Edifice projects:"]
    for i, name in enumerate(mine.projects):
        project = edifice.catalogue.get(name) if edifice is not None else None
        holders = ", ".join(seat_name(view, s) for s in mine.holders[i]) or "none"
        out.append(f"  Age {_age(i + 1)} {name} ({mine.outcomes[i]}, {mine.pawns_left[i]} pawns "
                   f"left; pawns: {holders})"
                   + (f": {describe_project(project)}" if project is not None else ""))
    debts = [f"{seat_name(view, s)} {sum(d)} ({' '.join(map(str, d))})"
             for s, d in enumerate(mine.debts) if d]
    if debts:
        out.append("  Debts: " + "; ".join(debts))
    return "\n".join(out)


def _money_text(bank: int, trade: int | None, payments: tuple[Any, ...]) -> str:
    parts = []
    if bank:
        parts.append(f"{bank} to the bank")
    if trade:
        ways = " or ".join(f"L{p.left}/R{p.right}" for p in payments)
        parts.append(f"trade {trade} ({ways})")
    return ", ".join(parts)


def _card_line(game: BaseGame, card: Any) -> str:
    status = HOW_TEXT.get(card.how, card.how)
    if card.buildable:
        money = _money_text(card.bank_coins, card.cheapest_trade, card.payments)
        if money:
            status += f": {money}"
    if card.free_build:
        status += " (free build available)"
    data = game.edition.cards.get(card.card)
    about = describe_card(data) if data is not None else ""
    colour = f"({data.colour.value})" if data is not None else ""
    mark = "+" if card.buildable else "-"
    return f"{mark} {card.card:<20}{colour:<9}{status:<34} {about}"


def _stage_line(details: HandChoices) -> str:
    stage = details.stage
    assert stage is not None
    if stage.stage is None:
        return "= wonder complete"
    head = f"{'+' if stage.buildable else '-'} wonder stage {stage.stage}/{stage.stages}: "
    parts = []
    for variant in stage.variants:
        status = HOW_TEXT.get(variant.how, variant.how)
        money = _money_text(variant.bank_coins, variant.cheapest_trade, variant.payments)
        label = "" if not variant.extras else f"{variant.label}: "
        parts.append(f"{label}{status}" + (f": {money}" if money and variant.buildable else ""))
    text = head + "; ".join(parts)
    if stage.options:
        text += "; options: " + " | ".join(f"{i + 1}) {o}" for i, o in enumerate(stage.options))
    return text


# ------------------------------------------------------------------------------ Architects


def render_architects_view(game: Game[Any, Any, Any], view: Any, details: Any) -> str:
    """Architects: every city's cards by printed name and colour, its stages (cost in words,
    points, built or open), progress tokens with their effects, shields, military tokens and
    points so far; the decks' top cards, the face-up tokens, the conflict and the cat."""
    numbers = insight(game, view) or {"cities": [], "face_up": [], "kinds": {}}
    kinds = numbers["kinds"]

    def card(kind: str | None) -> str:
        return f"{kinds[kind]['name']} ({kinds[kind]['colour']})" if kind in kinds else "-"

    who = "you decide" if view.current == view.seat else f"{seat_name(view, view.current)} decides"
    out = [f"== Architects, turn {view.turn}; {who}: {view.decision} =="]
    for info in numbers["cities"]:
        seat = info["seat"]
        mark = ">" if seat == view.seat else " "
        cat = ", holds the cat" if info["cat"] else ""
        out.append(f" {mark} {seat_name(view, seat)}: shields {info['shields']}, military "
                   f"tokens {info['military']}, points so far {info['points']}{cat}")
        cards = ", ".join(f"{c['count']}x {c['name']} ({c['colour']})" for c in info["cards"])
        out.append(f"     cards: {cards or '-'}")
        stages = "; ".join(
            f"{s['cost']} {s['vp']} VP{' + effect' if s['effect'] else ''} "
            f"[{'built' if s['built'] else 'open' if s['open'] else 'later'}]"
            for s in info["stages"])
        out.append(f"     wonder {info['wonder']}: {stages}")
        for token in info["tokens"]:
            out.append(f"     progress token {token['name']}: {token['effect']}")
    decks = ", ".join(f"{seat_name(view, s)}: {d.size} (top {card(d.top)})"
                      for s, d in enumerate(view.decks))
    out.append(f"Decks: {decks}; central {view.central_size}"
               + (f" (top {card(view.central_top)}, seen thanks to the cat)"
                  if view.central_top else ""))
    tokens = "; ".join(f"{t['name']}: {t['effect']}" for t in numbers["face_up"]) or "-"
    out.append(f"Progress tokens face up: {tokens} (pile {view.token_pile_size})")
    left = view.conflict_total - view.conflict_flipped
    out.append(f"Conflict: {view.conflict_flipped} of {view.conflict_total} tokens show battle; "
               f"{left} more horn(s) bring the battle")
    cat = "nobody" if view.cat is None else seat_name(view, view.cat)
    out.append(f"The cat is with {cat}.")
    if view.revealed:
        out.append(f"Revealed to you: {', '.join(card(k) for k in view.revealed)}")
    return "\n".join(out)


# ------------------------------------------------------------------------------ Dice


def render_dice_view(game: Game[Any, Any, Any], view: Any, details: Any) -> str:
    """Dice: the Forum's dice by colour and symbol, every seat's coins, boxes and score, then
    the seat's own sheet with its neighbours' facing Barracks beside its own."""
    out = [f"== Dice, turn {view.turn} ({view.phase.value}) =="
           + ("  PROVISIONAL sheet numbers" if getattr(view, "provisional", False) else "")]
    out.append("Forum: " + "; ".join(f"{dice_die_words(d.die, d.face)} in area {d.area}"
                                     for d in view.forum))
    sheets = details.sheets if isinstance(details, DiceChoices) else ()
    for seat, s in enumerate(view.seats):
        marker = ">" if seat == view.seat else " "
        ticked = sum(1 for t in s.ticks if t)
        pending = f", deciding: {len(s.pending)}" if s.pending else ""
        score = f"  score {sheets[seat].total:>3}" if sheets else ""
        out.append(f" {marker} {seat_name(view, seat):<28} coins {s.coins:>3}  boxes ticked "
                   f"{ticked:>3}  bonuses {s.bonus_count}{score}{pending}")
    if view.final_turn:
        out.append(f"The game ends after turn {view.final_turn}.")
    if sheets:
        out.extend(_dice_sheet_lines(sheets[view.seat]))
        n = len(sheets)
        west, east = (view.seat + 1) % n, (view.seat - 1) % n
        out.extend(_facing(view, sheets, "barracks_west", west, "barracks_east"))
        out.extend(_facing(view, sheets, "barracks_east", east, "barracks_west"))
    return "\n".join(out)


def _facing(view: Any, sheets: tuple[SeatSheet, ...], mine: str, other: int, theirs: str
            ) -> list[str]:
    """One's Barracks beside the neighbour's Barracks it attacks and is attacked from."""
    def row(sheet: SeatSheet, building: str) -> str:
        line = next((b for b in sheet.buildings if b.building == building), None)
        if line is None:
            return "-"
        return " ".join(("[x]" if b.ticked else "[ ]") + b.ref.partition(".")[2]
                        for b in line.boxes)
    return [f"  {BUILDINGS[mine]} (you): {row(sheets[view.seat], mine)}  |  facing "
            f"{seat_name(view, other)}'s {BUILDINGS[theirs]}: {row(sheets[other], theirs)}"]


def _dice_sheet_lines(sheet: SeatSheet) -> list[str]:
    """A seat's own sheet: resources, laurels, score, and every building box by box
    ([x] ticked, [>] next along the arrows, [-] later), with cost, VP and effect."""
    out = [f"Your sheet: {sheet.sheet} ({sheet.wonder_name}); coins {sheet.coins} of "
           f"{sheet.reserve_size}, resources {sheet.resources}, laurels {sheet.laurels}, "
           f"bonuses {', '.join(sheet.bonuses) or '-'}, unlocked dice "
           f"{', '.join(sheet.unlocked) or '-'}",
           "  score: " + ", ".join(f"{line} {vp}" for line, vp in sheet.score)
           + f" = {sheet.total}"]
    for building in sheet.buildings:
        boxes = []
        for box in building.boxes:
            mark = "x" if box.ticked else ">" if box.next else "-"
            text = f"[{mark}] {box.ref.partition('.')[2]}"
            if not box.ticked:
                text += f" cost {box.cost}"
            if box.laurel is not None:
                text += f", laurel {box.laurel}"
            elif box.vp:
                text += f", {box.vp} VP"
            if box.effect:
                text += f": {box.effect}"
            boxes.append(text)
        name = dice_box_words(building.building)
        out.append(textwrap.fill(
            f"{name} ({building.ticked}/{len(building.boxes)}): "
            + "; ".join(boxes), width=100, initial_indent="  ", subsequent_indent="      "))
    return out


# ------------------------------------------------------------------------------ any game


def render_generic_view(game: Game[Any, Any, Any], view: Any, details: Any) -> str:
    """Any game's view, field by field (for games without a renderer of their own)."""
    data = converter.unstructure(view)
    out = [f"== {game.name} =="]
    if isinstance(data, dict):
        for key, value in data.items():
            if key == "moves":
                continue
            out.append(f"{key}: {_compact(value)}")
    else:
        out.append(_compact(data))
    return "\n".join(out)


def _compact(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 400 else text[:397] + "..."


ViewRenderer = Callable[[Any, Any, Any], str]
RENDERERS: dict[str, ViewRenderer] = {}
"""Renderers set at run time by game name, read before the game's spec (``renderer``, see
:mod:`sevenwonders.games`)."""


def render_view(game: Game[Any, Any, Any], view: Any, details: Any = None) -> str:
    """The seat's screen: the game's own renderer, else the view field by field."""
    renderer = RENDERERS.get(game.name)
    if renderer is None:
        renderer = part_of(game, "renderer")
    if renderer is not None:
        try:
            return renderer(game, view, details)
        except (AttributeError, TypeError, KeyError):  # a view shape this renderer predates
            pass
    return render_generic_view(game, view, details)
