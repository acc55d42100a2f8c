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
    @property
    def healthy(self) -> bool:
        """False while messages may not get through (the service then reads the store)."""
        ...

    async def publish(self, table_id: str, message: dict[str, Any]) -> None: ...
    def subscribe(self, table_id: str, origin: str | None = None
                  ) -> AsyncIterator[dict[str, Any]]: ...
    async def close(self) -> None: ...


class LocalBus:
    """An in-process bus: one asyncio queue per subscriber.

    A subscriber that names its ``origin`` is not sent the messages published with that
    ``origin`` (its own news, which it would skip): in a one-process server every move is
    its own, and each would otherwise wake the table's follower task for nothing.

    >>> async def own() -> list[dict[str, object]]:
    ...     bus = LocalBus()
    ...     sub = bus.subscribe("t1", origin="me")
    ...     task = asyncio.ensure_future(sub.__anext__())
    ...     await asyncio.sleep(0)
    ...     await bus.publish("t1", {"seq": 3, "origin": "me"})     # not sent back to "me"
    ...     await bus.publish("t1", {"seq": 4, "origin": "other"})
    ...     got = [await task]
    ...     await sub.aclose()
    ...     return got
    >>> asyncio.run(own())
    [{'seq': 4, 'origin': 'other'}]
    """

    def __init__(self) -> None:
        self._subs: dict[str, dict[asyncio.Queue[dict[str, Any] | None], str | None]] = {}

    @property
    def healthy(self) -> bool:
        return True

    async def publish(self, table_id: str, message: dict[str, Any]) -> None:
        subs = self._subs.get(table_id)
        if not subs:
            return
        origin = message.get("origin")
        for q, mine in tuple(subs.items()):
            if mine is None or mine != origin:
                q.put_nowait(message)

    async def subscribe(self, table_id: str, origin: str | None = None
                        ) -> AsyncIterator[dict[str, Any]]:
        q: asyncio.Queue[dict[str, Any] | None] = asyncio.Queue()
        self._subs.setdefault(table_id, {})[q] = origin
        try:
            while True:
                msg = await q.get()
                if msg is None:
                    return
                yield msg
        finally:
            subs = self._subs.get(table_id)
            if subs is not None:
                subs.pop(q, None)
                if not subs:
                    del self._subs[table_id]

    async def close(self) -> None:
        for subs in self._subs.values():
            for q in subs:
                q.put_nowait(None)
