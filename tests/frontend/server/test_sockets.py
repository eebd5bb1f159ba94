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
        steps_pushed: set[int] = set()
        newest = -1  # the newest version seen: a push no newer is stale
        payload: dict[str, Any] = {"over": False}
        for _ in range(20):  # a close with 1001 (the table left memory) asks for a reconnect
            with client.websocket_connect(url + "/ws", headers=auth(tokens[0])) as socket:
                try:
                    payload, newest = _play_over(socket, client, url, tokens[0], rng,
                                                 received, steps_pushed, newest)
                except WebSocketDisconnect as closed:
                    assert closed.code == 1001
                    continue
            break
        assert payload["over"], "the game did not end"
        record = record_from_dict(client.get(f"/api/tables/{table}/record").json())
    assert payload["scores"] and payload["events"]
    assert steps_pushed == set(range(len(record.steps) + 1))  # a push for every step
    for _, pushed in received:
        assert pushed["seat"] == 0 and pushed["view"]["seat"] == 0
    assert replay(record, require_finished=True).over
    assert check_no_leak(record, received) == len(received)


def _play_over(socket: Any, client: Any, url: str, token: str, rng: random.Random,
               received: list[tuple[int, dict[str, Any]]], steps_pushed: set[int],
               newest: int) -> tuple[dict[str, Any], int]:
    """Answer one connection's pushes with random moves until a push says the game is over;
    the last payload and the newest version seen. As the payload docstring asks of a client,
    the newest payload counts whichever way it came: a push no newer than a move's answer is
    stale, and an answer that asks the seat again (a decision only it owes, so no bot moves
    and no newer push comes) is acted on at once."""
    for _ in range(5000):
        payload: dict[str, Any] = socket.receive_json()
        received.append((0, payload))
        steps_pushed.add(payload["step"])
        if payload["over"]:
            return payload, newest
        if payload["version"] <= newest:
            continue
        newest = payload["version"]
        while payload["to_move"] and not payload["over"]:
            response = client.post(url + "/moves", headers=auth(token),
                                   json={"move": rng.choice(payload["moves"])})
            assert response.status_code == 200, response.text
            payload = response.json()
            received.append((0, payload))
            newest = payload["version"]
    pytest.fail("the game did not end")


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
