"""Every wonder power of the 2nd edition."""

from sevenwonders.base import Build, PendingKind, Skip
from tests.base.helpers import builds, game, play, position, sells

HANDS3 = [["Altar", "Loom"], ["Baths", "Press"], ["Theater", "Tavern"]]


def test_babylon_night_plays_the_seventh_card() -> None:
    g = game(["babylon", "giza", "rhodes"], sides=["night", "day", "day"])
    state = position(g, turn=6, hands=HANDS3, cities={0: {"stages": 1}})
    after = play(g, state, sells(state))
    assert g.to_move(after) == frozenset({0})
    assert after.pending[0].kind is PendingKind.PLAY_LAST_CARD
    assert after.hands[0] == ("Loom",)
    assert "Press" in after.discard and "Tavern" in after.discard  # the others' last cards
    assert {str(m) for m in g.legal_moves(after, 0)} >= {"build Loom", "sell Loom"}
    final = play(g, after, {0: "build Loom"})
    assert final.age == 2 and final.cities[0].cards == ("Loom",)


def test_babylon_stage_built_on_the_sixth_turn_already_plays_the_seventh_card() -> None:
    g = game(["babylon", "giza", "rhodes"], sides=["night", "day", "day"])
    # Babylon Night stage 1 costs 2 stone: Gizah (left) sells stone, plus a Stone Pit.
    state = position(g, turn=6, hands=HANDS3,
                     cities={0: {"coins": 4}, 1: {"cards": ["Stone Pit"]}})
    after = play(g, state, {0: "stage Altar paying left 4", 1: "sell Baths", 2: "sell Theater"})
    assert after.pending and after.pending[0].seat == 0


def test_without_the_power_the_last_card_is_discarded() -> None:
    g = game(["babylon", "giza", "rhodes"], sides=["night", "day", "day"])
    state = position(g, turn=6, hands=HANDS3)
    after = play(g, state, sells(state))
    assert not after.pending and after.age == 2 and "Loom" in after.discard


def _halicarnassus(discard: list[str], **kwargs: object):  # type: ignore[no-untyped-def]
    g = game(["halicarnassus", "giza", "rhodes"], **kwargs)  # type: ignore[arg-type]
    # Day stage 2 (glass + papyrus) builds from the discard pile at the end of the turn.
    state = position(g, hands=[["Altar", "Loom"], ["Baths", "Press"], ["Theater", "Tavern"]],
                     cities={0: {"stages": 1, "cards": ["Glassworks", "Press", "Theater"]}},
                     discard=discard)
    return g, state


def test_halicarnassus_builds_a_discarded_card_for_free_at_the_end_of_the_turn() -> None:
    g, state = _halicarnassus(["Palace", "Theater", "Baths"])
    after = play(g, state, {0: "stage Altar", 1: "sell Baths", 2: "sell Theater"})
    assert g.to_move(after) == frozenset({0})
    options = g.legal_moves(after, 0)
    # Cards sold this very turn are in the pile; the duplicate Theater is not offered.
    assert set(options) == {Build("Palace"), Build("Baths"), Skip()}
    assert g.view(after, 0).discard == tuple(sorted(after.discard))
    assert g.view(after, 1).discard == ()
    final = play(g, after, {0: "build Palace"})
    assert "Palace" in final.cities[0].cards and "Palace" not in final.discard
    assert final.cities[0].coins == 3 and final.turn == 2


def test_halicarnassus_may_skip_and_lapses_on_an_empty_pile() -> None:
    g, state = _halicarnassus(["Palace"])
    after = play(g, state, {0: "stage Altar", 1: "sell Baths", 2: "sell Theater"})
    final = play(g, after, {0: "skip"})
    assert "Palace" in final.discard and final.turn == 2
    g, state = _halicarnassus([])
    after = play(g, state, {0: "stage Altar", 1: "build Baths", 2: "build Theater"})
    assert not after.pending and after.turn == 2


