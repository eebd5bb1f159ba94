"""Wonder and progress-token powers are typed values built once from the data files."""

from __future__ import annotations

from sevenwonders.architects import ArchitectsGame
from sevenwonders.architects.data import load
from sevenwonders.architects.powers import (
    ChooseProgressToken,
    Economy,
    Engineering,
    ExtraCard,
    LookThroughDeck,
    NoPower,
    PointsByCopies,
    PointsPerCat,
    StageShields,
    TakeCentralCard,
    TakeFromAnyDeck,
    TakeLeftAndRight,
    TokenShields,
    WonderCompletePoints,
    token_power,
    wonder_power,
)


def test_each_wonder_has_its_power() -> None:
    data = load()
    powers = {w.id: wonder_power(w, data.setup) for w in data.wonders}
    assert powers == {
        "alexandria": TakeFromAnyDeck(),
        "babylon": ChooseProgressToken(),
        "ephesus": TakeCentralCard(),
        "giza": NoPower(),
        "halicarnassus": LookThroughDeck(data.setup.halicarnassus_reveal),
        "olympia": TakeLeftAndRight(),
        "rhodes": StageShields(data.setup.rhodes_shields),
    }


def test_every_token_power_is_typed_and_kept_in_the_tables() -> None:
    data = load()
    tables = ArchitectsGame(3).tables
    kinds = {type(token_power(t)) for t in data.tokens}
    assert {ExtraCard, Economy, Engineering, TokenShields, PointsByCopies, PointsPerCat,
            WonderCompletePoints} <= kinds
    for token in data.tokens:
        power = tables.token_power[token.id]
        assert power == token_power(token)
        assert (token.id in tables.extra_tokens) == isinstance(power, ExtraCard)
        assert (token.id in tables.economy) == isinstance(power, Economy)
        assert (token.id in tables.engineering) == isinstance(power, Engineering)
        assert tables.token_shields.get(token.id, 0) == (
            power.shields if isinstance(power, TokenShields) else 0)
