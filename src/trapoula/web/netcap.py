"""Connections kept below the process's file descriptor limit, per client and in all.

Every connection is a file descriptor.  When a process runs out of them, ``accept`` fails and
the server stops answering anyone -- the health check included -- until some close.  So:

- :func:`raise_nofile` raises the soft ``RLIMIT_NOFILE`` to the hard one at start (a common
  soft default is 1024; the hard one is often far higher);
- :func:`caps_for` derives, from that limit, how many connections the server takes in all
  and from one client (IPv4 address or IPv6 /64, web/guard.py ``client_key``), keeping a
  reserve for the database, Redis, log files and the connections accepted in one burst (the
  listen backlog, which it also sets);
- :func:`connection_caps` wraps uvicorn's HTTP protocol class: a new connection beyond a cap
  makes room by closing the oldest connection of the same client (or, over the total, of the
  client with the most) that is still sending its request -- headers or body -- or idles
  between requests; when there is none (every one is being answered, or is a WebSocket) the
  new connection is closed at once.  A client holding a thousand half-sent requests thus
  holds at most its share of descriptors, and a health check still gets in (it evicts one
  of them).  The table's sockets (WebSockets) are never closed to make room.

>>> caps_for(1024)
Caps(total=832, per_address=208, backlog=64)
>>> caps_for(256).total < 256 - 64
True
"""

from __future__ import annotations

import logging
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

from trapoula.web.clientlog import client_fault
from trapoula.web.guard import client_key

__all__ = ["Caps", "ConnTracker", "caps_for", "connection_caps", "raise_nofile"]

log = logging.getLogger("trapoula.web")
UNLIMITED_TARGET = 65536  # the soft limit asked for when the hard one is "unlimited"


def raise_nofile() -> tuple[int, int]:
    """Raise the soft limit on open files to the hard one where the system allows:
    ``(before, now)`` (both -1 where there are no such limits)."""
    try:
        import resource
    except ImportError:  # pragma: no cover - not Unix
        return -1, -1
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    target = UNLIMITED_TARGET if hard == resource.RLIM_INFINITY else hard
    if soft != resource.RLIM_INFINITY and soft < target:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
        except (ValueError, OSError):
            return soft, soft
        return soft, target
    return soft, soft


@dataclass(frozen=True)
class Caps:
    """Connections taken in all, from one client, and the listen backlog."""

    total: int
    per_address: int
    backlog: int


def caps_for(nofile: int, total: int = 0, per_address: int = 0) -> Caps:
    """The caps for a soft limit of ``nofile`` descriptors (``total``, ``per_address``: the
    operator's, when not 0).  An eighth of the limit (at least 64) is kept for everything that
    is not a client's connection, and as many again as one burst of accepts can open before the
    caps act (the backlog: a sixteenth, 16 to 2048)."""
    if nofile <= 0:
        nofile = UNLIMITED_TARGET
    backlog = max(16, min(2048, nofile // 16))
    derived = max(16, nofile - max(64, nofile // 8) - backlog)
    total = total if total > 0 else derived
    per_address = per_address if per_address > 0 else max(8, min(total // 4, 1024))
    return Caps(total, per_address, backlog)


class ConnTracker:
    """The HTTP connections (not yet WebSockets) of each client key, oldest first."""

    def __init__(self, caps: Caps, ipv6_prefix: int = 64) -> None:
        self.caps = caps
        self.ipv6_prefix = ipv6_prefix
        self.by_key: dict[str, OrderedDict[Any, None]] = {}
        self.refused = 0
        self.evicted = 0

    def key_of(self, transport: Any) -> str:
        peer = transport.get_extra_info("peername")
        host = peer[0] if isinstance(peer, tuple) and peer else str(peer or "-")
        return client_key(host, self.ipv6_prefix)

    def admit(self, proto: Any, key: str, total: int) -> bool:
        """Make room for ``proto`` of ``key`` (``total``: connections open before it, every
        kind): False when there is none."""
        mine = self.by_key.get(key)
        if mine is not None and len(mine) >= self.caps.per_address:
            if not self._evict(mine):
                self.refused += 1
                client_fault("too_many_connections", key, "more connections than "
                             f"{self.caps.per_address} from one client: refused")
                return False
            client_fault("too_many_connections", key, "more connections than "
                         f"{self.caps.per_address} from one client: its oldest idle ones closed")
        elif total >= self.caps.total:
            busiest = sorted(self.by_key.values(), key=len, reverse=True)
            if not any(self._evict(group) for group in busiest[:8]):
                self.refused += 1
                client_fault("server_full", "-", f"{self.caps.total} connections open: "
                             "new ones refused")
                return False
            client_fault("server_full", "-", f"{self.caps.total} connections open: the oldest "
                         "idle ones of the busiest clients closed")
        self.by_key.setdefault(key, OrderedDict())[proto] = None
        return True

    def _evict(self, group: OrderedDict[Any, None]) -> bool:
        for proto in group:
            if _evictable(proto):
                self.forget(proto)
                self.evicted += 1
                transport = proto.transport
                if transport is not None:
                    transport.close()
                return True
        return False

    def forget(self, proto: Any) -> None:
        key = getattr(proto, "_cap_key", None)
        group = self.by_key.get(key) if key is not None else None
        if group is not None:
            group.pop(proto, None)
            if not group:
                del self.by_key[key]  # type: ignore[arg-type]


def _evictable(proto: Any) -> bool:
    """Still sending its request (head or body) or idle between requests: nothing of it is
    being answered."""
    transport = proto.transport
    if transport is None or transport.is_closing() or transport.get_protocol() is not proto:
        return False
    cycle = getattr(proto, "cycle", None)
    if cycle is None or cycle.response_complete:
        return True
    return bool(cycle.more_body) and not cycle.response_started


def connection_caps(base: type[Any], tracker: ConnTracker) -> type[Any]:
    """``base`` (uvicorn's HTTP protocol class) whose connections ``tracker`` counts and caps."""

    class Capped(base):  # type: ignore[misc]
        _cap_key: str | None = None

        def connection_made(self, transport: Any) -> None:
            total = len(self.connections)
            super().connection_made(transport)
            key = tracker.key_of(transport)
            if tracker.admit(self, key, total):
                self._cap_key = key
            else:
                transport.abort()  # at once: the descriptor is what is scarce

        def data_received(self, data: bytes) -> None:
            super().data_received(data)
            transport = self.transport
            if transport is not None and transport.get_protocol() is not self:
                tracker.forget(self)  # a WebSocket now: counted by the service's limits

        def connection_lost(self, exc: Exception | None) -> None:
            tracker.forget(self)
            super().connection_lost(exc)

    Capped.__name__ = f"Capped{base.__name__}"
    return Capped
