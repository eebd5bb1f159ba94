"""Tables in SQLite: each one as its game record (game, options, seed, steps) plus its seats.

A step is written in one transaction with the removal of the moves it consumed, so the file
always holds a record that replays to the table's state, and the moves already sent for the
step under way. Tokens are kept only as SHA-256 digests: a stolen file seats nobody.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import secrets
import sqlite3
import time
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from typing import Any

import attrs

from sevenwonders.core.limits import MAX_INT_BITS
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
CREATE TABLE IF NOT EXISTS meta (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL
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

# columns added after the first release: (name, declaration), added to older files on open
LATER_COLUMNS = (
    ("updated", "REAL"),            # time of the last move or step (abandonment, retention)
    ("client", "TEXT"),             # keyed digest of the creating client's address
    ("clock", "TEXT"),              # the turn clock, JSON {"seconds": s, "bot": name}
    ("away", "TEXT"),               # seats a bot plays for since their time ran out, JSON
)
INDEXES = """
CREATE INDEX IF NOT EXISTS tables_live ON tables(final, updated);
CREATE INDEX IF NOT EXISTS tables_client ON tables(client, final, updated);
"""
COLUMNS = ("id, game, players, options, seed, bot_seed, bots, tokens, created, final, updated,"
           " client, clock, away")


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
    client: str = ""
    clock: Mapping[str, Any] | None = None  # {"seconds": s, "bot": name} or None
    away: tuple[int, ...] = ()
    updated: float = 0.0


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
        present = {row[1] for row in self.db.execute("PRAGMA table_info(tables)")}
        for name, kind in LATER_COLUMNS:
            if name not in present:
                self.db.execute(f"ALTER TABLE tables ADD COLUMN {name} {kind}")
        # a file of the first release does not know its tables' last moves: from now on
        self.db.execute("UPDATE tables SET updated = ? WHERE updated IS NULL", (time.time(),))
        self.db.executescript(INDEXES)
        self.salt = self._salt()

    def _salt(self) -> str:
        """The file's own random key for client digests (made once, kept in ``meta``)."""
        row = self.db.execute("SELECT value FROM meta WHERE key = 'salt'").fetchone()
        if row is not None:
            return str(row[0])
        salt = secrets.token_hex(16)
        self.db.execute("INSERT OR IGNORE INTO meta (key, value) VALUES ('salt', ?)", (salt,))
        return str(self.db.execute("SELECT value FROM meta WHERE key = 'salt'").fetchone()[0])

    def client_key(self, address: str) -> str:
        """What the file keeps of a client's address: a keyed digest, not the address."""
        return hmac.new(self.salt.encode(), address.encode("utf-8", "surrogatepass"),
                        hashlib.sha256).hexdigest()[:32]

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
                " created, updated, client, clock, away) VALUES"
                " (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (table.id, table.game, table.players,
                 json.dumps(converter.unstructure(table.options)),
                 table.seed, table.bot_seed, _seat_map(table.bots), _seat_map(table.tokens),
                 table.created, table.created, table.client,
                 None if table.clock is None else json.dumps(dict(table.clock)),
                 json.dumps(list(table.away))))

    def add_move(self, table_id: str, step: int, seat: int, move: str, now: float) -> None:
        """A move sent for the step under way (kept until the step is played)."""
        with self._transaction() as db:
            db.execute("INSERT INTO pending (table_id, seat, step, move) VALUES (?, ?, ?, ?)",
                       (table_id, seat, step, move))
            db.execute("UPDATE tables SET updated = ? WHERE id = ?", (now, table_id))

    def add_step(self, table_id: str, index: int, step: tuple[tuple[int, str], ...],
                 final: tuple[int, ...] | None, now: float) -> None:
        """Step ``index`` of the record, the pending moves it used removed, the final totals
        once the game is over: one transaction. Everything is encoded before the transaction
        opens, so a step that cannot be encoded raises ``ValueError`` and writes nothing
        (:func:`encode_step` lets a caller ask first)."""
        moves, totals = encode_step(step, final)
        with self._transaction() as db:
            db.execute("INSERT INTO steps (table_id, idx, moves) VALUES (?, ?, ?)",
                       (table_id, index, moves))
            db.execute("DELETE FROM pending WHERE table_id = ?", (table_id,))
            db.execute("UPDATE tables SET updated = ? WHERE id = ?", (now, table_id))
            if totals is not None:
                db.execute("UPDATE tables SET final = ? WHERE id = ?", (totals, table_id))

    def set_away(self, table_id: str, away: tuple[int, ...]) -> None:
        """The seats a bot plays for since their time ran out."""
        with self._transaction() as db:
            db.execute("UPDATE tables SET away = ? WHERE id = ?", (json.dumps(list(away)),
                                                                    table_id))

    # ------------------------------------------------------------------ questions

    def live_count(self, since: float, client: str | None = None) -> int:
        """Unfinished tables moved at since ``since`` (of one client's, if given)."""
        if client is None:
            row = self.db.execute("SELECT COUNT(*) FROM tables WHERE final IS NULL"
                                  " AND updated >= ?", (since,)).fetchone()
        else:
            row = self.db.execute("SELECT COUNT(*) FROM tables WHERE client = ? AND final IS"
                                  " NULL AND updated >= ?", (client, since)).fetchone()
        return int(row[0])

    def live_ids(self, since: float, limit: int) -> list[str]:
        """The ids of the unfinished tables moved at since ``since``, latest first."""
        return [row[0] for row in self.db.execute(
            "SELECT id FROM tables WHERE final IS NULL AND updated >= ? ORDER BY updated DESC"
            " LIMIT ?", (since, limit))]

    def purge(self, before: float, limit: int = 500) -> int:
        """Delete up to ``limit`` tables last moved at before ``before`` (finished or
        abandoned alike; the rest at the next sweep, so no sweep holds the file long); the
        number deleted."""
        with self._transaction() as db:
            ids = [row[0] for row in db.execute(
                "SELECT id FROM tables WHERE updated < ? LIMIT ?", (before, limit))]
            for table_id in ids:
                db.execute("DELETE FROM steps WHERE table_id = ?", (table_id,))
                db.execute("DELETE FROM pending WHERE table_id = ?", (table_id,))
                db.execute("DELETE FROM tables WHERE id = ?", (table_id,))
        return len(ids)

    def table(self, table_id: str) -> StoredTable | None:
        """One stored table with its steps and pending moves, or None."""
        row = self.db.execute(f"SELECT {COLUMNS} FROM tables WHERE id = ?",
                              (table_id,)).fetchone()
        return None if row is None else self._stored(row)

    def _stored(self, row: tuple[Any, ...]) -> StoredTable:
        table_id = row[0]
        steps = tuple(
            tuple(sorted((int(seat), move) for seat, move in json.loads(moves).items()))
            for (moves,) in self.db.execute(
                "SELECT moves FROM steps WHERE table_id = ? ORDER BY idx", (table_id,)))
        pending = tuple(self.db.execute(
            "SELECT step, seat, move FROM pending WHERE table_id = ? ORDER BY seat",
            (table_id,)))
        final = json.loads(row[9]) if row[9] is not None else None
        return StoredTable(
            id=table_id, game=row[1], players=row[2], options=json.loads(row[3]),
            seed=row[4], bot_seed=row[5], bots=_seats(row[6]), tokens=_seats(row[7]),
            created=row[8], steps=steps, pending=pending,
            final=tuple(final) if final is not None else None,
            updated=row[10] if row[10] is not None else row[8], client=row[11] or "",
            clock=json.loads(row[12]) if row[12] else None,
            away=tuple(json.loads(row[13])) if row[13] else ())


def encode_step(step: tuple[tuple[int, str], ...], final: tuple[int, ...] | None
                ) -> tuple[str, str | None]:
    """A step's moves and the final totals as the file keeps them; ``ValueError`` if they
    cannot be written, or could not be read back by the library's record reader (a total
    beyond its integer bound)."""
    moves = json.dumps({str(s): m for s, m in step})
    if final is not None and any(abs(total) >= 2**MAX_INT_BITS for total in final):
        raise ValueError(f"a final total is beyond {MAX_INT_BITS} bits")
    totals = None if final is None else json.dumps(list(final))
    return moves, totals


def _seat_map(values: Mapping[int, str]) -> str:
    return json.dumps({str(seat): value for seat, value in sorted(values.items())})


def _seats(text: str) -> dict[int, str]:
    return {int(seat): value for seat, value in json.loads(text).items()}
