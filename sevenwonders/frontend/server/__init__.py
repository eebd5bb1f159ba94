"""The reference game server and browser client: ``sevenwonders serve``.

An ASGI app (Starlette on uvicorn, the optional extra ``server``) built only on the library's
public face: games from :func:`sevenwonders.make_game`, what a seat sees from ``game.view`` and
:func:`sevenwonders.frontend.choices.choices`, events through ``game.visible_events``, moves
in notation, tables kept as game records (:mod:`sevenwonders.frontend.records`) in SQLite. The
HTTP contract is documented in ``docs/server.md``; :func:`create_app` builds the app.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from sevenwonders.frontend.server.settings import Settings

if TYPE_CHECKING:
    from starlette.applications import Starlette


def create_app(db_path: str = ":memory:", settings: Settings | None = None) -> Starlette:
    """The ASGI app over the SQLite file ``db_path`` (see :func:`.app.create_app`)."""
    from sevenwonders.frontend.server.app import create_app as create

    return create(db_path, settings)


__all__ = ["Settings", "create_app"]
