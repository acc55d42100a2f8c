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
  ``CHECKPOINT_ROWS`` rows (the only step that ``fsync``\\ s).
- **PostgreSQL** (:class:`PgLoopWriter`): psycopg's asyncio connection; a batch is one
  ``INSERT … SELECT FROM unnest(…) ON CONFLICT DO NOTHING RETURNING`` in autocommit (its own
  transaction; the server's ``synchronous_commit`` decides when its answer comes, as before):
  one round trip, awaited, instead of a round trip per row and a commit in a thread.  A
  connection that fails is closed and opened again for the next batch; the caller retries
  (:meth:`TableService._store`).

Both answer ``[bool]`` per row: False for a ``(table_id, seq)`` already taken.  Rows of one
batch have distinct keys (GroupCommit keeps a repeated key for the next batch).  An integrity
error other than a taken key (a table missing) is :class:`UseThread`: the thread path answers it
row by row, as before.
"""

from __future__ import annotations

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
    """Writes a batch with one statement on psycopg's asyncio connection."""

    SQL = ("INSERT INTO actions (table_id, seq, seat, action, ts) "
           "SELECT t, q, s, a, %s FROM unnest(%s::text[], %s::int[], %s::text[], %s::text[]) "
           "AS r(t, q, s, a) ON CONFLICT DO NOTHING RETURNING table_id, seq")

    def __init__(self, conninfo: str, store: Any) -> None:
        self.conninfo = conninfo
        self.store = store
        self.needs_checkpoint = False
        self._conn: Any = None

    async def write(self, rows: list[Row]) -> list[bool]:
        import psycopg

        from trapoula.web.store import StoreUnavailable

        try:
            if self._conn is None or self._conn.closed:
                # autocommit: the one statement is its transaction, committed (as the server's
                # synchronous_commit says) before its answer comes: one round trip a batch
                self._conn = await psycopg.AsyncConnection.connect(
                    self.conninfo, connect_timeout=5, autocommit=True)
            async with self._conn.cursor() as cur:
                await cur.execute(self.SQL, (time.time(), [r[0] for r in rows],
                                             [r[1] for r in rows], [r[2] for r in rows],
                                             [r[3] for r in rows]))
                got = {(str(t), int(q)) for t, q in await cur.fetchall()}
        except psycopg.IntegrityError as exc:  # nothing was stored
            raise UseThread(str(exc)) from exc
        except BaseException as exc:  # the connection's state is unknown: a new one next time
            await self.close()
            if isinstance(exc, psycopg.Error):
                raise StoreUnavailable(f"the database failed in append_actions: "
                                       f"{type(exc).__name__}: {exc}") from exc
            raise
        return [(t, q) in got for t, q, _, _ in rows]

    def checkpoint(self) -> None:  # pragma: no cover - PostgreSQL checkpoints by itself
        self.needs_checkpoint = False

    async def close(self) -> None:
        conn, self._conn = self._conn, None
        if conn is not None:
            try:
                await conn.close()
            except Exception:  # pragma: no cover - closing a broken connection
                pass
