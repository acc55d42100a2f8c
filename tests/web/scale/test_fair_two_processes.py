"""The seed's chain across two ``trapoula serve`` processes sharing PostgreSQL and Redis
(docs/web.md, "Fair dealing"): each person's value reaches the process they are connected to;
both processes fix the same seed (compare-and-set on the stored chain) and deal the same match.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import os
from collections.abc import Iterator

import pytest

from .cluster import Client, Serve, post, serve_pair
from .services_redis import RedisServer

BOT = {"kind": "bot", "level": "easy"}


@pytest.fixture(scope="module")
def cluster(redis_server: RedisServer, pg_url: str) -> Iterator[tuple[Serve, Serve]]:
    with serve_pair(pg_url, redis_server.url) as pair:
        yield pair


def test_two_processes_fix_one_seed_from_both_values(cluster: tuple[Serve, Serve]) -> None:
    a, b = cluster
    r1, r2 = os.urandom(32).hex(), os.urandom(32).hex()
    c1, c2 = (hashlib.sha256(bytes.fromhex(r)).hexdigest() for r in (r1, r2))
    made = post(a.base + "/api/tables", {
        "game": "bourloto", "preset": "gr", "seats": [{"kind": "human"}] * 2 + [BOT, BOT],
        "name": "Ann", "seat": "P1", "commit": c1})
    joined = post(f"{b.base}/api/tables/{made['code']}/join",
                  {"name": "Bob", "seat": "P2", "commit": c2})
    table_id = made["table_id"]

    def phase(c: Client) -> str:
        return str(c.last["fair"]["chain"]["phase"])

    async def main() -> None:
        ann = await Client.open("P1@A", a.base, table_id, made["token"])
        bob = await Client.open("P2@B", b.base, table_id, joined["token"])
        try:
            for c in (ann, bob):
                await c.wait(lambda c=c: phase(c) == "reveal", "the values asked for")
                assert c.last["fair"]["chain"]["commits"] == {"P1": c1, "P2": c2}
            assert ann.ws is not None and bob.ws is not None
            await ann.ws.send(json.dumps({"type": "reveal", "value": r1}))
            await bob.ws.send(json.dumps({"type": "reveal", "value": r2}))
            for c in (ann, bob):
                await c.wait(lambda c=c: phase(c) == "fixed" and bool(c.last["view"]["hand"]),
                             "the seed fixed and the deal dealt")
                assert c.last["fair"]["chain"]["withheld"] == [] and not c.errors
            # the other process deals the same: Ann's seat there sees the same hand
            twin = await Client.open("P1@B", b.base, table_id, made["token"])
            await twin.wait(lambda: twin.seq == ann.seq, "the same seq")
            assert twin.last["view"]["hand"] == ann.last["view"]["hand"]
            assert twin.last["fair"]["commit"] == ann.last["fair"]["commit"]
            await twin.close()
        finally:
            await ann.close()
            await bob.close()

    asyncio.run(asyncio.wait_for(main(), 60))
