"""One client socket: a bounded outbox and a writer task, so no socket is ever awaited by a table.

The service never awaits a socket: :meth:`Connection.push` puts a message in the connection's
outbox and returns at once; the connection's own writer task sends the outbox in order.  A
``state`` message replaces a ``state`` that is still waiting (a client only needs the latest
one), so a slow reader costs one message per table, not one per move (a ``delta``, which needs
the message before it, puts the full state in the waiting one's place: ``full``).  A connection
whose outbox holds ``max_queue`` messages, or whose socket takes longer than ``send_timeout``
seconds for one message, has fallen behind: it is dropped (``on_drop`` is called, the socket
closed with 1013 "try again later") and the table plays on.

A message pushed to an idle connection (nothing queued, no send in flight) is sent at once,
in :meth:`Connection.push` itself: the send coroutine is run until it first waits, which for a
socket that can take it means to its end (the message is in the transport's buffer; nothing is
awaited).  Only a send that does wait (the transport's buffer is full) is handed to the writer
task, and everything pushed meanwhile queues behind it as before.  This spares each message
the writer task's wake-up (a future, a callback, a task step): at 500 tables that is four times
a move.

>>> import asyncio
>>> async def demo() -> list[str]:
...     got: list[str] = []
...     gate = asyncio.Event()
...     async def send(text: str) -> None:
...         got.append(text)
...         if len(got) == 1:
...             await gate.wait()          # a slow socket: the first send waits
...     async def close(code: int) -> None:
...         pass
...     c = Connection("t", "P1", send, close)
...     c.push('{"type":"state","seq":1}', state=True)   # sent at once (and waits)
...     c.push('{"type":"state","seq":2}', state=True)   # queued behind it
...     c.push('{"type":"state","seq":3}', state=True)   # replaces the one still waiting
...     c.push('{"type":"pong"}')
...     gate.set()
...     await c.flush()
...     return got
>>> asyncio.run(demo())
['{"type":"state","seq":1}', '{"type":"state","seq":3}', '{"type":"pong"}']
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections import deque
from collections.abc import Awaitable, Callable, Generator
from typing import Any

from trapoula.web.clientlog import client_fault
from trapoula.web.limits import TokenBucket

__all__ = ["CLOSE_TOO_SLOW", "Connection"]

CLOSE_TOO_SLOW = 1013  # "try again later": the client did not read its socket fast enough


class Connection:
    """One client socket on a table: its seat (None for a spectator) and its outbox."""

    __slots__ = (
        "table_id", "seat", "name", "send", "close", "bucket", "chat_bucket", "dropped",
        "closed", "address", "max_queue", "send_timeout", "on_drop", "_queue", "_state_at",
        "_waiter", "_writer", "_since", "deltas", "holds", "_inflight", "account_id", "hides",
    )

    def __init__(
        self,
        table_id: str,
        seat: str | None,
        send: Callable[[str], Awaitable[None]],
        close: Callable[[int], Awaitable[None]],
        name: str = "",
        *,
        address: str | None = None,
        max_queue: int = 64,
        send_timeout: float = 10.0,
        chat_per_minute: float = 30.0,
        deltas: bool = False,
    ) -> None:
        self.table_id = table_id
        self.seat = seat
        self.name = name
        self.send = send
        self.close = close
        self.address = address
        self.bucket = TokenBucket(now=time.monotonic())
        self.chat_bucket = TokenBucket(rate=chat_per_minute / 60.0,
                                       burst=max(1, int(chat_per_minute // 3)),
                                       now=time.monotonic())
        self.dropped = 0
        self.closed = False
        self.max_queue = max_queue
        self.send_timeout = send_timeout
        self.on_drop: Callable[[Connection], None] | None = None
        self._queue: deque[str] = deque()
        self._state_at = -1  # index in the queue of a waiting state message (or -1)
        self._waiter: asyncio.Future[None] | None = None  # the idle writer waits on it
        self._writer: asyncio.Task[None] | None = None
        self._since = 0.0  # when the send in flight started (0: none)
        self._inflight: _Resume | None = None  # a send begun by push() that waits
        self.deltas = deltas  # the client takes ``delta`` messages (web/delta.py)
        self.holds: tuple[int, str | None] | None = None  # (broadcast, seat) its state is at
        self.account_id: str | None = None  # the player's account (None: a guest)
        self.hides: frozenset[str] = frozenset()  # accounts whose chat it does not get (muted)

    @property
    def pending(self) -> int:
        """Messages waiting in the outbox."""
        return len(self._queue)

    def push(self, text: str, *, state: bool = False,
             full: Callable[[], str] | None = None) -> bool:
        """Queue ``text`` for this socket; False when the connection is (now) dropped.

        ``state``: a ``state`` or ``delta`` message, which replaces one still waiting; a delta
        comes with ``full``, the full state it leads to, which takes the waiting one's place
        (the delta alone would not apply to what the client holds)."""
        if self.closed:
            return False
        q = self._queue
        if state and self._state_at >= 0:
            # the older state was never sent: only the newest counts
            q[self._state_at] = text if full is None else full()
            return True
        if len(q) >= self.max_queue:
            self.drop(f"{len(q)} messages waiting")
            return False
        if self.stuck(time.monotonic()):
            return False
        if not q and not self._since and (self._writer is None or self._waiter is not None):
            self._send_now(text)  # idle: no queue, no send in flight, the writer asleep
            return not self.closed
        if state:
            self._state_at = len(q)
        q.append(text)
        if self._waiter is not None:
            self._wake()
        elif self._writer is None:
            self._writer = asyncio.ensure_future(self._write())
        return True

    def _send_now(self, text: str) -> None:
        """Run the send of ``text`` until it first waits: a socket that takes the message at
        once has it when this returns; a send that waits goes on in the writer task (which
        then sends the queue after it)."""
        coro = self.send(text)
        try:
            pending = coro.send(None)
        except StopIteration:
            return
        except Exception:  # the socket is gone: the receive side will notice too
            self.closed = True  # (the service hears of it after this broadcast, as before)
            asyncio.get_running_loop().call_soon(self._gone)
            return
        # the send waits (flow control): the writer finishes it, then sends what queued up
        self._since = time.monotonic()
        self._inflight = _Resume(coro, pending)
        if self._waiter is not None:
            self._wake()
        elif self._writer is None:
            self._writer = asyncio.ensure_future(self._write())

    def _gone(self) -> None:
        """A send failed: the socket is gone (the service forgets the connection)."""
        self.closed = True
        if self.on_drop is not None:
            self.on_drop(self)

    def _wake(self) -> None:
        waiter, self._waiter = self._waiter, None
        if waiter is not None and not waiter.done():
            waiter.set_result(None)

    async def _write(self) -> None:
        q = self._queue
        loop = asyncio.get_running_loop()
        try:
            while not self.closed:
                inflight, self._inflight = self._inflight, None
                if inflight is not None:  # a send begun by push() that had to wait
                    try:
                        await inflight
                    except asyncio.CancelledError:
                        raise
                    except Exception:
                        self._gone()
                    finally:
                        self._since = 0.0
                        inflight = None
                    continue
                if not q:
                    self._waiter = loop.create_future()
                    await self._waiter
                    continue
                text = q.popleft()
                self._state_at = self._state_at - 1 if self._state_at > 0 else -1
                # no timer per send (it costs more than the send): a send that takes too long is
                # found by the next push or by the service's sweeper (``stuck``)
                self._since = time.monotonic()
                try:
                    await self.send(text)
                except asyncio.CancelledError:
                    raise
                except Exception:  # the socket is gone: the receive side will notice too
                    self._gone()
                finally:
                    self._since = 0.0
                    text = ""  # not kept while the writer waits (a state is kilobytes)
        finally:
            q.clear()
            self._state_at = -1
            if self._inflight is not None:
                self._inflight.close()
                self._inflight = None

    def stuck(self, now: float) -> bool:
        """Drop the connection when its send in flight has taken over ``send_timeout``."""
        since = self._since
        if since and now - since > self.send_timeout and not self.closed:
            self.drop(f"a send took over {self.send_timeout:g} s")
            return True
        return False

    def drop(self, reason: str) -> None:
        """The client fell behind: forget its messages, tell the service, close the socket."""
        if self.closed:
            return
        self.closed = True
        self._queue.clear()
        self._state_at = -1
        client_fault("slow_reader", self.address, f"dropped a slow connection to table "
                     f"{self.table_id} ({self.seat or 'spectator'}): {reason}")  # rate-limited
        if self.on_drop is not None:
            self.on_drop(self)
        self._wake()
        asyncio.ensure_future(self._close_quietly(CLOSE_TOO_SLOW))

    async def _close_quietly(self, code: int) -> None:
        with contextlib.suppress(Exception):
            await asyncio.wait_for(self.close(code), 5.0)

    def drop_later(self, code: int) -> None:
        """Send what is queued (for a moment), then close the socket with ``code``."""

        async def run() -> None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self.flush(), 2.0)
            self.stop()
            await self._close_quietly(code)

        asyncio.ensure_future(run())

    async def flush(self) -> None:
        """Wait until the outbox is empty (tests)."""
        while (self._queue or self._since) and not self.closed and self._writer is not None:
            await asyncio.sleep(0.001)
            self.stuck(time.monotonic())

    def stop(self) -> None:
        """The socket is gone: end the writer."""
        self.closed = True
        if self._inflight is not None:  # a waiting send the writer has not taken over yet
            self._inflight.close()
            self._inflight = None
        # the references go with the cancel: a cancelled task keeps its CancelledError, whose
        # traceback holds the writer's frame and so this connection -- a cycle only a full
        # collection would free (a finished table's connections piled up in the heap)
        writer, self._writer, self._waiter = self._writer, None, None
        if writer is not None and not writer.done():
            writer.cancel()


class _Resume:
    """The rest of a coroutine that was run by hand until it waited on ``pending`` (what its
    ``await`` yielded: a future, or None for a bare yield): awaiting this continues it exactly
    where it stopped, as ``yield from`` would (a task that awaits it waits on the same future,
    and a cancel or another exception thrown in is passed on to the coroutine)."""

    __slots__ = ("coro", "pending")

    def __init__(self, coro: Any, pending: Any) -> None:
        self.coro = coro
        self.pending = pending

    def __await__(self) -> Generator[Any, Any, Any]:
        coro, pending = self.coro, self.pending
        self.pending = None
        while True:
            try:
                value = yield pending
            except BaseException as exc:  # thrown into the awaiting task: pass it on
                try:
                    pending = coro.throw(exc)
                except StopIteration as stop:
                    return stop.value
                continue
            try:
                pending = coro.send(value)
            except StopIteration as stop:
                return stop.value

    def close(self) -> None:
        """Never to be awaited (the connection stopped): close the coroutine."""
        self.pending = None
        self.coro.close()
