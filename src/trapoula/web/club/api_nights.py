"""The club night API (docs/web.md, "Clubs and tournaments"): a night played with real cards.

A signed-in director creates a night for a game (``POST /api/nights``; with ``club``, a
club's administrator puts it on the club's calendar), registers the pairs
or players (``/register``), pairs each round (``/pair``: Swiss, Danish or round-robin, from
trapoula.club) and may correct any result (``/correct``).  Each table of a round has a code:
``GET``/``POST /api/nights/{code}/t/{table code}`` shows the match and takes its result once,
from anyone who has the code (no account).  ``GET /api/nights/{code}`` is the standings
screen's (anyone); ``/standings.csv`` and ``/standings.json`` export them.

The night is stored as its list of events (web/club/nights.py) and replayed on every read; a
change reads the row, applies itself and writes it back naming the version it read, again
when another request (of this process or another) wrote first.
"""

from __future__ import annotations

import random
import time
import uuid
from collections.abc import Callable
from typing import Any

import anyio
from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from trapoula.club.event import SCORINGS, SYSTEMS
from trapoula.errors import TrapoulaError
from trapoula.web.club.nights import Night, load_night, new_code, new_night
from trapoula.web.club.store import Clubs, NightRow
from trapoula.web.people.rows import Account
from trapoula.web.table import ServiceError

__all__ = ["NightsApi"]

GAMES = ("burraco", "bourloto")
MAX_NIGHTS = 500  # nights one director keeps
RETRIES = 40  # writes of a change that lost to another request's, a few ms apart


def _bad(exc: Exception) -> ServiceError:
    return ServiceError(400, "bad_night", str(exc))


