"""Group commit: the actions of many tables stored in one worker-thread hop and one transaction.

Under load, handing every ``append_action`` to a worker thread costs more than the insert itself
(a thread wake-up, GIL hand-overs, a commit each). :class:`GroupCommit` queues the appends that
arrive while a write is in flight and writes them together: one hop, one transaction, one
commit. Each caller still gets its own answer (``False``: that ``(table_id, seq)`` was taken), and
only after the transaction holding its row has committed, so "commit, then broadcast" holds.

The store writes a batch with ``append_actions(rows) -> list[bool]`` when it has one, else row
by row with ``append_action``.

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
from collections.abc import Awaitable, Callable
from typing import Any

__all__ = ["GroupCommit"]

Row = tuple[str, int, str, str]


class GroupCommit:
    """Batches ``append_action`` calls; ``run(fn, *args)`` runs ``fn`` off the event loop."""

    def __init__(self, store: Any, run: Callable[..., Awaitable[Any]],
                 max_batch: int = 500) -> None:
        self.store = store
        self.run = run
        self.max_batch = max_batch
        self._pending: list[tuple[Row, asyncio.Future[bool]]] = []
        self._writer: asyncio.Task[None] | None = None
        self.batches = 0
        self.rows = 0

    async def append(self, table_id: str, seq: int, seat: str, action: str) -> bool:
        """Store one action; False when ``(table_id, seq)`` is already taken."""
        future: asyncio.Future[bool] = asyncio.get_running_loop().create_future()
        self._pending.append(((table_id, seq, seat, action), future))
        if self._writer is None or self._writer.done():
            self._writer = asyncio.ensure_future(self._write_all())
        return await future

    async def _write_all(self) -> None:
        while self._pending:
            batch = self._pending[:self.max_batch]
            del self._pending[:self.max_batch]
            rows = [row for row, _ in batch]
            try:
                results = await self.run(self._write, rows)
            except BaseException as exc:
                for _, future in batch:
                    if not future.done():
                        future.set_exception(exc)
                if isinstance(exc, asyncio.CancelledError):
                    raise
                continue
            self.batches += 1
            self.rows += len(rows)
            for (_, future), ok in zip(batch, results, strict=True):
                if not future.done():
                    future.set_result(bool(ok))

    def _write(self, rows: list[Row]) -> list[bool]:
        many = getattr(self.store, "append_actions", None)
        if many is not None:
            return list(many(rows))
        return [bool(self.store.append_action(*row)) for row in rows]
