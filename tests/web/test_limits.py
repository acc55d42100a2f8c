"""No client can freeze a table: slow sockets, floods, squatting and oversized options (service)."""

from __future__ import annotations

import asyncio
import json

import pytest

from tests.web.helpers import FakeSocket, act, connect, handle, settle
from trapoula.web.bus import LocalBus
from trapoula.web.limits import Limits
from trapoula.web.service import ServiceError, TableService
from trapoula.web.store import MemoryStore

pytestmark = pytest.mark.anyio

HUMANS4 = [{"kind": "human"}] * 4
OPEN = {"hold": False}


async def _service(**limits: float) -> TableService:
    svc = TableService(MemoryStore(), LocalBus(), bot_delay=0, fixed_seeds=True,
                       limits=Limits(**limits))  # type: ignore[arg-type]
    await svc.start()
    return svc


async def _table(svc: TableService, address: str | None = None, **kw: object) -> dict:
    spec = {"game": "bourloto", "preset": "gr", "seats": HUMANS4, "name": "Alice", "seat": "P1",
            "seed": 5, "table": OPEN, **kw}
    return await svc.create_table(spec, address)


class StuckSocket(FakeSocket):
    """A client that never reads: every send blocks."""

    async def send(self, text: str) -> None:
        await asyncio.Event().wait()


async def test_a_spectator_that_never_reads_is_dropped_and_play_goes_on() -> None:
    svc = await _service(send_timeout=0.2, send_queue=8)
    t = await _table(svc)
    for seat in ("P2", "P3", "P4"):
        await svc.join(t["code"], seat, seat)
    stuck = StuckSocket()
    stuck.conn = await svc.connect(t["table_id"], None, stuck.send, stuck.close)
    p1 = await connect(svc, t["table_id"], t["token"], unlimited=True)
    chatter = await connect(svc, t["table_id"], None, unlimited=True)
    table = svc.tables[t["table_id"]]
    for k in range(12):  # chatting neighbours fill the stuck socket's outbox
        await handle(svc, chatter.conn, json.dumps({"type": "chat", "text": f"hi {k}"}))
    await act(svc, p1, "pass")  # not blocked by the socket that does not read
    assert table.seq == 1 and p1.state()["seq"] == 1
    assert stuck.conn.closed and stuck.conn not in table.conns
    assert len(chatter.of("chat")) >= 8  # the others got their messages
    await asyncio.sleep(0.3)
    assert stuck.closed_with == 1013  # "try again later"
    await svc.close()


async def test_a_socket_slower_than_the_send_timeout_is_dropped() -> None:
    svc = await _service(send_timeout=0.1)
    t = await _table(svc)
    stuck = StuckSocket()
    stuck.conn = await svc.connect(t["table_id"], None, stuck.send, stuck.close)
    await asyncio.sleep(0.3)  # the sweeper (or the next message) finds the send stuck
    await svc.sweep()
    assert stuck.conn.closed and stuck.conn not in svc.tables[t["table_id"]].conns
    await svc.close()


async def test_creation_flood_and_seat_squatting_get_429() -> None:
    svc = await _service(tables_per_minute=3, seats_per_address=4, joins_per_minute=100)
    made = [await _table(svc, "10.0.0.1") for _ in range(3)]
    with pytest.raises(ServiceError) as err:
        await _table(svc, "10.0.0.1")
    assert err.value.status == 429 and "3 new tables a minute" in err.value.message
    await _table(svc, "10.0.0.2")  # another address is not affected
    # squatting: the address holds 3 seats (its tables); one more join, then 429
    await svc.join(made[0]["code"], "Sq", None, "10.0.0.1")
    with pytest.raises(ServiceError) as err:
        await svc.join(made[1]["code"], "Sq", None, "10.0.0.1")
    assert err.value.status == 429 and "at most 4 seats" in err.value.message
    free = [s for s in (await svc.find(made[1]["code"]))["seats"] if not s["taken"]]
    assert len(free) == 3  # nothing was taken by the refused join
    await svc.close()


async def test_join_rate_per_address() -> None:
    svc = await _service(joins_per_minute=2, seats_per_address=0)
    t = await _table(svc)
    await svc.join(t["code"], "A", None, "10.0.0.9")
    await svc.join(t["code"], "B", None, "10.0.0.9")
    with pytest.raises(ServiceError) as err:
        await svc.join(t["code"], "C", None, "10.0.0.9")
    assert err.value.status == 429 and "joins" in err.value.message
    await svc.close()


