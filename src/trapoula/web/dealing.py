"""The match seed's commit-reveal chain at a table (a part of :class:`TableService`).

A new table without a chosen seed gets a :class:`~trapoula.web.fairseed.Chain`: the server's
committed secret, and the commitment of each person who sends one when creating or joining
(``"commit"``: 64 hex digits).  When the first deal is due (:meth:`_chain_sync`: every human
seat taken at a table that holds the deal; at once at one that does not) the commitments are
fixed and shown; each seat's page sends its value (``{"type": "reveal", "value": hex}``);
when all are in, or ``limits.reveal_seconds`` later with the missing ones withheld, the seed is
fixed and the match dealt from it.  Every step is stored (``Store.set_fair``, compare-and-set
on the stored chain, so two processes never fix two seeds) before it is applied.
"""

# The methods take ``self: TableService`` (the class they are mixed into), which mypy calls an
# "erased type" error (misc) of a mixin; the bodies are checked against TableService all the same.
# mypy: disable-error-code="misc"

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from trapoula.core.game import fresh_seed
from trapoula.web.catalog import default_bot
from trapoula.web.fairseed import Chain, is_hex32
from trapoula.web.protocol import ProtocolError
from trapoula.web.seating import bot_label
from trapoula.web.spec import TableSettings
from trapoula.web.store import SeatRow
from trapoula.web.table import ServiceError, Table, unavailable

if TYPE_CHECKING:
    from trapoula.web.service import TableService

__all__ = ["DealingMixin", "new_chain"]

log = logging.getLogger("trapoula.web")


def check_commit(commit: Any) -> str | None:
    """A request's ``commit`` (None when absent); 400 when it is not 64 hex digits."""
    if commit is None:
        return None
    if not is_hex32(commit):
        raise ServiceError(400, "bad_request", "'commit' is SHA-256 of the seat's 32 random "
                           "bytes: 64 lower-case hex digits")
    return str(commit)


def due(settings: TableSettings, seats: list[SeatRow]) -> bool:
    """The first deal is due: the table does not hold it, or every human seat is taken."""
    return not settings.hold or all(s.taken for s in seats)


def new_chain(settings: TableSettings, seats: list[SeatRow], seat: str | None,
              commit: str | None) -> tuple[dict[str, Any], int]:
    """A new table's chain (the creator's commitment in it) and its seed: the chain's when it
    is fixed at once (nobody committed and the deal is due), else a stand-in until it is."""
    chain = Chain.new()
    if seat is not None and commit is not None:
        chain.commit(seat, commit)
    if due(settings, seats):
        chain.start(time.time())
    return chain.to_json(), chain.seed if chain.seed is not None else fresh_seed()


