"""One table: a game, its state and record, its seats' tokens, the moves sent for the step
under way, its turn clock, and who listens.

Every change happens in plain synchronous code on the event loop's thread (bots think in worker
threads, over immutable states), so no lock is needed: a move is checked, the step played and
encoded, the record written to SQLite, and only then the table changed. A refused move changes
nothing. :mod:`.registry` holds the tables and runs their bots and clocks.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import logging
from collections.abc import Mapping
from typing import Any

from sevenwonders.core.protocol import Game
from sevenwonders.errors import SevenWondersError
from sevenwonders.frontend.records import GameRecord, replay
from sevenwonders.frontend.server.creation import Clock
from sevenwonders.frontend.server.problems import ApiError
from sevenwonders.frontend.server.store import Store, StoredTable, encode_step

log = logging.getLogger("sevenwonders.server")

MAX_NOTATION = 200     # characters of a move's text
QUEUE_SIZE = 64        # pushes waiting for one WebSocket before it is resynchronised
CLOSE = ""             # queued to a WebSocket: the table left memory, close (client reconnects)


def token_digest(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


class Table:
    """One table: its game and state, record, tokens (as digests), bots, clock and listeners."""

    def __init__(self, table_id: str, game: Game[Any, Any, Any], record: GameRecord,
                 state: Any, *, bot_seed: int, bots: Mapping[int, str],
                 tokens: Mapping[int, str], created: float, updated: float,
                 history: tuple[tuple[Any, ...], ...] = (), clock: Clock | None = None,
                 away: tuple[int, ...] = ()) -> None:
        self.id = table_id
        self.game = game
        self.record = record
        self.state = state
        self.history = list(history)         # every step's events, as the engine gave them
        self.bot_seed = bot_seed
        self.bots = dict(bots)
        self.tokens = dict(tokens)
        self.created = created
        self.updated = updated               # time of the last move or step
        self.seen = updated                  # time of the last request about the table
        self.clock = clock
        self.away = set(away)                # seats the clock's bot plays for
        self.deadline: float | None = None   # when the seats owing a move run out of time
        self.timer: asyncio.TimerHandle | None = None
        self.pending: dict[int, Any] = {}    # seat -> move sent for the step under way
        self.listeners: dict[int, set[asyncio.Queue[str]]] = {}
        self.bot_task: asyncio.Task[None] | None = None
        self.logs: dict[int, list[dict[str, Any]]] = {}   # seat -> its log entries so far
        self.positions: list[Any] | None = None           # replay states, once asked
        self.moves_taken = sum(len(step) for step in record.steps)  # pending ones too
        self.clock_changes = 0               # deadlines set, seats away or back since then
        # what payloads.py encoded for each seat: its whole payload at a version, and the part
        # that stays within a step
        self.payload_texts: dict[int, tuple[int, str]] = {}
        self.payload_parts: dict[int, tuple[tuple[int, bool], str]] = {}

    # ------------------------------------------------------------------ questions

    @property
    def over(self) -> bool:
        return bool(self.game.is_over(self.state))

    @property
    def events(self) -> tuple[Any, ...]:
        """The last step's events."""
        return self.history[-1] if self.history else ()

    def owes(self, seat: int) -> bool:
        """Whether ``seat`` still owes a move for the step under way."""
        return not self.over and seat in self.game.to_move(self.state) \
            and seat not in self.pending

    def waiting_for(self) -> list[int]:
        if self.over:
            return []
        return sorted(seat for seat in self.game.to_move(self.state) if seat not in self.pending)

    def bot_of(self, seat: int) -> str | None:
        """The bot that plays ``seat`` now: its own, or the clock's while the seat is away."""
        if seat in self.bots:
            return self.bots[seat]
        if seat in self.away and self.clock is not None:
            return self.clock.bot
        return None

    def bots_owing(self) -> list[int]:
        return [seat for seat in self.waiting_for() if self.bot_of(seat) is not None]

    def people_owing(self) -> list[int]:
        return [seat for seat in self.waiting_for() if self.bot_of(seat) is None]

    def check_token(self, seat: int, token: str | None) -> None:
        """Refuse unless ``token`` is ``seat``'s (compared in constant time)."""
        if not 0 <= seat < self.game.players:
            raise ApiError.server("not_found", f"table {self.id} has no seat {seat}")
        if not token:
            raise ApiError.server("unauthorized", "this needs the seat's token "
                                  "(Authorization: Bearer <token>)")
        digest = token_digest(token)
        mine = self.tokens.get(seat)
        if mine is not None and hmac.compare_digest(digest, mine):
            return
        if any(hmac.compare_digest(digest, other) for other in self.tokens.values()):
            raise ApiError.server("forbidden", f"that token is not seat {seat}'s")
        if seat in self.bots:
            raise ApiError.server("forbidden", f"seat {seat} is played by a bot")
        raise ApiError.server("unauthorized", "unknown token")

    def clock_info(self) -> dict[str, Any]:
        """The payload's ``clock``: seconds per decision (null: no clock), the deadline of the
        step under way (Unix time, null when no person owes a move), the seats a bot plays for
        since their time ran out, and that bot."""
        return {"seconds": self.clock.seconds if self.clock else None,
                "bot": self.clock.bot if self.clock else None,
                "deadline": self.deadline, "away": sorted(self.away)}

    @property
    def version(self) -> int:
        """Grows with every change seats can see: 1000 per move taken in the whole game (so
        it survives a restart), plus the clock's changes since the last move."""
        return 1000 * self.moves_taken + self.clock_changes

    def changed(self, *, move: bool = False) -> None:
        """Something seats can see changed: a move taken (``move``), or the clock (a new
        deadline, a seat away or back)."""
        if move:
            self.moves_taken, self.clock_changes = self.moves_taken + 1, 0
        else:
            self.clock_changes = min(self.clock_changes + 1, 999)

    # ------------------------------------------------------------------ changes

    def submit(self, store: Store, seat: int, text: str, now: float) -> bool:
        """Accept ``seat``'s move ``text`` (or raise :class:`ApiError`, changing nothing);
        plays the step once every seat asked has moved. True if a step was played."""
        game, state = self.game, self.state
        if len(text) > MAX_NOTATION:
            raise ApiError(400, "too_large", f"a move's text is at most {MAX_NOTATION} "
                                             f"characters, not {len(text)}")
        if self.over:
            raise ApiError(409, "game_over", "the game is over")
        if seat in self.pending:
            raise ApiError(409, "not_to_move", f"seat {seat} already moved in this step")
        if seat not in game.to_move(state):
            raise ApiError(409, "not_to_move", f"seat {seat} is not asked to move now")
        try:
            move = game.parse_move(state, seat, text)
        except SevenWondersError as error:
            raise ApiError.of(error) from None
        index = len(self.record.steps)
        moves = {**self.pending, seat: move}
        if set(moves) != set(game.to_move(state)):
            store.add_move(self.id, index, seat, str(move), now)
            self.pending[seat], self.updated = move, now
            self.changed(move=True)
            return False
        try:
            after, events = game.step(state, moves)
        except SevenWondersError as error:
            raise ApiError.of(error) from None
        record = self.record.with_step(moves)
        if game.is_over(after):
            record = record.finished(game.scores(after))
        try:
            encode_step(record.steps[-1], record.final)
        except ValueError as error:  # never played: the table stays where it was
            raise ApiError.server("unstorable", f"this step cannot be stored, so it is not "
                                                f"played: {error}"[:300]) from None
        store.add_step(self.id, index, record.steps[-1], record.final, now)
        self.state, self.record, self.pending, self.updated = after, record, {}, now
        self.history.append(tuple(events))
        self.changed(move=True)
        return True

    def close_listeners(self) -> None:
        """Ask every listener's socket to close (the table leaves memory)."""
        for queues in self.listeners.values():
            self.push(queues, CLOSE)

    @staticmethod
    def push(queues: set[asyncio.Queue[str]], payload: str) -> None:
        for queue in queues:
            if queue.full():  # a client far behind: drop the backlog, send the latest
                while not queue.empty():
                    queue.get_nowait()
            queue.put_nowait(payload)


def restore(stored: StoredTable) -> Table:
    """A stored table replayed from its record (every step checked), with its pending moves."""
    record = GameRecord(stored.game, stored.players, stored.options, stored.seed, stored.steps)
    result = replay(record)
    game, state = result.game, result.state
    if result.over:
        record = record.finished(result.scores)
    clock = None if stored.clock is None else Clock(float(stored.clock["seconds"]),
                                                    str(stored.clock["bot"]))
    table = Table(stored.id, game, record, state, bot_seed=stored.bot_seed, bots=stored.bots,
                  tokens=stored.tokens, created=stored.created, updated=stored.updated,
                  history=result.events, clock=clock, away=stored.away)
    for step, seat, text in stored.pending:
        if step != len(record.steps) or seat not in game.to_move(state):
            continue
        try:
            table.pending[seat] = game.parse_move(state, seat, text)
            table.moves_taken += 1
        except SevenWondersError as error:  # the seat will be asked again
            log.warning("table %s: seat %s's stored move %r is refused: %s",
                        stored.id, seat, text, error)
    return table
