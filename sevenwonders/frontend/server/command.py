"""The ``serve`` command of ``sevenwonders``: the game server on uvicorn.

Imported by :mod:`sevenwonders.cli` without the server's dependencies; they are imported only
when the command runs (``pip install 'sevenwonders[server]'``).
"""

from __future__ import annotations

import argparse
from typing import Any

DEFAULT_DB = "sevenwonders-server.sqlite3"


def add_serve_parser(subparsers: Any) -> argparse.ArgumentParser:
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "serve", help="run the game server and browser client",
        description="Serve tables of every game to browsers (the client is at /) and to "
                    "programs (the HTTP API of the README's 'Game server' section).")
    parser.add_argument("--host", default="127.0.0.1",
                        help="address to listen on (default 127.0.0.1: this machine only)")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--db", default=DEFAULT_DB, metavar="PATH",
                        help=f"the SQLite file that keeps every table (default {DEFAULT_DB})")
    parser.set_defaults(handler=run_serve)
    return parser


def run_serve(args: argparse.Namespace) -> int:
    try:
        import uvicorn

        from sevenwonders.frontend.server.app import MAX_BODY, create_app
    except ImportError as error:
        raise SystemExit(f"serve needs the server extra ({error.name} is missing): "
                         "pip install 'sevenwonders[server]'") from None
    print(f"sevenwonders server on http://{args.host}:{args.port}/ (tables in {args.db})")
    uvicorn.run(create_app(args.db), host=args.host, port=args.port, ws_max_size=MAX_BODY,
                log_level="warning")
    return 0
