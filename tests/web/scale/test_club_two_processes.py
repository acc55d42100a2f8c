"""A club night across two ``trapoula serve`` processes on one PostgreSQL: the director works
on one, the tables enter their results at once on both, and every result counts (a write
names the version it read and retries when the other process wrote first); both processes
show the same standings."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor

import httpx
import pytest

from .cluster import Serve, serve_pair
from .services_redis import RedisServer

NO_LIMITS = ("--club-calls-per-minute", "0", "--club-changes-per-minute", "0",
             "--signins-per-minute", "0", "--accounts-per-hour", "0")


@pytest.fixture(scope="module")
def pair(redis_server: RedisServer, pg_url: str) -> Iterator[tuple[Serve, Serve]]:
    with serve_pair(pg_url, redis_server.url, extra=NO_LIMITS) as two:
        yield two


def test_results_entered_at_once_on_two_processes_all_count(pair: tuple[Serve, Serve]) -> None:
    a, b = pair
    with httpx.Client(base_url=a.base, timeout=30) as on_a, \
            httpx.Client(base_url=b.base, timeout=30) as on_b:
        r = on_a.post("/api/account/register", json={"name": "Dir" + uuid.uuid4().hex[:6],
                                                      "password": "two servers"})
        assert r.status_code == 200, r.text
        on_b.cookies.set("trapoula_session", r.cookies["trapoula_session"])
        code = on_a.post("/api/nights", json={"game": "burraco"}).json()["code"]
        names = [f"Pair {i}" for i in range(1, 17)]
        assert on_b.post(f"/api/nights/{code}/register", json={"names": names}).status_code == 200
        night = on_a.post(f"/api/nights/{code}/pair", json={}).json()
        tables = [t["code"] for t in night["rounds"][0]["tables"]]
        assert len(tables) == 8

        def enter(i: int) -> int:
            base = (a if i % 2 else b).base
            with httpx.Client(base_url=base, timeout=30) as table:  # no account
                return table.post(f"/api/nights/{code}/t/{tables[i]}",
                                  json={"points_a": 1000 + 100 * i, "points_b": 900}).status_code

        with ThreadPoolExecutor(8) as pool:
            codes = list(pool.map(enter, range(8)))
        assert codes == [200] * 8
        seen_a, seen_b = on_a.get(f"/api/nights/{code}").json(), on_b.get(
            f"/api/nights/{code}").json()
        assert seen_a["missing"] == [] and seen_a["standings"] == seen_b["standings"]
        results = [t["result"] for t in seen_a["rounds"][0]["tables"]]
        assert results == [[1000 + 100 * i, 900] for i in range(8)]
