"""Clocks and seats: the clock runs out and a bot plays, the person takes the seat back, leaves,
hands it over; the creator gives open seats to bots or holds the deal; tables expire."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest

from tests.web.helpers import act, connect, send, settle
from trapoula.web.bus import LocalBus
from trapoula.web.limits import Limits
from trapoula.web.service import ServiceError, TableService
from trapoula.web.store import MemoryStore, SqlStore

pytestmark = pytest.mark.anyio

SCALE = 0.01  # a clock second is 10 ms here


async def _service(**limits: float) -> TableService:
    svc = TableService(MemoryStore(), LocalBus(), bot_delay=0, fixed_seeds=True,
                       clock_scale=SCALE, limits=Limits(**limits))  # type: ignore[arg-type]
    await svc.start()
    return svc


async def _table(svc: TableService, table: dict | None = None, seats: list | None = None,
                 **kw: object) -> dict:
    spec = {"game": "bourloto", "preset": "gr", "name": "Alice", "seat": "P1", "seed": 5,
            "seats": seats or [{"kind": "human"}, {"kind": "human"}, {"kind": "bot"},
                               {"kind": "bot", "level": "easy"}],
            "table": {"clock": 15, "bank": 5} if table is None else table, **kw}
    return await svc.create_table(spec)


async def _until(pred: object, seconds: float = 5.0) -> None:
    t0 = asyncio.get_running_loop().time()
    while not pred():  # type: ignore[operator]
        assert asyncio.get_running_loop().time() - t0 < seconds, "timed out"
        await asyncio.sleep(0.01)


def _seat(state: dict, seat: str) -> dict:
    return next(s for s in state["table"]["seats"] if s["seat"] == seat)


async def test_the_clock_runs_out_a_bot_plays_and_the_person_takes_the_seat_back() -> None:
    svc = await _service()
    t = await _table(svc)
    j = await svc.join(t["code"], "Bob")
    p1 = await connect(svc, t["table_id"], t["token"])
    await connect(svc, t["table_id"], j["token"])
    table = svc.tables[t["table_id"]]
    st = p1.state()
    assert st["to_act"] == "P1" and st["clock"]["seat"] == "P1"
    assert st["clock"]["turn"] == 15 and st["clock"]["bank"] == pytest.approx(5 * SCALE)
    assert st["table"]["settings"]["clock"] == 15 and st["table"]["settings"]["level"] == "medium"
    await _until(lambda: "P1" in table.auto)  # 15 + 5 clock seconds: 0.2 s
    await _until(lambda: table.seq >= 1)  # the bot played P1's turn
    await settle(svc)
    assert _seat(p1.state(), "P1")["auto"] and table.bank["P1"] == 0
    assert p1.state()["table"]["settings"]["level"] == "medium"
    await send(svc, p1, {"type": "takeback"})
    assert "P1" not in table.auto and not _seat(p1.state(), "P1")["auto"]
    await send(svc, p1, {"type": "takeback"})
    assert p1.errors() == ["seat"]
    await svc.close()


async def test_acting_late_spends_the_bank_and_acting_takes_the_seat_back() -> None:
    svc = await _service()
    t = await _table(svc, table={"clock": 15, "bank": 30})
    await svc.join(t["code"], "Bob")
    p1 = await connect(svc, t["table_id"], t["token"])
    table = svc.tables[t["table_id"]]
    await asyncio.sleep(25 * SCALE)  # 10 clock seconds into the bank
    await act(svc, p1, "pass")
    assert 14 < table.bank["P1"] < 21
    await send(svc, p1, {"type": "autoplay"})  # hand the seat to the bot
    assert "P1" in table.auto and _seat(p1.state(), "P1")["auto"]
    await svc.close()


async def test_leaving_frees_the_seat_a_bot_plays_it_until_someone_joins() -> None:
    svc = await _service()
    t = await _table(svc, table={"clock": 15, "bank": 0, "hold": False})
    j = await svc.join(t["code"], "Bob")
    p2 = await connect(svc, t["table_id"], j["token"])
    await send(svc, p2, {"type": "leave"})
    assert p2.of("left") == [{"type": "left", "seat": "P2"}]
    assert p2.state()["you"] is None and p2.conn is not None and p2.conn.seat is None
    with pytest.raises(ServiceError):  # the token holds no seat any more
        await connect(svc, t["table_id"], j["token"])
    table = svc.tables[t["table_id"]]
    assert table.status == "open" and table.bot_plays("P2")
    assert _seat(p2.state(), "P2")["auto"] and not _seat(p2.state(), "P2")["taken"]
    c = await svc.join(t["code"], "Cleo")
    assert c["seat"] == "P2" and not table.bot_plays("P2") and table.status == "playing"
    await svc.close()


async def test_the_creator_holds_the_deal_and_gives_an_open_seat_to_a_bot() -> None:
    svc = await _service()
    t = await _table(svc, table={"clock": 15, "hold": True})
    p1 = await connect(svc, t["table_id"], t["token"])
    table = svc.tables[t["table_id"]]
    assert table.held and p1.state()["table"]["held"] and p1.state()["legal"] == []
    assert p1.state()["clock"] is None
    await act(svc, p1, "pass")
    assert p1.errors() == ["waiting"] and table.seq == 0
    j = await svc.join(t["code"], "Bob")
    p2 = await connect(svc, t["table_id"], j["token"])
    await send(svc, p2, {"type": "seat_bot", "seat": "P1"})
    assert p2.errors() == ["not_creator"]
    await send(svc, p2, {"type": "leave"})
    assert table.held
    await send(svc, p1, {"type": "seat_bot", "seat": "P3"})
    assert p1.errors()[-1] == "seat"  # P3 is a bot already
    await send(svc, p1, {"type": "seat_bot", "seat": "P2"})
    assert not table.held and _seat(p1.state(), "P2")["kind"] == "bot"
    assert p1.state()["legal"] == ["take", "pass"] and p1.state()["clock"]["seat"] == "P1"
    await act(svc, p1, "pass")
    await _until(lambda: table.seq >= 2)  # the bots play on
    await svc.close()


async def test_open_tables_expire_and_tables_nobody_watches_are_abandoned() -> None:
    svc = await _service(open_ttl=60, idle_ttl=120)
    waiting = await _table(svc)
    full = await _table(svc, seats=[{"kind": "human"}] + [{"kind": "bot"}] * 3)
    t_wait, t_full = svc.tables[waiting["table_id"]], svc.tables[full["table_id"]]
    assert await svc.sweep() == []
    gone = await svc.sweep(wall=t_wait.row.created + 61)
    assert gone == [waiting["table_id"]] and waiting["table_id"] not in svc.tables
    assert svc.store.get_table(waiting["table_id"]).status == "abandoned"  # type: ignore[union-attr]
    with pytest.raises(ServiceError) as err:
        await connect(svc, waiting["table_id"], waiting["token"])
    assert err.value.status == 410
    assert all(t["id"] != waiting["table_id"] for t in await svc.list_tables())
    sock = await connect(svc, full["table_id"], full["token"])
    assert await svc.sweep(mono=t_full.idle_since + 121) == []  # someone is connected
    assert sock.conn is not None
    await svc.disconnect(sock.conn)
    assert await svc.sweep(mono=t_full.idle_since + 121) == [full["table_id"]]
    assert not svc.tables
    await svc.close()


async def test_clock_settings_and_private_tables() -> None:
    svc = await _service()
    with pytest.raises(ServiceError) as err:
        await _table(svc, table={"clock": 0})
    assert err.value.code == "bad_table" and "private" in err.value.message
    with pytest.raises(ServiceError):
        await _table(svc, table={"clock": 45})
    t = await _table(svc, table={"clock": 0, "private": True})
    assert svc.tables[t["table_id"]].settings.clock == 0
    assert all(x["id"] != t["table_id"] for x in await svc.list_tables())
    assert (await svc.find(t["code"]))["settings"]["private"]
    solo = await _table(svc, seats=[{"kind": "human"}] + [{"kind": "bot"}] * 3, table={})
    info = svc.tables[solo["table_id"]].info()
    assert info["settings"]["seed_chosen"] and info["settings"]["clock"] == 60
    await svc.close()


async def test_a_takeback_resumes_the_rest_of_the_turn_never_a_fresh_clock() -> None:
    svc = TableService(MemoryStore(), LocalBus(), bot_delay=2.0, fixed_seeds=True,
                       clock_scale=SCALE)  # the bot waits 2 s: the take-back comes first
    await svc.start()
    t = await _table(svc, table={"clock": 120, "bank": 60})
    await svc.join(t["code"], "Bob")
    p1 = await connect(svc, t["table_id"], t["token"])
    table = svc.tables[t["table_id"]]
    await asyncio.sleep(40 * SCALE)  # 40 of the turn's 120 clock seconds
    await send(svc, p1, {"type": "autoplay"})
    assert "P1" in table.auto and p1.state()["clock"] is None and table.seq == 0
    assert 39 < table.used["P1"][1] < 70
    await asyncio.sleep(30 * SCALE)  # the turn's clock runs on while the bot holds the seat
    await send(svc, p1, {"type": "takeback"})
    clock = p1.state()["clock"]
    assert "P1" not in table.auto and clock["seat"] == "P1"
    assert clock["left"] < 51 * SCALE and clock["bank"] == pytest.approx(60 * SCALE)
    assert table.used["P1"][1] > 69
    await _until(lambda: "P1" in table.auto, 3.0)  # the rest (≈ 50 + 60 s) runs out
    assert table.bank["P1"] == 0 and table.seq == 0
    await send(svc, p1, {"type": "takeback"})  # the turn's time is used up: the bot's turn
    assert p1.errors() == ["seat"] and "used up" in p1.of("error")[-1]["message"]
    assert "P1" in table.auto
    await _until(lambda: table.seq >= 1, 4.0)  # the bot plays it
    await send(svc, p1, {"type": "takeback"})  # from the next turn on the seat is P1's
    assert "P1" not in table.auto and p1.errors() == ["seat"]
    await svc.close()


async def test_a_takeback_loop_does_not_freeze_the_table() -> None:
    """The attack of issue #30: take the seat back each time the clock gives it to the bot."""
    svc = TableService(MemoryStore(), LocalBus(), bot_delay=0.05, fixed_seeds=True,
                       clock_scale=SCALE)
    await svc.start()
    t = await _table(svc, table={"clock": 15, "bank": 5},
                     seats=[{"kind": "human"}] + [{"kind": "bot"}] * 3)
    p1 = await connect(svc, t["table_id"], t["token"])
    table = svc.tables[t["table_id"]]
    loop = asyncio.get_running_loop()
    end = loop.time() + 2.0
    takebacks = 0
    while loop.time() < end:
        if "P1" in table.auto:
            await send(svc, p1, {"type": "takeback"})
            takebacks += 1
        await asyncio.sleep(0.002)
    # each of P1's turns lasts its clock (0.15 s; the bank is spent at the first), then the bot
    # plays it: before the fix the first take-back started a new clock each time and the
    # table stayed at P1's first turn
    assert takebacks >= 3 and table.seq >= 8, (takebacks, table.seq)
    await svc.close()


