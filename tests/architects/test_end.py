"""The end of the game, score sheets and the tie-break."""

from __future__ import annotations

import pytest

from sevenwonders.architects import ArchitectsGame, Source, Take
from sevenwonders.architects import events as ev
from sevenwonders.architects.state import StartTurn
from sevenwonders.errors import GameOverError
from tests.architects.helpers import do, of_type, position, settle

GAME = ArchitectsGame(players=3, wonders=["giza", "rhodes", "ephesus"])


def test_completing_a_wonder_ends_the_game_at_the_end_of_that_turn() -> None:
    state = position(GAME, cities={0: {"built": ("2d", "2s", "3d", "3s"),
                                       "cards": ["stone", "brick", "wood", "gear"],
                                       "tokens": ("architecture",)}},
                     decks={0: ["blue3", "glass"], 1: ["blue3"], 2: ["blue3"]},
                     central=["blue3", "gear"], face_up=("decor", "tactics", "culture"),
                     pending=StartTurn())
    state, events = do(GAME, state, "take left")
    assert state.cities[0].built[-1] == "4d"
    assert not state.over  # Architecture's card is still owed: the turn goes on
    state, events = do(GAME, state, "extra architecture central", "token decor")
    assert state.over
    end = of_type(events, ev.GameEnded)[0]
    assert end.reason == "wonder_complete"
    assert GAME.scores(state)[0].lines["progress"] == 6  # Decor, wonder complete
    assert GAME.to_move(state) == frozenset()
    assert GAME.legal_moves(state, 0) == ()
    with pytest.raises(GameOverError):
        GAME.play(state, {0: Take(Source.LEFT)})


def test_score_sheet_lines_like_the_rulebook_example() -> None:
    # FR rulebook p.5: Ephesus base and two columns (3 + 3 + 4), 4 military tokens (12), the cat.
    state = position(GAME, cities={2: {"built": ("2d", "2s", "3d"), "military": 4,
                                       "cards": ["blue3", "blue2cat", "wood", "red0"],
                                       "tokens": ("culture",)}}, cat=2)
    sheet = GAME.scores(state)[2]
    assert dict(sheet.lines) == {"wonder": 10, "cat": 2, "blue": 5, "military": 12,
                                 "progress": 4}
    assert sheet.total == 33 and sheet.tiebreak == (3,)


def test_tie_break_by_completed_stages_then_shared() -> None:
    state = position(GAME, cities={0: {"built": ("2d",)},  # 4 points, 1 stage
                                   1: {"cards": ["blue3"], "military": 0},
                                   2: {"cards": ["blue3"]}})
    totals = [s.total for s in GAME.scores(state)]
    assert totals[1] == totals[2] == 3
    state = position(GAME, cities={0: {"cards": ["blue3"] * 2},  # 6 points, no stage
                                   1: {"built": ("2d", "2s")},  # 4 + 4 = 8, 2 stages
                                   2: {"built": ("2d",), "cards": ["blue2cat", "blue2cat"]}})
    assert [s.total for s in GAME.scores(state)] == [6, 8, 7]
    assert GAME.ranking(state) == (3, 1, 2)
    state = position(GAME, cities={0: {"cards": ["blue3", "blue3", "blue2cat"]},  # 8, 0 stages
                                   1: {"built": ("2d", "2s")},  # 8, 2 stages
                                   2: {"built": ("2d", "2s"), "cards": ["blue2cat"]}})  # 8, 2
    assert GAME.ranking(state) == (3, 1, 1)


def test_last_card_taken_ends_the_game_even_without_a_wonder() -> None:
    state = position(GAME, decks={}, central=["blue3"], pending=StartTurn(), current=1)
    state, events = settle(GAME, state)
    assert state.over and of_type(events, ev.GameEnded)[0].reason == "decks_empty"
