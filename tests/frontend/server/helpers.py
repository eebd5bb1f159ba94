"""Shared pieces of the server tests: a client over a real SQLite file, and a player that
drives the human seats of a table over HTTP until the game ends."""

from __future__ import annotations

import random
import time
import warnings
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

with warnings.catch_warnings():  # starlette 1.x would rather have httpx2; httpx works
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from sevenwonders.frontend.server import Settings, create_app
from sevenwonders.frontend.server.settings import LOOPBACK_HOSTS

DEADLINE = 120.0  # seconds: generous, only catches a hang
TEST_HOST = "testserver"  # the Host header of starlette's TestClient
ROOMY = Settings(create_rate="1000/second", move_rate="10000/second", max_tables_per_client=1000,
                 allowed_hosts=(*LOOPBACK_HOSTS, TEST_HOST))
"""Settings for tests that are not about the limits: one test client creates many tables."""


@contextmanager
def server(path: Path, settings: Settings = ROOMY) -> Iterator[TestClient]:
    """The app over the SQLite file ``path``, started (lifespan) and stopped around the block."""
    with TestClient(create_app(str(path), settings)) as client:
        yield client


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def create(client: TestClient, game: str, players: int, bots: Mapping[str, str] | None = None,
           **options: Any) -> tuple[str, dict[int, str]]:
    response = client.post("/api/tables", json={"game": game, "players": players,
                                                "options": options, "bots": dict(bots or {})})
    assert response.status_code == 201, response.text
    body = response.json()
    return body["id"], {int(seat): token for seat, token in body["seats"].items()}


def seat_url(table: str, seat: int) -> str:
    return f"/api/tables/{table}/seats/{seat}"


Seen = Callable[[int, dict[str, Any]], None]


def wait_until(client: TestClient, table: str, seat: int, token: str,
               done: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
    """Poll the seat until ``done(payload)`` (bots move in the background)."""
    deadline = time.monotonic() + DEADLINE
    while time.monotonic() < deadline:
        payload: dict[str, Any] = client.get(seat_url(table, seat), headers=auth(token)).json()
        if done(payload):
            return payload
        time.sleep(0.002)
    raise AssertionError("the table did not get there in time")


def play_to_end(client: TestClient, table: str, tokens: Mapping[int, str], seed: int = 0,
                seen: Seen | None = None) -> dict[str, Any]:
    """Play every human seat with random legal moves until the game is over; ``seen`` gets
    every payload a seat receives. Returns the last payload."""
    rng = random.Random(seed)
    deadline = time.monotonic() + DEADLINE
    while time.monotonic() < deadline:
        moved = False
        for seat, token in sorted(tokens.items()):
            payload = client.get(seat_url(table, seat), headers=auth(token)).json()
            if seen is not None:
                seen(seat, payload)
            if payload["over"]:
                return payload
            if payload["to_move"]:
                response = client.post(seat_url(table, seat) + "/moves", headers=auth(token),
                                       json={"move": rng.choice(payload["moves"])})
                assert response.status_code == 200, response.text
                if seen is not None:
                    seen(seat, response.json())
                moved = True
        if not moved:
            time.sleep(0.002)
    raise AssertionError("the game did not end in time")
