"""Paying for stages: different/identical resources, gold for any resource (or, with the option
off, only for what is missing), Economy, Engineering, and which builds are forced."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sevenwonders.architects import ArchitectsGame
from sevenwonders.architects import events as ev
from sevenwonders.architects.payment import stage_payments
from sevenwonders.architects.state import StartTurn
from tests.architects.helpers import city_kinds, do, moves_text, of_type, position

LETTERS = ("S", "B", "W", "G", "P")


def options(stage: str, greys: str, gold: int = 0, *, economy: bool = False,
            engineering: bool = False, splits: bool = True, economy_forces: bool = False,
            engineering_forces: bool = True,
            gold_for_any: bool = False) -> tuple[set[str], bool]:
    """The spends offered; by default with gold only for missing resources (the old reading)."""
    res = tuple(greys.count(letter) for letter in LETTERS)
    builds, forced, _ = stage_payments(stage, res, gold, economy, engineering, splits,
                                       economy_forces, engineering_forces, LETTERS, "$",
                                       gold_for_any=gold_for_any)
    return {b.spend for b in builds}, forced


def test_different_uses_one_card_per_kind_and_gold_for_the_rest() -> None:
    assert options("3d", "WWS", 2) == ({"SW$"}, True)
    assert options("3d", "WWS", 0) == (set(), False)
    assert options("2d", "WWW", 1) == ({"W$"}, True)


def test_different_with_more_kinds_than_needed_lets_the_seat_choose() -> None:
    spends, forced = options("2d", "SWG", 3)
    assert spends == {"SW", "SG", "WG"} and forced  # no gold: nothing is missing


def test_identical_uses_the_chosen_kind_then_gold() -> None:
    assert options("3s", "WWSS", 1) == ({"WW$", "SS$"}, True)
    assert options("2s", "WWW", 5) == ({"WW", "$$"}, True)
    assert options("3s", "W", 1) == (set(), False)


def test_all_gold_only_when_some_kind_is_absent() -> None:
    spends, _ = options("2s", "SBWGP", 2)
    assert spends == {"S$", "B$", "W$", "G$", "P$"}  # every kind present: no all-gold payment
    spends, _ = options("2s", "SBWG", 2)
    assert "$$" in spends


def test_four_different() -> None:
    assert options("4d", "SBWGP")[0] == {"SBWG", "SBWP", "SBGP", "SWGP", "BWGP"}
    assert options("4d", "SB", 2) == ({"SB$$"}, True)


def test_economy_doubles_one_gold_card_and_does_not_force_by_default() -> None:
    spends, forced = options("3s", "W", 1, economy=True)
    assert spends == {"W$"} and not forced
    spends, forced = options("3s", "W", 1, economy=True, economy_forces=True)
    assert spends == {"W$"} and forced
    spends, forced = options("3s", "W", 2, economy=True)
    assert spends == {"W$$", "W$", "$$"} and forced  # "$$": 3 gold-filled, one card doubled
    assert options("3d", "W", 1, economy=True)[0] == {"W$"}  # splits: two different resources
    assert options("3d", "W", 1, economy=True, splits=False)[0] == set()
    assert options("3s", "W", 1, economy=True, splits=False)[0] == {"W$"}


def test_economy_never_helps_with_a_single_missing_resource() -> None:
    assert options("2d", "W", 0, economy=True) == (set(), False)


def test_engineering_ignores_the_restriction() -> None:
    spends, forced = options("3d", "WWW", 0, engineering=True)
    assert spends == {"WWW"} and forced
    assert options("3d", "WWW", 0, engineering=True, engineering_forces=False) == ({"WWW"}, False)
    spends, _ = options("2s", "WS", 0, engineering=True)
    assert spends == {"SW"}
    # A normal payment stays available and does not need the token.
    spends, _ = options("2d", "WS", 0, engineering=True)
    assert spends == {"SW"}


def test_gold_may_stand_for_a_resource_the_seat_holds() -> None:
    # Rulebook "Gelbe Karten": coins "als beliebige Ressource einsetzen darfst".
    spends, forced = options("3s", "SSSWB", 1, gold_for_any=True)
    assert spends == {"SSS", "SS$"} and forced
    assert options("3s", "SSSWB", 1)[0] == {"SSS"}  # option off: gold only for what is missing
    spends, _ = options("2d", "SWG", 2, gold_for_any=True)
    assert spends == {"SW", "SG", "WG", "S$", "W$", "G$", "$$"}
    spends, _ = options("2s", "SBWGP", 2, gold_for_any=True)
    assert "$$" in spends  # all gold even with every kind present


def test_gold_for_any_keeps_missing_resources_filled_with_gold() -> None:
    # "Diese Münzen müssen jede fehlende Ressource ersetzen": no payment leaves a hole.
    assert options("3d", "SW", 0, gold_for_any=True) == (set(), False)
    assert options("3d", "SW", 1, gold_for_any=True) == ({"SW$"}, True)
    spends, _ = options("3s", "W", 3, economy=True, gold_for_any=True)
    assert spends == {"W$$", "W$", "$$$", "$$"}


def test_gold_for_any_with_engineering() -> None:
    spends, _ = options("2s", "WS", 1, engineering=True, gold_for_any=True)
    assert spends == {"SW", "W$", "S$"}


@given(st.sampled_from(["2d", "2s", "3d", "3s", "4d"]),
       st.lists(st.sampled_from(LETTERS), max_size=8), st.integers(0, 4), st.booleans(),
       st.booleans())
def test_gold_for_any_offers_a_superset_and_forces_the_same(
        stage: str, greys: list[str], gold: int, economy: bool, engineering: bool) -> None:
    strict = options(stage, "".join(greys), gold, economy=economy, engineering=engineering)
    loose = options(stage, "".join(greys), gold, economy=economy, engineering=engineering,
                    gold_for_any=True)
    assert strict[0] <= loose[0]
    assert strict[1] == loose[1]  # gold never makes a stage affordable that was not


@given(st.sampled_from(["2d", "2s", "3d", "3s", "4d"]),
       st.lists(st.sampled_from(LETTERS), max_size=8), st.integers(0, 4), st.booleans(),
       st.booleans())
def test_every_payment_has_the_stage_size(stage: str, greys: list[str], gold: int,
                                          economy: bool, engineering: bool) -> None:
    res = tuple(greys.count(letter) for letter in LETTERS)
    builds, forced, pays = stage_payments(stage, res, gold, economy, engineering, True, False,
                                          True, LETTERS, "$", gold_for_any=False)
    n, same = int(stage[0]), stage[1] == "s"
    assert len(set(builds)) == len(builds)
    for pay in pays:
        assert all(p <= r for p, r in zip(pay.greys, res, strict=True))
        assert pay.gold <= gold
        value = sum(pay.greys) + pay.gold + pay.economy
        assert value == n
        used_kinds = sum(1 for p in pay.greys if p)
        if not pay.engineering:
            if same:
                assert used_kinds <= 1
            else:
                assert max(pay.greys) <= 1
        # Gold fills only what the seat's grey cards cannot: no grey card left that would fit.
        if pay.gold and not pay.engineering and not same:
            assert used_kinds == sum(1 for r in res if r)
    if forced:
        assert any(not p.economy for p in pays)


@pytest.mark.parametrize("gold_for_any", [True, False])
def test_giza_may_keep_its_stone_and_pay_gold(gold_for_any: bool) -> None:
    # Giza (2d, 2s, 3d built) holding S S S W B $ takes a 4th stone. Paying
    # 3s with S S S leaves S W B $, which forces 4d and completes the wonder; the rulebook lets
    # gold stand for a stone instead, so S S $ keeps the game going.
    game = ArchitectsGame(players=2, wonders=["giza", "rhodes"],
                          gold_for_any_resource=gold_for_any)
    state = position(
        game, cities={0: {"built": ("2d", "2s", "3d"),
                          "cards": ["stone"] * 3 + ["wood", "brick", "gold"]}},
        decks={0: ["blue3", "stone"], 1: ["blue3"]}, central=["blue3", "blue3"],
        pending=StartTurn())
    state, _ = do(game, state, "take left")
    if not gold_for_any:
        assert game.is_over(state)  # S S S paid automatically, then 4d was forced
        return
    assert moves_text(game, state) == ["build 3s: S S S", "build 3s: S S $"]
    ended, _ = do(game, state, "build 3s: S S S")
    assert game.is_over(ended)
    kept, events = do(game, state, "build 3s: S S $")
    assert not game.is_over(kept)
    assert [e.stage for e in of_type(events, ev.StageBuilt)] == ["3s"]
    assert sorted(city_kinds(game, kept, 0)) == ["brick", "stone", "stone", "wood"]


@given(st.sampled_from(["2d", "2s", "3d", "3s", "4d"]),
       st.lists(st.integers(min_value=0, max_value=9), min_size=5, max_size=5),
       st.integers(min_value=0, max_value=9), st.booleans(), st.booleans(),
       st.lists(st.booleans(), min_size=4, max_size=4))
def test_more_cards_than_the_remembered_caps_change_no_payment(
        stage: str, res: list[int], gold: int, economy: bool, engineering: bool,
        flags: list[bool]) -> None:
    # The speed layer remembers payments per capped count (architects/fast/moves.py, _grey_cap):
    # gold up to the stage's size, greys up to it on an identical stage or with engineering,
    # otherwise only whether the kind is there. Counts above those caps give the same payments.
    from sevenwonders.architects.fast.moves import _grey_cap

    n, same = int(stage[0]), stage[1] == "s"
    cap = _grey_cap(n, same, engineering)
    splits, economy_forces, engineering_forces, gold_for_any = flags

    def pay(greys: tuple[int, ...], coins: int) -> object:
        return stage_payments(stage, greys, coins, economy, engineering, splits, economy_forces,
                              engineering_forces, LETTERS, "$", gold_for_any=gold_for_any)

    assert pay(tuple(res), gold) == pay(tuple(min(r, cap) for r in res), min(gold, n))
