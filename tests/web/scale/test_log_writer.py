"""The action log written on the event loop (web/log_writer.py) on SQLite and PostgreSQL: batches
go in without the worker thread, a taken ``(table_id, seq)`` loses, a held SQLite lock sends the
batch to the thread (which waits for it), and a PostgreSQL connection that broke is replaced."""

from __future__ import annotations

import asyncio
import os
import signal
import socket
import sqlite3
import time
from pathlib import Path
from typing import Any

import anyio.to_thread
import pytest

from trapoula.web.group_commit import GroupCommit
from trapoula.web.log_writer import PgLoopWriter, SqliteLoopWriter, loop_writer
from trapoula.web.store import SeatRow, SqlStore, TableRow


def _tables(store: SqlStore, n: int) -> list[str]:
    stamp = str(time.monotonic_ns())[-8:]
    ids = [f"lw{stamp}{i}" for i in range(n)]
    for i, table_id in enumerate(ids):
        store.create_table(TableRow(table_id, f"L{stamp}{i}", "bourloto", "ru", {}, i, "playing",
                                    time.time(), [SeatRow("P1", "human")]))
    return ids


async def _in_thread(fn: Any, *args: Any) -> Any:
    return await anyio.to_thread.run_sync(fn, *args)


def test_batches_go_in_on_the_loop_and_a_taken_seq_loses(store: SqlStore) -> None:
    tables = _tables(store, 5)
    writer = loop_writer(store)
    assert isinstance(writer, SqliteLoopWriter if store.sqlite else PgLoopWriter)

    async def main() -> tuple[list[bool], GroupCommit]:
        commits = GroupCommit(store, _in_thread, writer=writer)
        jobs = [commits.append(t, seq, "P1", action) for seq in (1, 2) for t in tables
                for action in (f"play {seq}", "pass")]  # the second of each seq loses
        results = list(await asyncio.gather(*jobs))
        if isinstance(writer, PgLoopWriter):  # a broken connection: the next batch opens one
            await writer._conn.close()
        results.append(await commits.append(tables[0], 3, "P1", "play 3"))
        await commits.close()
        return results, commits

    results, commits = asyncio.run(main())
    assert results == [True, False] * (2 * len(tables)) + [True]
    assert commits.threaded == 0
    assert store.actions(tables[0]) == [(1, "P1", "play 1"), (2, "P1", "play 2"),
                                        (3, "P1", "play 3")]


def test_a_held_sqlite_lock_sends_the_batch_to_the_thread(tmp_path: Path) -> None:
    store = SqlStore(f"sqlite:///{tmp_path}/lock.db")
    (table,) = _tables(store, 1)
    holder = sqlite3.connect(tmp_path / "lock.db", isolation_level=None)

    async def main() -> tuple[bool, GroupCommit]:
        commits = GroupCommit(store, _in_thread, writer=loop_writer(store))
        holder.execute("BEGIN IMMEDIATE")  # another connection holds the write lock
        pending = asyncio.ensure_future(commits.append(table, 1, "P1", "take"))
        await asyncio.sleep(0.3)
        assert not pending.done()  # the thread waits for the lock; the loop does not
        holder.execute("COMMIT")
        ok = await asyncio.wait_for(pending, 30)
        await commits.close()
        return ok, commits

    ok, commits = asyncio.run(main())
    assert ok and commits.threaded == 1
    assert store.actions(table) == [(1, "P1", "take")]
    holder.close()
    store.close()


def test_the_libpq_constants_are_psycopgs() -> None:
    from psycopg import pq

    from trapoula.web import log_writer as lw

    assert (lw._TUPLES_OK, lw._COMMAND_OK, lw._SQLSTATE, lw._CONNECTION_OK) == (
        pq.ExecStatus.TUPLES_OK, pq.ExecStatus.COMMAND_OK, pq.DiagnosticField.SQLSTATE,
        pq.ConnStatus.OK)


