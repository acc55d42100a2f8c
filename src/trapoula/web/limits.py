"""Limits on what clients send: sizes, rates, names and chat text.

The server never builds HTML from user text: names and chat are stored and sent as plain
text in JSON, and the page puts them on screen with ``textContent``.  Validation here only
rejects what no honest client sends (control characters, empty or overlong text).

>>> clean_name("  Alice  "), clean_name("<b>x</b>")
('Alice', '<b>x</b>')
>>> clean_name("a\\x00b")
Traceback (most recent call last):
...
trapoula.web.limits.LimitError: a name may not contain control characters
>>> b = TokenBucket(rate=20, burst=2, now=0.0)
>>> b.take(0.0), b.take(0.0), b.take(0.0), b.take(0.1)
(True, True, False, True)
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass

__all__ = [
    "BODY_LIMIT", "BURST", "CHAT_MAX", "FLOOD_DISCONNECT", "LimitError", "Limits",
    "LIMIT_HELP", "MESSAGE_LIMIT", "NAME_MAX", "RATE", "TokenBucket", "clean_chat", "clean_name",
    "option_maximum",
]

MESSAGE_LIMIT = 4096  # bytes of one WebSocket text frame
BODY_LIMIT = 16 * 1024  # bytes of an HTTP request body
RATE = 20.0  # messages per second per connection
BURST = 40
FLOOD_DISCONNECT = 100  # messages dropped in a row before the connection is closed (1008)
NAME_MAX = 24
CHAT_MAX = 300


@dataclass(frozen=True)
class Limits:
    """Every limit of the server, with its default (docs/web.md, "Limits"; ``trapoula serve``
    has a flag for each).  Per client address unless said otherwise; 0 turns a count limit off.
    """

    send_queue: int = 64  # messages waiting for one socket before it is dropped (1013)
    send_timeout: float = 10.0  # seconds one message may take to go out before the drop
    tables_per_minute: int = 10  # tables created (a burst of that many, then that rate)
    joins_per_minute: int = 30  # seats taken by joining
    seats_per_address: int = 8  # human seats held at unfinished tables
    conns_per_address: int = 64  # open WebSockets
    conns_per_token: int = 4  # open WebSockets of one seat's token
    conns_per_table: int = 200  # open WebSockets of one table (players and spectators)
    chat_per_minute: int = 30  # chat messages of one connection (burst: a third of it)
    chat_rows: int = 1000  # chat messages kept per table; beyond, chat there is refused
    open_tables: int = 2000  # tables waiting for players, over every address
    header_timeout: float = 10.0  # seconds to send a request's headers (slowloris)
    body_timeout: float = 10.0  # seconds to send a request's body
    open_ttl: float = 1800.0  # seconds an open table nobody joins waits before it expires
    idle_ttl: float = 900.0  # seconds a running table with no person connected is kept
    reveal_seconds: float = 30.0  # seconds the seats have to send their values for the seed
    signins_per_minute: int = 10  # sign-ins, registrations, password checks (web/people)
    signin_failures: int = 5  # failed sign-ins of one account, then one a minute
    accounts_per_hour: int = 5  # accounts registered
    account_calls_per_minute: int = 240  # other requests of the account API


LIMIT_HELP = {
    "send_queue": "messages waiting for one socket before it is dropped",
    "send_timeout": "seconds one message may take to go out before the socket is dropped",
    "tables_per_minute": "tables one address may create a minute",
    "joins_per_minute": "seats one address may join a minute",
    "seats_per_address": "human seats one address may hold at unfinished tables",
    "conns_per_address": "open WebSockets of one address",
    "conns_per_token": "open WebSockets of one seat's token",
    "conns_per_table": "open WebSockets of one table",
    "chat_per_minute": "chat messages one connection may send a minute",
    "chat_rows": "chat messages kept per table",
    "open_tables": "tables waiting for players, over every address",
    "header_timeout": "seconds a client has to send a request's headers",
    "body_timeout": "seconds a client has to send a request's body",
    "open_ttl": "seconds an open table nobody joins waits before it expires",
    "idle_ttl": "seconds a table nobody is connected to is kept before it is abandoned",
    "reveal_seconds": "seconds the seats have to send their values for the seed once every "
                      "commitment is shown (a value not sent by then is withheld)",
    "signins_per_minute": "sign-ins, registrations and password checks one address may try a "
                          "minute",
    "signin_failures": "failed sign-ins of one account (from any address) before each further "
                       "try waits a minute",
    "accounts_per_hour": "accounts one address may register an hour",
    "account_calls_per_minute": "other requests to the account API one address may make a "
                                "minute",
}


def option_maximum(default: int, maximum: int | None) -> int:
    """The largest value a table accepts for an integer rule option: the option's own maximum,
    else ``max(100, 5 * its preset default)`` (a ``target`` of 10**9 would play forever).

    >>> option_maximum(1000, None), option_maximum(0, None), option_maximum(2, 8)
    (5000, 100, 8)
    """
    if maximum is not None:
        return maximum
    return max(100, 5 * default)


class LimitError(ValueError):
    """User input outside the limits; the message says what is allowed."""


class TokenBucket:
    """``rate`` tokens per second up to ``burst``; one message costs one token."""

    __slots__ = ("rate", "burst", "tokens", "last")

    def __init__(self, rate: float = RATE, burst: int = BURST, now: float = 0.0) -> None:
        self.rate = rate
        self.burst = float(burst)
        self.tokens = float(burst)
        self.last = now

    def take(self, now: float) -> bool:
        tokens = min(self.burst, self.tokens + (now - self.last) * self.rate)
        self.last = now
        if tokens >= 1.0:
            self.tokens = tokens - 1.0
            return True
        self.tokens = tokens
        return False


_JOINERS = frozenset("\u200c\u200d")  # kept: emoji sequences and some scripts need them


def _has_control(text: str) -> bool:
    return any(
        unicodedata.category(ch) in ("Cc", "Cf", "Cs", "Co", "Cn") and ch not in _JOINERS
        for ch in text
    )


def clean_name(name: object) -> str:
    """A player's name: 1-24 characters after trimming, no control characters."""
    if not isinstance(name, str):
        raise LimitError("a name is text of 1 to 24 characters")
    name = name.strip()
    if not 1 <= len(name) <= NAME_MAX:
        raise LimitError(f"a name has 1 to {NAME_MAX} characters after trimming, not {len(name)}")
    if _has_control(name):
        raise LimitError("a name may not contain control characters")
    return name


def clean_chat(text: object) -> str:
    """A chat message: 1-300 characters after trimming; line breaks and tabs become spaces."""
    if not isinstance(text, str):
        raise LimitError(f"chat text is a string of 1 to {CHAT_MAX} characters")
    text = " ".join(text.replace("\t", " ").splitlines()).strip()
    if not 1 <= len(text) <= CHAT_MAX:
        raise LimitError(f"chat text has 1 to {CHAT_MAX} characters, not {len(text)}")
    if _has_control(text):
        raise LimitError("chat text may not contain control characters")
    return text
