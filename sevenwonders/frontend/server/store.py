"""Tables in SQLite: each one as its game record (game, options, seed, steps) plus its seats.

A step is written in one transaction with the removal of the moves it consumed, so the file
always holds a record that replays to the table's state, and the moves already sent for the
step under way. Tokens are kept only as SHA-256 digests: a stolen file seats nobody.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from typing import Any

import attrs

from sevenwonders.core.serialization import converter

SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    players INTEGER NOT NULL,
    options TEXT NOT NULL,
    seed INTEGER NOT NULL,
    bot_seed INTEGER NOT NULL,
    bots TEXT NOT NULL,
    tokens TEXT NOT NULL,
    created REAL NOT NULL,
    final TEXT
);
CREATE TABLE IF NOT EXISTS steps (
    table_id TEXT NOT NULL REFERENCES tables(id),
    idx INTEGER NOT NULL,
    moves TEXT NOT NULL,
    PRIMARY KEY (table_id, idx)
);
CREATE TABLE IF NOT EXISTS pending (
    table_id TEXT NOT NULL REFERENCES tables(id),
    seat INTEGER NOT NULL,
    step INTEGER NOT NULL,
    move TEXT NOT NULL,
    PRIMARY KEY (table_id, seat)
);
"""


@attrs.frozen(slots=True)
class StoredTable:
    """One table as the file holds it."""

    id: str
    game: str
    players: int
    options: Mapping[str, Any]
    seed: int
    bot_seed: int
    bots: Mapping[int, str]
    tokens: Mapping[int, str]  # seat -> SHA-256 hex digest of its token
    created: float
    steps: tuple[tuple[tuple[int, str], ...], ...] = ()
    pending: tuple[tuple[int, int, str], ...] = ()  # (step, seat, move text)
    final: tuple[int, ...] | None = None


class Store:
    """The SQLite file (or ``":memory:"``) behind the server; used from one thread at a time."""

    def __init__(self, path: str) -> None:
        self.path = path
        # autocommit mode: transactions are opened explicitly by :meth:`_transaction`
        self.db = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=NORMAL")
        self.db.execute("PRAGMA foreign_keys=ON")
        self.db.executescript(SCHEMA)

    def close(self) -> None:
        self.db.close()

    @contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        self.db.execute("BEGIN IMMEDIATE")
        try:
            yield self.db
        except BaseException:
            self.db.execute("ROLLBACK")
            raise
        self.db.execute("COMMIT")

    def add_table(self, table: StoredTable) -> None:
        with self._transaction() as db:
            db.execute(
                "INSERT INTO tables (id, game, players, options, seed, bot_seed, bots, tokens,"
                " created) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (table.id, table.game, table.players,
                 json.dumps(converter.unstructure(table.options)),
                 table.seed, table.bot_seed, _seat_map(table.bots), _seat_map(table.tokens),
                 table.created))

    def add_move(self, table_id: str, step: int, seat: int, move: str) -> None:
        """A move sent for the step under way (kept until the step is played)."""
        with self._transaction() as db:
            db.execute("INSERT INTO pending (table_id, seat, step, move) VALUES (?, ?, ?, ?)",
                       (table_id, seat, step, move))

    def add_step(self, table_id: str, index: int, step: tuple[tuple[int, str], ...],
                 final: tuple[int, ...] | None) -> None:
        """Step ``index`` of the record, the pending moves it used removed, the final totals
        once the game is over: one transaction."""
        with self._transaction() as db:
            db.execute("INSERT INTO steps (table_id, idx, moves) VALUES (?, ?, ?)",
                       (table_id, index, json.dumps({str(s): m for s, m in step})))
            db.execute("DELETE FROM pending WHERE table_id = ?", (table_id,))
            if final is not None:
                db.execute("UPDATE tables SET final = ? WHERE id = ?",
                           (json.dumps(list(final)), table_id))

    def tables(self) -> Iterator[StoredTable]:
        """Every stored table with its steps and pending moves."""
        rows = self.db.execute(
            "SELECT id, game, players, options, seed, bot_seed, bots, tokens, created, final"
            " FROM tables ORDER BY created").fetchall()
        for row in rows:
            table_id = row[0]
            steps = tuple(
                tuple(sorted((int(seat), move) for seat, move in json.loads(moves).items()))
                for (moves,) in self.db.execute(
                    "SELECT moves FROM steps WHERE table_id = ? ORDER BY idx", (table_id,)))
            pending = tuple(self.db.execute(
                "SELECT step, seat, move FROM pending WHERE table_id = ? ORDER BY seat",
                (table_id,)))
            final = json.loads(row[9]) if row[9] is not None else None
            yield StoredTable(
                id=table_id, game=row[1], players=row[2], options=json.loads(row[3]),
                seed=row[4], bot_seed=row[5], bots=_seats(row[6]), tokens=_seats(row[7]),
                created=row[8], steps=steps, pending=pending,
                final=tuple(final) if final is not None else None)


def _seat_map(values: Mapping[int, str]) -> str:
    return json.dumps({str(seat): value for seat, value in sorted(values.items())})


def _seats(text: str) -> dict[int, str]:
    return {int(seat): value for seat, value in json.loads(text).items()}
