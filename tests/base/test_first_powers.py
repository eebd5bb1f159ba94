"""Every 1st-edition wonder power and the 1st-edition cards in play (reference §3.3, §4.6, §4.7).

Seats: the left neighbour of seat ``i`` is ``i + 1``, the right one ``i - 1``; hands pass left in
Ages I and III.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from sevenwonders import IllegalMoveError
from sevenwonders.base import BaseGame, BaseState, Build, PendingKind, Skip
from sevenwonders.base.events import CardBuilt, CoinsGained
from sevenwonders.core.resources import Payment
from tests.base.helpers import builds, game, play, position, sells


def first(wonders: Sequence[str], sides: str | Sequence[str] = "a", **options: Any) -> BaseGame:
    return game(wonders, sides, edition="1st", **options)


def lines(g: BaseGame, state: BaseState, seat: int = 0) -> dict[str, int]:
    return dict(g.scores(state)[seat].lines)


def refusal(g: BaseGame, state: BaseState, seat: int, text: str) -> str:
    with pytest.raises(IllegalMoveError) as error:
        g.parse_move(state, seat, text)
    return error.value.reason


AGE1_HANDS = [
    ["Tree Farm", "Timber Yard", "Baths", "Altar", "Loom", "Press", "Glassworks"],
    ["Lumber Yard", "Ore Vein", "Stone Pit", "Clay Pool", "Theater", "Tavern", "Workshop"],
    ["Clay Pit", "Excavation", "Stockade", "Barracks", "Guard Tower", "Scriptorium", "Loom"],
]
AGE2_HANDS = [["Temple", "Statue", "Loom", "Press", "Sawmill", "Quarry", "Aqueduct"]] * 3

# --------------------------------------------------------------------------- Olympia A


def test_olympia_a_builds_one_card_free_once_per_age() -> None:
    g = first(["olympia", "giza", "babylon"])
    state = position(g, hands=AGE1_HANDS, cities={0: {"stages": 2}})
    assert {Build("Tree Farm"), Build("Tree Farm", free_build=True)} <= set(builds(g, state, 0))
    after, events = g.step(state, {0: Build("Tree Farm", free_build=True),
                                   1: g.parse_move(state, 1, "sell Lumber Yard"),
                                   2: g.parse_move(state, 2, "sell Clay Pit")})
    assert [(e.card, e.free, e.bank) for e in events if isinstance(e, CardBuilt)] == [
        ("Tree Farm", "free_build", 0)]
    assert after.cities[0].coins == 3  # the coin cost is not paid either
    assert after.cities[0].cards == ("Tree Farm",)
    assert after.cities[0].free_build_age == 1
    # Turn 2, same Age: the hand from the right (seat 2) holds Excavation (1 coin).
    assert after.turn == 2 and "Excavation" in after.hands[0]
    assert Build("Excavation") in builds(g, after, 0)
    assert not any(m.free_build for m in builds(g, after, 0))
    assert refusal(g, after, 0, "build Excavation free") == "no_free_build"
    # The next Age brings it back.
    age2 = position(g, age=2, hands=AGE2_HANDS, cities={0: {"stages": 2, "free_build_age": 1}})
    assert Build("Sawmill", free_build=True) in builds(g, age2, 0)


def test_olympia_a_free_build_needs_the_second_stage() -> None:
    g = first(["olympia", "giza", "babylon"])
    state = position(g, hands=AGE1_HANDS, cities={0: {"stages": 1}})
    assert not any(m.free_build for m in builds(g, state, 0))
    assert refusal(g, state, 0, "build Tree Farm free") == "no_free_build"
    b_side = first(["olympia", "giza", "babylon"], sides="b")
    state = position(b_side, hands=AGE1_HANDS, cities={0: {"stages": 3}})
    assert not any(m.free_build for m in builds(b_side, state, 0))


def test_olympia_a_free_build_is_not_offered_for_a_chained_card() -> None:
    g = first(["olympia", "giza", "babylon"])
    state = position(g, age=2, hands=AGE2_HANDS,
                     cities={0: {"stages": 2, "coins": 0, "cards": ["Altar"]}})
    temple = [m for m in builds(g, state, 0) if m.card == "Temple"]
    assert temple == [Build("Temple")]  # the chain makes it free; the power is kept
    assert refusal(g, state, 0, "build Temple free") == "no_free_build"


def test_olympia_a_free_build_of_a_card_she_cannot_pay() -> None:
    g = first(["olympia", "giza", "babylon"])
    state = position(g, age=2, hands=AGE2_HANDS, cities={0: {"stages": 2, "coins": 0}})
    assert g.quote(state, 0, "Statue").reason == "cannot_pay"  # Wood + 2 Ore, no coins
    assert g.is_legal(state, 0, Build("Statue", free_build=True))
    after = play(g, state, {0: "build Statue free", 1: "sell Temple", 2: "sell Temple"})
    assert after.cities[0].cards == ("Statue",) and after.cities[0].coins == 0


def test_olympia_a_free_build_of_an_unaffordable_card_is_listed() -> None:
    g = first(["olympia", "giza", "babylon"])
    state = position(g, age=2, hands=AGE2_HANDS, cities={0: {"stages": 2, "coins": 0}})
    assert Build("Statue", free_build=True) in g.legal_moves(state, 0)


def test_olympia_a_free_build_is_not_offered_for_a_card_without_cost() -> None:
    g = first(["olympia", "giza", "babylon"])
    state = position(g, hands=AGE1_HANDS, cities={0: {"stages": 2}})
    assert Build("Altar") in builds(g, state, 0)  # no cost at all
    assert Build("Altar", free_build=True) not in builds(g, state, 0)


def test_olympia_a_free_build_pays_no_neighbour_and_refuses_duplicates() -> None:
    g = first(["olympia", "giza", "babylon"])
    state = position(g, age=2, hands=AGE2_HANDS,
                     cities={0: {"stages": 2, "coins": 5, "cards": ["Loom"]}})
    assert not g.is_legal(state, 0, Build("Statue", left=2, free_build=True))
    assert refusal(g, state, 0, "build Loom free") == "duplicate"


# --------------------------------------------------------------------------- Olympia B


def test_olympia_b_buys_raw_materials_from_both_neighbours_for_one_coin() -> None:
    g = first(["olympia", "rhodes", "babylon"], sides="b")  # left Rhodos ore, right Babylon clay
    hands = [["Stables", "Loom", "Press", "Temple", "Sawmill", "Quarry", "Statue"]] * 3
    without = position(g, age=2, hands=hands, cities={0: {"coins": 4}})
    assert g.quote(without, 0, "Stables").payments == (Payment(2, 2),)  # Wood + Ore + Clay
    state = position(g, age=2, hands=hands, cities={0: {"stages": 1, "coins": 2}})
    assert g.quote(state, 0, "Stables").payments == (Payment(1, 1),)
    after = play(g, state, {0: "build Stables paying left 1 and right 1", 1: "sell Stables",
                            2: "sell Stables"})
    assert [c.coins for c in after.cities] == [0, 3 + 3 + 1, 3 + 3 + 1]


def test_olympia_b_discount_is_for_raw_materials_only() -> None:
    g = first(["olympia", "alexandria", "ephesus"], sides="b")  # glass left, papyrus right
    state = position(g, hands=AGE1_HANDS, cities={0: {"stages": 1}})
    assert g.quote(state, 0, "Workshop").payments == (Payment(2, 0),)
    marketplace = position(g, hands=AGE1_HANDS,
                           cities={0: {"stages": 1, "cards": ["Marketplace"]}})
    assert g.quote(marketplace, 0, "Workshop").payments == (Payment(1, 0),)


def _olympia_b(stages: int, olympia: Sequence[str], left: Sequence[str], right: Sequence[str],
               **changes: dict[str, Any]) -> tuple[BaseGame, BaseState]:
    g = first(["olympia", "giza", "babylon"], sides=["b", "a", "a"])
    cities: dict[int, dict[str, Any]] = {0: {"stages": stages, "cards": list(olympia)},
                                         1: {"cards": list(left)}, 2: {"cards": list(right)}}
    for seat, change in changes.items():
        cities[int(seat[-1])].update(change)
    return g, position(g, cities=cities)


def test_olympia_b_copies_the_best_neighbour_guild_once() -> None:
    left = ["Stockade", "Barracks", "Spies Guild"]  # Spies for Olympia: 2 red cards
    right = ["Altar", "Theater", "Baths", "Magistrates Guild"]  # Magistrates: 3 blue cards
    g, state = _olympia_b(3, [], left, right)
    assert lines(g, state)["guilds"] == 3
    g, before = _olympia_b(2, [], left, right)
    assert lines(g, before)["guilds"] == 0
    # The owners keep their own scores.
    for seat in (1, 2):
        assert lines(g, state, seat) == lines(g, before, seat)


def test_olympia_b_copy_counts_around_olympia() -> None:
    # Workers Guild on the left: for Olympia it counts the brown cards of seats 1 and 2.
    g, state = _olympia_b(3, ["Ore Vein", "Forest Cave"], ["Workers Guild", "Stone Pit"],
                          ["Lumber Yard", "Clay Pool"])
    assert lines(g, state)["guilds"] == 1 + 2
    assert lines(g, state, 1)["guilds"] == 2 + 2  # the owner counts seats 2 and 0


def test_olympia_b_copies_the_scientists_guild_as_a_science_symbol() -> None:
    g, state = _olympia_b(3, ["Apothecary", "Workshop"], ["Scientists Guild"],
                          ["Workers Guild", "Lumber Yard"])
    # compass, gear and the copied wildcard (a tablet): 1 + 1 + 1 + 7, better than Workers' 1.
    assert lines(g, state)["science"] == 10
    assert lines(g, state)["guilds"] == 0
    assert lines(g, state, 1)["science"] == 1  # the owner's own wildcard
    g, without = _olympia_b(2, ["Apothecary", "Workshop"], ["Scientists Guild"], [])
    assert lines(g, without)["science"] == 2


def test_olympia_b_copy_is_no_purple_card_of_her_city() -> None:
    # Shipowners counts Olympia's own brown, grey and purple cards: the copied Workers Guild is
    # scored (2 brown cards on the left) but is not a purple card of Olympia's city.
    g, state = _olympia_b(3, ["Ore Vein", "Shipowners Guild"],
                          ["Workers Guild", "Lumber Yard", "Stone Pit"], [])
    assert lines(g, state)["guilds"] == 2 + 2


def test_olympia_b_copies_the_strategists_guild() -> None:
    g, state = _olympia_b(3, [], ["Strategists Guild"], [], city1={"tokens": [-1, 3]},
                          city2={"tokens": [-1, -1]}, city0={"tokens": [-1]})
    assert lines(g, state)["guilds"] == 1 + 2  # the defeats of seats 1 and 2
    assert lines(g, state, 1)["guilds"] == 2 + 1  # the owner: seats 2 and 0


def test_olympia_b_without_neighbour_guilds_copies_nothing() -> None:
    g, state = _olympia_b(3, ["Spies Guild", "Stockade"], [], ["Barracks"])
    assert lines(g, state)["guilds"] == 1  # her own Spies Guild only


# --------------------------------------------------------------------------- Strategists Guild


def test_strategists_guild_scores_the_defeats_of_both_neighbours_at_the_end() -> None:
    g = first(["giza", "babylon", "ephesus"])
    hands = [["Altar", "Loom"], ["Baths", "Press"], ["Theater", "Tavern"]]
    state = position(g, age=3, turn=6, hands=hands, cities={
        0: {"cards": ["Strategists Guild", "Walls"], "tokens": [-1, -1]},  # own: not counted
        1: {"cards": ["Stockade"], "tokens": [1]},
        2: {"tokens": [-1]},
    })
    final = play(g, state, sells(state))
    assert final.over
    # Age III: seat 0 (2 shields) beats both; seat 1 (1) beats seat 2 (0).
    assert sorted(final.cities[1].tokens) == [-1, 1, 5]
    assert sorted(final.cities[2].tokens) == [-1, -1, -1]
    assert lines(g, final)["guilds"] == 1 + 3


# --------------------------------------------------------------------------- Babylon B

HANDS6 = [["Altar", "Loom"], ["Baths", "Press"], ["Theater", "Tavern"]]


def test_babylon_b_second_stage_plays_the_seventh_card() -> None:
    g = first(["babylon", "giza", "rhodes"], sides="b")
    state = position(g, turn=6, hands=HANDS6, cities={0: {"stages": 2}})
    after = play(g, state, sells(state))
    assert g.to_move(after) == frozenset({0})
    assert after.pending[0].kind is PendingKind.PLAY_LAST_CARD
    assert after.hands[0] == ("Loom",)
    assert {str(m) for m in g.legal_moves(after, 0)} >= {"build Loom", "sell Loom"}
    final = play(g, after, {0: "build Loom"})
    assert final.age == 2 and final.cities[0].cards == ("Loom",)


def test_babylon_b_first_stage_alone_discards_the_seventh_card() -> None:
    g = first(["babylon", "giza", "rhodes"], sides="b")
    state = position(g, turn=6, hands=HANDS6, cities={0: {"stages": 1}})
    after = play(g, state, sells(state))
    assert not after.pending and after.age == 2 and "Loom" in after.discard
    assert lines(g, after)["wonder"] == 3


def test_babylon_b_stage_built_on_the_sixth_turn_already_plays_the_seventh_card() -> None:
    g = first(["babylon", "giza", "rhodes"], sides="b")
    # Stage 2 costs 2 Wood + 1 Glass, all made in the city.
    state = position(g, turn=6, hands=HANDS6, cities={
        0: {"stages": 1, "cards": ["Lumber Yard", "Timber Yard", "Glassworks"]}})
    after = play(g, state, {0: "stage Altar", 1: "sell Baths", 2: "sell Theater"})
    assert after.pending and after.pending[0].kind is PendingKind.PLAY_LAST_CARD
    assert after.pending[0].seat == 0


def test_babylon_a_and_b_science_symbols() -> None:
    g = first(["babylon", "giza", "rhodes"], sides=["a", "a", "a"])
    state = position(g, cities={0: {"stages": 2, "cards": ["Apothecary", "Workshop"]}})
    assert lines(g, state)["science"] == 10
    g = first(["babylon", "giza", "rhodes"], sides="b")
    state = position(g, cities={0: {"stages": 2, "cards": ["Apothecary", "Workshop"]}})
    assert lines(g, state)["science"] == 2  # B: the symbol is on stage 3
    state = position(g, cities={0: {"stages": 3, "cards": ["Apothecary", "Workshop"]}})
    assert lines(g, state)["science"] == 10


# --------------------------------------------------------------------------- Halicarnassus


def test_halicarnassus_a_builds_from_the_discard_pile_including_the_last_cards() -> None:
    g = first(["halicarnassus", "giza", "rhodes"])
    # Stage 2 costs 3 Ore: Ore Vein + Foundry.
    state = position(g, turn=6, hands=HANDS6, discard=["Palace"],
                     cities={0: {"stages": 1, "cards": ["Ore Vein", "Foundry"]}})
    after = play(g, state, {0: "stage Altar", 1: "sell Baths", 2: "sell Theater"})
    assert g.to_move(after) == frozenset({0})
    assert after.pending[0].kind is PendingKind.BUILD_FROM_DISCARD
    # RB1 (quoted in KZ): cards discarded this turn, the 6th of the Age, can be chosen too.
    assert set(g.legal_moves(after, 0)) == {
        Build(name) for name in ("Palace", "Baths", "Theater", "Loom", "Press", "Tavern")
    } | {Skip()}
    final, events = g.step(after, {0: Build("Palace")})
    assert [(e.seat, e.card, e.free, e.bank) for e in events if isinstance(e, CardBuilt)] == [
        (0, "Palace", "discard", 0)]
    assert final.age == 2 and "Palace" in final.cities[0].cards
    assert final.cities[0].coins == 3 and "Palace" not in final.discard


@pytest.mark.parametrize("stages", [0, 1, 2])
def test_halicarnassus_b_every_stage_builds_from_the_discard_pile(stages: int) -> None:
    g = first(["halicarnassus", "giza", "rhodes"], sides="b")
    # B stages: 2 Ore; 3 Clay; Glass + Papyrus + Loom (Loom is the starting resource).
    own = ["Foundry", "Brickyard", "Clay Pool", "Glassworks", "Press"]
    state = position(g, age=2, hands=AGE2_HANDS, discard=["Palace", "Loom"],
                     cities={0: {"stages": stages, "cards": own}})
    after = play(g, state, {0: "stage Temple", 1: "sell Temple", 2: "sell Temple"})
    assert after.pending[0].kind is PendingKind.BUILD_FROM_DISCARD
    final = play(g, after, {0: "build Palace"})
    assert "Palace" in final.cities[0].cards and final.turn == 2
    assert lines(g, final)["wonder"] == (2, 3, 3)[stages]


def test_halicarnassus_a_first_stage_builds_nothing() -> None:
    g = first(["halicarnassus", "giza", "rhodes"])
    state = position(g, hands=AGE1_HANDS, discard=["Palace"],
                     cities={0: {"cards": ["Clay Pool", "Clay Pit"]}})
    after = play(g, state, {0: "stage Tree Farm", 1: "sell Theater", 2: "sell Loom"})
    assert not after.pending and after.turn == 2 and after.cities[0].stages == 1


# --------------------------------------------------------------------------- other boards


def test_alexandria_productions_serve_her_only() -> None:
    g = first(["alexandria", "giza", "babylon"], sides="b")
    # B stage 1 any raw material, stage 2 any manufactured good.
    state = position(g, hands=AGE1_HANDS, cities={0: {"stages": 2}})
    assert g.quote(state, 0, "Apothecary").payments == (Payment(),)  # Loom from stage 2
    assert g.quote(state, 0, "Baths").payments == (Payment(),)  # Stone from stage 1
    # Babylon (seat 2) has Alexandria on its left: it cannot buy those resources.
    assert g.quote(state, 2, "Stockade").reason == "cannot_pay"
    assert g.quote(state, 2, "Apothecary").reason == "cannot_pay"
    assert g.quote(state, 2, "Workshop").payments == (Payment(2, 0),)  # the starting Glass


def test_gizah_b_has_four_stages_and_rhodos_b_two() -> None:
    g = first(["giza", "rhodes", "babylon"], sides="b")
    state = position(g, cities={0: {"stages": 4}, 1: {"stages": 2}})
    assert g.stage_quote(state, 0).reason == "wonder_complete"
    assert g.stage_quote(state, 1).reason == "wonder_complete"
    assert lines(g, state, 0)["wonder"] == 3 + 5 + 5 + 7
    assert lines(g, state, 1)["wonder"] == 3 + 4
    three = position(g, cities={0: {"stages": 3}})
    assert g.stage_quote(three, 0).reason != "wonder_complete"


@pytest.mark.parametrize(("stages", "tokens"), [(0, ()), (1, (1,)), (2, (1, 1))])
def test_rhodos_b_shields_count_in_conflicts(stages: int, tokens: tuple[int, ...]) -> None:
    g = first(["rhodes", "giza", "babylon"], sides=["b", "a", "a"])
    state = position(g, turn=6, hands=HANDS6,
                     cities={0: {"stages": stages}, 1: {"cards": ["Stockade"]}})
    after = play(g, state, sells(state))
    assert after.age == 2
    assert tuple(sorted(t for t in after.cities[0].tokens if t > 0)) == tokens


def test_rhodos_b_and_ephesos_b_coins() -> None:
    g = first(["rhodes", "ephesus", "giza"], sides="b")
    # Rhodos B stage 1: 3 Stone; Ephesos B stage 3: Glass + Papyrus (start) + Loom.
    state = position(g, hands=AGE1_HANDS, cities={
        0: {"cards": ["Stone Pit", "Quarry"]}, 1: {"stages": 2, "cards": ["Glassworks", "Loom"]}})
    after, events = g.step(state, {0: g.parse_move(state, 0, "stage Tree Farm"),
                                   1: g.parse_move(state, 1, "stage Lumber Yard"),
                                   2: g.parse_move(state, 2, "sell Clay Pit")})
    assert [c.coins for c in after.cities] == [3 + 3, 3 + 4, 3 + 3]
    assert sorted((e.seat, e.amount) for e in events if isinstance(e, CoinsGained)) == [
        (0, 3), (1, 4)]
    assert lines(g, after, 1)["wonder"] == 2 + 3 + 5


def test_olympia_and_babylon_starting_resources() -> None:
    g = first(["olympia", "babylon", "giza"])
    state = position(g, hands=AGE1_HANDS)
    assert g.quote(state, 0, "Stockade").payments == (Payment(),)  # Olympia: Wood
    assert g.quote(state, 1, "Guard Tower").payments == (Payment(),)  # Babylon: Clay
    assert g.quote(state, 2, "Guard Tower").payments == (Payment(0, 2),)  # bought from Babylon


# --------------------------------------------------------------------------- chains


@pytest.mark.parametrize(
    ("owned", "card", "free"),
    [
        ("Altar", "Temple", True), ("Temple", "Pantheon", True),
        ("Theater", "Statue", True), ("Statue", "Gardens", True),
        ("Altar", "Pantheon", False), ("Theater", "Gardens", False),  # 2nd-edition chains
        ("Pawnshop", "Statue", False),  # the Well's chain in the 2nd edition
    ],
)
def test_first_edition_chains(owned: str, card: str, free: bool) -> None:
    g = first(["giza", "rhodes", "babylon"])
    age = g.edition.card(card).age
    hand = [card, "Loom", "Press", "Glassworks", "Palace", "Senate", "Lodge"]
    state = position(g, age=age, hands=[hand] * 3, cities={0: {"cards": [owned], "coins": 0}})
    quote = g.quote(state, 0, card)
    assert (quote.free == "chain") == free
    assert (Build(card) in builds(g, state, 0)) == free
    if free:
        after = play(g, state, {0: f"build {card}", 1: "sell Loom", 2: "sell Loom"})
        assert card in after.cities[0].cards and after.cities[0].coins == 0


def test_temple_and_statue_points() -> None:
    g = first(["giza", "rhodes", "babylon"])
    state = position(g, cities={0: {"cards": ["Altar", "Theater", "Pawnshop", "Temple",
                                              "Statue", "Pantheon", "Gardens"]}})
    assert lines(g, state)["civilian"] == 2 + 2 + 3 + 3 + 4 + 7 + 5
