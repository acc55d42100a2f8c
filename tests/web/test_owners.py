"""Several processes as one (docs/web.md, "Several server processes"), at the service level:
two TableServices share one store and one bus, as two ``trapoula serve`` processes share
PostgreSQL and Redis (tests/web/scale/test_owners.py runs the same with real processes).

- a seat command at the process that does not own the table is applied by the owner, whose bots
  then leave the person's turns alone;
- the owner dies without a word: the other process takes the lease when it runs out (a log
  line says so) and the table's bots play on, a table nobody there had loaded too;
- the bus drops every message: the processes read the moves from the store and play on;
- the owner does not abandon a table as idle while its people play through another process;
- during an outage, a person who plays an auto seat through another process gets it back;
- a seat command sent to an owner that died is answered (``unavailable``) all the same.
"""

from __future__ import annotations

import asyncio
import json
import logging
from typing import Any

import pytest

from tests.web.helpers import act, connect, send
from trapoula.web import owners
from trapoula.web.bus import LocalBus
from trapoula.web.service import TableService
from trapoula.web.store import MemoryStore

pytestmark = pytest.mark.anyio

TTL = 0.3  # seconds a lease lasts here (renewed every 0.1 s)


class FlakyBus(LocalBus):
    """A local bus that loses every message while ``down``."""

    def __init__(self) -> None:
        super().__init__()
        self.down = False

    @property
    def healthy(self) -> bool:
        return not self.down

    async def publish(self, table_id: str, message: dict[str, Any]) -> None:
        if not self.down:
            await super().publish(table_id, message)


async def _svc(store: MemoryStore, bus: LocalBus, bot_delay: float = 0.0,
               ttl: float = TTL) -> TableService:
    svc = TableService(store, bus, bot_delay=bot_delay, fixed_seeds=True, leases=True,
                       lease_ttl=ttl, clock_scale=0.01)
    await svc.start()
    return svc


async def _until(pred: Any, seconds: float = 5.0) -> None:
    loop = asyncio.get_running_loop()
    t0 = loop.time()
    while not pred():
        assert loop.time() - t0 < seconds, "timed out"
        await asyncio.sleep(0.01)


async def _die(svc: TableService) -> None:
    """The process ends without letting its leases go (kill -9)."""

    async def keep(ids: list[str] | None = None) -> None:
        return None

    svc._release_leases = keep  # type: ignore[method-assign]
    await svc.close()


def _spec(seats: list[dict[str, str]], **kw: Any) -> dict[str, Any]:
    # seed 5: P1 speaks first
    return {"game": "bourloto", "preset": "gr", "seed": 5, "seats": seats,
            "table": {"clock": 60, "bank": 30}, **kw}


async def test_a_takeback_at_another_process_is_honoured_by_the_owners_bots() -> None:
    store, bus = MemoryStore(), LocalBus()
    a, b = await _svc(store, bus), await _svc(store, bus)
    t = await a.create_table(_spec([{"kind": "human"}, {"kind": "human"}, {"kind": "bot"},
                                    {"kind": "bot"}], name="Ann", seat="P1"))
    j = await a.join(t["code"], "Bob")
    p1 = await connect(b, t["table_id"], t["token"])  # P1 sits on B, the table is A's
    p2 = await connect(a, t["table_id"], j["token"])
    ta, tb = a.tables[t["table_id"]], b.tables[t["table_id"]]
    assert ta.owner == tb.owner == a.origin and a._owns(ta) and not b._owns(tb)
    await send(b, p1, {"type": "autoplay"})  # forwarded to A, whose bot plays P1
    await _until(lambda: ta.seq >= 1 and tb.seq >= 1)
    assert "P1" in ta.auto and ta.last is not None and ta.last[0] == "P1"
    await _until(lambda: next(s for s in p1.state()["table"]["seats"] if s["seat"] == "P1")
                 ["auto"])
    await send(b, p1, {"type": "takeback"})
    await _until(lambda: "P1" not in ta.auto)
    assert ta.row.seats[0].clock is None or "auto" not in (store.get_table(t["table_id"])
                                                            .seats[0].clock or "")
    for _ in range(40):  # P2 plays through A, the bots through A: until P1 is to act again
        await _until(lambda: ta.state.current_player in ("P1", "P2") and tb.seq == ta.seq)
        if ta.state.current_player == "P1" or ta.state.is_over:
            break
        await act(a, p2, p2.state()["legal"][0])
    assert ta.state.current_player == "P1"
    seq = ta.seq
    await asyncio.sleep(0.3)  # A's bots leave P1's turn alone (its clock is 0.6 s)
    assert ta.seq == seq and "P1" not in ta.auto
    await _until(lambda: p1.state()["seq"] == seq and bool(p1.state()["legal"]))
    await act(b, p1, p1.state()["legal"][0])
    assert tb.seq == seq + 1 and tb.last is not None and tb.last[0] == "P1"
    await b.close()
    await a.close()


