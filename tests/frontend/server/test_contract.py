"""The HTTP contract of the README's "Game server" section, every refusal included."""

from __future__ import annotations

import importlib.util
import json
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.frontend.server.helpers import auth, create, seat_url, server, wait_until


@pytest.fixture
def client(tmp_path: Path):  # type: ignore[no-untyped-def]
    with server(tmp_path / "tables.sqlite3") as client:
        yield client


def error_of(response) -> str:  # type: ignore[no-untyped-def]
    body = response.json()
    assert set(body) == {"error"} and set(body["error"]) == {"reason", "message"}
    assert body["error"]["message"]
    return str(body["error"]["reason"])


def test_create_gives_a_token_to_each_seat_without_a_bot(client) -> None:  # type: ignore[no-untyped-def]
    response = client.post("/api/tables", json={
        "game": "base", "players": 4, "options": {"sides": "night"},
        "bots": {"1": "random", "3": "greedy"}})
    assert response.status_code == 201
    body = response.json()
    assert set(body) == {"id", "seats"}
    assert set(body["seats"]) == {"0", "2"}
    tokens = list(body["seats"].values())
    assert len(set(tokens)) == 2 and all(len(token) >= 40 for token in tokens)
    info = client.get(f"/api/tables/{body['id']}")
    assert info.status_code == 200
    text = info.text
    assert all(token not in text for token in tokens) and "seed" not in text
    data = info.json()
    assert data["game"] == "base" and data["players"] == 4 and data["over"] is False
    assert [seat["bot"] for seat in data["seats"]] == [None, "random", None, "greedy"]
    assert data["options"]["sides"] == "night"


def test_every_game_and_expansion_can_be_created(client) -> None:  # type: ignore[no-untyped-def]
    for game, players, options in [("base", 3, {}), ("base", 5, {"expansions": ["edifice"]}),
                                   ("base", 3, {"edition": "1st", "sides": "b"}),
                                   ("architects", 2, {}), ("dice", 4, {"max_turns": 50})]:
        table, tokens = create(client, game, players, **options)
        payload = client.get(seat_url(table, 0), headers=auth(tokens[0])).json()
        assert payload["game"] == game and payload["seat"] == 0
        assert set(payload) >= {"view", "moves", "to_move", "over", "events", "choices"}
        info = client.get(f"/api/tables/{table}")
        assert info.status_code == 200 and info.json()["game"] == game


@pytest.mark.parametrize(("body", "status", "reason"), [
    ({"game": "chess", "players": 3}, 400, "invalid_option"),
    ({"game": "base", "players": 2}, 400, "invalid_option"),
    ({"game": "base", "players": 99}, 400, "invalid_option"),
    ({"game": "base", "players": True}, 400, "malformed"),
    ({"game": "base", "players": "3"}, 400, "malformed"),
    ({"game": 3, "players": 3}, 400, "malformed"),
    ({"players": 3}, 400, "malformed"),
    ({"game": "base", "players": 3, "colour": "red"}, 400, "malformed"),
    ({"game": "base", "players": 3, "options": []}, 400, "malformed"),
    ({"game": "base", "players": 3, "options": {"sides": "dusk"}}, 400, "invalid_option"),
    ({"game": "base", "players": 3, "options": {"turbo": True}}, 400, "invalid_option"),
    ({"game": "base", "players": 3, "options": {"expansions": ["cities"]}}, 400,
     "invalid_option"),
    ({"game": "base", "players": 3, "bots": ["random"]}, 400, "malformed"),
    ({"game": "base", "players": 3, "bots": {"one": "random"}}, 400, "malformed"),
    ({"game": "base", "players": 3, "bots": {"1": "ismcts:seconds=60"}}, 400, "unknown_name"),
    ({"game": "base", "players": 3, "bots": {"1": "alphazero"}}, 400, "unknown_name"),
    ({"game": "base", "players": 3, "bots": {"5": "random"}}, 400, "no_such_seat"),
    ({"game": "dice", "players": 3, "options": {"sheets": "/etc/passwd"}}, 400,
     "not_a_file"),
    ({"game": "dice", "players": 3, "options": {"max_turns": None}}, 400, "invalid_option"),
    ({"game": "dice", "players": 3, "options": {"max_turns": 10**6}}, 400, "invalid_option"),
    ([1, 2, 3], 400, "malformed"),
])
def test_create_refusals(client, body, status, reason) -> None:  # type: ignore[no-untyped-def]
    before = len(client.app.state.tables.tables)
    response = client.post("/api/tables", json=body)
    assert response.status_code == status
    assert error_of(response) == reason
    assert len(client.app.state.tables.tables) == before


