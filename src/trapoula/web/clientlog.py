"""A client's expected mistakes in the log: one short line, rate-limited.

A request body cut short, a WebSocket frame that is not UTF-8, a request head the parser
refuses: each is the client's fault, costs the server nothing, and must not let a client fill
the log.  :func:`client_fault` writes at most one line per kind and client key every
``interval`` seconds (60), and at most ``per_kind`` lines (10) of one kind over every client in
that interval; what it holds back is counted and said with the next line of that kind
("… (N more suppressed)"), or by :func:`report_held` at the end of the interval.
:class:`QuietClientErrors` is a logging filter for uvicorn's own lines about such clients (a
traceback of a disconnect becomes one short line, rate-limited the same way).

>>> t = [0.0]
>>> faults = ClientFaults(interval=60, per_kind=2, clock=lambda: t[0])
>>> [faults.admit("cut_short", "192.0.2.1") for _ in range(3)]
[(True, 0), (False, 0), (False, 0)]
>>> t[0] = 61.0
>>> faults.admit("cut_short", "192.0.2.1")
(True, 2)
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable

__all__ = ["ClientFaults", "QuietClientErrors", "client_fault", "report_held"]

log = logging.getLogger("trapoula.web.clients")
_KEYS_KEPT = 10_000  # (kind, key) pairs remembered: a bound, whatever the number of clients


class ClientFaults:
    """Counts per kind and client key; :meth:`admit` says whether to log now and how many of
    that kind were held back since the last line."""

    def __init__(self, interval: float = 60.0, per_kind: int = 10,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.interval = interval
        self.per_kind = per_kind
        self.clock = clock
        self._last: dict[tuple[str, str], float] = {}
        self._window: dict[str, tuple[float, int]] = {}  # kind: (window start, lines in it)
        self._held: dict[str, int] = {}  # kind: events not logged since its last line

    def admit(self, kind: str, key: str) -> tuple[bool, int]:
        now = self.clock()
        start, lines = self._window.get(kind, (now, 0))
        if now - start >= self.interval:
            start, lines = now, 0
        last = self._last.get((kind, key))
        if (last is not None and now - last < self.interval) or lines >= self.per_kind:
            self._held[kind] = self._held.get(kind, 0) + 1
            self._window[kind] = (start, lines)
            return False, 0
        if len(self._last) >= _KEYS_KEPT:
            self._forget(now)
        self._last[(kind, key)] = now
        self._window[kind] = (start, lines + 1)
        return True, self._held.pop(kind, 0)

    def _forget(self, now: float) -> None:
        for pair, at in list(self._last.items()):
            if now - at >= self.interval:
                del self._last[pair]
        while len(self._last) >= _KEYS_KEPT:  # all recent: drop the oldest
            del self._last[next(iter(self._last))]


    def flush(self) -> list[tuple[str, int]]:
        """What was held back since each kind's last line (and forget it)."""
        held = sorted(self._held.items())
        self._held.clear()
        return held


FAULTS = ClientFaults()


async def report_held(faults: ClientFaults | None = None) -> None:
    """Every interval, one line per kind of what was held back and not yet said (a flood
    that stopped is counted too, not only when the next event of its kind comes)."""
    faults = faults if faults is not None else FAULTS
    while True:
        await asyncio.sleep(faults.interval)
        for kind, n in faults.flush():
            log.warning("clients: %d more %s suppressed in the last %g s", n, kind,
                        faults.interval)


def client_fault(kind: str, key: str | None, text: str, faults: ClientFaults | None = None,
                 logger: logging.Logger | None = None) -> None:
    """Log ``text`` (short, one line) about client ``key`` unless ``kind`` was logged for it
    (or too often for anyone) in the last interval."""
    faults = faults if faults is not None else FAULTS
    ok, held = faults.admit(kind, key or "-")
    if ok:
        more = f" ({held} more suppressed)" if held else ""
        (logger or log).warning("client %s: %s%s", key or "-", text[:200], more)


# uvicorn's lines about a client's mistakes: (start of the message, kind, short text)
_UVICORN = (
    ("Invalid HTTP request received", "bad_request", "an HTTP request the parser refused"),
    ("Unsupported upgrade request", "bad_upgrade", "an upgrade that is not a WebSocket"),
    ("Invalid WebSocket", "bad_frame", "an invalid WebSocket frame"),
)
# exceptions a client causes by going away or sending garbage (names, as several libraries
# define them): a traceback of one of these is one short line
_CLIENT_EXCEPTIONS = frozenset({
    "ClientDisconnect", "WebSocketDisconnect", "ConnectionClosed", "ConnectionClosedError",
    "ConnectionClosedOK", "ConnectionResetError", "BrokenPipeError", "UnicodeDecodeError",
    "LocalProtocolError", "RemoteProtocolError", "ProtocolError", "PayloadTooBig",
    "InvalidState", "IncompleteReadError",
})


class QuietClientErrors(logging.Filter):
    """On uvicorn's loggers: a line about a client's mistake, or a traceback whose exception
    a client causes, is replaced by one short rate-limited line (:func:`client_fault`)."""

    def __init__(self, faults: ClientFaults | None = None) -> None:
        super().__init__()
        self.faults = faults

    def filter(self, record: logging.LogRecord) -> bool:
        if record.levelno >= logging.CRITICAL:
            return True
        exc = record.exc_info[1] if record.exc_info else None
        if exc is not None and _client_caused(exc):
            client_fault(type(exc).__name__, None, f"{type(exc).__name__} "
                         f"({str(exc).splitlines()[0][:80] if str(exc) else 'no detail'})",
                         self.faults)
            return False
        message = record.msg if isinstance(record.msg, str) else ""
        for start, kind, text in _UVICORN:
            if message.startswith(start):
                client_fault(kind, None, text, self.faults)
                return False
        return True


def _client_caused(exc: BaseException) -> bool:
    seen = 0
    while exc is not None and seen < 5:
        if type(exc).__name__ in _CLIENT_EXCEPTIONS:
            return True
        exc = exc.__cause__ or exc.__context__  # type: ignore[assignment]
        seen += 1
    return False


def install_quiet_client_errors() -> None:
    """Add :class:`QuietClientErrors` to uvicorn's error logger and its handlers."""
    f = QuietClientErrors()
    for name in ("uvicorn.error", "uvicorn"):
        logger = logging.getLogger(name)
        if not any(isinstance(x, QuietClientErrors) for x in logger.filters):
            logger.addFilter(f)
