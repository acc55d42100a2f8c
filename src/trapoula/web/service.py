"""TableService: tables, seats, actions, chat and bots, independent of HTTP.

A table is ``game.new_match(seed)`` with every committed action applied in order.  An action
is checked by the engine, committed to the store (``(table_id, seq)`` unique), and only then
applied in memory and sent: every connection gets a ``state`` message for its own seat (the
seat's view, or the public view for spectators).  Bots play through the same path, their
``choose`` running in a worker thread (or on the loop once a bot's moves prove to be quick).

The store is synchronous; every call goes through :meth:`TableService._db` (a worker thread,
one at a time for SQLite).  A per-table ``asyncio.Lock`` orders actions; no table has a thread.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
import uuid
from collections.abc import Awaitable, Callable
from functools import partial
from typing import Any, TypeVar

import anyio
import anyio.to_thread

import trapoula
from trapoula.bots.base import Bot, make_bot
from trapoula.core.game import derive_seed, fresh_seed
from trapoula.core.state import GameState
from trapoula.errors import ConfigError, IllegalActionError, NotYourTurnError, ParseError
from trapoula.web.bus import Bus, LocalBus
from trapoula.web.catalog import resolve_bot
from trapoula.web.group_commit import GroupCommit
from trapoula.web.limits import FLOOD_DISCONNECT, LimitError, clean_chat, clean_name
from trapoula.web.protocol import (
    PONG,
    ProtocolError,
    chat_history_message,
    chat_message,
    error_message,
    read_message,
)
from trapoula.web.store import MemoryStore, SeatRow, Store, TableRow
from trapoula.web.table import (
    Connection,
    ServiceError,
    Table,
    apply_as,
    hash_token,
    replay_frame,
    replay_steps,
    summary,
    with_status,
)

__all__ = ["Connection", "ServiceError", "Table", "TableService", "hash_token"]

log = logging.getLogger("trapoula.web")
T = TypeVar("T")
INLINE_BOT_SECONDS = 0.002  # bots faster than this (on average) skip the worker thread
_CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"


class TableService:
    """Everything a table does, for the web app and the tests (see the module docstring)."""

    def __init__(
        self,
        store: Store,
        bus: Bus | None = None,
        *,
        bot_delay: float = 0.0,
        db_threads: int | None = None,
        bot_threads: int = 4,
    ) -> None:
        self.store = store
        self.bus: Bus = bus if bus is not None else LocalBus()
        self.bot_delay = bot_delay
        self.origin = uuid.uuid4().hex
        sqlite = bool(getattr(store, "sqlite", False))
        self._db_limiter = anyio.CapacityLimiter(db_threads or (1 if sqlite else 8))
        self._inline_db = isinstance(store, MemoryStore)
        self._bot_limiter = anyio.CapacityLimiter(bot_threads)
        # actions arriving while one is being stored are stored together (one hop, one commit)
        self._commits = GroupCommit(store, self._db)
        self.tables: dict[str, Table] = {}
        self._loading: dict[str, asyncio.Lock] = {}
        self._closing = False
        self._background: set[asyncio.Task[None]] = set()

    # --- plumbing -----------------------------------------------------------------------------
    async def _db(self, fn: Callable[..., T], *args: Any) -> T:
        if self._inline_db:  # the in-memory store never blocks
            return fn(*args)
        return await anyio.to_thread.run_sync(partial(fn, *args), limiter=self._db_limiter)

    async def start(self) -> int:
        """Load every unfinished table (replaying its actions) and let its bots play."""
        rows = await self._db(partial(self.store.list_tables, open_only=True, limit=100000))
        for row in rows:
            try:
                table = await self._get(row.table_id)
            except Exception:  # a table that no longer replays must not stop the server
                log.exception("cannot resume table %s", row.table_id)
                continue
            self._kick_bots(table)
        return len(rows)

    async def close(self) -> None:
        self._closing = True
        tasks = [t for t in self._background if not t.done()]
        for table in self.tables.values():
            tasks += [t for t in (table.bot_task, table.sub_task) if t is not None and not t.done()]
        for task in tasks:
            task.cancel()
        for task in tasks:
            try:
                await task
            except (asyncio.CancelledError, Exception):
                pass

    async def _get(self, table_id: str) -> Table:
        """The table in memory, loaded from the store and replayed when needed."""
        table = self.tables.get(table_id)
        if table is not None:
            return table
        lock = self._loading.setdefault(table_id, asyncio.Lock())
        try:
            return await self._load(table_id, lock)
        finally:
            if not lock.locked():
                self._loading.pop(table_id, None)

    async def _load(self, table_id: str, lock: asyncio.Lock) -> Table:
        async with lock:
            table = self.tables.get(table_id)
            if table is not None:
                return table
            row = await self._db(self.store.get_table, table_id)
            if row is None:
                raise ServiceError(404, "not_found", f"no table {table_id!r}")
            acts = await self._db(self.store.actions, table_id, 0)
            table = await anyio.to_thread.run_sync(self._replay, row, acts)
            self.tables[table_id] = table
            table.sub_task = asyncio.ensure_future(self._follow(table))
            # news published before the subscription was live: read the store once more
            task = asyncio.ensure_future(
                self._recheck(table, 0.05 if isinstance(self.bus, LocalBus) else 0.5))
            self._background.add(task)
            task.add_done_callback(self._background.discard)
            return table

    async def _recheck(self, table: Table, delay: float) -> None:
        await asyncio.sleep(delay)
        if self._closing:
            return
        async with table.lock:
            seq = table.seq
            await self._catch_up(table)
            if table.seq != seq:
                await self._broadcast(table)

    @staticmethod
    def _replay(row: TableRow, acts: list[tuple[int, str, str]]) -> Table:
        game = row.make_game()  # every stored option value, and the table's dealing version
        state = row.new_match(game)
        table = Table(row, game, state)
        for seq, seat, action in acts:
            table.state = apply_as(table.state, seat, action)
            table.seq = seq
            table.last = (seat, action)
        return table

    # --- tables and seats ---------------------------------------------------------------------
    async def create_table(self, spec: dict[str, Any]) -> dict[str, Any]:
        """Create a table from ``{"game","preset","options","seats","name","seat"}``."""
        if not isinstance(spec, dict):
            raise ServiceError(400, "bad_request", "send a JSON object")
        game_name = spec.get("game", "bourloto")
        options = spec.get("options") or {}
        if not isinstance(game_name, str) or not isinstance(options, dict):
            raise ServiceError(400, "bad_request", "'game' is a name, 'options' an object")
        try:
            game = trapoula.make(game_name, spec.get("preset"), **options)
        except (ConfigError, TypeError) as exc:
            raise ServiceError(400, "bad_option", str(exc)) from None
        n = int(game.players)  # type: ignore[attr-defined]
        names = [f"P{i + 1}" for i in range(n)]
        seats_spec = spec.get("seats")
        if seats_spec is None:
            seats_spec = [{"kind": "human"}] + [{"kind": "bot"}] * (n - 1)
        if not isinstance(seats_spec, list) or len(seats_spec) != n:
            raise ServiceError(400, "bad_seats", f"'seats' lists {n} seats ({', '.join(names)})")
        seats: list[SeatRow] = []
        for name, s in zip(names, seats_spec, strict=True):
            kind = s.get("kind") if isinstance(s, dict) else None
            if kind == "human":
                seats.append(SeatRow(name, "human"))
            elif kind == "bot":
                try:
                    bot = resolve_bot(game.name, s.get("bot"), s.get("level"))
                except ConfigError as exc:
                    raise ServiceError(400, "bad_seats", str(exc)) from None
                level = bot if bot in ("easy", "medium", "hard", "expert") else None
                label = f"{bot} bot" if level is None else f"bot ({level})"
                seats.append(SeatRow(name, "bot", label, bot=bot, level=level))
            else:
                raise ServiceError(400, "bad_seats", "each seat is {'kind': 'human'} or "
                                   "{'kind': 'bot', 'bot': name, 'level': level}")
        humans = [s.seat for s in seats if s.kind == "human"]
        want = spec.get("seat")
        if want is None and humans and spec.get("name") is not None:
            want = humans[0]
        if want is not None and want not in humans:
            raise ServiceError(400, "bad_seats", f"'seat' is a human seat: {', '.join(humans)}")
        player = None
        if want is not None:
            try:
                player = clean_name(spec.get("name"))
            except LimitError as exc:
                raise ServiceError(400, "bad_name", str(exc)) from None
        token = secrets.token_urlsafe(24) if want is not None else None
        seats = [
            SeatRow(s.seat, s.kind, player or "", token_hash=hash_token(token))
            if s.seat == want and token is not None else s
            for s in seats
        ]
        seed = spec.get("seed")
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)
                                 or not 0 <= seed < 1 << 62):
            raise ServiceError(400, "bad_request", "'seed' is a whole number from 0 to 2**62-1")
        free = any(not s.taken for s in seats)
        for attempt in range(20):
            row = TableRow(
                uuid.uuid4().hex[:16], "".join(secrets.choice(_CODE_ALPHABET) for _ in range(6)),
                game.name, game.preset, game.changed_options(),
                fresh_seed() if seed is None else seed,
                "open" if free else "playing", time.time(), seats,
            )
            try:
                await self._db(self.store.create_table, row)
                break
            except Exception:  # a code collision: draw another
                if attempt == 19:
                    raise
        table = await self._get(row.table_id)
        self._kick_bots(table)
        return {"table_id": row.table_id, "code": row.code, "seat": want, "token": token}

    async def join(self, code: str, name: Any, seat: Any = None) -> dict[str, Any]:
        """Take a free human seat (the first one when ``seat`` is None)."""
        table_id = await self._db(self.store.find_code, code)
        if table_id is None:
            table_id = code if await self._db(self.store.get_table, code) else None
        if table_id is None:
            raise ServiceError(404, "not_found", f"no table with code {code!r}")
        try:
            player = clean_name(name)
        except LimitError as exc:
            raise ServiceError(400, "bad_name", str(exc)) from None
        if seat is not None and not isinstance(seat, str):
            raise ServiceError(400, "bad_seats", "'seat' is a seat name such as 'P2'")
        table = await self._get(table_id)
        await self._refresh_row(table)
        if table.status == "finished":
            raise ServiceError(409, "finished", "the game at this table is over")
        free = [s.seat for s in table.row.seats if not s.taken]
        if seat is None:
            if not free:
                raise ServiceError(409, "table_full", "every seat of this table is taken")
            seat = free[0]
        if table.seat_row(str(seat)) is None:
            raise ServiceError(400, "bad_seats", f"no seat {seat!r}; free seats: {free}")
        token = secrets.token_urlsafe(24)
        if not await self._db(self.store.set_seat, table_id, seat, player, hash_token(token)):
            raise ServiceError(409, "seat_taken", f"seat {seat} is taken; free seats: {free}")
        await self._refresh_row(table)
        if table.status == "open" and all(s.taken for s in table.row.seats):
            await self._db(self.store.set_status, table_id, "playing")
            await self._refresh_row(table)
        await self._broadcast(table)
        await self.bus.publish(table_id, {"table": table_id, "seq": table.seq, "seats": True,
                                          "origin": self.origin})
        return {"table_id": table_id, "code": table.row.code, "seat": seat, "token": token}

    async def _refresh_row(self, table: Table) -> None:
        row = await self._db(self.store.get_table, table.table_id)
        if row is not None:
            table.row = row

    async def list_tables(self, status: str | None = None, limit: int = 50) -> list[dict[str, Any]]:
        rows = await self._db(partial(self.store.list_tables, open_only=True, limit=limit,
                                      status=status))
        return [summary(r) for r in rows]

    async def find(self, code_or_id: str) -> dict[str, Any]:
        """A table's summary (with its id) by code or id, finished tables included."""
        table_id = await self._db(self.store.find_code, code_or_id)
        row = await self._db(self.store.get_table, table_id or code_or_id)
        if row is None:
            raise ServiceError(404, "not_found", f"no table with code {code_or_id!r}")
        return summary(row)

    async def record(self, table_id: str) -> dict[str, Any]:
        """The game record of a finished table."""
        table = await self._get(table_id)
        if not table.state.is_over:
            raise ServiceError(404, "not_finished", "the record is ready when the game is over")
        return table.state.record()

    async def replay_steps(self, table_id: str) -> dict[str, Any]:
        """A finished table, step by step: the public view after each action (0..N)."""
        table, acts = await self._finished(table_id)
        return await anyio.to_thread.run_sync(replay_steps, table, acts)

    async def replay(self, table_id: str, seq: int) -> dict[str, Any]:
        """A finished table after ``seq`` actions: every seat's view and the public view."""
        table, acts = await self._finished(table_id)
        return await anyio.to_thread.run_sync(replay_frame, table, acts, seq)

    async def _finished(self, table_id: str) -> tuple[Table, list[tuple[int, str, str]]]:
        table = await self._get(table_id)
        if not table.state.is_over:
            raise ServiceError(404, "not_finished", "a replay is ready when the game is over")
        return table, await self._db(self.store.actions, table_id, 0)

    # --- connections --------------------------------------------------------------------------
    async def connect(
        self,
        table_id: str,
        token: str | None,
        send: Callable[[str], Awaitable[None]],
        close: Callable[[int], Awaitable[None]],
    ) -> Connection:
        """Register a socket: the token's seat, or a spectator without a token."""
        table = await self._get(table_id)
        seat = None
        name = ""
        if token:
            h = hash_token(token)
            found = [s for s in table.row.seats if s.token_hash == h]
            if not found:
                await self._refresh_row(table)
                found = [s for s in table.row.seats if s.token_hash == h]
            if not found:
                raise ServiceError(403, "bad_token", "this token holds no seat at this table")
            seat, name = found[0].seat, found[0].name
        conn = Connection(table_id, seat, send, close, name)
        table.conns.add(conn)
        rows = await self._db(self.store.chat, table_id, 100)
        await conn.send(chat_history_message(
            [{"seat": r.seat, "name": r.name, "text": r.text, "ts": r.ts} for r in rows]
        ))
        if seat is not None:
            await self._broadcast(table)  # everyone sees the seat connected
        else:
            await conn.send(table.state_text(None))
        return conn

    async def disconnect(self, conn: Connection) -> None:
        conn.closed = True
        table = self.tables.get(conn.table_id)
        if table is None or conn not in table.conns:
            return
        table.conns.discard(conn)
        if conn.seat is not None and not self._closing:
            await self._broadcast(table)
        self._evict_if_idle(table)

    def _evict_if_idle(self, table: Table) -> None:
        """A finished table nobody watches leaves memory (the store keeps it)."""
        if table.state.is_over and not table.conns and self.tables.get(table.table_id) is table:
            del self.tables[table.table_id]
            for task in (table.sub_task, table.bot_task):
                if task is not None and not task.done() and task is not asyncio.current_task():
                    task.cancel()

    async def handle(self, conn: Connection, text: Any) -> None:
        """One client frame: rate-limited, checked, answered; bad input changes nothing."""
        if not conn.bucket.take(time.monotonic()):
            conn.dropped += 1
            if conn.dropped >= FLOOD_DISCONNECT:
                await self._send(conn, error_message("rate_limited", "too many messages: bye"))
                conn.closed = True
                await conn.close(1008)
                return
            await self._send(conn, error_message(
                "rate_limited", "at most 20 messages a second; this one was dropped"))
            return
        conn.dropped = 0
        try:
            msg = read_message(text)
            kind = msg["type"]
            if kind == "ping":
                await self._send(conn, PONG)
            elif kind == "chat":
                await self._chat(conn, msg["text"])
            else:
                await self._act(conn, msg["action"], msg["seq"])
        except ProtocolError as exc:
            await self._send(conn, error_message(exc.code, exc.message))

    async def _chat(self, conn: Connection, text: str) -> None:
        try:
            text = clean_chat(text)
        except LimitError as exc:
            raise ProtocolError("bad_message", str(exc)) from None
        table = await self._get(conn.table_id)
        name = conn.name or "spectator"
        row = await self._db(self.store.add_chat, conn.table_id, conn.seat, name, text)
        msg = chat_message(row.seat, row.name, row.text, row.ts)
        for c in tuple(table.conns):
            await self._send(c, msg)
        await self.bus.publish(conn.table_id, {"table": conn.table_id, "chat": msg,
                                               "origin": self.origin})

    async def _act(self, conn: Connection, text: str, seq: int) -> None:
        table = await self._get(conn.table_id)
        if conn.seat is None:
            raise ProtocolError("spectator", "spectators watch; take a seat to play")
        async with table.lock:
            state = table.state
            if state.is_over:
                raise ProtocolError("finished", "the game is over")
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
            await self._commit(table, conn.seat, str(action), new)
        self._kick_bots(table)

    async def _commit(self, table: Table, seat: str, action: str, new: GameState) -> bool:
        """Store the action, then advance, broadcast and publish (the caller holds the lock)."""
        seq = table.seq + 1
        if not await self._commits.append(table.table_id, seq, seat, action):
            await self._catch_up(table)  # another process won this seq
            await self._broadcast(table)
            raise ProtocolError("stale", f"another move came first; the table is at seq "
                                f"{table.seq}")
        table.state = new
        table.seq = seq
        table.last = (seat, action)
        if new.is_over:
            await self._db(self.store.set_status, table.table_id, "finished")
            table.row = with_status(table.row, "finished")
        await self._broadcast(table)
        self._evict_if_idle(table)
        await self.bus.publish(table.table_id, {"table": table.table_id, "seq": seq,
                                                "seat": seat, "action": action,
                                                "origin": self.origin})
        return True

    async def _catch_up(self, table: Table) -> None:
        acts = await self._db(self.store.actions, table.table_id, table.seq)
        for seq, seat, action in acts:
            table.state = apply_as(table.state, seat, action)
            table.seq = seq
            table.last = (seat, action)
        if table.state.is_over:
            table.row = with_status(table.row, "finished")

    async def _follow(self, table: Table) -> None:
        """Other processes' news about this table: catch up and tell this process's sockets."""
        try:
            async for msg in self.bus.subscribe(table.table_id):
                if msg.get("origin") == self.origin:
                    continue
                if "chat" in msg:
                    for c in tuple(table.conns):
                        await self._send(c, str(msg["chat"]))
                    continue
                async with table.lock:
                    seq = msg.get("seq")
                    if msg.get("seats") or not isinstance(seq, int):  # also {"resync": True}
                        await self._refresh_row(table)
                    if (isinstance(seq, int) and seq == table.seq + 1
                            and isinstance(msg.get("action"), str) and not msg.get("seats")):
                        # the next move, committed by another process: no need to read it back
                        try:
                            table.state = apply_as(table.state, str(msg["seat"]),
                                                    msg["action"])
                            table.seq = seq
                            table.last = (str(msg["seat"]), msg["action"])
                            if table.state.is_over:
                                table.row = with_status(table.row, "finished")
                        except Exception:  # the store is the authority
                            await self._catch_up(table)
                    elif not isinstance(seq, int) or seq > table.seq:
                        await self._catch_up(table)
                    await self._broadcast(table)
                # bots are driven by the process that committed the move before theirs
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("following table %s stopped", table.table_id)

    # --- sending ------------------------------------------------------------------------------
    async def _broadcast(self, table: Table) -> None:
        if not table.conns:
            return
        common = table.common_text()
        texts: dict[str | None, str] = {}
        for conn in tuple(table.conns):
            text = texts.get(conn.seat)
            if text is None:
                text = texts[conn.seat] = table.state_text(conn.seat, common)
            await self._send(conn, text)

    async def _send(self, conn: Connection, text: str) -> None:
        if conn.closed:
            return
        try:
            await conn.send(text)
        except Exception:
            conn.closed = True
            table = self.tables.get(conn.table_id)
            if table is not None:
                table.conns.discard(conn)

    # --- bots ---------------------------------------------------------------------------------
    def _kick_bots(self, table: Table) -> None:
        if self._closing or table.state.is_over:
            return
        if table.bot_task is not None and not table.bot_task.done():
            return
        seat = table.state.current_player
        row = table.seat_row(seat) if seat else None
        if row is None or row.kind != "bot":
            return
        table.bot_task = asyncio.ensure_future(self._bot_loop(table))

    async def _bot_loop(self, table: Table) -> None:
        while not self._closing:
            state, seq = table.state, table.seq
            seat = state.current_player
            row = table.seat_row(seat) if seat else None
            if state.is_over or seat is None or row is None or row.kind != "bot":
                return
            if self.bot_delay > 0:
                await asyncio.sleep(self.bot_delay)
            bot = table.bots.get(seat)
            if bot is None:
                bot = make_bot(row.bot or "heuristic", table.game,
                               seed=derive_seed(table.row.seed, "bot", seat))
                table.bots[seat] = bot
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
                log.exception("bot %s at table %s failed; it plays its first legal action",
                              row.bot, table.table_id)
                action = state.legal_actions()[0]
                new = state.apply(action)
            async with table.lock:
                if table.seq != seq:
                    continue  # the table moved on while the bot thought
                try:
                    await self._commit(table, seat, str(action), new)
                except ProtocolError:
                    continue


def _timed_choose(bot: Bot, view: Any) -> tuple[Any, float]:
    t0 = time.perf_counter()
    action = bot.choose(view)
    return action, time.perf_counter() - t0