def test_a_postgresql_backend_that_hangs_or_dies_is_replaced(
        pg_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A batch without an answer within TIMEOUT raises StoreUnavailable (the move is retried),
    a backend terminated between batches is replaced; whatever was stored is reported so."""
    from trapoula.web import log_writer
    from trapoula.web.store import StoreUnavailable

    store = SqlStore(pg_url)
    (table,) = _tables(store, 1)
    waits: list[object] = []
    wake = log_writer._wake

    def counting_wake(ready: Any) -> None:
        waits.append(ready)
        wake(ready)

    monkeypatch.setattr(log_writer, "_wake", counting_wake)

    async def write(writer: PgLoopWriter, seq: int) -> list[bool]:
        for _ in range(20):  # each try waits TIMEOUT (0.5 s): a loaded machine needs more
            try:
                return await writer.write([(table, seq, "P1", f"play {seq}")])
            except StoreUnavailable:
                continue
        raise AssertionError("the writer did not recover")

    BIG = 10_000  # about 2.3 MB: more than a stopped reader's socket buffers hold

    async def main() -> list[list[bool]]:
        writer = loop_writer(store)
        assert isinstance(writer, PgLoopWriter)
        writer.TIMEOUT = 0.5
        out = [await writer.write([(table, 1, "P1", "play 1")])]
        pid = writer._pg.backend_pid
        os.kill(pid, signal.SIGSTOP)  # the backend stops answering
        try:
            with pytest.raises(StoreUnavailable, match="no answer"):
                await writer.write([(table, 2, "P1", "play 2")])
        finally:
            os.kill(pid, signal.SIGCONT)
        out.append(await write(writer, 2))  # True, or False: the first try committed after all
        with store.engine.connect() as c:
            c.exec_driver_sql(f"SELECT pg_terminate_backend({writer._pg.backend_pid})")
        await asyncio.sleep(0.2)
        out.append(await write(writer, 3))
        odd = 'say "ü" \\ \t ok'  # JSON's escapes come back as the text itself
        out.append(await writer.write([(table, 4, "P1", odd)]))
        # a batch larger than the kernel's buffers goes out in parts (flush, wait, flush):
        # the backend is stopped (nothing reads the socket) while the batch starts going out,
        # and the socket's send buffer is made small
        writer.TIMEOUT = 60.0
        waits.clear()
        with socket.socket(fileno=os.dup(writer._pg.socket)) as sock:  # closes the copy only
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, 4096)
        pid = writer._pg.backend_pid
        os.kill(pid, signal.SIGSTOP)
        try:
            big = asyncio.ensure_future(
                writer.write([(table, 5 + k, "P1", "x" * 200) for k in range(BIG)]))
            await asyncio.sleep(0.3)  # the batch is now waiting for the socket to take more
            assert not big.done()
        finally:
            os.kill(pid, signal.SIGCONT)
        out.append(await big)
        await writer.close()
        return out

    results = asyncio.run(main())
    assert results[0] == results[2] == results[3] == [True] and len(results[1]) == 1
    assert results[4] == [True] * BIG and waits
    assert store.actions(table)[:4] == [(1, "P1", "play 1"), (2, "P1", "play 2"),
                                        (3, "P1", "play 3"), (4, "P1", 'say "ü" \\ \t ok')]
    assert len(store.actions(table)) == 4 + BIG
    store.close()


def test_the_sqlite_wal_starts_over_under_continuous_writes(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Checkpoints that the loop's writes keep overtaking never finish; those that hold the
    writes back (every ``restart_every``-th; here every one, so that the test does not hang
    on how long a checkpoint alongside the writes takes on a loaded machine) copy every
    frame, so the WAL file starts over instead of growing with every commit."""
    from trapoula.web import log_writer

    monkeypatch.setattr(log_writer, "CHECKPOINT_ROWS", 100)
    store = SqlStore(f"sqlite:///{tmp_path}/wal.db")
    tables = _tables(store, 10)
    wal = tmp_path / "wal.db-wal"

    async def main() -> tuple[GroupCommit, int]:
        commits = GroupCommit(store, _in_thread, writer=loop_writer(store), restart_every=1)
        biggest = 0

        async def play(table: str) -> None:
            nonlocal biggest
            for seq in range(1, 301):  # one move in flight per table, as under its lock
                assert await commits.append(table, seq, "P1", f"play {seq}")
                biggest = max(biggest, wal.stat().st_size)

        await asyncio.gather(*(play(t) for t in tables))
        await commits.close()
        return commits, biggest

    commits, biggest = asyncio.run(main())
    # 3,000 rows make 30 checkpoint requests, each holding the writes back (restart_every=1)
    assert commits.threaded == 0 and commits.checkpoints >= 4
    # the 300 commits write ≈ 11 MB of WAL frames: a WAL that never starts over ends that big
    # (measured), one that starts over every 100 rows stays under 1 MB. (With restart_every=2,
    # the default's alternation, the first checkpoint alongside the writes could take most of
    # the run on a loaded machine, and the WAL grow to 9-10 MB before it started over.)
    assert biggest < 5 * 2**20, biggest
    assert [len(store.actions(t)) for t in tables] == [300] * 10
    store.close()
