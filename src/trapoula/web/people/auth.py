"""Who is signed in: session cookies and :func:`account_of`.

Signing in makes a random token (256 bits, :func:`new_token`) that goes to the browser in a
cookie and nowhere else; the database keeps only its SHA-256 (a :class:`Session` row, which
ends :data:`SESSION_DAYS` days later or at sign-out).  The cookie is ``HttpOnly`` (no script
reads it), ``SameSite=Lax`` (no other site's request carries it but a top-level link), ``Path=/``,
and:

- over **https** (the page's own scheme, or the proxy's ``X-Forwarded-Proto`` with
  ``--proxy-headers``) it is ``Secure`` and named ``__Host-trapoula_session`` (a browser
  accepts that name only from a secure page of this exact host: no neighbour on the network
  can plant it); only that name counts over https;
- over plain **http** (``trapoula serve`` on localhost or a LAN, no TLS) it is not ``Secure``,
  since a browser would not keep a secure cookie from an http page and nobody could sign in,
  and is named ``trapoula_session``.  Anyone who can watch the network can then read it, as
  he can read the password typed: serve the room over https (a proxy with TLS) beyond a
  trusted LAN.

:func:`account_of` (``await account_of(request_or_websocket)``) is the signed-in account of a
request or a WebSocket handshake, or None: no cookie, an unknown or expired session, or an
account that may not play now (suspended until a time not yet past, banned, deleted:
:func:`may_sign_in`).  State-changing requests are guarded against other sites by
web/guard.py (``Origin``, ``Sec-Fetch-Site`` and a JSON body, which no other site's page can
send without this server's consent), besides ``SameSite``.
"""

from __future__ import annotations

import hashlib
import secrets
import time
from typing import TYPE_CHECKING, Any

from trapoula.web.people.rows import Account, People, Session
from trapoula.web.people.store import people_of

if TYPE_CHECKING:
    from starlette.requests import HTTPConnection
    from starlette.responses import Response

__all__ = ["COOKIE", "SECURE_COOKIE", "SESSION_DAYS", "account_of", "clear_cookie",
           "cookie_name", "is_https", "may_sign_in", "new_session", "new_token",
           "people_for", "seat_account", "session_of", "set_cookie", "token_hash"]

COOKIE = "trapoula_session"  # over plain http
SECURE_COOKIE = "__Host-trapoula_session"  # over https
SESSION_DAYS = 30


def new_token() -> str:
    """A session's secret (the cookie's value)."""
    return secrets.token_urlsafe(32)


def token_hash(token: str) -> str:
    """What the database keeps of a session's token.

    >>> len(token_hash("x")), token_hash("x") == token_hash("x")
    (64, True)
    """
    return hashlib.sha256(b"session:" + token.encode("utf-8", "replace")).hexdigest()


def is_https(conn: HTTPConnection) -> bool:
    """Whether the page was served over TLS (directly or, with ``--proxy-headers``, by the
    proxy: uvicorn then sets the scheme from ``X-Forwarded-Proto``)."""
    return conn.url.scheme in ("https", "wss")


def cookie_name(conn: HTTPConnection) -> str:
    return SECURE_COOKIE if is_https(conn) else COOKIE


def set_cookie(response: Response, conn: HTTPConnection, token: str,
               max_age: float = SESSION_DAYS * 86400) -> None:
    """Give the browser its session cookie (the flags of the module docstring)."""
    response.set_cookie(cookie_name(conn), token, max_age=int(max_age), path="/",
                        httponly=True, samesite="lax", secure=is_https(conn))


def clear_cookie(response: Response, conn: HTTPConnection) -> None:
    response.delete_cookie(cookie_name(conn), path="/", httponly=True, samesite="lax",
                           secure=is_https(conn))


def may_sign_in(account: Account, now: float | None = None) -> str | None:
    """None when ``account`` may sign in and play now, else why not (for the player).

    >>> a = Account("a", "Eleni", None, 0.0)
    >>> may_sign_in(a) is None
    True
    >>> from dataclasses import replace
    >>> may_sign_in(replace(a, status="suspended", status_until=100.0), now=50.0)
    'this account is suspended for 50 s more'
    >>> may_sign_in(replace(a, status="suspended", status_until=100.0), now=150.0) is None
    True
    >>> may_sign_in(replace(a, status="banned"))
    'this account is banned'
    """
    if account.status == "active":
        return None
    if account.status == "suspended":
        now = time.time() if now is None else now
        if account.status_until is not None and account.status_until <= now:
            return None  # the suspension is over
        if account.status_until is None:
            return "this account is suspended until a moderator lifts it"
        left = account.status_until - now
        return ("this account is suspended for " +
                (f"{left:.0f} s" if left < 3600 else f"{left / 3600:.1f} hours") + " more")
    if account.status == "banned":
        return "this account is banned"
    return "this account was deleted"


def people_for(conn: HTTPConnection) -> People:
    """The players' home of the app serving ``conn`` (``app.state.service``'s store)."""
    state = conn.app.state
    people: People | None = getattr(state, "people", None)
    if people is None:
        people = state.people = people_of(state.service.store)
    return people


async def _call(conn: HTTPConnection, what: str, fn: Any, *args: Any) -> Any:
    """A store call through the service's worker threads (503 when the database fails)."""
    return await conn.app.state.service._db_try(what, fn, *args)


async def session_of(conn: HTTPConnection) -> tuple[Session, Account] | None:
    """The session of ``conn``'s cookie and its account, when both count (see
    :func:`account_of`)."""
    token = conn.cookies.get(cookie_name(conn))
    if not token or len(token) > 200:
        return None
    people = people_for(conn)
    session = await _call(conn, "reading a session", people.get_session, token_hash(token))
    if session is None or session.expires <= time.time():
        return None
    account = await _call(conn, "reading an account", people.get_account, session.account_id)
    if account is None or may_sign_in(account) is not None:
        return None
    return session, account


async def account_of(conn: HTTPConnection) -> Account | None:
    """The signed-in account of a request or a WebSocket (its session cookie), or None: a
    guest, an expired or signed-out session, or an account suspended, banned or deleted."""
    found = await session_of(conn)
    return None if found is None else found[1]


async def seat_account(service: Any, account_id: str | None) -> Account | None:
    """The account that held a seat, when it may still play (a rematch gives the new seat to
    the same account; a suspended, banned or deleted one plays it as a guest)."""
    if account_id is None:
        return None
    people: People = people_of(service.store)
    account: Account | None = await service._db_try("reading an account", people.get_account,
                                                     account_id)
    return account if account is not None and may_sign_in(account) is None else None


async def new_session(conn: HTTPConnection, account: Account) -> str:
    """Store a new session of ``account``; its token (for :func:`set_cookie`)."""
    token = new_token()
    now = time.time()
    await _call(conn, "signing in", people_for(conn).add_session,
                Session(token_hash(token), account.account_id, now, now + SESSION_DAYS * 86400))
    return token
