"""Participation, completion, failure, debts, Ur and Carthage."""

import ast
import pathlib

import pytest

import sevenwonders
from sevenwonders.base import BaseGame, Build, BuildStage, Choose, PendingKind
from sevenwonders.base.events import ExpansionEvent
from sevenwonders.base.legal import free_reason
from sevenwonders.base.trading import city_profile
from sevenwonders.core.resources import Producer
from sevenwonders.edifice import Edifice
from sevenwonders.edifice.state import COMPLETED, FAILED
from sevenwonders.errors import IllegalMoveError, InvalidOptionError
from tests.base.helpers import play, position, sells
from tests.edifice.helpers import ed, edifice_game, with_ed

PROJECTS = ("Money Changer", "Auction House", "Gold Reserves")
HANDS = [["Altar", "Loom"], ["Baths", "Press"], ["Theater", "Tavern"]]


def stage_moves(g: BaseGame, state, seat: int) -> set[tuple[int, int, tuple[str, ...]]]:  # type: ignore[no-untyped-def]
    return {(m.left, m.right, m.extras) for m in g.legal_moves(state, seat)
            if isinstance(m, BuildStage) and m.card == g.legal_moves(state, seat)[0].card}


@pytest.mark.parametrize(("players", "pawns"), [(3, 2), (4, 3), (5, 3), (6, 4), (7, 5)])
def test_set_up_one_project_per_age_and_pawns_by_player_count(players: int, pawns: int) -> None:
    g = BaseGame(players=players, expansions=(Edifice(),))
    state = g.new_game(seed=players)
    mine = ed(state)
    assert mine.pawns_left == (pawns,) * 3
    assert [g.rules.expansions[0].catalogue[p].age for p in mine.projects] == [1, 2, 3]  # type: ignore[attr-defined]
    assert len({tuple(ed(BaseGame(players=players, expansions=(Edifice(),)).new_game(s)).projects)
                for s in range(12)}) > 1


def test_participation_is_a_variant_of_a_stage_build_paying_both_costs() -> None:
    # Gizah Day stage 1 costs 2 wood: seat 0 buys them from its right neighbour (Babylon + a
    # Lumber Yard) and pays the Money Changer's coin.
    g = edifice_game(["giza", "rhodes", "babylon"], PROJECTS)
    state = position(g, hands=HANDS, cities={0: {"coins": 5}, 2: {"cards": ["Lumber Yard"]}})
    assert stage_moves(g, state, 0) == {(0, 4, ()), (0, 4, ("project",))}
    after = play(g, state, {0: "stage Altar paying right 4 +project", 1: "sell Baths",
                            2: "sell Theater"})
    assert after.cities[0].coins == 5 - 4 - 1
    assert ed(after).participants[0] == (0,) and ed(after).pawns_left[0] == 1
    # Once per Age: the next stage in the same Age offers no participation.
    again = position(g, hands=HANDS, cities={0: {"coins": 9, "stages": 1},
                                             2: {"cards": ["Lumber Yard"]}})
    again = with_ed(again, participants=((0,), (), ()), holders=((0,), (), ()),
                    pawns=((1,), (), ()), pawns_left=(1, 2, 2))
    assert all(not extras for _, _, extras in stage_moves(g, again, 0))


def test_too_poor_to_participate_gets_only_the_plain_stage() -> None:
    g = edifice_game(["giza", "rhodes", "babylon"], PROJECTS)
    state = position(g, hands=HANDS, cities={0: {"coins": 4}, 2: {"cards": ["Lumber Yard"]}})
    assert stage_moves(g, state, 0) == {(0, 4, ())}
    with pytest.raises(IllegalMoveError):
        play(g, state, {0: "stage Altar paying right 4 +project", 1: "sell Baths",
                        2: "sell Theater"})


