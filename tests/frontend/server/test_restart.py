"""Stopping and starting the server loses nothing: a second app over the same SQLite file
resumes every table exactly, moves already sent included, and bots still to move then move."""

from __future__ import annotations

import random
import sqlite3
import time
from pathlib import Path

from sevenwonders.frontend.records import record_from_dict, replay
from sevenwonders.frontend.server.store import Store, StoredTable
from sevenwonders.frontend.server.tables import token_digest
from tests.frontend.server.helpers import (
    auth,
    create,
    play_to_end,
    seat_url,
    server,
    wait_until,
)


def test_a_restart_resumes_every_table_exactly(tmp_path: Path) -> None:
    path = tmp_path / "tables.sqlite3"
    rng = random.Random(7)
    with server(path) as client:
        table, tokens = create(client, "base", 3)  # three people: nothing moves on its own
        other, other_tokens = create(client, "architects", 2)
        for _ in range(2):
            for seat in range(3):
                payload = client.get(seat_url(table, seat), headers=auth(tokens[seat])).json()
                client.post(seat_url(table, seat) + "/moves", headers=auth(tokens[seat]),
                            json={"move": rng.choice(payload["moves"])})
        for seat in (0, 1):  # sent, but the step waits for seat 2
            payload = client.get(seat_url(table, seat), headers=auth(tokens[seat])).json()
            response = client.post(seat_url(table, seat) + "/moves", headers=auth(tokens[seat]),
                                   json={"move": rng.choice(payload["moves"])})
            assert response.status_code == 200
        before = {seat: client.get(seat_url(table, seat), headers=auth(tokens[seat])).json()
                  for seat in range(3)}
        before_info = client.get(f"/api/tables/{table}").json()
        other_before = client.get(seat_url(other, 0), headers=auth(other_tokens[0])).json()
    assert before_info["step"] == 2 and before_info["waiting_for"] == [2]
    with server(path) as client:
        after = {seat: client.get(seat_url(table, seat), headers=auth(tokens[seat])).json()
                 for seat in range(3)}
        assert after == before
        assert client.get(f"/api/tables/{table}").json() == before_info
        assert client.get(seat_url(other, 0), headers=auth(other_tokens[0])).json() \
            == other_before
        again = client.post(seat_url(table, 0) + "/moves", headers=auth(tokens[0]),
                            json={"move": before[0]["moves"][0] if before[0]["moves"] else "x"})
        assert again.status_code == 409  # seat 0's move was kept
        response = client.post(seat_url(table, 2) + "/moves", headers=auth(tokens[2]),
                               json={"move": before[2]["moves"][0]})
        assert response.status_code == 200 and response.json()["step"] == 3
        last = play_to_end(client, table, tokens, seed=1)
        record = record_from_dict(client.get(f"/api/tables/{table}/record").json())
    assert replay(record, require_finished=True).scores[0].total == last["scores"][0]["total"]


def test_bots_still_to_move_move_after_a_restart(tmp_path: Path) -> None:
    """A table stored with a person's move sent and the bots' moves not yet made (the server
    stopped in between): once started again, the bots move and the step is played."""
    path = tmp_path / "tables.sqlite3"
    store = Store(str(path))
    token = "a-token-for-seat-zero"
    store.add_table(StoredTable(
        id="resume", game="base", players=3,
        options={"edition": "2nd", "sides": "day", "wonders": None,
                 "coin_effect_timing": "after_builds", "last_turn_order": "babylon_first",
                 "expansions": {}},
        seed=12345, bot_seed=99, bots={1: "random", 2: "greedy"},
        tokens={0: token_digest(token)}, created=time.time()))
    store.close()
    with server(path) as client:
        payload = client.get(seat_url("resume", 0), headers=auth(token)).json()
        assert payload["step"] == 0
        client.post(seat_url("resume", 0) + "/moves", headers=auth(token),
                    json={"move": payload["moves"][0]})
        moved = wait_until(client, "resume", 0, token, lambda p: p["step"] == 1)
        assert moved["to_move"]
    # as if the server stopped right after taking seat 0's move, before the bots thought
    db = sqlite3.connect(path)
    db.execute("DELETE FROM pending WHERE table_id = 'resume'")
    db.commit()
    db.close()
    store = Store(str(path))
    store.add_move("resume", 1, 0, moved["moves"][0], time.time())
    store.close()
    db = sqlite3.connect(path)
    assert db.execute("SELECT COUNT(*) FROM steps WHERE table_id = 'resume'").fetchone() == (1,)
    assert db.execute("SELECT seat FROM pending WHERE table_id = 'resume'").fetchall() == [(0,)]
    db.close()
    with server(path) as client:
        later = wait_until(client, "resume", 0, token, lambda p: p["step"] == 2)
        assert later["to_move"] and later["events"]


def test_a_table_whose_record_does_not_replay_is_left_out(tmp_path: Path) -> None:
    path = tmp_path / "tables.sqlite3"
    with server(path) as client:
        broken, broken_tokens = create(client, "base", 3)
        kept, kept_tokens = create(client, "dice", 2)
        for seat in range(3):
            payload = client.get(seat_url(broken, seat), headers=auth(broken_tokens[seat])).json()
            client.post(seat_url(broken, seat) + "/moves", headers=auth(broken_tokens[seat]),
                        json={"move": payload["moves"][0]})
    db = sqlite3.connect(path)
    db.execute("UPDATE steps SET moves = ? WHERE table_id = ?",
               ('{"0": "fly", "1": "fly", "2": "fly"}', broken))
    db.commit()
    db.close()
    with server(path) as client:
        assert client.get(f"/api/tables/{broken}").status_code == 404
        response = client.get(seat_url(kept, 0), headers=auth(kept_tokens[0]))
        assert response.status_code == 200 and response.json()["to_move"]


def test_a_file_of_the_first_release_is_opened_and_its_tables_play_on(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    db = sqlite3.connect(path)
    db.executescript("""
        CREATE TABLE tables (id TEXT PRIMARY KEY, game TEXT NOT NULL, players INTEGER NOT NULL,
            options TEXT NOT NULL, seed INTEGER NOT NULL, bot_seed INTEGER NOT NULL,
            bots TEXT NOT NULL, tokens TEXT NOT NULL, created REAL NOT NULL, final TEXT);
        CREATE TABLE steps (table_id TEXT NOT NULL REFERENCES tables(id), idx INTEGER NOT NULL,
            moves TEXT NOT NULL, PRIMARY KEY (table_id, idx));
        CREATE TABLE pending (table_id TEXT NOT NULL REFERENCES tables(id),
            seat INTEGER NOT NULL, step INTEGER NOT NULL, move TEXT NOT NULL,
            PRIMARY KEY (table_id, seat));
    """)
    token = "an-old-token"
    db.execute("INSERT INTO tables VALUES ('old', 'dice', 2, '{}', 5, 6, '{\"1\": \"random\"}',"
               " ?, 0.0, NULL)", (f'{{"0": "{token_digest(token)}"}}',))
    db.commit()
    db.close()
    with server(path) as client:
        payload = client.get(seat_url("old", 0), headers=auth(token)).json()
        assert payload["clock"]["seconds"] is None and payload["to_move"]
        answer = client.post(seat_url("old", 0) + "/moves", headers=auth(token),
                             json={"move": payload["moves"][0]})
        assert answer.status_code == 200
        assert wait_until(client, "old", 0, token, lambda p: p["step"] == 1)["step"] == 1
        assert client.app.state.tables.store.live_count(time.time() - 60) == 1
