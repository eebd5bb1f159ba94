"""What a client needs to draw a game, the same for every seat: the box's contents.

Card colours and texts, wonder stages, Edifice projects, Dice sheets: printed material every
player owns, never which cards are where (that only comes with a seat's view). The library has
no public catalogue call yet, so this module reads the game objects' data attributes (noted in
the server's report); a game without one gets an empty catalogue and a generic rendering.
"""

from __future__ import annotations

import contextlib
from typing import Any

from sevenwonders.core.protocol import Game
from sevenwonders.frontend.choices import describe_card
from sevenwonders.frontend.names import (
    BUILDINGS,
    RESOURCE_NAMES,
    WONDER_EFFECTS,
    architects_names,
    effects_words,
    resource_words,
    stage_key_words,
    token_effect,
)
from sevenwonders.games import spec_of


def catalog(game: Game[Any, Any, Any]) -> dict[str, Any]:
    """``GET /api/tables/{id}/catalog``; each game names its maker in its spec
    (``adapters["server.catalog"]``)."""
    spec = spec_of(game)
    maker = None if spec is None else spec.load_adapter("server.catalog")
    out: dict[str, Any] = {"game": game.name}
    if maker is not None:
        with contextlib.suppress(AttributeError, KeyError, TypeError):  # another shape
            out.update(maker(game))
    return out


def base_catalog(game: Any) -> dict[str, Any]:
    """The base game's box (with its expansions): every card's colour, cost (letters and words)
    and effect, every wonder side's stages with cost and effect, each board's resource, the
    resource names, Edifice's projects."""
    edition = game.edition
    cards = {
        name: {"colour": card.colour.value, "age": card.age, "cost": card.cost,
               "coins": card.coins, "chains_from": list(card.chains_from),
               "cost_text": resource_words(card.cost, card.coins),
               "text": describe_card(card), "effect_text": effects_words(card.effects)}
        for name, card in edition.cards.items()
    }
    wonders = {
        name: {side: [{"cost": stage.cost, "coins": stage.coins,
                       "cost_text": resource_words(stage.cost, stage.coins),
                       "text": effects_words(stage.effects) if not stage.choices else
                       " or ".join(effects_words(option) for option in stage.choices)}
                      for stage in wonder.stages(side)]
               for side in wonder.sides()}
        for name, wonder in edition.wonders.items()
    }
    resources = {name: resource_words(wonder.resource)
                 for name, wonder in edition.wonders.items()}
    out: dict[str, Any] = {"cards": cards, "wonders": wonders, "resources": resources,
                           "legend": RESOURCE_NAMES}
    for expansion in getattr(game, "expansions", ()):
        projects = getattr(expansion, "catalogue", None)
        if isinstance(projects, dict | type(edition.cards)) and projects:
            out["projects"] = {
                name: {"age": p.age, "cost": p.cost,
                       "text": _project_text(p)} for name, p in projects.items()}
    return out


def _project_text(project: Any) -> str:
    from sevenwonders.edifice.projects import describe_project

    return describe_project(project)


def dice_catalog(game: Any) -> dict[str, Any]:
    """Dice: every sheet's boxes (cost, points, kind, arrows) and bonuses, the buildings'
    printed names, whether the numbers are provisional."""
    sheets = {}
    for sheet_id, table in game.tables.sheets.items():
        sheets[sheet_id] = {
            "wonder": table.wonder_name,
            "boxes": [{"index": box.index, "building": box.building, "id": box.id,
                       "cost": box.cost, "vp": box.vp, "kind": box.kind,
                       "requires": list(box.requires)} for box in table.boxes],
            "bonuses": [bonus.id for bonus in table.bonuses],
        }
    return {"sheets": sheets, "provisional": bool(getattr(game, "provisional", False)),
            "buildings": BUILDINGS}


def architects_catalog(game: Any) -> dict[str, Any]:
    """Architects: every card kind's printed name and colour, the progress tokens with their
    effects, each wonder's stages (cost in words, points, effect) and its effect."""
    from sevenwonders.architects.data import load

    data = load()
    names = architects_names(game)
    kinds = {}
    for kind in data.kinds:
        parts = [f"{kind.coins} coin" if kind.coins else "", "resource" if kind.resource else "",
                 "science" if kind.science else "", f"{kind.vp} VP" if kind.vp else "",
                 "cat" if kind.cat else "", f"{kind.shields} shield" if kind.shields else "",
                 f"{kind.horns} horn(s)" if kind.horns else ""]
        kinds[kind.id] = {"colour": kind.color, "text": ", ".join(p for p in parts if p),
                          "name": names[kind.id].name, "letter": kind.letter}
    tokens = {token.id: {"name": token.name, "power": token.power,
                         "effect": token_effect(token)} for token in data.tokens}
    wonders = {wonder.id: {"name": wonder.name, "effect": WONDER_EFFECTS.get(wonder.effect, ""),
                           "stages": [{"key": s.key, "vp": s.vp, "effect": s.effect,
                                       "cost": stage_key_words(s.key)} for s in wonder.stages]}
               for wonder in data.wonders}
    return {"kinds": kinds, "tokens": tokens, "wonders": wonders}
