"""TableService: tables, seats, actions, chat and bots, independent of HTTP.

A table is ``game.new_match(seed)`` with every committed action applied in order.  An action
is checked by the engine, committed to the store (``(table_id, seq)`` unique), and only then
applied in memory and sent: every connection gets a ``state`` message for its own seat (the
seat's view, or the public view for spectators).  Bots play through the same path, their
``choose`` running in a worker thread (or on the loop once a bot's moves prove to be quick).

Nothing here awaits a socket: a message goes into the connection's bounded outbox
(:mod:`.conn`), whose own task sends it; a connection that falls behind is dropped.  The store
is synchronous; every call goes through :meth:`TableService._db` (a worker thread, one at a
time for SQLite), except the action log, written on the loop when the database allows it
(:mod:`.log_writer`).  A per-table ``asyncio.Lock`` orders actions; no table has a thread.  A
database error is retried (the table waits, the log says so), never reported as ``stale``.

The service is put together from one module per concern: :mod:`.lobby` (creating, joining,
finding tables; records and replays), :mod:`.sockets` (connections, client frames, chat),
:mod:`.play` (moves, the log, other processes' news, the broadcast) and :mod:`.seating`
(clocks, seats that come and go, bots, the sweeper) and :mod:`.owners` (which process runs a
table when several share the database); this module holds the plumbing (the store's worker
threads, tasks) and loading, resuming and unloading tables.
"""

from __future__ import annotations

import asyncio
import logging
import os
import time
import uuid
from collections.abc import Awaitable, Callable
from functools import partial
from typing import Any, TypeVar

import anyio
import anyio.to_thread

from trapoula.web.bus import Bus, LocalBus
from trapoula.web.conn import Connection
from trapoula.web.dealing import DealingMixin
from trapoula.web.group_commit import GroupCommit
from trapoula.web.leases import Leases, leases_of
from trapoula.web.limits import Limits
from trapoula.web.lobby import LobbyMixin
from trapoula.web.log_writer import PgLoopWriter, loop_writer
from trapoula.web.owners import OwnersMixin
from trapoula.web.people.settle import settle_later
from trapoula.web.play import PlayMixin, StoreDown
from trapoula.web.quota import Quotas
from trapoula.web.seating import SeatingMixin
from trapoula.web.sockets import SocketsMixin
from trapoula.web.store import MemoryStore, Store, TableRow
from trapoula.web.table import ServiceError, Table, apply_as, hash_token, unavailable

__all__ = ["Connection", "ServiceError", "StoreDown", "Table", "TableService", "hash_token"]

log = logging.getLogger("trapoula.web")
T = TypeVar("T")


async def _never_open(source: dict[str, Any]) -> bool:
    return False


