"""The ASGI app: the HTTP and WebSocket routes of the documentation's "Game server" page, and
the browser client's files at ``/``.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send
from starlette.websockets import WebSocket, WebSocketDisconnect

from sevenwonders.frontend.server.bots import BOTS
from sevenwonders.frontend.server.catalog import catalog
from sevenwonders.frontend.server.guard import Guard
from sevenwonders.frontend.server.history import replay_position, replay_steps
from sevenwonders.frontend.server.payloads import payload_text, public_info
from sevenwonders.frontend.server.problems import ApiError
from sevenwonders.frontend.server.registry import Tables
from sevenwonders.frontend.server.settings import Settings
from sevenwonders.frontend.server.store import Store
from sevenwonders.frontend.server.tables import CLOSE, QUEUE_SIZE, Table
from sevenwonders.games import EXPANSIONS, GAMES

log = logging.getLogger("sevenwonders.server")

MAX_BODY = 1024 * 1024   # bytes of a request body
AUTH_TIMEOUT = 10.0      # seconds a WebSocket has to send its token
STATIC = Path(__file__).parent / "static"
SECURITY_HEADERS = [
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"x-frame-options", b"DENY"),
    (b"cross-origin-opener-policy", b"same-origin"),
    (b"cross-origin-resource-policy", b"same-origin"),
    (b"permissions-policy", b"camera=(), microphone=(), geolocation=()"),
    (b"content-security-policy",
     b"default-src 'self'; connect-src 'self'; img-src 'self' data:; style-src 'self'; "
     b"script-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"),
]


def _tables(request: Request | WebSocket) -> Tables:
    tables: Tables = request.app.state.tables
    return tables


def _guard(request: Request) -> Guard:
    guard: Guard = request.app.state.guard
    return guard


def client_address(request: Request | WebSocket) -> str:
    """The client's address as the ASGI server gives it (uvicorn takes it from
    ``X-Forwarded-For`` only when the connection comes from a trusted proxy)."""
    return request.client.host if request.client is not None else "unknown"


def _seat(request: Request | WebSocket, table: Table) -> int:
    raw = str(request.path_params["seat"])
    if not (raw.isascii() and raw.isdigit() and len(raw) <= 3) \
            or not 0 <= int(raw) < table.game.players:
        raise ApiError.server("not_found", f"table {table.id} has no seat {raw!r}")
    return int(raw)


def _bearer(headers: Any) -> str | None:
    value = headers.get("authorization")
    if not value:
        return None
    scheme, _, token = str(value).partition(" ")
    return token.strip() if scheme.lower() == "bearer" else None


async def _json_body(request: Request) -> Any:
    """The body as JSON: 415 unless declared JSON, 413 over :data:`MAX_BODY` (counted as it
    arrives, whatever Content-Length says), 400 if it is not JSON."""
    kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if kind != "application/json":
        raise ApiError.server("unsupported", "send the body as application/json")
    length = request.headers.get("content-length")
    if length is not None and (not length.isdigit() or int(length) > MAX_BODY):
        raise ApiError.server("too_large", f"a body is at most {MAX_BODY} bytes")
    body = bytearray()
    async for chunk in request.stream():
        body += chunk
        if len(body) > MAX_BODY:
            raise ApiError.server("too_large", f"a body is at most {MAX_BODY} bytes")
    try:
        return json.loads(body)
    except (ValueError, RecursionError) as error:
        raise ApiError.server("malformed", f"the body is not JSON: {error}") from None


def _json(data: Any, status: int = 200) -> JSONResponse:
    return JSONResponse(data, status_code=status, headers={"cache-control": "no-store"})


def _json_text(text: str) -> Response:
    """An already encoded JSON payload (a seat's payload is encoded once per change)."""
    return Response(text, media_type="application/json", headers={"cache-control": "no-store"})


# ---------------------------------------------------------------------------------- routes


async def create_table(request: Request) -> Response:
    client = client_address(request)
    _guard(request).hit("create", client)
    table, tokens = _tables(request).create(await _json_body(request), client)
    return _json({"id": table.id, "seats": {str(s): t for s, t in sorted(tokens.items())}}, 201)


async def table_info(request: Request) -> Response:
    return _json(public_info(_tables(request).get(request.path_params["table"])))


async def table_catalog(request: Request) -> Response:
    return _json(catalog(_tables(request).get(request.path_params["table"]).game))


def _seated(request: Request, *, acting: bool = False) -> tuple[Tables, Table, int]:
    """The tables, the table and the seat of a seat's route, its token checked; an
    ``acting`` request (a move, a take-back) also counts against the client's move rate."""
    tables = _tables(request)
    table = tables.get(request.path_params["table"])
    seat = _seat(request, table)
    table.check_token(seat, _bearer(request.headers))
    if acting:
        _guard(request).hit("move", client_address(request))
    return tables, table, seat


async def seat_state(request: Request) -> Response:
    _, table, seat = _seated(request)
    return _json_text(payload_text(table, seat))


async def seat_move(request: Request) -> Response:
    tables, table, seat = _seated(request, acting=True)
    body = await _json_body(request)
    if not isinstance(body, dict) or set(body) != {"move"} or not isinstance(body["move"], str):
        raise ApiError.server("malformed", 'the body must be {"move": "<notation>"}')
    tables.person_moves(table, seat, body["move"])
    return _json_text(payload_text(table, seat))


async def seat_back(request: Request) -> Response:
    """The seat plays for itself again after its time ran out (no body)."""
    tables, table, seat = _seated(request, acting=True)
    tables.back(table, seat)
    return _json_text(payload_text(table, seat))


async def table_replay(request: Request) -> Response:
    return _json(replay_steps(_tables(request).get(request.path_params["table"])))


async def table_replay_position(request: Request) -> Response:
    table = _tables(request).get(request.path_params["table"])
    return _json(replay_position(table, str(request.path_params["step"])))


async def table_record(request: Request) -> Response:
    table = _tables(request).get(request.path_params["table"])
    if not table.over:
        raise ApiError.server("not_over", "the record is given once the game is over (it "
                                          "holds the seed, which would reveal every card)")
    return _json(table.record.to_dict())


async def meta(request: Request) -> Response:
    """The games, expansions and bots this server offers (for the lobby)."""
    return _json({"games": sorted(GAMES), "expansions": sorted(EXPANSIONS),
                  "bots": list(BOTS)})


async def seat_socket(websocket: WebSocket) -> None:
    """Pushes the seat's payload now and after every step. The token comes in the
    ``Authorization`` header or, from browsers, as the first message ``{"token": "..."}``."""
    await websocket.accept()
    try:
        table = _tables(websocket).get(websocket.path_params["table"])
        seat = _seat(websocket, table)
        token = _bearer(websocket.headers)
        if token is None:
            token = await _socket_token(websocket)
        table.check_token(seat, token)
    except ApiError as error:
        with contextlib.suppress(WebSocketDisconnect, RuntimeError, OSError):
            await websocket.send_json(error.body())
            await websocket.close(code=4000 + error.status)
        return
    except WebSocketDisconnect:
        return
    queue: asyncio.Queue[str] = asyncio.Queue(QUEUE_SIZE)
    table.listeners.setdefault(seat, set()).add(queue)
    try:
        await _pump(websocket, queue, payload_text(table, seat))
    finally:
        table.listeners[seat].discard(queue)


async def _socket_token(websocket: WebSocket) -> str | None:
    try:
        message = await asyncio.wait_for(websocket.receive(), AUTH_TIMEOUT)
    except TimeoutError:
        raise ApiError.server("unauthorized", "no token within "
                                              f"{AUTH_TIMEOUT:.0f} seconds") from None
    if message["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(message.get("code", 1000))
    text = message.get("text")
    if not isinstance(text, str):
        raise ApiError.server("malformed", 'send {"token": "..."} as a text message')
    if len(text) > 1000:
        raise ApiError.server("too_large", "the token message is too long", 400)
    try:
        data = json.loads(text)
    except ValueError:
        raise ApiError.server("malformed", 'send {"token": "..."} first') from None
    token = data.get("token") if isinstance(data, dict) else None
    return token if isinstance(token, str) else None


async def _pump(websocket: WebSocket, queue: asyncio.Queue[str], first: str) -> None:
    """Send ``first`` and then every queued payload until the client leaves."""
    await websocket.send_text(first)

    async def listen() -> None:  # the client sends nothing useful; notice when it goes
        while True:
            message = await websocket.receive()
            if message["type"] == "websocket.disconnect":
                return

    listener = asyncio.ensure_future(listen())
    try:
        while True:
            getter = asyncio.ensure_future(queue.get())
            done, _ = await asyncio.wait({getter, listener},
                                         return_when=asyncio.FIRST_COMPLETED)
            if listener in done:
                getter.cancel()
                return
            payload = getter.result()
            if payload == CLOSE:  # the table left memory: the client reconnects to reload it
                await websocket.close(code=1001)
                return
            await websocket.send_text(payload)
    except (WebSocketDisconnect, RuntimeError, OSError):  # the client left mid-send
        return
    finally:
        listener.cancel()


# ---------------------------------------------------------------------------------- the app


async def _api_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, ApiError)
    response = _json(exc.body(), exc.status)
    response.headers.update(exc.headers)
    return response


async def _http_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, HTTPException)
    reason = {404: "not_found", 405: "method_not_allowed"}.get(exc.status_code, "malformed")
    # (the reasons of SERVER_REASONS; any other status starlette raises is a malformed request)
    return _json(ApiError(exc.status_code, reason, str(exc.detail)).body(), exc.status_code)


