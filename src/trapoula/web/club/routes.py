"""The routes of clubs and tournaments (``create_app`` adds :func:`club_routes`'s list): the
pages ``/score``, ``/nights``, ``/night/{code}``, ``/night/{code}/t/{table}``, ``/clubs`` and
``/club/{id}``, ``/tourneys`` and ``/tourney/{id}`` (the app's one page, whose scripts show
them) and the APIs of web/club/api_score.py, api_nights.py, api_clubs.py and api_tourneys.py.

Every API request counts against its address's ``club_calls_per_minute`` and every change
also against ``club_changes_per_minute`` (web/limits.py): beyond, a 429 ``too_many`` says the
limit and when to try again (``Retry-After``).  Like the other per-address limits the buckets
live in each server process.  Answers are JSON (``{"error", "message"}`` for a refusal), never
cached.
"""

from __future__ import annotations

import math
import time
from typing import TYPE_CHECKING, Any

from starlette.requests import HTTPConnection, Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from trapoula.web.club.api_clubs import ClubsApi
from trapoula.web.club.api_nights import NightsApi
from trapoula.web.club.api_score import ScoreApi
from trapoula.web.club.api_tourneys import TourneysApi
from trapoula.web.club.store import Clubs, clubs_of
from trapoula.web.club.tourneys import Runner
from trapoula.web.limits import TokenBucket
from trapoula.web.people.auth import account_of
from trapoula.web.people.throttle import TooMany
from trapoula.web.requests import _address, _body, _error
from trapoula.web.table import ServiceError

if TYPE_CHECKING:
    from trapoula.web.service import TableService

__all__ = ["ClubThrottle", "club_routes", "clubs_for"]


def clubs_for(conn: HTTPConnection) -> Clubs:
    """The clubs' rows of the app serving ``conn`` (beside its service's store)."""
    state = conn.app.state
    clubs: Clubs | None = getattr(state, "clubs", None)
    if clubs is None:
        clubs = state.clubs = clubs_of(state.service.store)
    return clubs


class ClubThrottle:
    """Token buckets per address: every call, and changes."""

    def __init__(self, calls: int, changes: int) -> None:
        self.limits = {"call": (calls, "requests to the club pages"),
                       "change": (changes, "changes (entries, results, new nights)")}
        self.buckets: dict[tuple[str, str], TokenBucket] = {}

    def take(self, kind: str, address: str | None, now: float | None = None) -> None:
        n, what = self.limits[kind]
        if address is None or not n:
            return
        now = time.monotonic() if now is None else now
        bucket = self.buckets.get((kind, address))
        if bucket is None:
            if len(self.buckets) > 100_000:
                self.buckets.clear()
            bucket = self.buckets[(kind, address)] = TokenBucket(n / 60.0, n, now)
        if not bucket.take(now):
            wait = max(1, math.ceil((1.0 - bucket.tokens) / bucket.rate))
            raise TooMany(f"at most {n} {what} a minute from one address: try again in "
                          f"{wait} s", wait)


def club_routes(service: TableService, page: Any) -> list[Route]:
    """The pages (served by ``page``, the app's index) and the APIs of clubs and nights."""

    limits = service.limits
    throttle = ClubThrottle(limits.club_calls_per_minute, limits.club_changes_per_minute)

    async def db(what: str, fn: Any, *args: Any) -> Any:
        return await service._db_try(what, fn, *args)

    score = ScoreApi(clubs_for, account_of, db)
    nights = NightsApi(clubs_for, account_of, db)
    clubs = ClubsApi(clubs_for, account_of, db, service.store.list_tables)
    tourneys = TourneysApi(Runner(service), account_of)

    def route(path: str, fn: Any, method: str = "GET") -> Route:
        change = method == "POST"

        async def endpoint(request: Request) -> Response:
            client = _address(request)
            try:
                throttle.take("call", client)
                args: list[Any] = [request]
                if change:
                    throttle.take("change", client)
                    data = await _body(request, limits.body_timeout)
                    if not isinstance(data, dict):
                        raise ServiceError(400, "bad_request", "send a JSON object")
                    args.append(data)
                out: Response = await fn(*args)
                out.headers["Cache-Control"] = "no-store"
                return out
            except TooMany as exc:
                answer: JSONResponse = _error(429, exc.code, exc.message)
                answer.headers["Retry-After"] = str(exc.retry_after)
                return answer
            except ServiceError as exc:
                return _error(exc.status, exc.code, exc.message)

        return Route(path, endpoint, methods=[method])

    return [
        Route("/score", page),
        Route("/nights", page),
        Route("/night/{code}", page),
        Route("/night/{code}/t/{table}", page),
        Route("/clubs", page),
        Route("/club/{club_id}", page),
        Route("/tourneys", page),
        Route("/tourney/{tourney_id}", page),
        route("/api/score/new", score.new, "POST"),
        route("/api/score/add", score.add, "POST"),
        route("/api/score/undo", score.undo, "POST"),
        route("/api/score/view", score.show, "POST"),
        route("/api/score/sheets", score.list),
        route("/api/score/sheets", score.save, "POST"),
        route("/api/score/sheets/{sheet_id}", score.get),
        route("/api/score/sheets/{sheet_id}/delete", score.delete, "POST"),
        route("/api/nights", nights.create, "POST"),
        route("/api/nights/mine", nights.mine),
        route("/api/nights/{code}", nights.show),
        route("/api/nights/{code}/register", nights.register, "POST"),
        route("/api/nights/{code}/pair", nights.pair, "POST"),
        route("/api/nights/{code}/correct", nights.correct, "POST"),
        route("/api/nights/{code}/t/{table}", nights.table),
        route("/api/nights/{code}/t/{table}", nights.report, "POST"),
        route("/api/nights/{code}/standings.{fmt:str}", nights.export),
        route("/api/tourneys", tourneys.create, "POST"),
        route("/api/tourneys", tourneys.list),
        route("/api/tourneys/{tourney_id}", tourneys.show),
        route("/api/tourneys/{tourney_id}/register", tourneys.register, "POST"),
        route("/api/tourneys/{tourney_id}/start", tourneys.start, "POST"),
        route("/api/tourneys/{tourney_id}/seed", tourneys.seed, "POST"),
        route("/api/tourneys/{tourney_id}/standings.{fmt:str}", tourneys.export),
        route("/api/clubs", clubs.list),
        route("/api/clubs", clubs.create, "POST"),
        route("/api/clubs/{club_id}", clubs.show),
        *(route(f"/api/clubs/{{club_id}}/{step}", getattr(clubs, step), "POST")
          for step in ("join", "accept", "leave", "invite", "approve", "remove", "role")),
    ]
