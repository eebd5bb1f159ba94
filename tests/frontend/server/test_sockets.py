"""The WebSocket of a seat: the token (header or first message), a push after every step with
the new view and visible events, and nothing another seat may not see."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from sevenwonders.frontend.records import record_from_dict, replay
from tests.frontend.server.helpers import auth, create, seat_url, server
from tests.frontend.server.test_games import check_no_leak

pytest.importorskip("starlette")
from starlette.websockets import WebSocketDisconnect


def test_a_whole_game_over_the_socket(tmp_path: Path) -> None:
    rng = random.Random(3)
    received: list[tuple[int, dict[str, Any]]] = []
    with server(tmp_path / "t.sqlite3") as client:
        table, tokens = create(client, "base", 3, bots={"1": "random", "2": "greedy"})
        url = seat_url(table, 0)
        steps_pushed = set()
        with client.websocket_connect(url + "/ws", headers=auth(tokens[0])) as socket:
            newest = -1  # a push older than a payload already had is stale: skipped
            for _ in range(5000):
                payload = socket.receive_json()
                received.append((0, payload))
                steps_pushed.add(payload["step"])
                if payload["over"]:
                    break
                if payload["to_move"] and payload["version"] > newest:
                    response = client.post(url + "/moves", headers=auth(tokens[0]),
                                           json={"move": rng.choice(payload["moves"])})
                    assert response.status_code == 200
                    received.append((0, response.json()))
                    newest = response.json()["version"]
            else:
                pytest.fail("the game did not end")
        record = record_from_dict(client.get(f"/api/tables/{table}/record").json())
    assert payload["scores"] and payload["events"]
    assert steps_pushed == set(range(len(record.steps) + 1))  # a push for every step
    for _, pushed in received:
        assert pushed["seat"] == 0 and pushed["view"]["seat"] == 0
    assert replay(record, require_finished=True).over
    assert check_no_leak(record, received) == len(received)


def test_the_token_may_come_as_the_first_message(tmp_path: Path) -> None:
    with server(tmp_path / "t.sqlite3") as client:
        table, tokens = create(client, "dice", 2)
        with client.websocket_connect(seat_url(table, 1) + "/ws") as socket:
            socket.send_json({"token": tokens[1]})
            first = socket.receive_json()
            assert first["seat"] == 1 and first["to_move"] is True
            client.post(seat_url(table, 0) + "/moves", headers=auth(tokens[0]),
                        json={"move": "pass"})
            client.post(seat_url(table, 1) + "/moves", headers=auth(tokens[1]),
                        json={"move": "pass"})
            pushed = socket.receive_json()  # seat 0 has chosen: seat 1 is told at once
            assert pushed["step"] == 0 and pushed["waiting_for"] == [1] and pushed["to_move"]
            while pushed["step"] == 0:
                pushed = socket.receive_json()
            assert pushed["step"] == 1 and pushed["events"]
            assert any("pass" in event["text"] for event in pushed["events"])


@pytest.mark.parametrize(("who", "reason", "code"), [
    ("nobody", "unauthorized", 4401),
    ("other", "forbidden", 4403),
    ("garbage", "malformed", 4400),
    ("bytes", "malformed", 4400),
])
def test_sockets_refuse_wrong_tokens(tmp_path: Path, who: str, reason: str, code: int) -> None:
    with server(tmp_path / "t.sqlite3") as client:
        table, tokens = create(client, "base", 3)
        with client.websocket_connect(seat_url(table, 0) + "/ws") as socket:
            if who == "garbage":
                socket.send_text("{{{")
            elif who == "bytes":
                socket.send_bytes(b'{"token": "x"}')
            else:
                socket.send_json({"token": tokens[1] if who == "other" else "bad"})
            answer = socket.receive_json()
            assert answer["error"]["reason"] == reason
            with pytest.raises(WebSocketDisconnect) as closed:
                socket.receive_json()
            assert closed.value.code == code


def test_sockets_of_unknown_tables_and_seats(tmp_path: Path) -> None:
    with server(tmp_path / "t.sqlite3") as client:
        table, tokens = create(client, "base", 3)
        for url in (seat_url("nosuch", 0), seat_url(table, 7)):
            with client.websocket_connect(url + "/ws", headers=auth(tokens[0])) as socket:
                assert socket.receive_json()["error"]["reason"] == "not_found"
                with pytest.raises(WebSocketDisconnect) as closed:
                    socket.receive_json()
                assert closed.value.code == 4404
