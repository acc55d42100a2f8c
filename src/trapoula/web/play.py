"""Moves: checked, committed to the log, then applied and sent (a part of :class:`TableService`).

An action is checked by the engine under the table's lock, appended to the log
(:class:`~trapoula.web.group_commit.GroupCommit`: ``(table_id, seq)`` unique), and only then
applied in memory, broadcast to the table's sockets (queued, never awaited) and published on the
bus for other processes.  A failing database is retried (a person's move for ``db_patience``
seconds, a bot's until it answers); only a seq taken by another move is ``stale``.
"""

# The methods take ``self: TableService`` (the class they are mixed into), which mypy calls an
# "erased type" error (misc) of a mixin; the bodies are checked against TableService all the same.
# mypy: disable-error-code="misc"

from __future__ import annotations

import asyncio
import time
from functools import partial
from typing import TYPE_CHECKING

from trapoula.core.state import GameState
from trapoula.errors import IllegalActionError, NotYourTurnError, ParseError
from trapoula.web.conn import Connection
from trapoula.web.people.hub import shown_to
from trapoula.web.people.settle import settle_later
from trapoula.web.protocol import ProtocolError
from trapoula.web.table import Table, apply_as, with_status

if TYPE_CHECKING:
    from trapoula.web.service import TableService

__all__ = ["PlayMixin", "StoreDown"]


class StoreDown(Exception):
    """The database did not answer (an outage, a lock held too long); nothing was stored."""