def test_bodies_that_are_not_json(client) -> None:  # type: ignore[no-untyped-def]
    response = client.post("/api/tables", content=b"{not json",
                           headers={"content-type": "application/json"})
    assert response.status_code == 400 and error_of(response) == "malformed"
    response = client.post("/api/tables", content=b'{"game": "base", "players": 3}',
                           headers={"content-type": "text/plain"})
    assert response.status_code == 415 and error_of(response) == "unsupported"
    deep = b"[" * 100_000 + b"]" * 100_000
    response = client.post("/api/tables", content=deep,
                           headers={"content-type": "application/json"})
    assert response.status_code == 400 and error_of(response) == "malformed"


def test_a_body_over_one_mebibyte_gets_413(client) -> None:  # type: ignore[no-untyped-def]
    big = json.dumps({"game": "base", "players": 3, "options": {"x": "a" * (1024 * 1024)}})
    response = client.post("/api/tables", content=big.encode(),
                           headers={"content-type": "application/json"})
    assert response.status_code == 413 and error_of(response) == "too_large"
    table, tokens = create(client, "base", 3)
    response = client.post(seat_url(table, 0) + "/moves", headers={
        **auth(tokens[0]), "content-type": "application/json"},
        content=json.dumps({"move": "x" * (1024 * 1024 + 1)}).encode())
    assert response.status_code == 413 and error_of(response) == "too_large"


def test_seat_access_needs_the_seats_own_token(client) -> None:  # type: ignore[no-untyped-def]
    table, tokens = create(client, "base", 3, bots={"2": "random"})
    url = seat_url(table, 0)
    assert client.get(url).status_code == 401
    assert error_of(client.get(url)) == "unauthorized"
    response = client.get(url, headers=auth("not-a-token"))
    assert response.status_code == 401 and error_of(response) == "unauthorized"
    response = client.get(url, headers={"Authorization": f"Basic {tokens[0]}"})
    assert response.status_code == 401
    response = client.get(url, headers=auth(tokens[1]))
    assert response.status_code == 403 and error_of(response) == "forbidden"
    response = client.get(seat_url(table, 2), headers=auth(tokens[0]))
    assert response.status_code == 403 and error_of(response) == "forbidden"
    for seat in ("3", "-1", "x", "00000001"):
        response = client.get(f"/api/tables/{table}/seats/{seat}", headers=auth(tokens[0]))
        assert response.status_code == 404 and error_of(response) == "not_found"
    response = client.get(seat_url("nosuchtable", 0), headers=auth(tokens[0]))
    assert response.status_code == 404 and error_of(response) == "not_found"
    assert client.get("/api/tables/nosuchtable").status_code == 404
    assert client.get(url, headers=auth(tokens[0])).status_code == 200
    response = client.post(url + "/moves", headers=auth(tokens[1]), json={"move": "x"})
    assert response.status_code == 403
    response = client.post(url + "/moves", json={"move": "x"})
    assert response.status_code == 401


def test_the_seat_payload(client) -> None:  # type: ignore[no-untyped-def]
    table, tokens = create(client, "base", 3)
    payload = client.get(seat_url(table, 1), headers=auth(tokens[1])).json()
    assert payload["to_move"] is True and payload["over"] is False
    assert payload["view"]["seat"] == 1 and len(payload["view"]["hand"]) == 7
    assert payload["moves"] and all(isinstance(move, str) for move in payload["moves"])
    assert payload["choices"]["decision"] == "draft"
    assert {card["card"] for card in payload["choices"]["cards"]} == \
        set(payload["view"]["hand"])
    assert payload["events"] == [] and "scores" not in payload
    move = payload["moves"][0]
    response = client.post(seat_url(table, 1) + "/moves", headers=auth(tokens[1]),
                           json={"move": move})
    assert response.status_code == 200
    after = response.json()
    assert after["to_move"] is False and after["moves"] == [] and after["step"] == 0
    assert after["waiting_for"] == [0, 2]
    again = client.post(seat_url(table, 1) + "/moves", headers=auth(tokens[1]),
                        json={"move": move})
    assert again.status_code == 409 and error_of(again) == "not_to_move"


