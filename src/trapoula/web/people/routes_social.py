"""HTTP routes of the players' social life (docs/web.md, "Players' home: friends and
moderation"): ``/api/social/...`` for a signed-in player and ``/api/admin/...`` for an
account with the ``admin`` or ``moderator`` role; ``/admin`` serves the page.

Every route needs a signed-in account (401 otherwise); every one has a per-account limit
answered 429 with what the limit is and how long to wait (:class:`SocialLimits`).
"""

from __future__ import annotations

import asyncio
import math
import time
from typing import TYPE_CHECKING, Any

from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route

from trapoula.web.limits import TokenBucket
from trapoula.web.people import moderation, social
from trapoula.web.people.auth import account_of
from trapoula.web.people.hub import hub_of
from trapoula.web.table import ServiceError

if TYPE_CHECKING:
    from collections.abc import Awaitable, Callable

    from trapoula.web.people.rows import Account
    from trapoula.web.service import TableService

__all__ = ["SocialLimits", "social_routes"]

WAIT_MAX = 25.0  # seconds a lobby's wait for news lasts at most


class SocialLimits:
    """Per account: ``writes`` friend/block/mute/invite requests a minute, ``reports`` an
    hour, ``waits`` lobbies waiting for news at once (tabs) and ``reads`` other requests a
    minute.  Per process (like the per-address limits of web/quota.py)."""

    def __init__(self, writes: int = 30, reports: int = 10, waits: int = 4,
                 reads: int = 120) -> None:
        self.rates = {"writes": (writes, 60.0), "reports": (reports, 3600.0),
                      "reads": (reads, 60.0)}
        self.waits = waits
        self._buckets: dict[tuple[str, str], TokenBucket] = {}

    def take(self, kind: str, account_id: str, now: float | None = None) -> None:
        n, per = self.rates[kind]
        if not n:
            return
        now = time.monotonic() if now is None else now
        key = (kind, account_id)
        b = self._buckets.get(key)
        if b is None:
            if len(self._buckets) > 100_000:  # forget the full buckets
                self._buckets = {k: v for k, v in self._buckets.items()
                                 if v.tokens + (now - v.last) * v.rate < v.burst}
            b = self._buckets[key] = TokenBucket(n / per, n, now)
        if not b.take(now):
            wait = math.ceil((1.0 - b.tokens) / b.rate)
            what = {"writes": "friend, block, mute and invite requests",
                    "reports": "reports", "reads": "requests"}[kind]
            unit = "an hour" if per == 3600.0 else "a minute"
            raise ServiceError(429, "too_many", f"at most {n} {what} {unit} from one account; "
                               f"wait {wait} s")


def _error(exc: ServiceError) -> JSONResponse:
    return JSONResponse({"error": exc.code, "message": exc.message}, status_code=exc.status)


