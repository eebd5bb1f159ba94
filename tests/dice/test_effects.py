"""Sheet effects become typed values once, when a sheet set is compiled (dice/effects.py)."""

from __future__ import annotations

import pytest

from sevenwonders.dice import components as c
from sevenwonders.dice.effects import (
    CoinsPerBox,
    DieCoins,
    GainCoins,
    TickBoxes,
    UnlockDie,
    compile_effect,
)
from sevenwonders.dice.sheet_schema import Effect
from sevenwonders.dice.sheets import default_sheets
from sevenwonders.dice.tables import Tables

SAMPLES = {
    "crossSpace": Effect("crossSpace", building="market"),
    "crossMultiColor": Effect("crossMultiColor", buildings=("agora", "market")),
    "crossTwo": Effect("crossTwo", building="barracks"),
    "gainCoins": Effect("gainCoins", amount=7),
    "constructBuilding": Effect("constructBuilding"),
    "anotherAction": Effect("anotherAction"),
    "1coinPerCross": Effect("1coinPerCross", building="barracks"),
    "coinPerWonder": Effect("coinPerWonder"),
    "reducedCost": Effect("reducedCost", colour="all"),
    "dieCost0": Effect("dieCost0", colour="red"),
    "gain2Coins": Effect("gain2Coins", colour="yellow"),
    "unlockDice": Effect("unlockDice", colour="black"),
}


def test_every_player_aid_effect_has_a_type_named_after_it() -> None:
    assert set(SAMPLES) == set(c.EFFECT_PARAMS)
    for name, effect in SAMPLES.items():
        assert compile_effect(effect).name == name


@pytest.mark.parametrize(("effect", "typed"), [
    (Effect("gainCoins", amount=7), GainCoins(7)),
    (Effect("1coinPerCross", building="barracks"), CoinsPerBox(1, "barracks")),
    (Effect("1coinPerCross", building="market", amount=2), CoinsPerBox(2, "market")),
    (Effect("crossTwo", building="barracks"), TickBoxes(("barracks",), 2)),
    (Effect("gain2Coins", colour="yellow"), DieCoins("yellow", 2)),
    (Effect("unlockDice", colour="white"), UnlockDie("white")),
])
def test_parameters_and_defaults(effect: Effect, typed: object) -> None:
    assert compile_effect(effect) == typed


def test_compiled_sheets_hold_only_typed_effects() -> None:
    tables = Tables.of(default_sheets())
    for table in tables.sheets.values():
        for box in table.boxes:
            assert all(not isinstance(e, Effect) for e in box.effects)
        for bonus in table.bonuses:
            assert all(not isinstance(e, Effect) for e in bonus.effects)


def test_barracks_stands_for_both() -> None:
    assert CoinsPerBox(1, "barracks").buildings == c.BARRACKS
    assert CoinsPerBox(1, "market").buildings == ("market",)
