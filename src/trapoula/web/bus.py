"""Publish/subscribe between server processes: "table <id> is at seq N".

:class:`LocalBus` serves one process (every subscriber of a table gets every message published
for it, in order); ``web/bus_redis.py`` has the Redis one for several processes.

>>> import asyncio
>>> async def demo() -> list[dict[str, object]]:
...     bus = LocalBus()
...     sub = bus.subscribe("t1")
...     task = asyncio.ensure_future(sub.__anext__())
...     await asyncio.sleep(0)
...     await bus.publish("t1", {"seq": 3})
...     got = [await task]
...     await sub.aclose()
...     await bus.close()
...     return got
>>> asyncio.run(demo())
[{'seq': 3}]
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from typing import Any, Protocol

__all__ = ["Bus", "LocalBus"]


class Bus(Protocol):
    async def publish(self, table_id: str, message: dict[str, Any]) -> None: ...
    def subscribe(self, table_id: str) -> AsyncIterator[dict[str, Any]]: ...
    async def close(self) -> None: ...


class LocalBus:
    """An in-process bus: one asyncio queue per subscriber."""

    def __init__(self) -> None:
        self._subs: dict[str, set[asyncio.Queue[dict[str, Any] | None]]] = {}

    async def publish(self, table_id: str, message: dict[str, Any]) -> None:
        for q in tuple(self._subs.get(table_id, ())):
            q.put_nowait(message)

    async def subscribe(self, table_id: str) -> AsyncIterator[dict[str, Any]]:
        q: asyncio.Queue[dict[str, Any] | None] = asyncio.Queue()
        self._subs.setdefault(table_id, set()).add(q)
        try:
            while True:
                msg = await q.get()
                if msg is None:
                    return
                yield msg
        finally:
            subs = self._subs.get(table_id)
            if subs is not None:
                subs.discard(q)
                if not subs:
                    del self._subs[table_id]

    async def close(self) -> None:
        for subs in self._subs.values():
            for q in subs:
                q.put_nowait(None)
