"""The action log written on the event loop: no worker thread on the hot path.

:class:`~trapoula.web.group_commit.GroupCommit` hands each batch of actions to a *loop writer*
when the store has one (:func:`loop_writer`), and to a worker thread otherwise.  Handing every
batch to a thread costs more than the insert itself under load: a wake-up and two GIL
hand-overs per batch, while the table's lock is held.  A loop writer never blocks the loop:

- **SQLite** (:class:`SqliteLoopWriter`): its own connection with ``busy_timeout`` 0 and no
  automatic checkpoints.  A WAL commit with ``synchronous=NORMAL`` is a ``write()`` to the
  WAL file, no ``fsync`` (the same durability as before: a move acknowledged is in the WAL and
  survives ``kill -9``).  When another connection holds the write lock (a chat message, another
  process) the batch is written by the worker thread instead, which waits for the lock
  (:class:`UseThread`).  The WAL is checkpointed in the worker thread every
  ``CHECKPOINT_ROWS`` rows (the only step that ``fsync``\\ s); every few checkpoints hold the
  writes back until done (:class:`~trapoula.web.group_commit.GroupCommit`), so the WAL file
  starts over instead of growing.
- **PostgreSQL** (:class:`PgLoopWriter`): a connection opened by psycopg's asyncio
  ``connect`` and then driven through its libpq wrapper (``pgconn``); a batch is one prepared
  ``INSERT … SELECT FROM json_array_elements($2) ON CONFLICT DO NOTHING RETURNING`` in
  autocommit (its own transaction; the server's ``synchronous_commit`` decides when its answer
  comes, as before): one round trip, awaited, instead of a round trip per row and a commit in a
  thread.  A connection that fails is closed and opened again for the next batch; the caller
  retries (:meth:`TableService._store`).

Both answer ``[bool]`` per row: False for a ``(table_id, seq)`` already taken.  Rows of one
batch have distinct keys (GroupCommit keeps a repeated key for the next batch).  An integrity
error other than a taken key (a table missing) is :class:`UseThread`: the thread path answers it
row by row, as before.
"""

from __future__ import annotations

import asyncio
import json
import sqlite3
import time
from typing import Any, Protocol

__all__ = ["CHECKPOINT_ROWS", "LoopWriter", "PgLoopWriter", "SqliteLoopWriter", "UseThread",
           "loop_writer"]

Row = tuple[str, int, str, str]
CHECKPOINT_ROWS = 2000  # SQLite: a PASSIVE checkpoint (in the worker thread) after this many rows


class UseThread(Exception):
    """Write this batch in the worker thread (SQLite's lock is held, or an odd integrity error)."""


class LoopWriter(Protocol):
    needs_checkpoint: bool

    async def write(self, rows: list[Row]) -> list[bool]: ...
    def checkpoint(self) -> None: ...
    async def close(self) -> None: ...


def loop_writer(store: Any) -> LoopWriter | None:
    """The loop writer for ``store`` (a :class:`~trapoula.web.store.SqlStore` on SQLite or
    PostgreSQL with psycopg), or None (the memory store, other databases)."""
    engine = getattr(store, "engine", None)
    if engine is None:
        return None
    url = engine.url
    if url.get_backend_name() == "sqlite" and url.database not in (None, "", ":memory:"):
        return SqliteLoopWriter(str(url.database), store)
    if url.get_backend_name() == "postgresql" and url.get_driver_name() == "psycopg":
        try:
            import psycopg  # noqa: F401
        except ImportError:  # pragma: no cover - the driver of the URL
            return None
        return PgLoopWriter(url.set(drivername="postgresql").render_as_string(
            hide_password=False), store)
    return None


