"""Seats that come and go, turn clocks, bots and the sweeper (a part of :class:`TableService`).

- **Turn clock.** A table's ``clock`` gives the person to act that many seconds, then their
  time bank; when both have run out the seat is marked *auto* and played by a bot of the
  table's level until its person takes it back (``takeback``, or simply plays).
- **Seats.** ``leave`` gives the seat up (its token no longer holds it; a bot plays it until
  someone joins); ``autoplay`` hands it to the bot (the person may take it back); the creator's
  ``seat_bot`` gives an open seat to a bot for good.  A table that holds the deal plays no move
  while a human seat is open (before its first move).
- **Bots** run in one supervised task per table: a failure is logged and the loop restarted;
  a database that fails is retried until it answers.
- **Sweeper.** Every few seconds: open tables nobody joined expire after ``open_ttl``, tables
  nobody has connected to for ``idle_ttl`` are abandoned, finished tables leave memory.
"""

# The methods take ``self: TableService`` (the class they are mixed into), which mypy calls an
# "erased type" error (misc) of a mixin; the bodies are checked against TableService all the same.
# mypy: disable-error-code="misc"

from __future__ import annotations

import asyncio
import logging
import time
from collections import Counter
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

import anyio.to_thread

from trapoula.bots.base import Bot, make_bot
from trapoula.core.game import Game, derive_seed
from trapoula.errors import ConfigError
from trapoula.web.catalog import LEVELS, default_bot, resolve_bot
from trapoula.web.conn import Connection
from trapoula.web.people.settle import note_leave
from trapoula.web.protocol import ProtocolError, error_message
from trapoula.web.serialize import dumps
from trapoula.web.store import SeatRow
from trapoula.web.table import ServiceError, Table, with_status

if TYPE_CHECKING:
    from trapoula.web.service import TableService

__all__ = ["INLINE_BOT_SECONDS", "SeatingMixin", "parse_seats"]

log = logging.getLogger("trapoula.web")
INLINE_BOT_SECONDS = 0.002  # bots faster than this (on average) skip the worker thread
CLOSE_GONE = 4410  # the table was abandoned


def bot_label(bot: str) -> tuple[str, str | None]:
    level = bot if bot in LEVELS else None
    return (f"{bot} bot" if level is None else f"bot ({level})"), level


def parse_seats(game: Game, spec: Any, n: int) -> tuple[list[SeatRow], str]:
    """The seats of a new table and the table's bot level (the most common of its bots')."""
    names = [f"P{i + 1}" for i in range(n)]
    if spec is None:
        spec = [{"kind": "human"}] + [{"kind": "bot"}] * (n - 1)
    if not isinstance(spec, list) or len(spec) != n:
        raise ServiceError(400, "bad_seats", f"'seats' lists {n} seats ({', '.join(names)})")
    seats: list[SeatRow] = []
    for name, s in zip(names, spec, strict=True):
        kind = s.get("kind") if isinstance(s, dict) else None
        if kind == "human":
            seats.append(SeatRow(name, "human"))
        elif kind == "bot":
            assert isinstance(s, dict)
            try:
                bot = resolve_bot(game.name, s.get("bot"), s.get("level"), game.preset)
            except ConfigError as exc:
                raise ServiceError(400, "bad_seats", str(exc)) from None
            label, level = bot_label(bot)
            seats.append(SeatRow(name, "bot", label, bot=bot, level=level))
        else:
            raise ServiceError(400, "bad_seats", "each seat is {'kind': 'human'} or "
                               "{'kind': 'bot', 'bot': name, 'level': level}")
    bots = Counter(s.bot for s in seats if s.kind == "bot" and s.bot)
    level = bots.most_common(1)[0][0] if bots else default_bot(game.name, game.preset)
    return seats, str(level)


def _timed_choose(bot: Bot, view: Any) -> tuple[Any, float]:
    t0 = time.perf_counter()
    action = bot.choose(view)
    return action, time.perf_counter() - t0


