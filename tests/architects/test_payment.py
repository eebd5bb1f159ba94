"""Paying for stages: different/identical resources, gold only for what is missing, Economy,
Engineering, and which builds are forced."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from sevenwonders.architects.payment import stage_payments

LETTERS = ("S", "B", "W", "G", "P")


def options(stage: str, greys: str, gold: int = 0, *, economy: bool = False,
            engineering: bool = False, splits: bool = True, economy_forces: bool = False,
            engineering_forces: bool = True) -> tuple[set[str], bool]:
    res = tuple(greys.count(letter) for letter in LETTERS)
    builds, forced, _ = stage_payments(stage, res, gold, economy, engineering, splits,
                                       economy_forces, engineering_forces, LETTERS, "$")
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


@given(st.sampled_from(["2d", "2s", "3d", "3s", "4d"]),
       st.lists(st.sampled_from(LETTERS), max_size=8), st.integers(0, 4), st.booleans(),
       st.booleans())
def test_every_payment_has_the_stage_size(stage: str, greys: list[str], gold: int,
                                          economy: bool, engineering: bool) -> None:
    res = tuple(greys.count(letter) for letter in LETTERS)
    builds, forced, pays = stage_payments(stage, res, gold, economy, engineering, True, False,
                                          True, LETTERS, "$")
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