class SqliteLoopWriter:
    """Writes a batch on the loop through its own connection; never waits for SQLite's lock."""

    SQL = ("INSERT INTO actions (table_id, seq, seat, action, ts) VALUES (?, ?, ?, ?, ?) "
           "ON CONFLICT DO NOTHING RETURNING seq")

    def __init__(self, path: str, store: Any) -> None:
        self.path = path
        self.store = store
        self.needs_checkpoint = False
        self._rows = 0
        self._conn: sqlite3.Connection | None = None

    def _connection(self) -> sqlite3.Connection:
        if self._conn is None:
            conn = sqlite3.connect(self.path, timeout=0, isolation_level=None,
                                   check_same_thread=False)
            conn.execute("PRAGMA synchronous=NORMAL")
            conn.execute("PRAGMA foreign_keys=ON")
            conn.execute("PRAGMA wal_autocheckpoint=0")  # checkpoints fsync: not on the loop
            self._conn = conn
        return self._conn

    async def write(self, rows: list[Row]) -> list[bool]:
        try:
            conn = self._connection()
            conn.execute("BEGIN IMMEDIATE")  # the write lock now, or "database is locked"
        except sqlite3.Error as exc:
            self._reset()
            raise UseThread(str(exc)) from exc
        now = time.time()
        cur = conn.cursor()
        try:
            out = []
            for t, q, s, a in rows:
                cur.execute(self.SQL, (t, q, s, a, now))
                out.append(bool(cur.fetchall()))  # RETURNING: a row when it went in
            conn.execute("COMMIT")
        except sqlite3.Error as exc:
            try:
                conn.execute("ROLLBACK")
            except sqlite3.Error:
                self._reset()
            raise UseThread(str(exc)) from exc
        finally:
            cur.close()
        self._rows += len(rows)
        if self._rows >= CHECKPOINT_ROWS:
            self._rows = 0
            self.needs_checkpoint = True
        return out

    def checkpoint(self) -> None:
        """A PASSIVE checkpoint through the store's own connection (call it in a thread)."""
        self.needs_checkpoint = False
        self.store.checkpoint()

    def _reset(self) -> None:
        if self._conn is not None:
            try:
                self._conn.close()
            except sqlite3.Error:  # pragma: no cover
                pass
            self._conn = None

    async def close(self) -> None:
        self._reset()


