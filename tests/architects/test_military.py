"""Horns, conflict tokens and battles, for two players and for three or more."""

from __future__ import annotations

import pytest

from sevenwonders.architects import ArchitectsGame
from sevenwonders.architects import events as ev
from sevenwonders.architects.state import StartTurn
from tests.architects.helpers import city_kinds, do, of_type, position

GAME2 = ArchitectsGame(players=2, wonders=["giza", "olympia"])
GAME3 = ArchitectsGame(players=3, wonders=["giza", "olympia", "ephesus"])


def test_horns_flip_conflict_tokens() -> None:
    state = position(GAME3, decks={0: ["blue3", "red2"]}, central=["blue3", "red1"],
                     pending=StartTurn())
    after, events = do(GAME3, state, "take left")
    assert after.flipped == 2 and ev.ConflictFlipped(0, 2, 2, 3) in events
    after, _ = do(GAME3, state, "take central")
    assert after.flipped == 1
    state = position(GAME3, decks={0: ["blue3", "red0"]}, central=["blue3"], pending=StartTurn())
    after, _ = do(GAME3, state, "take left")
    assert after.flipped == 0


def test_excess_horns_are_ignored_and_the_battle_comes_at_the_end_of_the_turn() -> None:
    state = position(GAME3, cities={0: {"cards": ["red0"], "tokens": ("propaganda",)},
                                    1: {"cards": ["red1"]}},
                     decks={0: ["blue3", "red2"], 1: ["blue3"], 2: ["blue3"]},
                     central=["blue3"], flipped=2, pending=StartTurn())
    state, events = do(GAME3, state, "take left")
    assert state.flipped == 3  # one token was left: the second horn is ignored
    assert not of_type(events, ev.Battle)  # the turn is not over: Propaganda's card is owed
    state, events = do(GAME3, state, "extra propaganda central")
    names = [type(e).__name__ for e in events]
    assert names.index("CardTaken") < names.index("Battle") < names.index("TurnEnded")
    battle = of_type(events, ev.Battle)[0]
    # Shields: seat 0 has red0 + red2 = 2, seat 1 has 1, seat 2 has 0.
    assert battle.shields == (2, 1, 0)
    assert battle.won == (2, 1, 0)
    assert battle.discarded == (1, 1, 0)
    assert state.flipped == 0
    assert city_kinds(GAME3, state, 0) == ["red0", "blue3"]  # cards without horns stay
    assert city_kinds(GAME3, state, 1) == []
    assert [c.military for c in state.cities] == [2, 1, 0]


@pytest.mark.parametrize(("shields", "won"), [
    ((3, 1, 2), (2, 0, 1)), ((1, 1, 1), (0, 0, 0)), ((0, 4, 4), (0, 1, 1)),
    ((5, 0, 0, 0), (2, 0, 0, 0)), ((1, 2, 3, 4, 5), (0, 1, 1, 1, 2)),
])
def test_battle_with_three_or_more_compares_both_neighbours(shields: tuple[int, ...],
                                                            won: tuple[int, ...]) -> None:
    game = ArchitectsGame(players=len(shields))
    assert game.engine.battle_gains(shields) == won


@pytest.mark.parametrize(("a", "b", "won"), [
    (1, 0, (1, 0)), (2, 0, (2, 0)), (5, 0, (2, 0)), (2, 1, (2, 0)), (3, 2, (1, 0)),
    (4, 2, (2, 0)), (2, 2, (0, 0)), (0, 0, (0, 0)), (5, 3, (1, 0)), (6, 3, (2, 0)),
    (1, 3, (0, 2)), (3, 4, (0, 1)),
])
def test_two_player_battle(a: int, b: int, won: tuple[int, int]) -> None:
    assert GAME2.engine.battle_gains((a, b)) == won


def test_two_player_battle_in_play_with_rhodes_and_tactics() -> None:
    game = ArchitectsGame(players=2, wonders=["rhodes", "giza"])
    state = position(game, cities={0: {"built": ("2s",), "cards": ["red1"], "tokens": ("tactics",)},
                                   1: {"cards": ["red0", "red2"]}},
                     decks={0: ["blue3", "red1"], 1: ["blue3"]}, central=["blue3"], flipped=2,
                     pending=StartTurn())
    state, events = do(game, state, "take left")
    battle = of_type(events, ev.Battle)[0]
    assert battle.shields == (5, 2)  # 2 red + Rhodes 1 + Tactics 2 against 2 red
    assert battle.won == (2, 0)
    assert [c.military for c in state.cities] == [2, 0]
    assert game.shields(state, 0) == 3  # horn cards are gone, Rhodes and Tactics remain
    assert game.scores(state)[0].lines["military"] == 6
