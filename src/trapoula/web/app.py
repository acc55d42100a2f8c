"""The Starlette app: HTTP routes and the table WebSocket of docs/web.md.

``create_app(service)`` wires a :class:`~trapoula.web.service.TableService` to HTTP; the
service is started (unfinished tables resumed) in the app's lifespan.  Static files come from
``trapoula/web/static`` (the single-page app); ``/``, ``/t/{code}`` and ``/replay/{id}`` all
serve its ``index.html``.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
import os
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import anyio.to_thread
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, HTMLResponse, JSONResponse, PlainTextResponse
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from trapoula.web.catalog import games_info
from trapoula.web.clientlog import report_held
from trapoula.web.club.routes import club_routes
from trapoula.web.diagnostics import start_from_env
from trapoula.web.guard import SameOrigin, browser_allowed
from trapoula.web.headers import SecurityHeaders
from trapoula.web.people.auth import account_of
from trapoula.web.people.routes_accounts import account_routes
from trapoula.web.people.routes_ratings import rating_routes
from trapoula.web.people.routes_social import social_routes
from trapoula.web.people.social import refuse_sanctioned
from trapoula.web.protocol import error_message
from trapoula.web.pwa import manifest_route, service_worker_route
from trapoula.web.requests import _address, _body, _error
from trapoula.web.service import ServiceError, TableService
from trapoula.web.strings import page_strings
from trapoula.web.summary import deals_answer, rematch

__all__ = ["GC_THRESHOLDS", "RAW_SEND", "STATIC", "KeepRawSend", "create_app", "tune_gc"]

STATIC = Path(__file__).parent / "static"
log = logging.getLogger("trapoula.web")
_PLACEHOLDER = """<!doctype html><meta charset="utf-8"><title>trapoula</title>
<p>The page (src/trapoula/web/static/index.html) is not installed.</p>"""


GC_THRESHOLDS = (10_000, 10, 10)  # CPython's are (700, 10, 10)


def tune_gc() -> None:
    """Make the cycle collector's pauses short and rare in a long-running server.

    Everything alive after start-up (modules, classes, the resumed tables) is moved out of the
    collector's generations (``gc.freeze``), so a full collection scans only what was made
    since; and the youngest generation is collected after 10,000 allocations instead of 700.
    In-process at 200 tables (a loaded machine) this cut the collector's time by 2-3x and its
    longest pause (a full collection) by 3x.  Cycles are still collected, only less often.
    """
    gc.collect()
    gc.freeze()
    gc.set_threshold(*gc_thresholds())


def gc_thresholds() -> tuple[int, int, int]:
    """:data:`GC_THRESHOLDS`, or ``TRAPOULA_GC_THRESHOLDS=a,b,c`` (measurements).

    >>> gc_thresholds() == GC_THRESHOLDS or "TRAPOULA_GC_THRESHOLDS" in os.environ
    True
    """
    text = os.environ.get("TRAPOULA_GC_THRESHOLDS", "")
    try:
        a, b, c = (int(x) for x in text.split(","))
    except ValueError:
        return GC_THRESHOLDS
    return (a, b, c)


YOUNG_GC_INTERVAL = 0.1  # seconds between the young generation's collections (0: CPython's)
FULL_GC_EVERY = 300.0     # seconds between full collections
FREEZE_FULL_GC_EVERY = 15.0  # ... when each is followed by gc.freeze() (TRAPOULA_GC_FREEZE=1)


def young_gc_interval() -> float:
    """:data:`YOUNG_GC_INTERVAL`, or ``TRAPOULA_GC_YOUNG_MS`` (milliseconds; 0: CPython's own
    schedule).

    >>> young_gc_interval() >= 0
    True
    """
    try:
        return max(0.0, float(os.environ["TRAPOULA_GC_YOUNG_MS"]) / 1000)
    except (KeyError, ValueError):
        return YOUNG_GC_INTERVAL


def full_gc_every() -> float:
    """:data:`FULL_GC_EVERY` (:data:`FREEZE_FULL_GC_EVERY` with :func:`gc_freeze`), or
    ``TRAPOULA_GC_FULL_S`` (seconds).

    >>> full_gc_every() > 0
    True
    """
    try:
        return max(1.0, float(os.environ["TRAPOULA_GC_FULL_S"]))
    except (KeyError, ValueError):
        return FREEZE_FULL_GC_EVERY if gc_freeze() else FULL_GC_EVERY


def gc_freeze() -> bool:
    """Whether a full collection is followed by ``gc.freeze()`` (``TRAPOULA_GC_FREEZE=1``;
    off by default: on a quiet machine at 500 tables each full collection then still took
    ≈ 90 ms, and one every 15 s raised the p99 of a minute's window from 9 to 39 ms, docs/web.md).

    >>> isinstance(gc_freeze(), bool)
    True
    """
    return os.environ.get("TRAPOULA_GC_FREEZE", "0") == "1"


class PacedCollections:
    """The cycle collector run by the clock, between the event loop's callbacks.

    CPython starts a young collection when allocations minus deallocations pass the threshold.
    A server that replaces each table's state at every move frees about as much as it makes,
    so that count grows slowly while the young generation fills with the live states of every
    table, and each automatic collection walks tens of thousands of objects at once (25 ms of
    CPU at 500 tables; the middle generation, collected at every tenth, 50-200 ms).  Here the
    young generation is collected every ``interval`` seconds (a few milliseconds each) and
    everything every ``full_every`` seconds; the survivors of the young collections wait in
    the middle generation for the next full one (``middle_every`` > 0 also collects the middle
    one at every ``middle_every``-th tick: at 500 tables that cost 50 ms a time, as much as
    the automatic ones).  The automatic collections hardly ever start then: each of ours
    resets their count.

    ``freeze``: each full collection is followed by ``gc.freeze()``, which moves what survived
    it out of the collector's reach, so the next full collection walks only what was made
    since (the last ``full_every`` seconds' survivors), not the whole heap of every table's
    match.  In-process at 500 tables (``benchmarks/web_moves.py``'s room) a full collection of
    the whole heap took 279 ms of CPU, one 60 s of moves after a freeze 45 ms, 20 s after 15 ms
    and 2 s after 5.5 ms.  Through the real server on a quiet machine, though, one every 15 s
    still took ≈ 90 ms at 500 tables (growing with the tables, not with the interval), so
    ``trapoula serve`` does not freeze unless asked (``TRAPOULA_GC_FREEZE=1``, every 15 s or
    ``TRAPOULA_GC_FULL_S``; docs/web.md).  Frozen objects are still freed by reference counting (a
    finished table, a closed socket: ``tests/web/test_memory.py``); what the collector no longer
    finds is a reference cycle that was alive at a full collection and became garbage later,
    which the server avoids (tables and sockets break theirs when they go).  Cyclic garbage
    made since the last full collection lives at most ``full_every`` seconds.

    >>> import asyncio
    >>> async def demo() -> int:
    ...     paced = PacedCollections(0.01)
    ...     paced.start(asyncio.get_running_loop())
    ...     await asyncio.sleep(0.1)
    ...     paced.stop()
    ...     return paced.ticks
    >>> asyncio.run(demo()) > 0
    True
    """

    def __init__(self, interval: float, *, middle_every: int = 0,
                 full_every: float = FULL_GC_EVERY, freeze: bool = False) -> None:
        self.interval = interval
        self.middle_every = middle_every
        self.full_every = full_every
        self.freeze = freeze
        self.ticks = 0
        self._handle: asyncio.TimerHandle | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._next_full = 0.0

    def start(self, loop: asyncio.AbstractEventLoop) -> None:
        if self.interval > 0:
            self._loop = loop
            self._next_full = loop.time() + self.full_every
            self._handle = loop.call_later(self.interval, self._tick)

    def _tick(self) -> None:
        loop = self._loop
        if loop is None:
            return
        self.ticks += 1
        if loop.time() >= self._next_full:
            gc.collect(2)
            if self.freeze:
                gc.freeze()
            self._next_full = loop.time() + self.full_every
        else:
            middle = self.middle_every > 0 and self.ticks % self.middle_every == 0
            gc.collect(1 if middle else 0)
        self._handle = loop.call_later(self.interval, self._tick)

    def stop(self) -> None:
        self._loop = None
        if self._handle is not None:
            self._handle.cancel()
            self._handle = None


def create_app(service: TableService, *, static_dir: Path | None = None,
               allowed_origins: tuple[str, ...] = (), gc_tuning: bool = False,
               ipv6_prefix: int = 64) -> Starlette:
    """The web app for ``service`` (which it starts and closes with the app).  A browser's
    request that changes anything, or its WebSocket, from a page whose ``Origin`` is neither
    this server nor one of ``allowed_origins`` is refused (web/guard.py); the per-address
    limits count IPv6 clients by their ``/ipv6_prefix`` network;
    ``gc_tuning``: :func:`tune_gc` once the service has started, and the collector paced by
    :class:`PacedCollections` while it runs (``trapoula serve``)."""
    static = static_dir or STATIC
    body_timeout = service.limits.body_timeout
    games_cache: dict[str, Any] = {}

    async def page(request: Request) -> Any:
        index = static / "index.html"
        if index.is_file():
            return FileResponse(index, headers={"Cache-Control": "no-cache"})
        return HTMLResponse(_PLACEHOLDER)

    async def healthz(request: Request) -> PlainTextResponse:
        return PlainTextResponse("ok")

    async def api_games(request: Request) -> JSONResponse:
        if "info" not in games_cache:
            games_cache["info"] = games_info()
        return JSONResponse(games_cache["info"])

    async def api_tables(request: Request) -> JSONResponse:
        try:
            if request.method == "POST":
                await refuse_sanctioned(request)  # a suspended or banned account's cookie
                body = await _body(request, body_timeout)
                return JSONResponse(await service.create_table(body, _address(request),
                                                               await account_of(request)))
            status = request.query_params.get("status")
            if status not in (None, "open", "playing", "finished"):
                return _error(400, "bad_request", "status is open, playing or finished")
            return JSONResponse({"tables": await service.list_tables(status=status)})
        except ServiceError as exc:
            return _error(exc.status, exc.code, exc.message)

    async def api_join(request: Request) -> JSONResponse:
        try:
            body = await _body(request, body_timeout)
            if not isinstance(body, dict):
                raise ServiceError(400, "bad_request", "send {'name': ..., 'seat': ...}")
            await refuse_sanctioned(request)  # a suspended or banned account's cookie
            out = await service.join(request.path_params["code"], body.get("name"),
                                     body.get("seat"), _address(request), body.get("commit"),
                                     await account_of(request))
            return JSONResponse(out)
        except ServiceError as exc:
            return _error(exc.status, exc.code, exc.message)

    async def api_record(request: Request) -> JSONResponse:
        try:
            return JSONResponse(await service.record(request.path_params["table_id"]))
        except ServiceError as exc:
            return _error(exc.status, exc.code, exc.message)

    async def api_table(request: Request) -> JSONResponse:
        try:
            return JSONResponse(await service.find(request.path_params["code"]))
        except ServiceError as exc:
            return _error(exc.status, exc.code, exc.message)

    async def api_replay(request: Request) -> JSONResponse:
        raw = request.query_params.get("seq")
        if raw is not None and not (raw.isascii() and raw.isdigit() and len(raw) <= 9):
            return _error(400, "bad_request", "seq is a whole number (0 to 999999999)")
        table_id = request.path_params["table_id"]
        try:
            if raw is None:
                return JSONResponse(await service.replay_steps(table_id))
            return JSONResponse(await service.replay(table_id, int(raw)))
        except ServiceError as exc:
            return _error(exc.status, exc.code, exc.message)

    async def api_deals(request: Request) -> JSONResponse:
        try:
            return JSONResponse(await deals_answer(service, request.path_params["table_id"]))
        except ServiceError as exc:
            return _error(exc.status, exc.code, exc.message)

    async def api_rematch(request: Request) -> JSONResponse:
        try:
            body = await _body(request)
            token = body.get("token") if isinstance(body, dict) else None
            commit = body.get("commit") if isinstance(body, dict) else None
            return JSONResponse(await rematch(service, request.path_params["table_id"], token,
                                              commit))
        except ServiceError as exc:
            return _error(exc.status, exc.code, exc.message)

    async def api_strings(request: Request) -> JSONResponse:
        if "strings" not in games_cache:
            games_cache["strings"] = page_strings()
        return JSONResponse(games_cache["strings"],
                            headers={"Cache-Control": "public, max-age=300"})

    async def ws_table(ws: WebSocket) -> None:
        raw_send = ws.scope.pop(RAW_SEND, None)  # (kept in the scope it would be a cycle)
        server = ws.scope.get("server")
        if browser_allowed(ws.headers, allowed_origins, server[0] if server else None):
            await ws.close(1008)  # before the handshake: the browser sees a refused socket
            return
        try:
            await ws.accept()
        except Exception:  # the client left during the handshake
            return
        table_id = ws.path_params["table_id"]
        token = ws.query_params.get("token") or None
        deltas = ws.query_params.get("deltas") in ("1", "true")  # web/delta.py
        watcher = None if token else ws.query_params.get("name")  # a spectator's own name

        if raw_send is not None:  # the server's own send: no middleware layers per message
            async def send(text: str) -> None:
                await raw_send({"type": "websocket.send", "text": text})
        else:
            async def send(text: str) -> None:
                await ws.send_text(text)

        async def close(code: int) -> None:
            await ws.close(code)

        try:
            viewer = None if token else await account_of(ws)  # a seat has its own account
            conn = await service.connect(table_id, token, send, close, _address(ws),
                                         deltas=deltas, spectator_name=watcher,
                                         account_id=viewer.account_id if viewer else None)
        except ServiceError as exc:
            code = 1008 if exc.status == 403 else 4429 if exc.status == 429 else 4404
            with contextlib.suppress(Exception):
                await ws.send_text(error_message(
                    "too_many" if exc.status == 429 else "bad_message", exc.message))
                await ws.close(code)
            return
        except Exception:
            log.exception("a connection to table %s failed", table_id)
            with contextlib.suppress(Exception):
                await ws.close(1011)
            return
        try:
            while not conn.closed:
                msg = await ws.receive()
                if msg["type"] == "websocket.disconnect":
                    break
                text = msg.get("text")
                if text is None:
                    text = msg.get("bytes")
                await service.handle(conn, text)
        except (WebSocketDisconnect, RuntimeError, OSError):
            pass  # the client went away (RuntimeError: a receive after the socket closed)
        finally:
            await service.disconnect(conn)

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        await service.start()
        young = None
        if gc_tuning:
            tune_gc()
            young = PacedCollections(young_gc_interval(), full_every=full_gc_every(),
                                     freeze=gc_freeze())
            young.start(asyncio.get_running_loop())
        diagnostics = start_from_env(service)  # opt-in: TRAPOULA_GC_STATS, TRAPOULA_TRACEMALLOC
        diagnostics.append(asyncio.ensure_future(report_held()))  # clients' held-back lines
        try:
            yield
        finally:
            for task in diagnostics:
                task.cancel()
            if young is not None:
                young.stop()
            await service.close()
            # a clean stop: SQLite's WAL is checkpointed, the database file stands alone
            await anyio.to_thread.run_sync(service.store.close)

    routes: list[Any] = [
        Route("/", page),
        Route("/t/{code}", page),
        Route("/replay/{table_id}", page),
        Route("/healthz", healthz),
        Route("/sw.js", service_worker_route(static)),
        Route("/manifest.webmanifest", manifest_route(static)),
        Route("/api/games", api_games),
        Route("/api/tables", api_tables, methods=["GET", "POST"]),
        Route("/api/tables/{code}", api_table),
        Route("/api/tables/{code}/join", api_join, methods=["POST"]),
        Route("/api/tables/{table_id}/record", api_record),
        Route("/api/tables/{table_id}/replay", api_replay),
        Route("/api/tables/{table_id}/deals", api_deals),
        Route("/api/tables/{table_id}/rematch", api_rematch, methods=["POST"]),
        Route("/api/strings", api_strings),
        *social_routes(service, lambda r: _body(r, body_timeout), page),  # web/people
        WebSocketRoute("/ws/{table_id}", ws_table),
        *account_routes(service),
        *club_routes(service, page),
        *rating_routes(service, page),
    ]
    routes.append(Mount("/static", StaticFiles(directory=str(static), check_dir=False),
                        name="static"))
    app = Starlette(routes=routes, lifespan=lifespan)
    app.state.ipv6_prefix = ipv6_prefix
    app.state.service = service  # for web/people/auth.py's account_of
    app.add_middleware(SameOrigin, allowed_origins=allowed_origins)
    app.add_middleware(SecurityHeaders)
    app.add_middleware(KeepRawSend)
    return app


RAW_SEND = "trapoula.raw_send"


class KeepRawSend:
    """ASGI middleware: a WebSocket's scope keeps the server's own ``send`` (``RAW_SEND``).

    The table socket sends each message with it once accepted, instead of through Starlette's
    ``WebSocket.send`` and the wrappers its middleware puts around ``send`` (none of which
    does anything to a ``websocket.send`` message): a move is four messages at a full table,
    each saved several coroutine calls.  Accepting and closing still go through Starlette.
    """

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] != "websocket":
            await self.app(scope, receive, send)
            return
        # the scope must not keep it: uvicorn's protocol holds the scope, and ``send`` is a
        # method of that protocol -- a reference cycle per socket, which only a full
        # collection frees, and none once the server has frozen it (PacedCollections)
        scope[RAW_SEND] = send
        try:
            await self.app(scope, receive, send)
        finally:
            scope.pop(RAW_SEND, None)
