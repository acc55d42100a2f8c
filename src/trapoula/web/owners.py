"""Which process runs a table when several share one database (a part of :class:`TableService`).

One process (SQLite, or no ``--redis-url``) runs every table it holds.  With several processes
(PostgreSQL and Redis) each table has an **owner**: the process holding its lease in the
database (web/leases.py).  Only the owner runs the table's turn clocks and its bots, times a
seat out and applies ``autoplay``/``takeback`` (another process forwards them over the bus and
passes the owner's refusal back); any process stores a person's move (``(table_id, seq)`` is
unique: of two racing moves one wins).  Every ``lease_ttl / 3`` seconds each process:

- renews the leases of the tables it holds in memory and takes those that ran out (its owner
  died, or was cut off from the database): the new owner reads the log and the seats' clock
  states from the store and starts the clock and the bots;
- loads the unfinished tables that nobody holds (a bots-only table whose owner was killed);
- reads the last seq of every table it holds, and does so every half second while the bus is
  down (Redis stopped): moves made on other processes are found in the store, so no table waits
  for the bus.

Every hand-over is one line in the log: ``table X: owner now P (was Q, lease expired 2.1 s
ago)``.  A clean stop lets its leases go, so others take its tables at once.
"""

# The methods take ``self: TableService`` (the class they are mixed into), which mypy calls an
# "erased type" error (misc) of a mixin; the bodies are checked against TableService all the same.
# mypy: disable-error-code="misc"

from __future__ import annotations

import asyncio
import logging
import time
from typing import TYPE_CHECKING, Any

from trapoula.web.protocol import ProtocolError, error_message
from trapoula.web.table import Table

if TYPE_CHECKING:
    from trapoula.web.service import TableService

__all__ = ["ORPHANS", "OwnersMixin"]

log = logging.getLogger("trapoula.web")
ORPHANS = 500  # tables without a live lease loaded per round
POLL_EVERY = 0.5  # seconds between reads of the log while the bus is down
ASK_PATIENCE = 5.0  # seconds a forwarded seat command waits for the owner before saying so