async def test_auto_seats_and_banks_survive_a_restart(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 't.db'}"
    svc = TableService(SqlStore(url), LocalBus(), bot_delay=0, fixed_seeds=True,
                       clock_scale=SCALE)
    await svc.start()
    t = await _table(svc, table={"clock": 60, "bank": 300})
    j = await svc.join(t["code"], "Bob")
    p1 = await connect(svc, t["table_id"], t["token"])
    p2 = await connect(svc, t["table_id"], j["token"])
    table = svc.tables[t["table_id"]]
    await asyncio.sleep(70 * SCALE)  # P1 acts 10 s into the bank
    await act(svc, p1, "pass")
    await _until(lambda: table.state.current_player == "P2")
    await send(svc, p1, {"type": "autoplay"})
    bank = table.bank["P1"]
    assert 240 < bank < 291
    # stored at once (a kill -9 now loses nothing): the seat's row says auto and the bank
    row = svc.store.get_table(t["table_id"])
    assert row is not None and json.loads(row.seats[0].clock or "{}") == {
        "auto": "hand", "bank": round(bank, 3)}
    seq = table.seq
    await svc.close()
    svc.store.close()

    again = TableService(SqlStore(url), LocalBus(), bot_delay=0, fixed_seeds=True,
                         clock_scale=SCALE)
    await again.start()
    table = again.tables[t["table_id"]]
    assert table.auto == {"P1"} and table.bank["P1"] == pytest.approx(bank, abs=0.01)
    assert table.seq == seq and table.state.current_player == "P2"
    p2 = await connect(again, t["table_id"], j["token"])
    assert _seat(p2.state(), "P1")["auto"]
    await act(again, p2, p2.state()["legal"][-1])
    # the bots play P1 at once, not after its clock and bank (3.6 s here)
    await _until(lambda: table.state.current_player == "P2" or table.seq > seq + 4, 0.5)
    await again.close()
    again.store.close()