def test_completion_in_the_middle_of_a_turn_rewards_every_holder_at_once() -> None:
    # Three seats join in the same turn with two pawns left: the missing pawn comes from the
    # box, the project completes, and all three get 4 coins (decision 6).
    g = edifice_game(["babylon", "ephesus", "alexandria"], PROJECTS)
    state = position(g, hands=HANDS, cities={
        0: {"cards": ["Clay Pool", "Clay Pit"]},  # Babylon Day 1: 2 clay
        1: {"cards": ["Clay Pool", "Clay Pit"]},  # Ephesos Day 1: 2 clay
        2: {"cards": ["Stone Pit", "Quarry"]},    # Alexandria Day 1: 2 stone
    })
    after = play(g, state, {0: "stage Altar +project", 1: "stage Baths +project",
                            2: "stage Theater +project"})
    mine = ed(after)
    assert mine.outcomes[0] == COMPLETED and mine.pawns_left[0] == 0
    assert mine.holders[0] == (0, 1, 2)
    assert [c.coins for c in after.cities] == [3 - 1 + 4] * 3
    _, events = g.step(state, {0: BuildStage("Altar", extras=("project",)),
                               1: BuildStage("Baths", extras=("project",)),
                               2: BuildStage("Theater", extras=("project",))})
    assert [e.kind for e in events if getattr(e, "kind", None) == "completed"] == ["completed"]


def _failing(projects: tuple[str, str, str], **cities):  # type: ignore[no-untyped-def]
    g = edifice_game(["giza", "rhodes", "babylon"], projects)
    changes = {int(k[-1]): v for k, v in cities.items()}
    state = position(g, turn=6, hands=HANDS, cities=changes)
    return g, state


def test_failure_penalises_seats_without_a_pawn_or_gives_debt() -> None:
    g, state = _failing(PROJECTS, seat0={"coins": 1}, seat1={"coins": 10})
    state = with_ed(state, holders=((2,), (), ()), participants=((2,), (), ()),
                    pawns_left=(1, 2, 2), pawns=((), (), (1,)))
    after = play(g, state, sells(state))
    mine = ed(after)
    assert mine.outcomes[0] == FAILED
    # Seat 0 had 1 coin before selling (+3): 4 coins, pays 2. Seat 1 pays 2. Seat 2 holds a pawn.
    assert [c.coins for c in after.cities] == [4 - 2, 13 - 2, 6]
    poor_g, poor = _failing(PROJECTS, seat0={"coins": 0})
    poor = with_ed(poor, pawns_left=(1, 2, 2))
    after = play(poor_g, poor, {0: "build Altar", 1: "sell Baths", 2: "sell Theater"})
    assert ed(after).debts[0] == (-2,)
    assert after.cities[0].coins == 0
    assert poor_g.scores(after)[0].lines["edifice"] == -2


@pytest.mark.parametrize(
    ("age", "hands", "debt"),
    [
        # Auction House (lose 5): seat 0 builds a free Loom and keeps 0 coins.
        (2, [["Loom", "Press"], ["Glassworks", "Sawmill"], ["Quarry", "Brickyard"]], -3),
        # Gold Reserves (lose 9): seat 0 builds free Gardens (chain from Theater).
        (3, [["Gardens", "Senate"], ["Palace", "Pantheon"], ["Lodge", "Study"]], -5),
    ],
)
def test_debt_tokens_by_age(age: int, hands: list[list[str]], debt: int) -> None:
    g = edifice_game(["giza", "rhodes", "babylon"], PROJECTS)
    state = position(g, age=age, turn=6, hands=hands,
                     cities={0: {"coins": 0, "cards": ["Theater"]}, 1: {"coins": 20},
                             2: {"coins": 20}})
    after = play(g, state, {0: f"build {hands[0][0]}", 1: f"sell {hands[1][0]}",
                            2: f"sell {hands[2][0]}"})
    assert ed(after).debts == ((debt,), (), ())


def test_colour_penalty_is_a_pending_choice_and_goes_to_the_discard_pile() -> None:
    projects = ("Belvedere", "Auction House", "Gold Reserves")  # Belvedere: discard a brown
    g, state = _failing(projects, seat0={"cards": ["Lumber Yard", "Ore Vein"]},
                        seat1={"cards": ["Clay Pool"]})
    after = play(g, state, sells(state))
    # Seat 1 had one brown card: discarded for it. Seat 2 had none: debt. Seat 0 chooses.
    assert after.cities[1].cards == () and "Clay Pool" in after.discard
    assert ed(after).debts[2] == (-2,)
    assert g.to_move(after) == frozenset({0})
    assert after.pending[0].kind is PendingKind.EXPANSION
    assert set(g.legal_moves(after, 0)) == {Choose("Lumber Yard"), Choose("Ore Vein")}
    assert g.view(after, 0).pending_detail == "edifice:discard:brown"
    assert g.parse_move(after, 0, "CHOOSE ore vein") == Choose("Ore Vein")  # any case
    final = play(g, after, {0: "choose Ore Vein"})
    assert final.cities[0].cards == ("Lumber Yard",) and "Ore Vein" in final.discard
    assert final.age == 2  # conflicts resolved, next Age dealt


