"""Group commit: the actions of many tables stored in one worker-thread hop and one transaction.

Under load, handing every ``append_action`` to a worker thread costs more than the insert itself
(a thread wake-up, GIL hand-overs, a commit each). :class:`GroupCommit` queues the appends that
arrive while a write is in flight and writes them together: one hop, one transaction, one
commit. Each caller still gets its own answer (``False``: that ``(table_id, seq)`` was taken), and
only after the transaction holding its row has committed, so "commit, then broadcast" holds.

The store writes a batch with ``append_actions(rows) -> list[bool]`` when it has one, else row
by row with ``append_action``; a loop writer (web/log_writer.py: SQLite's own connection,
psycopg's asyncio one) writes it without the worker thread.

>>> import asyncio
>>> class Log:                      # a store: (table_id, seq) is unique
...     def __init__(self): self.rows = {}
...     def append_action(self, table_id, seq, seat, action):
...         return self.rows.setdefault((table_id, seq), (seat, action)) == (seat, action)
>>> async def demo() -> list[bool]:
...     async def inline(fn, *args):
...         return fn(*args)
...     commits = GroupCommit(Log(), inline)
...     return list(await asyncio.gather(commits.append("t", 1, "P1", "pass"),
...                                      commits.append("t", 1, "P2", "pass"),
...                                      commits.append("t", 2, "P2", "pass")))
>>> asyncio.run(demo())  # the second one lost the race for seq 1
[True, False, True]
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

from trapoula.web.log_writer import LoopWriter, UseThread

__all__ = ["GroupCommit"]

log = logging.getLogger("trapoula.web")
Row = tuple[str, int, str, str]


class GroupCommit:
    """Batches ``append_action`` calls; ``run(fn, *args)`` runs ``fn`` off the event loop, and
    ``writer`` (web/log_writer.py), when given, writes a batch on the loop itself."""

    def __init__(self, store: Any, run: Callable[..., Awaitable[Any]],
                 max_batch: int = 500, writer: LoopWriter | None = None,
                 restart_every: int = 5, more_writers: Sequence[LoopWriter] = ()) -> None:
        self.store = store
        self.restart_every = restart_every  # every Nth checkpoint holds the writes back
        self.run = run
        self.max_batch = max_batch
        self.writer = writer
        # more_writers (PostgreSQL: more connections): a batch may go out while another is
        # still waiting for its commit, instead of queueing behind it; a table's moves keep
        # their order (its next move is appended only after the answer for this one), and a
        # (table_id, seq) in flight is never in a second batch at the same time
        self.writers: list[LoopWriter | None] = [writer, *more_writers]
        self._idle: list[LoopWriter | None] = list(reversed(self.writers))
        self._loops: set[asyncio.Task[None]] = set()
        self._in_flight: set[tuple[str, int]] = set()
        self._pending: list[tuple[Row, asyncio.Future[bool]]] = []
        self.concurrent = 0  # the most batches in flight at once (a figure for tests)
        self._closed = False
        self.batches = 0
        self.rows = 0
        self.threaded = 0  # batches the worker thread wrote (no loop writer, or it passed)
        self.checkpoints = 0  # SQLite WAL checkpoints run
        self._checkpoint: asyncio.Task[None] | None = None

    async def append(self, table_id: str, seq: int, seat: str, action: str) -> bool:
        """Store one action; False when ``(table_id, seq)`` is already taken."""
        future: asyncio.Future[bool] = asyncio.get_running_loop().create_future()
        self._pending.append(((table_id, seq, seat, action), future))
        if self._idle and (not self._loops or self._waiting()):
            writer = self._idle.pop()
            task = asyncio.ensure_future(self._write_all(writer))
            self._loops.add(task)
            task.add_done_callback(self._loops.discard)
        return await future

    def _waiting(self) -> bool:
        """Some pending row could go out now (its key is not in a batch in flight)."""
        busy = self._in_flight
        return any((row[0], row[1]) not in busy for row, _ in self._pending)

    def _take(self) -> list[tuple[Row, asyncio.Future[bool]]]:
        """The next batch: at most ``max_batch`` rows, each ``(table_id, seq)`` once (a repeat
        waits for the next batch, so a batch's answers never depend on the order of its rows)."""
        batch: list[tuple[Row, asyncio.Future[bool]]] = []
        rest: list[tuple[Row, asyncio.Future[bool]]] = []
        keys = self._in_flight  # keys of batches in flight wait too
        for item in self._pending:
            key = (item[0][0], item[0][1])
            if len(batch) < self.max_batch and key not in keys:
                keys.add(key)
                batch.append(item)
            else:
                rest.append(item)
        self._pending = rest
        return batch

    async def _write_all(self, writer: LoopWriter | None) -> None:
        try:
            while self._pending:
                batch = self._take()
                if not batch:  # every pending key is in the other batch: it goes on
                    return
                try:
                    await self._write_one(batch, writer)
                finally:
                    for row, _ in batch:
                        self._in_flight.discard((row[0], row[1]))
        finally:
            self._idle.append(writer)
            others = [t for t in self._loops if t is not asyncio.current_task()]
            if self._pending and not self._closed and all(t.done() for t in others):
                # rows that waited for this batch's keys: a loop for them
                nxt = self._idle.pop()
                task = asyncio.ensure_future(self._write_all(nxt))
                self._loops.add(task)
                task.add_done_callback(self._loops.discard)

    async def _write_one(self, batch: list[tuple[Row, asyncio.Future[bool]]],
                         writer: LoopWriter | None) -> None:
        rows = [row for row, _ in batch]
        self.concurrent = max(self.concurrent, len(self.writers) - len(self._idle))
        try:
            results = await self._write_batch(rows, writer)
        except BaseException as exc:
            for _, future in batch:
                if not future.done():
                    future.set_exception(exc)
            if isinstance(exc, asyncio.CancelledError):
                raise
            return
        self.batches += 1
        self.rows += len(rows)
        for (_, future), ok in zip(batch, results, strict=True):
            if not future.done():
                future.set_result(bool(ok))
        if writer is not None and writer.needs_checkpoint and (
                self._checkpoint is None or self._checkpoint.done()):
            if (self.checkpoints + 1) % self.restart_every:
                # alongside the writes: copies what it can, no move waits for it
                self._checkpoint = asyncio.ensure_future(self._run_checkpoint(writer))
            else:
                # every few: no batch is written meanwhile, so it copies every frame and
                # the next write starts the WAL file over (checkpoints that writers keep
                # overtaking never finish, and the WAL would grow without end); the
                # previous ones left it little to copy
                await self._run_checkpoint(writer)

    async def _write_batch(self, rows: list[Row], writer: LoopWriter | None) -> list[bool]:
        if writer is not None:
            try:
                results = await writer.write(rows)
            except UseThread:
                pass
            else:
                return results
        self.threaded += 1
        results = await self.run(self._write, rows)
        return list(results)

    async def _run_checkpoint(self, writer: LoopWriter) -> None:
        try:
            await self.run(writer.checkpoint)
            self.checkpoints += 1
        except Exception as exc:  # housekeeping: the next one tries again
            log.warning("a WAL checkpoint failed: %s: %s", type(exc).__name__, exc)

    def _write(self, rows: list[Row]) -> list[bool]:
        many = getattr(self.store, "append_actions", None)
        if many is not None:
            return list(many(rows))
        return [bool(self.store.append_action(*row)) for row in rows]

    async def close(self) -> None:
        """Close the loop writer's connection (the service is stopping)."""
        if self._checkpoint is not None and not self._checkpoint.done():
            self._checkpoint.cancel()
        self._closed = True
        for task in tuple(self._loops):
            task.cancel()
        for writer in self.writers:
            if writer is not None:
                await writer.close()
