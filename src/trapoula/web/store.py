"""Durable storage of tables: the action log is the save file.

:class:`SqlStore` keeps tables, seats, actions and chat in SQLite (the default: a file with
WAL journaling and ``synchronous=NORMAL``) or PostgreSQL (``postgresql+psycopg://...``) through
SQLAlchemy Core; :class:`~trapoula.web.store_memory.MemoryStore` is the in-memory fake with the
same behaviour; their rows and protocol are :mod:`trapoula.web.rows`.  Both are synchronous:
the service calls them from a worker thread.

``(table_id, seq)`` is the primary key of the action log, so of two processes racing for the
same move only one ``append_action`` returns True; False means exactly that (a seq conflict,
the only thing clients hear as ``stale``).  Any other database failure raises
:class:`StoreUnavailable`.

The schema has versions, migrated by Alembic (``trapoula/web/migrations``): opening a
:class:`SqlStore` upgrades its database to the newest schema, and a database written by
b0301f4 (which had no schema versions) is recognised and upgraded too
(:func:`trapoula.web.schema.upgrade`).
A table keeps every option value (``rules``) and the dealing version of its seed, so it
resumes the same after a preset default or the dealing changes.  :meth:`SqlStore.close`
checkpoints SQLite's WAL, leaving one self-contained file; :func:`trapoula.web.backup.backup`
copies a database.

>>> s = MemoryStore()
>>> s.create_table(TableRow("t1", "ABCD", "bourloto", "ru", {}, 7, "open", 0.0,
...                         [SeatRow("P1", "human"), SeatRow("P2", "bot", bot="heuristic")]))
>>> s.set_seat("t1", "P1", "Alice", "h1"), s.set_seat("t1", "P1", "Bob", "h2")
(True, False)
>>> s.append_action("t1", 1, "P1", "take"), s.append_action("t1", 1, "P1", "pass")
(True, False)
>>> s.actions("t1"), s.find_code("abcd")
([(1, 'P1', 'take')], 't1')
"""

from __future__ import annotations

import functools
import json
import time
from collections.abc import Callable
from typing import Any, TypeVar

from trapoula.web.rows import (
    OVER,
    ChatRow,
    SeatRow,
    Store,
    StoreUnavailable,
    TableRow,
    complete_row,
    fair_text,
    rule_options,
)
from trapoula.web.schema import HEAD, current_revision, upgrade
from trapoula.web.store_memory import MemoryStore

__all__ = [
    "OVER", "ChatRow", "MemoryStore", "SeatRow", "SqlStore", "Store", "StoreUnavailable",
    "TableRow", "open_store", "rule_options",
]

_T = TypeVar("_T")
SQLITE_BUSY_TIMEOUT = 0.5  # seconds a SQLite call waits for a lock held by another connection


# the whole batch in one statement on PostgreSQL (the rows as one JSON array; the log writer of
# web/log_writer.py prepares the same statement)
_PG_BATCH = ("INSERT INTO actions (table_id, seq, seat, action, ts) "
             "SELECT r->>0, (r->>1)::int, r->>2, r->>3, %s FROM json_array_elements(%s::json) AS r "
             "ON CONFLICT DO NOTHING RETURNING table_id, seq")


def _guard(fn: Callable[..., _T]) -> Callable[..., _T]:
    """A database failure inside ``fn`` becomes :class:`StoreUnavailable`."""

    @functools.wraps(fn)
    def wrapper(self: SqlStore, *args: Any, **kwargs: Any) -> _T:
        try:
            return fn(self, *args, **kwargs)
        except StoreUnavailable:
            raise
        except self._errors as exc:
            raise StoreUnavailable(f"the database failed in {fn.__name__}: "
                                   f"{type(exc).__name__}: {exc}") from exc

    return wrapper