def social_routes(service: TableService, read_body: Callable[[Request], Awaitable[Any]],
                  page: Callable[[Request], Awaitable[Any]]) -> list[Route]:
    """The routes; ``read_body``: the app's JSON body reader (size and time limits);
    ``page``: the app's page (``/admin``)."""
    hub = hub_of(service)
    limits: SocialLimits = getattr(service, "social_limits", None) or SocialLimits()
    waiting: dict[str, int] = {}

    async def me(request: Request, kind: str = "reads") -> Account:
        account = await account_of(request)
        if account is None:
            raise ServiceError(401, "signed_out", "sign in first: friends, invites, blocks "
                               "and reports belong to an account")
        limits.take(kind, account.account_id)
        return account

    async def body(request: Request) -> dict[str, Any]:
        b = await read_body(request)
        if not isinstance(b, dict):
            raise ServiceError(400, "bad_request", "send a JSON object")
        return b

    def endpoint(fn: Callable[[Request], Awaitable[Any]]) -> Callable[[Request], Any]:
        async def run(request: Request) -> JSONResponse:
            try:
                return JSONResponse(await fn(request))
            except ServiceError as exc:
                return _error(exc)
        return run

    @endpoint
    async def api_home(request: Request) -> Any:
        account = await me(request)
        now = time.time()  # news after this wakes the next wait (read before the home)
        out = await social.home(hub, account)
        out["now"] = now
        return out

    @endpoint
    async def api_wait(request: Request) -> Any:
        """Wait until there is news for me after ``since`` (an invite, a friend's request or
        answer): ``{"news": true}`` (then read /api/social/home) or false after at most
        ``WAIT_MAX`` seconds."""
        account = await me(request)
        try:
            since = float(request.query_params.get("since", "0"))
            timeout = min(WAIT_MAX, float(request.query_params.get("timeout", WAIT_MAX)))
        except ValueError:
            raise ServiceError(400, "bad_request", "since and timeout are numbers") from None
        if not math.isfinite(since) or not math.isfinite(timeout):
            raise ServiceError(400, "bad_request", "since and timeout are numbers")
        a = account.account_id
        if waiting.get(a, 0) >= limits.waits:
            raise ServiceError(429, "too_many", f"at most {limits.waits} pages of one account "
                               "wait for news at once; close a tab")
        waiting[a] = waiting.get(a, 0) + 1
        news = False

        async def ready() -> bool:
            nonlocal news
            if await request.is_disconnected():  # the page left: stop waiting for it
                return True
            news = hub.news_since(a) > since or bool(
                await hub.db(hub.people.invites_for, a, since, 1))
            return news

        try:
            await hub.wait(a, max(0.0, timeout), ready)
        except asyncio.CancelledError:
            raise
        finally:
            waiting[a] -= 1
            if not waiting[a]:
                del waiting[a]
        return {"news": news, "now": time.time()}

    @endpoint
    async def api_friend(request: Request) -> Any:
        account = await me(request, "writes")
        return await social.ask(hub, account, (await body(request)).get("player"))

    @endpoint
    async def api_unfriend(request: Request) -> Any:
        account = await me(request, "writes")
        return await social.drop(hub, account, (await body(request)).get("player"))

    @endpoint
    async def api_block(request: Request) -> Any:
        account = await me(request, "writes")
        b = await body(request)
        return await social.block(hub, account, b.get("player"), b.get("on", True) is not False)

    @endpoint
    async def api_mute(request: Request) -> Any:
        account = await me(request, "writes")
        b = await body(request)
        return await social.mute(hub, account, b.get("player"), b.get("on", True) is not False)

    @endpoint
    async def api_invite(request: Request) -> Any:
        account = await me(request, "writes")
        b = await body(request)
        return await social.invite(hub, account, b.get("player"), b.get("table"))

    @endpoint
    async def api_seen(request: Request) -> Any:
        account = await me(request)
        ids = (await body(request)).get("ids")
        if not isinstance(ids, list) or len(ids) > 50 or not all(isinstance(i, str)
                                                                  for i in ids):
            raise ServiceError(400, "bad_request", "'ids' is a list of up to 50 invite ids")
        return {"seen": await hub.db(hub.people.mark_invites_seen, account.account_id, ids)}

    @endpoint
    async def api_report(request: Request) -> Any:
        account = await me(request, "reports")
        return await social.report(hub, account, await body(request))

    async def moderator(request: Request) -> Account:
        account = await me(request)
        if not moderation.is_moderator(account):
            raise ServiceError(403, "not_moderator", "only an administrator or a moderator "
                               "may do this")
        return account

    @endpoint
    async def api_reports(request: Request) -> Any:
        await moderator(request)
        status = request.query_params.get("status", "open")
        if status not in ("open", "all"):
            raise ServiceError(400, "bad_request", "status is open or all")

        def read() -> list[dict[str, Any]]:
            people = hub.people
            return [moderation.report_view(people, r) for r in people.reports(
                None if status == "all" else status, 200)]

        return {"reports": await hub.db(read)}

    @endpoint
    async def api_act(request: Request) -> Any:
        """``{"act": warn|suspend|ban|lift|dismiss, "report"?, "player"?, "reason",
        "hours"?}``: on the report's player (or the named one)."""
        mod = await moderator(request)
        b = await body(request)
        kind, reason, report_id = b.get("act"), b.get("reason", ""), b.get("report")
        if not isinstance(reason, str) or (report_id is not None
                                           and not isinstance(report_id, str)):
            raise ServiceError(400, "bad_request", "'reason' is text, 'report' a report's id")
        people = hub.people
        try:
            if kind == "dismiss":
                if report_id is None:
                    raise moderation.ModerationError("dismiss needs 'report'")
                await hub.db(lambda: moderation.dismiss(people, report_id,
                                                        by_id=mod.account_id, reason=reason))
                return {"report": report_id, "status": "dismissed"}
            if report_id is not None:
                rep = await hub.db(people.get_report, report_id)
                if rep is None:
                    raise moderation.ModerationError(f"no report {report_id!r}")
                target = rep.target_id
            else:
                target = (await social._other(hub, mod, b.get("player"))).account_id
            hours = b.get("hours")
            until = None
            if kind == "suspend":
                if isinstance(hours, bool) or not isinstance(hours, (int, float)) or not (
                        0 < hours <= 24 * 3650):
                    raise moderation.ModerationError("a suspension needs 'hours' (more than 0)")
                until = time.time() + float(hours) * 3600
            if not isinstance(kind, str):
                raise moderation.ModerationError("'act' is warn, suspend, ban, lift or dismiss")
            acted = await hub.db(lambda: moderation.act(
                people, target, kind, by_id=mod.account_id, reason=reason, until=until,
                report_id=report_id))
        except moderation.ModerationError as exc:
            raise ServiceError(400, "bad_act", str(exc)) from None
        if kind != "lift":
            await hub.tell(target, "sanction")
        return {"player": acted.name, "status": acted.status, "until": acted.status_until}

    return [
        Route("/admin", page),
        Route("/api/social/home", api_home),
        Route("/api/social/wait", api_wait),
        Route("/api/social/friend", api_friend, methods=["POST"]),
        Route("/api/social/unfriend", api_unfriend, methods=["POST"]),
        Route("/api/social/block", api_block, methods=["POST"]),
        Route("/api/social/mute", api_mute, methods=["POST"]),
        Route("/api/social/invite", api_invite, methods=["POST"]),
        Route("/api/social/invites/seen", api_seen, methods=["POST"]),
        Route("/api/social/report", api_report, methods=["POST"]),
        Route("/api/admin/reports", api_reports),
        Route("/api/admin/act", api_act, methods=["POST"]),
    ]
