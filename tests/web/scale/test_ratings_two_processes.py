"""Ratings with two ``trapoula serve`` processes on one PostgreSQL and one Redis: a rated match
played through one process and watched and replayed through the other is settled once (both
may try: the ``results`` row decides), and both serve the same leaderboard and profile."""

from __future__ import annotations

import asyncio
import time
import uuid
from collections.abc import Iterator

import httpx
import pytest

from .cluster import Client, Serve, serve_pair
from .services_redis import RedisServer


@pytest.fixture(scope="module")
def pair(redis_server: RedisServer, pg_url: str) -> Iterator[tuple[Serve, Serve]]:
    with serve_pair(pg_url, redis_server.url) as two:
        yield two


def test_a_rated_match_is_settled_once_across_two_processes(
        pair: tuple[Serve, Serve]) -> None:
    a, b = pair
    name = "Two" + uuid.uuid4().hex[:8]
    with httpx.Client(base_url=a.base, timeout=30) as on_a, \
            httpx.Client(base_url=b.base, timeout=30) as on_b:
        r = on_a.post("/api/account/register", json={"name": name, "password": "two servers"})
        assert r.status_code == 200, r.text
        made = on_a.post("/api/tables", json={
            "game": "bourloto", "preset": "ru", "seat": "P1",
            "seats": [{"kind": "human"}] + [{"kind": "bot", "level": "easy"}] * 3})
        assert made.status_code == 200, made.text
        t = made.json()

        async def play() -> None:  # the seat goes to the bot through b, and b watches the end
            me = await Client.open("me", b.base, t["table_id"], t["token"])
            await me.send({"type": "autoplay"})
            await me.wait(lambda: bool(me.last.get("over")), "the end", timeout=240)
            await me.close()

        asyncio.run(play())
        deadline = time.monotonic() + 60
        while True:  # both processes load the finished table, so both may try to settle it
            on_a.get(f"/api/tables/{t['table_id']}/replay", params={"seq": 0})
            on_b.get(f"/api/tables/{t['table_id']}/replay", params={"seq": 0})
            pa = on_a.get(f"/api/players/{name}").json()
            if pa["games"]:
                break
            assert time.monotonic() < deadline, "the match was not rated"
            time.sleep(0.2)
        time.sleep(1.0)  # a second settling, were there one, would be in by now
        pa = on_a.get(f"/api/players/{name}").json()
        pb = on_b.get(f"/api/players/{name}").json()
        assert pa == pb
        (g,) = pa["games"]
        assert (g["game"], g["preset"], g["matches"]) == ("bourloto", "ru", 1)
        assert [m["table_id"] for m in pa["recent"]] == [t["table_id"]]
        board = on_b.get("/api/leaderboard", params={"game": "bourloto", "preset": "ru",
                                                     "limit": 100}).json()
        assert name in [row["name"] for row in board["rows"]] or board["total"] > 100
