"""Game records: save, load, replay, and the first bad step named."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from sevenwonders.base import BaseGame
from sevenwonders.core.serialization import from_json, to_json
from sevenwonders.edifice import Edifice
from sevenwonders.errors import InvalidOptionError, ReplayError, SerializationError
from sevenwonders.frontend.records import (
    FORMAT,
    GameRecord,
    build_game,
    load_record,
    make_expansion,
    new_record,
    read_record,
    record_game,
    replay,
    save_record,
)
from tests.frontend.helpers import KIND_IDS, game_of, playout


def _record(kind_id: str) -> GameRecord:
    game = game_of(kind_id)
    run = playout(kind_id)
    return record_game(game, run.seed, run.steps).finished(game.scores(run.states[-1]))


@pytest.mark.parametrize("kind_id", KIND_IDS)
def test_a_record_round_trips_and_replays_to_the_same_end(kind_id: str) -> None:
    game = game_of(kind_id)
    run = playout(kind_id)
    record = _record(kind_id)
    text = record.to_json()
    again = load_record(text)
    assert again == record
    assert from_json(to_json(record), GameRecord) == record
    result = replay(again, require_finished=True)
    assert result.over
    assert to_json(result.state) == to_json(run.states[-1])
    assert result.scores == game.scores(run.states[-1])
    assert result.events == run.events
    assert result.game.options() == game.options()


def test_the_record_format_is_plain_readable_json() -> None:
    game = BaseGame(players=3, expansions=(Edifice(),))
    state = game.new_game(5)
    moves = {seat: game.legal_moves(state, seat)[0] for seat in range(3)}
    record = new_record(game, 5).with_step(moves)
    data = json.loads(record.to_json())
    assert data["format"] == FORMAT and data["version"] == 1
    assert data["game"] == "base" and data["players"] == 3 and data["seed"] == 5
    assert data["options"]["expansions"] == {"edifice": Edifice().options()}
    assert data["steps"] == [{str(seat): str(move) for seat, move in moves.items()}]
    assert "final" not in data


def test_an_unfinished_record_replays_with_running_scores() -> None:
    record = _record("base")
    short = GameRecord(record.game, record.players, record.options, record.seed,
                       record.steps[:5])
    result = replay(short)
    assert not result.over
    with pytest.raises(ReplayError) as caught:
        replay(short, require_finished=True)
    assert caught.value.step == 5


def test_files(tmp_path: Path) -> None:
    record = _record("edifice")
    path = tmp_path / "game.json"
    save_record(record, str(path))
    assert read_record(str(path)) == record
    with pytest.raises(SerializationError, match="cannot read"):
        read_record(str(tmp_path / "missing.json"))


def test_an_illegal_move_names_its_step() -> None:
    record = _record("base")
    steps = list(record.steps)
    seat, _ = steps[3][1]
    steps[3] = (steps[3][0], (seat, "sell No Such Card"), *steps[3][2:])
    bad = GameRecord(record.game, record.players, record.options, record.seed, tuple(steps),
                     record.final)
    with pytest.raises(ReplayError, match=r"step 3: seat 1: 'sell No Such Card'") as caught:
        replay(load_record(bad.to_json()))
    assert caught.value.step == 3


def test_a_missing_seat_names_its_step() -> None:
    record = _record("dice")
    steps = list(record.steps)
    steps[2] = steps[2][1:]
    bad = GameRecord(record.game, record.players, record.options, record.seed, tuple(steps))
    with pytest.raises(ReplayError, match="step 2: moves for seats") as caught:
        replay(bad)
    assert caught.value.step == 2


def test_steps_after_the_end_and_wrong_totals_are_refused() -> None:
    record = _record("architects")
    longer = GameRecord(record.game, record.players, record.options, record.seed,
                        (*record.steps, record.steps[-1]))
    with pytest.raises(ReplayError, match="already over") as caught:
        replay(longer)
    assert caught.value.step == len(record.steps)
    assert record.final is not None
    wrong = GameRecord(record.game, record.players, record.options, record.seed, record.steps,
                       tuple(total + 1 for total in record.final))
    with pytest.raises(ReplayError, match="the record says"):
        replay(wrong)


def test_a_different_seed_fails_at_some_step() -> None:
    record = _record("base")
    other = GameRecord(record.game, record.players, record.options, record.seed + 1,
                       record.steps, record.final)
    with pytest.raises(ReplayError) as caught:
        replay(other)
    assert caught.value.step is not None


@pytest.mark.parametrize("document, message", [
    ("[]", "JSON object"),
    ("{", "not a JSON document"),
    ('{"game": "base"}', "needs the field"),
    ('{"game": "base", "players": 3, "seed": 1, "steps": [], "extra": 1}', "unknown field"),
    ('{"game": "base", "players": true, "seed": 1, "steps": []}', "players"),
    ('{"game": "base", "players": 3, "seed": "1", "steps": []}', "seed"),
    ('{"format": "other", "game": "base", "players": 3, "seed": 1, "steps": []}', "format"),
    ('{"version": 9, "game": "base", "players": 3, "seed": 1, "steps": []}', "version"),
    ('{"game": "base", "players": 3, "seed": 1, "steps": {}}', "steps must be a list"),
    ('{"game": "base", "players": 3, "seed": 1, "steps": [], "options": [1]}', "options"),
    ('{"game": "base", "players": 3, "seed": 1, "steps": [], "final": [1]}', "final"),
])
def test_malformed_documents(document: str, message: str) -> None:
    with pytest.raises(SerializationError, match=message):
        load_record(document)


@pytest.mark.parametrize("step", [[], "x", {"0": 1}, {"a": "skip"}, {"9": "skip"}, {"-1": "x"}])
def test_malformed_steps_name_their_index(step: object) -> None:
    document = {"game": "base", "players": 3, "seed": 1, "steps": [{"0": "skip"}, step]}
    with pytest.raises(ReplayError) as caught:
        load_record(json.dumps(document))
    assert caught.value.step == 1


@pytest.mark.parametrize("name, options, message", [
    ("chess", {}, "unknown game"),
    ("base", {"colour": "red"}, "bad options"),
    ("base", {"expansions": {"armada": {}}}, "unknown expansion"),
    ("base", {"expansions": {"edifice": {"castle_loses": "all"}}}, "castle_loses"),
    ("base", {"expansions": {"edifice": {"nope": 1}}}, "bad options"),
    ("base", {"expansions": [1]}, "expansions must be"),
    ("base", {"players": 4}, "players is not an option"),
    ("dice", {"expansions": {"edifice": {}}}, "expansions"),
])
def test_games_from_names_refuse_bad_options(name: str, options: dict[str, object],
                                             message: str) -> None:
    with pytest.raises(InvalidOptionError, match=message):
        build_game(name, 3, options)


def test_a_record_with_bad_options_does_not_replay() -> None:
    document = {"game": "base", "players": 3, "seed": 1, "steps": [],
                "options": {"edition": "3rd"}}
    with pytest.raises(ReplayError, match="cannot be set up"):
        replay(load_record(json.dumps(document)))


def test_expansions_are_built_from_their_names() -> None:
    edifice = make_expansion("edifice", {"castle_loses": "lowest"})
    assert isinstance(edifice, Edifice)
    assert edifice.options()["castle_loses"] == "lowest"
    game = build_game("base", 4, BaseGame(players=4, expansions=(edifice,)).options())
    assert game.options() == BaseGame(players=4, expansions=(edifice,)).options()
