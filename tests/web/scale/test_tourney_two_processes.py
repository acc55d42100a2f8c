"""An online tournament across two ``trapoula serve`` processes on one PostgreSQL and one
Redis: created on one, started on the other, its tables played by bots wherever their leases
are, both processes asked about it all the time.  Every table's result is taken once, every
round paired once and its tables made once (the versioned writes), and both show the same
standings."""

from __future__ import annotations

import time
import uuid
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor

import httpx
import pytest

from .cluster import Serve, serve_pair
from .services_redis import RedisServer

NO_LIMITS = ("--club-calls-per-minute", "0", "--club-changes-per-minute", "0",
             "--signins-per-minute", "0", "--accounts-per-hour", "0",
             "--tables-per-minute", "0")


@pytest.fixture(scope="module")
def pair(redis_server: RedisServer, pg_url: str) -> Iterator[tuple[Serve, Serve]]:
    with serve_pair(pg_url, redis_server.url, extra=NO_LIMITS) as two:
        yield two


def test_a_tournament_advances_exactly_once_on_two_processes(
        pair: tuple[Serve, Serve]) -> None:
    a, b = pair
    with httpx.Client(base_url=a.base, timeout=30) as on_a, \
            httpx.Client(base_url=b.base, timeout=30) as on_b:
        r = on_a.post("/api/account/register", json={"name": "Org" + uuid.uuid4().hex[:6],
                                                      "password": "two servers"})
        assert r.status_code == 200, r.text
        on_b.cookies.set("trapoula_session", r.cookies["trapoula_session"])
        tid = on_a.post("/api/tourneys", json={"game": "bourloto", "preset": "ru",
                                               "rounds": 2, "size": 8, "clock": 15}
                        ).json()["id"]
        assert on_b.post(f"/api/tourneys/{tid}/start", json={}).status_code == 200

        def watch(client: httpx.Client) -> dict:  # type: ignore[type-arg]
            deadline = time.monotonic() + 240
            while time.monotonic() < deadline:
                t = client.get(f"/api/tourneys/{tid}").json()
                if t["status"] == "over":
                    return t  # type: ignore[no-any-return]
                time.sleep(0.02)
            raise AssertionError(f"not over: {t}")

        with ThreadPoolExecutor(2) as pool:
            seen_a, seen_b = pool.map(watch, (on_a, on_b))
        seen_a = on_a.get(f"/api/tourneys/{tid}").json()
        seen_b = on_b.get(f"/api/tourneys/{tid}").json()
        assert seen_a["standings"] == seen_b["standings"]
        assert [len(r["tables"]) for r in seen_a["rounds"]] == [4, 4]
        codes = [t["code"] for r in seen_a["rounds"] for t in r["tables"]]
        assert len(set(codes)) == 8 and all(t["result"] for r in seen_a["rounds"]
                                            for t in r["tables"])
        # the matches' VP add up: each result taken once (2 VP a match, 8 matches)
        assert sum(s["vp"] for s in seen_a["standings"]) == 16
