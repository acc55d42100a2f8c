"""Accounts across two ``trapoula serve`` processes on one database and one Redis: a session
made on one process is valid on the other (a join there gets the account), and signing out on
the other ends it on both."""

from __future__ import annotations

import uuid
from collections.abc import Iterator

import httpx
import pytest

from .cluster import Serve, serve_pair
from .services_redis import RedisServer


@pytest.fixture(scope="module")
def pair(redis_server: RedisServer, pg_url: str) -> Iterator[tuple[Serve, Serve]]:
    with serve_pair(pg_url, redis_server.url) as two:
        yield two


def test_a_session_made_on_one_process_holds_on_the_other(pair: tuple[Serve, Serve]) -> None:
    a, b = pair
    name = "Nikos" + uuid.uuid4().hex[:6]
    with httpx.Client(base_url=a.base, timeout=30) as on_a, \
            httpx.Client(base_url=b.base, timeout=30) as on_b:
        r = on_a.post("/api/account/register", json={"name": name, "password": "two servers"})
        assert r.status_code == 200, r.text
        me = r.json()["account"]
        on_b.cookies.set("trapoula_session", r.cookies["trapoula_session"])  # the same browser
        assert on_b.get("/api/account").json()["account"]["id"] == me["id"]
        made = on_a.post("/api/tables", json={
            "game": "bourloto", "seats": [{"kind": "human"}, {"kind": "human"},
                                          {"kind": "bot"}, {"kind": "bot"}], "name": "Host"})
        assert made.status_code == 200, made.text
        joined = on_b.post(f"/api/tables/{made.json()['code']}/join", json={"name": "Alias"})
        assert joined.status_code == 200, joined.text
        # the seat taken on b shows the account's name, on a too
        table = on_a.get(f"/api/tables/{made.json()['code']}").json()
        assert name in [s["name"] for s in table["seats"]], table
        out = on_b.post("/api/account/signout", json={})
        assert out.status_code == 200 and out.json()["ended"] == 1
        assert on_a.get("/api/account").json() == {"account": None}