def test_last_turn_order_babylon_first_and_halicarnassus_first() -> None:
    hands = [["Altar", "Palace"], ["Baths", "Press"], ["Theater", "Tavern"]]
    for order, palace_offered in (("babylon_first", True), ("halicarnassus_first", False)):
        g = game(["babylon", "halicarnassus", "rhodes"], sides=["night", "day", "day"],
                 last_turn_order=order)
        state = position(g, turn=6, hands=hands, cities={
            0: {"stages": 1}, 1: {"stages": 1, "cards": ["Glassworks", "Press"]}})
        after = play(g, state, {0: "sell Altar", 1: "stage Baths", 2: "sell Theater"})
        first = 0 if order == "babylon_first" else 1
        assert after.pending[0].seat == first
        if first == 0:
            after = play(g, after, {0: "sell Palace"})
        assert (Build("Palace") in g.legal_moves(after, 1)) == palace_offered
        assert Build("Tavern") in g.legal_moves(after, 1)  # the others' last cards are there


def test_olympia_day_first_card_of_each_colour_is_free() -> None:
    g = game(["olympia", "giza", "babylon"])
    state = position(g, hands=[["Barracks", "Altar"], ["Baths", "Press"], ["Theater", "Tavern"]],
                     cities={0: {"stages": 2, "coins": 0}})
    assert Build("Barracks") in builds(g, state, 0)
    after = play(g, state, {0: "build Barracks", 1: "sell Baths", 2: "sell Theater"})
    assert after.cities[0].coins == 0
    state = position(g, hands=[["Barracks", "Altar"], ["Baths", "Press"], ["Theater", "Tavern"]],
                     cities={0: {"stages": 2, "coins": 0, "cards": ["Stockade"]}})
    assert "Barracks" not in {m.card for m in builds(g, state, 0)}


def test_olympia_night_first_and_last_card_of_each_age_are_free() -> None:
    g = game(["olympia", "giza", "babylon"], sides=["night", "day", "day"])
    hands7 = [["Palace", "Altar", "Loom", "Press", "Baths", "Theater", "Well"]] * 3
    first = position(g, age=3, turn=1, hands=hands7, cities={0: {"stages": 1, "coins": 0}})
    assert Build("Palace") in builds(g, first, 0)
    second = position(g, age=3, turn=2, hands=[h[:6] for h in hands7],
                      cities={0: {"stages": 1, "coins": 0}})
    assert "Palace" not in {m.card for m in builds(g, second, 0)}
    last = position(g, age=3, turn=6, hands=[["Palace", "Altar"]] * 3,
                    cities={0: {"stages": 2, "coins": 0}})
    assert Build("Palace") in builds(g, last, 0)
    only_first = position(g, age=3, turn=6, hands=[["Palace", "Altar"]] * 3,
                          cities={0: {"stages": 1, "coins": 0}})
    assert "Palace" not in {m.card for m in builds(g, only_first, 0)}


def test_ephesos_coins_and_rhodos_shields() -> None:
    g = game(["ephesus", "rhodes", "giza"], sides=["day", "night", "day"])
    state = position(g, hands=HANDS3, cities={0: {"stages": 1, "cards": ["Lumber Yard"]},
                                              2: {"cards": ["Lumber Yard"]}})
    after = play(g, state, {0: "stage Altar paying right 2", 1: "sell Baths", 2: "sell Theater"})
    assert after.cities[0].coins == 3 - 2 + 9
    assert g.rules.shields(position(g, cities={1: {"stages": 2}}), 1) == 2


def test_chains_build_for_free() -> None:
    g = game(["giza", "rhodes", "babylon"])
    state = position(g, age=2, turn=1,
                     hands=[["Library", "Loom", "Press", "Temple", "Sawmill", "Quarry", "Statue"]]
                     * 3, cities={0: {"cards": ["Scriptorium"], "coins": 0}})
    assert Build("Library") in builds(g, state, 0)
    assert [m for m in builds(g, state, 0) if m.card == "Library"] == [Build("Library")]
