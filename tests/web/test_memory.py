"""Memory under load: a finished table and its sockets are freed at once, by reference counting.

A long-running server at 500 tables grew by ~330 bytes an action (docs/web.md, "Towards 500
tables"): every finished table stayed in the heap with its match history and its sockets'
records, because cancelled tasks (a connection's outbox writer, the table's bus follower) keep
their ``CancelledError``, whose traceback holds the task's frame, which holds the connection or
the table, which holds the task -- cycles that only a full collection frees, and full
collections are rare (and long) in a big heap.  These tests turn the collector off and check
that nothing of a finished table is left once its sockets have gone.
"""

from __future__ import annotations

import gc
import random
import weakref

import pytest

from tests.web.helpers import act, connect, settle
from trapoula.web.conn import Connection
from trapoula.web.service import TableService
from trapoula.web.store import MemoryStore

pytestmark = pytest.mark.anyio


def _left(table_id: str) -> list[str]:
    """The objects of ``table_id`` the collector still tracks (garbage in cycles included)."""
    return [type(o).__name__ for o in gc.get_objects()
            if isinstance(o, Connection) and o.table_id == table_id]


async def test_a_finished_table_and_its_sockets_are_freed_without_the_collector() -> None:
    svc = TableService(MemoryStore(), bot_delay=0, fixed_seeds=True)
    t = await svc.create_table({"game": "bourloto", "preset": "ru", "options": {"target": 300},
                                "seats": [{"kind": "human"}] * 4, "name": "P1", "seat": "P1",
                                "seed": 5})
    tid = t["table_id"]
    tokens = {"P1": t["token"]}
    for seat in ("P2", "P3", "P4"):
        tokens[seat] = (await svc.join(t["code"], seat, seat))["token"]
    gc.collect()
    gc.disable()
    try:
        socks = {seat: await connect(svc, tid, token, unlimited=True, deltas=seat != "P4")
                 for seat, token in tokens.items()}
        watcher = await connect(svc, tid, None)
        table_ref = weakref.ref(svc.tables[tid])
        rng = random.Random(3)
        for _ in range(5000):
            state = svc.tables[tid].state
            if state.is_over:
                break
            sock = socks[state.current_player]
            await act(svc, sock, rng.choice(sock.state()["legal"]))
        assert svc.tables[tid].state.is_over
        for sock in [*socks.values(), watcher]:
            assert sock.conn is not None
            await svc.disconnect(sock.conn)
            sock.conn = None
        await settle(svc)
        for _ in range(5):  # the cancelled writers and follower finish
            await settle(svc)
        del state, sock
        assert tid not in svc.tables  # evicted: nobody watches a finished table
        assert table_ref() is None, "the finished table is only freed by the cycle collector"
        assert _left(tid) == [], "the table's connections are only freed by the collector"
    finally:
        gc.enable()
    await svc.close()


async def test_a_closed_socket_of_the_real_server_leaves_no_reference_cycle() -> None:
    """Through uvicorn (the protocol ``trapoula serve`` uses) and the app's middleware: a
    WebSocket that connects to a table, gets its state and closes leaves nothing that only
    the cycle collector would free -- which matters since the server freezes what survives a
    full collection (web/app.py, PacedCollections): a cycle frozen is never freed."""
    import asyncio
    import socket

    import uvicorn
    from uvicorn.protocols.http.auto import AutoHTTPProtocol
    from websockets.asyncio.client import connect as ws_connect

    from trapoula.web.app import create_app
    from trapoula.web.headers import header_deadline
    from trapoula.web.ws_deflate import deflate_protocol

    svc = TableService(MemoryStore(), bot_delay=0, fixed_seeds=True)
    app = create_app(svc)
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning",
                                           ws=deflate_protocol(14), lifespan="on",
                                           http=header_deadline(AutoHTTPProtocol, 10)))
    task = asyncio.ensure_future(server.serve())
    try:
        while not server.started:
            await asyncio.sleep(0.01)
        t = await svc.create_table({"game": "bourloto", "preset": "ru",
                                    "seats": [{"kind": "human"}] * 4, "name": "P1",
                                    "seat": "P1", "seed": 5})
        url = f"ws://127.0.0.1:{port}/ws/{t['table_id']}"
        gc.collect()
        gc.disable()
        try:
            for k in range(6):  # spectators and the seat, with and without deltas
                token = f"?token={t['token']}" if k % 3 == 0 else "?x=1"
                async with ws_connect(url + token + ("&deltas=1" if k % 2 else "")) as c:
                    assert '"type":"state"' in str(await c.recv()) + str(await c.recv())
            for _ in range(20):
                await asyncio.sleep(0.01)
            gc.set_debug(gc.DEBUG_SAVEALL)
            gc.collect()
            kinds = sorted({type(o).__name__ for o in gc.garbage})
        finally:
            gc.set_debug(0)
            gc.garbage.clear()
            gc.enable()
        assert not [k for k in kinds if "Protocol" in k or k == "Connection"], kinds
    finally:
        server.should_exit = True
        await task