async def test_connections_per_token_table_and_address() -> None:
    svc = await _service(conns_per_token=2, conns_per_table=5, conns_per_address=4)
    t = await _table(svc)
    tid = t["table_id"]
    await connect(svc, tid, t["token"])
    await connect(svc, tid, t["token"])
    with pytest.raises(ServiceError) as err:
        await connect(svc, tid, t["token"])
    assert err.value.status == 429 and "seat P1" in err.value.message
    for _ in range(3):
        await connect(svc, tid, None)
    with pytest.raises(ServiceError) as err:
        await connect(svc, tid, None)
    assert "5 connections" in err.value.message
    other = await _table(svc)
    socks = [await connect(svc, other["table_id"], None, address="10.1.1.1") for _ in range(4)]
    with pytest.raises(ServiceError) as err:
        await connect(svc, other["table_id"], None, address="10.1.1.1")
    assert "4 open connections" in err.value.message
    assert socks[0].conn is not None
    await svc.disconnect(socks[0].conn)  # one closes: one more may open
    await connect(svc, other["table_id"], None, address="10.1.1.1")
    await svc.close()


async def test_chat_rate_and_rows() -> None:
    svc = await _service(chat_per_minute=60, chat_rows=3)
    t = await _table(svc)
    a = await connect(svc, t["table_id"], t["token"])
    for k in range(3):
        await handle(svc, a.conn, json.dumps({"type": "chat", "text": f"m{k}"}))
    await handle(svc, a.conn, json.dumps({"type": "chat", "text": "full"}))
    assert [m["text"] for m in a.of("chat")] == ["m0", "m1", "m2"]
    assert a.errors() == ["too_many"] and "chat is full" in a.of("error")[0]["message"]
    await svc.close()
    svc = await _service(chat_per_minute=6)  # a burst of 2, then one each 10 s
    b = await connect(svc, (await _table(svc))["table_id"], None)
    for k in range(3):
        await handle(svc, b.conn, json.dumps({"type": "chat", "text": f"x{k}"}))
    assert b.errors() == ["too_many"] and "6 chat messages a minute" in b.of("error")[0]["message"]
    await svc.close()


async def test_options_are_bounded() -> None:
    svc = await _service()
    with pytest.raises(ServiceError) as err:
        await _table(svc, seats=[{"kind": "bot"}] * 4, name=None, seat=None,
                     options={"target": 10**9})
    assert err.value.code == "bad_option" and "at most 5000" in err.value.message
    await _table(svc, options={"target": 5000})
    await svc.close()


async def test_a_connect_does_not_send_a_state_to_everyone() -> None:
    svc = await _service()
    t = await _table(svc)
    watchers = [await connect(svc, t["table_id"], None) for _ in range(5)]
    before = [len(w.of("state")) for w in watchers]
    for _ in range(3):  # the same token again and again: one presence message at most
        await connect(svc, t["table_id"], t["token"])
    assert [len(w.of("state")) for w in watchers] == before
    assert all(len(w.of("presence")) == 1 for w in watchers)
    assert watchers[0].of("presence")[0]["connected"] == ["P1"]
    await settle(svc)
    await svc.close()


async def test_deep_nesting_and_odd_seq_values_are_refused() -> None:
    svc = await _service()
    t = await _table(svc)
    p1 = await connect(svc, t["table_id"], t["token"], unlimited=True)
    bad = ["[" * 3000, '{"type":"act","action":"take","seq":' + "9" * 3000 + "}",
           '{"type":"act","action":"take","seq":-1}', '{"type":"act","action":"take","seq":1.5}',
           '{"type":"act","action":"take","seq":"0"}', '{"type":"seat_bot"}']
    for text in bad:
        await handle(svc, p1.conn, text)
    assert p1.errors() == ["bad_message"] * 6
    assert svc.tables[t["table_id"]].seq == 0
    await svc.close()


