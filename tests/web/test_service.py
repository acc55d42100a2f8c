"""TableService with the in-memory store and the local bus: the rules of the protocol."""

from __future__ import annotations

import asyncio
import json
import time

import pytest

from tests.web.helpers import act, connect, handle, settle
from trapoula.web.bus import LocalBus
from trapoula.web.limits import FLOOD_DISCONNECT
from trapoula.web.service import ServiceError, TableService
from trapoula.web.store import MemoryStore

pytestmark = pytest.mark.anyio

HUMANS4 = [{"kind": "human"}] * 4


async def _service() -> TableService:
    svc = TableService(MemoryStore(), LocalBus(), bot_delay=0, fixed_seeds=True)
    await svc.start()
    return svc


async def _table(svc: TableService, seats: list[dict] | None = None, **kw: object) -> dict:
    # seed 5: P1 speaks first (asserted below)
    spec = {"game": "bourloto", "preset": "gr", "seats": seats or HUMANS4, "name": "Alice",
            "seat": "P1", "seed": 5, "table": {"hold": False}, **kw}
    return await svc.create_table(spec)


async def test_create_join_and_play_a_move() -> None:
    svc = await _service()
    t = await _table(svc)
    assert t["seat"] == "P1" and len(t["code"]) == 6 and t["token"]
    j = await svc.join(t["code"].lower(), "  Bob ")
    assert j["seat"] == "P2" and j["table_id"] == t["table_id"]
    p1 = await connect(svc, t["table_id"], t["token"])
    first = p1.state()
    assert first["you"] == "P1" and first["seq"] == 0 and first["to_act"] == "P1"
    assert first["legal"] == ["take", "pass"] and len(first["view"]["hand"]) == 5
    assert [s["name"] for s in first["table"]["seats"]][:2] == ["Alice", "Bob"]
    await act(svc, p1, "pass")
    st = p1.state()
    assert st["seq"] == 1 and st["last"] == {"seat": "P1", "action": "pass"}
    assert st["to_act"] == "P2" and st["legal"] == []
    await svc.close()


async def test_refusals_change_nothing() -> None:
    svc = await _service()
    t = await _table(svc)
    j = await svc.join(t["code"], "Bob", "P3")
    p1 = await connect(svc, t["table_id"], t["token"])
    p3 = await connect(svc, t["table_id"], j["token"])
    spec = await connect(svc, t["table_id"], None)
    table = svc.tables[t["table_id"]]
    before = (table.seq, table.state)
    await act(svc, p1, "play 10H")  # bidding: illegal
    await act(svc, p1, "dance")  # not notation
    await act(svc, p1, "take", seq=5)  # stale
    await act(svc, p3, "take")  # not P3's turn
    await act(svc, spec, "take")  # a spectator
    await act(svc, p1, "P3 take")  # speaking for another seat
    assert p1.errors() == ["illegal", "parse", "stale", "not_your_turn"]
    assert p3.errors() == ["not_your_turn"] and spec.errors() == ["spectator"]
    for bad in ["{", "[1]", '{"type": "shout"}', '{"type": "act", "action": "take"}',
                '{"type": "act", "action": "take", "seq": true}', b"\x00\x01",
                json.dumps({"type": "act", "action": "take", "seq": 0, "pad": "x" * 5000})]:
        await handle(svc, p1.conn, bad)  # type: ignore[arg-type]
    await settle(svc)
    assert p1.state()["to_act"] == "P1"
    assert p1.errors()[4:] == ["bad_message"] * 6 + ["too_large"]
    assert (table.seq, table.state) == before
    await act(svc, p1, "take")
    assert table.seq == 1
    await svc.close()


async def test_token_for_another_seat_or_table_is_rejected() -> None:
    svc = await _service()
    t1 = await _table(svc)
    t2 = await _table(svc)
    with pytest.raises(ServiceError) as exc:
        await connect(svc, t2["table_id"], t1["token"])
    assert exc.value.status == 403
    with pytest.raises(ServiceError):
        await connect(svc, t1["table_id"], "forged-token")
    with pytest.raises(ServiceError) as exc:
        await svc.join(t1["code"], "Eve", "P1")
    assert exc.value.status == 409
    with pytest.raises(ServiceError) as exc:
        await svc.join("NOSUCH", "Eve")
    assert exc.value.status == 404
    await svc.close()