class PgLoopWriter:
    """Writes a batch with one prepared statement, straight through libpq (psycopg's ``pgconn``).

    psycopg's own ``execute`` costs two to three times the round trip itself in Python (a
    cursor, the query's conversion, the arrays' dumpers, a future and a reader registered and
    removed per wait): a stored action in a batch of one cost ≈ 470 µs of CPU that way on the
    loaded test machine, ≈ 190 µs this way (benchmarks/web_store.py, docs/web.md "Storage").
    So psycopg opens the connection (its ``connect``: the conninfo, its timeouts, the asyncio
    wait) and this class then talks to the connection's ``pgconn``,
    psycopg's documented libpq wrapper: the statement is prepared once per connection
    (at the protocol level, not with SQL PREPARE), a batch is one
    ``send_query_prepared`` of two text parameters (the time, the rows as a JSON array), and one
    reader callback, registered for the connection's life, collects the answer.  The statement
    runs in autocommit (its own transaction): its answer comes after the commit, as the
    server's ``synchronous_commit`` says.  A connection that fails, or a batch that has no answer
    within ``TIMEOUT`` seconds, is closed and the batch raises
    :class:`~trapoula.web.store.StoreUnavailable` (the caller retries); the next batch opens a
    new connection."""

    NAME = b"trapoula_log_v1"
    SQL = (b"INSERT INTO actions (table_id, seq, seat, action, ts) "
           b"SELECT r->>0, (r->>1)::int, r->>2, r->>3, $1 FROM json_array_elements($2) AS r "
           b"ON CONFLICT DO NOTHING RETURNING table_id, seq")
    TYPES = (701, 114)  # float8, json
    TIMEOUT = 15.0  # seconds a batch may wait for its answer before the connection is dropped

    def __init__(self, conninfo: str, store: Any) -> None:
        self.conninfo = conninfo
        self.store = store
        self.needs_checkpoint = False
        self._conn: Any = None  # psycopg.AsyncConnection, only for connecting and closing
        self._pg: Any = None  # its pgconn
        self._loop: asyncio.AbstractEventLoop | None = None
        self._waiting: asyncio.Future[list[Any]] | None = None
        self._results: list[Any] = []
        self._broken = True  # no connection yet
        self._fd: int | None = None  # the socket the reader callback watches

    async def write(self, rows: list[Row]) -> list[bool]:
        from trapoula.web.store import StoreUnavailable

        try:
            if (self._broken or self._pg.status != _CONNECTION_OK
                    or self._loop is not asyncio.get_running_loop()):
                await self._open()
            res = await self._roundtrip(
                self._pg.send_query_prepared, self.NAME,
                [repr(time.time()).encode(), json.dumps(rows).encode()])
        except BaseException as exc:  # the connection's state is unknown: a new one next time
            await self.close()
            if isinstance(exc, Exception):  # psycopg's errors, OSError, the timeout
                raise StoreUnavailable(f"the database failed in append_actions: "
                                       f"{type(exc).__name__}: {exc}") from exc
            raise
        if res.status != _TUPLES_OK:
            state = (res.error_field(_SQLSTATE) or b"").decode()
            message = res.get_error_message()
            if state.startswith("23"):  # an integrity error: nothing was stored
                raise UseThread(message)
            if state.startswith(("08", "57")):  # connection, operator intervention
                await self.close()
            raise StoreUnavailable(f"the database failed in append_actions: {state} {message}")
        got = {(res.get_value(i, 0).decode(), int(res.get_value(i, 1)))
               for i in range(res.ntuples)}
        return [(t, q) in got for t, q, _, _ in rows]

    async def _open(self) -> None:
        import psycopg

        await self.close()
        # autocommit: the one statement is its transaction, committed (as the server's
        # synchronous_commit says) before its answer comes: one round trip a batch
        conn = await psycopg.AsyncConnection.connect(self.conninfo, connect_timeout=5,
                                                     autocommit=True)
        self._conn, self._pg = conn, conn.pgconn
        self._loop = asyncio.get_running_loop()
        self._fd = self._pg.socket
        self._loop.add_reader(self._fd, self._readable)
        self._broken = False
        res = await self._roundtrip(self._pg.send_prepare, self.NAME, self.SQL, self.TYPES)
        if res.status != _COMMAND_OK:
            raise psycopg.OperationalError(f"cannot prepare the log's statement: "
                                           f"{res.get_error_message()}")

    async def _roundtrip(self, send: Any, *args: Any) -> Any:
        """Send one command and wait for its one result (the reader callback collects it)."""
        loop = self._loop
        assert loop is not None and self._waiting is None
        self._results = []  # anything the server sent while idle is not this command's answer
        # the future first: an answer (an error) may come while the command is still going out
        waiting = self._waiting = loop.create_future()
        timer = loop.call_later(self.TIMEOUT, self._timed_out, waiting, self.TIMEOUT)
        try:
            send(*args)
            pg = self._pg
            while pg.flush() and not waiting.done():  # 1: not everything went out yet
                ready: asyncio.Future[None] = loop.create_future()
                loop.add_writer(pg.socket, _wake, ready)
                try:
                    await asyncio.wait((ready, waiting), return_when=asyncio.FIRST_COMPLETED)
                finally:
                    loop.remove_writer(pg.socket)
            results = await waiting
        finally:
            timer.cancel()
            self._waiting = None
        if len(results) != 1:
            raise RuntimeError(f"expected one result, got {len(results)}")
        return results[0]

    def _readable(self) -> None:
        """The reader callback: collect the results of the command in flight."""
        pg = self._pg
        try:
            pg.consume_input()
            while not pg.is_busy():
                res = pg.get_result()
                if res is None:  # the command's results are complete (or none was in flight)
                    waiting, results, self._results = self._waiting, self._results, []
                    if waiting is not None and not waiting.done() and results:
                        waiting.set_result(results)
                    return
                self._results.append(res)
        except Exception as exc:  # the connection broke (consume_input failed)
            self._broken = True
            self._drop_reader()
            waiting = self._waiting
            if waiting is not None and not waiting.done():
                waiting.set_exception(exc)

    @staticmethod
    def _timed_out(waiting: asyncio.Future[list[Any]], timeout: float) -> None:
        if not waiting.done():
            waiting.set_exception(TimeoutError(f"no answer from the database within {timeout} s"))

    def _drop_reader(self) -> None:
        fd, self._fd = self._fd, None
        if fd is not None and self._loop is not None and not self._loop.is_closed():
            self._loop.remove_reader(fd)

    def checkpoint(self) -> None:  # pragma: no cover - PostgreSQL checkpoints by itself
        self.needs_checkpoint = False

    async def close(self) -> None:
        self._drop_reader()
        self._broken = True
        conn, self._conn, self._pg, self._results = self._conn, None, None, []
        if conn is not None:
            try:
                await conn.close()
            except Exception:  # pragma: no cover - closing a broken connection
                pass


def _wake(ready: asyncio.Future[None]) -> None:
    """The writer callback: the socket takes more (it may fire again before the task runs)."""
    if not ready.done():
        ready.set_result(None)


# psycopg.pq.ExecStatus.TUPLES_OK, .COMMAND_OK, DiagnosticField.SQLSTATE, ConnStatus.OK (psycopg
# is imported only when a PostgreSQL store is used; tests/web/scale/test_log_writer.py checks them)
_TUPLES_OK, _COMMAND_OK, _SQLSTATE, _CONNECTION_OK = 2, 1, ord("C"), 0