class NightsApi:
    """The handlers; ``clubs`` gives a request's rows, ``signed_in`` its account, ``db`` runs
    a store call in the service's worker threads."""

    def __init__(self, clubs: Any, signed_in: Any, db: Any) -> None:
        self.clubs = clubs
        self.signed_in = signed_in
        self.db = db

    async def _row(self, request: Request) -> tuple[Clubs, NightRow]:
        clubs: Clubs = self.clubs(request)
        code = str(request.path_params["code"])[:16]
        row = await self.db("reading a night", clubs.night_by_code, code)
        if row is None:
            raise ServiceError(404, "no_night", f"no club night has the code {code!r}")
        return clubs, row

    @staticmethod
    def _night(row: NightRow) -> Night:
        try:
            return load_night(row.data)
        except TrapoulaError as exc:
            raise ServiceError(500, "bad_record", str(exc)) from None

    async def _director(self, request: Request, row: NightRow) -> Account:
        account: Account | None = await self.signed_in(request)
        if account is None:
            raise ServiceError(401, "signed_out", "sign in as the night's director")
        if account.account_id != row.director and "admin" not in account.roles:
            raise ServiceError(403, "not_director", "only the night's director may do this")
        return account

    async def _change(self, request: Request, fn: Callable[[Night], Night],
                      director: bool = True) -> JSONResponse:
        """Apply ``fn`` to the stored night and write it back (again on a conflict)."""
        for _ in range(RETRIES):
            clubs, row = await self._row(request)
            if director:
                await self._director(request, row)
            try:
                night = fn(self._night(row))
            except TrapoulaError as exc:
                raise _bad(exc) from None
            if not await self.db("writing a night", clubs.put_night, row.night_id,
                                 row.version, night.to_json(), time.time()):
                await anyio.sleep(random.uniform(0.0, 0.02))
                continue  # another request wrote first: read it again
            return JSONResponse(self._public(row, night, row.version + 1, director))
        raise ServiceError(503, "busy", "the night is changing too fast: try again")

    @staticmethod
    def _public(row: NightRow, night: Night, version: int, director: bool) -> dict[str, Any]:
        out = night.public_json(director=director)
        out.update(code=row.code, title=row.title, starts=row.starts, version=version,
                   director=director, club=row.club_id)
        return out

    # --- the director's ----------------------------------------------------------------------
    async def create(self, request: Request, body: dict[str, Any]) -> JSONResponse:
        account = await self.signed_in(request)
        if account is None:
            raise ServiceError(401, "signed_out", "sign in to direct a club night")
        game, system = body.get("game", "burraco"), body.get("system", "swiss")
        scoring = body.get("scoring", "fibur3" if game == "burraco" else "wdl")
        title = body.get("title") or ""
        starts = body.get("starts")
        if game not in GAMES:
            raise ServiceError(400, "bad_request", f"'game' is one of {', '.join(GAMES)}")
        if system not in SYSTEMS or scoring not in SCORINGS:
            raise ServiceError(400, "bad_request", f"'system' is one of {', '.join(SYSTEMS)}; "
                               f"'scoring' one of {', '.join(SCORINGS)}")
        if not isinstance(title, str) or len(title) > 80:
            raise ServiceError(400, "bad_request", "'title' is up to 80 characters")
        if starts is not None and (isinstance(starts, bool) or
                                   not isinstance(starts, int | float)):
            raise ServiceError(400, "bad_request", "'starts' is a time (seconds since 1970)")
        clubs: Clubs = self.clubs(request)
        club = body.get("club")
        if club is not None:
            places = {m.club_id: m.role for m in await self.db(
                "reading members", clubs.memberships, account.account_id)}
            if not isinstance(club, str) or places.get(club) != "admin":
                raise ServiceError(403, "not_club_admin", "a club's nights are made by its "
                                   "administrators")
        mine = await self.db("reading nights", clubs.nights_of, account.account_id, MAX_NIGHTS)
        if len(mine) >= MAX_NIGHTS:
            raise ServiceError(409, "too_many_nights", f"a director keeps at most "
                               f"{MAX_NIGHTS} nights")
        night = new_night(str(game), str(system), str(scoring))
        for _ in range(RETRIES):
            row = NightRow(uuid.uuid4().hex, new_code(6), account.account_id,
                           title.strip() or f"{game} {time.strftime('%Y-%m-%d')}", str(game),
                           time.time(), None if starts is None else float(starts), 1,
                           night.to_json(), club)
            if not await self.db("creating a night", clubs.add_night, row):
                continue  # the code is taken: another
            return JSONResponse(self._public(row, night, 1, True))
        raise ServiceError(503, "busy", "no free night code: try again")

    async def mine(self, request: Request) -> JSONResponse:
        account = await self.signed_in(request)
        if account is None:
            raise ServiceError(401, "signed_out", "sign in to see your nights")
        rows = await self.db("reading nights", self.clubs(request).nights_of,
                             account.account_id, MAX_NIGHTS)
        return JSONResponse({"nights": [{"code": r.code, "title": r.title, "game": r.game,
                                         "created": r.created, "starts": r.starts}
                                        for r in rows]})

    async def register(self, request: Request, body: dict[str, Any]) -> JSONResponse:
        names = body.get("names")
        if not isinstance(names, list) or not names or len(names) > 200:
            raise ServiceError(400, "bad_request", "send 'names': a list of 1-200 names")

        def fn(night: Night) -> Night:
            for n in names:
                night = night.register(n)
            return night
        return await self._change(request, fn)

    async def pair(self, request: Request, body: dict[str, Any]) -> JSONResponse:
        return await self._change(request, lambda n: n.pair())

    async def correct(self, request: Request, body: dict[str, Any]) -> JSONResponse:
        return await self._change(request, lambda n: n.correct(
            body.get("round"), body.get("table"), body.get("points_a"), body.get("points_b")))

    # --- anyone's ----------------------------------------------------------------------------
    async def show(self, request: Request) -> JSONResponse:
        _, row = await self._row(request)
        account = await self.signed_in(request)
        director = account is not None and (account.account_id == row.director
                                            or "admin" in account.roles)
        return JSONResponse(self._public(row, self._night(row), row.version, director))

    async def table(self, request: Request) -> JSONResponse:
        _, row = await self._row(request)
        night = self._night(row)
        try:
            number, a, b, done = night.table(str(request.path_params["table"])[:8])
        except TrapoulaError as exc:
            raise ServiceError(404, "no_table", str(exc)) from None
        return JSONResponse({"code": row.code, "title": row.title, "game": row.game,
                             "round": len(night.event.rounds), "table": number, "a": a, "b": b,
                             "result": list(done) if done else None,
                             "scoring": night.event.scoring})

    async def report(self, request: Request, body: dict[str, Any]) -> JSONResponse:
        table = str(request.path_params["table"])[:8]
        out = await self._change(request, lambda n: n.report(
            table, body.get("points_a"), body.get("points_b")), director=False)
        return out

    async def export(self, request: Request) -> Response:
        if request.path_params["fmt"] not in ("csv", "json"):
            raise ServiceError(404, "not_found", "the standings export as .csv or .json")
        _, row = await self._row(request)
        night = self._night(row)
        name = f"night-{row.code}-standings"
        if request.path_params["fmt"] == "csv":
            return Response(night.csv(), media_type="text/csv; charset=utf-8", headers={
                "Content-Disposition": f'attachment; filename="{name}.csv"'})
        return Response(night.json_export(), media_type="application/json", headers={
            "Content-Disposition": f'attachment; filename="{name}.json"'})