def test_a_penalty_discard_breaks_the_chain_of_the_discarded_card() -> None:
    # README "Fixed readings": the discarded card leaves the city, so Walls no longer makes
    # Fortifications free; penalties go one seat at a time, in seat order.
    projects = ("Money Changer", "Staging Camp", "Gold Reserves")  # Staging Camp: discard red
    g = edifice_game(["giza", "rhodes", "babylon"], projects)
    hands = [["Loom", "Press"], ["Glassworks", "Sawmill"], ["Quarry", "Brickyard"]]
    state = position(g, age=2, turn=6, hands=hands,
                     cities={0: {"cards": ["Walls"]}, 1: {"cards": ["Stables", "Archery Range"]},
                             2: {"cards": ["Barracks", "Walls"]}})
    fortifications = g.rules.cards["Fortifications"]
    assert free_reason(g.rules, state, 0, fortifications, True) == "chain"
    after = play(g, state, sells(state))
    assert "Walls" in after.discard and "Walls" not in after.cities[0].cards
    assert free_reason(g.rules, after, 0, fortifications, True) is None
    assert [p.seat for p in after.pending] == [1, 2] and g.to_move(after) == {1}


def test_concentric_castle_takes_the_two_highest_victory_tokens() -> None:
    projects = ("Belvedere", "Auction House", "Concentric Castle")
    g = edifice_game(["giza", "rhodes", "babylon"], projects)
    hands = [["Gardens", "Senate"], ["Palace", "Pantheon"], ["Lodge", "Study"]]
    state = position(g, age=3, turn=6, hands=hands,
                     cities={0: {"tokens": [1, 3, -1]}, 1: {"tokens": [3]}})
    after = play(g, state, sells(state))
    assert after.cities[0].tokens[:1] == (-1,)   # lost 3 and 1, then conflicts
    assert ed(after).debts[1] == (-5,)            # only one victory token: debt
    lowest = edifice_game(["giza", "rhodes", "babylon"], projects, castle_loses="lowest")
    state = position(lowest, age=3, turn=6, hands=hands,
                     cities={0: {"tokens": [1, 3, 5]}})
    after = play(lowest, state, sells(state))
    assert after.cities[0].tokens[0] == 5


REWARD_HANDS = [["Altar", "Loom"], ["Baths", "Press"], ["Theater", "Tavern"]]


def _complete(project: str, age: int = 1, options=None, **cities):  # type: ignore[no-untyped-def]
    """Seat 0 takes the last pawn of ``project`` in ``age`` (Gizah Day stage 1 with 2 wood);
    ``options`` are more options of ``Edifice``."""
    g, after, _ = _completion(project, age, options, **cities)
    return g, after


def _completion(project: str, age: int = 1, options=None, **cities):  # type: ignore[no-untyped-def]
    """As ``_complete``, with the step's events."""
    projects = {1: ("Money Changer", "Auction House", "Gold Reserves"),
                2: ("Money Changer", "Auction House", "Gold Reserves"),
                3: ("Money Changer", "Auction House", "Gold Reserves")}[age]
    chosen = list(projects)
    chosen[age - 1] = project
    g = edifice_game(["giza", "rhodes", "babylon"], chosen, **(options or {}))
    changes = {0: {"cards": ["Lumber Yard", "Tree Farm"], "coins": 9}}
    for key, value in cities.items():
        seat = int(key[-1])
        merged = {**changes.get(seat, {}), **value}
        if seat == 0:
            merged["cards"] = ["Lumber Yard", "Tree Farm", *value.get("cards", [])]
        changes[seat] = merged
    state = position(g, age=age, turn=1, hands=[h * 4 for h in REWARD_HANDS], cities=changes)
    state = with_ed(state, pawns_left=tuple(1 if a == age else 2 for a in (1, 2, 3)))
    moves = {0: "stage Altar +project", 1: "sell Baths", 2: "sell Theater"}
    after, events = g.step(state, {seat: g.parse_move(state, seat, text)
                                   for seat, text in moves.items()})
    assert ed(after).outcomes[age - 1] == COMPLETED
    return g, after, events


