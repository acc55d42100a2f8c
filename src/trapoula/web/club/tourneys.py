"""Running online tournaments on the table service: making each round's tables, seating the
entrants' accounts, and taking each finished table's match as the round's result.

Every change reads the tournament's row, applies itself (web/club/tourney.py) and writes it
back naming the version it read (web/club/tourney_store.py), again when another request or
process wrote first.  A table that finishes calls :meth:`Runner.table_over` (the service's
``finish_hooks``, called off the table's lock by the process that stored the last move); a
look at a tournament also collects any of its current tables that finished (so a process
that died before reporting loses nothing).  Reporting a result that is already in is a no-op,
and the write that pairs the next round is made by one request only (the versions), so a
tournament advances exactly once, whichever process sees its tables finish.

A round's tables are made by whoever paired it: real tables (``create_table``), private,
holding the deal until every seat is taken, the clock the organiser chose; a seat of a pair
whose player is registered is that account's (a seat token kept in the tournament's row
for him alone; ``my_seat``), any other seat a bot.  A person who does not come is played for
by the table's clock, as at any table.

A Bourré sit-and-go has one table: its entrants' accounts in seats P1, P2, ... in
registration order, bots in the others; the session's options are the sit-and-go's stacks
and antes (antes rise within the one session: ``ante_levels``, ``deals_per_level``).  When it
is over its places are taken from the session's deals (:func:`sitgo_places`).
"""

from __future__ import annotations

import logging
import secrets
import time
import uuid
from dataclasses import replace
from typing import TYPE_CHECKING, Any

import anyio

from trapoula.club.sitgo import placement
from trapoula.errors import TrapoulaError
from trapoula.web.club.tourney import Tourney, load_tourney, new_tourney
from trapoula.web.club.tourney_store import TourneyRow, Tourneys, tourneys_of
from trapoula.web.table import ServiceError, hash_token

if TYPE_CHECKING:
    from collections.abc import Callable

    from trapoula.web.people.rows import Account
    from trapoula.web.service import TableService
    from trapoula.web.table import Table

__all__ = ["Runner"]

log = logging.getLogger("trapoula.web")
RETRIES = 40
CLAIM_SECONDS = 60.0  # a round's tables not made by then are made by whoever looks


def _bad(exc: Exception) -> ServiceError:
    return ServiceError(400, "bad_tourney", str(exc))


