"""The numbers players decide by, from one seat's view: what the online versions show beside the
table (per city shields, production, science symbols, coins, points so far; what each neighbour
sells you and at what price; for Architects the progress tokens, the conflict and the cat; for
Dice every sheet as written so far).

Everything is computed from the view alone: the game's determinizer rebuilds a state consistent
with it, and only public parts of that state (cities, sheets, expansion boards) are read, by the
game's own rules (``Rules.shields``, the trading profile, the score sheet), so the numbers never
disagree with play. The hidden parts the determinizer draws (other hands, decks) change nothing
here. :func:`insight` answers plain JSON values for the server's payload and the terminal.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sevenwonders.base.trading import city_profile, trade
from sevenwonders.core.protocol import Game
from sevenwonders.core.resources import RESOURCES, Bag, parse_bag
from sevenwonders.core.rng import Rng
from sevenwonders.core.serialization import converter
from sevenwonders.errors import SevenWondersError
from sevenwonders.frontend.names import (
    architects_names,
    resource_words,
    stage_key_words,
    token_effect,
)

NAMES = tuple(r.name.lower() for r in RESOURCES)


def insight(game: Game[Any, Any, Any], view: Any, legal: Sequence[Any] = ()
            ) -> dict[str, Any] | None:
    """The seat's numbers (``None`` for a game this module does not know, or a view its
    determinizer cannot complete). ``legal``: the seat's legal moves, whose payments are
    explained resource by resource (base game)."""
    from sevenwonders.agents.determinize import determinizer_for

    maker = {"base": base_insight, "architects": architects_insight,
             "dice": dice_insight}.get(game.name)
    determinize = determinizer_for(game)
    if maker is None or determinize is None:
        return None
    try:
        state, _ = determinize(game, view, Rng.from_seed(0))
        return maker(game, view, state, legal)
    except (SevenWondersError, AttributeError, KeyError, IndexError, TypeError, ValueError):
        return None


# ------------------------------------------------------------------------------ base game


def _producers(prods: Sequence[tuple[int, int]]) -> dict[str, Any]:
    """Producers (options mask, amount) -> fixed counts per resource and the either/or ones."""
    fixed = dict.fromkeys(NAMES, 0)
    either: list[str] = []
    for mask, amount in prods:
        options = [NAMES[i] for i in range(len(NAMES)) if mask >> i & 1]
        if len(options) == 1:
            fixed[options[0]] += amount
        elif options:
            either.extend(["/".join(options)] * amount)
    return {"fixed": {k: v for k, v in fixed.items() if v}, "either": either}


def _science(game: Any, state: Any, seat: int) -> dict[str, int]:
    from sevenwonders.base.effects import Science, ScienceChoice

    counts: dict[str, int] = {"compass": 0, "gear": 0, "tablet": 0, "any": 0}
    rules = game.rules
    effects = list(rules.city_effects(state.cities[seat]))
    effects.extend(rules.extra_effects(state, seat))
    for effect in effects:
        if isinstance(effect, Science):
            counts[effect.symbol.value] = counts.get(effect.symbol.value, 0) + 1
        elif isinstance(effect, ScienceChoice):
            counts["any"] += 1
    return counts


def base_insight(game: Any, view: Any, state: Any, legal: Sequence[Any]) -> dict[str, Any]:
    """Per city: shields, military tokens, production (with the wonder's own resource, choice
    producers apart), science symbols, coins, points so far; the seat's trade with each
    neighbour; the next stage of every wonder; the resources each legal payment buys."""
    rules = game.rules
    sheets = game.scores(state)
    cities = []
    for seat, city in enumerate(state.cities):
        profile = city_profile(rules, state, seat)
        stages = rules.stages(city)
        nxt = stages[city.stages] if city.stages < len(stages) else None
        cities.append({
            "seat": seat,
            "shields": rules.shields(state, seat),
            "tokens": sum(city.tokens),
            "coins": city.coins,
            "production": _producers(profile.own),
            "board_resource": resource_words(rules.wonders[city.wonder].resource),
            "science": _science(game, state, seat),
            "points": sheets[seat].total,
            "lines": dict(sheets[seat].lines),
            "next_stage": None if nxt is None else {
                "number": city.stages + 1, "cost": resource_words(nxt.cost, nxt.coins)},
        })
    me = view.seat
    left, right = rules.ring.sides(me)
    mine = city_profile(rules, state, me)
    trade = []
    for side, other, prices in (("left", left, mine.left_prices),
                                ("right", right, mine.right_prices)):
        sells = _producers(city_profile(rules, state, other).sellable)
        trade.append({"side": side, "seat": other, "sells": sells,
                      "prices": {NAMES[i]: p for i, p in enumerate(prices)}})
    return {"kind": "base", "cities": cities, "trade": trade,
            "payments": _payments(game, state, me, legal)}


def _payments(game: Any, state: Any, seat: int, legal: Sequence[Any]) -> dict[str, Any]:
    """For each legal paid build or stage: the resources bought from each neighbour, and
    whether it is the cheapest way to build that card or stage."""
    from sevenwonders.base.moves import Build, BuildStage

    rules = game.rules
    me, left_sells, right_sells = trade(rules, state, seat)
    city = state.cities[seat]
    stages = rules.stages(city)
    out: dict[str, Any] = {}
    totals: dict[str, int] = {}
    for move in legal:
        if isinstance(move, Build) and not getattr(move, "free", False):
            cost = parse_bag(rules.cards[move.card].cost)
            key = move.card
        elif isinstance(move, BuildStage) and city.stages < len(stages):
            cost = parse_bag(stages[city.stages].cost)
            key = "stage"
        else:
            continue
        if not (move.left or move.right):
            continue
        bought = purchases(cost, me.own, left_sells, right_sells, me.left_prices,
                           me.right_prices, move.left, move.right)
        if bought is None:
            continue
        out[str(move)] = {"left": _bag_words(bought[0]), "right": _bag_words(bought[1]),
                          "coins": move.left + move.right, "group": key}
        totals[key] = min(totals.get(key, 1 << 30), move.left + move.right)
    for entry in out.values():
        entry["cheapest"] = entry["coins"] == totals[entry["group"]]
    return out


def _bag_words(bag: Bag) -> str:
    return ", ".join(f"{n} {NAMES[i]}" for i, n in enumerate(bag) if n)


def purchases(cost: Bag, own: Sequence[tuple[int, int]], left: Sequence[tuple[int, int]],
              right: Sequence[tuple[int, int]], left_prices: Bag, right_prices: Bag,
              pay_left: int, pay_right: int) -> tuple[Bag, Bag] | None:
    """A way to cover ``cost`` with the city's own producers and units bought from each side
    that costs exactly ``pay_left`` and ``pay_right``: the (left, right) bags bought, or None.
    A small search over every producer's choice (costs are a handful of units)."""
    producers = [(m, a, 0) for m, a in own] + [(m, a, 1) for m, a in left] + [
        (m, a, 2) for m, a in right]
    prices = (left_prices, right_prices)

    def walk(i: int, need: list[int], spent: list[int], bought: list[list[int]]
             ) -> tuple[Bag, Bag] | None:
        if spent[0] > pay_left or spent[1] > pay_right:
            return None
        if not any(need):
            if spent == [pay_left, pay_right]:
                return tuple(bought[0]), tuple(bought[1])
            return None
        if i == len(producers):
            return None
        mask, amount, source = producers[i]
        for r in range(len(need)):
            if mask >> r & 1 and need[r]:
                units = min(amount, need[r])
                need[r] -= units
                if source:
                    spent[source - 1] += units * prices[source - 1][r]
                    bought[source - 1][r] += units
                found = walk(i + 1, need, spent, bought)
                need[r] += units
                if source:
                    spent[source - 1] -= units * prices[source - 1][r]
                    bought[source - 1][r] -= units
                if found is not None:
                    return found
        return walk(i + 1, need, spent, bought)

    return walk(0, list(cost), [0, 0], [[0] * len(cost), [0] * len(cost)])


