"""Every table of the server: loaded from the database when first asked for, created within
the caps, put away from memory when finished or abandoned, deleted past the retention; and
their bots and turn clocks.

Startup answers at once: no table is loaded before the first request. A background task then
loads the live tables (unfinished, moved within ``idle``), latest first, one at a time, so
their bots and clocks go on; any other table is loaded when a request names it.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
import secrets
import time

from sevenwonders.errors import SevenWondersError
from sevenwonders.frontend.records import new_record
from sevenwonders.frontend.server.bots import SLOW_BOTS, bot_agent, bot_move, bot_rng
from sevenwonders.frontend.server.creation import parse_new_table
from sevenwonders.frontend.server.payloads import notify
from sevenwonders.frontend.server.problems import ApiError
from sevenwonders.frontend.server.settings import Settings
from sevenwonders.frontend.server.store import Store, StoredTable
from sevenwonders.frontend.server.tables import Table, restore, token_digest

log = logging.getLogger("sevenwonders.server")

TABLE_ID = re.compile(r"[A-Za-z0-9_-]{1,32}")


class Tables:
    """The tables in memory, the store behind them, the bots' tasks and the clocks' timers."""

    def __init__(self, store: Store, settings: Settings) -> None:
        self.store = store
        self.settings = settings
        self.tables: dict[str, Table] = {}
        self.tasks: list[asyncio.Task[None]] = []

    @property
    def max_in_memory(self) -> int:
        """Tables held at once, live or only being read (twice the live cap)."""
        return max(2 * self.settings.max_tables, 16)

    def get(self, table_id: str) -> Table:
        """The table, loaded from the database if it is not in memory; 404 if there is none."""
        table = self.tables.get(table_id)
        if table is None:
            table = self._load(table_id)
        table.seen = time.time()
        return table

    def _load(self, table_id: str) -> Table:
        stored = self.store.table(table_id) if TABLE_ID.fullmatch(table_id) else None
        if stored is None:
            raise ApiError.server("not_found", f"no table {table_id[:40]!r}")
        try:
            table = restore(stored)
        except (SevenWondersError, ValueError, KeyError, TypeError) as error:
            # a file edited by hand, or a game that changed: say so, serve nothing
            log.error("table %s cannot be restored: %s", stored.id, error)
            raise ApiError.server("not_found", f"table {table_id!r} cannot be restored") \
                from None
        self._make_room()
        self.tables[table.id] = table
        self.arm(table, fresh=True)
        self.kick(table)
        return table

    def _make_room(self) -> None:
        """Put away the table read longest ago if memory holds :attr:`max_in_memory`."""
        if len(self.tables) < self.max_in_memory:
            return
        oldest = min(self.tables.values(), key=lambda t: max(t.seen, t.updated))
        self.put_away(oldest)

    # ------------------------------------------------------------------ creating

    def create(self, body: object, client: str) -> tuple[Table, dict[int, str]]:
        """A new table from the body of ``POST /api/tables`` sent by ``client`` (an address),
        and its seats' tokens; refused beyond the caps on live tables."""
        settings, now = self.settings, time.time()
        key = self.store.client_key(client)  # the caps first: they cost less than a game
        since = now - settings.idle
        if self.store.live_count(since, key) >= settings.max_tables_per_client:
            raise ApiError.server("too_many", f"this address has {settings.max_tables_per_client}"
                                  " live tables already; finish or leave one first")
        if self.store.live_count(since) >= settings.max_tables:
            raise ApiError.server("busy", "this server holds as many live tables as it may; "
                                  "try again later")
        new = parse_new_table(body, settings)
        game, seed = new.game, secrets.randbits(63)
        try:
            state = game.new_game(seed)
        except SevenWondersError as error:
            raise ApiError.of(error) from None
        tokens = {seat: secrets.token_urlsafe(32) for seat in range(game.players)
                  if seat not in new.bots}
        table = Table(secrets.token_urlsafe(9), game, new_record(game, seed), state,
                      bot_seed=secrets.randbits(63), bots=new.bots,
                      tokens={seat: token_digest(t) for seat, t in tokens.items()},
                      created=now, updated=now, clock=new.clock)
        self.store.add_table(StoredTable(
            id=table.id, game=game.name, players=game.players, options=table.record.options,
            seed=seed, bot_seed=table.bot_seed, bots=new.bots, tokens=table.tokens,
            created=now, updated=now, client=key,
            clock=None if new.clock is None else new.clock.to_dict()))
        self._make_room()
        self.tables[table.id] = table
        self.arm(table, fresh=True)
        self.kick(table)
        return table, tokens

    # ------------------------------------------------------------------ moving

    def move(self, table: Table, seat: int, text: str) -> None:
        """``seat``'s move (a person's or a bot's); every listener hears of it at once."""
        stepped = table.submit(self.store, seat, text, time.time())
        if stepped:
            self.arm(table, fresh=True)
        notify(table)
        if stepped:
            self.kick(table)

    def person_moves(self, table: Table, seat: int, text: str) -> None:
        """A move sent with the seat's token: a seat that was away is back once it is taken."""
        was_away = seat in table.away
        self.move(table, seat, text)
        if was_away:
            self.back(table, seat)

    def back(self, table: Table, seat: int) -> None:
        """``seat`` plays for itself again (``POST .../back``)."""
        if seat not in table.away:
            return
        table.away.discard(seat)
        self.store.set_away(table.id, tuple(sorted(table.away)))
        table.updated = time.time()
        self.arm(table, fresh=False)
        table.changed()
        notify(table)

    def kick(self, table: Table) -> None:
        """Start the table's bots if some owe a move and none is thinking yet."""
        if table.bots_owing() and (table.bot_task is None or table.bot_task.done()):
            try:
                loop = asyncio.get_running_loop()
            except RuntimeError:  # no loop (a table made outside the server): nothing to run
                return
            table.bot_task = loop.create_task(self._bots(table))

    async def _bots(self, table: Table) -> None:
        while not table.over and self.tables.get(table.id) is table:
            owing = table.bots_owing()
            if not owing:
                return
            seat = owing[0]
            name = table.bot_of(seat)
            assert name is not None
            state, index = table.state, len(table.record.steps)
            agent = bot_agent(name)
            rng = bot_rng(table.bot_seed, index, seat)
            try:
                if name in SLOW_BOTS:
                    text = await asyncio.to_thread(bot_move, table.game, state, seat, agent, rng)
                else:
                    await asyncio.sleep(0)  # let the other tables have their turn first
                    text = bot_move(table.game, state, seat, agent, rng)
                if table.state is state and table.owes(seat) and table.bot_of(seat) == name:
                    self.move(table, seat, text)
            except ApiError as error:  # e.g. a step that cannot be stored: said, not retried
                log.error("table %s: the bot of seat %s was refused: %s", table.id, seat,
                          error.message)
                return
            except Exception:  # a bot's bug stops this table's bots, not the server
                log.exception("table %s: the bot of seat %s failed", table.id, seat)
                return

    # ------------------------------------------------------------------ the turn clock

    def arm(self, table: Table, *, fresh: bool) -> None:
        """Set the deadline of the step under way: a new one (``fresh``: a step began, or the
        table was loaded) or, keeping a running one, one for a seat that came back."""
        if table.clock is None:
            return
        people = table.people_owing()
        if not people:
            self._disarm(table)
            return
        if not fresh and table.deadline is not None:
            return
        self._disarm(table)
        table.deadline = time.time() + table.clock.seconds
        table.changed()
        with contextlib.suppress(RuntimeError):  # no loop: the clock starts when loaded
            loop = asyncio.get_running_loop()
            table.timer = loop.call_later(table.clock.seconds, self.time_up, table,
                                          len(table.record.steps))

    @staticmethod
    def _disarm(table: Table) -> None:
        if table.timer is not None:
            table.timer.cancel()
        table.timer, table.deadline = None, None

    def time_up(self, table: Table, step: int) -> None:
        """The deadline passed: every person still owing a move of ``step`` is away and the
        clock's bot moves for them."""
        table.timer, table.deadline = None, None
        table.changed()
        if self.tables.get(table.id) is not table or len(table.record.steps) != step:
            return
        late = table.people_owing()
        if not late:
            notify(table)
            return
        table.away.update(late)
        self.store.set_away(table.id, tuple(sorted(table.away)))
        log.info("table %s: seat(s) %s ran out of time", table.id, late)
        notify(table)
        self.kick(table)

    # ------------------------------------------------------------------ putting away

    def put_away(self, table: Table) -> None:
        """Take ``table`` out of memory (its record stays in the database)."""
        if self.tables.get(table.id) is table:
            del self.tables[table.id]
        self._disarm(table)
        if table.bot_task is not None and not table.bot_task.done():
            table.bot_task.cancel()
        table.close_listeners()

    def sweep(self, now: float) -> None:
        """Put away finished tables ``linger`` seconds after their last step or request and
        abandoned ones ``idle`` seconds after their last move; delete from the database every
        table last moved at more than ``retention`` seconds ago."""
        settings = self.settings
        for table in list(self.tables.values()):
            quiet = now - max(table.updated, table.seen)
            if (table.over and quiet > settings.linger) \
                    or (not table.over and now - table.updated > settings.idle
                        and quiet > settings.linger):
                self.put_away(table)
        if settings.retention > 0:
            cutoff = now - settings.retention
            for table in [t for t in self.tables.values() if t.updated < cutoff]:
                self.put_away(table)
            deleted = self.store.purge(cutoff)
            if deleted:
                log.info("deleted %s table(s) past the retention", deleted)

    # ------------------------------------------------------------------ the server's life

    def start(self) -> None:
        """Start the sweeper and the background loading of live tables."""
        loop = asyncio.get_running_loop()
        self.tasks = [loop.create_task(self._sweeper()), loop.create_task(self._warm())]

    async def _sweeper(self) -> None:
        while True:
            await asyncio.sleep(self.settings.sweep_every)
            try:
                self.sweep(time.time())
            except Exception:  # a sweep that fails is said and tried again next time
                log.exception("the sweep failed")

    async def _warm(self) -> None:
        ids = self.store.live_ids(time.time() - self.settings.idle, self.settings.max_tables)
        for table_id in ids:
            await asyncio.sleep(0)  # requests first
            if table_id not in self.tables:
                with contextlib.suppress(ApiError):  # a table that cannot be restored
                    self._load(table_id)

    async def stop(self) -> None:
        tasks = [*self.tasks, *(t.bot_task for t in self.tables.values()
                               if t.bot_task and not t.bot_task.done())]
        for table in self.tables.values():
            self._disarm(table)
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