async def test_the_owner_dies_and_the_other_process_takes_its_tables_over(
        caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO, "trapoula.web")
    store, bus = MemoryStore(), LocalBus()
    a, b = await _svc(store, bus, bot_delay=0.02), await _svc(store, bus, bot_delay=0.02)
    bots = await a.create_table(_spec([{"kind": "bot"}] * 4))  # nobody watches it
    t = await a.create_table(_spec([{"kind": "human"}] + [{"kind": "bot"}] * 3,
                                   name="Ann", seat="P1"))
    p1 = await connect(b, t["table_id"], t["token"])
    await send(b, p1, {"type": "autoplay"})  # A's bots play the whole table
    ta = a.tables[t["table_id"]]
    await _until(lambda: a.tables[bots["table_id"]].seq >= 5 and ta.seq >= 5)
    assert bots["table_id"] not in b.tables and not b._owns(b.tables[t["table_id"]])
    await _die(a)
    seqs = {k: len(store.actions(k)) for k in (bots["table_id"], t["table_id"])}
    # the lease runs out within TTL; B's next round (every TTL / 3) takes both tables
    await _until(lambda: all(k in b.tables and b.tables[k].seq > seqs[k] + 3 for k in seqs),
                 3.0)
    tb = b.tables[t["table_id"]]
    assert b._owns(tb) and tb.auto == {"P1"}  # the auto seat stays auto at the new owner
    for k in seqs:
        assert f"table {k}: owner now {b.origin} (was {a.origin}, lease expired" in caplog.text
    await _until(lambda: p1.state()["seq"] > seqs[t["table_id"]] + 3)
    await b.close()


async def test_moves_travel_through_the_store_while_the_bus_is_down(
        caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO, "trapoula.web")
    store, bus = MemoryStore(), FlakyBus()
    a, b = await _svc(store, bus), await _svc(store, bus)
    t = await a.create_table(_spec([{"kind": "human"}] + [{"kind": "bot"}] * 3,
                                   name="Ann", seat="P1"))
    p1 = await connect(b, t["table_id"], t["token"])  # the bots are A's, P1 is on B
    ta, tb = a.tables[t["table_id"]], b.tables[t["table_id"]]
    bus.down = True
    loop = asyncio.get_running_loop()
    end, moves = loop.time() + 4.0, 0
    while loop.time() < end and not tb.state.is_over:
        st = p1.state()
        if st["legal"] and st["seq"] == tb.seq:
            await act(b, p1, st["legal"][0])
            moves += 1
        await asyncio.sleep(0.01)
    # without the store poll A never hears of P1's move and its bots wait for the bus
    assert moves >= 3 and ta.seq >= moves, (moves, ta.seq)
    assert "the bus is down" in caplog.text
    await send(b, p1, {"type": "autoplay"})  # the owner cannot be asked: said so
    assert p1.errors()[-1] == "unavailable"
    bus.down = False
    await _until(lambda: "the bus is back" in caplog.text, 2.0)
    await b.close()
    await a.close()


