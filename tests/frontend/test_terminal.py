"""The terminal client, end to end with scripted input, and the play/replay commands."""

from __future__ import annotations

import argparse
import io
import json
from pathlib import Path
from typing import Any

import pytest

from sevenwonders.agents import RandomAgent
from sevenwonders.base import BaseGame
from sevenwonders.base.events import CardSold
from sevenwonders.core.protocol import Game
from sevenwonders.edifice import Edifice
from sevenwonders.errors import InvalidOptionError, ReplayError, SevenWondersError
from sevenwonders.frontend.cli_commands import add_play_parser, add_replay_parser, parse_options
from sevenwonders.frontend.records import load_record, replay
from sevenwonders.frontend.terminal import play_terminal, visible_events
from sevenwonders.games import make_game

GAMES: dict[str, Any] = {
    "base": lambda: BaseGame(players=3),
    "edifice": lambda: BaseGame(players=4, expansions=(Edifice(),)),
    "architects": lambda: make_game("architects", 3),
    "dice": lambda: make_game("dice", 3),
}


def _play(game: Game[Any, Any, Any], script: str, seat: int = 0, seed: int = 4
          ) -> tuple[Any, str]:
    out = io.StringIO()
    result = play_terminal(game, seat, "random", seed, input=io.StringIO(script), output=out)
    return result, out.getvalue()


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_whole_game_with_a_rejected_input_then_good_ones(name: str) -> None:
    game = GAMES[name]()
    state = game.new_game(4)
    seat = 1
    first_prompt_state = state
    # In sequential games the person may not move first: the scripted notation is then only
    # checked to be answered sensibly (accepted if legal, else explained).
    legal = game.legal_moves(first_prompt_state, seat)
    notation = str(legal[-1]) if legal else "pass"
    script = "help\nbuild the Colossus\n0\n" + notation + "\n" + "moves\n" + "1\n" * 600
    result, text = _play(game, script, seat=seat)
    assert result.finished, text[-2000:]
    assert "Type 'help' for help." in text
    assert "Answer with:" in text  # help
    assert "Rejected:" in text and "Try again" in text
    assert "there is no move 0" in text
    assert "Final scores:" in text and "total" in text and "place" in text
    assert "You finished in place" in text
    # The record of the session replays to the same end.
    again = replay(load_record(result.record.to_json()), require_finished=True)
    assert tuple(s.total for s in again.scores) == result.record.final
    assert [s.total for s in result.scores] == list(result.record.final or ())


def test_the_base_screen_shows_the_hand_with_markers_and_costs() -> None:
    _, text = _play(BaseGame(players=3), "quit\n", seat=0, seed=5)
    first = text.split("Moves:")[0]
    assert "== Age I, turn 1 ==" in first
    assert "Your hand (you may spend 3 coins):" in first
    assert "+ Clay Pit            (brown)  buildable: 1 to the bank" in first
    assert "wonder stage 1/3" in first
    # the board's own resource, the neighbours by side, stage costs and effects, the trade
    assert ", day side, board makes 1 " in first
    assert " - your left neighbour: " in first and " - your right neighbour: " in first
    assert "stages 0/3: 1) " in first and " -> 3 VP" in first
    assert "Your left neighbour seat 1 (" in first and "2 coins each" in first
    assert "points so far" in first and "production 1 " in first
    assert "Game left (quit) after 0 steps." in text


def test_notation_is_accepted_and_shown() -> None:
    game = BaseGame(players=3)
    state = game.new_game(5)
    move = game.legal_moves(state, 0)[-1]
    result, text = _play(game, f"  {move}  \nquit\n", seed=5)
    assert f"You play: {move}" in text
    assert len(result.record.steps) == 1 and result.record.steps[0][0] == (0, str(move))
    assert not result.finished


def test_an_illegal_move_is_explained() -> None:
    game = BaseGame(players=3)
    state = game.new_game(5)
    other = next(c for c in state.hands[1] if c not in state.hands[0])
    _, text = _play(game, f"sell {other}\nquit\n", seed=5)
    assert f"Rejected: seat 0: '{other}' is not in your hand" in text


def test_end_of_input_leaves_the_game() -> None:
    result, text = _play(BaseGame(players=3), "1\n1\n", seed=2)
    assert not result.finished and len(result.record.steps) == 2
    assert "Game left (end of input) after 2 steps." in text


def test_other_seats_sales_are_face_down() -> None:
    game = BaseGame(players=3)
    events = (CardSold(0, "Loom", 3), CardSold(1, "Press", 3))
    assert visible_events(game, events, 0) == (CardSold(0, "Loom", 3), CardSold(1, "", 3))


def test_a_dice_player_sees_its_own_sheet_and_each_moves_cost() -> None:
    # buildings (ticked, next, cost, effect), resources, laurels, the running
    # score, and the cost of each listed move.
    game = make_game("dice", 3)
    _, text = _play(game, "1\n" * 3, seat=0, seed=3)
    assert "Your sheet: " in text and "resources 0, laurels 0" in text
    assert "  score: wonder 0, barracks_west 0" in text
    assert "Wonder (0/3): [>] s1 cost 3" in text and "[-] s2 cost 1" in text
    # dice by colour and symbol, moves as words, the neighbours' Barracks beside one's own
    assert "Forum: grey die showing " in text
    assert "1. pass  (gain 3 coins)  = pass and take 3 coins" in text
    assert ": tick " in text and ", box " in text
    assert "Barracks West (you): [ ]at1" in text and "'s Barracks East: " in text
    assert "yellow die cost -1" in text  # the Market's m3 effect
    assert "1. pass  (gain 3 coins)" in text
    assert "missing resources" in text
    assert "score   0" in text  # every seat's running score in the table


