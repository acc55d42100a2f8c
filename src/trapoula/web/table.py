"""A table in memory, its connections and the messages built from it (used by the service).

:class:`Table` holds a table's row, the engine state after its committed actions and the
sockets of this process; :meth:`Table.state_text` is the ``state`` message of one seat (or of
the spectators); :func:`replay_steps` and :func:`replay_frame` rebuild finished games.
"""

from __future__ import annotations

import asyncio
import hashlib
import time
from collections.abc import Awaitable, Callable
from dataclasses import replace
from typing import Any

from trapoula.bots.base import Bot
from trapoula.core.game import Game
from trapoula.core.state import GameState
from trapoula.errors import IllegalActionError
from trapoula.web.limits import TokenBucket
from trapoula.web.serialize import dumps, to_json
from trapoula.web.store import SeatRow, TableRow

__all__ = [
    "SHEET_ROWS", "Connection", "ServiceError", "Table", "apply_as", "hash_token", "last_text",
    "replay_frame", "replay_steps", "summary", "with_status",
]

SHEET_ROWS = 100  # the state message carries the last rows; the record has every deal


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
        broadcast encodes them once and only each seat's own parts per seat.
        """
        state = self.state
        view = state.view(seat) if seat is not None else state.public_view()
        to_act = state.current_player
        last = self.last
        mine = dumps({
            "type": "state",
            "you": seat,
            "legal": list(view.legal_actions) if seat is not None and seat == to_act else [],
            "last": {"seat": last[0], "action": last_text(last[0], last[1], seat)}
            if last else None,
            "view": view,
        })
        return mine[:-1] + "," + (common or self.common_text()) + "}"

    def common_text(self) -> str:
        state = self.state
        shared = dumps({
            "table": self.info(), "seq": self.seq, "to_act": state.current_player,
            "over": state.is_over, "result": state.result,
        })
        return shared[1:-1] + ',"sheet":' + self.sheet_json()


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
    if state.current_player != seat:
        raise IllegalActionError(f"the log has {seat} {action} but {state.current_player} acts")
    return state.apply(action)


def with_status(row: TableRow, status: str) -> TableRow:
    return replace(row, status=status)


def replay_steps(table: Table, acts: list[tuple[int, str, str]]) -> dict[str, Any]:
    """A finished game step by step: the public view after each action (0..N)."""
    state = table.game.new_match(seed=table.row.seed)
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
    state = table.game.new_match(seed=table.row.seed)
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
