"""Tables: a game, its state and record, its seats' tokens, the moves sent for the step under
way, and who listens.

Every change happens in plain synchronous code on the event loop's thread (bots think in worker
threads, over immutable states), so no lock is needed: a move is checked, the step played, the
record written to SQLite, and only then the table changed. A refused move changes nothing.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import json
import logging
import secrets
import time
from collections.abc import Mapping
from typing import Any

from sevenwonders.core.protocol import Game
from sevenwonders.errors import SevenWondersError
from sevenwonders.frontend.records import GameRecord, new_record, replay
from sevenwonders.frontend.server.bots import BOTS, SLOW_BOTS, bot_agent, bot_move, bot_rng
from sevenwonders.frontend.server.payloads import public_info, seat_payload
from sevenwonders.frontend.server.problems import ApiError
from sevenwonders.frontend.server.store import Store, StoredTable
from sevenwonders.games import make_game

log = logging.getLogger("sevenwonders.server")

MAX_NOTATION = 200     # characters of a move's text
MAX_TABLES = 10_000    # live tables in one server
MAX_DICE_TURNS = 200   # Dice's max_turns option: every table must end
QUEUE_SIZE = 64        # pushes waiting for one WebSocket before it is resynchronised


def token_digest(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


class Table:
    """One table: its game and state, record, tokens (as digests), bots and listeners."""

    def __init__(self, table_id: str, game: Game[Any, Any, Any], record: GameRecord,
                 state: Any, *, bot_seed: int, bots: Mapping[int, str],
                 tokens: Mapping[int, str], created: float,
                 events: tuple[Any, ...] = ()) -> None:
        self.id = table_id
        self.game = game
        self.record = record
        self.state = state
        self.events = events                 # the last step's events, as the engine gave them
        self.bot_seed = bot_seed
        self.bots = dict(bots)
        self.tokens = dict(tokens)
        self.created = created
        self.pending: dict[int, Any] = {}    # seat -> move sent for the step under way
        self.listeners: dict[int, set[asyncio.Queue[str]]] = {}
        self.bot_task: asyncio.Task[None] | None = None
        self._payloads: dict[int, tuple[tuple[int, frozenset[int]], str]] = {}

    # ------------------------------------------------------------------ questions

    @property
    def over(self) -> bool:
        return bool(self.game.is_over(self.state))

    def owes(self, seat: int) -> bool:
        """Whether ``seat`` still owes a move for the step under way."""
        return not self.over and seat in self.game.to_move(self.state) \
            and seat not in self.pending

    def waiting_for(self) -> list[int]:
        if self.over:
            return []
        return sorted(seat for seat in self.game.to_move(self.state) if seat not in self.pending)

    def bots_owing(self) -> list[int]:
        return [seat for seat in self.waiting_for() if seat in self.bots]

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

    def payload(self, seat: int) -> str:
        """What ``seat`` may see now, as JSON text (cached until the step or the moves sent
        change: every listener of the seat gets the same text)."""
        key = (len(self.record.steps), frozenset(self.pending))
        cached = self._payloads.get(seat)
        if cached is not None and cached[0] == key:
            return cached[1]
        payload = json.dumps(seat_payload(self, seat), ensure_ascii=False,
                             separators=(",", ":"))
        self._payloads[seat] = (key, payload)
        return payload

    def info(self) -> dict[str, Any]:
        return public_info(self)

    # ------------------------------------------------------------------ changes

    def submit(self, store: Store, seat: int, text: str) -> bool:
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
            store.add_move(self.id, index, seat, str(move))
            self.pending[seat] = move
            return False
        try:
            after, events = game.step(state, moves)
        except SevenWondersError as error:
            raise ApiError.of(error) from None
        record = self.record.with_step(moves)
        final = None
        if game.is_over(after):
            record = record.finished(game.scores(after))
            final = record.final
        store.add_step(self.id, index, record.steps[-1], final)
        self.state, self.record, self.events, self.pending = after, record, tuple(events), {}
        return True

    def notify(self, seats: list[int] | None = None) -> None:
        """Push the current payload to every listener (of ``seats``, default all)."""
        for seat, queues in self.listeners.items():
            if not queues or (seats is not None and seat not in seats):
                continue
            payload = self.payload(seat)
            for queue in queues:
                if queue.full():  # a client far behind: drop the backlog, send the latest
                    while not queue.empty():
                        queue.get_nowait()
                queue.put_nowait(payload)


class Tables:
    """Every table of the server, the store behind them, and the bots' tasks."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.tables: dict[str, Table] = {}

    def get(self, table_id: str) -> Table:
        table = self.tables.get(table_id)
        if table is None:
            raise ApiError.server("not_found", f"no table {table_id!r}")
        return table

    # ------------------------------------------------------------------ creating, loading

    def create(self, body: Any) -> tuple[Table, dict[int, str]]:
        """A new table from the body of ``POST /api/tables``, and its seats' tokens."""
        name, players, options, bots = parse_new_table(body)
        if len(self.tables) >= MAX_TABLES:
            raise ApiError.server("busy", "this server holds as many tables as it can")
        seed = secrets.randbits(63)
        try:
            game = make_game(name, players, **options)
            state = game.new_game(seed)
        except SevenWondersError as error:
            raise ApiError.of(error) from None
        for seat in bots:
            if not 0 <= seat < game.players:
                raise ApiError(400, "no_such_seat", f"bots: there is no seat {seat}")
        tokens = {seat: secrets.token_urlsafe(32) for seat in range(game.players)
                  if seat not in bots}
        table = Table(secrets.token_urlsafe(9), game, new_record(game, seed),
                      state, bot_seed=secrets.randbits(63), bots=bots,
                      tokens={seat: token_digest(t) for seat, t in tokens.items()},
                      created=time.time())
        self.store.add_table(StoredTable(
            id=table.id, game=game.name, players=game.players, options=table.record.options,
            seed=seed, bot_seed=table.bot_seed, bots=bots, tokens=table.tokens,
            created=table.created))
        self.tables[table.id] = table
        self.kick(table)
        return table, tokens

    def load(self) -> None:
        """Every table of the store, replayed to where it was, moves sent included."""
        for stored in self.store.tables():
            try:
                table = restore(stored)
            except (SevenWondersError, ValueError, KeyError, TypeError) as error:
                # a file edited by hand, or a game that changed: skip the table, say so
                log.error("table %s cannot be restored: %s", stored.id, error)
                continue
            self.tables[table.id] = table
            self.kick(table)

    # ------------------------------------------------------------------ moving

    def move(self, table: Table, seat: int, text: str) -> None:
        stepped = table.submit(self.store, seat, text)
        table.notify(None if stepped else [seat])
        if stepped:
            self.kick(table)

    def kick(self, table: Table) -> None:
        """Start the table's bots if some owe a move and none is thinking yet."""
        if table.bots_owing() and (table.bot_task is None or table.bot_task.done()):
            try:
                loop = asyncio.get_running_loop()
            except RuntimeError:  # no loop yet (loading before start): started on startup
                return
            table.bot_task = loop.create_task(self._bots(table))

    async def _bots(self, table: Table) -> None:
        while not table.over:
            owing = table.bots_owing()
            if not owing:
                return
            seat = owing[0]
            state, index = table.state, len(table.record.steps)
            agent = bot_agent(table.bots[seat])
            rng = bot_rng(table.bot_seed, index, seat)
            try:
                if table.bots[seat] in SLOW_BOTS:
                    text = await asyncio.to_thread(bot_move, table.game, state, seat, agent, rng)
                else:
                    await asyncio.sleep(0)  # let the other tables have their turn first
                    text = bot_move(table.game, state, seat, agent, rng)
                if table.state is state and table.owes(seat):
                    self.move(table, seat, text)
            except Exception:  # a bot's bug stops this table's bots, not the server
                log.exception("table %s: the bot of seat %s failed", table.id, seat)
                return

    def start(self) -> None:
        for table in self.tables.values():
            self.kick(table)

    async def stop(self) -> None:
        tasks = [t.bot_task for t in self.tables.values() if t.bot_task and not t.bot_task.done()]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)