def test_s9_client_keys_group_an_ipv6_network_and_keep_ipv4_addresses_apart() -> None:
    from trapoula.web.guard import client_key

    one = {client_key(f"2001:db8:aa:bb:{i:x}:{i * 7:x}::{i:x}") for i in range(1, 200)}
    assert one == {"2001:db8:aa:bb::/64"}
    assert client_key("2001:db8:aa:bc::1") != client_key("2001:db8:aa:bb::1")
    assert client_key("2001:db8:aa:bb::1", 48) == client_key("2001:db8:aa:ff::1", 48)
    assert client_key("2001:db8:aa:bb::1", 128) != client_key("2001:db8:aa:bb::2", 128)
    assert len({client_key(f"198.51.100.{i}") for i in range(1, 50)}) == 49
    assert client_key("::ffff:198.51.100.7") == client_key("198.51.100.7") == "198.51.100.7"
    assert client_key("testclient") == "testclient"
    assert len({client_key(f"127.0.{i}.{j}") for i in range(3) for j in range(1, 9)}
               | {client_key("::1")}) == 1  # the loopback is one machine


async def test_s9_seats_from_rotating_addresses_of_one_network_are_one_clients() -> None:
    from trapoula.web.guard import client_key

    svc = await _service(tables_per_minute=0, seats_per_address=3, joins_per_minute=0)
    made = [await _table(svc, client_key(f"2001:db8:5::{i}")) for i in range(1, 4)]
    for i in range(4, 40):  # every further seat from that /64 is refused
        with pytest.raises(ServiceError) as err:
            await svc.join(made[i % 3]["code"], "Sq", None, client_key(f"2001:db8:5::{i:x}"))
        assert err.value.status == 429 and "at most 3 seats" in err.value.message
    await svc.join(made[0]["code"], "Other", None, client_key("2001:db8:6::1"))
    await svc.close()


class _Transport:
    def __init__(self, proto: object, host: str) -> None:
        self.proto, self.host, self.closed = proto, host, False

    def get_extra_info(self, name: str) -> object:
        return (self.host, 40000) if name == "peername" else None

    def is_closing(self) -> bool:
        return self.closed

    def get_protocol(self) -> object:
        return self.proto

    def close(self) -> None:
        self.closed = True


class _Cycle:
    def __init__(self, *, complete: bool, more_body: bool, started: bool) -> None:
        self.response_complete, self.more_body, self.response_started = (
            complete, more_body, started)


class _Proto:
    def __init__(self, host: str, cycle: _Cycle | None = None) -> None:
        self.transport = _Transport(self, host)
        self.cycle = cycle


def test_s8_connection_caps_close_the_oldest_unanswered_connection_of_that_client() -> None:
    from trapoula.web.netcap import Caps, ConnTracker, caps_for

    for n in (256, 1024, 4096, 1 << 20):
        caps = caps_for(n)
        assert caps.total + caps.backlog + 64 <= n and 8 <= caps.per_address <= caps.total
    tracker = ConnTracker(Caps(total=6, per_address=3, backlog=16))
    answering = _Cycle(complete=False, more_body=False, started=True)
    held = [_Proto("2001:db8::1", answering)]  # being answered: never closed to make room
    held += [_Proto(f"2001:db8::{i}") for i in (2, 3)]  # half-sent heads
    for p in held:
        p._cap_key = tracker.key_of(p.transport)  # type: ignore[attr-defined]
        assert tracker.admit(p, p._cap_key, 0)  # type: ignore[attr-defined]
    fresh = _Proto("2001:db8::ff")  # same /64: the oldest unanswered one (::2) goes
    fresh._cap_key = tracker.key_of(fresh.transport)  # type: ignore[attr-defined]
    assert tracker.admit(fresh, fresh._cap_key, 3)  # type: ignore[attr-defined]
    assert [p.transport.closed for p in held] == [False, True, False]
    other = _Proto("192.0.2.1")  # over the total: the busiest client's oldest idle one goes
    assert tracker.admit(other, tracker.key_of(other.transport), 6)
    assert held[2].transport.closed and not held[0].transport.closed
    busy = [_Proto("198.51.100.9", answering) for _ in range(3)]
    for p in busy:
        assert tracker.admit(p, "198.51.100.9", 0)
    assert not tracker.admit(_Proto("198.51.100.9"), "198.51.100.9", 0)  # nothing to close
    assert tracker.refused == 1 and tracker.evicted == 2
