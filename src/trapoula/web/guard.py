"""Who may change anything: same-origin requests with a JSON body, and one key per client.

- :class:`SameOrigin` (ASGI middleware) refuses a state-changing request (``POST``, ``PUT``,
  ``PATCH``, ``DELETE`` under ``/api/``) that a page of another site could have sent: one
  whose ``Origin`` is not this server's own (or an ``--allowed-origin``) is answered 403
  ``cross_origin``, one whose ``Sec-Fetch-Site`` is not ``same-origin`` too, and one whose body
  is not ``Content-Type: application/json`` 415 ``bad_content_type``.  A browser sends
  ``Origin`` with every such request and cannot send JSON to another origin without asking
  it first (a CORS preflight, which this server never grants), so a foreign page can neither
  post a form nor a ``no-cors`` ``fetch``.  A request with neither ``Origin`` nor
  ``Sec-Fetch-Site`` comes from no browser (curl, scripts, tests) and is let through.
- :func:`origin_allowed` is the same test for the table's WebSocket handshake.
- :func:`client_key` is what the per-address limits count by: an IPv4 address as it is, an
  IPv6 address by its network (``/64`` unless said: one host is usually given a whole /64, so
  its addresses would otherwise count apart), and every loopback address (127.0.0.0/8, ::1:
  this machine) as one.

>>> client_key("2001:db8:1:2:aaaa::1"), client_key("2001:db8:1:2:bbbb::9")
('2001:db8:1:2::/64', '2001:db8:1:2::/64')
>>> client_key("192.0.2.7"), client_key("::ffff:192.0.2.7"), client_key("2001:db8::1", 128)
('192.0.2.7', '192.0.2.7', '2001:db8::1')
>>> {client_key(a) for a in ("127.0.0.1", "127.3.4.5", "::1", "::ffff:127.0.0.2")}
{'loopback'}
>>> origin_allowed("http://127.0.0.1:8000", "127.0.0.1:8000", ())
True
>>> origin_allowed("http://localhost:9000", "127.0.0.1:8000", ())
False
>>> origin_allowed("null", "127.0.0.1:8000", ())
False
>>> h = {"origin": "http://rebound.example:8000", "host": "rebound.example:8000"}
>>> browser_allowed(h, (), "127.0.0.1") is not None, browser_allowed(h, (), "192.0.2.1")
(True, None)
"""

from __future__ import annotations

import functools
import ipaddress
import json
from typing import Any

__all__ = ["SameOrigin", "client_key", "origin_allowed"]

CHANGING = frozenset({"POST", "PUT", "PATCH", "DELETE"})
IPV6_PREFIX = 64


def origin_allowed(origin: str, host: str, allowed: tuple[str, ...]) -> bool:
    """Whether a page of ``origin`` may act on the server reached as ``host`` (its ``Host``
    header): the server's own origin (``http(s)://<host>``) or one of ``allowed``.  ``null``
    (a sandboxed frame, a file) never may."""
    if origin in allowed:
        return True
    return bool(host) and origin in (f"http://{host}", f"https://{host}")


def _loopback(name: str) -> bool:
    """Whether ``name`` (a host, without its port) names this machine's loopback."""
    name = name.strip("[]").lower()
    if name == "localhost" or name.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(name).is_loopback
    except ValueError:
        return False


def _hostname(host: str) -> str:
    """``host`` (a Host header) without its port."""
    if host.startswith("["):
        return host[1:].split("]", 1)[0]
    return host.rsplit(":", 1)[0] if host.count(":") == 1 else host


def browser_allowed(headers: Any, allowed: tuple[str, ...], local: str | None = None
                    ) -> str | None:
    """None when a request may go on, else why not.  ``headers``: Starlette's or a dict of
    lower-case names; ``local``: the address the server was reached on.  A server reached on
    a loopback address takes browsers' requests only for a loopback name (``localhost``,
    ``127.0.0.1``, ``[::1]``) or the host of an ``allowed`` origin: a foreign name that
    resolves to 127.0.0.1 (DNS rebinding) is the attacker's origin, not ours."""
    origin = headers.get("origin")
    site = headers.get("sec-fetch-site")
    if origin is None and site is None:
        return None  # no browser
    host = headers.get("host", "")
    if origin is not None and not origin_allowed(origin, host, allowed):
        return f"requests from pages of {origin[:100]} are not accepted here"
    if local is not None and _loopback(local) and not _loopback(_hostname(host)) and not any(
            a.split("://", 1)[-1] == host for a in allowed):
        return (f"this server, on a loopback address, answers browsers only for loopback names, "
                f"not {host[:100]!r} (its operator may add it with --allowed-origin)")
    if site is not None and site not in ("same-origin", "none"):
        return f"requests from {site[:20]} pages are not accepted here"
    return None


@functools.lru_cache(maxsize=4096)
def client_key(host: str, ipv6_prefix: int = IPV6_PREFIX) -> str:
    """The key a client address is counted by (see the module docstring); anything that is
    not an IP address (a test client's name) is its own key."""
    try:
        ip = ipaddress.ip_address(host)
    except ValueError:
        return host
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    if ip.is_loopback:  # 127.0.0.0/8 and ::1 are all this machine: one client
        return "loopback"
    if isinstance(ip, ipaddress.IPv6Address):
        if ipv6_prefix >= 128:
            return str(ip)
        return str(ipaddress.IPv6Network((ip, ipv6_prefix), strict=False))
    return str(ip)


def _json_type(value: str | None) -> bool:
    if value is None:
        return False
    media = value.split(";", 1)[0].strip().lower()
    return media == "application/json"


class SameOrigin:
    """ASGI middleware: the checks of the module docstring on every state-changing request
    under ``/api/``."""

    def __init__(self, app: Any, allowed_origins: tuple[str, ...] = ()) -> None:
        self.app = app
        self.allowed = tuple(allowed_origins)

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if (scope["type"] != "http" or scope.get("method") not in CHANGING
                or not scope.get("path", "").startswith("/api/")):
            await self.app(scope, receive, send)
            return
        headers = {k.decode("latin-1").lower(): v.decode("latin-1")
                   for k, v in scope.get("headers", [])}
        server = scope.get("server")
        refused = browser_allowed(headers, self.allowed, server[0] if server else None)
        if refused is not None:
            await _answer(send, 403, "cross_origin",
                          refused + "; only this server's own pages may change anything")
            return
        if not _json_type(headers.get("content-type")):
            await _answer(send, 415, "bad_content_type",
                          "send the body as JSON, with Content-Type: application/json")
            return
        await self.app(scope, receive, send)


async def _answer(send: Any, status: int, code: str, message: str) -> None:
    body = json.dumps({"error": code, "message": message}).encode()
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"),
                            (b"content-length", str(len(body)).encode()),
                            (b"connection", b"close")]})
    await send({"type": "http.response.body", "body": body})
