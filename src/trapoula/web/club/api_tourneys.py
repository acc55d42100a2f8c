"""The online tournament API (docs/web.md, "Clubs and tournaments").

* ``POST /api/tourneys`` — a signed-in organiser creates one: ``{"title", "game", "preset",
  "rounds", "size", "starts", "clock", "rated", "duplicate"}``, for a Bourré sit-and-go
  ``{"game": "bourre", "size", "starting_stack", "antes", "deals_per_level", "bots", ...}``
  (web/club/tourney.py says what each may be);
* ``GET /api/tourneys`` — the latest; ``GET /api/tourneys/{id}`` — the tournament (anyone):
  entrants, rounds with their tables and results, standings with tie-breaks, and for a
  signed-in entrant his own table of the current round (``mine``: code, seat, token);
* ``POST /api/tourneys/{id}/register`` ``{"pair": name}`` a new pair, ``{"pair": name,
  "partner": true}`` the partner of a pair; ``POST /api/tourneys/{id}/start`` the organiser
  starts it now (the field filled with bots); ``POST /api/tourneys/{id}/seed``
  ``{"commit": H(r)}`` or ``{"reveal": r}``: an entrant's part in a duplicate round's seed
  (web/club/tourney.py);
* ``GET /api/tourneys/{id}/standings.csv`` / ``.json`` — the export.
"""

from __future__ import annotations

from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from trapoula.errors import TrapoulaError
from trapoula.web.club.tourney import Tourney, load_tourney
from trapoula.web.club.tourney_store import TourneyRow
from trapoula.web.club.tourneys import Runner
from trapoula.web.people.rows import Account
from trapoula.web.table import ServiceError

__all__ = ["TourneysApi"]


class TourneysApi:
    """The handlers over a :class:`Runner`; ``signed_in`` gives a request's account."""

    def __init__(self, runner: Runner, signed_in: Any) -> None:
        self.runner = runner
        self.signed_in = signed_in

    async def _account(self, request: Request, what: str) -> Account:
        account: Account | None = await self.signed_in(request)
        if account is None:
            raise ServiceError(401, "signed_out", f"sign in to {what}")
        return account

    @staticmethod
    def _id(request: Request) -> str:
        return str(request.path_params["tourney_id"])[:32]

    def _public(self, row: TourneyRow, t: Tourney, account: Account | None) -> dict[str, Any]:
        out = t.public_json()
        out.update(id=row.tourney_id, title=row.title, version=row.version,
                   organiser=account is not None and account.account_id == row.organiser)
        if account is not None:
            entry = t.entry_of(account.account_id)
            out["entry"] = entry.name if entry is not None else None
            out["mine"] = self.runner.my_seat(t, account.account_id)
            if t.duplicate:
                out["seeds"] = t.seeds_json(account.account_id)
        return out

    async def create(self, request: Request, body: dict[str, Any]) -> JSONResponse:
        account = await self._account(request, "organise a tournament")
        tid = await self.runner.create(account, body)
        row, t = await self.runner.show(tid)
        return JSONResponse(self._public(row, t, account))

    async def list(self, request: Request) -> JSONResponse:
        rows = await self.runner._db("listing tournaments", self.runner.rows.recent, 100)
        return JSONResponse({"tourneys": [
            {"id": r.tourney_id, "title": r.title, "game": r.game, "status": r.status,
             "created": r.created, "starts": r.starts} for r in rows]})

    async def show(self, request: Request) -> JSONResponse:
        account = await self.signed_in(request)
        row, t = await self.runner.show(self._id(request))
        return JSONResponse(self._public(row, t, account))

    async def register(self, request: Request, body: dict[str, Any]) -> JSONResponse:
        account = await self._account(request, "register")
        pair = body.get("pair")
        if not isinstance(pair, str):
            raise ServiceError(400, "bad_request", "send 'pair': the pair's name")
        await self.runner.register(self._id(request), account, pair,
                                   partner=body.get("partner") is True)
        row, t = await self.runner.show(self._id(request))
        return JSONResponse(self._public(row, t, account))

    async def start(self, request: Request, body: dict[str, Any]) -> JSONResponse:
        account = await self._account(request, "start the tournament")
        await self.runner.start(self._id(request), organiser=account.account_id)
        row, t = await self.runner.show(self._id(request))
        return JSONResponse(self._public(row, t, account))

    async def seed(self, request: Request, body: dict[str, Any]) -> JSONResponse:
        account = await self._account(request, "commit to a round's seed")
        await self.runner.seed(self._id(request), account, body)
        row, t = await self.runner.show(self._id(request))
        return JSONResponse(self._public(row, t, account))

    async def export(self, request: Request) -> Response:
        fmt = request.path_params["fmt"]
        if fmt not in ("csv", "json"):
            raise ServiceError(404, "not_found", "the standings export as .csv or .json")
        row = await self.runner._row(self._id(request))
        try:
            t = load_tourney(row.data)
        except TrapoulaError as exc:
            raise ServiceError(500, "bad_record", str(exc)) from None
        name = f"tourney-{row.tourney_id}-standings"
        if fmt == "csv":
            return Response(t.csv(), media_type="text/csv; charset=utf-8", headers={
                "Content-Disposition": f'attachment; filename="{name}.csv"'})
        return Response(t.json_export(), media_type="application/json", headers={
            "Content-Disposition": f'attachment; filename="{name}.json"'})
