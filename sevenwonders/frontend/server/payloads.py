"""What the server sends: a seat's payload (its view, moves and their words, choices, the
numbers it decides by, visible events as sentences, scores) and a table's public information.

Everything a seat receives is built from its own view, its own choice details and the events
as ``game.visible_events`` shows them to it; the state itself is never sent.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from sevenwonders.core.serialization import converter, tag_of
from sevenwonders.frontend.choices import choices
from sevenwonders.frontend.describe import describe_event
from sevenwonders.frontend.insight import insight
from sevenwonders.frontend.names import move_words
from sevenwonders.games import part_of

if TYPE_CHECKING:
    from sevenwonders.frontend.server.tables import Table


def plain(value: Any) -> Any:
    """``value`` as plain JSON values, through the library's one converter (what ``to_json``
    writes, before it is written)."""
    return converter.unstructure(value)


def seat_payload(table: Table, seat: int) -> dict[str, Any]:
    """``GET /api/tables/{id}/seats/{seat}``: only what ``seat`` may see."""
    game, state = table.game, table.state
    view = game.view(state, seat)
    owes = table.owes(seat)
    over = table.over
    events = game.visible_events(table.events, seat)
    legal = game.legal_moves(state, seat) if owes else ()
    moves = [str(move) for move in legal]
    payload: dict[str, Any] = {
        "table": table.id,
        "game": game.name,
        "seat": seat,
        "step": len(table.record.steps),
        "view": plain(view),
        "to_move": owes,
        "moves": moves,
        "move_words": {move: move_words(game, move, view) for move in moves},
        "choices": plain(choices(game, state, seat)) if owes else None,
        "insight": insight(game, view, legal),
        "waiting_for": table.waiting_for(),
        "over": over,
        "events": event_entries(game, events, view),
    }
    if over:
        payload["scores"] = [plain(sheet) for sheet in game.scores(state)]
        payload["ranking"] = list(game.ranking(state))
    return payload


def event_entries(game: Any, events: Any, view: Any) -> list[dict[str, Any]]:
    """Events as a client gets them: each event's fields, its ``kind`` (the event class's tag)
    and its ``text`` as ``view``'s seat reads it (the last step's ``events`` and the whole
    game's ``log`` alike)."""
    return [{**plain(event), "kind": tag_of(type(event)),
             "text": describe_event(game, event, view)} for event in events]


def public_info(table: Table) -> dict[str, Any]:
    """``GET /api/tables/{id}``: what anyone may know; never a token, a seed or a card."""
    game = table.game
    labels_of = part_of(game, "seat_labels")  # named by the game's spec
    labels = list(labels_of(table.state)) if callable(labels_of) else [""] * game.players
    return {
        "id": table.id,
        "game": game.name,
        "players": game.players,
        "options": plain(table.record.options),
        "seats": [{"seat": seat, "bot": table.bots.get(seat), "label": labels[seat]}
                  for seat in range(game.players)],
        "step": len(table.record.steps),
        "waiting_for": table.waiting_for(),
        "over": table.over,
        "ranking": list(game.ranking(table.state)) if table.over else None,
    }
