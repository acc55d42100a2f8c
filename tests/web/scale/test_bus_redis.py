"""RedisBus against a real redis-server: the Bus contract of docs/web.md across two buses (two
processes' worth), one pub/sub connection per bus, unsubscription, malformed messages, a Redis
restart (RESYNC), and close()."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any, TypeVar

import redis.asyncio as aioredis

from trapoula.web.bus_redis import RESYNC, RedisBus

from .services_redis import RedisServer

T = TypeVar("T")


def run(coro: Awaitable[T], timeout: float = 20.0) -> T:
    async def main() -> T:
        return await asyncio.wait_for(coro, timeout)
    return asyncio.run(main())


async def until(check: Callable[[], Awaitable[bool]], what: str, timeout: float = 5.0) -> None:
    deadline = asyncio.get_running_loop().time() + timeout
    while not await check():
        if asyncio.get_running_loop().time() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        await asyncio.sleep(0.02)


async def numsub(client: aioredis.Redis, table_id: str) -> int:
    pairs = await client.pubsub_numsub(RedisBus.channel(table_id))
    return int(pairs[0][1])


async def subscribed(client: aioredis.Redis, table_id: str, count: int = 1) -> None:
    async def check() -> bool:
        return await numsub(client, table_id) == count
    await until(check, f"{count} Redis subscriber(s) of {table_id}")


async def collect(it: AsyncIterator[dict[str, Any]], n: int) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    async for message in it:
        out.append(message)
        if len(out) == n:
            break
    return out


def test_two_buses_see_each_others_messages_in_order(redis_server: RedisServer) -> None:
    async def main() -> None:
        a, b = RedisBus(redis_server.url), RedisBus(redis_server.url)
        client = aioredis.Redis.from_url(redis_server.url)
        try:
            on_a = asyncio.create_task(collect(a.subscribe("t1"), 60))
            on_b = asyncio.create_task(collect(b.subscribe("t1"), 60))
            await subscribed(client, "t1", 2)
            for seq in range(1, 61):
                bus = a if seq % 3 else b
                await bus.publish("t1", {"seq": seq})
            got_a, got_b = await on_a, await on_b
            # every message once, in the one order Redis received them, on both buses
            assert [m["seq"] for m in got_a] == list(range(1, 61))
            assert got_b == got_a
        finally:
            await a.close()
            await b.close()
            await client.aclose()
    run(main())


def test_tables_are_separate_and_share_one_pubsub_connection(redis_server: RedisServer) -> None:
    async def main() -> None:
        a, b = RedisBus(redis_server.url), RedisBus(redis_server.url)
        client = aioredis.Redis.from_url(redis_server.url)
        tables = [f"sep{i}" for i in range(40)]
        try:
            before = len(await client.client_list(_type="pubsub"))
            tasks = {t: asyncio.create_task(collect(b.subscribe(t), 2)) for t in tables}
            for t in tables:
                await subscribed(client, t)
            assert len(await client.client_list(_type="pubsub")) == before + 1
            for t in tables:
                await a.publish(t, {"table": t, "n": 1})
                await a.publish(t, {"table": t, "n": 2})
            for t, task in tasks.items():
                assert await task == [{"table": t, "n": 1}, {"table": t, "n": 2}]
        finally:
            await a.close()
            await b.close()
            await client.aclose()
    run(main())


def test_last_subscriber_leaving_unsubscribes(redis_server: RedisServer) -> None:
    async def main() -> None:
        bus = RedisBus(redis_server.url)
        client = aioredis.Redis.from_url(redis_server.url)
        try:
            first, second = bus.subscribe("gone"), bus.subscribe("gone")
            t1 = asyncio.create_task(anext(first))
            t2 = asyncio.create_task(anext(second))
            await subscribed(client, "gone", 1)   # two local subscribers, one Redis one
            await bus.publish("gone", {"n": 1})
            assert await t1 == await t2 == {"n": 1}
            await first.aclose()
            assert await numsub(client, "gone") == 1
            await second.aclose()
            await subscribed(client, "gone", 0)
            # and subscribing again works
            again = bus.subscribe("gone")
            t3 = asyncio.create_task(anext(again))
            await subscribed(client, "gone", 1)
            await client.publish(RedisBus.channel("gone"), '{"n":2}')
            assert await t3 == {"n": 2}
            await again.aclose()
        finally:
            await bus.close()
            await client.aclose()
    run(main())


def test_malformed_messages_are_dropped(redis_server: RedisServer) -> None:
    async def main() -> None:
        bus = RedisBus(redis_server.url)
        client = aioredis.Redis.from_url(redis_server.url)
        try:
            task = asyncio.create_task(collect(bus.subscribe("junk"), 1))
            await subscribed(client, "junk")
            channel = RedisBus.channel("junk")
            junk: list[str | bytes] = ["not json", "[1,2]", '"text"', "7", b"\xff\xfe"]
            for raw in junk:
                await client.publish(channel, raw)
            await client.publish(channel, '{"n":1}')
            assert await task == [{"n": 1}]
        finally:
            await bus.close()
            await client.aclose()
    run(main())


def test_redis_restart_resyncs_and_keeps_delivering(redis_server: RedisServer) -> None:
    async def main() -> None:
        a = RedisBus(redis_server.url, reconnect_delay=0.05)
        b = RedisBus(redis_server.url, reconnect_delay=0.05)
        try:
            it = b.subscribe("phoenix")
            first = asyncio.create_task(anext(it))
            client = aioredis.Redis.from_url(redis_server.url)
            await subscribed(client, "phoenix")
            await client.aclose()
            await a.publish("phoenix", {"seq": 1})
            assert await first == {"seq": 1}
            redis_server.process.terminate()
            await asyncio.to_thread(redis_server.process.wait)
            await a.publish("phoenix", {"seq": -1})   # lost, logged, but does not raise
            await asyncio.to_thread(redis_server.restart)
            # b's reader notices the drop, reconnects, re-subscribes, and says RESYNC
            assert await asyncio.wait_for(anext(it), 15) == RESYNC
            await a.publish("phoenix", {"seq": 2})    # a's connection comes back on its own
            assert await asyncio.wait_for(anext(it), 5) == {"seq": 2}
            await it.aclose()
        finally:
            await a.close()
            await b.close()
    run(main(), timeout=40)


def test_close_ends_subscriptions(redis_server: RedisServer) -> None:
    async def main() -> None:
        bus = RedisBus(redis_server.url)
        client = aioredis.Redis.from_url(redis_server.url)
        try:
            got: list[dict[str, Any]] = []

            async def consume() -> None:
                async for message in bus.subscribe("end"):
                    got.append(message)

            task = asyncio.create_task(consume())
            await subscribed(client, "end")
            await bus.publish("end", {"n": 1})

            async def received() -> bool:
                return bool(got)
            await until(received, "the first message")
            await bus.close()
            await asyncio.wait_for(task, 5)  # the iteration ended
            assert got == [{"n": 1}]
            try:
                await bus.publish("end", {"n": 2})
            except RuntimeError as exc:
                assert "closed" in str(exc)
            else:
                raise AssertionError("publish after close() did not fail")
        finally:
            await client.aclose()
    run(main())
