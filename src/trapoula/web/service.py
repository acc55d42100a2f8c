"""TableService: tables, seats, actions, chat and bots, independent of HTTP.

A table is ``game.new_match(seed)`` with every committed action applied in order.  An action
is checked by the engine, committed to the store (``(table_id, seq)`` unique), and only then
applied in memory and sent: every connection gets a ``state`` message for its own seat (the
seat's view, or the public view for spectators).  Bots play through the same path, their
``choose`` running in a worker thread (or on the loop once a bot's moves prove to be quick).

Nothing here awaits a socket: a message goes into the connection's bounded outbox
(:mod:`.conn`), whose own task sends it; a connection that falls behind is dropped.  The store
is synchronous; every call goes through :meth:`TableService._db` (a worker thread, one at a
time for SQLite).  A per-table ``asyncio.Lock`` orders actions; no table has a thread.  A
database error is retried (the table waits, the log says so), never reported as ``stale``.
Clocks, seats that come and go, bots and the sweeper live in :mod:`.seating`.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
import uuid
from collections.abc import Awaitable, Callable
from functools import partial
from typing import Any, TypeVar

import anyio
import anyio.to_thread

import trapoula
from trapoula.core.game import fresh_seed
from trapoula.core.state import GameState
from trapoula.errors import ConfigError, IllegalActionError, NotYourTurnError, ParseError
from trapoula.web.bus import Bus, LocalBus
from trapoula.web.conn import Connection
from trapoula.web.fair import Fairness
from trapoula.web.group_commit import GroupCommit
from trapoula.web.limits import FLOOD_DISCONNECT, LimitError, Limits, clean_chat, clean_name
from trapoula.web.protocol import (
    PONG,
    ProtocolError,
    chat_history_message,
    chat_message,
    error_message,
    presence_message,
    read_message,
)
from trapoula.web.quota import QuotaError, Quotas
from trapoula.web.seating import SeatingMixin, parse_seats
from trapoula.web.spec import SpecError, TableSettings, check_options, split_options
from trapoula.web.store import OVER, MemoryStore, Store, TableRow
from trapoula.web.table import (
    ServiceError,
    Table,
    apply_as,
    hash_token,
    replay_frame,
    replay_steps,
    summary,
    with_status,
)

__all__ = ["Connection", "ServiceError", "StoreDown", "Table", "TableService", "hash_token"]

log = logging.getLogger("trapoula.web")
T = TypeVar("T")
_CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"


class StoreDown(Exception):
    """The database did not answer (an outage, a lock held too long); nothing was stored."""


def _unavailable() -> ServiceError:
    return ServiceError(503, "unavailable", "the database is not answering; try again in a "
                        "moment (nothing was changed)")


class TableService(SeatingMixin):
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
    ) -> None:
        self.store = store
        self.bus: Bus = bus if bus is not None else LocalBus()
        self.bot_delay = bot_delay
        self.limits = limits or Limits()
        self.quotas = Quotas(self.limits)
        self.fixed_seeds = fixed_seeds  # tests and benchmarks may choose any table's seed
        self.clock_scale = clock_scale
        self.db_patience = db_patience  # seconds a person's move waits for a failing database
        self.origin = uuid.uuid4().hex
        sqlite = bool(getattr(store, "sqlite", False))
        self._db_limiter = anyio.CapacityLimiter(db_threads or (1 if sqlite else 8))
        self._inline_db = isinstance(store, MemoryStore)
        self._bot_limiter = anyio.CapacityLimiter(bot_threads)
        # actions arriving while one is being stored are stored together (one hop, one commit)
        self._commits = GroupCommit(store, self._db)
        self.tables: dict[str, Table] = {}
        self._loading: dict[str, asyncio.Lock] = {}
        self._closing = False
        self._background: set[asyncio.Task[None]] = set()
        self.db_down_since: float | None = None

    # --- plumbing -----------------------------------------------------------------------------
    async def _db(self, fn: Callable[..., T], *args: Any) -> T:
        if self._inline_db:  # the in-memory store never blocks
            return fn(*args)
        return await anyio.to_thread.run_sync(partial(fn, *args), limiter=self._db_limiter)

    def _db_failed(self, exc: BaseException, what: str) -> None:
        if self.db_down_since is None:
            self.db_down_since = time.monotonic()
            log.warning("the database failed (%s: %s) while %s; tables wait and retry",
                        type(exc).__name__, str(exc).splitlines()[0][:200] if str(exc) else "",
                        what)

    def _db_ok(self) -> None:
        if self.db_down_since is not None:
            log.warning("the database answers again after %.1f s; tables resume",
                        time.monotonic() - self.db_down_since)
            self.db_down_since = None

    async def _db_try(self, what: str, fn: Callable[..., T], *args: Any) -> T:
        """A store call whose failure is a 503 ``unavailable`` (logged, nothing changed)."""
        try:
            out = await self._db(fn, *args)
        except Exception as exc:
            self._db_failed(exc, what)
            raise _unavailable() from None
        self._db_ok()
        return out

    def _spawn(self, coro: Awaitable[None]) -> asyncio.Task[None]:
        task: asyncio.Task[None] = asyncio.ensure_future(coro)
        self._background.add(task)
        task.add_done_callback(self._background.discard)
        return task

    async def start(self) -> int:
        """Load every unfinished table (replaying its actions) and let its bots play."""
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
        tasks = [t for t in self._background if not t.done()]
        for table in self.tables.values():
            tasks += [t for t in (table.bot_task, table.sub_task) if t is not None and not t.done()]
            if table.clock_handle is not None:
                table.clock_handle.cancel()
            for conn in table.conns:
                conn.stop()
        for task in tasks:
            task.cancel()
        for task in tasks:
            try:
                await task
            except (asyncio.CancelledError, Exception):
                pass

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
            self.tables[table_id] = table
            table.sub_task = self._supervise(lambda: self._follow(table), f"following {table_id}",
                                             table)
            # news published before the subscription was live: read the store once more
            self._spawn(self._recheck(table, 0.05 if isinstance(self.bus, LocalBus) else 0.5))
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
                self._db_failed(exc, "reading a table's moves")
                return
            if table.seq != seq:
                self._broadcast(table)

    @staticmethod
    def _replay(row: TableRow, acts: list[tuple[int, str, str]]) -> Table:
        game = row.make_game()  # every stored option value, and the table's dealing version
        state = row.new_match(game)
        table = Table(row, game, state)
        table.fair = Fairness(row.table_id, row.seed)
        table.fair.observe(state)
        for seq, seat, action in acts:
            table.advance(apply_as(table.state, seat, action), seq, seat, action)
        return table

    # --- tables and seats ---------------------------------------------------------------------
    async def create_table(self, spec: dict[str, Any], address: str | None = None
                           ) -> dict[str, Any]:
        """Create a table from ``{"game","preset","options","seats","name","seat","table"}``."""
        if not isinstance(spec, dict):
            raise ServiceError(400, "bad_request", "send a JSON object")
        game_name = spec.get("game", "bourloto")
        options = spec.get("options") or {}
        if not isinstance(game_name, str) or not isinstance(options, dict):
            raise ServiceError(400, "bad_request", "'game' is a name, 'options' an object")
        try:
            game = trapoula.make(game_name, spec.get("preset"), **options)
            check_options(game)
        except (ConfigError, TypeError, SpecError) as exc:
            raise ServiceError(400, "bad_option", str(exc)) from None
        n = int(game.players)  # type: ignore[attr-defined]
        seats, level = parse_seats(game, spec.get("seats"), n)
        humans = [s.seat for s in seats if s.kind == "human"]
        want = spec.get("seat")
        if want is None and humans and spec.get("name") is not None:
            want = humans[0]
        if want is not None and want not in humans:
            raise ServiceError(400, "bad_seats", f"'seat' is a human seat: {', '.join(humans)}")
        try:
            settings = TableSettings.parse(spec.get("table"), humans=len(humans))
        except SpecError as exc:
            raise ServiceError(400, "bad_table", str(exc)) from None
        player = None
        if want is not None:
            try:
                player = clean_name(spec.get("name"))
            except LimitError as exc:
                raise ServiceError(400, "bad_name", str(exc)) from None
        seed = spec.get("seed")
        if seed is not None:
            if (isinstance(seed, bool) or not isinstance(seed, int)
                    or not 0 <= seed < 1 << 62):
                raise ServiceError(400, "bad_request",
                                   "'seed' is a whole number from 0 to 2**62-1")
            if len(humans) > 1 and not self.fixed_seeds:
                raise ServiceError(400, "bad_request", "a seed may be chosen only at a solo "
                                   "table (one person, the other seats bots): with other people "
                                   "at the table the server shuffles")
        settings = settings.with_(level=level, creator=want, seed_chosen=seed is not None)
        if any(not s.taken for s in seats) or (want is None and humans):
            open_now = sum(1 for t in self.tables.values() if t.status == "open")
            if self.limits.open_tables and open_now >= self.limits.open_tables:
                raise ServiceError(429, "too_many", f"the server has {open_now} tables waiting "
                                   "for players; join one of them")
        held = self._holds
        try:
            self.quotas.check_seat(address if want is not None else None, held)
            self.quotas.create(address)
        except QuotaError as exc:
            raise ServiceError(429, "too_many", str(exc)) from None
        token = secrets.token_urlsafe(24) if want is not None else None
        seats = [
            s.__class__(s.seat, s.kind, player or "", token_hash=hash_token(token))
            if s.seat == want and token is not None else s
            for s in seats
        ]
        free = any(not s.taken for s in seats)
        for attempt in range(20):
            row = TableRow(
                uuid.uuid4().hex[:16], "".join(secrets.choice(_CODE_ALPHABET) for _ in range(6)),
                game.name, game.preset, settings.stored(game.changed_options()),
                fresh_seed() if seed is None else seed,
                "open" if free else "playing", time.time(), seats,
            )
            try:
                await self._db(self.store.create_table, row)
                break
            except Exception as exc:  # a code collision: draw another (or the database is down)
                if attempt == 19 or self._db_is_down(exc):
                    self._db_failed(exc, "creating a table")
                    raise _unavailable() from None
        self._db_ok()
        table = await self._get(row.table_id)
        if want is not None:
            self.quotas.take_seat(address, row.table_id, want, held)
        self._arm_clock(table)
        self._kick_bots(table)
        return {"table_id": row.table_id, "code": row.code, "seat": want, "token": token}

    @staticmethod
    def _db_is_down(exc: BaseException) -> bool:
        """Not a unique-code collision (IntegrityError / ValueError of the memory store; the
        store may wrap it in its StoreUnavailable)."""
        cause = exc.__cause__ if exc.__cause__ is not None else exc
        return type(cause).__name__ not in ("IntegrityError", "ValueError")

    def _holds(self, table_id: str) -> bool:
        """Whether a seat at ``table_id`` still counts towards its address's seats."""
        table = self.tables.get(table_id)
        return table is not None and not table.state.is_over

    async def join(self, code: str, name: Any, seat: Any = None, address: str | None = None
                   ) -> dict[str, Any]:
        """Take a free human seat (the first one when ``seat`` is None)."""
        table_id = await self._db_try("joining", self.store.find_code, code)
        if table_id is None:
            table_id = code if await self._db_try("joining", self.store.get_table, code) else None
        if table_id is None:
            raise ServiceError(404, "not_found", f"no table with code {code!r}")
        try:
            player = clean_name(name)
        except LimitError as exc:
            raise ServiceError(400, "bad_name", str(exc)) from None
        if seat is not None and not isinstance(seat, str):
            raise ServiceError(400, "bad_seats", "'seat' is a seat name such as 'P2'")
        table = await self._get(table_id)
        await self._refresh_row(table)
        if table.status in OVER:
            raise ServiceError(409, "finished", "the game at this table is over")
        free = [s.seat for s in table.row.seats if not s.taken]
        if seat is None:
            if not free:
                raise ServiceError(409, "table_full", "every seat of this table is taken")
            seat = free[0]
        if table.seat_row(str(seat)) is None:
            raise ServiceError(400, "bad_seats", f"no seat {seat!r}; free seats: {free}")
        if seat not in free:
            raise ServiceError(409, "seat_taken", f"seat {seat} is taken; free seats: {free}")
        try:
            self.quotas.check_seat(address, self._holds)
            self.quotas.join(address)
        except QuotaError as exc:
            raise ServiceError(429, "too_many", str(exc)) from None
        token = secrets.token_urlsafe(24)
        if not await self._db_try("joining", self.store.set_seat, table_id, seat, player,
                                  hash_token(token)):
            raise ServiceError(409, "seat_taken", f"seat {seat} is taken; free seats: {free}")
        self.quotas.take_seat(address, table_id, seat, self._holds)
        table.auto.discard(seat)  # an open seat a bot was playing: the newcomer plays it
        await self._seats_changed(table)
        return {"table_id": table_id, "code": table.row.code, "seat": seat, "token": token}

    async def _seats_changed(self, table: Table) -> None:
        """After a seat changed hands: status, everyone's state, other processes, bots."""
        await self._refresh_row(table)
        full = all(s.taken for s in table.row.seats)
        status = table.status
        if status == "open" and full:
            status = "playing"
        elif status == "playing" and not full:
            status = "open"
        if status != table.status:
            try:
                await self._db(self.store.set_status, table.table_id, status)
            except Exception as exc:
                self._db_failed(exc, "setting a table's status")
            table.set_row(with_status(table.row, status))
        self._arm_clock(table)
        self._broadcast(table)
        await self.bus.publish(table.table_id, {"table": table.table_id, "seq": table.seq,
                                                "seats": True, "origin": self.origin})
        self._kick_bots(table)

    async def _refresh_row(self, table: Table) -> None:
        try:
            row = await self._db(self.store.get_table, table.table_id)
        except Exception as exc:  # keep the row we have
            self._db_failed(exc, "reading a table")
            return
        if row is not None:
            if table.state.is_over and row.status != "finished":
                row = with_status(row, "finished")
            table.set_row(row)

    async def list_tables(self, status: str | None = None, limit: int = 50) -> list[dict[str, Any]]:
        rows = await self._db_try("listing tables", partial(
            self.store.list_tables, open_only=True, limit=limit * 2, status=status))
        return [summary(r) for r in rows
                if not split_options(r.options)[1].private][:limit]

    async def find(self, code_or_id: str) -> dict[str, Any]:
        """A table's summary (with its id) by code or id, finished tables included."""
        table_id = await self._db_try("finding a table", self.store.find_code, code_or_id)
        row = await self._db_try("finding a table", self.store.get_table, table_id or code_or_id)
        if row is None:
            raise ServiceError(404, "not_found", f"no table with code {code_or_id!r}")
        return summary(row)

    async def record(self, table_id: str) -> dict[str, Any]:
        """The game record of a finished table, with every deal's revealed pack (``fair``)."""
        table = await self._get(table_id)
        if not table.state.is_over:
            raise ServiceError(404, "not_finished", "the record is ready when the game is over")
        out = table.state.record()
        if table.fair is not None:
            out["fair"] = table.fair.record(True)
        return out

    async def replay_steps(self, table_id: str) -> dict[str, Any]:
        """A finished table, step by step: the public view after each action (0..N)."""
        table, acts = await self._finished(table_id)
        return await anyio.to_thread.run_sync(replay_steps, table, acts)

    async def replay(self, table_id: str, seq: int) -> dict[str, Any]:
        """A finished table after ``seq`` actions: every seat's view and the public view."""
        table, acts = await self._finished(table_id)
        return await anyio.to_thread.run_sync(replay_frame, table, acts, seq)

    async def _finished(self, table_id: str) -> tuple[Table, list[tuple[int, str, str]]]:
        table = await self._get(table_id)
        if not table.state.is_over:
            raise ServiceError(404, "not_finished", "a replay is ready when the game is over")
        return table, await self._db_try("reading a replay", self.store.actions, table_id, 0)

    # --- connections --------------------------------------------------------------------------
    async def connect(
        self,
        table_id: str,
        token: str | None,
        send: Callable[[str], Awaitable[None]],
        close: Callable[[int], Awaitable[None]],
        address: str | None = None,
    ) -> Connection:
        """Register a socket: the token's seat, or a spectator without a token."""
        table = await self._get(table_id)
        seat = None
        name = ""
        if token:
            h = hash_token(token)
            found = [s for s in table.row.seats if s.token_hash == h]
            if not found:
                await self._refresh_row(table)
                found = [s for s in table.row.seats if s.token_hash == h]
            if not found:
                raise ServiceError(403, "bad_token", "this token holds no seat at this table")
            seat, name = found[0].seat, found[0].name
        lim = self.limits
        if lim.conns_per_table and len(table.conns) >= lim.conns_per_table:
            raise ServiceError(429, "too_many", f"this table has {lim.conns_per_table} "
                               "connections, the most it takes; try again later")
        if seat is not None and lim.conns_per_token:
            mine = sum(1 for c in table.conns if c.seat == seat)
            if mine >= lim.conns_per_token:
                raise ServiceError(429, "too_many", f"seat {seat} has {mine} open connections, "
                                   "the most it may have; close one")
        try:
            self.quotas.open_socket(address)
        except QuotaError as exc:
            raise ServiceError(429, "too_many", str(exc)) from None
        conn = Connection(table_id, seat, send, close, name, address=address,
                          max_queue=lim.send_queue, send_timeout=lim.send_timeout,
                          chat_per_minute=lim.chat_per_minute)
        conn.on_drop = self._forget
        first = seat is not None and not any(c.seat == seat for c in table.conns)
        table.conns.add(conn)
        try:
            rows = await self._db(self.store.chat, table_id, 100)
        except Exception as exc:  # the table still plays; the chat comes back later
            self._db_failed(exc, "reading the chat")
            rows = []
        conn.push(chat_history_message(
            [{"seat": r.seat, "name": r.name, "text": r.text, "ts": r.ts} for r in rows]
        ))
        conn.push(table.state_text(seat), state=True)
        if first:  # the others see the seat connected: one small message, not a state each
            self._presence(table, exclude=conn)
        return conn

    def _presence(self, table: Table, exclude: Connection | None = None) -> None:
        connected = sorted({c.seat for c in table.conns if c.seat is not None})
        msg = presence_message(connected)
        for c in tuple(table.conns):
            if c is not exclude:
                c.push(msg)

    def _forget(self, conn: Connection) -> None:
        """A connection is gone (dropped or closed): the table forgets it."""
        table = self.tables.get(conn.table_id)
        if table is None or conn not in table.conns:
            return
        table.conns.discard(conn)
        self.quotas.close_socket(conn.address)
        if conn.seat is not None and not any(c.seat == conn.seat for c in table.conns):
            if not self._closing:
                self._presence(table)
        if not any(c.seat is not None for c in table.conns):
            table.idle_since = time.monotonic()
        self._evict_if_idle(table)

    async def disconnect(self, conn: Connection) -> None:
        conn.stop()
        self._forget(conn)

    def _evict_if_idle(self, table: Table) -> None:
        """A finished table nobody watches leaves memory (the store keeps it)."""
        if table.state.is_over and not table.conns:
            self._unload(table)

    def _unload(self, table: Table) -> None:
        if self.tables.get(table.table_id) is not table:
            return
        del self.tables[table.table_id]
        if table.clock_handle is not None:
            table.clock_handle.cancel()
        for task in (table.sub_task, table.bot_task):
            if task is not None and not task.done() and task is not asyncio.current_task():
                task.cancel()

    async def handle(self, conn: Connection, text: Any) -> None:
        """One client frame: rate-limited, checked, answered; bad input changes nothing."""
        if conn.closed:
            return
        if not conn.bucket.take(time.monotonic()):
            conn.dropped += 1
            if conn.dropped >= FLOOD_DISCONNECT:
                conn.push(error_message("rate_limited", "too many messages: bye"))
                await conn.flush()
                conn.closed = True
                await conn.close(1008)
                return
            conn.push(error_message(
                "rate_limited", "at most 20 messages a second; this one was dropped"))
            return
        conn.dropped = 0
        try:
            msg = read_message(text)
            kind = msg["type"]
            if kind == "ping":
                conn.push(PONG)
            elif kind == "chat":
                await self._chat(conn, msg["text"])
            elif kind == "act":
                await self._act(conn, msg["action"], msg["seq"])
            else:
                await self._seat_message(conn, msg)
        except ProtocolError as exc:
            conn.push(error_message(exc.code, exc.message))

    async def _chat(self, conn: Connection, text: str) -> None:
        try:
            text = clean_chat(text)
        except LimitError as exc:
            raise ProtocolError("bad_message", str(exc)) from None
        if not conn.chat_bucket.take(time.monotonic()):
            raise ProtocolError("too_many", f"at most {self.limits.chat_per_minute} chat "
                                "messages a minute; this one was not sent")
        table = await self._get(conn.table_id)
        try:
            if table.chat_rows is None:
                table.chat_rows = len(await self._db(self.store.chat, conn.table_id,
                                                     self.limits.chat_rows + 1))
            if self.limits.chat_rows and table.chat_rows >= self.limits.chat_rows:
                raise ProtocolError("too_many", f"this table's chat is full "
                                    f"({self.limits.chat_rows} messages)")
            name = conn.name or "spectator"
            row = await self._db(self.store.add_chat, conn.table_id, conn.seat, name, text)
        except ProtocolError:
            raise
        except Exception as exc:
            self._db_failed(exc, "storing a chat message")
            raise ProtocolError("unavailable", "the database is not answering; the message "
                                "was not sent: try again in a moment") from None
        self._db_ok()
        table.chat_rows += 1
        msg = chat_message(row.seat, row.name, row.text, row.ts)
        for c in tuple(table.conns):
            c.push(msg)
        await self.bus.publish(conn.table_id, {"table": conn.table_id, "chat": msg,
                                               "origin": self.origin})

    async def _act(self, conn: Connection, text: str, seq: int) -> None:
        table = await self._get(conn.table_id)
        if conn.seat is None:
            raise ProtocolError("spectator", "spectators watch; take a seat to play")
        async with table.lock:
            state = table.state
            if state.is_over:
                raise ProtocolError("finished", "the game is over")
            if table.held:
                raise ProtocolError("waiting", "the deal waits until every seat is taken")
            if seq != table.seq:
                raise ProtocolError(
                    "stale", f"the table is at seq {table.seq}, not {seq}: look again and resend"
                )
            to_act = state.current_player
            if to_act != conn.seat:
                raise ProtocolError(
                    "not_your_turn", f"it is {to_act}'s turn, not {conn.seat}'s"
                )
            try:
                action = state.parse(text)
                new = state.apply(action)
            except ParseError as exc:
                raise ProtocolError("parse", str(exc)) from None
            except NotYourTurnError as exc:
                raise ProtocolError("not_your_turn", str(exc)) from None
            except IllegalActionError as exc:
                raise ProtocolError("illegal", str(exc)) from None
            table.auto.discard(conn.seat)  # a person who plays has taken the seat back
            if not await self._commit(table, conn.seat, str(action), new,
                                      patience=self.db_patience):
                raise ProtocolError("stale", f"another move came first; the table is at seq "
                                    f"{table.seq}")
        self._kick_bots(table)

    async def _store(self, table: Table, seq: int, seat: str, action: str,
                     patience: float | None) -> tuple[bool, bool]:
        """Append to the log, retrying a failing database (``patience`` seconds, None: until
        it answers): (stored, retried); not stored only when ``seq`` is taken — by another
        move, or (after a retry) by this one, whose first write committed but lost its
        answer."""
        t0 = time.monotonic()
        delay = 0.1
        retried = False
        while True:
            try:
                ok = await self._commits.append(table.table_id, seq, seat, action)
            except Exception as exc:
                self._db_failed(exc, f"storing move {seq} of table {table.table_id}")
                if self._closing or (patience is not None
                                     and time.monotonic() - t0 + delay > patience):
                    raise StoreDown(str(exc)) from None
                await asyncio.sleep(delay)
                delay = min(2.0, delay * 2)
                retried = True
                continue
            self._db_ok()
            return ok, retried

    async def _commit(self, table: Table, seat: str, action: str, new: GameState, *,
                      patience: float | None) -> bool:
        """Store the action, then advance, broadcast and publish (the caller holds the lock).
        False when another move won the seq; a database that stays down raises
        ``ProtocolError('unavailable')`` (nothing stored)."""
        seq = table.seq + 1
        try:
            ok, retried = await self._store(table, seq, seat, action, patience)
        except StoreDown:
            raise ProtocolError("unavailable", "the database is not answering; the move was "
                                "not stored: send it again in a moment") from None
        if not ok:
            try:
                await self._catch_up(table)  # another process won this seq (or a retry of ours)
            except Exception as exc:
                self._db_failed(exc, "reading a table's moves")
            self._arm_clock(table)
            self._broadcast(table)
            # a write that failed after its commit, then retried: the move in the log is ours
            # (without a retry the same move from another process won the race: stale)
            return retried and table.seq == seq and table.last == (seat, action)
        table.advance(new, seq, seat, action)
        if new.is_over:
            try:
                await self._db(self.store.set_status, table.table_id, "finished")
            except Exception as exc:  # the log is the truth: a replay finds the game over
                self._db_failed(exc, "marking a table finished")
            table.set_row(with_status(table.row, "finished"))
        self._turn_done(table, seat)
        self._arm_clock(table)
        self._broadcast(table)
        self._evict_if_idle(table)
        await self.bus.publish(table.table_id, {"table": table.table_id, "seq": seq,
                                                "seat": seat, "action": action,
                                                "origin": self.origin})
        return True

    async def _catch_up(self, table: Table) -> None:
        acts = await self._db(self.store.actions, table.table_id, table.seq)
        for seq, seat, action in acts:
            table.advance(apply_as(table.state, seat, action), seq, seat, action)
        if table.state.is_over:
            table.set_row(with_status(table.row, "finished"))

    async def _follow(self, table: Table) -> None:
        """Other processes' news about this table: catch up and tell this process's sockets."""
        async for msg in self.bus.subscribe(table.table_id):
            if msg.get("origin") == self.origin:
                continue
            if "chat" in msg:
                for c in tuple(table.conns):
                    c.push(str(msg["chat"]))
                continue
            async with table.lock:
                seq = msg.get("seq")
                if msg.get("seats") or not isinstance(seq, int):  # also {"resync": True}
                    await self._refresh_row(table)
                if (isinstance(seq, int) and seq == table.seq + 1
                        and isinstance(msg.get("action"), str) and not msg.get("seats")):
                    # the next move, committed by another process: no need to read it back
                    try:
                        table.advance(apply_as(table.state, str(msg["seat"]), msg["action"]),
                                      seq, str(msg["seat"]), msg["action"])
                        if table.state.is_over:
                            table.set_row(with_status(table.row, "finished"))
                    except Exception:  # the store is the authority
                        await self._catch_up(table)
                elif not isinstance(seq, int) or seq > table.seq:
                    await self._catch_up(table)
                self._arm_clock(table)
                self._broadcast(table)
            # bots are driven by the process that committed the move before theirs

    # --- sending ------------------------------------------------------------------------------
    def _broadcast(self, table: Table) -> None:
        """Every connection of the table gets the state for its seat (queued, never awaited)."""
        if not table.conns:
            return
        common = table.common_text()
        texts: dict[str | None, str] = {}
        for conn in tuple(table.conns):
            text = texts.get(conn.seat)
            if text is None:
                text = texts[conn.seat] = table.state_text(conn.seat, common)
            conn.push(text, state=True)
