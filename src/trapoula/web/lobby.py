"""Creating, joining and finding tables, records and replays (a part of :class:`TableService`).

``create_table`` checks a table's spec (game, options, seats, table settings, a chosen seed
only at a solo table whose creator sits), the per-address quotas and the open-table limit, and
stores the new row with its seed's chain (web/dealing.py; drawing another code on a
collision); ``join`` gives a free human seat a new token (never at a table whose seed was
chosen).  Both answer a refusal with a :class:`~trapoula.web.table.ServiceError`.
"""

# The methods take ``self: TableService`` (the class they are mixed into), which mypy calls an
# "erased type" error (misc) of a mixin; the bodies are checked against TableService all the same.
# mypy: disable-error-code="misc"

from __future__ import annotations

import secrets
import time
import uuid
from functools import partial
from typing import TYPE_CHECKING, Any

import anyio.to_thread

import trapoula
from trapoula.errors import ConfigError
from trapoula.web.dealing import check_commit, new_chain
from trapoula.web.fairseed import Chain
from trapoula.web.limits import LimitError, clean_name
from trapoula.web.people.hub import hub_of
from trapoula.web.people.social import check_join, check_name
from trapoula.web.quota import QuotaError
from trapoula.web.seating import parse_seats
from trapoula.web.spec import SpecError, TableSettings, check_options, split_options
from trapoula.web.store import OVER, TableRow
from trapoula.web.table import (
    ServiceError,
    Table,
    hash_token,
    replay_frame,
    replay_steps,
    summary,
    unavailable,
    with_status,
)

if TYPE_CHECKING:
    from trapoula.web.people.rows import Account
    from trapoula.web.service import TableService

__all__ = ["LobbyMixin"]

_CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"


