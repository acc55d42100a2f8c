"""The delta protocol (web/delta.py): a client that asks for deltas holds, after every
broadcast, exactly the state a client of full states gets, and no delta holds a card hidden
from its receiver.

Each seat a client plays has two sockets, one of full states and one of deltas (and the
spectators likewise); the delta socket applies each ``delta`` to its last state
(``FakeSocket``), and after every move both must hold the same state.  On the way a seat
leaves (its sockets watch from then on), a socket resyncs, and a slow socket's waiting delta
is replaced by the full state.
"""

from __future__ import annotations

import asyncio
import json
import random
from collections import Counter
from typing import Any

import pytest

from tests.web.helpers import (
    FakeSocket,
    act,
    connect,
    human_tokens,
    mixed_table,
    send,
    settle,
    table_cases,
)
from tests.web.leak import deal_of, leaks
from trapoula.cards import Card
from trapoula.core.seats import seat_index
from trapoula.web.conn import Connection
from trapoula.web.delta import DeltaError, apply_delta
from trapoula.web.service import TableService
from trapoula.web.store import MemoryStore

pytestmark = pytest.mark.anyio

CASES = [
    ("bourloto", "ru", {"target": 300}, 4),   # own fields registered: the public part shared
    ("bourre", "ru", {"max_deals": 6, "starting_stack": 20}, 4),   # whole views compared
    ("burraco", "fibur", {"players": 2, "target": 300}, 2),
]


def expand(delta: dict[str, Any]) -> dict[str, Any]:
    """A delta's paths as nested objects (what the leak check walks); cards appended to the
    hand are under ``hand_added`` (the check of a whole hand does not apply to them)."""
    out: dict[str, Any] = {}
    for part in ("set", "append"):
        for path, value in delta[part].items():
            if part == "append" and path == "view.hand":
                path = "view.hand_added"
            node = out
            keys = path.split(".")
            for k in keys[:-1]:
                node = node.setdefault(k, {})
            node[keys[-1]] = value
    return out


def same(a: dict[str, Any], b: dict[str, Any]) -> bool:
    """Equal states (the clock's seconds left aside: a state sent on connect was made at
    another moment than the last broadcast's)."""
    def timeless(s: dict[str, Any]) -> str:
        clock = s.get("clock")
        if clock:
            s = {**s, "clock": {**clock, "left": 0, "bank": 0}}
        return json.dumps(s, sort_keys=True)
    return timeless(a) == timeless(b)


def differ(a: Any, b: Any, path: str = "") -> list[str]:
    """The paths where two JSON values differ (for the failure message)."""
    if isinstance(a, dict) and isinstance(b, dict):
        return [p for k in sorted(set(a) | set(b))
                for p in differ(a.get(k), b.get(k), f"{path}.{k}")]
    return [] if a == b else [f"{path}: {a!r} != {b!r}"[:300]]


