"""What the server sends: a seat's payload (its view, moves and their words, choices, the
numbers it decides by, visible events as sentences, its log of the game so far, scores) and a
table's public information.

Everything a seat receives is built from its own view, its own choice details and the events
as ``game.visible_events`` shows them to it; the state itself is never sent.
"""

from __future__ import annotations

import json
from typing import Any

from sevenwonders.core.serialization import converter, tag_of
from sevenwonders.frontend.choices import choices
from sevenwonders.frontend.describe import describe_event
from sevenwonders.frontend.insight import insight
from sevenwonders.frontend.names import move_words
from sevenwonders.frontend.server.tables import Table
from sevenwonders.games import part_of

LIVE_FIELDS = ("waiting_for", "version", "clock")
"""The payload's fields that change within a step while the seat's own part stays."""


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
        "clock": table.clock_info(),
    }


def seat_log(table: Table, seat: int, view: Any) -> list[dict[str, Any]]:
    """``[{"step": n, "events": [...]}, ...]``: the events of steps 1..n that ``seat`` may see
    (step n is the step that made the payload's ``step`` n). Extended, not rebuilt, as steps
    are played: the table keeps each seat's entries."""
    entries = table.logs.setdefault(seat, [])
    game = table.game
    for index in range(len(entries), len(table.history)):
        events = game.visible_events(table.history[index], seat)
        entries.append({"step": index + 1, "events": event_entries(game, events, view)})
    return entries


def payload_text(table: Table, seat: int) -> str:
    """What ``seat`` may see now, as JSON text (cached until the next change: every
    listener of the seat gets the same text). ``version`` grows with every change, so a
    client keeps the payload with the highest one whichever way it came.

    Within a step only ``waiting_for``, ``version`` and ``clock`` change until the seat
    itself moves, so the rest (view, moves, choices, log: the costly part) is encoded once
    per step and whether the seat owes a move, and the three are joined to it."""
    cached = table.payload_texts.get(seat)
    if cached is not None and cached[0] == table.version:
        return cached[1]
    key = (len(table.record.steps), table.owes(seat))
    fixed = table.payload_parts.get(seat)
    if fixed is None or fixed[0] != key:
        data = seat_payload(table, seat)
        for name in LIVE_FIELDS:
            data.pop(name, None)
        data["log"] = seat_log(table, seat, table.game.view(table.state, seat))
        fixed = (key, _encode(data)[:-1])  # without its closing brace
        table.payload_parts[seat] = fixed
    live = _encode({"waiting_for": table.waiting_for(), "version": table.version,
                    "clock": table.clock_info()})
    payload = f"{fixed[1]},{live[1:]}"
    table.payload_texts[seat] = (table.version, payload)
    return payload


def notify(table: Table) -> None:
    """Push the current payload to every listener of every seat."""
    for seat, queues in table.listeners.items():
        if queues:
            table.push(queues, payload_text(table, seat))


def _encode(data: dict[str, Any]) -> str:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))