class LobbyMixin:
    """Tables and seats of :class:`~.service.TableService` (see the module docstring)."""

    async def create_table(self: TableService, spec: dict[str, Any], address: str | None = None,
                           account: Account | None = None,
                           round_chain: dict[str, Any] | None = None) -> dict[str, Any]:
        """Create a table from ``{"game","preset","options","seats","name","seat","table"}``;
        ``account``: the signed-in creator (his seat gets his account and name);
        ``round_chain``: a duplicate round's fixed chain (web/club/tourneys.py, never from a
        request): the table's seed is the round's, and its fair record says so."""
        if not isinstance(spec, dict):
            raise ServiceError(400, "bad_request", "send a JSON object")
        game_name = spec.get("game", "bourloto")
        options = spec.get("options") or {}
        if not isinstance(game_name, str) or not isinstance(options, dict):
            raise ServiceError(400, "bad_request", "'game' is a name, 'options' an object")
        try:
            game = trapoula.make(game_name, spec.get("preset"), **options)
            check_options(game)
        except (ConfigError, TypeError, SpecError) as exc:
            raise ServiceError(400, "bad_option", str(exc)) from None
        n = int(game.players)  # type: ignore[attr-defined]
        seats, level = parse_seats(game, spec.get("seats"), n)
        humans = [s.seat for s in seats if s.kind == "human"]
        want = spec.get("seat")
        if want is None and humans and spec.get("name") is not None:
            want = humans[0]
        if want is not None and want not in humans:
            raise ServiceError(400, "bad_seats", f"'seat' is a human seat: {', '.join(humans)}")
        try:
            settings = TableSettings.parse(spec.get("table"), humans=len(humans))
        except SpecError as exc:
            raise ServiceError(400, "bad_table", str(exc)) from None
        player = None
        if want is not None:
            try:
                player = clean_name(spec.get("name") if account is None else account.name)
            except LimitError as exc:
                raise ServiceError(400, "bad_name", str(exc)) from None
            await check_name(hub_of(self), player, account)
        seed = spec.get("seed")
        if seed is not None:
            if (isinstance(seed, bool) or not isinstance(seed, int)
                    or not 0 <= seed < 1 << 62):
                raise ServiceError(400, "bad_request",
                                   "'seed' is a whole number from 0 to 2**62-1")
            if len(humans) > 1 and not self.fixed_seeds:
                raise ServiceError(400, "bad_request", "a seed may be chosen only at a solo "
                                   "table (one person, the other seats bots): with other people "
                                   "at the table the server shuffles")
            if humans and want is None and not self.fixed_seeds:
                raise ServiceError(400, "bad_request", "a seed may be chosen only by the person "
                                   "who sits at the table: give 'name' (nobody else may join "
                                   "a table whose cards were known in advance)")
        commit = check_commit(spec.get("commit"))
        settings = settings.with_(level=level, creator=want, seed_chosen=seed is not None)
        if any(not s.taken for s in seats) or (want is None and humans):
            open_now = sum(1 for t in self.tables.values() if t.status == "open")
            if self.limits.open_tables and open_now >= self.limits.open_tables:
                raise ServiceError(429, "too_many", f"the server has {open_now} tables waiting "
                                   "for players; join one of them")
        held = self._holds
        try:
            self.quotas.check_seat(address if want is not None else None, held)
            self.quotas.create(address)
        except QuotaError as exc:
            raise ServiceError(429, "too_many", str(exc)) from None
        token = secrets.token_urlsafe(24) if want is not None else None
        seats = [
            s.__class__(s.seat, s.kind, player or "", token_hash=hash_token(token),
                        account_id=account.account_id if account is not None else None)
            if s.seat == want and token is not None else s
            for s in seats
        ]
        free = any(not s.taken for s in seats)
        # no chosen seed: the server's committed secret and every seat's committed value
        fair, row_seed = new_chain(settings, seats, want, commit) if seed is None else (None, seed)
        if round_chain is not None:  # every table of the round deals from the round's seed
            fixed = Chain.from_json(round_chain)
            if not fixed.fixed or fixed.seed is None or not fixed.source:
                raise ServiceError(500, "bad_round_seed", "a round's chain is fixed first")
            fair, row_seed = fixed.to_json(), fixed.seed
        for attempt in range(20):
            row = TableRow(
                uuid.uuid4().hex[:16], "".join(secrets.choice(_CODE_ALPHABET) for _ in range(6)),
                game.name, game.preset, settings.stored(game.changed_options()),
                row_seed, "open" if free else "playing", time.time(), seats, fair=fair,
            )
            try:
                await self._db(self.store.create_table, row)
                break
            except Exception as exc:  # a code collision: draw another (or the database is down)
                if attempt == 19 or self._db_is_down(exc):
                    self._db_failed(exc, "creating a table")
                    raise unavailable() from None
        self._db_ok()
        table = await self._get(row.table_id)
        if want is not None:
            self.quotas.take_seat(address, row.table_id, want, held)
        self._arm_clock(table)
        self._kick_bots(table)
        return {"table_id": row.table_id, "code": row.code, "seat": want, "token": token}

    @staticmethod
    def _db_is_down(exc: BaseException) -> bool:
        """Not a unique-code collision (IntegrityError / ValueError of the memory store; the
        store may wrap it in its StoreUnavailable)."""
        cause = exc.__cause__ if exc.__cause__ is not None else exc
        return type(cause).__name__ not in ("IntegrityError", "ValueError")

    def _holds(self: TableService, table_id: str) -> bool:
        """Whether a seat at ``table_id`` still counts towards its address's seats."""
        table = self.tables.get(table_id)
        return table is not None and not table.state.is_over

    async def join(self: TableService, code: str, name: Any, seat: Any = None,
                   address: str | None = None, commit: Any = None,
                   account: Account | None = None) -> dict[str, Any]:
        """Take a free human seat (the first one when ``seat`` is None); ``commit``: the
        seat's commitment to its value for the seed (web/dealing.py); ``account``: the
        signed-in player (the seat gets his account and his name, not ``name``; refused
        where a seated player blocks him, web/people/social.py)."""
        table_id = await self._db_try("joining", self.store.find_code, code)
        if table_id is None:
            table_id = code if await self._db_try("joining", self.store.get_table, code) else None
        if table_id is None:
            raise ServiceError(404, "not_found", f"no table with code {code!r}")
        try:
            player = clean_name(name if account is None else account.name)
        except LimitError as exc:
            raise ServiceError(400, "bad_name", str(exc)) from None
        await check_name(hub_of(self), player, account)
        if seat is not None and not isinstance(seat, str):
            raise ServiceError(400, "bad_seats", "'seat' is a seat name such as 'P2'")
        commit = check_commit(commit)
        table = await self._get(table_id)
        await self._refresh_row(table)
        if table.settings.seed_chosen and not self.fixed_seeds:
            raise ServiceError(403, "seeded", "this table's seed was chosen by its creator, so "
                               "its cards were known in advance: nobody else may sit at it; "
                               "watch it, or create or join another table")
        if table.status in OVER:
            raise ServiceError(409, "finished", "the game at this table is over")
        await check_join(hub_of(self), table.row, account.account_id if account else None)
        free = [s.seat for s in table.row.seats if not s.taken]
        if seat is None:
            if not free:
                raise ServiceError(409, "table_full", "every seat of this table is taken")
            seat = free[0]
        if table.seat_row(str(seat)) is None:
            raise ServiceError(400, "bad_seats", f"no seat {seat!r}; free seats: {free}")
        if seat not in free:
            raise ServiceError(409, "seat_taken", f"seat {seat} is taken; free seats: {free}")
        try:
            self.quotas.check_seat(address, self._holds)
            self.quotas.join(address)
        except QuotaError as exc:
            raise ServiceError(429, "too_many", str(exc)) from None
        token = secrets.token_urlsafe(24)
        if not await self._db_try("joining", self.store.set_seat, table_id, seat, player,
                                  hash_token(token),
                                  account.account_id if account is not None else None,
                                  write=True):
            raise ServiceError(409, "seat_taken", f"seat {seat} is taken; free seats: {free}")
        self.quotas.take_seat(address, table_id, seat, self._holds)
        self._forget_seat_clock(table, seat)  # an open seat a bot played: the newcomer's
        if commit is not None and table.chain is not None:
            try:  # the seat is taken: a database failing here only loses its contribution
                await self._refresh_row(table)
                await self._chain_step(table, lambda c: c.commit(seat, commit))
            except ServiceError:
                pass
        await self._seats_changed(table)
        return {"table_id": table_id, "code": table.row.code, "seat": seat, "token": token}

    async def _seats_changed(self: TableService, table: Table) -> None:
        """After a seat changed hands: status, everyone's state, other processes, bots (and
        the seed's chain: web/dealing.py)."""
        await self._refresh_row(table)
        await self._seeded_and_chain(table)
        full = all(s.taken for s in table.row.seats)
        status = table.status
        if status == "open" and full:
            status = "playing"
        elif status == "playing" and not full:
            status = "open"
        if status != table.status:
            try:
                await self._db(self.store.set_status, table.table_id, status)
            except Exception as exc:
                self._db_failed(exc, "setting a table's status")
            table.set_row(with_status(table.row, status))
        self._arm_clock(table)
        self._broadcast(table)
        await self.bus.publish(table.table_id, {"table": table.table_id, "seq": table.seq,
                                                "seats": True, "origin": self.origin})
        self._kick_bots(table)

    async def _refresh_row(self: TableService, table: Table, clocks: bool = False) -> None:
        """The table's row from the store; the seats' clock states too at a process that does
        not own the table (``clocks``: at the owner too, when it takes the table over)."""
        try:
            row = await self._db(self.store.get_table, table.table_id)
        except Exception as exc:  # keep the row we have
            self._db_failed(exc, "reading a table", write=False)
            return
        if row is not None:
            if table.state.is_over and row.status != "finished":
                row = with_status(row, "finished")
            old = table.row
            table.set_row(row)
            self._arm_reveal(table)  # the seed's values awaited (another process asked)
            if clocks or not self._owns(table):
                table.load_clocks()  # auto, banks: as the table's owner stored them
            else:  # the owner's own are newer (a save may be on its way): only seats that
                for was, now in zip(old.seats, row.seats, strict=False):  # changed hands
                    if (was.token_hash, was.kind) != (now.token_hash, now.kind):
                        self._forget_seat_clock(table, now.seat)

    async def list_tables(self: TableService, status: str | None = None, limit: int = 50
                          ) -> list[dict[str, Any]]:
        rows = await self._db_try("listing tables", partial(
            self.store.list_tables, open_only=True, limit=limit * 2, status=status))
        return [summary(r) for r in rows
                if not split_options(r.options)[1].private][:limit]

    async def find(self: TableService, code_or_id: str) -> dict[str, Any]:
        """A table's summary (with its id) by code or id, finished tables included."""
        table_id = await self._db_try("finding a table", self.store.find_code, code_or_id)
        row = await self._db_try("finding a table", self.store.get_table, table_id or code_or_id)
        if row is None:
            raise ServiceError(404, "not_found", f"no table with code {code_or_id!r}")
        return summary(row)

    async def record(self: TableService, table_id: str) -> dict[str, Any]:
        """The game record of a finished table, with every deal's revealed pack (``fair``)."""
        table = await self._get(table_id)
        if not table.state.is_over:
            raise ServiceError(404, "not_finished", "the record is ready when the game is over")
        await self._round_over(table)
        out = table.state.record()
        if table.fair is not None:
            out["fair"] = table.fair.record(True)
            if table.fair.chain is not None:  # the seed's chain, revealed (web/fairseed.py)
                out["chain"] = table.fair.chain.revealed()
        return out

    async def _round_over(self: TableService, table: Table) -> None:
        """A duplicate round's table shows its cards once every table of the round is done
        (the others play the same deals): ``round_open`` (web/club/tourneys.py) says."""
        chain = table.chain
        if chain is not None and chain.source and await self.round_open(chain.source):
            raise ServiceError(404, "round_not_over", "the other tables of this duplicate "
                               "round play the same deals: the record is ready when the "
                               "round is over")

    async def replay_steps(self: TableService, table_id: str) -> dict[str, Any]:
        """A finished table, step by step: the public view after each action (0..N)."""
        table, acts = await self._finished(table_id)
        return await anyio.to_thread.run_sync(replay_steps, table, acts)

    async def replay(self: TableService, table_id: str, seq: int) -> dict[str, Any]:
        """A finished table after ``seq`` actions: every seat's view and the public view."""
        table, acts = await self._finished(table_id)
        return await anyio.to_thread.run_sync(replay_frame, table, acts, seq)

    async def _finished(self: TableService, table_id: str
                        ) -> tuple[Table, list[tuple[int, str, str]]]:
        table = await self._get(table_id)
        if not table.state.is_over:
            raise ServiceError(404, "not_finished", "a replay is ready when the game is over")
        await self._round_over(table)
        return table, await self._db_try("reading a replay", self.store.actions, table_id, 0)