@pytest.mark.parametrize(("project", "age", "cities", "kind", "value"), [
    ("Outpost", 1, {}, "victory_token", 3),
    ("Staging Camp", 2, {}, "victory_token", 5),
    ("Military School", 3, {"seat0": {"tokens": [-1, 3, -1]}}, "victory_token", 5),
    ("Military School", 3, {"seat0": {"tokens": [-1, 3, -1]}}, "defeats_discarded", 2),
    ("Curtain Wall", 1, {}, "shields", 1),
    ("Concentric Castle", 3, {}, "shields", 2),
    ("Factory", 2, {}, "production", 1),
    ("Belvedere", 1, {}, "scores_at_end", 0),
])
def test_every_reward_emits_an_event(project: str, age: int, cities: dict[str, object],
                                     kind: str, value: int) -> None:
    # rewards other than coins were silent.
    _, _, events = _completion(project, age, None, **cities)
    assert ExpansionEvent("edifice", kind, 0, project, value) in events


def test_rewards_coins_tokens_and_defeats() -> None:
    _, after = _complete("Money Changer")
    assert after.cities[0].coins == 9 - 1 + 4
    _, after = _complete("Outpost")
    assert after.cities[0].tokens == (3,)
    _, after = _complete("Staging Camp", age=2)
    assert after.cities[0].tokens == (5,)
    _, after = _complete("Military School", age=3, seat0={"tokens": [-1, 3, -1]})
    assert sorted(after.cities[0].tokens) == [3, 5]
    _, after = _complete("Gold Reserves", age=3)
    assert after.cities[0].coins == 9 - 3 + 15


def test_rewards_that_last_shields_and_production() -> None:
    g, after = _complete("Curtain Wall")
    assert g.rules.shields(after, 0) == 1
    g, after = _complete("Concentric Castle", age=3)
    assert g.rules.shields(after, 0) == 2
    g, after = _complete("Factory", age=2)
    producers = [Producer(m, a) for m, a in city_profile(g.rules, after, 0).own]
    assert any(p.options == 0b1110000 for p in producers)  # glass, papyrus or loom
    assert all(p.options != 0b1110000 for m, a in city_profile(g.rules, after, 0).sellable
               for p in (Producer(m, a),))


def test_rewards_scored_at_the_end_on_the_edifice_line() -> None:
    g, after = _complete("Belvedere")
    assert g.scores(after)[0].lines["edifice"] == 1  # one stage built
    g, after = _complete("Artisan District", seat0={"cards": ["Loom", "Press"]})
    assert g.scores(after)[0].lines["edifice"] == 2 * 2  # 2 brown x 2 grey: two sets
    g, after = _complete("Amphitheater", age=2, seat0={"cards": ["Altar", "Well"]})
    assert g.scores(after)[0].lines["edifice"] == 2
    g, after = _complete("Archives", age=3, seat0={"cards": ["Loom", "Altar", "Stockade"]})
    assert g.scores(after)[0].lines["edifice"] == 4  # brown, grey, blue, red
    g, after = _complete("Agora", age=3, seat0={"cards": ["Builders Guild"], "coins": 12})
    # Builders Guild: 1 stage here, none around -> 1 point, copied once more on the guild line.
    assert g.scores(after)[0].lines["guilds"] == 2


@pytest.mark.parametrize(("cost", "options"), [(2, {}), (3, {"staging_camp_cost": 3})])
def test_staging_camp_cost_option(cost: int, options: dict[str, int]) -> None:
    # Reference decision 1: Staging Camp costs 2 coins (two sources), 3 in a third source.
    _, after = _complete("Staging Camp", age=2, options=options)
    assert after.cities[0].coins == 9 - cost and after.cities[0].tokens == (5,)


@pytest.mark.parametrize(("vp", "options"), [(2, {}), (3, {"artisan_district_vp": 3})])
def test_artisan_district_vp_option(vp: int, options: dict[str, int]) -> None:
    # Reference decision 2: 2 VP per set of one brown and one grey card (alternative 3).
    g, after = _complete("Artisan District", options=options, seat0={"cards": ["Loom", "Press"]})
    assert g.scores(after)[0].lines["edifice"] == vp * 2  # 2 brown x 2 grey: two sets