def restore(stored: StoredTable) -> Table:
    """A stored table replayed from its record (every step checked), with its pending moves."""
    record = GameRecord(stored.game, stored.players, stored.options, stored.seed, stored.steps)
    result = replay(record)
    game, state = result.game, result.state
    if result.over:
        record = record.finished(result.scores)
    table = Table(stored.id, game, record, state, bot_seed=stored.bot_seed, bots=stored.bots,
                  tokens=stored.tokens, created=stored.created,
                  events=result.events[-1] if result.events else ())
    for step, seat, text in stored.pending:
        if step != len(record.steps) or seat not in game.to_move(state):
            continue
        try:
            table.pending[seat] = game.parse_move(state, seat, text)
        except SevenWondersError as error:  # the seat will be asked again
            log.warning("table %s: seat %s's stored move %r is refused: %s",
                        stored.id, seat, text, error)
    return table


def parse_new_table(body: Any) -> tuple[str, int, dict[str, Any], dict[int, str]]:
    """The game name, players, options and bots of a ``POST /api/tables`` body."""
    if not isinstance(body, dict):
        raise ApiError.server("malformed", "the body must be a JSON object")
    unknown = sorted(set(body) - {"game", "players", "options", "bots"})
    if unknown:
        raise ApiError.server("malformed", f"unknown field(s): {', '.join(unknown)}")
    name, players = body.get("game"), body.get("players")
    options, bots = body.get("options", {}), body.get("bots", {})
    if not isinstance(name, str):
        raise ApiError.server("malformed", "game must be a game's name (base, architects, dice)")
    if isinstance(players, bool) or not isinstance(players, int):
        raise ApiError.server("malformed", "players must be a whole number")
    if not isinstance(options, dict):
        raise ApiError.server("malformed", "options must be a JSON object")
    if not isinstance(bots, dict):
        raise ApiError.server("malformed", 'bots must map seats to bot names: {"1": "random"}')
    check_server_options(name, options)
    seats: dict[int, str] = {}
    for key, bot in bots.items():
        if not (key.isascii() and key.isdigit() and len(key) <= 3):
            raise ApiError.server("malformed", f"bots: {key!r} is not a seat number")
        if not isinstance(bot, str) or bot not in BOTS:
            raise ApiError(400, "unknown_name",
                           f"bots: unknown bot {bot!r}; choose one of {', '.join(BOTS)}")
        seats[int(key)] = bot
    return name, players, options, seats


def check_server_options(name: str, options: dict[str, Any]) -> None:
    """Options a server must refuse although the library takes them: a Dice sheet file would
    be read from the server's disk, and a table without a turn limit might never end."""
    if name != "dice":
        return
    if options.get("sheets") not in (None, "default"):
        raise ApiError(400, "invalid_option", "this server plays Dice with its default sheets")
    turns = options.get("max_turns", 100)
    if isinstance(turns, bool) or not isinstance(turns, int) or not 1 <= turns <= MAX_DICE_TURNS:
        raise ApiError(400, "invalid_option",
                       f"max_turns must be a whole number from 1 to {MAX_DICE_TURNS} here")
