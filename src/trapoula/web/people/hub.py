"""The live side of the players' social life, one per server process: presence, near-immediate
news for a player's lobby (an invite, a friend's request, a warning), and chat hidden for those
who muted or blocked its writer.

**Presence** is a heartbeat row per account (``presence``: ``last_seen`` and the table), kept
in the shared database, so every process sees every process's players.  Every
:data:`BEAT` seconds each process writes one batch for the accounts it holds alive: a lobby
waiting for news (``GET /api/social/wait``) or that waited within :data:`LOBBY_GRACE` seconds,
and every table socket of a seat or spectator with an account (the table wins over the lobby).
An account is *online* while its ``last_seen`` is younger than :data:`ONLINE_TTL`; it is
*at* the table of its row (a link on its friends' page).  A new socket or lobby writes at once.

**News** for an account goes over the bus (one channel, :data:`CHANNEL`, that every process
follows: Redis with several processes): ``{"to": account_id, "news": kind}`` wakes that
account's waiting lobbies in every process, which then read the store (the truth; the
message is only a hint) — so an invite shows in the friend's lobby at once.
``{"hides": account_id}`` makes every process reload which writers that account's table
sockets hide (after a mute or a block).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any, TypeVar

from trapoula.web.people.store import people_of

if TYPE_CHECKING:
    from trapoula.web.conn import Connection
    from trapoula.web.people.rows import People
    from trapoula.web.service import TableService

__all__ = ["BEAT", "CHANNEL", "LOBBY_GRACE", "ONLINE_TTL", "Hub", "hub_of", "stop_on_exit"]

BEAT = 10.0  # seconds between a process's presence writes
ONLINE_TTL = 3 * BEAT  # an account not seen for this long is offline
LOBBY_GRACE = 20.0  # seconds a lobby counts as open after its last wait ended
CHANNEL = "@social"  # the bus "table" every process follows for the players' news
log = logging.getLogger("trapoula.web")
T = TypeVar("T")


class Hub:
    """A process's presence beat, its waiting lobbies and the chat hidden per socket."""

    def __init__(self, service: TableService) -> None:
        self.service = service
        self.people: People = people_of(service.store)
        self._waiters: dict[str, set[asyncio.Event]] = {}
        self._lobbies: dict[str, float] = {}  # account -> when its last wait ended (monotonic)
        self._news: dict[str, float] = {}  # account -> when its last news came (time.time)
        self._started = False
        self._stopping = False  # the server is shutting down: waiting lobbies answer now
        self._loop: asyncio.AbstractEventLoop | None = None

    async def db(self, fn: Callable[..., T], *args: Any) -> T:
        """A store call on the service's worker threads; a failure is a 503 ``unavailable``."""
        return await self.service._db_try("the players' home", fn, *args)

    def start(self) -> None:
        if self._started or self.service._closing:
            return
        self._started = True
        self._loop = asyncio.get_running_loop()
        self.service._spawn(self._follow())
        self.service._spawn(self._beat())

    # --- news -------------------------------------------------------------------------------
    async def tell(self, account_id: str, news: str) -> None:
        """Wake ``account_id``'s lobbies in every process (they read the store)."""
        await self.service.bus.publish(CHANNEL, {"to": account_id, "news": news})

    async def hides_changed(self, account_id: str) -> None:
        await self.service.bus.publish(CHANNEL, {"hides": account_id})

    async def _follow(self) -> None:
        while not self.service._closing:
            try:
                async for msg in self.service.bus.subscribe(CHANNEL):
                    await self._on(msg)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("the players' news: the bus failed; following again")
            await asyncio.sleep(1.0)

    async def _on(self, msg: dict[str, Any]) -> None:
        to = msg.get("to")
        if isinstance(to, str):
            now = time.time()
            if len(self._news) > 10_000:
                self._news = {a: t for a, t in self._news.items() if t > now - 2 * ONLINE_TTL}
            self._news[to] = now
            for ev in self._waiters.get(to, ()):
                ev.set()
        hides = msg.get("hides")
        if isinstance(hides, str):
            with contextlib.suppress(Exception):
                await self.load_hides(hides)
        if msg.get("resync"):  # the bus lost messages: every lobby reads the store again
            for evs in self._waiters.values():
                for ev in evs:
                    ev.set()

    def stop(self) -> None:
        """The server is shutting down (any thread, a signal handler too): every waiting
        lobby answers now, so that the shutdown does not wait for them."""
        loop = self._loop
        if loop is not None and not loop.is_closed():
            loop.call_soon_threadsafe(self._stop)

    def _stop(self) -> None:
        self._stopping = True
        for evs in self._waiters.values():
            for ev in evs:
                ev.set()

    def news_since(self, account_id: str) -> float:
        """When news for ``account_id`` last came to this process (0: not lately)."""
        return self._news.get(account_id, 0.0)

    async def wait(self, account_id: str, timeout: float,
                   ready: Callable[[], Awaitable[bool]]) -> None:
        """Wait up to ``timeout`` s for news of ``account_id`` (``ready()`` is asked first,
        and again every few seconds in case a hint was lost); the lobby counts as open."""
        self.start()
        ev = asyncio.Event()
        self._waiters.setdefault(account_id, set()).add(ev)
        first = account_id not in self._lobbies
        self._lobbies[account_id] = time.monotonic() + timeout
        try:
            if first:
                with contextlib.suppress(Exception):
                    await self.touch([(account_id, self.table_of(account_id))])
            end = time.monotonic() + timeout
            while not self._stopping and not await ready():
                left = end - time.monotonic()
                if left <= 0:
                    return
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(ev.wait(), min(left, 5.0))
                ev.clear()
        finally:
            evs = self._waiters.get(account_id)
            if evs is not None:
                evs.discard(ev)
                if not evs:
                    del self._waiters[account_id]
            self._lobbies[account_id] = time.monotonic()

    def waiting(self, account_id: str) -> int:
        """How many lobbies of ``account_id`` wait in this process now."""
        return len(self._waiters.get(account_id, ()))

    # --- presence -----------------------------------------------------------------------------
    def _table_conns(self) -> list[Connection]:
        return [c for t in self.service.tables.values() for c in t.conns
                if getattr(c, "account_id", None) is not None]

    def table_of(self, account_id: str) -> str | None:
        """The table where one of this process's sockets of ``account_id`` is (or None)."""
        for c in self._table_conns():
            if c.account_id == account_id:
                return c.table_id
        return None

    def alive(self) -> list[tuple[str, str | None]]:
        """The accounts this process holds alive now, each with its table (or None)."""
        now = time.monotonic()
        for a, when in list(self._lobbies.items()):
            if when + LOBBY_GRACE < now and a not in self._waiters:
                del self._lobbies[a]
        out: dict[str, str | None] = dict.fromkeys(self._lobbies)
        for c in self._table_conns():
            out[str(c.account_id)] = c.table_id
        return list(out.items())

    async def touch(self, seen: list[tuple[str, str | None]]) -> None:
        if seen:
            await self.service._db(self.people.touch_presence, seen, time.time())

    async def _beat(self) -> None:
        while not self.service._closing:
            try:
                await self.touch(self.alive())
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                self.service._db_failed(exc, "writing the players' presence", write=True)
            await asyncio.sleep(BEAT)

    async def presence(self, account_ids: list[str]) -> dict[str, str | None]:
        """The online ones of ``account_ids``, each with its table (None: in the lobby)."""
        rows = await self.db(self.people.presence_of, account_ids)
        limit = time.time() - ONLINE_TTL
        return {a: p.table_id for a, p in rows.items() if p.last_seen >= limit}

    # --- chat hidden per socket ---------------------------------------------------------------
    async def hides_of(self, account_id: str) -> frozenset[str]:
        """The writers whose chat lines ``account_id`` does not get: muted or blocked."""
        muted = await self.service._db(self.people.muted_by, account_id)
        blocked = await self.service._db(self.people.blocked_by, account_id)
        return frozenset(muted | blocked)

    async def load_hides(self, account_id: str) -> None:
        """Reload the hidden writers of this process's sockets of ``account_id``."""
        conns = [c for c in self._table_conns() if c.account_id == account_id]
        if conns:
            hides = await self.hides_of(account_id)
            for c in conns:
                c.hides = hides

    async def connected(self, conn: Connection) -> None:
        """A table socket with an account came: its hidden writers, and presence at once
        (his friends' lobbies are told)."""
        self.start()
        if conn.account_id is None:
            return
        try:
            conn.hides = await self.hides_of(conn.account_id)
            await self.touch([(conn.account_id, conn.table_id)])
            friends = await self.service._db(self.people.friends_of, conn.account_id)
            for f in friends:  # their lobbies show him at this table at once
                if f.state == "friend":
                    await self.tell(f.account_id, "presence")
        except Exception as exc:  # the table still plays; hides come with the next change
            self.service._db_failed(exc, "reading a player's mutes", write=False)


def stop_on_exit(server: Any, service: TableService) -> None:
    """Make a uvicorn ``server``'s shutdown signal answer the waiting lobbies at once (a
    graceful shutdown waits for every request in flight, and a lobby waits up to 25 s)."""
    handle_exit = server.handle_exit

    def on_exit(sig: int, frame: Any) -> None:
        hub_of(service).stop()
        handle_exit(sig, frame)

    server.handle_exit = on_exit


def hub_of(service: TableService) -> Hub:
    """The service's hub (made at the first call)."""
    hub: Hub | None = getattr(service, "_social_hub", None)
    if hub is None:
        hub = Hub(service)
        service._social_hub = hub  # type: ignore[attr-defined]
    return hub


def shown_to(conn: Connection, author: str | None) -> bool:
    """Whether a chat line of ``author`` goes to ``conn`` (not if he muted or blocked him)."""
    return author is None or author not in conn.hides
