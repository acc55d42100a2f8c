"""HTTP hardening: security headers, tokens kept out of logs, and a deadline for request headers.

- :class:`SecurityHeaders` (ASGI middleware) adds a Content-Security-Policy (scripts, styles,
  sockets only from the server itself; no frames), ``X-Frame-Options: DENY``,
  ``X-Content-Type-Options: nosniff`` and ``Referrer-Policy: no-referrer`` to every response.
- :class:`RedactTokens` (a logging filter) replaces ``token=…`` in log records by
  ``token=<hidden>`` (uvicorn's access log writes the WebSocket's query string).
- :func:`header_deadline` wraps uvicorn's HTTP protocol class so that a connection which has not
  sent a complete request head within ``seconds`` (a "slowloris" client) is closed.

>>> RedactTokens.redact("GET /ws/ab?token=s3cr3t-x_y HTTP/1.1")
'GET /ws/ab?token=<hidden> HTTP/1.1'
"""

from __future__ import annotations

import asyncio
import logging
import re
from typing import Any

__all__ = ["CSP", "RedactTokens", "SecurityHeaders", "header_deadline"]

CSP = ("default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
       "img-src 'self' data:; connect-src 'self'; manifest-src 'self'; "
       "worker-src 'self'; object-src 'none'; base-uri 'none'; "
       "form-action 'self'; frame-ancestors 'none'")
_HEADERS = [
    (b"content-security-policy", CSP.encode()),
    (b"x-frame-options", b"DENY"),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
]


class SecurityHeaders:
    """ASGI middleware: the headers above on every HTTP response."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Any) -> None:
            if message["type"] == "http.response.start":
                headers = [h for h in message.get("headers", [])
                           if h[0].lower() not in {k for k, _ in _HEADERS}]
                message = {**message, "headers": headers + _HEADERS}
            await send(message)

        await self.app(scope, receive, send_with_headers)


class RedactTokens(logging.Filter):
    """Hide seat tokens in log records (``token=…`` in paths and query strings)."""

    _RE = re.compile(r"(token=)[^&\s\"']+")

    @classmethod
    def redact(cls, text: str) -> str:
        return cls._RE.sub(r"\1<hidden>", text)

    def filter(self, record: logging.LogRecord) -> bool:
        if record.args:
            record.args = tuple(self.redact(a) if isinstance(a, str) else a
                                for a in (record.args if isinstance(record.args, tuple)
                                          else (record.args,)))
        if isinstance(record.msg, str) and "token=" in record.msg:
            record.msg = self.redact(record.msg)
        return True


def install_redaction() -> None:
    """Add :class:`RedactTokens` to uvicorn's and trapoula's loggers (and their handlers)."""
    f = RedactTokens()
    for name in ("uvicorn", "uvicorn.access", "uvicorn.error", "trapoula"):
        logger = logging.getLogger(name)
        if not any(isinstance(x, RedactTokens) for x in logger.filters):
            logger.addFilter(f)
        for handler in logger.handlers:
            if not any(isinstance(x, RedactTokens) for x in handler.filters):
                handler.addFilter(f)


def header_deadline(base: type[Any], seconds: float) -> type[Any]:
    """``base`` (uvicorn's H11Protocol or HttpToolsProtocol) whose connections must send each
    request head within ``seconds`` of connecting or of the previous response."""

    class Deadline(base):  # type: ignore[misc,valid-type]
        _deadline: asyncio.TimerHandle | None = None
        _armed_cycle: Any = None

        def _arm(self) -> None:
            if self._deadline is None:
                self._armed_cycle = self.cycle
                self._deadline = self.loop.call_later(seconds, self._expire)

        def _expire(self) -> None:
            self._deadline = None
            transport = self.transport
            if transport is None or transport.is_closing():
                return
            if transport.get_protocol() is not self:  # upgraded to a WebSocket meanwhile
                return
            cycle = self.cycle
            if cycle is self._armed_cycle and (cycle is None or cycle.response_complete):
                transport.close()  # no new request head arrived in time

        def connection_made(self, transport: Any) -> None:
            super().connection_made(transport)
            self._arm()

        def data_received(self, data: bytes) -> None:
            super().data_received(data)
            transport = self.transport
            if transport is not None and transport.get_protocol() is not self:
                self._forget()  # upgraded to a WebSocket: this protocol is done
                return
            cycle = self.cycle
            if cycle is not None and cycle is not self._armed_cycle and self._deadline:
                self._deadline.cancel()  # a request head is complete
                self._deadline = None
            elif cycle is None or cycle.response_complete:
                self._arm()

        def on_response_complete(self) -> None:
            super().on_response_complete()
            if self._deadline is not None:
                self._deadline.cancel()
                self._deadline = None
            self._arm()

        def connection_lost(self, exc: Exception | None) -> None:
            if self._deadline is not None:
                self._deadline.cancel()
                self._deadline = None
            super().connection_lost(exc)
            self._forget()

        def _forget(self) -> None:
            """Break the protocol <-> parser cycle (the parser holds the protocol's callbacks)
            so the connection's objects are freed at once, not by a full collection."""
            if getattr(self, "parser", None) is not None:
                self.parser = None

    Deadline.__name__ = f"Deadline{base.__name__}"
    return Deadline