def test_agents_per_seat() -> None:
    game = make_game("dice", 3)
    out = io.StringIO()
    result = play_terminal(game, 2, [RandomAgent(), "random"], 1,
                           input=io.StringIO("1\n" * 400), output=out)
    assert result.finished
    with pytest.raises(InvalidOptionError):
        play_terminal(game, 0, ["random"], 1, input=io.StringIO(""), output=out)
    with pytest.raises(InvalidOptionError):
        play_terminal(game, 3, "random", 1, input=io.StringIO(""), output=out)
    with pytest.raises(SevenWondersError):
        play_terminal(game, 0, "no-such-bot", 1, input=io.StringIO(""), output=out)


# ---------------------------------------------------------------------------------- commands


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="sevenwonders")
    commands = parser.add_subparsers(dest="command", required=True)
    add_play_parser(commands)
    add_replay_parser(commands)
    return parser


def test_play_then_replay_from_the_command_line(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    args = _parser().parse_args(["play", "base", "--players", "3", "--seat", "2", "--seed", "9",
                                 "--expansion", "edifice", "--option", "sides=night",
                                 "--bots", "random,random", "--record", str(path)])
    out = io.StringIO()
    assert args.handler(args, input=io.StringIO("x\n" + "1\n" * 100), output=out) == 0
    assert f"Record saved to {path}." in out.getvalue()
    document = json.loads(path.read_text())
    assert document["options"]["sides"] == "night"
    assert document["options"]["expansions"]["edifice"]["castle_loses"] == "highest"
    assert document["final"] is not None
    args = _parser().parse_args(["replay", str(path)])
    out = io.StringIO()
    assert args.handler(args, output=out) == 0
    text = out.getvalue()
    assert "every step legal; game finished." in text
    assert "total" in text and "place" in text
    args = _parser().parse_args(["replay", "-v", str(path)])
    out = io.StringIO()
    assert args.handler(args, output=out) == 0
    assert "step 0: seat 0:" in out.getvalue()


def test_replay_of_a_bad_record_names_the_step(tmp_path: Path) -> None:
    game = BaseGame(players=3)
    result, _ = _play(game, "1\n" * 100, seed=3)
    document = result.record.to_dict()
    document["steps"][4]["1"] = "sell Nothing"
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(document))
    args = _parser().parse_args(["replay", str(path)])
    with pytest.raises(ReplayError, match="step 4: seat 1: 'sell Nothing'") as caught:
        args.handler(args, output=io.StringIO())
    assert caught.value.step == 4


def test_an_unfinished_record(tmp_path: Path) -> None:
    result, _ = _play(BaseGame(players=3), "1\n1\n1\nquit\n", seed=3)
    path = tmp_path / "part.json"
    path.write_text(result.record.to_json())
    args = _parser().parse_args(["replay", str(path)])
    out = io.StringIO()
    assert args.handler(args, output=out) == 0
    assert "3 steps replayed" in out.getvalue() and "not finished" in out.getvalue()
    args = _parser().parse_args(["replay", "--require-finished", str(path)])
    with pytest.raises(ReplayError):
        args.handler(args, output=io.StringIO())


def test_options_from_the_command_line() -> None:
    assert parse_options(["sides=night", "wonders=[\"Gizah\", \"Rhodos\", \"Babylon\"]",
                          "x=1"]) == {"sides": "night", "wonders": ["Gizah", "Rhodos", "Babylon"],
                                      "x": 1}
    with pytest.raises(InvalidOptionError):
        parse_options(["novalue"])
    args = _parser().parse_args(["play", "base", "--option", "colour=red"])
    with pytest.raises(InvalidOptionError):
        args.handler(args, input=io.StringIO(""), output=io.StringIO())


def test_edifice_projects_show_cost_reward_penalty_holders_and_debts() -> None:
    # the terminal showed only a project's name, status and pawns left.
    from sevenwonders.frontend.screens import render_view
    from tests.base.helpers import position
    from tests.edifice.helpers import edifice_game, with_ed

    g = edifice_game(["giza", "rhodes", "babylon"],
                     ("Money Changer", "Staging Camp", "Concentric Castle"),
                     staging_camp_cost=3)
    state = with_ed(position(g), holders=((0, 2), (), ()), debts=((), (-2, -3), ()))
    text = render_view(g, g.view(state, 0))
    assert ("Age I Money Changer (open, 2 pawns left; pawns: you (Giza), seat 2 (Babylon)): "
            "join 1 coin; reward +4 coins; penalty lose 2 coins") in text
    assert "Staging Camp (open, 2 pawns left; pawns: none): join 3 coins" in text
    assert "reward a victory token of 5; penalty discard a red card" in text
    assert "penalty lose 2 victory tokens" in text
    assert "Debts: seat 1 (Rhodes) -5 (-2 -3)" in text


def test_every_project_reads_as_a_sentence() -> None:
    from sevenwonders.edifice import load_projects
    from sevenwonders.edifice.projects import describe_project

    for project in load_projects().values():
        text = describe_project(project)
        assert text.startswith(f"join {project.cost} coin") and "; reward " in text, text
        assert "; penalty " in text and "(" not in text.split("reward")[0], text


def test_architects_cards_tokens_conflict_and_cat_read_as_printed() -> None:
    _, text = _play(make_game("architects", 3), "1\n" * 12 + "quit\n", seat=0, seed=5)
    assert "blue2cat" not in text and "red0" not in text and " 2d " not in text
    assert "wonder Halicarnassus: 2 different resources 3 VP" in text or \
        "2 different resources" in text
    assert "Conflict: " in text and "tokens show battle" in text
    assert "The cat is with " in text
    assert "Progress tokens face up: " in text and " VP" in text
    assert "= take the top card of your own deck (" in text
    assert "took " in text and " from " in text  # events as sentences
