"""Client sockets of a table: connecting, client frames, chat, presence (a part of
:class:`TableService`).

``connect`` registers a socket for a seat (by its token) or a spectator, within the limits per
table and per token; ``handle`` reads one client frame (rate-limited; a flood is disconnected)
and answers it; nothing here awaits a socket (messages go to the connection's outbox,
:mod:`.conn`).
"""

# The methods take ``self: TableService`` (the class they are mixed into), which mypy calls an
# "erased type" error (misc) of a mixin; the bodies are checked against TableService all the same.
# mypy: disable-error-code="misc"

from __future__ import annotations

import contextlib
import time
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

from trapoula.web.conn import Connection
from trapoula.web.limits import FLOOD_DISCONNECT, LimitError, clean_chat, clean_name
from trapoula.web.people.hub import hub_of, shown_to
from trapoula.web.protocol import (
    PONG,
    ProtocolError,
    chat_history_message,
    chat_line,
    chat_message,
    error_message,
    presence_message,
    read_message,
)
from trapoula.web.quota import QuotaError
from trapoula.web.table import ServiceError, Table, hash_token

if TYPE_CHECKING:
    from trapoula.web.service import TableService

__all__ = ["SocketsMixin"]


class SocketsMixin:
    """Sockets, frames and chat of :class:`~.service.TableService`."""

    async def connect(
        self: TableService,
        table_id: str,
        token: str | None,
        send: Callable[[str], Awaitable[None]],
        close: Callable[[int], Awaitable[None]],
        address: str | None = None,
        deltas: bool = False,
        spectator_name: str | None = None,
        account_id: str | None = None,
    ) -> Connection:
        """Register a socket: the token's seat, or a spectator without a token; ``deltas``: the
        client takes ``delta`` messages after the first full ``state`` (web/delta.py);
        ``spectator_name``: the name a spectator chose (its chat lines carry it; a name the
        limits refuse is dropped, and the line says "spectator"); ``account_id``: the signed-in
        account of a spectator (a seat's socket has its seat's account)."""
        table = await self._get(table_id)
        seat = None
        name = ""
        if spectator_name:
            with contextlib.suppress(LimitError):
                name = clean_name(spectator_name)
        if token:
            h = hash_token(token)
            found = [s for s in table.row.seats if s.token_hash == h]
            if not found:
                await self._refresh_row(table)
                found = [s for s in table.row.seats if s.token_hash == h]
            if not found:
                raise ServiceError(403, "bad_token", "this token holds no seat at this table")
            seat, name = found[0].seat, found[0].name
            account_id = found[0].account_id
        lim = self.limits
        if lim.conns_per_table and len(table.conns) >= lim.conns_per_table:
            raise ServiceError(429, "too_many", f"this table has {lim.conns_per_table} "
                               "connections, the most it takes; try again later")
        if seat is not None and lim.conns_per_token:
            mine = sum(1 for c in table.conns if c.seat == seat)
            if mine >= lim.conns_per_token:
                raise ServiceError(429, "too_many", f"seat {seat} has {mine} open connections, "
                                   "the most it may have; close one")
        try:
            self.quotas.open_socket(address)
        except QuotaError as exc:
            raise ServiceError(429, "too_many", str(exc)) from None
        conn = Connection(table_id, seat, send, close, name, address=address,
                          max_queue=lim.send_queue, send_timeout=lim.send_timeout,
                          chat_per_minute=lim.chat_per_minute, deltas=deltas)
        conn.on_drop = self._forget
        conn.account_id = account_id
        if account_id is not None:  # the chat it hides (mutes, blocks) and presence
            await hub_of(self).connected(conn)
        first = seat is not None and not any(c.seat == seat for c in table.conns)
        table.conns.add(conn)
        try:
            rows = await self._db(self.store.chat, table_id, 100)
        except Exception as exc:  # the table still plays; the chat comes back later
            self._db_failed(exc, "reading the chat", write=False)
            rows = []
        conn.push(chat_history_message(
            [chat_line(r.seat, r.name, r.text, r.ts, r.account_id) for r in rows
             if shown_to(conn, r.account_id)]
        ))
        conn.push(table.state_text(seat, deltas=deltas), state=True)
        if first:  # the others see the seat connected: one small message, not a state each
            self._presence(table, exclude=conn)
        return conn

    def _presence(self: TableService, table: Table, exclude: Connection | None = None) -> None:
        connected = sorted({c.seat for c in table.conns if c.seat is not None})
        msg = presence_message(connected)
        for c in tuple(table.conns):
            if c is not exclude:
                c.push(msg)

    def _forget(self: TableService, conn: Connection) -> None:
        """A connection is gone (dropped or closed): the table forgets it."""
        table = self.tables.get(conn.table_id)
        if table is None or conn not in table.conns:
            return
        table.conns.discard(conn)
        self.quotas.close_socket(conn.address)
        if conn.seat is not None and not any(c.seat == conn.seat for c in table.conns):
            if not self._closing:
                self._presence(table)
        if not any(c.seat is not None for c in table.conns):
            table.idle_since = time.monotonic()
        self._evict_if_idle(table)

    async def disconnect(self: TableService, conn: Connection) -> None:
        conn.stop()
        self._forget(conn)

    async def handle(self: TableService, conn: Connection, text: Any) -> None:
        """One client frame: rate-limited, checked, answered; bad input changes nothing."""
        if conn.closed:
            return
        if not conn.bucket.take(time.monotonic()):
            conn.dropped += 1
            if conn.dropped >= FLOOD_DISCONNECT:
                conn.push(error_message("rate_limited", "too many messages: bye"))
                await conn.flush()
                conn.closed = True
                await conn.close(1008)
                return
            conn.push(error_message(
                "rate_limited", "at most 20 messages a second; this one was dropped"))
            return
        conn.dropped = 0
        try:
            msg = read_message(text)
            kind = msg["type"]
            if kind == "ping":
                conn.push(PONG)
            elif kind == "resync":  # a delta client lost its place: a full state, deltas after
                table = await self._get(conn.table_id)
                conn.holds = None
                conn.push(table.state_text(conn.seat, deltas=conn.deltas), state=True)
            elif kind == "chat":
                await self._chat(conn, msg["text"])
            elif kind == "act":
                await self._act(conn, msg["action"], msg["seq"])
            elif kind == "reveal":
                if conn.seat is None:
                    raise ProtocolError("spectator", "spectators contribute no value")
                await self._reveal(await self._get(conn.table_id), conn.seat, msg["value"])
            else:
                await self._seat_message(conn, msg)
        except ProtocolError as exc:
            conn.push(error_message(exc.code, exc.message))

    async def _chat(self: TableService, conn: Connection, text: str) -> None:
        try:
            text = clean_chat(text)
        except LimitError as exc:
            raise ProtocolError("bad_message", str(exc)) from None
        if not conn.chat_bucket.take(time.monotonic()):
            raise ProtocolError("too_many", f"at most {self.limits.chat_per_minute} chat "
                                "messages a minute; this one was not sent")
        table = await self._get(conn.table_id)
        try:
            if table.chat_rows is None:
                table.chat_rows = len(await self._db(self.store.chat, conn.table_id,
                                                     self.limits.chat_rows + 1))
            if self.limits.chat_rows and table.chat_rows >= self.limits.chat_rows:
                raise ProtocolError("too_many", f"this table's chat is full "
                                    f"({self.limits.chat_rows} messages)")
            name = conn.name or "spectator"
            row = await self._db(self.store.add_chat, conn.table_id, conn.seat, name, text,
                                 conn.account_id)
        except ProtocolError:
            raise
        except Exception as exc:
            self._db_failed(exc, "storing a chat message")
            raise ProtocolError("unavailable", "the database is not answering; the message "
                                "was not sent: try again in a moment") from None
        self._db_ok()
        table.chat_rows += 1
        msg = chat_message(row.seat, row.name, row.text, row.ts, row.account_id)
        for c in tuple(table.conns):
            if shown_to(c, row.account_id):  # not to those who muted or blocked him
                c.push(msg)
        await self.bus.publish(conn.table_id, {"table": conn.table_id, "chat": msg,
                                               "author": row.account_id, "origin": self.origin})

