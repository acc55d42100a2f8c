"""Friends across two ``trapoula serve`` processes on one PostgreSQL and one Redis: presence
written by one process is read on the other (a friend at his table), an invite made on one
wakes the friend's waiting lobby on the other at once, and a mute made on one hides a writer's
chat lines from a socket on the other (web/people/hub.py)."""

from __future__ import annotations

import json
import threading
import time
import uuid
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from websockets.sync.client import connect

from .cluster import Serve, serve_pair
from .services_redis import RedisServer

SEATS = [{"kind": "human"}, {"kind": "human"}, {"kind": "bot"}, {"kind": "bot"}]


@pytest.fixture(scope="module")
def pair(redis_server: RedisServer, pg_url: str) -> Iterator[tuple[Serve, Serve]]:
    with serve_pair(pg_url, redis_server.url) as two:
        yield two


def _account(base: str, name: str) -> httpx.Client:
    c = httpx.Client(base_url=base, timeout=30)
    r = c.post("/api/account/register", json={"name": name, "password": "two servers"})
    assert r.status_code == 200, r.text
    return c


def _chat_lines(ws: Any, until: str, timeout: float = 15.0) -> list[str]:
    """The chat lines a socket gets until the line ``until``."""
    lines: list[str] = []
    deadline = time.monotonic() + timeout
    while until not in lines:
        msg = json.loads(ws.recv(timeout=max(0.1, deadline - time.monotonic())))
        if msg["type"] == "chat":
            lines.append(msg["text"])
    return lines


def test_presence_invites_and_mutes_cross_processes(pair: tuple[Serve, Serve]) -> None:
    a, b = pair
    tag = uuid.uuid4().hex[:6]
    ann_n, bob_n = f"Ann{tag}", f"Bob{tag}"
    ann, bob = _account(a.base, ann_n), _account(b.base, bob_n)
    ann_b = httpx.Client(base_url=b.base, timeout=30, cookies=ann.cookies)  # her, on b
    try:
        assert ann.post("/api/social/friend", json={"player": bob_n}).json()["state"] == "asked"
        assert bob.post("/api/social/friend", json={"player": ann_n}).json()["state"] == "friends"
        made = ann.post("/api/tables", json={"game": "bourloto", "preset": "gr",
                                              "seats": SEATS, "name": ann_n}).json()
        ws_base = a.base.replace("http://", "ws://")
        with connect(f"{ws_base}/ws/{made['table_id']}?token={made['token']}") as ann_ws:
            # Ann's socket on a: Bob's home on b shows her at that table
            deadline = time.monotonic() + 10
            while True:
                [friend] = bob.get("/api/social/home").json()["friends"]
                if friend.get("table") == made["code"] or time.monotonic() > deadline:
                    break
                time.sleep(0.1)
            assert (friend["online"], friend.get("table")) == (True, made["code"])

            # Bob's lobby waits on b; Ann's invite on a wakes it at once
            since = bob.get("/api/social/wait", params={"timeout": 0}).json()["now"]
            got: dict[str, Any] = {}

            def wait() -> None:
                start = time.monotonic()
                got["answer"] = bob.get("/api/social/wait",
                                        params={"since": since, "timeout": 20}).json()
                got["took"] = time.monotonic() - start

            waiter = threading.Thread(target=wait)
            waiter.start()
            time.sleep(0.5)  # the wait is in place
            r = ann.post("/api/social/invite", json={"player": bob_n, "table": made["code"]})
            assert r.status_code == 200, r.text
            waiter.join(30)
            assert got["answer"]["news"] is True and got["took"] < 5, got
            [inv] = bob.get("/api/social/home").json()["invites"]
            assert (inv["from"], inv["code"]) == (ann_n, made["code"])

            # Bob sits (through b) and writes; Ann mutes him through b: her socket on a
            # no longer gets his lines
            joined = bob.post(f"/api/tables/{made['code']}/join", json={"name": bob_n}).json()
            with connect(f"{b.base.replace('http://', 'ws://')}/ws/{made['table_id']}"
                         f"?token={joined['token']}") as bob_ws:
                bob_ws.send(json.dumps({"type": "chat", "text": "first"}))
                assert "first" in _chat_lines(ann_ws, "first")
                assert ann_b.post("/api/social/mute", json={"player": bob_n}).status_code == 200
                time.sleep(0.5)  # the hint reaches a
                bob_ws.send(json.dumps({"type": "chat", "text": "muted line"}))
                assert _chat_lines(bob_ws, "muted line")  # b delivered it to Bob himself
                ann_ws.send(json.dumps({"type": "chat", "text": "after"}))
                assert "muted line" not in _chat_lines(ann_ws, "after")
    finally:
        for c in (ann, bob, ann_b):
            c.close()
