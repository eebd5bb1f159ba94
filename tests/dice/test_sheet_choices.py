"""Dice choice details: every seat's sheet and each legal move's cost, agreeing with the rules
(a Dice player sees its own sheet and what each move costs)."""

from __future__ import annotations

import random

import pytest

from sevenwonders.core.frozenmap import FrozenMap
from sevenwonders.core.serialization import from_json, to_json
from sevenwonders.dice import BuildWonder, DiceGame, Pass, Skip, TakeBonus, Tick
from sevenwonders.dice import events as ev
from sevenwonders.dice.sheet_choices import DiceChoices, describe_effect
from sevenwonders.dice.sheet_schema import Effect
from sevenwonders.dice.state import Phase
from sevenwonders.frontend.choices import choices, choices_from_view

from .conftest import position, seat_with, ticked, with_forum


def _states(game: DiceGame, seed: int, steps: int) -> list[object]:
    chooser = random.Random(seed)
    state = game.new_game(seed)
    out = [state]
    for _ in range(steps):
        if game.is_over(state):
            break
        state = game.play(state, {s: chooser.choice(game.legal_moves(state, s))
                                  for s in game.to_move(state)})
        out.append(state)
    return out


@pytest.mark.parametrize("players", [2, 3])
def test_every_move_costs_what_the_rules_charge(players: int) -> None:
    game = DiceGame(players=players)
    checked = 0
    for state in _states(game, players, 40)[::3]:
        for seat in sorted(game.to_move(state)):  # type: ignore[arg-type]
            details = choices(game, state, seat)
            assert isinstance(details, DiceChoices)
            assert from_json(to_json(details), DiceChoices) == details
            view = game.view(state, seat)  # type: ignore[arg-type]
            assert choices_from_view(game, view) == details  # what a remote frontend gets
            legal = game.legal_moves(state, seat)  # type: ignore[arg-type]
            assert [m.move for m in details.moves] == [str(m) for m in legal]
            others = {s: game.legal_moves(state, s)[-1]  # type: ignore[arg-type]
                      for s in game.to_move(state) if s != seat}  # type: ignore[arg-type]
            for move, cost in zip(legal, details.moves, strict=True):
                _, events = game.step(state, {**others, seat: move})  # type: ignore[arg-type]
                mine = [e for e in events if getattr(e, "seat", None) == seat]
                if isinstance(move, Pass):
                    assert cost.gain == 3 and ev.Passed(seat, 3) in mine
                    continue
                if isinstance(move, (Skip, TakeBonus)):
                    assert (cost.die_coins, cost.build_coins, cost.gain) == (0, 0, 0)
                    assert bool(cost.effect) is isinstance(move, TakeBonus)  # the bonus's
                    continue
                box = next(e for e in mine if isinstance(e, ev.BoxTicked))
                assert (cost.die_coins, cost.build_coins) == (box.die_cost, box.resource_coins)
                if isinstance(move, (BuildWonder, Tick)):
                    assert cost.die_coins == 0
                checked += 1
    assert checked > 20


def test_the_sheet_shows_ticks_next_boxes_resources_laurels_and_score() -> None:
    game, state = position(players=3, sheet="giza")
    state = ticked(game, state, 0, "warehouse.w1", "warehouse.w2", "agora.ag1",
                   "barracks_east.at1", "wonder.s1")
    state = seat_with(state, 0, laurels=FrozenMap({"barracks_east.at1": 2}))
    sheet = choices(game, state, 0).sheets[0]
    assert sheet.resources == 2 and sheet.laurels == 2 and sheet.coins == 7
    assert sheet.total == game.scores(state)[0].total == 1 + 2 + 2
    assert dict(sheet.score)["barracks_east"] == 2
    boxes = {b.ref: b for building in sheet.buildings for b in building.boxes}
    assert boxes["agora.ag1"].ticked and not boxes["agora.ag1"].next
    assert boxes["agora.ag3"].next and not boxes["agora.ag5"].next  # ag5 needs ag3 first
    assert boxes["barracks_east.at1"].laurel == 2 and boxes["barracks_east.at2"].laurel is None
    assert boxes["wonder.s2"].next and boxes["wonder.s2"].effect == "another action"
    assert boxes["market.m3"].effect == "yellow die cost -1"
    assert boxes["warehouse.w4"].cost == 1


def test_a_free_die_costs_nothing_and_gains_are_shown() -> None:
    game, state = position(players=2, sheet="rhodes")
    state = ticked(game, state, 0, "wonder.s1")  # Rhodes s1: +2 coins whenever red is chosen
    state = with_forum(state, ("red", "axe", 3), ("blue", "scales", 1))
    costs = {m.move: m for m in choices(game, state, 0).moves}
    assert (costs["build red barracks_west.at1"].die_coins,
            costs["build red barracks_west.at1"].gain) == (3, 2)
    assert costs["build blue agora.ag1"].die_coins == 1
    assert costs["pass"].net == 3
    assert costs["wonder s2"].effect == "tick up to 2 barracks west boxes"
    assert state.phase is Phase.ACTION


@pytest.mark.parametrize(("effect", "words"), [
    (Effect("gainCoins", amount=1), "+1 coin"),
    (Effect("gainCoins", amount=3), "+3 coins"),
    (Effect("crossMultiColor", buildings=("warehouse", "agora")),
     "tick a box of warehouse / agora"),
    (Effect("unlockDice", colour="black"), "unlocks the black die"),
    (Effect("dieCost0", colour="grey"), "grey die cost 0"),
])
def test_effects_in_words(effect: Effect, words: str) -> None:
    assert describe_effect(effect) == words
