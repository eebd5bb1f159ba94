"""Hardening: the Host allow-list, the security headers on every answer (refusals, the Host
check and failures included), and options or steps the server could not keep."""

from __future__ import annotations

from pathlib import Path

import pytest

import sevenwonders.frontend.server.app as app_module
import sevenwonders.frontend.server.tables as tables_module
from sevenwonders.frontend.server.store import encode_step
from tests.frontend.server.helpers import auth, create, seat_url, server

pytest.importorskip("starlette")
from starlette.websockets import WebSocketDisconnect

CSP = "content-security-policy"


@pytest.fixture
def client(tmp_path: Path):  # type: ignore[no-untyped-def]
    with server(tmp_path / "t.sqlite3") as client:
        yield client


def secured(response) -> None:  # type: ignore[no-untyped-def]
    headers = response.headers
    policy = headers[CSP]
    assert "connect-src 'self';" in policy and "ws:" not in policy and "frame-ancestors 'none'" \
        in policy
    assert headers["x-content-type-options"] == "nosniff"
    assert headers["x-frame-options"] == "DENY"
    assert headers["referrer-policy"] == "no-referrer"


def test_headers_on_answers_and_refusals(client) -> None:  # type: ignore[no-untyped-def]
    table, tokens = create(client, "base", 3)
    for response in (client.get("/"), client.get("/api/meta"),
                     client.get(seat_url(table, 0), headers=auth(tokens[0])),
                     client.get("/api/tables/nosuch"), client.get(seat_url(table, 0)),
                     client.post("/api/tables", content=b"{", headers={
                         "content-type": "application/json"}),
                     client.delete("/api/meta")):
        secured(response)


@pytest.mark.parametrize("host", ["evil.example", "127.0.0.1.evil.example", "localhost.", ""])
def test_unknown_host_names_are_refused(client, host: str) -> None:  # type: ignore[no-untyped-def]
    response = client.get("/api/meta", headers={"host": host})
    assert response.status_code == 400
    secured(response)
    with pytest.raises(WebSocketDisconnect), client.websocket_connect(
            seat_url("x", 0) + "/ws", headers={"host": host}) as socket:
        socket.receive_json()


@pytest.mark.parametrize("host", ["127.0.0.1:8000", "localhost", "[::1]:8000", "testserver"])
def test_loopback_names_are_answered(client, host: str) -> None:  # type: ignore[no-untyped-def]
    assert client.get("/api/meta", headers={"host": host}).status_code == 200


def test_a_failure_is_a_500_with_headers_and_the_error_body(
        client, monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    table, _ = create(client, "base", 3)

    def broken(game: object) -> None:
        raise RuntimeError("a bug")

    monkeypatch.setattr(app_module, "catalog", broken)
    response = client.get(f"/api/tables/{table}/catalog")
    assert response.status_code == 500
    assert response.json()["error"]["reason"] == "internal" and "bug" not in response.text
    secured(response)


def test_a_step_that_cannot_be_stored_is_not_played(
        client, monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    table, tokens = create(client, "base", 3)
    moves = {}
    for seat in (0, 1):
        moves[seat] = client.get(seat_url(table, seat), headers=auth(tokens[seat])).json()
        client.post(seat_url(table, seat) + "/moves", headers=auth(tokens[seat]),
                    json={"move": moves[seat]["moves"][0]})
    before = client.get(seat_url(table, 2), headers=auth(tokens[2])).json()

    def refuse(step: object, final: object) -> None:
        raise ValueError("the store refuses it")

    monkeypatch.setattr(tables_module, "encode_step", refuse)
    for _ in range(2):  # refused again on retry, never a bare 500, never half done
        answer = client.post(seat_url(table, 2) + "/moves", headers=auth(tokens[2]),
                             json={"move": before["moves"][0]})
        assert answer.status_code == 500
        assert answer.json()["error"]["reason"] == "unstorable"
        assert "store refuses" in answer.json()["error"]["message"]
        secured(answer)
        assert client.get(seat_url(table, 2), headers=auth(tokens[2])).json() == before
    monkeypatch.undo()
    answer = client.post(seat_url(table, 2) + "/moves", headers=auth(tokens[2]),
                         json={"move": before["moves"][0]})
    assert answer.status_code == 200 and answer.json()["step"] == 1


def test_final_totals_beyond_the_record_readers_bound_cannot_be_stored() -> None:
    assert encode_step(((0, "pass"),), (1, 2))[1] == "[1, 2]"
    with pytest.raises(ValueError, match="64 bits"):
        encode_step(((0, "pass"),), (2**64, 0))


@pytest.mark.parametrize("options", [
    {"expansions": {"edifice": {"pawn_points": [10**4000, 0, 0]}}},
    {"expansions": {"edifice": {"pawn_points": [2**70, 0, 0]}}},
])
def test_options_the_library_could_not_read_back_are_refused(
        client, options: dict) -> None:  # type: ignore[no-untyped-def, type-arg]
    before = len(client.app.state.tables.tables)
    response = client.post("/api/tables", json={"game": "base", "players": 3,
                                                 "options": options})
    assert response.status_code == 400
    assert response.json()["error"]["reason"] in {"invalid_option", "too_large"}
    assert len(client.app.state.tables.tables) == before