class SqlStore:
    """SQLAlchemy Core store: ``sqlite:///trapoula.db`` or ``postgresql+psycopg://...``.

    Opening it upgrades the database's schema (:func:`trapoula.web.schema.upgrade`);
    ``migrate=False`` leaves the schema alone (a database not at the newest is then refused)."""

    def __init__(self, url: str, *, migrate: bool = True) -> None:
        import sqlalchemy as sa

        self.url = url
        self.sqlite = url.startswith("sqlite")
        if self.sqlite:
            self.engine = sa.create_engine(  # a lock held elsewhere: 503 soon, not in 30 s
                url, connect_args={"check_same_thread": False, "timeout": SQLITE_BUSY_TIMEOUT}
            )

            @sa.event.listens_for(self.engine, "connect")
            def _pragmas(dbapi_conn: Any, _record: Any) -> None:
                cur = dbapi_conn.cursor()
                cur.execute("PRAGMA journal_mode=WAL")
                cur.execute("PRAGMA synchronous=NORMAL")
                cur.execute("PRAGMA foreign_keys=ON")
                cur.close()
        else:
            self.engine = sa.create_engine(url, pool_size=10, max_overflow=10, pool_pre_ping=True)
        md = sa.MetaData()
        self.tables = sa.Table(
            "tables", md,
            sa.Column("table_id", sa.String(32), primary_key=True),
            sa.Column("code", sa.String(16), nullable=False, unique=True),
            sa.Column("game", sa.String(32), nullable=False),
            sa.Column("preset", sa.String(32), nullable=False),
            sa.Column("options", sa.Text, nullable=False),
            sa.Column("seed", sa.BigInteger, nullable=False),
            sa.Column("status", sa.String(16), nullable=False, index=True),
            sa.Column("created", sa.Float, nullable=False),
            sa.Column("rules", sa.Text),
            sa.Column("dealing", sa.Integer, nullable=False),
            sa.Column("engine", sa.String(32), nullable=False),
            sa.Column("fair", sa.Text),
        )
        self.seats = sa.Table(
            "seats", md,
            sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.table_id"),
                      primary_key=True),
            sa.Column("seat", sa.String(8), primary_key=True),
            sa.Column("pos", sa.Integer, nullable=False),
            sa.Column("kind", sa.String(8), nullable=False),
            sa.Column("name", sa.String(64), nullable=False),
            sa.Column("bot", sa.String(32)),
            sa.Column("level", sa.String(32)),
            sa.Column("token_hash", sa.String(128)),
            sa.Column("clock", sa.Text),
            sa.Column("account_id", sa.String(32), index=True),
        )
        self.log = sa.Table(
            "actions", md,
            sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.table_id"),
                      primary_key=True),
            sa.Column("seq", sa.Integer, primary_key=True, autoincrement=False),
            sa.Column("seat", sa.String(8), nullable=False),
            sa.Column("action", sa.String(200), nullable=False),
            sa.Column("ts", sa.Float, nullable=False),
        )
        self.chats = sa.Table(
            "chat", md,
            sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
            sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.table_id"),
                      nullable=False, index=True),
            sa.Column("seat", sa.String(8)),
            sa.Column("name", sa.String(64), nullable=False),
            sa.Column("text", sa.Text, nullable=False),
            sa.Column("ts", sa.Float, nullable=False),
            sa.Column("account_id", sa.String(32)),
        )
        self._sa = sa
        self._errors: tuple[type[BaseException], ...] = (
            sa.exc.SQLAlchemyError, self.engine.dialect.loaded_dbapi.Error)
        try:
            revision = upgrade(self.engine)[1] if migrate else current_revision(self.engine)
        except StoreUnavailable:
            self.engine.dispose()
            raise
        if revision != HEAD:
            self.engine.dispose()
            raise StoreUnavailable(
                f"the database is at schema revision {revision}, not {HEAD}: run "
                "'trapoula db upgrade'")

    # --- tables -------------------------------------------------------------------------------
    @_guard
    def create_table(self, row: TableRow) -> None:
        row = complete_row(row)
        with self.engine.begin() as c:
            c.execute(self.tables.insert().values(
                table_id=row.table_id, code=row.code.upper(), game=row.game, preset=row.preset,
                options=json.dumps(row.options), seed=row.seed, status=row.status,
                created=row.created, rules=json.dumps(row.rules), dealing=row.dealing,
                engine=row.engine, fair=None if row.fair is None else fair_text(row.fair),
            ))
            if row.seats:
                c.execute(self.seats.insert(), [
                    {"table_id": row.table_id, "seat": s.seat, "pos": k, "kind": s.kind,
                     "name": s.name, "bot": s.bot, "level": s.level, "token_hash": s.token_hash,
                     "clock": s.clock, "account_id": s.account_id}
                    for k, s in enumerate(row.seats)
                ])

    def _rows(self, c: Any, trows: list[Any]) -> list[TableRow]:
        if not trows:
            return []
        ids = [r.table_id for r in trows]
        seats: dict[str, list[SeatRow]] = {i: [] for i in ids}
        q = (self._sa.select(self.seats).where(self.seats.c.table_id.in_(ids))
             .order_by(self.seats.c.table_id, self.seats.c.pos))
        for s in c.execute(q):
            seats[s.table_id].append(
                SeatRow(s.seat, s.kind, s.name, s.bot, s.level, s.token_hash, s.clock,
                        s.account_id)
            )
        return [
            TableRow(r.table_id, r.code, r.game, r.preset, json.loads(r.options), int(r.seed),
                     r.status, float(r.created), seats[r.table_id],
                     None if r.rules is None else json.loads(r.rules), int(r.dealing),
                     str(r.engine), None if r.fair is None else json.loads(r.fair))
            for r in trows
        ]

    @_guard
    def get_table(self, table_id: str) -> TableRow | None:
        with self.engine.connect() as c:
            found = c.execute(
                self._sa.select(self.tables).where(self.tables.c.table_id == table_id)
            ).fetchall()
            rows = self._rows(c, list(found))
        return rows[0] if rows else None

    @_guard
    def find_code(self, code: str) -> str | None:
        with self.engine.connect() as c:
            r = c.execute(self._sa.select(self.tables.c.table_id)
                          .where(self.tables.c.code == code.strip().upper())).first()
        return None if r is None else str(r[0])

    def list_tables(
        self, *, open_only: bool = True, limit: int = 50, status: str | None = None
    ) -> list[TableRow]:
        t = self.tables
        q = self._sa.select(t)
        if status is not None:
            q = q.where(t.c.status == status)
        elif open_only:
            q = q.where(t.c.status.not_in(OVER))
        q = q.order_by(t.c.created.desc()).limit(limit)
        with self.engine.connect() as c:
            return self._rows(c, list(c.execute(q)))

    @_guard
    def set_seat(self, table_id: str, seat: str, name: str, token_hash: str,
                 account_id: str | None = None) -> bool:
        s = self.seats
        with self.engine.begin() as c:
            r = c.execute(
                s.update()
                .where(s.c.table_id == table_id, s.c.seat == seat, s.c.kind == "human",
                       s.c.token_hash.is_(None))
                .values(name=name, token_hash=token_hash, clock=None,
                        account_id=account_id)
            )
            return bool(r.rowcount == 1)

    @_guard
    def put_seat(self, table_id: str, row: SeatRow) -> None:
        """Replace a seat (a person leaves it, the creator gives it to a bot)."""
        s = self.seats
        with self.engine.begin() as c:
            c.execute(s.update().where(s.c.table_id == table_id, s.c.seat == row.seat)
                      .values(kind=row.kind, name=row.name, bot=row.bot, level=row.level,
                              token_hash=row.token_hash, clock=row.clock,
                              account_id=row.account_id))

    # --- the action log -----------------------------------------------------------------------
    @_guard
    def append_action(self, table_id: str, seq: int, seat: str, action: str) -> bool:
        """Commit one action; False only when ``(table_id, seq)`` is already taken."""
        try:
            with self.engine.begin() as c:
                c.execute(self.log.insert().values(
                    table_id=table_id, seq=seq, seat=seat, action=action, ts=time.time()
                ))
        except self._sa.exc.IntegrityError as exc:
            if self._taken(table_id, seq):
                return False
            raise StoreUnavailable(
                f"the action log refused seq {seq} of table {table_id} although it is free: "
                f"{exc}") from exc
        return True

    def _taken(self, table_id: str, seq: int) -> bool:
        a = self.log
        q = self._sa.select(a.c.seq).where(a.c.table_id == table_id, a.c.seq == seq)
        with self.engine.connect() as c:
            return c.execute(q).first() is not None

    @_guard
    def append_actions(self, rows: list[tuple[str, int, str, str]]) -> list[bool]:
        """Many ``append_action``s in one transaction (web/group_commit.py); False for a taken
        ``(table_id, seq)``.  Any other integrity error: row by row.

        The worker thread's path (the log is written on the loop by web/log_writer.py; this is
        its fallback, and the path where there is no loop writer), on the driver's own cursor
        (SQLAlchemy's statement machinery costs several inserts' time): on PostgreSQL one
        ``INSERT … SELECT … FROM json_array_elements(…) ON CONFLICT DO NOTHING RETURNING`` for
        the batch (when its keys are distinct), else one ``INSERT … ON CONFLICT DO NOTHING
        RETURNING`` per row."""
        dialect = self.engine.dialect
        if dialect.name not in ("sqlite", "postgresql"):
            return [self.append_action(*row) for row in rows]
        mark = "?" if dialect.paramstyle == "qmark" else "%s"
        # RETURNING says whether the row went in (psycopg's rowcount is -1 here)
        sql = (f"INSERT INTO {self.log.name} (table_id, seq, seat, action, ts) VALUES "
               f"({mark}, {mark}, {mark}, {mark}, {mark}) ON CONFLICT DO NOTHING RETURNING seq")
        now = time.time()
        conn = self.engine.raw_connection()
        try:
            cur = conn.cursor()
            try:
                if (dialect.name == "postgresql" and dialect.paramstyle in ("format", "pyformat")
                        and len({(t, q) for t, q, _, _ in rows}) == len(rows)):
                    # one statement a batch (a round trip per row costs more than the rows)
                    cur.execute(_PG_BATCH, (now, json.dumps(rows)))
                    got = {(str(t), int(q)) for t, q in cur.fetchall()}
                    conn.commit()
                    return [(t, q) in got for t, q, _, _ in rows]
                out = []
                for t, q, s, a in rows:
                    cur.execute(sql, (t, q, s, a, now))
                    out.append(cur.fetchone() is not None)
                conn.commit()
                return out
            except dialect.loaded_dbapi.IntegrityError:
                conn.rollback()
            finally:
                cur.close()
        finally:
            conn.close()  # back to the pool
        return [self.append_action(*row) for row in rows]

    @_guard
    def actions(self, table_id: str, after: int = 0) -> list[tuple[int, str, str]]:
        a = self.log
        q = (self._sa.select(a.c.seq, a.c.seat, a.c.action)
             .where(a.c.table_id == table_id, a.c.seq > after).order_by(a.c.seq))
        with self.engine.connect() as c:
            return [(int(r[0]), str(r[1]), str(r[2])) for r in c.execute(q)]

    @_guard
    def set_status(self, table_id: str, status: str) -> None:
        t = self.tables
        with self.engine.begin() as c:
            c.execute(t.update().where(t.c.table_id == table_id).values(status=status))

    @_guard
    def set_fair(self, table_id: str, old: dict[str, Any] | None, new: dict[str, Any],
                 seed: int) -> bool:
        """Replace the seed's chain and the seed, only if the chain is still ``old``."""
        t = self.tables
        match = t.c.fair.is_(None) if old is None else t.c.fair == fair_text(old)
        with self.engine.begin() as c:
            r = c.execute(t.update().where(t.c.table_id == table_id, match)
                          .values(fair=fair_text(new), seed=seed))
            return bool(r.rowcount == 1)

    # --- chat ---------------------------------------------------------------------------------
    @_guard
    def add_chat(self, table_id: str, seat: str | None, name: str, text: str,
                 account_id: str | None = None) -> ChatRow:
        row = ChatRow(table_id, seat, name, text, time.time(), account_id)
        with self.engine.begin() as c:
            c.execute(self.chats.insert().values(
                table_id=table_id, seat=seat, name=name, text=text, ts=row.ts,
                account_id=account_id
            ))
        return row

    @_guard
    def chat(self, table_id: str, limit: int = 100) -> list[ChatRow]:
        ch = self.chats
        q = (self._sa.select(ch).where(ch.c.table_id == table_id)
             .order_by(ch.c.id.desc()).limit(limit))
        with self.engine.connect() as c:
            rows = [ChatRow(r.table_id, r.seat, r.name, r.text, float(r.ts), r.account_id)
                    for r in c.execute(q)]
        rows.reverse()
        return rows

    @_guard
    def checkpoint(self) -> None:
        """SQLite: copy the WAL into the database file as far as readers allow (PASSIVE: no
        writer waits; the loop writer of web/log_writer.py makes no checkpoints itself)."""
        if self.sqlite:
            with self.engine.connect() as c:
                c.exec_driver_sql("PRAGMA wal_checkpoint(PASSIVE)")

    @_guard
    def ping(self) -> None:
        """Whether the database takes a write now (raises :class:`StoreUnavailable` if not):
        SQLite takes its write lock and lets it go, PostgreSQL answers a query."""
        if self.sqlite and self.engine.url.database not in (None, "", ":memory:"):
            import sqlite3

            conn = sqlite3.connect(str(self.engine.url.database), timeout=0,
                                   isolation_level=None)  # no wait: the answer is now
            try:
                conn.execute("BEGIN IMMEDIATE")
                conn.execute("ROLLBACK")
            finally:
                conn.close()
            return
        with self.engine.connect() as c:
            c.exec_driver_sql("SELECT 1")

    def close(self) -> None:
        """Close every connection; SQLite's WAL is checkpointed into the database file first,
        so the file alone holds everything (it can be copied as it is)."""
        if self.sqlite:
            try:
                with self.engine.connect() as c:
                    c.exec_driver_sql("PRAGMA wal_checkpoint(TRUNCATE)")
            except self._errors:  # pragma: no cover - closing anyway
                pass
        self.engine.dispose()


def open_store(url: str | None) -> Store:
    """``memory://`` (or None) for :class:`MemoryStore`, any SQLAlchemy URL for :class:`SqlStore`.

    >>> type(open_store("memory://")).__name__
    'MemoryStore'
    """
    if url is None or url.startswith("memory"):
        return MemoryStore()
    return SqlStore(url)
