"""What every HTTP route of the room does with a request: read its JSON body within the size
and time limits (:data:`~trapoula.web.limits.BODY_LIMIT`), name the client the per-address
limits count (:func:`_address`), and answer an error as ``{"error": code, "message": ...}``
(:func:`_error`).  The app (web/app.py) and the route modules of web/people and web/club use
them."""

from __future__ import annotations

import asyncio
import json
from typing import Any

from starlette.requests import ClientDisconnect, HTTPConnection, Request
from starlette.responses import JSONResponse

from trapoula.web.clientlog import client_fault
from trapoula.web.guard import client_key
from trapoula.web.limits import BODY_LIMIT
from trapoula.web.table import ServiceError

__all__ = ["_address", "_body", "_error"]


def _error(status: int, code: str, message: str) -> JSONResponse:
    return JSONResponse({"error": code, "message": message}, status_code=status)


async def _read(request: Request) -> bytes:
    raw = b""
    async for chunk in request.stream():
        raw += chunk
        if len(raw) > BODY_LIMIT:
            raise ServiceError(413, "too_large", f"a request body has at most {BODY_LIMIT} bytes")
    return raw


async def _body(request: Request, timeout: float = 10.0) -> Any:
    size = request.headers.get("content-length")
    if size is not None and size.isdigit() and int(size) > BODY_LIMIT:
        raise ServiceError(413, "too_large", f"a request body has at most {BODY_LIMIT} bytes")
    try:
        raw = await asyncio.wait_for(_read(request), timeout)
    except TimeoutError:
        raise ServiceError(408, "timeout", f"the body did not arrive within {timeout:g} s"
                           ) from None
    except ClientDisconnect:  # the client went away before its body was complete
        client_fault("cut_short", _address(request), "a request body was cut short")
        raise ServiceError(400, "bad_request", "the body was cut short") from None
    try:
        return json.loads(raw or b"{}")
    except (ValueError, RecursionError):
        raise ServiceError(400, "bad_request", "the body is not JSON") from None


def _address(conn: HTTPConnection) -> str | None:
    """What the per-address limits count the client by (web/guard.py, ``client_key``)."""
    if conn.client is None:
        return None
    return client_key(conn.client.host, conn.app.state.ipv6_prefix)
