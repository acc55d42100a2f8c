"""A real ``trapoula serve`` (default limits, no browser) against rude clients: half-sent
requests, sockets closed during the handshake, floods, foreign origins, malformed input."""

from __future__ import annotations

import asyncio
import json
import socket
import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from .conftest import Server, start_server, stop_server

websockets = pytest.importorskip("websockets")


@pytest.fixture(scope="module")
def rude() -> Iterator[Server]:
    srv = start_server("--log-level", "info", "--header-timeout", "1", "--body-timeout", "1",
                       "--tables-per-minute", "5")
    try:
        yield srv
    finally:
        stop_server(srv)


JSON = {"Content-Type": "application/json"}


def _ws_url(srv: Server, path: str) -> str:
    return srv.base.replace("http://", "ws://") + path


def _table(srv: Server, **extra: Any) -> httpx.Response:
    body = {"game": "bourloto", "seats": [{"kind": "human"}] + [{"kind": "bot"}] * 3,
            "name": "Ann", "seat": "P1", **extra}
    return srv.http.post("/api/tables", json=body)


def test_half_sent_requests_are_closed(rude: Server) -> None:
    host, port = rude.base.removeprefix("http://").split(":")
    socks = []
    for _ in range(20):
        s = socket.create_connection((host, int(port)))
        s.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\nX-Slow: ")  # never finished
        socks.append(s)
    post = socket.create_connection((host, int(port)))
    post.sendall(b"POST /api/tables HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                 b"Content-Length: 100\r\n\r\n{")
    time.sleep(2.5)
    for s in socks:
        s.settimeout(2)
        assert s.recv(100) == b""  # closed by the server
        s.close()
    post.settimeout(2)
    answer = post.recv(1000)
    assert answer == b"" or b"408" in answer.split(b"\r\n")[0]
    post.close()
    assert rude.http.get("/healthz").text == "ok"


def test_socket_closed_after_handshake_logs_no_traceback_and_no_token(rude: Server) -> None:
    r = _table(rude)
    assert r.status_code == 200, r.text
    t = r.json()

    async def rude_clients() -> None:
        url = _ws_url(rude, f"/ws/{t['table_id']}?token={t['token']}")
        # fewer than the token's socket limit (4): the server may not have seen these go
        # yet when the polite one connects, and must not refuse it for them
        for _ in range(3):
            ws = await websockets.connect(url)
            ws.transport.abort()  # gone before reading anything
        async with websockets.connect(url) as ws:  # a polite one still plays
            msg = json.loads(await ws.recv())
            while msg["type"] != "state":
                msg = json.loads(await ws.recv())
            assert msg["you"] == "P1"

    asyncio.run(rude_clients())
    time.sleep(0.5)
    log = rude.log.read_text()
    assert "Traceback" not in log
    assert t["token"] not in log and "token=<hidden>" in log


def test_foreign_origin_is_refused_and_headers_are_set(rude: Server) -> None:
    t = _table(rude).json()

    async def try_origin(origin: str) -> bool:
        try:
            async with websockets.connect(_ws_url(rude, f"/ws/{t['table_id']}"),
                                          origin=origin) as ws:
                await ws.recv()
                return True
        except Exception:
            return False

    assert not asyncio.run(try_origin("https://evil.example"))
    assert asyncio.run(try_origin(rude.base))
    r = rude.http.get("/")
    assert "frame-ancestors 'none'" in r.headers["content-security-policy"]
    assert r.headers["x-frame-options"] == "DENY" and "server" not in r.headers
    r = rude.http.get("/no/such/page")
    assert r.status_code == 404 and "Traceback" not in r.text and len(r.text) < 100


def test_malformed_input_never_gives_500(rude: Server) -> None:
    bodies = [b"[" * 100000, b'{"game":' * 5000, b"\xff\xfe", b"null", b"[]", b'"x"',
              json.dumps({"game": "bourloto", "seats": "x"}).encode(),
              json.dumps({"game": "bourloto", "options": {"target": 10**30}}).encode(),
              json.dumps({"game": "bourloto", "table": {"clock": "fast"}}).encode()]
    for body in bodies:
        r = rude.http.post("/api/tables", content=body, headers=JSON)
        assert 400 <= r.status_code < 500, (body[:40], r.status_code, r.text)
    for seq in ("²", "9" * 5000, "-1", "1e3"):
        r = rude.http.get(f"/api/tables/x/replay?seq={seq}")
        assert r.status_code in (400, 404), (seq, r.status_code)
    assert rude.http.post("/api/tables/XXXX/join", content=b"[" * 50000,
                          headers=JSON).status_code < 500


def test_creation_flood_is_refused_with_429(rude: Server) -> None:
    codes = [_table(rude).status_code for _ in range(8)]
    assert 429 in codes
    r = _table(rude)
    assert r.status_code == 429 and "a minute" in r.json()["message"]
    assert rude.http.get("/healthz").text == "ok"


def test_a_chosen_seed_needs_a_solo_table(rude: Server) -> None:
    body = {"game": "bourloto", "seats": [{"kind": "human"}] * 2 + [{"kind": "bot"}] * 2,
            "name": "Ann", "seat": "P1", "seed": 7}
    r = rude.http.post("/api/tables", json=body)  # checked before any quota
    assert r.status_code == 400 and "solo" in r.json()["message"]