async def test_the_owner_does_not_abandon_a_table_whose_people_sit_elsewhere() -> None:
    store, bus = MemoryStore(), LocalBus()
    a, b = await _svc(store, bus), await _svc(store, bus)
    t = await a.create_table(_spec([{"kind": "human"}] + [{"kind": "bot"}] * 3,
                                   name="Ann", seat="P1"))
    p1 = await connect(b, t["table_id"], t["token"])  # nobody is connected to A
    ta, tb = a.tables[t["table_id"]], b.tables[t["table_id"]]
    idle, before = a.limits.idle_ttl, ta.idle_since
    await _until(lambda: bool(p1.state()["legal"]))
    await asyncio.sleep(0.05)
    await act(b, p1, p1.state()["legal"][0])
    await _until(lambda: ta.seq >= 1)
    assert await a.sweep(mono=before + idle + 0.01) == []  # P1 just played, through B
    assert await b.sweep(mono=tb.idle_since + idle + 1) == []  # B has P1's socket
    assert await a.sweep(mono=ta.idle_since + idle + 1) == [t["table_id"]]  # nobody, long
    await b.close()
    await a.close()


async def test_a_person_who_plays_through_another_process_during_an_outage_is_back() -> None:
    store, bus = MemoryStore(), FlakyBus()
    a, b = await _svc(store, bus, bot_delay=0.3), await _svc(store, bus)
    t = await a.create_table(_spec([{"kind": "human"}] + [{"kind": "bot"}] * 3,
                                   name="Ann", seat="P1"))
    p1 = await connect(b, t["table_id"], t["token"])
    ta, tb = a.tables[t["table_id"]], b.tables[t["table_id"]]
    await send(b, p1, {"type": "autoplay"})
    await _until(lambda: "P1" in ta.auto and "P1" in tb.auto)
    bus.down = True  # the owner does not hear that P1 plays: it reads it from the store
    loop = asyncio.get_running_loop()
    end = loop.time() + 8.0
    while "P1" in ta.auto:
        assert loop.time() < end, "A's bots still play P1"
        st = p1.state()
        if st["legal"] and st["seq"] == tb.seq:
            await act(b, p1, st["legal"][0])  # may lose the race to A's bot: then again
        await asyncio.sleep(0.01)
    row = store.get_table
    await _until(lambda: "auto" not in json.loads(row(t["table_id"]).seats[0].clock or "{}"))
    bus.down = False
    await b.close()
    await a.close()


async def test_a_seat_command_the_dead_owner_never_answers_is_answered_all_the_same(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(owners, "ASK_PATIENCE", 0.3)
    store, bus = MemoryStore(), LocalBus()
    a, b = await _svc(store, bus, ttl=2.0), await _svc(store, bus, ttl=2.0)
    t = await a.create_table(_spec([{"kind": "human"}, {"kind": "human"}, {"kind": "bot"},
                                    {"kind": "bot"}], name="Ann", seat="P1"))
    await a.join(t["code"], "Bob")  # P2 does not play: the table waits at P2's turns
    p1 = await connect(b, t["table_id"], t["token"])
    tb = b.tables[t["table_id"]]
    await send(b, p1, {"type": "autoplay"})
    await _until(lambda: "P1" in tb.auto)
    await _die(a)
    await send(b, p1, {"type": "takeback"})  # to A, which is gone and still holds the lease
    await _until(lambda: "unavailable" in p1.errors(), 2.0)
    assert "did not answer" in p1.of("error")[-1]["message"] and "P1" in tb.auto
    await _until(lambda: b._owns(tb), 4.0)  # B takes the table when A's lease runs out
    await send(b, p1, {"type": "takeback"})
    assert "P1" not in tb.auto
    await b.close()