class SeatingMixin:
    """Clocks, seat messages, bots and the sweeper of :class:`~.service.TableService`."""

    # --- supervised tasks ---------------------------------------------------------------------
    def _supervise(self: TableService, factory: Callable[[], Awaitable[None]], what: str,
                   table: Table) -> asyncio.Task[None]:
        """Run ``factory()`` for ``table``; an exception is logged and the work restarted
        (back-off 0.5 s doubling to 10 s) while the table is in memory."""

        async def run() -> None:
            delay = 0.5
            while not self._closing and self.tables.get(table.table_id) is table:
                try:
                    await factory()
                    return
                except asyncio.CancelledError:
                    raise
                except Exception:
                    log.exception("%s failed; restarting it in %.1f s", what, delay)
                    await asyncio.sleep(delay)
                    delay = min(10.0, delay * 2)

        return asyncio.ensure_future(run())

    # --- bots ---------------------------------------------------------------------------------
    def _kick_bots(self: TableService, table: Table) -> None:
        if self._closing or table.state.is_over or table.held or not self._owns(table):
            return
        if table.bot_task is not None and not table.bot_task.done():
            return
        if not table.bot_plays(table.state.current_player):
            return
        table.bot_task = self._supervise(lambda: self._bot_loop(table),
                                         f"the bots of table {table.table_id}", table)

    def _bot_for(self: TableService, table: Table, seat: str) -> Bot:
        row = table.seat_row(seat)
        name = (row.bot if row is not None and row.kind == "bot" and row.bot
                else table.settings.level or default_bot(table.game.name, table.game.preset))
        key = f"{seat}:{name}"
        bot = table.bots.get(key)
        if bot is None:
            bot = make_bot(name, table.game, seed=derive_seed(table.row.seed, "bot", seat))
            table.bots[key] = bot
        return bot

    async def _bot_loop(self: TableService, table: Table) -> None:
        while not self._closing and self.tables.get(table.table_id) is table:
            state, seq = table.state, table.seq
            seat = state.current_player
            if (state.is_over or seat is None or table.held or not table.bot_plays(seat)
                    or not self._owns(table)):
                return
            if self.bot_delay > 0:
                await asyncio.sleep(self.bot_delay)
            bot = self._bot_for(table, seat)
            view = state.view(seat)
            try:
                cost = table.bot_cost.get(seat)
                if cost is not None and cost < INLINE_BOT_SECONDS:
                    # a quick bot plays on the loop: a thread hop (and the GIL hand-over that
                    # comes with it) costs more than its move
                    action, took = _timed_choose(bot, view)
                else:
                    action, took = await anyio.to_thread.run_sync(
                        _timed_choose, bot, view, limiter=self._bot_limiter)
                table.bot_cost[seat] = took if cost is None else 0.8 * cost + 0.2 * took
                action = state.parse(str(action))
                new = state.apply(action)
            except Exception:
                log.exception("bot at seat %s of table %s failed; it plays its first legal "
                              "action", seat, table.table_id)
                action = state.legal_actions()[0]
                new = state.apply(action)
            async with table.lock:
                if table.seq != seq or not table.bot_plays(seat) or not self._owns(table):
                    continue  # the table moved on while the bot thought (or the person is back)
                try:
                    await self._commit(table, seat, str(action), new, patience=None)
                except ProtocolError:
                    continue

    # --- the turn clock -----------------------------------------------------------------------
    def _stop_clock(self: TableService, table: Table) -> None:
        table.turn = None  # a timer still pending finds no turn and ends (see _ring)

    def _arm_clock(self: TableService, table: Table) -> None:
        """Start the clock of the person to act (nothing for bots, held or finished tables).

        One timer per table at most: it is not cancelled and set again on every move (a
        cancelled timer stays in the loop's heap until its time); when it rings it looks at
        the turn then in progress and waits again if that turn ends later."""
        s = table.settings
        seat = table.state.current_player
        if (s.clock == 0 or table.state.is_over or table.held or self._closing or seat is None
                or table.bot_plays(seat)):
            self._stop_clock(table)
            return
        if table.turn is not None and table.turn[0] == seat and table.turn[1] == table.seq:
            return
        loop = asyncio.get_running_loop()
        now = loop.time()
        used = table.used.get(seat)
        if used is not None and used[0] == table.seq:  # a take-back: the rest of that turn
            now -= used[1] * table.clock_scale
        table.turn = (seat, table.seq, now)
        bank = table.bank.setdefault(seat, float(s.bank))
        table.deadline = now + (s.clock + bank) * table.clock_scale
        if table.clock_handle is None:
            table.clock_handle = loop.call_at(table.deadline, self._ring, table)

    def _ring(self: TableService, table: Table) -> None:
        table.clock_handle = None
        turn = table.turn
        if turn is None or self._closing or self.tables.get(table.table_id) is not table:
            return
        loop = asyncio.get_running_loop()
        if loop.time() < table.deadline - 0.001:  # a later turn: wait for its end
            table.clock_handle = loop.call_at(table.deadline, self._ring, table)
            return
        self._spawn(self._time_out(table, turn[0], turn[1]))

    def _turn_done(self: TableService, table: Table, seat: str) -> None:
        """``seat`` moved: what it used beyond the turn's clock comes off its bank."""
        turn = table.turn
        if turn is None or turn[0] != seat:
            return
        used = (time.monotonic() - turn[2]) / table.clock_scale
        over = used - table.settings.clock
        table.used.pop(seat, None)
        if over > 0:
            bank = table.bank.get(seat, float(table.settings.bank))
            table.bank[seat] = max(0.0, bank - over)
            if self._owns(table):  # the bank outlives a restart (the owner stores it)
                self._spawn(self._save_clock(table, seat))
        self._stop_clock(table)

    async def _save_clock(self: TableService, table: Table, seat: str) -> None:
        """Store a seat's clock state (auto, bank, a stopped turn): a restart or the next
        owner runs the seat as it is now."""
        try:
            await self._db(self.leases.set_clock, table.table_id, seat, table.clock_state(seat))
        except Exception as exc:
            self._db_failed(exc, "storing a seat's clock")

    async def _seat_news(self: TableService, table: Table) -> None:
        """A seat's state changed (auto, a seat taken or left): every process's sockets."""
        await self.bus.publish(table.table_id, {"table": table.table_id, "seq": table.seq,
                                                "seats": True, "origin": self.origin})

    async def _time_out(self: TableService, table: Table, seat: str, seq: int) -> None:
        async with table.lock:
            turn = table.turn
            if (turn is None or turn[:2] != (seat, seq) or table.seq != seq
                    or self.tables.get(table.table_id) is not table):
                self._arm_clock(table)  # the turn ended meanwhile: the next one's clock
                return
            if not self._owns(table):  # the owner's clock decides (it ran the same turn)
                return
            table.turn = None
            table.used[seat] = (seq, table.settings.clock + table.bank.get(seat, 0.0))
            table.bank[seat] = 0.0
            table.auto.add(seat)
            table.auto_why[seat] = "clock"
            log.info("table %s: %s ran out of time; a bot plays the seat until its person "
                     "takes it back", table.table_id, seat)
            await self._save_clock(table, seat)
            self._broadcast(table)
        await self._seat_news(table)
        self._kick_bots(table)

    # --- seat messages ------------------------------------------------------------------------
    async def _seat_message(self: TableService, conn: Connection, msg: dict[str, Any]) -> None:
        kind = msg["type"]
        table = await self._get(conn.table_id)
        seat = conn.seat
        if seat is None:
            raise ProtocolError("spectator", "spectators watch; take a seat first")
        if table.state.is_over and kind != "leave":
            raise ProtocolError("finished", "the game is over")
        if kind in ("autoplay", "takeback"):
            if kind == "takeback" and seat not in table.auto:
                raise ProtocolError("seat", f"you play seat {seat} already")
            if self._owns(table):
                await self._seat_command(table, seat, kind)
            else:  # the table's owner runs its seats: ask it (web/owners.py)
                await self._ask_owner(table, seat, kind)
        elif kind == "leave":
            await self._leave(table, seat)
        else:  # seat_bot
            await self._give_to_bot(table, seat, msg["seat"])

    async def _seat_command(self: TableService, table: Table, seat: str, kind: str) -> None:
        """``autoplay`` or ``takeback`` of ``seat``, at the process that owns the table.

        A take-back resumes the turn with what its clock and bank have left (they ran on while
        the bot held the seat: never a fresh clock, never a refilled bank); when they are used
        up, the bot plays this turn and the take-back is refused until it has."""
        async with table.lock:
            now = asyncio.get_running_loop().time()
            if kind == "autoplay":
                turn = table.turn
                if turn is not None and turn[0] == seat and turn[1] == table.seq:
                    table.used[seat] = (table.seq, (now - turn[2]) / table.clock_scale)
                    table.auto_since[seat] = now
                table.auto.add(seat)
                table.auto_why[seat] = "hand"
            else:
                if seat not in table.auto:
                    raise ProtocolError("seat", f"you play seat {seat} already")
                used, since = table.used.get(seat), table.auto_since.pop(seat, None)
                if used is not None and since is not None:  # the turn's clock ran meanwhile
                    table.used[seat] = (used[0], used[1] + (now - since) / table.clock_scale)
                    table.auto_since[seat] = now
                if table.spent(seat):
                    raise ProtocolError(
                        "seat", f"the time of this turn is used up: the bot plays seat {seat}'s "
                        "turn; take the seat back after its move")
                table.auto.discard(seat)
                table.auto_why.pop(seat, None)
                table.bank.setdefault(seat, float(table.settings.bank))
            await self._save_clock(table, seat)
            self._arm_clock(table)
            self._broadcast(table)
        await self._seat_news(table)
        self._kick_bots(table)

    def _forget_seat_clock(self: TableService, table: Table, seat: str) -> None:
        """The seat changed hands (left, joined, given to a bot): its clock state goes (the
        store resets it with the seat's row)."""
        table.auto.discard(seat)
        table.auto_why.pop(seat, None)
        table.bank.pop(seat, None)
        table.used.pop(seat, None)
        table.auto_since.pop(seat, None)

    async def _leave(self: TableService, table: Table, seat: str) -> None:
        try:
            await note_leave(self, table, seat)  # rated as last when the match ends
            await self._db(self.store.put_seat, table.table_id, SeatRow(seat, "human"))
        except Exception as exc:
            self._db_failed(exc, "leaving a seat")
            raise ProtocolError("unavailable", "the database is not answering; you still "
                                "hold the seat: try again in a moment") from None
        self.quotas.free_seat(table.table_id, seat)
        self._forget_seat_clock(table, seat)
        left = dumps({"type": "left", "seat": seat})
        for c in tuple(table.conns):
            if c.seat == seat:
                c.seat = None  # watches from now on
                c.name = ""
                c.push(left)
        log.info("table %s: the person at %s left", table.table_id, seat)
        await self._seats_changed(table)

    async def _give_to_bot(self: TableService, table: Table, seat: str, target: str) -> None:
        if table.settings.creator != seat:
            raise ProtocolError("not_creator", "only the table's creator gives seats to bots")
        row = table.seat_row(target)
        if row is None or row.kind != "human" or row.taken:
            free = [s.seat for s in table.row.seats if not s.taken]
            raise ProtocolError("seat", f"{target} is not an open seat; open seats: {free}")
        bot = table.settings.level or default_bot(table.game.name, table.game.preset)
        label, level = bot_label(bot)
        try:
            await self._db(self.store.put_seat, table.table_id,
                           SeatRow(target, "bot", label, bot=bot, level=level))
        except Exception as exc:
            self._db_failed(exc, "giving a seat to a bot")
            raise ProtocolError("unavailable", "the database is not answering; try again in "
                                "a moment") from None
        self._forget_seat_clock(table, target)
        await self._seats_changed(table)

    # --- the sweeper --------------------------------------------------------------------------
    def _start_sweeper(self: TableService) -> None:
        every = max(0.05, min(10.0, self.limits.open_ttl / 4, self.limits.idle_ttl / 4,
                              self.limits.send_timeout / 2))

        async def loop() -> None:
            while not self._closing:
                await asyncio.sleep(every)
                await self.sweep()

        async def supervised() -> None:
            while not self._closing:
                try:
                    await loop()
                except asyncio.CancelledError:
                    raise
                except Exception:
                    log.exception("the sweeper failed; restarting it")
                    await asyncio.sleep(1.0)

        self._spawn(supervised())

    async def sweep(self: TableService, mono: float | None = None,
                    wall: float | None = None) -> list[str]:
        """Expire open tables nobody joined, abandon tables nobody connects to, unload
        finished ones; the ids of the tables abandoned."""
        mono = time.monotonic() if mono is None else mono
        wall = time.time() if wall is None else wall
        gone = []
        for table in list(self.tables.values()):
            for conn in tuple(table.conns):
                conn.stuck(mono)
            if table.state.is_over:
                self._evict_if_idle(table)
                continue
            if not self._owns(table):  # its owner decides; this process only lets it go
                if not table.conns and mono - table.idle_since > self.limits.idle_ttl:
                    self._unload(table)
                continue
            waiting = table.seq == 0 and any(not s.taken for s in table.row.seats)
            if waiting and wall - table.row.created > self.limits.open_ttl:
                why = f"nobody joined it in {self.limits.open_ttl:g} s"
            elif not table.conns and mono - table.idle_since > self.limits.idle_ttl:
                why = f"nobody was connected for {self.limits.idle_ttl:g} s"
            else:
                continue
            try:
                await self._db(self.store.set_status, table.table_id, "abandoned")
            except Exception as exc:
                self._db_failed(exc, "expiring a table")
                continue
            log.info("table %s abandoned: %s", table.table_id, why)
            table.set_row(with_status(table.row, "abandoned"))
            for s in table.row.seats:
                self.quotas.free_seat(table.table_id, s.seat)
            note = error_message("finished", f"this table was abandoned: {why}")
            for c in tuple(table.conns):
                c.push(note)
                c.drop_later(CLOSE_GONE)
            self._unload(table)
            gone.append(table.table_id)
        self.quotas.prune()
        return gone
