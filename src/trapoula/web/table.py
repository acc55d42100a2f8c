"""A table in memory, its connections and the messages built from it (used by the service).

:class:`Table` holds a table's row, the engine state after its committed actions and the
sockets of this process; :meth:`Table.state_text` is the ``state`` message of one seat (or of
the spectators); :func:`replay_steps` and :func:`replay_frame` rebuild finished games.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
import re
import time
from dataclasses import replace
from typing import Any

from trapoula.bots.base import Bot
from trapoula.core.game import Game
from trapoula.core.state import GameState
from trapoula.errors import IllegalActionError, TrapoulaError
from trapoula.web.conn import Connection
from trapoula.web.delta import Deltas, Snapshot
from trapoula.web.fair import Fairness
from trapoula.web.fairseed import Chain
from trapoula.web.fastview import Spliced, disable
from trapoula.web.people.ratings import table_why
from trapoula.web.serialize import dumps, encode, to_json
from trapoula.web.spec import TableSettings, split_options
from trapoula.web.store import SeatRow, TableRow

__all__ = [
    "SHEET_ROWS", "Connection", "ServiceError", "Table", "apply_as", "hash_token", "last_text",
    "replay_frame", "replay_steps", "summary", "unavailable", "with_status",
]

SHEET_ROWS = 100  # the state message carries the last rows; the record has every deal
_CARD = re.compile(r"(?:10|[2-9JQKA])[shdc]|JK")
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


def unavailable() -> ServiceError:
    """The 503 answer while the database does not answer (nothing was changed)."""
    return ServiceError(503, "unavailable", "the database is not answering; try again in a "
                        "moment (nothing was changed)")


def hash_token(token: str) -> str:
    """What the store keeps of a seat's token (the token itself is only given to its holder).

    >>> len(hash_token("abc")), hash_token("abc") == hash_token("abc")
    (64, True)
    """
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


class Table:
    """A table in memory: its row, the engine state and the connections of this process."""

    def __init__(self, row: TableRow, game: Game, state: GameState) -> None:
        self.row = row
        self.settings: TableSettings = split_options(row.options)[1]
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
        self.auto: set[str] = set()  # human seats a bot plays (clock ran out, handed over)
        self.auto_why: dict[str, str] = {}  # seat: "clock" (ran out) or "hand" (autoplay)
        self.bank: dict[str, float] = {}  # seconds of time bank left per seat
        self.used: dict[str, tuple[int, float]] = {}  # seat: (seq, clock seconds used) when
        # that turn's clock was last read because the seat went auto (a take-back resumes it)
        self.auto_since: dict[str, float] = {}  # seat: loop time it went auto in its turn
        self.owner: str | None = None  # the process that runs it (several processes: leases)
        self.asked: dict[str, object] = {}  # seat: a seat command sent to the owner, unanswered
        self.turn: tuple[str, int, float] | None = None  # (seat, seq, started) of the clock
        self.clock_handle: asyncio.TimerHandle | None = None
        self.reveal_handle: asyncio.TimerHandle | None = None  # the seats' values awaited
        self.deadline = 0.0  # loop time when the turn's clock and bank run out
        self.clock_scale = 1.0  # seconds of real time per clock second (tests: less)
        self.idle_since = time.monotonic()  # when the last person's socket went
        self.chat_rows: int | None = None  # chat messages stored (counted on first chat)
        self.fair: Fairness | None = None  # the deals' commitments (web/fair.py)
        self._sheet: tuple[int, str] = (-1, "[]")
        self._spliced: tuple[GameState, Spliced] | None = None
        self._public: tuple[GameState, Any] | None = None
        self._snap: Snapshot | None = None  # the last broadcast, as delta clients hold it
        self.version = 0  # broadcasts with deltas so far
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

    def advance(self, state: GameState, seq: int, seat: str, action: str) -> None:
        """The state after the committed move ``seq`` (``seat`` played ``action``)."""
        self.state = state
        self.seq = seq
        self.last = (seat, action)
        if self.fair is not None:
            self.fair.observe(state)

    def set_row(self, row: TableRow) -> None:
        old = self.row
        self.row = row
        self.settings = split_options(row.options)[1]
        if self.seq == 0 and (row.seed != old.seed or row.fair != old.fair):
            self.reset_fair()  # the seed's chain moved on (here or in another process)

    def reset_fair(self) -> None:
        """The match and its commitments from the row (before the first move): the seed's
        chain (web/fairseed.py) as stored; the match dealt from the seed once it is fixed."""
        chain = None if self.row.fair is None else Chain.from_json(self.row.fair)
        if self.seq == 0:
            self.state = self.row.new_match(self.game)
        self.fair = Fairness(self.row.table_id, self.row.seed, chain)
        if not self.pending:
            self.fair.observe(self.state)

    @property
    def chain(self) -> Chain | None:
        return None if self.fair is None else self.fair.chain

    @property
    def pending(self) -> bool:
        """The match seed is not fixed yet (the seats' values are awaited): nobody plays and
        nobody sees a hand (the state is a stand-in)."""
        chain = self.chain
        return chain is not None and not chain.fixed

    def clock_state(self, seat: str) -> str | None:
        """A seat's clock state as stored (``seats.clock``, web/leases.py); None: fresh."""
        out: dict[str, Any] = {}
        if seat in self.auto:
            out["auto"] = self.auto_why.get(seat, "hand")
        if seat in self.bank:
            out["bank"] = round(self.bank[seat], 3)
        used = self.used.get(seat)
        if used is not None and used[0] == self.seq:
            out["used"] = [used[0], round(used[1], 3)]
        return dumps(out) if out else None

    def load_clocks(self) -> None:
        """Every seat's clock state from the row (what the store says; a row of a version
        before it, or a seat that changed hands: not auto, the whole bank)."""
        self.auto.clear()
        self.auto_why.clear()
        self.bank.clear()
        self.used.clear()
        self.auto_since.clear()
        for s in self.row.seats:
            if not s.clock or s.kind != "human":
                continue
            try:
                got = json.loads(s.clock)
                if got.get("auto") and s.taken:
                    self.auto.add(s.seat)
                    self.auto_why[s.seat] = str(got["auto"])
                if "bank" in got:
                    self.bank[s.seat] = float(got["bank"])
                if "used" in got:
                    self.used[s.seat] = (int(got["used"][0]), float(got["used"][1]))
            except (ValueError, TypeError, KeyError, IndexError, AttributeError):
                log.warning("table %s: seat %s has an unreadable clock state %r; ignored",
                            self.table_id, s.seat, s.clock[:100])

    def spent(self, seat: str) -> bool:
        """The current turn of ``seat`` stopped with its clock and bank used up."""
        used = self.used.get(seat)
        if (not self.settings.clock or used is None or used[0] != self.seq
                or self.state.current_player != seat):
            return False
        bank = self.bank.get(seat, float(self.settings.bank))
        return used[1] >= self.settings.clock + bank - 0.001

    @property
    def held(self) -> bool:
        """The deal waits: the table holds it until every human seat is taken (before the
        first move only), or until the match seed is fixed."""
        return ((self.settings.hold and self.seq == 0 and not self.state.is_over
                 and any(not s.taken for s in self.row.seats)) or self.pending)

    def bot_plays(self, seat: str | None) -> bool:
        """A bot plays ``seat``: a bot seat, a person's seat marked auto, or an open seat at a
        table that does not hold the deal."""
        row = self.seat_row(seat) if seat else None
        if row is None:
            return False
        if row.kind == "bot" or seat in self.auto:
            return True
        return not row.taken and not self.held

    def info(self) -> dict[str, Any]:
        connected = {c.seat for c in self.conns if c.seat is not None}
        r = self.row
        return {
            "id": r.table_id, "code": r.code, "game": r.game, "preset": r.preset,
            "options": split_options(r.options)[0],
            "target": getattr(self.game.options, "target", None),
            "status": r.status, "settings": self.settings.public(), "held": self.held,
            "rated": not table_why(r),
            "seats": [
                {"seat": s.seat, "name": s.name, "kind": s.kind, "bot": s.bot, "level": s.level,
                 "taken": s.taken, "connected": s.kind == "bot" or s.seat in connected,
                 "auto": s.kind == "human" and self.bot_plays(s.seat)}
                for s in r.seats
            ],
        }

    def clock_json(self) -> str:
        """The turn clock as JSON: whose turn, seconds left of the turn and of the bank."""
        turn = self.turn
        if turn is None or self.settings.clock == 0:
            return "null"
        seat, _, started = turn
        scale = self.clock_scale
        used = (time.monotonic() - started) / scale
        per_turn = float(self.settings.clock)
        bank = self.bank.get(seat, float(self.settings.bank))
        left = max(0.0, per_turn - used)
        bank_left = bank if used <= per_turn else max(0.0, bank - (used - per_turn))
        return encode({"seat": seat, "turn": per_turn, "left": round(left * scale, 2),
                       "bank": round(bank_left * scale, 2), "scale": scale})

    def sheet_json(self) -> str:
        """The score sheet (one row per finished deal) as JSON text, encoded once per deal."""
        deals = getattr(self.state, "deals", ())
        if self._sheet[0] != len(deals):
            self._sheet = (len(deals), dumps(list(deals[-SHEET_ROWS:])))
        return self._sheet[1]

    def state_text(self, seat: str | None, common: str | None = None, *,
                   deltas: bool = False) -> str:
        """The ``state`` message for ``seat`` (None: a spectator) as JSON text.

        ``common`` (from :meth:`common_text`) holds the parts every receiver shares, so a
        broadcast encodes them once and only each seat's own parts per seat.  The view is the
        public view, encoded once per state (:meth:`spliced`), with the seat's own fields
        spliced in: what is shared comes from the public view only, so no hidden card can
        leak into it.  ``deltas``: for a client that takes ``delta`` messages (the last member,
        ``"deltas":true``, says that they will follow; web/delta.py).
        """
        state = self.state
        spliced = self.spliced()
        if self.pending:  # no deal yet: a stand-in's public view without its cards
            view_json, legal = self.pending_view(), "[]"
        elif seat is None:
            view_json, legal = spliced.public_json, "[]"
        else:
            view_json, legal = spliced.seat_json(state, seat)
            if seat != state.current_player or self.held:
                legal = "[]"
            if spliced.fast and not self._check(spliced, seat, view_json):
                return self.state_text(seat, common, deltas=deltas)  # now without splicing
        last_json = self._last_json(seat)
        return ('{"type":"state","you":' + encode(seat) + ',"legal":' + legal + ',"last":'
                + last_json + ',"view":' + view_json + ","
                + (common or self.common_text()) + (',"deltas":true}' if deltas else "}"))

    def pending_view(self) -> str:
        """While the match seed is not fixed: the stand-in match's public view with every
        card taken out (a card in a list goes, a card field is null, the trump suit too): no
        card is dealt yet."""
        view = _no_cards(to_json(self.public_view()))
        if view.get("trump") is not None:  # a stand-in's trump suit (its turned card's)
            view["trump"] = None
        return dumps(view)

    def spliced(self) -> Spliced:
        """The public view of the current state, encoded once (see :mod:`.fastview`)."""
        cached = self._spliced
        if cached is None or cached[0] is not self.state:
            cached = self._spliced = (self.state, Spliced(self.public_view()))
        return cached[1]

    def public_view(self) -> Any:
        """The public view of the current state (built once per state)."""
        cached = self._public
        if cached is None or cached[0] is not self.state:
            cached = self._public = (self.state, self.state.public_view())
        return cached[1]

    def drop_view(self) -> None:
        """After a broadcast: the public view object is not kept until the next move (its
        encoding is, :meth:`spliced`; the delta snapshot keeps its shared fields).  Fewer
        young objects for the cycle collector to walk: its pauses are shorter."""
        self._public = None

    def deltas(self, members: list[tuple[str, str]]) -> Deltas:
        """A broadcast to delta clients: its snapshot replaces the last one (see
        :mod:`.delta`); ``members`` are :meth:`common_parts`."""
        self.version += 1
        d = Deltas(self, self._snap, self.version, members, SHEET_ROWS)
        self._snap = d.new
        return d

    def forget_snapshot(self) -> None:
        """No delta client listens: the next one starts from a full state."""
        self._snap = None

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

    def common_parts(self) -> list[tuple[str, str]]:
        """The members of the ``state`` message every receiver shares: (name, JSON text)."""
        state = self.state
        connected = frozenset(c.seat for c in self.conns if c.seat is not None)
        key = connected | {"~auto:" + a for a in self.auto} | ({"~held"} if self.held else set())
        cached = self._info
        if cached is None or cached[0] is not self.row or cached[1] != key:
            cached = self._info = (self.row, frozenset(key), dumps(self.info()))
        return [("table", cached[2]), ("seq", encode(self.seq)),
                ("to_act", encode(state.current_player)), ("over", encode(state.is_over)),
                ("result", dumps(state.result)), ("sheet", self.sheet_json()),
                ("clock", self.clock_json()), ("fair", self.fair_json())]

    def common_text(self, parts: list[tuple[str, str]] | None = None) -> str:
        """:meth:`common_parts` as the JSON members of the ``state`` message."""
        return ",".join('"' + k + '":' + v for k, v in (parts or self.common_parts()))

    def fair_json(self) -> str:
        fair = self.fair
        return "null" if fair is None else fair.json(self.state, self.pending)


def _no_cards(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: None if isinstance(v, str) and _CARD.fullmatch(v) else _no_cards(v)
                for k, v in value.items()}
    if isinstance(value, list):
        return [_no_cards(v) for v in value if not (isinstance(v, str) and _CARD.fullmatch(v))]
    return value


def last_text(seat: str, action: str, viewer: str | None) -> str:
    """How the last action reads to ``viewer``: another seat's exchange shows as a count."""
    if viewer != seat and action.startswith("draw "):
        return f"draws {len(action.split()) - 1}"
    return action


def summary(r: TableRow) -> dict[str, Any]:
    options, settings = split_options(r.options)
    return {
        "id": r.table_id, "code": r.code, "game": r.game, "preset": r.preset,
        "options": options, "settings": settings.public(), "status": r.status,
        "created": r.created, "rated": not table_why(r),
        "seats": [{"seat": s.seat, "name": s.name, "kind": s.kind, "bot": s.bot,
                   "level": s.level, "taken": s.taken} for s in r.seats],
    }


def apply_as(state: GameState, seat: str, action: str) -> GameState:
    """Replay one stored action (with the game's gap filling for earlier versions' logs)."""
    if state.current_player != seat:
        try:
            legal = state.parse(action) in state.legal_actions()
        except TrapoulaError:
            legal = False
        if legal:
            raise IllegalActionError(
                f"the log has {seat} {action} but {state.current_player} acts")
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