# ------------------------------------------------------------------------------ Architects


def architects_insight(game: Any, view: Any, state: Any, legal: Sequence[Any]) -> dict[str, Any]:
    """Per city: resources and gold by kind, science symbols, shields, military tokens,
    progress tokens with their effects, points so far and the stages buildable next; the
    conflict (battle side up of all, horns to the next battle) and the cat."""
    tables = game.tables
    names = architects_names(game)
    tokens = {t.id: t for t in tables.data.tokens}
    sheets = game.scores(state)
    cities = []
    for seat, city in enumerate(view.cities):
        counts: dict[str, int] = {}
        for kind in city.cards:
            counts[kind] = counts.get(kind, 0) + 1
        wonder = next(w for w in tables.data.wonders if w.id == city.wonder)
        built = set(city.built)
        cities.append({
            "seat": seat,
            "wonder": wonder.name,
            "cards": [{"kind": k, "name": names[k].name, "colour": names[k].colour, "count": n}
                      for k, n in sorted(counts.items(),
                                         key=lambda kn: _kind_order(tables, kn[0]))],
            "shields": city.shields,
            "military": city.military,
            "tokens": [{"id": t, "name": tokens[t].name, "effect": token_effect(tokens[t])}
                       for t in city.tokens],
            "points": sheets[seat].total,
            "lines": dict(sheets[seat].lines),
            "cat": view.cat == seat,
            "stages": [{"key": s.key, "cost": stage_key_words(s.key), "vp": s.vp,
                        "built": s.key in built, "effect": s.effect,
                        "open": s.key not in built and all(n in built for n in s.needs)}
                       for s in wonder.stages],
        })
    face_up = [{"id": t, "name": tokens[t].name, "effect": token_effect(tokens[t])}
               for t in view.face_up if t in tokens]
    return {"kind": "architects", "cities": cities, "face_up": face_up,
            "conflict": {"battle": view.conflict_flipped, "total": view.conflict_total,
                         "to_battle": view.conflict_total - view.conflict_flipped},
            "cat": view.cat,
            "kinds": {k: {"name": n.name, "colour": n.colour} for k, n in names.items()}}


def _kind_order(tables: Any, kind: str) -> int:
    index: int = tables.kind_index.get(kind, 99)
    return index


# ------------------------------------------------------------------------------ Dice


def dice_insight(game: Any, view: Any, state: Any, legal: Sequence[Any]) -> dict[str, Any]:
    """Every seat's sheet as written so far (Dice is open information), and which seats sit
    west and east of the view's seat, whose Barracks face its own."""
    from sevenwonders.core.seats import Ring
    from sevenwonders.dice.sheet_choices import seat_sheet

    ring = Ring(game.players)
    left, right = ring.sides(view.seat)
    sheets = [converter.unstructure(seat_sheet(game, state, s)) for s in range(game.players)]
    return {"kind": "dice", "sheets": sheets, "left": left, "right": right}


__all__ = ["architects_insight", "base_insight", "dice_insight", "insight", "purchases"]
