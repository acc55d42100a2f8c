"""A message to an idle connection is sent inside ``Connection.push`` (no writer task step);
a send that has to wait is finished by the writer task, and everything pushed meanwhile
queues behind it in order, as before (web/conn.py)."""

from __future__ import annotations

import asyncio
import gc
import warnings

from trapoula.web.app import RAW_SEND, KeepRawSend
from trapoula.web.conn import Connection


async def _close(code: int) -> None:
    pass


def test_a_push_to_an_idle_connection_is_sent_before_push_returns() -> None:
    async def main() -> list[str]:
        got: list[str] = []

        async def send(text: str) -> None:
            got.append(text)

        c = Connection("t", "P1", send, _close)
        assert c.push('{"type":"pong"}')
        seen = list(got)  # nothing has run on the loop since the push
        assert c.push('{"type":"state","seq":1}', state=True)
        seen2 = list(got)
        assert c.pending == 0
        return seen + ["|"] + seen2

    assert asyncio.run(main()) == ['{"type":"pong"}', "|", '{"type":"pong"}',
                                   '{"type":"state","seq":1}']


def test_a_send_that_waits_is_finished_by_the_writer_in_order() -> None:
    async def main() -> tuple[list[str], list[int]]:
        got: list[str] = []
        gate = asyncio.Event()
        pendings: list[int] = []

        async def send(text: str) -> None:
            got.append(text)
            if text == "first":
                await gate.wait()  # the socket's buffer is full: this send waits
                got.append("first done")

        c = Connection("t", "P1", send, _close)
        c.push("first")
        c.push('{"type":"state","seq":1}', state=True)
        c.push('{"type":"state","seq":2}', state=True)  # replaces seq 1, still queued
        c.push("chat")
        pendings.append(c.pending)
        await asyncio.sleep(0.01)
        pendings.append(c.pending)  # the send still waits: nothing else went out
        gate.set()
        await c.flush()
        c.push("after")  # idle again: at once
        return got, pendings

    got, pendings = asyncio.run(main())
    assert got == ["first", "first done", '{"type":"state","seq":2}', "chat", "after"]
    assert pendings == [2, 2]


def test_a_waiting_send_counts_as_in_flight_for_the_send_timeout() -> None:
    async def main() -> tuple[bool, bool]:
        dropped: list[Connection] = []

        async def send(text: str) -> None:
            await asyncio.Event().wait()  # never taken

        c = Connection("t", "P1", send, _close, send_timeout=0.01)
        c.on_drop = dropped.append
        c.push("one")
        await asyncio.sleep(0.03)
        ok = c.push("two")  # the send in flight took too long: dropped
        await asyncio.sleep(0)
        return ok, bool(dropped) and c.closed

    assert asyncio.run(main()) == (False, True)


def test_a_send_that_fails_at_once_drops_the_connection_after_the_broadcast() -> None:
    async def main() -> tuple[bool, list[bool], bool]:
        dropped: list[bool] = []

        async def send(text: str) -> None:
            raise OSError("gone")

        c = Connection("t", "P1", send, _close)
        c.on_drop = lambda conn: dropped.append(conn.closed)
        ok = c.push("one")
        told_at_once = bool(dropped)
        await asyncio.sleep(0)
        return ok, dropped, told_at_once

    ok, dropped, told_at_once = asyncio.run(main())
    assert ok is False and dropped == [True] and not told_at_once


def test_stopping_while_a_send_waits_ends_it_quietly() -> None:
    async def main() -> list[str]:
        log: list[str] = []

        async def send(text: str) -> None:
            try:
                await asyncio.Event().wait()
            except asyncio.CancelledError:
                log.append("cancelled")
                raise

        c = Connection("t", "P1", send, _close)
        c.push("one")
        c.push("two")
        await asyncio.sleep(0)  # the writer task took the waiting send over
        c.stop()
        await asyncio.sleep(0.01)
        return log

    with warnings.catch_warnings():
        warnings.simplefilter("error")  # no "coroutine was never awaited"
        assert asyncio.run(main()) == ["cancelled"]
        gc.collect()


def test_the_raw_send_is_kept_for_websockets_only() -> None:
    seen: list[object] = []

    async def app(scope: dict[str, object], receive: object, send: object) -> None:
        seen.append(scope.get(RAW_SEND))

    async def raw_send(message: object) -> None:
        pass

    async def main() -> None:
        mw = KeepRawSend(app)
        await mw({"type": "websocket"}, None, raw_send)
        await mw({"type": "http"}, None, raw_send)

    asyncio.run(main())
    assert seen == [raw_send, None]


def test_stopping_before_the_writer_takes_a_waiting_send_over_closes_it() -> None:
    async def main() -> list[str]:
        log: list[str] = []

        async def send(text: str) -> None:
            try:
                await asyncio.Event().wait()
            except GeneratorExit:
                log.append("closed")
                raise

        c = Connection("t", "P1", send, _close)
        c.push("one")  # waits; the writer task is made but has not run yet
        c.stop()
        await asyncio.sleep(0.01)
        return log

    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert asyncio.run(main()) == ["closed"]