class SecurityHeaders:
    """Adds :data:`SECURITY_HEADERS` to every HTTP response, refusals of the Host check and
    failures included: an exception that escapes the app becomes a logged 500 answer with the
    headers and the usual error body (this middleware sits outside every other)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = False

        async def send_with_headers(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
                message["headers"] = [*message.get("headers", []), *SECURITY_HEADERS]
            await send(message)

        try:
            await self.app(scope, receive, send_with_headers)
        except Exception:
            if started:
                raise
            log.exception("%s %s failed", scope.get("method"), scope.get("path"))
            error = ApiError.server("internal", "the server failed on this request; "
                                                "it is logged")
            await _json(error.body(), error.status)(scope, receive, send_with_headers)


def create_app(db_path: str = ":memory:", settings: Settings | None = None) -> Starlette:
    """The server over the SQLite file ``db_path`` with the operator's ``settings``: tables
    are loaded when first asked for (live ones also in the background after startup), and
    every move and step is written as it is played."""
    settings = settings or Settings()
    guard = Guard(settings)  # checks the rates now, not at the first request

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        store = Store(db_path)
        tables = Tables(store, settings)
        app.state.tables, app.state.guard = tables, guard
        tables.start()
        try:
            yield
        finally:
            await tables.stop()
            store.close()

    table = "/api/tables/{table}"
    routes = [
        Route("/api/meta", meta, methods=["GET"]),
        Route("/api/tables", create_table, methods=["POST"]),
        Route(table, table_info, methods=["GET"]),
        Route(table + "/catalog", table_catalog, methods=["GET"]),
        Route(table + "/record", table_record, methods=["GET"]),
        Route(table + "/replay", table_replay, methods=["GET"]),
        Route(table + "/replay/{step}", table_replay_position, methods=["GET"]),
        Route(table + "/seats/{seat}", seat_state, methods=["GET"]),
        Route(table + "/seats/{seat}/moves", seat_move, methods=["POST"]),
        Route(table + "/seats/{seat}/back", seat_back, methods=["POST"]),
        WebSocketRoute(table + "/seats/{seat}/ws", seat_socket),
        Mount("/", StaticFiles(directory=STATIC, html=True), name="client"),
    ]
    app = Starlette(routes=routes, lifespan=lifespan,
                    exception_handlers={ApiError: _api_error, HTTPException: _http_error})
    app.add_middleware(TrustedHostMiddleware, allowed_hosts=list(settings.allowed_hosts),
                       www_redirect=False)
    app.add_middleware(SecurityHeaders)  # added last: outside every other middleware
    return app