class Runner:
    """The tournaments of one service (one per app)."""

    def __init__(self, service: TableService) -> None:
        self.service = service
        self.rows: Tourneys = tourneys_of(service.store)
        hooks: list[Any] = service.finish_hooks
        hooks.append(self.table_over)
        service.round_open = self.round_open

    async def _db(self, what: str, fn: Any, *args: Any) -> Any:
        return await self.service._db_try(what, fn, *args)

    async def _row(self, tourney_id: str) -> TourneyRow:
        row: TourneyRow | None = await self._db("reading a tournament", self.rows.get,
                                                tourney_id[:32])
        if row is None:
            raise ServiceError(404, "no_tourney", f"no tournament {tourney_id!r}")
        return row

    async def change(self, tourney_id: str, step: Callable[[Tourney], Tourney]
                     ) -> tuple[Tourney, Tourney]:
        """Apply ``step`` and write it (again after another writer won); (before, after)."""
        for _ in range(RETRIES):
            row = await self._row(tourney_id)
            before = load_tourney(row.data)
            try:
                after = step(before)
            except TrapoulaError as exc:
                raise _bad(exc) from None
            if after is before:
                return before, before
            if await self._db("writing a tournament", self.rows.put, row.tourney_id,
                              row.version, after.to_json(), after.status, time.time()):
                return before, after
        raise ServiceError(503, "busy", "the tournament is changing fast; try again")

    async def advance(self, tourney_id: str, step: Callable[[Tourney], Tourney]) -> Tourney:
        """:meth:`change`, then the round's tables when this write made them due (its seed
        fixed, or the round paired): exactly one writer gets there."""
        now = time.time()

        def claiming(t: Tourney) -> Tourney:
            after = step(t)
            if after is not t and after.tables_due() and not t.tables_due():
                after = replace(after, claimed=now)  # this write makes the tables
            return after
        before, after = await self.change(tourney_id, claiming)
        if after is before:
            return after
        if after.tables_due() and not before.tables_due():
            return await self._make_tables(tourney_id, after)
        rnd = after.round_no
        chain = after.chain(rnd)
        was = before.chain(rnd)
        if chain is not None and chain.phase == "reveal" and (was is None
                                                              or was.phase != "reveal"):
            self.service._spawn(self._time_out_later(tourney_id))
        return after

    async def _time_out_later(self, tourney_id: str) -> None:
        wait = float(self.service.limits.reveal_seconds)
        await anyio.sleep(wait + 0.05)
        try:
            await self.advance(tourney_id, lambda t: t.seed_time_out(time.time(), wait))
        except Exception:  # a look at the tournament times it out later
            log.exception("a duplicate round's seed of tournament %s did not time out",
                          tourney_id)

    async def round_open(self, source: dict[str, Any]) -> bool:
        """Whether the duplicate round ``source`` names still plays (its tables' records
        wait: the other tables play the same deals)."""
        row = await self._db("reading a tournament", self.rows.get,
                             str(source.get("tourney"))[:32])
        return row is not None and not load_tourney(row.data).round_done(
            int(source.get("round", 0)))

    async def seed(self, tourney_id: str, account: Account, body: dict[str, Any]) -> Tourney:
        """An entrant's commitment (``{"commit": H(r)}``) or value (``{"reveal": r}``)."""
        if "commit" in body:
            return await self.advance(tourney_id, lambda t: t.seed_commit(
                account.account_id, body["commit"]))
        return await self.advance(tourney_id, lambda t: t.seed_reveal(
            account.account_id, body.get("reveal")))

    # --- the organiser's and the entrants' steps ------------------------------------------------
    async def create(self, account: Account, raw: dict[str, Any]) -> str:
        try:
            t = new_tourney(raw)
        except TrapoulaError as exc:
            raise _bad(exc) from None
        tid = uuid.uuid4().hex[:16]
        row = TourneyRow(tid, account.account_id, t.settings["title"], t.settings["game"],
                         t.status, time.time(), t.settings["starts"], 1, t.to_json())
        await self._db("adding a tournament", self.rows.add, row)
        if row.starts is not None:  # this process starts it on time (a look does too)
            self.service._spawn(self._start_at(tid, row.starts))
        return tid

    async def _start_at(self, tourney_id: str, when: float) -> None:
        await anyio.sleep(max(0.0, when - time.time()))
        try:
            await self.show(tourney_id)
        except Exception:
            log.exception("tournament %s did not start on time", tourney_id)

    async def register(self, tourney_id: str, account: Account, pair: str,
                       partner: bool = False) -> Tourney:
        def step(t: Tourney) -> Tourney:
            if partner:
                return t.join(account.account_id, account.name, pair)
            return t.register(account.account_id, account.name, pair)
        _, after = await self.change(tourney_id, step)
        if after.settings["starts"] is None and len(after.entrants) >= after.settings["size"]:
            return await self.start(tourney_id)
        return after

    async def start(self, tourney_id: str, organiser: str | None = None) -> Tourney:
        """Start now (the organiser, or a full field, or the start time passed)."""
        row = await self._row(tourney_id)
        if organiser is not None and organiser != row.organiser:
            raise ServiceError(403, "not_organiser", "only the organiser starts it early")
        now = time.time()
        return await self.advance(
            tourney_id, lambda t: t.start(now) if t.status == "registering" else t)

    async def show(self, tourney_id: str) -> tuple[TourneyRow, Tourney]:
        """The tournament, after starting it if its time came and collecting its finished
        tables."""
        row = await self._row(tourney_id)
        t = load_tourney(row.data)
        starts = t.settings["starts"]
        if t.status == "registering" and starts is not None and time.time() >= starts:
            await self.start(tourney_id)
        elif t.status == "playing":
            await self.collect(tourney_id, t)
            wait = float(self.service.limits.reveal_seconds)
            await self.advance(tourney_id, lambda x: x.seed_time_out(time.time(), wait))
            await self._reclaim(tourney_id)
        row = await self._row(tourney_id)
        return row, load_tourney(row.data)

    async def _reclaim(self, tourney_id: str) -> None:
        """A round whose tables are due but were not made ``CLAIM_SECONDS`` after a writer
        took it upon itself (its process died, or the database failed it): made here."""
        now = time.time()
        before, after = await self.change(tourney_id, lambda t: replace(t, claimed=now)
                                          if t.tables_due() and now - t.claimed > CLAIM_SECONDS
                                          else t)
        if after is not before:
            log.warning("tournament %s: round %d's tables made again (the first maker did not "
                        "finish)", tourney_id, after.round_no)
            await self._make_tables(tourney_id, after)

    def my_seat(self, t: Tourney, account_id: str) -> dict[str, Any] | None:
        """The account's table of the current round: code, seat and its token."""
        if not t.tables or t.status != "playing":
            return None
        for tab in t.tables[-1]:
            got = tab.get("people", {}).get(account_id)
            if got is not None:
                return {"table_id": tab["table_id"], "code": tab["code"], "seat": got["seat"],
                        "token": got["token"], "round": len(t.tables)}
        return None

    # --- tables ----------------------------------------------------------------------------
    async def _make_tables(self, tourney_id: str, t: Tourney) -> Tourney:
        """Create the current round's tables (the caller paired it: only it comes here)."""
        rnd = t.round_no
        made: list[dict[str, Any]] = []
        if t.sitgo:
            made.append(await self._sitgo_table(tourney_id, t))
        for a, b in () if t.sitgo else t.event.rounds[-1].pairs:
            made.append(await self._table(tourney_id, rnd, t, a, b))
        _, after = await self.change(tourney_id, lambda x: x.with_tables(rnd, made)
                                     if len(x.tables) == rnd - 1 else x)
        return after

    async def _sitgo_table(self, tourney_id: str, t: Tourney) -> dict[str, Any]:
        """The sit-and-go's one table: every entrant's seat, the stacks and the antes."""
        st = t.settings
        seats = {f"P{i}": e.name for i, e in enumerate(t.entrants, 1)}
        people = {f"P{i}": (e.accounts[0], e.players[0])
                  for i, e in enumerate(t.entrants, 1) if e.accounts}
        options = {"players": len(t.entrants), "starting_stack": st["starting_stack"],
                   "ante": st["antes"][0], "ante_levels": ",".join(map(str, st["antes"])),
                   "deals_per_level": st["deals_per_level"], "ante_exemptions": "none"}
        made = await self._seat(tourney_id, 1, t, people, options, None)
        return {**made, "a": "", "b": "", "seats": seats}

    async def _table(self, tourney_id: str, rnd: int, t: Tourney, a: str, b: str
                     ) -> dict[str, Any]:
        ea, eb = t.entrant(a), t.entrant(b)
        # P1/P3 pair a, P2/P4 pair b: each pair's accounts in its seats, bots elsewhere
        people: dict[str, tuple[str, str]] = {}
        for seats, e in ((("P1", "P3"), ea), (("P2", "P4"), eb)):
            for seat, acc, name in zip(seats, e.accounts, e.players, strict=False):
                people[seat] = (acc, name)
        chain = t.chain(rnd) if t.duplicate else None
        made = await self._seat(tourney_id, rnd, t, people, None, chain)
        return {**made, "a": a, "b": b}

    async def _seat(self, tourney_id: str, rnd: int, t: Tourney,
                    people: dict[str, tuple[str, str]], options: dict[str, Any] | None,
                    chain: Any) -> dict[str, Any]:
        """A private table holding the deal: ``people``'s accounts seated, bots elsewhere."""
        svc = self.service
        n = options["players"] if options else 4
        spec = {"game": t.settings["game"], "preset": t.settings["preset"],
                "options": options or {},
                "seats": [{"kind": "human"} if f"P{i}" in people else {"kind": "bot"}
                          for i in range(1, n + 1)],
                "table": {"clock": t.settings["clock"], "private": True, "hold": True,
                          "rated": bool(t.settings.get("rated", True))}}
        if chain is not None:
            chain.source = {"tourney": tourney_id, "round": rnd}
        made = await svc.create_table(spec, round_chain=None if chain is None
                                      else chain.to_json())
        table_id = str(made["table_id"])
        await self._db("linking a table", self.rows.link, table_id, tourney_id, rnd)
        seated: dict[str, dict[str, str]] = {}
        for seat, (acc, name) in people.items():
            token = secrets.token_urlsafe(24)
            if await self._db("seating an entrant", svc.store.set_seat, table_id, seat, name,
                              hash_token(token), acc):
                seated[acc] = {"seat": seat, "token": token}
        if people:
            table = await svc._get(table_id)
            await svc._seats_changed(table)
        return {"table_id": table_id, "code": made["code"], "people": seated}

    async def table_over(self, table: Table) -> None:
        """A table finished (the service's hook): its tournament takes the result."""
        try:
            link = await self._db("finding a table's tournament", self.rows.of_table,
                                  table.table_id)
            if link is None:
                return
            await self._report(link[0], link[1], table.table_id, table.state)
        except Exception:  # a look at the tournament collects it later
            log.exception("a tournament did not take table %s's result", table.table_id)

    async def collect(self, tourney_id: str, t: Tourney) -> None:
        """Take the results of the current round's tables that finished."""
        rnd = t.round_no
        if len(t.tables) < rnd:
            return
        for tab in t.tables[rnd - 1]:
            if not t.sitgo and t.table_result(rnd, tab["a"], tab["b"]) is not None:
                continue
            row = await self._db("reading a table", self.service.store.get_table,
                                 tab["table_id"])
            if row is None or row.status != "finished":
                continue
            table = await self.service._get(tab["table_id"])
            if table.state.is_over:
                await self._report(tourney_id, rnd, tab["table_id"], table.state)

    async def _report(self, tourney_id: str, rnd: int, table_id: str, state: Any) -> None:
        result = state.result
        if result is None:
            return
        if "stacks" in result:  # a Bourré session: the sit-and-go's places
            await self.advance(tourney_id, lambda t: t.report_places(
                table_id, sitgo_places(state, t.tables[0][0]["seats"]))
                if t.status == "playing" and t.sitgo and t.tables else t)
            return
        scores = result["scores"]
        deals = [{"A": int(d.points["A"]), "B": int(d.points["B"])}
                 for d in getattr(state, "deals", ()) if set(d.points) == {"A", "B"}]
        now = time.time()

        def step(t: Tourney) -> Tourney:
            if rnd != t.round_no or t.status != "playing" or len(t.tables) < rnd:
                return t
            tab = next((x for x in t.tables[rnd - 1] if x["table_id"] == table_id), None)
            if tab is None or t.table_result(rnd, tab["a"], tab["b"]) is not None:
                return t  # reported already (by this process or another)
            return t.with_boards(rnd, table_id, deals).report(
                rnd, tab["a"], tab["b"], int(scores["A"]), int(scores["B"]), now)
        await self.advance(tourney_id, step)


def sitgo_places(session: Any, names: dict[str, str]) -> list[str]:
    """A finished Bourré session's places, first to last (``names``: seat -> entrant).  A
    player's elimination is the last deal he was dealt in; players out after the same deal
    are placed by their chips before it."""
    start = session.game.options.starting_stack
    before = [dict.fromkeys(names, start)] + [dict(d.stacks) for d in session.deals]
    last: dict[str, int] = {}
    for k, deal in enumerate(session.dealt, 1):
        for seat in deal.seats:
            last[str(seat)] = k
    winner = session.winner
    out = sorted(((s, k, before[k - 1].get(s, 0)) for s, k in last.items() if s != winner),
                 key=lambda e: e[1])
    order = placement(list(names), out)
    return [names[s] for s in order]