class TableService(LobbyMixin, SocketsMixin, PlayMixin, SeatingMixin, DealingMixin,
                   OwnersMixin):
    """Everything a table does, for the web app and the tests (see the module docstring)."""

    def __init__(
        self,
        store: Store,
        bus: Bus | None = None,
        *,
        bot_delay: float = 0.0,
        db_threads: int | None = None,
        bot_threads: int = 4,
        limits: Limits | None = None,
        fixed_seeds: bool = False,
        clock_scale: float = 1.0,
        db_patience: float = 5.0,
        loop_log: bool = True,
        leases: bool | None = None,
        lease_ttl: float = 6.0,
    ) -> None:
        self.store = store
        self.bus: Bus = bus if bus is not None else LocalBus()
        self.bot_delay = bot_delay
        self.limits = limits or Limits()
        self.quotas = Quotas(self.limits)
        self.fixed_seeds = fixed_seeds  # tests and benchmarks may choose any table's seed
        self.clock_scale = clock_scale
        self.db_patience = db_patience  # seconds a person's move waits for a failing database
        self.origin = f"p{os.getpid()}-{uuid.uuid4().hex[:8]}"  # this process, in logs too
        # several processes (a shared bus): each table is run by the holder of its lease
        # (web/owners.py); None: this process runs every table it holds
        if leases is None:
            leases = not isinstance(self.bus, LocalBus)
        self.lease_ttl: float | None = lease_ttl if leases else None
        self.unloadable: set[str] = set()  # tables whose log no longer replays (not retried)
        sqlite = bool(getattr(store, "sqlite", False))
        self._db_limiter = anyio.CapacityLimiter(db_threads or (1 if sqlite else 8))
        self._inline_db = isinstance(store, MemoryStore)
        self._bot_limiter = anyio.CapacityLimiter(bot_threads)
        # actions arriving while one is being stored are stored together (one commit); the log
        # is written on the loop (web/log_writer.py) unless loop_log is False (a worker thread)
        # PostgreSQL: two connections, so a batch goes out while the other waits for its
        # commit (with synchronous_commit each commit waits for the WAL's fsync)
        writer = loop_writer(store) if loop_log else None
        more = [loop_writer(store)] if isinstance(writer, PgLoopWriter) else []
        self._commits = GroupCommit(store, self._db, writer=writer,
                                    more_writers=[w for w in more if w is not None])
        self.tables: dict[str, Table] = {}
        self._loading: dict[str, asyncio.Lock] = {}
        self._closing = False
        # called (as a task, off the table's lock) when this process stores a table's last move
        self.finish_hooks: list[Callable[[Table], Awaitable[None]]] = []
        # whether a duplicate round (a table chain's "source") still plays: its records wait
        self.round_open: Callable[[dict[str, Any]], Awaitable[bool]] = _never_open
        self._background: set[asyncio.Task[None]] = set()
        self.db_down_since: float | None = None
        self._db_fault_write = False  # the fault began or went on with a failed write

    @property
    def leases(self) -> Leases:
        """The store's leases and seat clock states (web/leases.py)."""
        return leases_of(self.store)

    # --- plumbing -----------------------------------------------------------------------------
    async def _db(self, fn: Callable[..., T], *args: Any) -> T:
        if self._inline_db:  # the in-memory store never blocks
            return fn(*args)
        return await anyio.to_thread.run_sync(partial(fn, *args), limiter=self._db_limiter)

    def _db_failed(self, exc: BaseException, what: str, *, write: bool = True) -> None:
        """A store call failed: the fault's start is logged once.  ``write``: it was a write
        (then only a write that goes in ends the fault: a lock lets reads through)."""
        if self.db_down_since is None:
            self.db_down_since = time.monotonic()
            self._db_fault_write = write
            log.warning("the database failed (%s: %s) while %s; tables wait and retry",
                        type(exc).__name__, str(exc).splitlines()[0][:200] if str(exc) else "",
                        what)
            if getattr(self.store, "ping", None) is not None and not self._closing:
                self._spawn(self._probe())
        elif write:
            self._db_fault_write = True

    def _db_ok(self, *, write: bool = True) -> None:
        """A store call went through: the end of a fault, if it is one that ends it."""
        if self.db_down_since is not None and (write or not self._db_fault_write):
            log.warning("the database answers again after %.1f s; tables resume",
                        time.monotonic() - self.db_down_since)
            self.db_down_since = None

    async def _probe(self) -> None:
        """While the database fails, try a write now and then (``store.ping``), so that the
        fault's end is seen (and logged) when it comes, not at the next move."""
        delay = 0.25
        while self.db_down_since is not None and not self._closing:
            await asyncio.sleep(delay)
            delay = min(2.0, delay * 2)
            try:
                await self._db(self.store.ping)  # type: ignore[attr-defined]
            except Exception:
                continue
            self._db_ok()

    async def _db_try(self, what: str, fn: Callable[..., T], *args: Any,
                      write: bool = False) -> T:
        """A store call whose failure is a 503 ``unavailable`` (logged, nothing changed)."""
        try:
            out = await self._db(fn, *args)
        except Exception as exc:
            self._db_failed(exc, what, write=write)
            raise unavailable() from None
        self._db_ok(write=write)
        return out

    def _spawn(self, coro: Awaitable[None]) -> asyncio.Task[None]:
        task: asyncio.Task[None] = asyncio.ensure_future(coro)
        self._background.add(task)
        task.add_done_callback(self._background.discard)
        return task

    async def start(self) -> int:
        """Load every unfinished table (replaying its actions) and let its bots play (several
        processes: the tables nobody else runs, web/owners.py)."""
        if self.lease_ttl is not None:
            log.warning("this process is %s; tables change owner within %g s of a process's "
                        "end", self.origin, self.lease_ttl)
            loaded = await self._lease_round()
            self._start_leases()
            self._start_sweeper()
            return loaded
        rows = await self._db(partial(self.store.list_tables, open_only=True, limit=100000))
        for row in rows:
            try:
                table = await self._get(row.table_id)
            except Exception:  # a table that no longer replays must not stop the server
                log.exception("cannot resume table %s", row.table_id)
                continue
            self._arm_clock(table)
            self._kick_bots(table)
        self._start_sweeper()
        return len(rows)

    async def close(self) -> None:
        self._closing = True
        await self._release_leases()  # the other processes take the tables at once
        tasks = [t for t in self._background if not t.done()]
        for table in self.tables.values():
            tasks += [t for t in (table.bot_task, table.sub_task) if t is not None and not t.done()]
            if table.clock_handle is not None:
                table.clock_handle.cancel()
            if table.reveal_handle is not None:
                table.reveal_handle.cancel()
            for conn in table.conns:
                conn.stop()
        for task in tasks:
            task.cancel()
        for task in tasks:
            try:
                await task
            except (asyncio.CancelledError, Exception):
                pass
        await self._commits.close()

    async def _get(self, table_id: str) -> Table:
        """The table in memory, loaded from the store and replayed when needed."""
        table = self.tables.get(table_id)
        if table is not None:
            return table
        lock = self._loading.setdefault(table_id, asyncio.Lock())
        try:
            return await self._load(table_id, lock)
        finally:
            if not lock.locked():
                self._loading.pop(table_id, None)

    async def _load(self, table_id: str, lock: asyncio.Lock) -> Table:
        async with lock:
            table = self.tables.get(table_id)
            if table is not None:
                return table
            row = await self._db_try("loading a table", self.store.get_table, table_id)
            if row is None:
                raise ServiceError(404, "not_found", f"no table {table_id!r}")
            if row.status == "abandoned":
                raise ServiceError(410, "abandoned", "this table was abandoned (nobody played "
                                   "at it for a long time)")
            acts = await self._db_try("loading a table", self.store.actions, table_id, 0)
            table = await anyio.to_thread.run_sync(self._replay, row, acts)
            table.clock_scale = self.clock_scale
            await self._claim_one(table)
            self.tables[table_id] = table
            table.sub_task = self._supervise(lambda: self._follow(table), f"following {table_id}",
                                             table)
            # news published before the subscription was live: read the store once more
            self._spawn(self._recheck(table, 0.05 if isinstance(self.bus, LocalBus) else 0.5))
            self._arm_reveal(table)  # the seats' values awaited (web/dealing.py)
            if table.state.is_over:  # a process that died before settling it: now
                settle_later(self, table)
            return table

    async def _recheck(self, table: Table, delay: float) -> None:
        await asyncio.sleep(delay)
        if self._closing:
            return
        async with table.lock:
            seq = table.seq
            try:
                await self._catch_up(table)
            except Exception as exc:
                self._db_failed(exc, "reading a table's moves", write=False)
                return
            if table.seq != seq:
                self._arm_clock(table)
                self._broadcast(table)
        self._kick_bots(table)  # the owner's bots play the moves found

    @staticmethod
    def _replay(row: TableRow, acts: list[tuple[int, str, str]]) -> Table:
        game = row.make_game()  # every stored option value, and the table's dealing version
        state = row.new_match(game)
        table = Table(row, game, state)
        table.reset_fair()  # the deals' commitments and the seed's chain (web/fair.py)
        for seq, seat, action in acts:
            table.advance(apply_as(table.state, seat, action), seq, seat, action)
        table.load_clocks()  # auto seats, banks, a stopped turn: as stored
        return table


    def _evict_if_idle(self, table: Table) -> None:
        """A finished table nobody watches leaves memory (the store keeps it)."""
        if table.state.is_over and not table.conns:
            self._unload(table)

    def _unload(self, table: Table) -> None:
        if self.tables.get(table.table_id) is not table:
            return
        del self.tables[table.table_id]
        if self._owns(table) and self.lease_ttl is not None and not self._closing:
            self._spawn(self._release_leases([table.table_id]))
        if table.clock_handle is not None:
            table.clock_handle.cancel()
        if table.reveal_handle is not None:
            table.reveal_handle.cancel()
        tasks, table.sub_task, table.bot_task = (table.sub_task, table.bot_task), None, None
        for task in tasks:  # forgotten as they are cancelled: see Connection.stop
            if task is not None and not task.done() and task is not asyncio.current_task():
                task.cancel()