async def test_a_spectator_chats_under_the_name_it_chose() -> None:
    svc = await _service()
    t = await svc.create_table({"game": "bourloto", "seats": HUMANS4, "name": "Ann"})
    eve = await connect(svc, t["table_id"], None, name="  Eve ")
    anon = await connect(svc, t["table_id"], None, name="x" * 25)  # refused: no name
    ann = await connect(svc, t["table_id"], t["token"], name="Mallory")  # a seat's own name
    for sock in (eve, anon, ann):
        await handle(svc, sock.conn, json.dumps({"type": "chat", "text": "hi"}))  # type: ignore[arg-type]
    got = [(m["seat"], m["name"]) for m in eve.of("chat")]
    assert got == [(None, "Eve"), (None, "spectator"), ("P1", "Ann")]
    await svc.close()


async def test_bad_tables_and_names() -> None:
    svc = await _service()
    for spec, code in [
        ({"game": "chess"}, "bad_option"),
        ({"game": "bourloto", "options": {"target": -5}}, "bad_option"),
        ({"game": "bourloto", "options": {"nosuch": 1}}, "bad_option"),
        ({"game": "bourloto", "seats": [{"kind": "human"}]}, "bad_seats"),
        ({"game": "bourloto", "seats": [{"kind": "bot", "bot": "nosuch"}] * 4}, "bad_seats"),
        ({"game": "bourloto", "name": "", "seat": "P1"}, "bad_name"),
        ({"game": "bourloto", "name": "x" * 25}, "bad_name"),
        ({"game": "bourloto", "name": "a\u202eb"}, "bad_name"),
    ]:
        with pytest.raises(ServiceError) as exc:
            await svc.create_table(spec)
        assert (exc.value.status, exc.value.code) == (400, code), spec
    assert not svc.tables
    await svc.close()


async def test_names_and_chat_are_plain_text() -> None:
    svc = await _service()
    evil = "<script>alert(1)</script>"
    t = await svc.create_table({"game": "bourloto", "seats": HUMANS4, "name": "<img src=x>"})
    p1 = await connect(svc, t["table_id"], t["token"])
    watcher = await connect(svc, t["table_id"], None)
    await handle(svc, p1.conn, json.dumps({"type": "chat", "text": evil}))  # type: ignore[arg-type]
    await handle(svc, watcher.conn, json.dumps({"type": "chat", "text": "hi\nthere"}))  # type: ignore[arg-type]
    await handle(svc, watcher.conn, json.dumps({"type": "chat", "text": ""}))  # type: ignore[arg-type]
    got = [(m["seat"], m["name"], m["text"]) for m in watcher.of("chat")]
    assert got == [("P1", "<img src=x>", evil), (None, "spectator", "hi there")]
    assert watcher.errors() == ["bad_message"]
    assert watcher.state()["table"]["seats"][0]["name"] == "<img src=x>"
    late = await connect(svc, t["table_id"], None)
    history = late.of("chat_history")[0]["messages"]
    assert [m["text"] for m in history] == [evil, "hi there"]
    await svc.close()


async def test_flooding_is_rate_limited_then_disconnected() -> None:
    svc = await _service()
    t = await _table(svc)
    p1 = await connect(svc, t["table_id"], t["token"])
    for _ in range(40 + FLOOD_DISCONNECT + 10):  # faster than the bucket refills
        await svc.handle(p1.conn, '{"type": "ping"}')  # type: ignore[arg-type]
        await asyncio.sleep(0)  # the connection's writer sends the answers meanwhile
    await settle(svc)
    assert len(p1.of("pong")) >= 40
    assert "rate_limited" in p1.errors() and p1.closed_with == 1008
    assert svc.tables[t["table_id"]].seq == 0
    await svc.close()


