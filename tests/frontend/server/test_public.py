"""Operating in public: rates and caps refuse a flood, finished and abandoned tables leave
memory and stay readable until the retention, and startup loads no table before answering."""

from __future__ import annotations

import sqlite3
import time
from pathlib import Path

import attrs

from tests.frontend.server.helpers import (
    ROOMY,
    auth,
    create,
    seat_url,
    server,
    wait_until,
)

BOTS_ONLY = {"game": "architects", "players": 2, "bots": {"0": "random", "1": "random"}}


def test_the_create_rate_refuses_a_flood_with_retry_after(tmp_path: Path) -> None:
    settings = attrs.evolve(ROOMY, create_rate="3/minute")
    with server(tmp_path / "t.sqlite3", settings) as client:
        answers = [client.post("/api/tables", json={"game": "base", "players": 3})
                   for _ in range(6)]
        assert [a.status_code for a in answers] == [201] * 3 + [429] * 3
        refused = answers[-1]
        assert refused.json()["error"]["reason"] == "rate_limited"
        assert 1 <= int(refused.headers["retry-after"]) <= 60
        assert len(client.app.state.tables.tables) == 3


def test_the_move_rate_refuses_a_flood(tmp_path: Path) -> None:
    settings = attrs.evolve(ROOMY, move_rate="2/minute")
    with server(tmp_path / "t.sqlite3", settings) as client:
        table, tokens = create(client, "base", 3)
        statuses = []
        for _ in range(4):
            statuses.append(client.post(seat_url(table, 0) + "/moves", headers=auth(tokens[0]),
                                        json={"move": "nonsense"}).status_code)
        assert statuses == [400, 400, 429, 429]


def test_caps_on_live_tables_per_client_and_in_all(tmp_path: Path) -> None:
    with server(tmp_path / "a.sqlite3", attrs.evolve(ROOMY, max_tables_per_client=2)) as client:
        assert [client.post("/api/tables", json={"game": "dice", "players": 2}).status_code
                for _ in range(3)] == [201, 201, 429]
        assert client.post("/api/tables", json={"game": "dice", "players": 2}).json()[
            "error"]["reason"] == "too_many"
    with server(tmp_path / "b.sqlite3", attrs.evolve(ROOMY, max_tables=2)) as client:
        answers = [client.post("/api/tables", json={"game": "dice", "players": 2})
                   for _ in range(3)]
        assert [a.status_code for a in answers] == [201, 201, 503]
        assert answers[-1].json()["error"]["reason"] == "busy"


def test_finished_tables_leave_memory_and_stay_readable_until_the_retention(
        tmp_path: Path) -> None:
    settings = attrs.evolve(ROOMY, linger=0.0, sweep_every=0.05, retention=3600.0)
    path = tmp_path / "t.sqlite3"
    with server(path, settings) as client:
        table = client.post("/api/tables", json=BOTS_ONLY).json()["id"]
        tables = client.app.state.tables
        deadline = time.monotonic() + 120
        while table in tables.tables or not tables.store.table(table).final:
            assert time.monotonic() < deadline, "the table did not finish and leave memory"
            time.sleep(0.02)
        record = client.get(f"/api/tables/{table}/record")  # loaded again to be read
        assert record.status_code == 200 and record.json()["final"]
        assert client.get(f"/api/tables/{table}/replay").status_code == 200
        tables.settings = attrs.evolve(settings, retention=0.001)  # now past the retention
        while client.get(f"/api/tables/{table}").status_code != 404:
            assert time.monotonic() < deadline, "the table was not deleted"
            time.sleep(0.02)
    db = sqlite3.connect(path)
    for name in ("tables", "steps", "pending"):
        assert db.execute(f"SELECT COUNT(*) FROM {name}").fetchone() == (0,)
    db.close()


