"""Several processes behave as one (issue #30, docs/web.md "Several server processes"): real
``trapoula serve`` processes on one PostgreSQL and one Redis, each table run by the process that
holds its lease (web/owners.py).

- a take-back sent to the process that does not own the table is honoured by the owner's bots:
  the person's next turn waits for the person;
- kill -9 of the process that owns a bots-only table: another process takes the table over
  within a few seconds (its log says so) and the bots play on;
- Redis stopped for 10 s: a table with players on both processes keeps moving (the moves travel
  through the database), and afterwards every client agrees with the log.
"""

from __future__ import annotations

import asyncio
import random
import re
import time
from collections.abc import Iterator
from typing import Any

import pytest
import sqlalchemy as sa

from .cluster import Client, Serve, post, serve_pair, start_serve
from .services_redis import RedisServer

LEASE = ("--lease-ttl", "2")  # a dead owner's tables move within ~3 s


@pytest.fixture(scope="module")
def pair(redis_server: RedisServer, pg_url: str) -> Iterator[tuple[Serve, Serve]]:
    with serve_pair(pg_url, redis_server.url, bot_delay=0.05, extra=LEASE) as pair:
        yield pair


def last_seq(pg_url: str, table_id: str) -> int:
    """The table's last seq in the log (the database is the truth)."""
    engine = sa.create_engine(pg_url)
    try:
        with engine.connect() as c:
            return int(c.execute(sa.text("SELECT coalesce(max(seq), 0) FROM actions WHERE "
                                         "table_id = :t"), {"t": table_id}).scalar_one())
    finally:
        engine.dispose()


def until(check: Any, what: str, timeout: float) -> float:
    t0 = time.monotonic()
    while not check():
        assert time.monotonic() - t0 < timeout, f"timed out waiting for {what}"
        time.sleep(0.1)
    return time.monotonic() - t0


def auto(state: dict[str, Any], seat: str) -> bool:
    return bool(next(s for s in state["table"]["seats"] if s["seat"] == seat)["auto"])


def test_a_takeback_on_one_process_is_honoured_by_the_owners_bots(
        pair: tuple[Serve, Serve]) -> None:
    a, b = pair
    made = post(b.base + "/api/tables", {  # B owns the table
        "game": "bourloto", "preset": "ru", "name": "Ann", "seat": "P1",
        "seats": [{"kind": "human"}] + [{"kind": "bot"}] * 3, "table": {"clock": 120}})

    async def main() -> None:
        p1 = await Client.open("P1@A", a.base, made["table_id"], made["token"])
        try:
            await p1.send({"type": "autoplay"})  # B's bots play P1 now
            await p1.wait(lambda: p1.seq >= 8 and auto(p1.last, "P1"), "the bots playing P1")
            await p1.send({"type": "takeback"})
            await p1.wait(lambda: not auto(p1.last, "P1"), "P1 taken back")
            await p1.wait(lambda: p1.last["to_act"] == "P1" and bool(p1.last["legal"]),
                          "P1's next turn", timeout=20)
            seq = p1.seq
            await asyncio.sleep(1.5)  # no bot plays it (before the fix B's bot did at once)
            assert p1.seq == seq and p1.last["to_act"] == "P1" and not p1.errors
            await p1.act(p1.last["legal"][0], seq)
            await p1.wait_seq(seq + 1)
            assert next(s for s in p1.states if s["seq"] == seq + 1)["last"]["seat"] == "P1"
        finally:
            await p1.close()

    asyncio.run(asyncio.wait_for(main(), 90))


def test_kill_9_of_a_tables_owner_the_other_process_takes_it_over(
        pair: tuple[Serve, Serve], redis_server: RedisServer, pg_url: str) -> None:
    victim = start_serve(pg_url, redis_server.url, bot_delay=0.05, extra=LEASE)
    try:
        made = post(victim.base + "/api/tables", {"game": "bourloto", "preset": "ru",
                                                  "seats": [{"kind": "bot"}] * 4})
        table_id = made["table_id"]  # nobody watches it: only its owner runs it
        until(lambda: last_seq(pg_url, table_id) >= 5, "the owner's bots", 20)
        victim.kill9()
        seq = last_seq(pg_url, table_id)
        took = until(lambda: last_seq(pg_url, table_id) >= seq + 5, "the bots again", 20)
        assert took < 8, took  # the lease (2 s) runs out, a round (every 0.7 s) takes it
        logs = "".join(p.log_text() for p in pair)
        found = re.search(rf"table {table_id}: owner now (\S+) \(was (\S+), lease expired",
                          logs)
        assert found is not None and found[1] != found[2], logs
        assert f"this process is {found[2]};" in victim.log.read_text()
    finally:
        victim.stop()


def test_a_redis_outage_does_not_stop_a_table_on_two_processes(
        pair: tuple[Serve, Serve], redis_server: RedisServer, pg_url: str) -> None:
    a, b = pair
    made = post(a.base + "/api/tables", {
        "game": "bourloto", "preset": "ru", "name": "Ann", "seat": "P1",
        "seats": [{"kind": "human"}, {"kind": "human"}, {"kind": "bot"}, {"kind": "bot"}]})
    table_id = made["table_id"]
    joined = post(f"{b.base}/api/tables/{made['code']}/join", {"name": "Bob", "seat": "P2"})
    rng = random.Random(7)

    async def main() -> None:
        players = {"P1": await Client.open("P1@A", a.base, table_id, made["token"]),
                   "P2": await Client.open("P2@B", b.base, table_id, joined["token"])}
        tried: set[tuple[str, int]] = set()

        async def play(seconds: float) -> int:
            """Each person plays a random legal move at its turn; the moves sent."""
            sent, end = 0, time.monotonic() + seconds
            while time.monotonic() < end:
                for seat, client in players.items():
                    st = client.last
                    if st["to_act"] == seat and st["legal"] and (seat, st["seq"]) not in tried:
                        tried.add((seat, st["seq"]))
                        await client.act(rng.choice(st["legal"]), st["seq"])
                        sent += 1
                await asyncio.sleep(0.02)
            return sent

        try:
            await play(2.0)
            before = await asyncio.to_thread(last_seq, pg_url, table_id)
            redis_server.halt()
            try:
                sent = await play(10.0)
                during = await asyncio.to_thread(last_seq, pg_url, table_id)
            finally:
                redis_server.resume()
            # both processes' players and A's bots went on (before the fix: nothing moved)
            assert sent >= 3 and during >= before + 8, (before, during, sent)
            await play(3.0)
            final = await asyncio.to_thread(last_seq, pg_url, table_id)
            for client in players.values():  # the people stopped: the bots wait for them
                await client.wait(lambda c=client: c.seq == final, f"seq {final}", timeout=10)
            assert players["P1"].last["view"]["history"] == players["P2"].last["view"]["history"]
        finally:
            for client in players.values():
                await client.close()

    asyncio.run(asyncio.wait_for(main(), 120))