class PlayMixin:
    """Moves, the log, other processes' news and the broadcast of :class:`.TableService`."""

    async def _act(self: TableService, conn: Connection, text: str, seq: int) -> None:
        table = await self._get(conn.table_id)
        if conn.seat is None:
            raise ProtocolError("spectator", "spectators watch; take a seat to play")
        async with table.lock:
            state = table.state
            if state.is_over:
                raise ProtocolError("finished", "the game is over")
            if table.held:
                raise ProtocolError("waiting", "the deal waits until every seat is taken")
            if seq != table.seq:
                raise ProtocolError(
                    "stale", f"the table is at seq {table.seq}, not {seq}: look again and resend"
                )
            to_act = state.current_player
            if to_act != conn.seat:
                raise ProtocolError(
                    "not_your_turn", f"it is {to_act}'s turn, not {conn.seat}'s"
                )
            try:
                action = state.parse(text)
                new = state.apply(action)
            except ParseError as exc:
                raise ProtocolError("parse", str(exc)) from None
            except NotYourTurnError as exc:
                raise ProtocolError("not_your_turn", str(exc)) from None
            except IllegalActionError as exc:
                raise ProtocolError("illegal", str(exc)) from None
            if conn.seat in table.auto:  # a person who plays has taken the seat back
                self._forget_auto(table, conn.seat)
            if not await self._commit(table, conn.seat, str(action), new,
                                      patience=self.db_patience, person=True):
                raise ProtocolError("stale", f"another move came first; the table is at seq "
                                    f"{table.seq}")
        self._kick_bots(table)

    async def _store(self: TableService, table: Table, seq: int, seat: str, action: str,
                     patience: float | None) -> tuple[bool, bool]:
        """Append to the log, retrying a failing database (``patience`` seconds, None: until
        it answers): (stored, retried); not stored only when ``seq`` is taken — by another
        move, or (after a retry) by this one, whose first write committed but lost its
        answer."""
        t0 = time.monotonic()
        delay = 0.1
        retried = False
        while True:
            try:
                ok = await self._commits.append(table.table_id, seq, seat, action)
            except Exception as exc:
                self._db_failed(exc, f"storing move {seq} of table {table.table_id}")
                if self._closing or (patience is not None
                                     and time.monotonic() - t0 + delay > patience):
                    raise StoreDown(str(exc)) from None
                await asyncio.sleep(delay)
                delay = min(2.0, delay * 2)
                retried = True
                continue
            self._db_ok()
            return ok, retried

    def _forget_auto(self: TableService, table: Table, seat: str) -> None:
        """The seat's person plays again (stored by the table's owner)."""
        table.auto.discard(seat)
        table.auto_why.pop(seat, None)
        table.used.pop(seat, None)
        table.auto_since.pop(seat, None)
        if self._owns(table):
            self._spawn(self._save_clock(table, seat))

    async def _commit(self: TableService, table: Table, seat: str, action: str, new: GameState, *,
                      patience: float | None, person: bool = False) -> bool:
        """Store the action, then advance, broadcast and publish (the caller holds the lock).
        False when another move won the seq; a database that stays down raises
        ``ProtocolError('unavailable')`` (nothing stored)."""
        seq = table.seq + 1
        try:
            ok, retried = await self._store(table, seq, seat, action, patience)
        except StoreDown:
            raise ProtocolError("unavailable", "the database is not answering; the move was "
                                "not stored: send it again in a moment") from None
        if not ok:
            try:
                await self._catch_up(table)  # another process won this seq (or a retry of ours)
            except Exception as exc:
                self._db_failed(exc, "reading a table's moves", write=False)
            self._arm_clock(table)
            self._broadcast(table)
            # a write that failed after its commit, then retried: the move in the log is ours
            # (without a retry the same move from another process won the race: stale)
            return retried and table.seq == seq and table.last == (seat, action)
        table.advance(new, seq, seat, action)
        if new.is_over:
            try:
                await self._db(self.store.set_status, table.table_id, "finished")
            except Exception as exc:  # the log is the truth: a replay finds the game over
                self._db_failed(exc, "marking a table finished")
            table.set_row(with_status(table.row, "finished"))
            settle_later(self, table)  # ratings and history (web/people/settle.py)
            for hook in self.finish_hooks:  # e.g. a tournament takes the result
                self._spawn(hook(table))
        self._turn_done(table, seat)
        self._arm_clock(table)
        self._broadcast(table)
        self._evict_if_idle(table)
        news = {"table": table.table_id, "seq": seq, "seat": seat, "action": action,
                "origin": self.origin}
        if person:
            news["person"] = True  # the owner takes an auto seat's person back
        await self.bus.publish(table.table_id, news)
        return True

    async def _catch_up(self: TableService, table: Table) -> list[tuple[int, str, str]]:
        """The moves other processes stored since this one's seq, applied; those moves."""
        acts = await self._db(self.store.actions, table.table_id, table.seq)
        for seq, seat, action in acts:
            table.advance(apply_as(table.state, seat, action), seq, seat, action)
        if table.state.is_over:
            table.set_row(with_status(table.row, "finished"))
        return acts

    async def _follow(self: TableService, table: Table) -> None:
        """Other processes' news about this table: catch up and tell this process's sockets."""
        async for msg in self.bus.subscribe(table.table_id, origin=self.origin):
            if msg.get("origin") == self.origin:
                continue
            if "chat" in msg:
                author = msg.get("author")
                for c in tuple(table.conns):
                    if shown_to(c, author if isinstance(author, str) else None):
                        c.push(str(msg["chat"]))
                continue
            if "ask" in msg or "notice" in msg:  # seat commands for the owner, its answers
                await self._owner_message(table, msg)
                continue
            async with table.lock:
                seq = msg.get("seq")
                if msg.get("seats") or not isinstance(seq, int):  # also {"resync": True}
                    await self._refresh_row(table)
                if (isinstance(seq, int) and seq == table.seq + 1
                        and isinstance(msg.get("action"), str) and not msg.get("seats")):
                    # the next move, committed by another process: no need to read it back
                    try:
                        self._turn_done(table, str(msg["seat"]))
                        table.advance(apply_as(table.state, str(msg["seat"]), msg["action"]),
                                      seq, str(msg["seat"]), msg["action"])
                        if table.state.is_over:
                            table.set_row(with_status(table.row, "finished"))
                    except Exception:  # the store is the authority
                        await self._catch_up(table)
                elif not isinstance(seq, int) or seq > table.seq:
                    await self._catch_up(table)
                if msg.get("person"):  # people play here through another process
                    table.idle_since = time.monotonic()
                    if msg.get("seat") in table.auto:
                        self._forget_auto(table, str(msg["seat"]))
                self._arm_clock(table)
                self._broadcast(table)
                if table.state.is_over:  # settled once, whichever process tries first
                    settle_later(self, table)
            self._kick_bots(table)  # the owner's bots play on (web/owners.py)

    # --- sending ------------------------------------------------------------------------------
    def _broadcast(self: TableService, table: Table) -> None:
        """Every connection of the table gets the state for its seat (queued, never awaited):
        a ``delta`` from the previous broadcast for a delta client that holds it, else the
        full ``state`` (web/delta.py)."""
        if not table.conns:
            return
        conns = tuple(table.conns)
        parts = table.common_parts()
        common = table.common_text(parts)
        texts: dict[tuple[str | None, bool], str] = {}

        def full(seat: str | None, deltas: bool = False) -> str:
            text = texts.get((seat, deltas))
            if text is None:
                text = texts[seat, deltas] = table.state_text(seat, common, deltas=deltas)
            return text

        deltas = None
        for conn in conns:
            if conn.deltas and not table.pending:  # pending: full states (no seat's own view)
                deltas = table.deltas(parts)
                break
        else:
            table.forget_snapshot()
        for conn in conns:
            seat = conn.seat
            if deltas is not None and conn.deltas:
                held = conn.holds
                conn.holds = (deltas.new.version, seat)
                if held == (deltas.old_version, seat):
                    text = deltas.text(seat)
                    if text is not None:
                        conn.push(text, state=True, full=partial(full, seat, True))
                        continue
                else:
                    deltas.receiver(seat)  # in the snapshot: the next broadcast sends a delta
            conn.push(full(seat, conn.deltas), state=True)
        table.drop_view()
