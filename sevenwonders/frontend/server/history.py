"""The whole game, once it is over, as anyone may step through it (the replay).

It is rebuilt from the table's record, never from what a client kept: a reload or a restarted
server gives the same replay. Given only once the game is over (when the record and its seed
are public anyway), it holds every event and every seat's view. A seat's own log during the
game is part of its payload (:mod:`~sevenwonders.frontend.server.payloads`).
"""

from __future__ import annotations

from typing import Any

from sevenwonders.frontend.records import replay
from sevenwonders.frontend.server.payloads import event_entries, plain
from sevenwonders.frontend.server.problems import ApiError
from sevenwonders.frontend.server.tables import Table


def replay_steps(table: Table) -> dict[str, Any]:
    """``GET /api/tables/{id}/replay``: the record's steps, each with its moves and every
    event; the final scores and ranking. Positions come one at a time from
    :func:`replay_position`."""
    over_or_refuse(table)
    game = table.game
    steps = [{"step": index + 1,
              "moves": {str(seat): text for seat, text in step},
              "events": event_entries(game, table.history[index], None)}
             for index, step in enumerate(table.record.steps)]
    return {"id": table.id, "game": game.name, "players": game.players,
            "options": plain(table.record.options), "positions": len(steps) + 1,
            "steps": steps, "final": list(table.record.final or ()),
            "scores": [plain(sheet) for sheet in game.scores(table.state)],
            "ranking": list(game.ranking(table.state))}


def replay_position(table: Table, raw: str) -> dict[str, Any]:
    """``GET /api/tables/{id}/replay/{n}``: every seat's view after ``n`` steps (0: the
    start), the moves that led there, and the events of step ``n``."""
    over_or_refuse(table)
    count = len(table.record.steps)
    if not (raw.isascii() and raw.isdigit() and len(raw) <= 6) or int(raw) > count:
        raise ApiError.server("not_found", f"the replay has positions 0 to {count}, not "
                                           f"{raw[:20]!r}")
    index = int(raw)
    state = positions(table)[index]
    game = table.game
    return {"step": index, "positions": count + 1,
            "moves": ({} if index == 0 else
                      {str(seat): text for seat, text in table.record.steps[index - 1]}),
            "events": [] if index == 0 else event_entries(game, table.history[index - 1], None),
            "views": [plain(game.view(state, seat)) for seat in range(game.players)]}


def positions(table: Table) -> list[Any]:
    """The states after 0, 1, ... steps, replayed once from the record and kept while the
    table is in memory."""
    if table.positions is None:
        states = [table.game.new_game(table.record.seed)]
        replay(table.record, on_step=lambda _index, _moves, state, _events: states.append(state))
        table.positions = states
    return table.positions


def over_or_refuse(table: Table) -> None:
    if not table.over:
        raise ApiError.server("not_over", "the replay is given once the game is over (it "
                                          "shows every hidden card)")