@pytest.mark.parametrize(("colour", "lost"), [("grey", "Loom"), ("brown", "Clay Pool")])
def test_amphitheater_discard_option(colour: str, lost: str) -> None:
    # Reference decision 3: Amphitheater's penalty discards a grey card (alternative brown).
    projects = ("Money Changer", "Amphitheater", "Gold Reserves")
    options = {} if colour == "grey" else {"amphitheater_discards": colour}
    g = edifice_game(["giza", "rhodes", "babylon"], projects, **options)
    hands = [["Loom", "Press"], ["Glassworks", "Sawmill"], ["Quarry", "Brickyard"]]
    state = position(g, age=2, turn=6, hands=hands,
                     cities={1: {"cards": ["Loom", "Clay Pool"]}})
    after = play(g, state, sells(state))
    assert lost in after.discard and lost not in after.cities[1].cards
    assert ed(after).debts[0] == (-3,)  # seat 0 holds no card of that colour


@pytest.mark.parametrize(("setting", "vp"), [("coin_option", 0), ("both", 4)])
def test_carthage_night_vp_option(setting: str, vp: int) -> None:
    # Reference decision 4: Carthage Night stage 1 is (7 coins + 4 VP) or (2 shields); the
    # alternative gives the 4 VP with either option.
    options = {} if setting == "coin_option" else {"carthage_night_vp": setting}
    g = edifice_game(["carthage", "rhodes", "giza"], PROJECTS, sides=["night", "day", "day"],
                     **options)
    shields = position(g, cities={0: {"stages": 1, "stage_choices": (1,)}})
    coins = position(g, cities={0: {"stages": 1, "stage_choices": (0,)}})
    assert g.scores(shields)[0].lines["wonder"] == vp
    assert g.scores(coins)[0].lines["wonder"] == 4
    assert g.rules.shields(shields, 0) == 2
    assert g.options()["expansions"]["edifice"]["carthage_night_vp"] == setting


def test_pawn_points_option() -> None:
    g = edifice_game(["giza", "rhodes", "babylon"], PROJECTS, pawn_points=(1, 2, 3))
    state = with_ed(position(g), pawns=((1, 3), (), ()))
    assert g.scores(state)[0].lines["edifice"] == 4


def test_ur_box_pawns_protect_without_participating() -> None:
    g = edifice_game(["ur", "rhodes", "giza"], PROJECTS, sides=["night", "day", "day"])
    state = position(g, hands=HANDS, cities={0: {"cards": ["Stone Pit", "Glassworks"]}})
    moves = {m for m in g.legal_moves(state, 0) if isinstance(m, BuildStage) and m.card == "Altar"}
    assert moves == {BuildStage("Altar"), BuildStage("Altar", extras=("project",))}
    after = play(g, state, {0: "stage Altar", 1: "sell Baths", 2: "sell Theater"})
    mine = ed(after)
    assert mine.holders[0] == (0,) and mine.participants[0] == () and mine.pawns_left[0] == 2
    assert mine.pawns[0] == (1,)


def test_carthage_stage_options_are_chosen_on_the_move() -> None:
    g = edifice_game(["carthage", "rhodes", "giza"], PROJECTS)
    state = position(g, hands=HANDS, cities={0: {"stages": 1, "cards": ["Ore Vein", "Press"],
                                                 "coins": 3}})
    options = {m.choice for m in g.legal_moves(state, 0)
               if isinstance(m, BuildStage) and m.card == "Altar" and not m.extras}
    assert options == {0, 1}
    coins = play(g, state, {0: "stage Altar", 1: "sell Baths", 2: "sell Theater"})
    assert coins.cities[0].coins == 3 + 7 and g.rules.shields(coins, 0) == 0
    shield = play(g, state, {0: "stage Altar option 2", 1: "sell Baths", 2: "sell Theater"})
    assert shield.cities[0].coins == 3 and g.rules.shields(shield, 0) == 1
    assert g.scores(shield)[0].lines["wonder"] == 3 + 2
    with pytest.raises(IllegalMoveError):
        play(g, state, {0: "stage Altar option 3", 1: "sell Baths", 2: "sell Theater"})