@table_cases(CASES)
async def test_deltas_rebuild_the_full_state_and_hide_every_card(
    game: str, preset: str, options: dict[str, Any], n: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    svc = TableService(MemoryStore(), bot_delay=0, fixed_seeds=True)
    t = await mixed_table(svc, game, preset, options, n, 11, table={"hold": False})
    tid = t["table_id"]
    tokens = await human_tokens(svc, t, n)
    problems: list[str] = []
    push = Connection.push

    def check(conn: Connection, text: str, *, state: bool = False, full: Any = None) -> bool:
        if text.startswith('{"type":"delta"'):
            table = svc.tables[tid]
            msg = expand(json.loads(text))
            found = leaks(table.state, conn.seat, msg)
            added = msg.get("view", {}).get("hand_added", [])
            if added and game == "burraco":  # two decks: the cards added are in its hand
                assert conn.seat is not None
                mine = Counter(str(Card.from_index(c)) for c in deal_of(table.state)
                               .hand_indices(seat_index(conn.seat)))
                if Counter(str(Card.parse(c)) for c in added) - mine:
                    found.append(f"hand_added {added} not in {conn.seat}'s hand")
            if found:
                problems.append(f"seq {table.seq} to {conn.seat}: {found}")
        return push(conn, text, state=state, full=full)

    monkeypatch.setattr(Connection, "push", check)
    pairs: dict[str | None, tuple[FakeSocket, FakeSocket]] = {}
    for seat, token in [*tokens.items(), (None, None)]:
        pairs[seat] = (await connect(svc, tid, token, unlimited=True),
                       await connect(svc, tid, token, unlimited=True, deltas=True))
    players = {seat: pair for seat, pair in pairs.items() if seat is not None}
    table = svc.tables[tid]
    rng = random.Random(3)
    moves = stalls = 0
    left = False
    while not table.state.is_over:
        seat = table.state.current_player
        await settle(svc)
        for who, (full, delta) in pairs.items():
            assert same(full.state(), delta.state()), (who, table.seq, differ(
                full.state(), delta.state()))
        pair = players.get(seat)
        if pair is None or pair[0].state()["seq"] != table.seq:
            stalls += 1
            assert stalls < 20000, "the bots stopped"
            await asyncio.sleep(0.0005)
            continue
        stalls = 0
        full, delta = pair
        st = delta.state()
        assert st["legal"] and st["to_act"] == seat
        moves += 1
        if moves == 5:
            await send(svc, delta, {"type": "resync"})  # a full state now, deltas after
            assert "deltas" not in delta.messages[-1]
        if moves == 9 and n == 4 and not left:  # P3 leaves: its sockets watch from now on
            left = True
            await send(svc, pairs["P3"][0], {"type": "leave"})
            del players["P3"]
            continue
        await act(svc, delta if moves % 2 else full, rng.choice(st["legal"]), st["seq"])
        assert not full.errors() and not delta.errors()
    await settle(svc)
    for who, (full, delta) in pairs.items():
        assert same(full.state(), delta.state()) and delta.state()["over"], who
        assert len(delta.deltas) > moves // 2  # moves went out as deltas
        assert max(len(json.dumps(d)) for d in delta.deltas[1:]) < len(json.dumps(full.state()))
    await svc.close()
    assert problems == []


async def test_a_waiting_delta_is_replaced_by_the_full_state() -> None:
    """A slow socket's outbox holds one state at most: a delta that would replace a waiting
    one puts the full state there instead (the waiting one never reached the client)."""
    svc = TableService(MemoryStore(), bot_delay=0, fixed_seeds=True)
    t = await svc.create_table({"game": "bourloto", "preset": "gr", "seats": [
        {"kind": "human"}, {"kind": "bot"}, {"kind": "bot"}, {"kind": "bot"}],
        "name": "A", "seat": "P1", "seed": 5})
    tid = t["table_id"]
    p1 = await connect(svc, tid, t["token"], unlimited=True)
    gate = asyncio.Event()
    gate.set()
    slow = FakeSocket(deltas=True)

    kinds: list[str] = []

    async def gated(text: str) -> None:
        await gate.wait()
        kinds.append(json.loads(text)["type"])
        await FakeSocket.send(slow, text)

    slow.conn = await svc.connect(tid, None, gated, slow.close, deltas=True)

    async def play(moves: int) -> None:
        for _ in range(moves):
            for _ in range(2000):
                if p1.state()["to_act"] == "P1" and p1.state()["seq"] == svc.tables[tid].seq:
                    break
                await asyncio.sleep(0.0005)
            st = p1.state()
            assert p1.conn is not None
            await svc.handle(p1.conn, json.dumps({"type": "act", "action": st["legal"][0],
                                                  "seq": st["seq"]}))
        for _ in range(2000):  # the bots' moves, up to P1's turn
            if p1.state()["to_act"] == "P1" and p1.state()["seq"] == svc.tables[tid].seq:
                break
            await asyncio.sleep(0.0005)

    await play(2)
    before = len(kinds)
    gate.clear()  # the socket stops reading: a delta in flight, the next ones wait
    await play(3)
    queued = slow.conn.pending
    gate.set()
    await play(2)
    await settle(svc)
    after = kinds[before:]
    # a delta was in flight, one message waited (replaced by each newer one): the full state
    assert queued == 1 and after[:2] == ["delta", "state"] and after.count("state") == 1
    assert len(after) > 4
    assert same(slow.state(), {**p1.state(), "you": None, "legal": [], "last": slow.state()[
        "last"], "view": slow.state()["view"]})
    assert slow.state()["seq"] == svc.tables[tid].seq and slow.deltas
    await svc.close()


def test_apply_delta_refuses_another_base() -> None:
    with pytest.raises(DeltaError):
        apply_delta({"seq": 3}, {"type": "delta", "seq": 5, "base": 4, "set": {}, "append": {}})
    with pytest.raises(DeltaError):
        apply_delta({"seq": 3, "view": {}},
                    {"type": "delta", "seq": 4, "base": 3, "set": {}, "append": {"view.h": [1]}})
