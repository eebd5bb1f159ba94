"""What is live between steps and what survives a reload: a push to every seat when any seat's
move is taken (readiness), payload versions, the whole game's log rebuilt from the record, and
the replay of a finished table."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from sevenwonders.frontend.records import record_from_dict, replay
from tests.frontend.server.helpers import auth, create, play_to_end, seat_url, server


def test_every_seat_hears_when_one_seat_has_chosen(tmp_path: Path) -> None:
    with server(tmp_path / "t.sqlite3") as client:
        table, tokens = create(client, "base", 3)
        sockets = [client.websocket_connect(seat_url(table, seat) + "/ws",
                                            headers=auth(tokens[seat])) for seat in (1, 2)]
        with sockets[0] as one, sockets[1] as two:
            first = [one.receive_json(), two.receive_json()]
            assert all(p["waiting_for"] == [0, 1, 2] for p in first)
            payload = client.get(seat_url(table, 0), headers=auth(tokens[0])).json()
            answer = client.post(seat_url(table, 0) + "/moves", headers=auth(tokens[0]),
                                 json={"move": payload["moves"][0]})
            assert answer.status_code == 200
            pushed = [one.receive_json(), two.receive_json()]
            for before, after in zip(first, pushed, strict=True):
                assert after["step"] == 0 and after["waiting_for"] == [1, 2]
                assert after["version"] > before["version"]
                assert after["to_move"]  # its own choice is still to make
            assert answer.json()["version"] == pushed[0]["version"]
            assert not answer.json()["to_move"]


def test_the_log_holds_the_whole_game_and_survives_a_restart(tmp_path: Path) -> None:
    path = tmp_path / "t.sqlite3"
    with server(path) as client:
        table, tokens = create(client, "base", 3, bots={"1": "random", "2": "random"})
        seen: list[dict[str, Any]] = []
        last = play_to_end(client, table, tokens, seed=4,
                           seen=lambda seat, payload: seen.append(payload))
        record = record_from_dict(client.get(f"/api/tables/{table}/record").json())
        reloaded = client.get(seat_url(table, 0), headers=auth(tokens[0])).json()
    with server(path) as client:
        restarted = client.get(seat_url(table, 0), headers=auth(tokens[0])).json()
    steps = len(record.steps)
    assert [entry["step"] for entry in last["log"]] == list(range(1, steps + 1))
    assert reloaded["log"] == last["log"] and restarted["log"] == last["log"]
    assert last["log"][-1]["events"] == last["events"]
    result = replay(record)
    game = result.game
    for entry, events in zip(last["log"], result.events, strict=True):
        assert len(entry["events"]) == len(game.visible_events(events, 0))
        assert all(isinstance(e["text"], str) and e["text"] for e in entry["events"])
    for payload in seen:  # every payload's log is the record up to its step
        assert len(payload["log"]) == payload["step"]


def test_the_replay_steps_through_a_finished_table(tmp_path: Path) -> None:
    with server(tmp_path / "t.sqlite3") as client:
        table, tokens = create(client, "architects", 2, bots={"1": "random"})
        assert client.get(f"/api/tables/{table}/replay").json()["error"]["reason"] == "not_over"
        assert client.get(f"/api/tables/{table}/replay/0").status_code == 409
        last = play_to_end(client, table, tokens, seed=2)
        record = record_from_dict(client.get(f"/api/tables/{table}/record").json())
        whole = client.get(f"/api/tables/{table}/replay").json()
        assert whole["positions"] == len(record.steps) + 1
        assert [step["moves"] for step in whole["steps"]] == \
            [{str(seat): text for seat, text in step} for step in record.steps]
        assert whole["final"] == list(record.final or ())
        assert whole["ranking"] == last["ranking"]
        result = replay(record)
        for index in (0, 1, len(record.steps)):
            position = client.get(f"/api/tables/{table}/replay/{index}").json()
            assert position["step"] == index and len(position["views"]) == 2
            if index:
                assert len(position["events"]) == len(result.events[index - 1])
        end = client.get(f"/api/tables/{table}/replay/{len(record.steps)}").json()
        assert end["views"][0] == last["view"]
        for bad in (str(len(record.steps) + 1), "-1", "x", "9" * 30):
            response = client.get(f"/api/tables/{table}/replay/{bad}")
            assert response.status_code == 404, bad