def test_an_abandoned_table_leaves_memory_frees_its_place_and_comes_back(
        tmp_path: Path) -> None:
    settings = attrs.evolve(ROOMY, max_tables=1, idle=1.0, linger=0.0, sweep_every=0.05)
    with server(tmp_path / "t.sqlite3", settings) as client:
        table, tokens = create(client, "base", 3)
        assert client.post("/api/tables", json={"game": "dice", "players": 2}).status_code == 503
        tables = client.app.state.tables
        deadline = time.monotonic() + 60
        while table in tables.tables:
            assert time.monotonic() < deadline, "the abandoned table stayed in memory"
            time.sleep(0.02)
        assert client.post("/api/tables", json={"game": "dice", "players": 2}).status_code == 201
        payload = client.get(seat_url(table, 0), headers=auth(tokens[0])).json()
        assert payload["to_move"]  # loaded again from the file: play goes on
        answer = client.post(seat_url(table, 0) + "/moves", headers=auth(tokens[0]),
                             json={"move": payload["moves"][0]})
        assert answer.status_code == 200 and answer.json()["waiting_for"] == [1, 2]


def test_startup_loads_no_table_and_live_bots_go_on_in_the_background(tmp_path: Path) -> None:
    path = tmp_path / "t.sqlite3"
    with server(path) as client:
        finished = client.post("/api/tables", json=BOTS_ONLY).json()["id"]
        person, tokens = create(client, "base", 3, bots={"1": "random", "2": "random"})
        wait_until(client, person, 0, tokens[0], lambda p: p["to_move"])
        info = wait_until_info(client, finished)
        assert info["over"]
        payload = client.get(seat_url(person, 0), headers=auth(tokens[0])).json()
        client.post(seat_url(person, 0) + "/moves", headers=auth(tokens[0]),
                    json={"move": payload["moves"][0]})
    # as if stopped when the second step began: its bots still owe their moves
    db = sqlite3.connect(path)
    db.execute("DELETE FROM steps WHERE table_id = ? AND idx >= 1", (person,))
    db.execute("DELETE FROM pending WHERE table_id = ?", (person,))
    db.commit()
    db.close()
    with server(path) as client:
        tables = client.app.state.tables
        deadline = time.monotonic() + 60
        while True:  # nobody asks for the table: the background loading plays its bots
            db = sqlite3.connect(path)
            sent = db.execute("SELECT seat FROM pending WHERE table_id = ? ORDER BY seat",
                              (person,)).fetchall()
            db.close()
            if sent == [(1,), (2,)]:
                break
            assert time.monotonic() < deadline, "the live table's bots did not go on"
            time.sleep(0.02)
        assert finished not in tables.tables  # a finished table waits to be asked for
        assert client.get(f"/api/tables/{finished}").json()["over"]


def wait_until_info(client, table: str) -> dict:  # type: ignore[no-untyped-def, type-arg]
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        info = client.get(f"/api/tables/{table}").json()
        if info["over"]:
            return info  # type: ignore[no-any-return]
        time.sleep(0.01)
    raise AssertionError("the bots' table did not finish")


def test_a_socket_of_a_table_that_leaves_memory_is_closed_and_reconnects(
        tmp_path: Path) -> None:
    from starlette.websockets import WebSocketDisconnect

    settings = attrs.evolve(ROOMY, idle=0.3, linger=0.0, sweep_every=0.05)
    with server(tmp_path / "t.sqlite3", settings) as client:
        table, tokens = create(client, "base", 3)
        url = seat_url(table, 0) + "/ws"
        with client.websocket_connect(url, headers=auth(tokens[0])) as socket:
            first = socket.receive_json()
            try:
                socket.receive_json()
                raise AssertionError("a push came instead of the close")
            except WebSocketDisconnect as closed:
                assert closed.code == 1001
        with client.websocket_connect(url, headers=auth(tokens[0])) as socket:
            again = socket.receive_json()  # the table is loaded again
            assert again["view"] == first["view"] and again["to_move"]
