"""The turn clock: a seat whose time runs out is played by the table's clock bot, every seat
is told, and the seat takes its place back with its token."""

from __future__ import annotations

import time
from pathlib import Path

from tests.frontend.server.helpers import auth, seat_url, server, wait_until


def test_a_seat_out_of_time_is_played_by_a_bot_and_comes_back(tmp_path: Path) -> None:
    with server(tmp_path / "t.sqlite3") as client:
        response = client.post("/api/tables", json={
            "game": "base", "players": 3, "bots": {"2": "random"},
            "clock": {"seconds": 3, "bot": "random"}})
        assert response.status_code == 201
        table = response.json()["id"]
        tokens = {int(s): t for s, t in response.json()["seats"].items()}
        first = client.get(seat_url(table, 0), headers=auth(tokens[0])).json()
        assert first["clock"]["seconds"] == 3 and first["clock"]["bot"] == "random"
        assert first["clock"]["away"] == [] and first["clock"]["deadline"] > time.time() - 1
        # seat 1 moves in time; seat 0 does not
        moves = client.get(seat_url(table, 1), headers=auth(tokens[1])).json()["moves"]
        client.post(seat_url(table, 1) + "/moves", headers=auth(tokens[1]),
                    json={"move": moves[0]})
        later = wait_until(client, table, 1, tokens[1], lambda p: p["step"] >= 1)
        assert later["clock"]["away"] == [0]  # seat 1 is told too
        info = client.get(f"/api/tables/{table}").json()
        assert info["clock"]["away"] == [0]
        # the bot goes on for seat 0 in the next step; seat 1's own deadline runs again
        assert later["clock"]["deadline"] is not None
        mine = client.get(seat_url(table, 0), headers=auth(tokens[0])).json()
        assert mine["clock"]["away"] == [0]
        back = client.post(seat_url(table, 0) + "/back", headers=auth(tokens[0]))
        assert back.status_code == 200
        body = back.json()
        assert body["clock"]["away"] == []
        assert body["to_move"] or 0 not in body["waiting_for"]  # the bot may have moved
        if not body["to_move"]:  # then seat 0 is asked in the next step, not its bot
            moves = client.get(seat_url(table, 1), headers=auth(tokens[1])).json()["moves"]
            client.post(seat_url(table, 1) + "/moves", headers=auth(tokens[1]),
                        json={"move": moves[0]})
            body = wait_until(client, table, 0, tokens[0], lambda p: p["to_move"])
        answer = client.post(seat_url(table, 0) + "/moves", headers=auth(tokens[0]),
                             json={"move": body["moves"][0]})
        assert answer.status_code == 200 and answer.json()["clock"]["away"] == []
        assert client.post(seat_url(table, 0) + "/back",
                           headers=auth(tokens[1])).status_code == 403
        assert client.post(seat_url(table, 0) + "/back").status_code == 401


def test_a_move_by_an_away_seat_brings_it_back(tmp_path: Path) -> None:
    with server(tmp_path / "t.sqlite3") as client:
        response = client.post("/api/tables", json={
            "game": "dice", "players": 2, "clock": 1})
        table = response.json()["id"]
        tokens = {int(s): t for s, t in response.json()["seats"].items()}
        # nobody moves: both run out, the greedy clock bot plays both seats
        played = wait_until(client, table, 0, tokens[0], lambda p: p["step"] >= 1)
        assert played["clock"]["away"] == [0, 1] and played["clock"]["bot"] == "greedy"
        payload = wait_until(client, table, 0, tokens[0], lambda p: p["to_move"] or p["over"]
                             or p["clock"]["away"] != [0, 1])
        # (on a loaded machine the bot may finish the game before seat 0 is asked again)
        assert payload["to_move"] or payload["clock"]["away"] == [0, 1]
        if payload["to_move"]:  # caught between two of the bot's moves
            answer = client.post(seat_url(table, 0) + "/moves", headers=auth(tokens[0]),
                                 json={"move": payload["moves"][0]})
            if answer.status_code == 200:
                assert 0 not in answer.json()["clock"]["away"]


def test_clock_refusals(tmp_path: Path) -> None:
    with server(tmp_path / "t.sqlite3") as client:
        for clock, reason in [(0, "invalid_option"), (10**9, "invalid_option"),
                              ("60", "malformed"), (True, "malformed"),
                              ({"seconds": 60, "bot": "deep"}, "unknown_name"),
                              ({"bot": "random"}, "malformed"),
                              ({"seconds": 60, "turbo": 1}, "malformed")]:
            response = client.post("/api/tables", json={"game": "base", "players": 3,
                                                         "clock": clock})
            assert response.status_code == 400, clock
            assert response.json()["error"]["reason"] == reason, clock
        table = client.post("/api/tables", json={"game": "base", "players": 3}).json()
        payload = client.get(seat_url(table["id"], 0), headers=auth(table["seats"]["0"])).json()
        assert payload["clock"] == {"seconds": None, "bot": None, "deadline": None, "away": []}


def test_away_seats_and_the_clock_survive_a_restart(tmp_path: Path) -> None:
    path = tmp_path / "t.sqlite3"
    with server(path) as client:
        response = client.post("/api/tables", json={"game": "base", "players": 3,
                                                    "clock": {"seconds": 3, "bot": "random"}})
        table = response.json()["id"]
        tokens = {int(s): t for s, t in response.json()["seats"].items()}
        for seat in (1, 2):  # seats 1 and 2 move in time; seat 0 will not
            moves = client.get(seat_url(table, seat), headers=auth(tokens[seat])).json()["moves"]
            client.post(seat_url(table, seat) + "/moves", headers=auth(tokens[seat]),
                        json={"move": moves[0]})
        wait_until(client, table, 1, tokens[1], lambda p: p["clock"]["away"] == [0])
    with server(path) as client:
        payload = client.get(seat_url(table, 0), headers=auth(tokens[0])).json()
        assert payload["clock"]["away"] == [0] and payload["clock"]["seconds"] == 3
        back = client.post(seat_url(table, 0) + "/back", headers=auth(tokens[0])).json()
        assert back["clock"]["away"] == []
