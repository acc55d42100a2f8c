"""RedisBus: the Bus of docs/web.md over Redis pub/sub, for several server processes.

Every table has one channel, ``trapoula:table:<id>``. A process holds one Redis pub/sub
connection for all of its tables (not one per table): a single reader task receives every
message and hands it to the local subscribers of that table through per-subscriber queues.

Messages are JSON objects. Every message goes through Redis, also to the publishing process's
own subscribers, so every subscriber of a table, in every process, gets the table's messages in
one and the same order (the order in which Redis received the PUBLISHes).

If the connection to Redis drops, the reader reconnects (with back-off) and subscribes again to
every channel that still has a local subscriber; messages published meanwhile are lost, so each
of those subscribers then gets one :data:`RESYNC` message (``{"resync": True}``) and should
re-read the table from the store. Subscribers must in any case treat messages as hints ("table
``<id>`` changed"), never as the data: the store is the truth.

>>> RedisBus.channel("abc")
'trapoula:table:abc'
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from collections import deque
from collections.abc import AsyncGenerator
from typing import Any

import redis.asyncio as aioredis
from redis.exceptions import RedisError

__all__ = ["CHANNEL_PREFIX", "RESYNC", "RedisBus"]

CHANNEL_PREFIX = "trapoula:table:"
#: Sent to every live subscriber after a lost Redis connection came back: re-read the store.
RESYNC: dict[str, Any] = {"resync": True}

_log = logging.getLogger(__name__)


class RedisBus:
    """Pub/sub between server processes through Redis (``redis.asyncio``).

    ``RedisBus("redis://127.0.0.1:6379/0")``; ``publish`` a JSON-able dict to a table,
    ``async for message in bus.subscribe(table_id)`` to receive them, ``await bus.close()``.
    """

    def __init__(self, url: str, *, reconnect_delay: float = 0.2,
                 publish_timeout: float = 1.0) -> None:
        self.url = url
        self._reconnect_delay = reconnect_delay
        self._publish_timeout = publish_timeout
        self._pub_down: float | None = None  # since when publishes fail (None: they work)
        self._sub_down = False  # the reader lost its connection and has not read since
        self._probe: asyncio.Future[None] | None = None  # a publish tried while Redis is down
        # health checks: an idle pub/sub connection PINGs now and then, so a dead one is noticed
        self._redis: aioredis.Redis = aioredis.Redis.from_url(
            url, health_check_interval=15, socket_keepalive=True)
        self._pubsub: Any = None  # redis.asyncio.client.PubSub, created lazily in the loop
        self._queues: dict[str, set[asyncio.Queue[dict[str, Any] | None]]] = {}
        # per channel, one future per SUBSCRIBE sent and not yet confirmed, in order
        self._confirm: dict[bytes, deque[asyncio.Future[None]]] = {}
        self._lock = asyncio.Lock()
        self._wake = asyncio.Event()
        self._reader: asyncio.Task[None] | None = None
        self._closed = False

    @staticmethod
    def channel(table_id: str) -> str:
        """The Redis channel of a table."""
        return CHANNEL_PREFIX + table_id

    @property
    def healthy(self) -> bool:
        """False while Redis does not take publishes or the reader is cut off: messages may
        be lost, so the service reads the store instead (web/owners.py)."""
        return self._pub_down is None and not self._sub_down

    # -- publishing ----------------------------------------------------------------------------

    async def publish(self, table_id: str, message: dict[str, Any]) -> None:
        """Send ``message`` to every subscriber of ``table_id`` in every process.

        Like ``LocalBus``, it does not raise when the message cannot go out (Redis unreachable
        after redis-py's own retries): the action behind it is already committed, so the error
        is logged and the other processes catch up at their next message or resync.
        """
        if self._closed:
            raise RuntimeError("the bus is closed")
        data = json.dumps(message, separators=(",", ":"))
        if self._pub_down is not None:
            # Redis failed: no table waits for it.  One message at a time goes out in the
            # background (its success ends the outage); the others are dropped (the service
            # reads the store while the bus is not healthy)
            if self._probe is None or self._probe.done():
                self._probe = asyncio.ensure_future(self._send(table_id, data))
            return
        await self._send(table_id, data)

    async def _send(self, table_id: str, data: str) -> None:
        try:  # bounded: the caller may hold a table's lock
            await asyncio.wait_for(self._redis.publish(self.channel(table_id), data),
                                   self._publish_timeout)
        except (RedisError, OSError) as exc:
            if self._pub_down is None:
                _log.error("redis bus: could not publish to table %s (%s); publishing again "
                           "once Redis answers", table_id, exc or type(exc).__name__)
                self._pub_down = time.monotonic()
            return
        if self._pub_down is not None:
            _log.warning("redis bus: publishing again after %.1f s",
                         time.monotonic() - self._pub_down)
            self._pub_down = None

    def _deliver(self, table_id: str, message: dict[str, Any]) -> None:
        for queue in self._queues.get(table_id, ()):
            queue.put_nowait(message)

    # -- subscribing ---------------------------------------------------------------------------

    async def subscribe(self, table_id: str, origin: str | None = None
                        ) -> AsyncGenerator[dict[str, Any], None]:
        """Every message published to ``table_id`` after the subscription is confirmed
        (``origin`` is not used: every message, the process's own too, comes back through
        Redis and keeps the one order of all subscribers; the service skips its own).

        The first ``__anext__`` waits until Redis has confirmed the channel's subscription (when
        it is the process's first subscriber of that table; while Redis is unreachable it keeps
        trying), so anything another process publishes after that point arrives. Ends when the
        bus is closed.
        """
        queue: asyncio.Queue[dict[str, Any] | None] = asyncio.Queue()
        try:
            await self._add(table_id, queue)
            while True:
                message = await queue.get()
                if message is None:
                    return
                yield message
        finally:
            await self._remove(table_id, queue)

    async def _add(self, table_id: str, queue: asyncio.Queue[dict[str, Any] | None]) -> None:
        if self._closed:
            raise RuntimeError("the bus is closed")
        channel = self.channel(table_id).encode()
        async with self._lock:
            first = table_id not in self._queues
            self._queues.setdefault(table_id, set()).add(queue)
            if first:
                future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
                self._confirm.setdefault(channel, deque()).append(future)
                await self._send_subscribe(channel)
            else:
                pending = self._confirm.get(channel)
                if not pending:
                    return
                future = pending[-1]
        # outside the lock: the reader task sets the future when Redis confirms
        await asyncio.shield(future)

    async def _send_subscribe(self, channel: bytes) -> None:
        delay = self._reconnect_delay
        while True:
            pubsub = self._ensure_reader()
            try:
                await pubsub.subscribe(channel)
            except (RedisError, OSError) as exc:
                if self._closed:
                    raise RuntimeError("the bus is closed") from exc
                _log.warning("redis bus: cannot subscribe to %r (%s); retrying", channel, exc)
                await asyncio.sleep(delay)
                delay = min(delay * 2, 5.0)
                continue
            self._wake.set()
            return

    async def _remove(self, table_id: str, queue: asyncio.Queue[dict[str, Any] | None]) -> None:
        if self._closed:
            self._drop_queue(table_id, queue)
            return
        async with self._lock:
            if self._drop_queue(table_id, queue) and self._pubsub is not None:
                channel = self.channel(table_id).encode()
                for future in self._confirm.get(channel, ()):
                    if not future.done():  # stays queued: its confirmation will still arrive
                        future.set_result(None)
                with contextlib.suppress(RedisError, OSError):
                    await self._pubsub.unsubscribe(channel)

    def _drop_queue(self, table_id: str, queue: asyncio.Queue[dict[str, Any] | None]) -> bool:
        """Forget a local subscriber; True when it was the table's last one."""
        queues = self._queues.get(table_id)
        if queues is None or queue not in queues:
            return False
        queues.discard(queue)
        if queues:
            return False
        del self._queues[table_id]
        return True

    def _ensure_reader(self) -> Any:
        if self._pubsub is None:
            self._pubsub = self._redis.pubsub()
        if self._reader is None or self._reader.done():
            self._reader = asyncio.create_task(self._read(), name="redis-bus-reader")
        return self._pubsub

    # -- the reader task ------------------------------------------------------------------------

    async def _read(self) -> None:
        delay = self._reconnect_delay
        while not self._closed:
            pubsub = self._pubsub
            if pubsub is None or not pubsub.subscribed:
                self._sub_down = False  # nothing to read: publishes say whether Redis answers
                self._wake.clear()
                await self._wake.wait()
                continue
            try:
                raw = await pubsub.get_message(timeout=1.0)
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # the reader must outlive any error
                if self._closed:
                    return
                if not self._sub_down:
                    _log.warning("redis bus: connection lost (%r); reconnecting", exc)
                self._sub_down = True
                await asyncio.sleep(delay)
                delay = min(delay * 2, 5.0)
                with contextlib.suppress(RedisError, OSError):
                    # redis-py's on_connect callback subscribes to every channel again
                    await pubsub.connection.connect()
                continue
            delay = self._reconnect_delay
            if self._sub_down:
                _log.warning("redis bus: connected again")
                self._sub_down = False
            if raw is None:
                continue
            kind = raw.get("type")
            if kind == "message":
                self._on_message(raw["channel"], raw["data"])
            elif kind == "subscribe":
                self._on_subscribed(raw["channel"])

    def _on_message(self, channel: bytes, data: bytes) -> None:
        try:
            message = json.loads(data)
        except ValueError:
            message = None
        if not isinstance(message, dict):
            _log.warning("redis bus: dropped a malformed message on %r", channel)
            return
        self._deliver(channel.decode()[len(CHANNEL_PREFIX):], message)

    def _on_subscribed(self, channel: bytes) -> None:
        pending = self._confirm.get(channel)
        if pending:
            future = pending.popleft()
            if not pending:
                del self._confirm[channel]
            if not future.done():
                future.set_result(None)
            return
        # nobody waited for this confirmation: redis-py re-subscribed after a reconnect, and
        # whatever was published while the connection was down is lost: tell the subscribers
        self._deliver(channel.decode()[len(CHANNEL_PREFIX):], dict(RESYNC))

    # -- closing --------------------------------------------------------------------------------

    async def close(self) -> None:
        """End every subscription (their iterators stop) and close the connections."""
        if self._closed:
            return
        self._closed = True
        for queues in self._queues.values():
            for queue in queues:
                queue.put_nowait(None)
        self._wake.set()
        for pending in self._confirm.values():
            for future in pending:
                if not future.done():
                    future.set_result(None)  # the waiting subscriber then sees the end
        self._confirm.clear()
        if self._probe is not None:
            self._probe.cancel()
        if self._reader is not None:
            self._reader.cancel()
            with contextlib.suppress(asyncio.CancelledError, RedisError, OSError):
                await self._reader
        if self._pubsub is not None:
            with contextlib.suppress(RedisError, OSError):
                await self._pubsub.aclose()
        with contextlib.suppress(RedisError, OSError):
            await self._redis.aclose()
