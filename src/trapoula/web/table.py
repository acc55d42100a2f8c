"""A table in memory, its connections and the messages built from it (used by the service).

:class:`Table` holds a table's row, the engine state after its committed actions and the
sockets of this process; :meth:`Table.state_text` is the ``state`` message of one seat (or of
the spectators); :func:`replay_steps` and :func:`replay_frame` rebuild finished games.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import time
from collections.abc import Awaitable, Callable
from dataclasses import replace
from typing import Any

from trapoula.bots.base import Bot
from trapoula.core.game import Game
from trapoula.core.state import GameState
from trapoula.errors import IllegalActionError
from trapoula.web.fastview import Spliced, disable
from trapoula.web.limits import TokenBucket
from trapoula.web.serialize import dumps, encode, to_json
from trapoula.web.store import SeatRow, TableRow

__all__ = [
    "SHEET_ROWS", "Connection", "ServiceError", "Table", "apply_as", "hash_token", "last_text",
    "replay_frame", "replay_steps", "summary", "with_status",
]

SHEET_ROWS = 100  # the state message carries the last rows; the record has every deal
CHECK_FIRST, CHECK_EVERY = 100, 200  # spliced views compared with the engine's: 100, then 1/200
_checked = 0
log = logging.getLogger("trapoula.web")


class ServiceError(Exception):
    """A refused request: ``status`` is the HTTP status, ``code`` the error code."""

    def __init__(self, status: int, code: str, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message


def hash_token(token: str) -> str:
    """What the store keeps of a seat's token (the token itself is only given to its holder).

    >>> len(hash_token("abc")), hash_token("abc") == hash_token("abc")
    (64, True)
    """
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


class Connection:
    """One client socket on a table: its seat (None for a spectator) and its send functions."""

    __slots__ = ("table_id", "seat", "name", "send", "close", "bucket", "dropped", "closed")

    def __init__(
        self,
        table_id: str,
        seat: str | None,
        send: Callable[[str], Awaitable[None]],
        close: Callable[[int], Awaitable[None]],
        name: str = "",
    ) -> None:
        self.table_id = table_id
        self.seat = seat
        self.name = name
        self.send = send
        self.close = close
        self.bucket = TokenBucket(now=time.monotonic())
        self.dropped = 0
        self.closed = False


class Table:
    """A table in memory: its row, the engine state and the connections of this process."""

    def __init__(self, row: TableRow, game: Game, state: GameState) -> None:
        self.row = row
        self.game = game
        self.state = state
        self.seq = 0
        self.last: tuple[str, str] | None = None
        self.conns: set[Connection] = set()
        self.lock = asyncio.Lock()
        self.bots: dict[str, Bot] = {}
        self.bot_cost: dict[str, float] = {}  # seconds a bot's move took (moving average)
        self.bot_task: asyncio.Task[None] | None = None
        self.sub_task: asyncio.Task[None] | None = None
        self._sheet: tuple[int, str] = (-1, "[]")
        self._spliced: tuple[GameState, Spliced] | None = None
        self._last: tuple[tuple[str, str], str] | None = None
        self._info: tuple[TableRow, frozenset[str], str] | None = None

    @property
    def table_id(self) -> str:
        return self.row.table_id

    @property
    def status(self) -> str:
        return self.row.status

    def seat_row(self, seat: str) -> SeatRow | None:
        for s in self.row.seats:
            if s.seat == seat:
                return s
        return None

    def info(self) -> dict[str, Any]:
        connected = {c.seat for c in self.conns if c.seat is not None}
        r = self.row
        return {
            "id": r.table_id, "code": r.code, "game": r.game, "preset": r.preset,
            "options": r.options, "target": getattr(self.game.options, "target", None),
            "status": r.status,
            "seats": [
                {"seat": s.seat, "name": s.name, "kind": s.kind, "bot": s.bot, "level": s.level,
                 "taken": s.taken, "connected": s.kind == "bot" or s.seat in connected}
                for s in r.seats
            ],
        }

    def sheet_json(self) -> str:
        """The score sheet (one row per finished deal) as JSON text, encoded once per deal."""
        deals = getattr(self.state, "deals", ())
        if self._sheet[0] != len(deals):
            self._sheet = (len(deals), dumps(list(deals[-SHEET_ROWS:])))
        return self._sheet[1]

    def state_text(self, seat: str | None, common: str | None = None) -> str:
        """The ``state`` message for ``seat`` (None: a spectator) as JSON text.

        ``common`` (from :meth:`common_text`) holds the parts every receiver shares, so a
        broadcast encodes them once and only each seat's own parts per seat.  The view is the
        public view, encoded once per state (:meth:`spliced`), with the seat's own fields
        spliced in: what is shared comes from the public view only, so no hidden card can
        leak into it.
        """
        state = self.state
        spliced = self.spliced()
        if seat is None:
            view_json, legal = spliced.public_json, "[]"
        else:
            view_json, legal = spliced.seat_json(state, seat)
            if seat != state.current_player:
                legal = "[]"
            if spliced.fast and not self._check(spliced, seat, view_json):
                return self.state_text(seat, common)  # now without splicing
        last_json = self._last_json(seat)
        return ('{"type":"state","you":' + encode(seat) + ',"legal":' + legal + ',"last":'
                + last_json + ',"view":' + view_json + ","
                + (common or self.common_text()) + "}")

    def spliced(self) -> Spliced:
        """The public view of the current state, encoded once (see :mod:`.fastview`)."""
        cached = self._spliced
        if cached is None or cached[0] is not self.state:
            cached = self._spliced = (self.state, Spliced(self.state.public_view()))
        return cached[1]

    def _check(self, spliced: Spliced, seat: str, text: str) -> bool:
        """Compare a sample of spliced views with the engine's own (a view class changed?)."""
        global _checked
        _checked += 1
        if _checked > CHECK_FIRST and _checked % CHECK_EVERY:
            return True
        if dumps(self.state.view(seat)) == text:
            return True
        log.error("a spliced view of %s differs from the engine's: splicing is off for it",
                  spliced.cls.__name__)
        disable(spliced.cls)
        self._spliced = None
        return False

    def _last_json(self, seat: str | None) -> str:
        last = self.last
        if last is None:
            return "null"
        if last[1].startswith("draw "):  # how it reads depends on who reads it
            return dumps({"seat": last[0], "action": last_text(last[0], last[1], seat)})
        cached = self._last
        if cached is None or cached[0] is not last:
            cached = self._last = (last, dumps({"seat": last[0], "action": last[1]}))
        return cached[1]

    def common_text(self) -> str:
        """The parts of the ``state`` message every receiver shares (JSON members)."""
        state = self.state
        connected = frozenset(c.seat for c in self.conns if c.seat is not None)
        cached = self._info
        if cached is None or cached[0] is not self.row or cached[1] != connected:
            cached = self._info = (self.row, connected, dumps(self.info()))
        return ('"table":' + cached[2] + ',"seq":' + encode(self.seq) + ',"to_act":'
                + encode(state.current_player) + ',"over":' + encode(state.is_over)
                + ',"result":' + dumps(state.result) + ',"sheet":' + self.sheet_json())


