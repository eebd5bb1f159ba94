"""Edifice positions in every Age: the projects of past Ages decided as the rules decide them,
rewards and penalties applied, the rulebook's rules played from such positions, and wishes
the rules cannot grant refused with their problems."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sevenwonders.base import BaseGame, BuildStage, Sell
from sevenwonders.base.positions import position
from sevenwonders.base.validation import problems
from sevenwonders.core.serialization import from_json, to_json
from sevenwonders.edifice import Edifice
from sevenwonders.errors import InvalidOptionError, InvalidStateError

COIN_PROJECTS = ("Money Changer", "Auction House", "Gold Reserves")  # +4/-2, +7/-5, +15/-9


def _game(players: int, wonders: tuple[str, ...] | None = None,
          projects: tuple[str, ...] = COIN_PROJECTS, **options: Any) -> BaseGame:
    return BaseGame(players, wonders=wonders, expansions=(Edifice(projects=projects),),
                    **options)


def _sells(game: BaseGame, state: Any, seats: Any) -> dict[int, Any]:
    return {s: next(m for m in game.legal_moves(state, s) if isinstance(m, Sell)) for s in seats}


def _play_to_the_end(game: BaseGame, state: Any, seed: int) -> Any:
    rng = random.Random(seed)
    while not game.is_over(state):
        assert problems(state) == ()
        state = game.play(state, {s: rng.choice(game.legal_moves(state, s))
                                  for s in sorted(game.to_move(state))})
    return state


def test_past_projects_are_decided_with_their_rewards_and_penalties() -> None:
    """Age III, four players (3 pawns a project): three seats took part in Age I's Money
    Changer, which completed and paid each +4; only seat 1 took part in Age II's Auction House,
    which failed: the others lose 5 coins, and seat 3, with 3, "verliert nichts und nimmt
    stattdessen 1 Schuldenmarker" of Age II (-3)."""
    game = _game(4)
    state = position(game, age=3, turn=1, seed=4, cities={0: {"stages": 1}, 1: {"stages": 2},
                                                          2: {"stages": 1}},
                     expansions={"edifice": {"pawns": {0: (1,), 1: (1, 2), 2: (1,)}}})
    mine = state.expansions[0]
    assert mine.outcomes == ("completed", "failed", "open")
    assert mine.pawns_left == (0, 2, 3)
    assert mine.rewards == (("Money Changer",),) * 3 + ((),)
    assert mine.debts == ((), (), (), (-3,))
    assert [city.coins for city in state.cities] == [2, 7, 2, 3]
    assert from_json(to_json(state), type(state)) == state
    final = _play_to_the_end(game, state, seed=1)
    assert game.scores(final)[3].lines["edifice"] <= -3


def test_a_wished_completion_takes_the_seats_with_stages() -> None:
    game = _game(3)
    state = position(game, age=2, turn=2, seed=1, cities={1: {"stages": 1}, 2: {"stages": 2}},
                     expansions={"edifice": {"outcomes": {1: "completed"}}})
    mine = state.expansions[0]
    assert mine.participants[0] == (1, 2) and mine.outcomes[0] == "completed"
    assert state.cities[1].coins == 7 and state.cities[0].coins == 3  # seat 0 paid no penalty


def test_the_last_pawn_completes_the_project_and_rewards_every_holder() -> None:
    """"Sobald alle Beteiligungsfiguren von der Bauvorhaben-Karte genommen wurden, ist das
    Bauvorhaben vollendet ... Alle, die in dem Moment eine Beteiligungsfigur für dieses
    Bauvorhaben haben, erhalten jeweils sofort die Belohnung": Age II, seat 1 took part, seat 0
    takes the last pawn; both get the Auction House's 7 coins at once, seat 2 nothing."""
    game = _game(3, wonders=("Rhodos", "Gizah", "Babylon"))
    state = position(game, age=2, turn=3, seed=2, cities={
        0: {"cards": ("Lumber Yard", "Sawmill"), "coins": 2},
        1: {"stages": 1, "coins": 5}}, expansions={"edifice": {"pawns": {1: (2,)}}})
    join = next(m for m in game.legal_moves(state, 0) if isinstance(m, BuildStage) and m.extras)
    after = game.play(state, {0: join, **_sells(game, state, (1, 2))})
    assert after.expansions[0].outcomes[1] == "completed"
    # seats 1 and 2 sold for 3; seat 2 paid 2 for the Money Changer that failed in Age I
    assert [city.coins for city in after.cities] == [7, 15, 4]


def test_two_joining_in_one_turn_both_take_a_pawn() -> None:
    """"Falls sich mehrere Mitspielende im gleichen Zug an einem Bauvorhaben beteiligen und
    darauf nicht mehr genügend Beteiligungsfiguren stehen, nimmt fehlende aus der Schachtel":
    one pawn left, two seats join; both hold one and both are rewarded."""
    game = _game(3, wonders=("Rhodos", "Gizah", "Babylon"))
    state = position(game, age=2, turn=2, seed=3, cities={
        0: {"cards": ("Lumber Yard", "Timber Yard"), "coins": 2},
        1: {"cards": ("Sawmill",), "coins": 2},
        2: {"stages": 1, "cards": ("Clay Pool",)}}, expansions={"edifice": {"pawns": {2: (2,)}}})
    joins = {s: next(m for m in game.legal_moves(state, s)
                     if isinstance(m, BuildStage) and m.extras) for s in (0, 1)}
    after = game.play(state, {**joins, **_sells(game, state, (2,))})
    mine = after.expansions[0]
    assert mine.participants[1] == (0, 1, 2) and mine.pawns_left[1] == 0
    assert all("Auction House" in mine.rewards[s] for s in range(3))


