"""The ratings API: ``GET /api/leaderboard``, ``GET /api/players/{name}`` and the per-deal
double-dummy analysis of a finished table, ``GET /api/tables/{id}/analysis?deal=N``; and the
pages ``/leaderboard`` and ``/players/{name}`` (the single-page app: leaderboard.js,
profile.js).

Each answer is JSON; a refusal is ``{"error", "message"}`` with its status.  Limits, per
address and per process like the table quotas: :data:`CALLS_PER_MINUTE` reads, and
:data:`ANALYSES_PER_MINUTE` analyses (each may take a core for a second: one runs at a time,
:data:`ANALYSES_WAITING` more may wait, and each deal's answer is kept, :data:`CACHE_MAX`).
"""

from __future__ import annotations

import time
from collections import OrderedDict
from typing import TYPE_CHECKING, Any

import anyio
import anyio.to_thread
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route

from trapoula.web.people.ratings import display, people_for, provisional
from trapoula.web.people.standing import BOT_PREFIX, Played, Standing
from trapoula.web.people.throttle import Throttle, TooMany
from trapoula.web.requests import _address, _error
from trapoula.web.table import ServiceError, apply_as

if TYPE_CHECKING:
    from trapoula.web.service import TableService

__all__ = ["ANALYSES_PER_MINUTE", "CALLS_PER_MINUTE", "analyse_deal", "rating_routes"]

CALLS_PER_MINUTE = 240
ANALYSES_PER_MINUTE = 12
ANALYSES_WAITING = 4
CACHE_MAX = 512
PAGE_MAX = 100
HISTORY_POINTS = 200
RECENT = 30


def subject_name(subject: str, name: str) -> str:
    if subject.startswith(BOT_PREFIX):
        return f"bot ({subject[len(BOT_PREFIX):]})"
    return name


def standing_json(st: Standing) -> dict[str, Any]:
    return {"game": st.game, "preset": st.preset, "rating": display(st),
            "mu": round(st.mu, 3), "sigma": round(st.sigma, 3), "matches": st.matches,
            "wins": st.wins, "last_played": st.last_played, "provisional": provisional(st),
            "bot": st.subject.startswith(BOT_PREFIX),
            "level": st.subject[len(BOT_PREFIX):] if st.subject.startswith(BOT_PREFIX) else None,
            "name": subject_name(st.subject, st.name)}


def played_json(p: Played) -> dict[str, Any]:
    return {"table_id": p.table_id, "game": p.game, "preset": p.preset, "seat": p.seat,
            "ts": p.ts, "rated": p.rated, "place": p.place, "won": p.won,
            "rating": display(Standing(p.subject, p.game, p.preset, p.mu, p.sigma)),
            "replay": f"/replay/{p.table_id}"}


def analyse_deal(game: Any, start: Any, acts: list[tuple[int, str, str]], deal: int
                 ) -> dict[str, Any]:
    """The double-dummy analysis of deal ``deal`` of a finished table (search/analysis.py):
    each card played with the value of every legal card, and each seat's points lost."""
    from trapoula.search.analysis import analyse_states, summary

    states = [start]
    for _, seat, action in acts:
        states.append(apply_as(states[-1], seat, action))
    numbers = [getattr(s, "deal_number", 1) for s in states]
    inside = [k for k, n in enumerate(numbers) if n == deal and not states[k].is_over]
    if not inside:
        raise ServiceError(404, "no_deal", f"the match has no deal {deal}; it has "
                           f"{max(numbers)}")
    rows = analyse_states(states[inside[0]:inside[-1] + 2])
    return {"deal": deal, "game": game.name, "moves": [r.as_dict() for r in rows],
            "players": summary(rows),
            "available": game.name in ("bourloto", "bourre")}


def profile(people: Any, name: str) -> dict[str, Any] | None:
    """A player's profile (None: no such player), read in one go (a worker thread)."""
    if name.startswith(BOT_PREFIX):
        subject = name
        out: dict[str, Any] = {"name": subject_name(name, name), "bot": True, "languages": [],
                               "member_since": None}
    else:
        account = people.find_account(name)
        if account is None or account.status == "deleted":
            return None
        subject = account.account_id
        out = {"name": account.name, "bot": False, "languages": list(account.languages),
               "member_since": account.created}
    games = []
    for st in people.standings(subject):
        hist = people.played(subject, st.game, st.preset, HISTORY_POINTS)
        games.append({**standing_json(st), "history": [
            {"ts": p.ts, "rating": played_json(p)["rating"]} for p in reversed(hist)
            if p.rated]})
    recent = people.played(subject, None, None, RECENT)
    out.update(games=games, recent=[played_json(p) for p in recent])
    return out