class OwnersMixin:
    """Leases, hand-overs and the store poll of :class:`~.service.TableService`."""

    def _owns(self: TableService, table: Table) -> bool:
        """This process runs the table's clocks, bots and seat commands."""
        return self.lease_ttl is None or table.owner == self.origin

    def _owner_is(self: TableService, table: Table, claimed: tuple[str, str | None,
                  float | None], now: float) -> None:
        """What a lease round found: log a hand-over; the new owner takes the table up."""
        owner, was, until = claimed
        before = table.owner
        table.owner = owner
        if owner == before:
            return
        prev = before or was
        if owner == self.origin:
            if prev is not None and prev != self.origin:
                why = ("released" if not until else f"lease expired {now - until:.1f} s ago"
                       if until < now else "lease taken")
                log.warning("table %s: owner now %s (was %s, %s)", table.table_id, owner, prev,
                            why)
            self._spawn(self._take_over(table))
        elif before == self.origin:
            log.warning("table %s: owner now %s (was %s: this process lost its lease)",
                        table.table_id, owner, before)

    async def _claim_one(self: TableService, table: Table) -> None:
        """A table just loaded: its lease (taken when nobody holds it)."""
        if self.lease_ttl is None:
            return
        now = time.time()
        try:
            got = await self._db(self.leases.claim, self.origin, [table.table_id], now,
                                 now + self.lease_ttl)
        except Exception as exc:
            self._db_failed(exc, "taking a table's lease")
            return
        if table.table_id in got:
            self._owner_is(table, got[table.table_id], now)

    async def _take_over(self: TableService, table: Table) -> None:
        """This process owns the table now: the log and the seats' clocks from the store,
        then its clock and its bots."""
        async with table.lock:
            if self.tables.get(table.table_id) is not table or not self._owns(table):
                return
            try:
                await self._catch_up(table)
            except Exception as exc:
                self._db_failed(exc, "reading a table's moves")
            await self._refresh_row(table, clocks=True)
            self._arm_clock(table)
            if table.turn is not None and table.clock_handle is None:
                # a turn this process followed: its clock goes on where it is
                loop = asyncio.get_running_loop()
                table.clock_handle = loop.call_at(table.deadline, self._ring, table)
            self._broadcast(table)
        self._kick_bots(table)

    async def _lease_round(self: TableService) -> int:
        """Renew, take over, load orphans, catch up (see the module docstring); the number
        of tables loaded."""
        assert self.lease_ttl is not None
        now = time.time()
        held = [t for t in self.tables.values() if not t.state.is_over]
        ids = [t.table_id for t in held]
        try:
            got = (await self._db(self.leases.claim, self.origin, ids, now, now + self.lease_ttl)
                   if ids else {})
            skip = frozenset(self.tables) | frozenset(self.unloadable)
            orphans = await self._db(self.leases.orphans, now, ORPHANS, skip)
        except Exception as exc:
            self._db_failed(exc, "renewing the tables' leases")
            return 0
        self._db_ok()
        for table_id, claimed in got.items():
            table = self.tables.get(table_id)
            if table is not None:
                self._owner_is(table, claimed, now)
        loaded = 0
        for table_id in orphans:
            try:
                await self._get(table_id)  # loading takes the lease (web/service.py)
                loaded += 1
            except Exception:  # its log does not replay: said once, not tried again
                log.exception("cannot resume table %s", table_id)
                self.unloadable.add(table_id)
        if not getattr(self.bus, "healthy", True):
            for table in held:  # seats' news do not come either: read them
                auto = set(table.auto)
                await self._refresh_row(table)
                if table.auto != auto:
                    async with table.lock:
                        self._arm_clock(table)
                        self._broadcast(table)
                    self._kick_bots(table)
        await self._poll_store()
        return loaded

    async def _poll_store(self: TableService) -> None:
        """Tables whose log went further than this process knows (the bus lost the news)."""
        ids = [t.table_id for t in self.tables.values() if not t.state.is_over]
        if not ids:
            return
        try:
            latest = await self._db(self.leases.latest, ids)
        except Exception as exc:
            self._db_failed(exc, "reading the tables' last moves")
            return
        for table_id, seq in latest.items():
            table = self.tables.get(table_id)
            if table is None or seq <= table.seq:
                continue
            async with table.lock:
                before = table.seq
                try:
                    acts = await self._catch_up(table)
                except Exception as exc:
                    self._db_failed(exc, "reading a table's moves")
                    continue
                if self._owns(table):  # only this process's bots play auto seats: a move of
                    for _, seat, _ in acts:  # one made elsewhere is its person's
                        if seat in table.auto:
                            self._forget_auto(table, seat)
                if table.seq != before:
                    self._arm_clock(table)
                    self._broadcast(table)
            self._kick_bots(table)

    def _start_leases(self: TableService) -> None:
        assert self.lease_ttl is not None
        every = self.lease_ttl / 3

        async def rounds() -> None:
            while not self._closing:
                await asyncio.sleep(every)
                await self._lease_round()

        async def polls() -> None:
            down = False
            while not self._closing:
                await asyncio.sleep(POLL_EVERY)
                healthy = getattr(self.bus, "healthy", True)
                if healthy != (not down):
                    down = not healthy
                    log.warning("the bus is %s; %s", "down" if down else "back",
                                "tables read their moves from the database every "
                                f"{POLL_EVERY:g} s" if down else "tables follow it again")
                if down:
                    await self._poll_store()

        for what, factory in (("the lease round", rounds), ("the store poll", polls)):
            self._spawn(self._forever(what, factory))

    async def _forever(self: TableService, what: str, factory: Any) -> None:
        while not self._closing:
            try:
                await factory()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("%s failed; restarting it", what)
                await asyncio.sleep(1.0)

    async def _release_leases(self: TableService, ids: list[str] | None = None) -> None:
        if self.lease_ttl is None:
            return
        try:
            await self._db(self.leases.release, self.origin, ids)
        except Exception as exc:
            self._db_failed(exc, "letting the tables' leases go")

    # --- seat commands at another process ----------------------------------------------------
    async def _ask_owner(self: TableService, table: Table, seat: str, kind: str) -> None:
        """``autoplay``/``takeback`` at a process that does not own the table: to the owner."""
        if not getattr(self.bus, "healthy", True):
            raise ProtocolError("unavailable", "this table is run by another server process, "
                                "which cannot be reached now; try again in a moment")
        await self.bus.publish(table.table_id, {"table": table.table_id, "ask": kind,
                                                "seat": seat, "origin": self.origin})
        table.asked[seat] = asked = object()
        self._spawn(self._no_answer(table, seat, kind, asked))

    async def _no_answer(self: TableService, table: Table, seat: str, kind: str,
                         asked: object) -> None:
        """The owner neither did it nor refused (it may have just died): say so."""
        await asyncio.sleep(ASK_PATIENCE)
        if table.asked.get(seat) is not asked:
            return  # answered, or asked again
        del table.asked[seat]
        if (seat in table.auto) != (kind == "takeback"):
            return  # done
        text = error_message("unavailable", "the server process that runs this table did not "
                             "answer (it may have just stopped; another takes the table over "
                             "within seconds): try again in a moment")
        for c in tuple(table.conns):
            if c.seat == seat:
                c.push(text)

    async def _owner_message(self: TableService, table: Table, msg: dict[str, Any]) -> None:
        """A seat command another process forwarded (the owner applies it and answers a
        refusal), or such an answer (to this process's sockets of that seat)."""
        seat = str(msg.get("seat"))
        kind = msg.get("ask")
        if kind is not None:
            if (not self._owns(table) or kind not in ("autoplay", "takeback")
                    or table.seat_row(seat) is None):
                return
            try:
                if table.state.is_over:
                    raise ProtocolError("finished", "the game is over")
                await self._seat_command(table, seat, str(kind))
            except ProtocolError as exc:
                await self.bus.publish(table.table_id, {
                    "table": table.table_id, "notice": {"code": exc.code, "message": exc.message},
                    "seat": seat, "origin": self.origin})
            return
        note = msg.get("notice")
        if isinstance(note, dict):
            table.asked.pop(seat, None)
            text = error_message(str(note.get("code")), str(note.get("message")))
            for c in tuple(table.conns):
                if c.seat == seat:
                    c.push(text)