def test_a_penalty_nobody_can_pay_in_full_is_a_debt_at_the_end() -> None:
    """Gold Reserves failed in Age III (lose 9 coins): a seat with fewer coins "verliert nichts
    und nimmt stattdessen 1 Schuldenmarker" of Age III, worth -5 at the end."""
    game = _game(3)
    state = position(game, over=True, seed=5, cities={0: {"coins": 12}, 1: {"coins": 4}})
    mine = state.expansions[0]
    assert mine.outcomes == ("failed",) * 3
    assert -5 in mine.debts[2] and -5 not in mine.debts[0]
    assert state.cities[1].coins == 4  # given coins are what the city shows now
    assert game.scores(state)[2].lines["edifice"] == sum(mine.debts[2])


def test_ur_holds_its_box_pawns() -> None:
    """Ur's night stages take a pawn of Age I from the box: Ur holds one, without taking part
    (reference decision 7), and is rewarded when the project completes."""
    game = _game(3, wonders=("Ur", "Gizah", "Babylon"), sides="night")
    state = position(game, age=2, turn=1, seed=6, cities={0: {"stages": 1}, 1: {"stages": 1},
                                                          2: {"stages": 1}},
                     expansions={"edifice": {"pawns": {1: (1,), 2: (1,)}}})
    mine = state.expansions[0]
    assert mine.pawns[0] == (1,) and 0 not in mine.participants[0] and 0 in mine.holders[0]
    assert mine.rewards[0] == ("Money Changer",)


@pytest.mark.parametrize(("what", "spec", "cities"), [
    ("a completion without stages", {"outcomes": {1: "completed"}}, {}),
    ("a failure of a completed project", {"outcomes": {1: "failed"}, "pawns": {0: (1,), 1: (1,)}},
     {0: {"stages": 1}, 1: {"stages": 1}}),
    ("a part in a project of an Age to come", {"pawns": {0: (3,)}}, {0: {"stages": 1}}),
    ("a part without a stage", {"pawns": {0: (1, 2)}}, {0: {"stages": 1}}),
    ("a part taken twice", {"pawns": {0: (1, 1)}}, {0: {"stages": 2}}),
    ("a debt of an open project", {"debts": {0: (2,)}}, {}),
])
def test_wishes_the_rules_cannot_grant_are_refused(what: str, spec: dict[str, Any],
                                                   cities: dict[int, Any]) -> None:
    with pytest.raises(InvalidStateError) as caught:
        position(_game(3), age=2, turn=2, seed=1, cities=cities,
                 expansions={"edifice": spec})
    assert caught.value.problems, what


@pytest.mark.parametrize("expansions", [
    {"edifice": {"colour": "red"}}, {"armada": {}}, {"edifice": {"pawns": {9: (1,)}}},
    {"edifice": {"outcomes": {1: "won"}}}, {"edifice": "all"},
])
def test_settings_the_builder_does_not_know_are_option_errors(expansions: Any) -> None:
    with pytest.raises(InvalidOptionError):
        position(_game(3), age=2, expansions=expansions)


def test_a_game_without_edifice_takes_no_edifice_settings() -> None:
    with pytest.raises(InvalidOptionError):
        position(BaseGame(3), expansions={"edifice": {"pawns": {}}})


@pytest.mark.parametrize("players", range(3, 8))
@pytest.mark.parametrize("age", [1, 2, 3])
def test_every_age_and_player_count_gives_a_playable_position(players: int, age: int) -> None:
    game = BaseGame(players, sides="random", expansions=(Edifice(),))
    state = position(game, age=age, turn=3, seed=players * age)
    assert problems(state) == ()
    assert game.is_over(_play_to_the_end(game, state, seed=age))


@settings(max_examples=25, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_any_wish_is_refused_or_gives_a_state_the_rules_play(data: st.DataObject) -> None:
    """Random Edifice wishes in random Ages: the builder refuses with problems or gives a state
    with none, which loads back and plays to its end with none."""
    players = data.draw(st.integers(3, 7), label="players")
    age = data.draw(st.integers(1, 3), label="age")
    seats = st.integers(0, players - 1)
    ages = st.lists(st.integers(1, age), max_size=2, unique=True)  # mostly Ages played
    spec = {"pawns": data.draw(st.dictionaries(seats, ages, max_size=players), label="pawns"),
            "outcomes": data.draw(st.dictionaries(st.integers(1, 3), st.sampled_from(
                ["completed", "failed"]), max_size=2), label="outcomes"),
            "debts": data.draw(st.dictionaries(seats, ages, max_size=1), label="debts")}
    cities = {seat: {"stages": data.draw(st.integers(0, 2), label="stages")}
              for seat in range(players)}
    game = BaseGame(players, expansions=(Edifice(),))
    try:
        state = position(game, age=age, turn=2, seed=age, cities=cities,
                         expansions={"edifice": spec})
    except InvalidStateError as error:
        assert error.problems
        return
    assert from_json(to_json(state), type(state)) == state
    assert game.is_over(_play_to_the_end(game, state, seed=players))