class Ratings:
    """The ratings API over a service (its store's players' home)."""

    def __init__(self, service: TableService) -> None:
        self.service = service
        self.throttle = Throttle(service.limits)
        self._calls: dict[str, Any] = {}
        self._analyses: dict[str, Any] = {}
        self._cache: OrderedDict[tuple[str, int], dict[str, Any]] = OrderedDict()
        self._one = anyio.CapacityLimiter(1)
        self.waiting = 0
        self._boards: dict[tuple[str, str], bool] = {}
        self._defaults: dict[str, str] = {}

    def call(self, address: str | None) -> None:
        Throttle._take(self._calls, address, CALLS_PER_MINUTE, 60.0,
                       f"at most {CALLS_PER_MINUTE} rating requests a minute from one address",
                       None)

    async def _db(self, what: str, fn: Any, *args: Any) -> Any:
        return await self.service._db_try(what, fn, *args)

    def _default_preset(self, game: str) -> str:
        got = self._defaults.get(game)
        if got is None:
            import trapoula

            try:
                got = str(trapoula.make(game).preset)
            except Exception:
                got = ""
            if len(self._defaults) < 100:
                self._defaults[game] = got
        return got

    def _board_ok(self, game: str, preset: str) -> bool:
        got = self._boards.get((game, preset))
        if got is None:
            import trapoula

            try:
                got = trapoula.make(game, preset or None).preset == preset
            except Exception:
                got = False
            if len(self._boards) < 1000:
                self._boards[game, preset] = got
        return got

    async def leaderboard(self, request: Request) -> JSONResponse:
        q = request.query_params
        game, preset = q.get("game", "bourloto"), q.get("preset", "")
        if not preset:
            preset = self._default_preset(game)
        if not self._board_ok(game, preset):
            raise ServiceError(400, "bad_request", "game and preset: a game and one of its "
                               "presets (GET /api/games lists them)")
        offset, limit = _int(q.get("offset"), 0, 10**7), _int(q.get("limit"), 50, PAGE_MAX)
        people = people_for(self.service.store)
        total, rows = await self._db("reading the leaderboard", people.leaderboard, game,
                                     preset, offset, max(1, limit))
        return JSONResponse({
            "game": game, "preset": preset, "total": total, "offset": offset, "limit": limit,
            "rows": [{"rank": offset + k + 1, **standing_json(st),
                      "profile": f"/players/{subject_name(st.subject, st.name)}"
                      if not st.subject.startswith(BOT_PREFIX) and not st.gone else None}
                     for k, st in enumerate(rows)]})

    async def player(self, request: Request) -> JSONResponse:
        people = people_for(self.service.store)
        out = await self._db("reading a player", profile, people, request.path_params["name"])
        if out is None:
            raise ServiceError(404, "not_found",
                               f"no player named {request.path_params['name']!r}")
        return JSONResponse(out)

    async def analysis(self, request: Request, address: str | None) -> JSONResponse:
        table_id = request.path_params["table_id"]
        deal = _int(request.query_params.get("deal"), 1, 10**6)
        key = (table_id, deal)
        got = self._cache.get(key)
        if got is not None:
            self._cache.move_to_end(key)
            return JSONResponse(got)
        Throttle._take(self._analyses, address, ANALYSES_PER_MINUTE, 60.0,
                       f"at most {ANALYSES_PER_MINUTE} deal analyses a minute from one "
                       "address", None)
        table, acts = await self.service._finished(table_id)  # 404 before the end
        if self.waiting >= 1 + ANALYSES_WAITING:
            raise TooMany("the server is analysing other deals: try again in a few seconds", 5)
        self.waiting += 1
        try:
            got = await anyio.to_thread.run_sync(
                analyse_deal, table.game, table.row.new_match(table.game), acts, deal,
                limiter=self._one)
        finally:
            self.waiting -= 1
        self._cache[key] = got
        while len(self._cache) > CACHE_MAX:
            self._cache.popitem(last=False)
        return JSONResponse(got)


def _int(raw: str | None, default: int, top: int) -> int:
    if raw is None or raw == "":
        return default
    if not (raw.isascii() and raw.isdigit() and len(raw) <= 9):
        raise ServiceError(400, "bad_request", f"a whole number from 0 to {top} is expected")
    return min(int(raw), top)


def rating_routes(service: TableService, page: Any) -> list[Route]:
    """The routes of the ratings API, and of its pages (``page``: the app's page endpoint);
    ``create_app`` adds them."""

    ratings = Ratings(service)

    def route(path: str, fn: Any, address: bool = False) -> Route:
        async def endpoint(request: Request) -> JSONResponse:
            client = _address(request)
            t0 = time.monotonic()
            try:
                ratings.call(client)
                out: JSONResponse = await (fn(request, client) if address else fn(request))
                out.headers["Cache-Control"] = "no-store"
                out.headers["Server-Timing"] = f"app;dur={(time.monotonic() - t0) * 1000:.1f}"
                return out
            except TooMany as exc:
                answer = _error(429, exc.code, exc.message)
                answer.headers["Retry-After"] = str(exc.retry_after)
                return answer
            except ServiceError as exc:
                return _error(exc.status, exc.code, exc.message)

        return Route(path, endpoint, methods=["GET"])

    return [
        route("/api/leaderboard", ratings.leaderboard),
        route("/api/players/{name}", ratings.player),
        route("/api/tables/{table_id}/analysis", ratings.analysis, address=True),
        Route("/leaderboard", page),
        Route("/players/{name}", page),
    ]