class DealingMixin:
    """The seed's chain of :class:`~.service.TableService` (see the module docstring)."""

    async def _chain_step(self: TableService, table: Table, step: Callable[[Chain], Any]
                          ) -> Any:
        """Apply ``step`` to the stored chain and store the result (compare-and-set: on a
        conflict the row is read again and the step retried); the step's answer."""
        for _ in range(5):
            old = table.row.fair
            if old is None:
                return None
            chain = Chain.from_json(old)
            out = step(chain)
            new = chain.to_json()
            if new == old:
                return out
            seed = chain.seed if chain.seed is not None else table.row.seed
            try:
                ok = await self._db(self.store.set_fair, table.table_id, old, new, seed)
            except Exception as exc:
                self._db_failed(exc, "storing the seed's chain")
                raise unavailable() from None
            if ok:
                table.set_row(replace(table.row, fair=new, seed=seed))
                self._arm_reveal(table)
                if chain.fixed and old.get("phase") != "fixed":
                    log.info("table %s: the match seed is fixed (%d value(s), withheld: %s)",
                             table.table_id, len(chain.commits), chain.withheld or "none")
                return out
            await self._refresh_row(table)
        raise unavailable()

    async def _chain_sync(self: TableService, table: Table) -> None:
        """After the seats changed: the values of seats given up before the commitments were
        fixed go; when the first deal is due the commitments are fixed (and shown)."""
        if table.pending:
            seats = {s.seat: s for s in table.row.seats}
            starts = due(table.settings, table.row.seats)

            def sync(chain: Chain) -> None:
                for seat in list(chain.commits):
                    row = seats.get(seat)
                    if row is None or row.kind != "human" or row.token_hash is None:
                        chain.drop(seat)
                if starts:
                    chain.start(time.time())

            await self._chain_step(table, sync)

    async def _seeded_and_chain(self: TableService, table: Table) -> None:
        """After the seats changed: a seeded table closed (:meth:`_close_seeded`), the chain
        synced (:meth:`_chain_sync`); a database that fails is retried in the background (the
        seat change itself is stored)."""
        try:
            if await self._close_seeded(table):
                await self._refresh_row(table)
            await self._chain_sync(table)
        except ServiceError:
            self._spawn(self._seeded_and_chain_later(table))

    async def _seeded_and_chain_later(self: TableService, table: Table) -> None:
        while not self._closing and self.tables.get(table.table_id) is table:
            await asyncio.sleep(1.0)
            try:
                await self._refresh_row(table)
                if await self._close_seeded(table):
                    await self._refresh_row(table)
                await self._chain_sync(table)
            except ServiceError:
                continue
            await self._chain_news(table)
            return

    async def _reveal(self: TableService, table: Table, seat: str, value: Any) -> None:
        """A seat's value for the seed (the ``reveal`` message)."""
        async with table.lock:
            try:
                why = await self._chain_step(table, lambda c: c.reveal(seat, value))
            except ServiceError as exc:
                raise ProtocolError("unavailable", exc.message) from None
        if table.chain is None:
            raise ProtocolError("seat", "this table's seed has no chain (a chosen seed, or a "
                                "table older than chains)")
        if why is not None:
            raise ProtocolError("seat", str(why))
        await self._chain_news(table)

    async def _chain_news(self: TableService, table: Table) -> None:
        """Everyone sees the chain's new step; other processes read it; bots play."""
        self._arm_clock(table)
        self._broadcast(table)
        await self.bus.publish(table.table_id, {"table": table.table_id, "seq": table.seq,
                                                "seats": True, "origin": self.origin})
        self._kick_bots(table)

    def _arm_reveal(self: TableService, table: Table) -> None:
        """While the seats' values are awaited: a timer that withholds the missing ones."""
        chain = table.chain
        if chain is None or chain.phase != "reveal" or self._closing:
            return
        if table.reveal_handle is not None:
            return
        delay = max(0.0, chain.since + self.limits.reveal_seconds - time.time())
        loop = asyncio.get_running_loop()
        table.reveal_handle = loop.call_later(delay, self._reveal_due, table)

    def _reveal_due(self: TableService, table: Table) -> None:
        table.reveal_handle = None
        if not self._closing and self.tables.get(table.table_id) is table:
            self._spawn(self._withhold(table))

    async def _withhold(self: TableService, table: Table) -> None:
        async with table.lock:
            chain = table.chain
            if chain is None or chain.phase != "reveal":
                return
            if time.time() < chain.since + self.limits.reveal_seconds - 0.01:
                self._arm_reveal(table)
                return
            try:
                await self._chain_step(table, lambda c: c.time_out())
            except ServiceError:
                await asyncio.sleep(1.0)
                self._arm_reveal(table)
                return
        await self._chain_news(table)

    async def _close_seeded(self: TableService, table: Table) -> bool:
        """A table whose seed its creator chose takes nobody else: a bot takes an open human
        seat for good (the creator left).  Whether a seat changed."""
        if not table.settings.seed_chosen or self.fixed_seeds:
            return False
        changed = False
        bot = table.settings.level or default_bot(table.game.name, table.game.preset)
        for s in table.row.seats:
            if s.kind == "human" and not s.taken:
                label, level = bot_label(bot)
                await self._db_try("closing a seeded table", self.store.put_seat,
                                   table.table_id, SeatRow(s.seat, "bot", label, bot=bot,
                                                           level=level))
                changed = True
        return changed
