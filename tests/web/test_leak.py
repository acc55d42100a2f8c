"""The leak test: every message to every connection over whole games, checked against the state.

Tables mix seats played by the server's bots and seats played by clients (uniformly random
among the ``legal`` they receive), plus a spectator.  Every message is checked when it is
sent, against the engine state of that moment: it may hold no card that is hidden from its
receiver (tests/web/leak.py; Burraco's two decks are compared by counts).
"""

from __future__ import annotations

import asyncio
import json
import random
from typing import Any

import pytest

from tests.web.helpers import FakeSocket, act, human_tokens, mixed_table, settle, table_cases
from tests.web.leak import leaks
from trapoula.web.conn import Connection
from trapoula.web.limits import TokenBucket
from trapoula.web.service import TableService
from trapoula.web.store import MemoryStore

pytestmark = pytest.mark.anyio

CASES = [
    ("bourloto", "ru", {"target": 600}, 4),
    ("bourloto", "gr", {"target": 500}, 4),
    ("bourre", "ru", {"max_deals": 30, "starting_stack": 20}, 4),
    ("bourre", "ru", {"players": 6, "max_deals": 20}, 6),
    ("burraco", "seed", {"target": 600}, 4),
    ("burraco", "fibur", {"players": 2, "target": 600}, 2),
    ("burraco", "seed", {"players": 3, "target": 400}, 3),
]


@table_cases(CASES)
async def test_no_hidden_card_reaches_any_connection(
    game: str, preset: str, options: dict[str, Any], n: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    svc = TableService(MemoryStore(), bot_delay=0, fixed_seeds=True)
    t = await mixed_table(svc, game, preset, options, n, 17)
    tid = t["table_id"]
    tokens = await human_tokens(svc, t, n, "<b>{i}</b>")
    problems: list[str] = []
    count = [0]

    push = Connection.push

    def check(conn: Connection, text: str, *, state: bool = False) -> bool:
        # checked when the service queues it, against the state it was made from
        count[0] += 1
        table = svc.tables.get(tid)
        if table is not None:
            found = leaks(table.state, conn.seat, json.loads(text))
            if found:
                problems.append(f"seq {table.seq} to {conn.seat}: {found}")
        return push(conn, text, state=state)

    monkeypatch.setattr(Connection, "push", check)

    socks: dict[str | None, FakeSocket] = {}
    for seat, token in tokens.items():
        s = FakeSocket()
        s.conn = await svc.connect(tid, token, s.send, s.close)
        socks[seat] = s
    watcher = FakeSocket()
    watcher.conn = await svc.connect(tid, None, watcher.send, watcher.close)
    for s in socks.values():
        s.conn.bucket = TokenBucket(rate=1e9, burst=10**9)  # type: ignore[union-attr]
    table = svc.tables[tid]
    rng = random.Random(1)
    stalls = 0
    while not table.state.is_over:
        seat = table.state.current_player
        sock = socks.get(seat)
        if sock is None or not sock.of("state") or sock.state()["seq"] != table.seq:
            stalls += 1
            assert stalls < 20000, "the bots stopped"
            await asyncio.sleep(0.0005)
            continue
        stalls = 0
        st = sock.state()
        assert st["legal"] and st["to_act"] == seat
        await act(svc, sock, rng.choice(st["legal"]), st["seq"])
        assert not sock.errors()
    await settle(svc)
    await svc.close()
    assert problems == []
    assert count[0] > table.seq  # every action reached the sockets
    assert watcher.state()["seq"] == table.seq and watcher.state()["you"] is None
    assert table.state.is_over and watcher.state()["over"]
