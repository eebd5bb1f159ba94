"""The ``serve`` command of ``sevenwonders``: the game server on uvicorn.

Imported by :mod:`sevenwonders.cli` without the server's dependencies; they are imported only
when the command runs (``pip install 'sevenwonders[server]'``).
"""

from __future__ import annotations

import argparse
from typing import Any

from sevenwonders.frontend.server.settings import LOOPBACK_HOSTS, Settings, parse_duration

DEFAULT_DB = "sevenwonders-server.sqlite3"
_DEFAULTS = Settings()


def _duration(text: str) -> float:
    try:
        return parse_duration(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def _count(text: str) -> int:
    if not text.isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number of at least 1")
    return int(text)


def add_serve_parser(subparsers: Any) -> argparse.ArgumentParser:
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "serve", help="run the game server and browser client",
        description="Serve tables of every game to browsers (the client is at /) and to "
                    "programs (the HTTP API of the documentation's 'Game server' page). "
                    "Durations take s, m, h or d (90s, 10m, 2h, 30d); rates are N/second, "
                    "N/minute or N/hour.")
    parser.add_argument("--host", default="127.0.0.1",
                        help="address to listen on (default 127.0.0.1: this machine only)")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--db", default=DEFAULT_DB, metavar="PATH",
                        help=f"the SQLite file that keeps every table (default {DEFAULT_DB})")
    parser.add_argument("--allowed-host", action="append", default=[], metavar="NAME",
                        help="a host name the server answers to besides the loopback names "
                             f"({', '.join(LOOPBACK_HOSTS)}); repeat it; *.example.org "
                             "allows the subdomains")
    parser.add_argument("--max-tables", type=_count, default=_DEFAULTS.max_tables,
                        help=f"live tables at once (default {_DEFAULTS.max_tables})")
    parser.add_argument("--max-tables-per-client", type=_count,
                        default=_DEFAULTS.max_tables_per_client,
                        help="live tables one client address may have created "
                             f"(default {_DEFAULTS.max_tables_per_client})")
    parser.add_argument("--create-rate", default=_DEFAULTS.create_rate, metavar="RATE",
                        help=f"tables one address may create (default {_DEFAULTS.create_rate})")
    parser.add_argument("--move-rate", default=_DEFAULTS.move_rate, metavar="RATE",
                        help=f"moves one address may send (default {_DEFAULTS.move_rate})")
    parser.add_argument("--linger", type=_duration, default=_DEFAULTS.linger, metavar="TIME",
                        help="how long a finished table stays in memory (default 10m)")
    parser.add_argument("--idle", type=_duration, default=_DEFAULTS.idle, metavar="TIME",
                        help="without a move for this long a table is abandoned: out of "
                             "memory and of the caps (default 1h)")
    parser.add_argument("--retention", type=_duration, default=_DEFAULTS.retention,
                        metavar="TIME", help="finished and abandoned tables are deleted from "
                        "the database this long after their last move (default 30d; 0 keeps "
                        "them for ever)")
    parser.add_argument("--forwarded-allow-ips", default="127.0.0.1", metavar="ADDRESSES",
                        help="proxies whose X-Forwarded-For names the client (comma-separated; "
                             "default 127.0.0.1): the address the limits count")
    parser.set_defaults(handler=run_serve)
    return parser


def settings_of(args: argparse.Namespace) -> Settings:
    """The :class:`Settings` the flags ask for (``SystemExit`` for a rate that is not one)."""
    from sevenwonders.frontend.server.guard import parse_rate

    for rate in (args.create_rate, args.move_rate):
        try:
            parse_rate(rate)
        except ValueError as error:
            raise SystemExit(f"serve: {error}") from None
    return Settings(max_tables=args.max_tables, max_tables_per_client=args.max_tables_per_client,
                    create_rate=args.create_rate, move_rate=args.move_rate,
                    linger=args.linger, idle=args.idle, retention=args.retention,
                    allowed_hosts=(*LOOPBACK_HOSTS, *args.allowed_host))


def run_serve(args: argparse.Namespace) -> int:
    try:
        import uvicorn

        from sevenwonders.frontend.server.app import MAX_BODY, create_app
    except ImportError as error:
        raise SystemExit(f"serve needs the server extra ({error.name} is missing): "
                         "pip install 'sevenwonders[server]'") from None
    settings = settings_of(args)
    print(f"sevenwonders server on http://{args.host}:{args.port}/ (tables in {args.db})")
    uvicorn.run(create_app(args.db, settings), host=args.host, port=args.port,
                ws_max_size=MAX_BODY, log_level="warning", proxy_headers=True,
                forwarded_allow_ips=args.forwarded_allow_ips)
    return 0