def last_text(seat: str, action: str, viewer: str | None) -> str:
    """How the last action reads to ``viewer``: another seat's exchange shows as a count."""
    if viewer != seat and action.startswith("draw "):
        return f"draws {len(action.split()) - 1}"
    return action


def summary(r: TableRow) -> dict[str, Any]:
    return {
        "id": r.table_id, "code": r.code, "game": r.game, "preset": r.preset,
        "options": r.options, "status": r.status, "created": r.created,
        "seats": [{"seat": s.seat, "name": s.name, "kind": s.kind, "bot": s.bot,
                   "level": s.level, "taken": s.taken} for s in r.seats],
    }


def apply_as(state: GameState, seat: str, action: str) -> GameState:
    """Replay one stored action (with the game's gap filling for earlier versions' logs)."""
    if state.current_player != seat and state.is_legal(action):
        raise IllegalActionError(f"the log has {seat} {action} but {state.current_player} acts")
    return state.game.replay_action(state, f"{seat} {action}")


def with_status(row: TableRow, status: str) -> TableRow:
    return replace(row, status=status)


def replay_steps(table: Table, acts: list[tuple[int, str, str]]) -> dict[str, Any]:
    """A finished game step by step: the public view after each action (0..N)."""
    state = table.row.new_match(table.game)
    steps = []
    for n in range(len(acts) + 1):
        last = None
        if n:
            _, seat, action = acts[n - 1]
            state = apply_as(state, seat, action)
            last = {"seat": seat, "action": last_text(seat, action, None)}
        steps.append({
            "seq": n, "view": to_json(state.public_view()), "to_act": state.current_player,
            "last": last, "over": state.is_over, "result": to_json(state.result),
        })
    return {"table": table.info(), "steps": steps,
            "sheet": to_json(list(getattr(state, "deals", ())))}


def replay_frame(table: Table, acts: list[tuple[int, str, str]], seq: int) -> dict[str, Any]:
    """A finished game after ``seq`` actions: every seat's view and the public view."""
    seq = max(0, min(seq, len(acts)))
    state = table.row.new_match(table.game)
    for _, seat, action in acts[:seq]:
        state = apply_as(state, seat, action)
    last = acts[seq - 1] if seq else None
    return {
        "seq": seq, "total": len(acts), "table": table.info(),
        "last": {"seat": last[1], "action": last[2]} if last else None,
        "to_act": state.current_player, "over": state.is_over,
        "result": to_json(state.result),
        "public": to_json(state.public_view()),
        "views": {s.seat: to_json(state.view(s.seat)) for s in table.row.seats},
        "sheet": to_json(list(getattr(state, "deals", ()))),
    }
