"""Issue #30 items 7-9 against a real ``trapoula serve`` (no browser): a client's mistakes
leave a few short log lines, one client cannot take every file descriptor, and the
per-address limits hold when the addresses rotate (IPv6 inside one /64, forwarded headers
from a proxy that is not trusted)."""

from __future__ import annotations

import asyncio
import resource
import socket
import time
from collections.abc import Iterator

import httpx
import pytest

from .conftest import Server, start_server, stop_server

websockets = pytest.importorskip("websockets")
JSON = {"Content-Type": "application/json"}
TABLE = {"game": "bourloto", "seats": [{"kind": "human"}] + [{"kind": "bot"}] * 3,
         "name": "Ann", "seat": "P1"}


def _hostport(srv: Server) -> tuple[str, int]:
    host, port = srv.base.removeprefix("http://").split(":")
    return host, int(port)


def _log_lines(srv: Server) -> list[str]:
    return [line for line in srv.log.read_text().splitlines()
            if not line.startswith(("INFO:", "trapoula:"))]


@pytest.fixture(scope="module")
def plain() -> Iterator[Server]:
    srv = start_server("--tables-per-minute", "0")
    try:
        yield srv
    finally:
        stop_server(srv)


def test_s7_cut_short_bodies_bad_heads_and_bad_frames_log_a_few_short_lines(
        plain: Server) -> None:
    host, port = _hostport(plain)
    for _ in range(40):  # a body cut short: Content-Length larger than what is sent, then close
        s = socket.create_connection((host, port))
        s.sendall(b"POST /api/tables HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                  b"Content-Length: 1000\r\n\r\n{\"game\":")
        time.sleep(0.01)
        s.close()
    for _ in range(40):  # a request head the parser refuses
        s = socket.create_connection((host, port))
        s.sendall(b"GET / HTTP/1.1\r\nHo\x00st: x\r\n\r\n")
        s.settimeout(5)
        assert s.recv(100).startswith(b"HTTP/1.1 400")
        s.close()
    r = plain.http.post("/api/tables", json=TABLE)
    assert r.status_code == 200, r.text
    table_id = r.json()["table_id"]

    async def bad_frames() -> list[int | None]:
        from websockets.frames import Frame, Opcode

        codes = []
        for _ in range(20):
            ws = await websockets.connect(plain.base.replace("http", "ws") + f"/ws/{table_id}")
            await ws.recv()
            ws.protocol.send_frame(Frame(Opcode.TEXT, b"\xff\xfe{\"type\":"))  # not UTF-8
            ws.send_data()
            await asyncio.wait_for(ws.wait_closed(), 30)  # (a loaded machine is slow)
            codes.append(ws.close_code)
        return codes

    assert set(asyncio.run(bad_frames())) == {1007}  # "invalid frame payload data"
    time.sleep(0.5)
    assert plain.http.get("/healthz").text == "ok"
    lines = _log_lines(plain)
    text = "\n".join(lines)
    assert "Traceback" not in text and "Exception in ASGI" not in text
    assert len(lines) <= 6, text  # one line per kind (and client), not one per event
    assert all(len(line) < 200 for line in lines), text
    assert "cut short" in text


@pytest.mark.parametrize("limit", [256])
def test_s8_one_client_holding_half_sent_requests_cannot_starve_the_health_check(
        limit: int) -> None:
    def low_nofile() -> None:
        resource.setrlimit(resource.RLIMIT_NOFILE, (limit, limit))

    srv = start_server("--header-timeout", "30", "--body-timeout", "30", preexec_fn=low_nofile)
    host, port = _hostport(srv)
    socks: list[socket.socket] = []
    answered = 0
    try:
        for i in range(limit * 3):  # three times the descriptors the server has
            try:
                s = socket.create_connection((host, port), timeout=2)
                if i % 2:
                    s.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\nX-Slow: ")  # never finished
                else:
                    s.sendall(b"POST /api/tables HTTP/1.1\r\nHost: x\r\nContent-Type: "
                              b"application/json\r\nContent-Length: 500\r\n\r\n{")
                socks.append(s)
            except OSError:
                pass
            if i % 40 == 39:
                try:
                    answered += httpx.get(srv.base + "/healthz", timeout=3).text == "ok"
                except httpx.HTTPError:
                    pass
        for _ in range(10):  # while they are all still held
            try:
                answered += httpx.get(srv.base + "/healthz", timeout=3).text == "ok"
            except httpx.HTTPError:
                pass
        assert answered == limit * 3 // 40 + 10
        r = srv.http.post("/api/tables", json=TABLE)
        assert r.status_code == 200, r.text
        log = srv.log.read_text()
        assert f"{limit} open files" in log
        assert "out of system resource" not in log and "Too many open files" not in log
        lines = _log_lines(srv)
        assert len(lines) <= 4, lines
    finally:
        for s in socks:
            s.close()
        stop_server(srv)


def _seat_from(srv: Server, forwarded: str) -> int:
    return srv.http.post("/api/tables", json=TABLE,
                         headers={"X-Forwarded-For": forwarded}).status_code


def test_s9_rotating_addresses_behind_a_proxy_count_by_client_and_network() -> None:
    srv = start_server("--proxy-headers", "--forwarded-allow-ips", "127.0.0.1",
                       "--seats-per-address", "3", "--tables-per-minute", "0")
    try:
        # every address of one IPv6 /64 is one client: the fourth seat is refused
        codes = [_seat_from(srv, f"2001:db8:1:2:{i:x}::{i:x}") for i in range(1, 7)]
        assert codes == [200, 200, 200, 429, 429, 429], codes
        # entries a client put in front of the proxy's own are not believed: the last entry
        # that is not a trusted proxy is the client
        codes = [_seat_from(srv, f"203.0.113.{i}, 2001:db8:1:2::99") for i in range(1, 4)]
        assert codes == [429, 429, 429], codes
        # other clients (other networks, IPv4 addresses) are not limited by that one
        assert _seat_from(srv, "2001:db8:1:3::1") == 200
        assert [_seat_from(srv, f"198.51.100.{i}") for i in range(1, 5)] == [200] * 4
    finally:
        stop_server(srv)
    # a proxy that is not trusted: its X-Forwarded-For is ignored, the socket's address counts
    srv = start_server("--proxy-headers", "--forwarded-allow-ips", "192.0.2.250",
                       "--seats-per-address", "3", "--tables-per-minute", "0")
    try:
        codes = [_seat_from(srv, f"198.51.100.{i}") for i in range(1, 6)]
        assert codes == [200, 200, 200, 429, 429], codes
        # and every loopback source address is this one machine
        for last in (7, 99):
            transport = httpx.HTTPTransport(local_address=f"127.0.0.{last}")
            with httpx.Client(base_url=srv.base, transport=transport) as other:
                assert other.post("/api/tables", json=TABLE).status_code == 429
    finally:
        stop_server(srv)
