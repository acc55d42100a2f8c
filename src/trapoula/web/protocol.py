"""The WebSocket protocol: reading client messages and writing server messages (docs/web.md).

Every message is one JSON object with a ``type``.  :func:`read_message` checks a client frame
(size, JSON, type, fields) and raises :class:`ProtocolError` with the error ``code`` to send;
the ``*_message`` functions build the server's messages as compact JSON text.

>>> read_message('{"type": "act", "action": "play 10H", "seq": 3}')
{'type': 'act', 'action': 'play 10H', 'seq': 3}
>>> read_message('{"type": "act", "action": 5}')
Traceback (most recent call last):
...
trapoula.web.protocol.ProtocolError: bad_message: 'act' needs 'action' (text) and 'seq' (a number)
>>> error_message("stale", "the table is at seq 4")
'{"type":"error","code":"stale","message":"the table is at seq 4"}'
"""

from __future__ import annotations

import json
from typing import Any

from trapoula.web.limits import MESSAGE_LIMIT
from trapoula.web.people.phrases import PHRASES, chat_fields, marker
from trapoula.web.serialize import dumps

__all__ = [
    "ERROR_CODES", "ProtocolError", "chat_history_message", "chat_line", "chat_message",
    "error_message",
    "presence_message", "read_message",
]

ERROR_CODES = (
    "bad_message", "too_large", "rate_limited", "parse", "illegal", "not_your_turn", "stale",
    "spectator", "finished", "too_many", "waiting", "unavailable", "not_creator", "seat",
)
CLIENT_TYPES = ("act", "chat", "ping", "leave", "autoplay", "takeback", "seat_bot", "resync",
                "reveal")


class ProtocolError(Exception):
    """A client message the server refuses; ``code`` is one of :data:`ERROR_CODES`."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message


def read_message(text: str | bytes | None) -> dict[str, Any]:
    """The checked client message of one frame."""
    if not isinstance(text, str):
        raise ProtocolError("bad_message", "send text frames holding one JSON object")
    if len(text) > MESSAGE_LIMIT or len(text.encode("utf-8")) > MESSAGE_LIMIT:
        raise ProtocolError("too_large", f"a message has at most {MESSAGE_LIMIT} bytes")
    try:
        msg = json.loads(text)
    except (ValueError, RecursionError):  # RecursionError: nesting deeper than JSON needs
        raise ProtocolError("bad_message", "not JSON: send one JSON object") from None
    if not isinstance(msg, dict):
        raise ProtocolError("bad_message", "send one JSON object with a 'type'")
    kind = msg.get("type")
    if kind not in CLIENT_TYPES:
        raise ProtocolError(
            "bad_message", f"unknown type {kind!r}; types are: {', '.join(CLIENT_TYPES)}"
        )
    if kind == "act":
        action, seq = msg.get("action"), msg.get("seq")
        if (not isinstance(action, str) or isinstance(seq, bool) or not isinstance(seq, int)
                or not 0 <= seq < 1 << 31 or not action.strip() or len(action) > 200):
            raise ProtocolError(
                "bad_message", "'act' needs 'action' (text) and 'seq' (a number)"
            )
        return {"type": "act", "action": action, "seq": seq}
    if kind == "chat":
        if "phrase" in msg:  # quick chat: a phrase id, shown in each reader's language
            if not isinstance(msg["phrase"], str) or msg["phrase"] not in PHRASES:
                raise ProtocolError("bad_message", "'phrase' is one of: " + ", ".join(PHRASES))
            return {"type": "chat", "text": marker(msg["phrase"])}
        if not isinstance(msg.get("text"), str):
            raise ProtocolError("bad_message", "'chat' needs 'text' (1 to 300 characters) "
                                "or 'phrase' (a quick chat phrase's id)")
        return {"type": "chat", "text": msg["text"]}
    if kind == "seat_bot":
        if not isinstance(msg.get("seat"), str) or len(msg["seat"]) > 8:
            raise ProtocolError("bad_message", "'seat_bot' needs 'seat' (an open seat, 'P3')")
        return {"type": "seat_bot", "seat": msg["seat"]}
    if kind == "reveal":
        if not isinstance(msg.get("value"), str) or len(msg["value"]) > 64:
            raise ProtocolError("bad_message", "'reveal' needs 'value' (64 hex digits)")
        return {"type": "reveal", "value": msg["value"]}
    return {"type": kind}


def error_message(code: str, message: str) -> str:
    return dumps({"type": "error", "code": code, "message": message})


def chat_line(seat: str | None, name: str, text: str, ts: float,
              account: str | None = None) -> dict[str, Any]:
    """A chat line as pages get it: a quick chat phrase has its id in ``phrase``
    (web/people/phrases.py); ``account``: the writer's account, when he has one."""
    out: dict[str, Any] = {"seat": seat, "name": name, **chat_fields(text), "ts": ts}
    if account is not None:
        out["account"] = account
    return out


def chat_message(seat: str | None, name: str, text: str, ts: float,
                 account: str | None = None) -> str:
    return dumps({"type": "chat", **chat_line(seat, name, text, ts, account)})


def chat_history_message(rows: list[dict[str, Any]]) -> str:
    return dumps({"type": "chat_history", "messages": rows})


def presence_message(connected: list[str]) -> str:
    """The seats with a connected person (sent when one comes or goes, instead of a state)."""
    return dumps({"type": "presence", "connected": connected})


PONG = '{"type":"pong"}'