def test_options_are_checked() -> None:
    for bad in ({"staging_camp_cost": 4}, {"artisan_district_vp": 2.0},
                {"amphitheater_discards": "red"}, {"carthage_night_vp": True}):
        with pytest.raises(InvalidOptionError):
            Edifice(**bad)  # type: ignore[arg-type]
    with pytest.raises(InvalidOptionError):
        Edifice(projects=("Agora", "Auction House", "Gold Reserves"))
    with pytest.raises(InvalidOptionError, match="option projects"):
        Edifice(projects=("Nowhere", "Auction House", "Gold Reserves"))
    with pytest.raises(InvalidOptionError):
        Edifice(castle_loses="middle")
    with pytest.raises(InvalidOptionError):
        BaseGame(players=3, expansions=(Edifice(), Edifice()))


def test_base_never_imports_edifice() -> None:
    base = pathlib.Path(sevenwonders.__file__).parent / "base"
    for path in base.rglob("*.py"):
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                names = [node.module or ""]
            assert not any(n.startswith("sevenwonders.edifice") for n in names), path


def test_carthage_night_second_stage_builds_from_discard_or_gives_a_science_symbol() -> None:
    g = edifice_game(["carthage", "rhodes", "giza"], PROJECTS, sides=["night", "day", "day"])
    state = position(g, hands=HANDS, discard=["Palace"],
                     cities={0: {"stages": 1, "stage_choices": (0,),
                                 "cards": ["Sawmill", "Lumber Yard", "Loom"]}})
    build = play(g, state, {0: "stage Altar", 1: "sell Baths", 2: "sell Theater"})
    assert build.pending and build.pending[0].kind is PendingKind.BUILD_FROM_DISCARD
    assert Build("Palace") in g.legal_moves(build, 0)  # with the cards sold this turn
    assert "Palace" in play(g, build, {0: "build Palace"}).cities[0].cards
    science = play(g, state, {0: "stage Altar option 2", 1: "sell Baths", 2: "sell Theater"})
    assert not science.pending
    assert g.scores(science)[0].lines["science"] == 1  # one wild symbol alone scores 1


def test_ur_day_second_stage_takes_a_pawn_of_the_chosen_age() -> None:
    g = edifice_game(["ur", "rhodes", "giza"], PROJECTS)
    state = position(g, hands=HANDS, cities={0: {"stages": 1,
                                                 "cards": ["Stone Pit", "Quarry", "Clay Pool"]}})
    choices = {m.choice for m in g.legal_moves(state, 0)
               if isinstance(m, BuildStage) and m.card == "Altar" and not m.extras}
    assert choices == {0, 1, 2}
    after = play(g, state, {0: "stage Altar option 3", 1: "sell Baths", 2: "sell Theater"})
    mine = ed(after)
    assert mine.pawns[0] == (3,) and mine.holders[2] == (0,) and mine.pawns_left[2] == 2


@pytest.mark.parametrize(
    "edit",
    [
        lambda d: d.update(projects=["Belvedere", "Agora"]),
        lambda d: d.update(projects=["Agora", "Auction House", "Gold Reserves"]),
        lambda d: d.update(pawns_left=[9, 2, 2]),
        lambda d: d.update(holders=[[7], [], []]),
        lambda d: d.update(rewards=[[], []]),
        lambda d: d.update(outcomes=["open", "won", "open"]),
    ],
)
def test_broken_edifice_states_are_refused(edit) -> None:  # type: ignore[no-untyped-def]
    import json

    from sevenwonders import from_json, to_json
    from sevenwonders.base import BaseState
    from sevenwonders.errors import InvalidStateError

    g = edifice_game(["giza", "rhodes", "babylon"], PROJECTS)
    data = json.loads(to_json(g.new_game(seed=1)))
    edit(data["expansions"][0])
    with pytest.raises(InvalidStateError):  # refused on load now, before any rule runs
        g.legal_moves(from_json(json.dumps(data), BaseState), 0)


def test_names_and_extras_are_matched_without_case() -> None:
    # "STAGE LOOM +PROJECT" and "choose ore vein" read like their usual text.
    from sevenwonders.core.playout import states

    g = BaseGame(players=4, expansions=(Edifice(),))
    checked = 0
    for state in list(states(g, 5))[::4]:
        for seat in g.to_move(state):
            for move in g.legal_moves(state, seat):
                assert g.parse_move(state, seat, str(move).upper()) == move
                checked += 1
    assert checked > 100