async def test_bots_fill_seats_and_finish_a_match() -> None:
    svc = await _service()
    t = await svc.create_table({"game": "burraco", "seed": 3,
                                "seats": [{"kind": "bot"}] * 4, "options": {"target": 300}})
    assert t["seat"] is None and t["token"] is None
    watcher = await connect(svc, t["table_id"], None)
    table = svc.tables[t["table_id"]]
    for _ in range(600):
        if table.state.is_over:
            break
        await asyncio.sleep(0.01)
    await settle(svc)  # the last state leaves the watcher's outbox
    assert table.state.is_over and watcher.state()["over"]
    assert watcher.state()["sheet"] and watcher.state()["result"]["winner"] in ("A", "B")
    record = await svc.record(t["table_id"])
    assert record["format"] == "trapoula-record/2" and len(record["actions"]) == table.seq
    steps = await svc.replay_steps(t["table_id"])
    assert len(steps["steps"]) == table.seq + 1 and steps["steps"][0]["view"]["hand"] == []
    frame = await svc.replay(t["table_id"], 5)
    assert frame["seq"] == 5 and set(frame["views"]) == {"P1", "P2", "P3", "P4"}
    finished = await svc.list_tables(status="finished")
    assert [x["id"] for x in finished] == [t["table_id"]]
    await svc.close()


async def test_record_of_a_running_table_is_refused() -> None:
    svc = await _service()
    t = await _table(svc)
    with pytest.raises(ServiceError) as exc:
        await svc.record(t["table_id"])
    assert exc.value.status == 404
    await svc.close()


async def test_restart_replays_the_log() -> None:
    store = MemoryStore()
    svc = TableService(store, bot_delay=0, fixed_seeds=True)
    t = await svc.create_table({"game": "bourre", "seats": [{"kind": "human"}] * 3,
                                "options": {"players": 3}, "name": "A", "seed": 5})
    for seat in ("P2", "P3"):
        await svc.join(t["code"], seat)
    socks = {}
    for seat, tok in [("P1", t["token"])]:
        socks[seat] = await connect(svc, t["table_id"], tok)
    table = svc.tables[t["table_id"]]
    await svc.close()
    again = TableService(store, bot_delay=0, fixed_seeds=True)
    assert await again.start() == 1
    t2 = again.tables[t["table_id"]]
    assert (t2.seq, t2.state.view("P1")) == (table.seq, table.state.view("P1"))
    await again.close()


async def test_two_services_share_a_table_through_store_and_bus() -> None:
    """Two server processes in miniature: one store, one bus, a player on each."""
    store, bus = MemoryStore(), LocalBus()
    a = TableService(store, bus, bot_delay=0, fixed_seeds=True)
    b = TableService(store, bus, bot_delay=0, fixed_seeds=True)
    t = await a.create_table({"game": "bourloto", "preset": "gr", "seed": 5, "name": "Ann",
                              "seats": [{"kind": "human"}, {"kind": "bot"}, {"kind": "human"},
                                        {"kind": "bot"}], "options": {"target": 300}})
    j = await b.join(t["code"], "Ben")
    on_a = await connect(a, t["table_id"], t["token"], unlimited=True)
    on_b = await connect(b, t["table_id"], j["token"], unlimited=True)
    socks = {"P1": (a, on_a), "P3": (b, on_b)}
    ta, tb = a.tables[t["table_id"]], b.tables[t["table_id"]]
    for _ in range(20000):
        if ta.state.is_over and tb.seq == ta.seq:
            break
        to_act = ta.state.current_player
        if to_act in socks and ta.seq == tb.seq:
            svc, sock = socks[to_act]
            st = sock.state()
            if st["seq"] == ta.seq:
                await act(svc, sock, st["legal"][0], st["seq"])
                continue
        await asyncio.sleep(0.001)
    await settle(a)
    await settle(b)
    assert ta.state.is_over and tb.state.is_over and tb.seq == ta.seq
    assert on_a.state()["seq"] == on_b.state()["seq"] == ta.seq
    assert on_a.errors() == [] and on_b.errors() == []
    assert [s for s, _, _ in store.actions(t["table_id"])] == list(range(1, ta.seq + 1))
    await a.close()
    await b.close()


async def test_a_finished_table_nobody_watches_leaves_memory() -> None:
    svc = await _service()
    t = await svc.create_table({"game": "burraco", "seed": 4, "options": {"target": 200},
                                "seats": [{"kind": "bot"}] * 4})
    deadline = time.monotonic() + 300  # bots play the whole match: generous on a loaded machine
    while t["table_id"] in svc.tables and time.monotonic() < deadline:
        await asyncio.sleep(0.002)
    assert t["table_id"] not in svc.tables
    record = await svc.record(t["table_id"])  # loaded again from the store
    assert record["actions"] and svc.tables[t["table_id"]].state.is_over
    await svc.close()