def test_refused_moves_change_nothing(client) -> None:  # type: ignore[no-untyped-def]
    table, tokens = create(client, "base", 3)
    url = seat_url(table, 0)
    before = client.get(url, headers=auth(tokens[0])).json()
    hand = before["view"]["hand"]
    unbuildable = [c["card"] for c in before["choices"]["cards"] if not c["buildable"]]
    cases = [
        ({"move": "fly to the moon"}, 400, "notation"),
        ({"move": "build Colosseum"}, 400, None),
        ({"move": "x" * 201}, 400, "too_large"),
        ({"move": 3}, 400, "malformed"),
        ({"moves": "sell " + hand[0]}, 400, "malformed"),
        ({"move": "sell " + hand[0], "also": 1}, 400, "malformed"),
        ([], 400, "malformed"),
    ]
    if unbuildable:
        cases.append(({"move": f"build {unbuildable[0]}"}, 400, None))
    for body, status, reason in cases:
        response = client.post(url + "/moves", headers=auth(tokens[0]), json=body)
        assert response.status_code == status, (body, response.text)
        got = error_of(response)
        if reason is not None:
            assert got == reason
        assert client.get(url, headers=auth(tokens[0])).json() == before
    info = client.get(f"/api/tables/{table}").json()
    assert info["step"] == 0 and info["waiting_for"] == [0, 1, 2]


def test_moving_out_of_turn_in_a_sequential_game(client) -> None:  # type: ignore[no-untyped-def]
    table, tokens = create(client, "architects", 2)
    first = client.get(f"/api/tables/{table}").json()["waiting_for"]
    assert len(first) == 1
    other = 1 - first[0]
    payload = client.get(seat_url(table, other), headers=auth(tokens[other])).json()
    assert payload["to_move"] is False and payload["moves"] == [] and payload["choices"] is None
    response = client.post(seat_url(table, other) + "/moves", headers=auth(tokens[other]),
                           json={"move": "take left"})
    assert response.status_code == 409 and error_of(response) == "not_to_move"


def test_the_record_only_once_over(client) -> None:  # type: ignore[no-untyped-def]
    table, _ = create(client, "base", 3, bots={"1": "random", "2": "random"})
    response = client.get(f"/api/tables/{table}/record")
    assert response.status_code == 409 and error_of(response) == "not_over"
    assert client.get("/api/tables/nosuch/record").status_code == 404


def test_unknown_routes_and_methods(client) -> None:  # type: ignore[no-untyped-def]
    response = client.get("/api/nothing")
    assert response.status_code == 404 and error_of(response) == "not_found"
    response = client.delete("/api/tables")
    assert response.status_code == 405 and error_of(response) == "method_not_allowed"


def test_the_client_is_served_with_safe_headers(client) -> None:  # type: ignore[no-untyped-def]
    page = client.get("/")
    assert page.status_code == 200 and "app.js" in page.text
    assert "default-src 'self'" in page.headers["content-security-policy"]
    assert page.headers["x-content-type-options"] == "nosniff"
    for path in ("/app.js", "/style.css", "/favicon.svg"):
        assert client.get(path).status_code == 200
    meta = client.get("/api/meta").json()
    learned = ["learned"] if importlib.util.find_spec("numpy") else []
    assert meta["bots"] == ["random", "greedy", "ismcts", *learned] and "base" in meta["games"]


def test_the_catalog_holds_no_seat_information(client) -> None:  # type: ignore[no-untyped-def]
    table, _ = create(client, "base", 3, expansions=["edifice"])
    catalog = client.get(f"/api/tables/{table}/catalog").json()
    assert catalog["cards"]["Baths"]["colour"] == "blue"
    assert len(catalog["projects"]) > 3
    assert {"hand", "seat", "seed"}.isdisjoint(catalog)
    dice, _ = create(client, "dice", 3)
    sheets = client.get(f"/api/tables/{dice}/catalog").json()["sheets"]
    assert all(sheet["boxes"] for sheet in sheets.values())
    architects, _ = create(client, "architects", 3)
    printed = client.get(f"/api/tables/{architects}/catalog").json()
    assert printed["kinds"]["gold"]["colour"] == "yellow"
    assert all(wonder["stages"] for wonder in printed["wonders"].values())


def test_the_client_script_parses() -> None:
    node = shutil.which("node")
    if node is None:
        pytest.skip("no node here to check the script's syntax (the browser test runs it)")
    script = Path(__file__).resolve().parents[3] / "sevenwonders/frontend/server/static/app.js"
    subprocess.run([node, "--check", str(script)], check=True, timeout=60)


def test_bots_move_on_their_own(client) -> None:  # type: ignore[no-untyped-def]
    table, tokens = create(client, "architects", 3, bots={"1": "greedy", "2": "random"})
    payload = client.get(seat_url(table, 0), headers=auth(tokens[0])).json()
    if not payload["to_move"]:
        payload = wait_until(client, table, 0, tokens[0], lambda p: p["to_move"])
    client.post(seat_url(table, 0) + "/moves", headers=auth(tokens[0]),
                json={"move": payload["moves"][0]})
    later = wait_until(client, table, 0, tokens[0], lambda p: p["to_move"] or p["over"])
    assert later["step"] > payload["step"]
