"""Faults recover by themselves: the database fails or is locked during play, a bot loop fails.
Acknowledged moves are never lost, a database error is never called ``stale``, the log says
what happened, and tables resume on their own once the database answers again."""

from __future__ import annotations

import asyncio
import json
import logging
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.web.helpers import act, connect, settle
from trapoula.web.service import TableService
from trapoula.web.store import MemoryStore, SqlStore

pytestmark = pytest.mark.anyio
BOTS3 = [{"kind": "bot", "level": "easy"}] * 3


class DatabaseDown(Exception):
    """What a driver raises when the server is gone."""


class FlakyStore(MemoryStore):
    """A store that can be switched off (``down``), or that loses the answer of a write that
    did commit (``lose_answers``: the row is stored, then the call raises)."""

    def __init__(self) -> None:
        super().__init__()
        self.down = False
        self.lose_answers = 0

    def _check(self) -> None:
        if self.down:
            raise DatabaseDown("connection refused")

    def append_action(self, table_id: str, seq: int, seat: str, action: str) -> bool:
        self._check()
        ok = super().append_action(table_id, seq, seat, action)
        if self.lose_answers:
            self.lose_answers -= 1
            raise DatabaseDown("server closed the connection unexpectedly")
        return ok

    def get_table(self, table_id: str) -> Any:
        self._check()
        return super().get_table(table_id)

    def actions(self, table_id: str, after: int = 0) -> list[tuple[int, str, str]]:
        self._check()
        return super().actions(table_id, after)

    def add_chat(self, *args: Any) -> Any:
        self._check()
        return super().add_chat(*args)


async def _until(pred: Any, seconds: float = 10.0) -> None:
    loop = asyncio.get_running_loop()
    t0 = loop.time()
    while not pred():
        assert loop.time() - t0 < seconds, "timed out"
        await asyncio.sleep(0.01)


async def test_an_outage_during_play_loses_no_acknowledged_move(
        caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO, "trapoula.web")
    store = FlakyStore()
    svc = TableService(store, bot_delay=0.01, fixed_seeds=True, db_patience=0.3)
    await svc.start()
    people = await svc.create_table({"game": "bourloto", "preset": "gr", "seed": 5,
                                     "name": "Ann", "seat": "P1",
                                     "seats": [{"kind": "human"}, *BOTS3]})
    bots = await svc.create_table({"game": "bourloto", "preset": "gr",
                                   "seats": [{"kind": "bot"}] * 4, "table": {"clock": 60}})
    ann = await connect(svc, people["table_id"], people["token"], unlimited=True)
    t_people, t_bots = svc.tables[people["table_id"]], svc.tables[bots["table_id"]]
    await _until(lambda: t_bots.seq > 3 and ann.state()["to_act"] == "P1")

    store.down = True
    before = t_people.seq
    await act(svc, ann, ann.state()["legal"][0])
    assert ann.errors() == ["unavailable"]  # never "stale"
    assert "not stored" in ann.of("error")[-1]["message"] and t_people.seq == before
    stuck = t_bots.seq
    await asyncio.sleep(0.5)
    assert t_bots.seq <= stuck + 1  # the bots wait for the database (one move may be in flight)

    store.down = False  # the database is back: the bots resume on their own
    await _until(lambda: t_bots.seq > stuck + 5, 10)
    await act(svc, ann, ann.state()["legal"][0])
    assert t_people.seq == before + 1 and ann.errors() == ["unavailable"]
    await settle(svc)
    for table in (t_people, t_bots):  # every move a client saw is in the log, in order
        logged = store.actions(table.table_id)
        assert len(logged) >= table.seq and [q for q, _, _ in logged] == list(
            range(1, len(logged) + 1))
    text = caplog.text
    assert "the database failed (DatabaseDown: connection refused)" in text
    assert "the database answers again" in text
    await svc.close()


async def test_a_write_that_committed_but_lost_its_answer_is_not_stale() -> None:
    store = FlakyStore()
    svc = TableService(store, bot_delay=0, fixed_seeds=True)
    t = await svc.create_table({"game": "bourloto", "preset": "gr", "seed": 5, "name": "Ann",
                                "seat": "P1", "seats": [{"kind": "human"}, *BOTS3]})
    ann = await connect(svc, t["table_id"], t["token"])
    table = svc.tables[t["table_id"]]
    await _until(lambda: ann.state()["to_act"] == "P1")
    await settle(svc)
    seq = table.seq
    store.lose_answers = 1
    action = ann.state()["legal"][0]
    await act(svc, ann, action)
    assert ann.errors() == [] and table.seq >= seq + 1
    assert store.actions(t["table_id"])[seq][1:] == ("P1", action)
    await svc.close()


async def test_a_failing_bot_loop_is_restarted_and_logged(
        caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch) -> None:
    svc = TableService(MemoryStore(), bot_delay=0)
    calls = [0]
    real = TableService._bot_for

    def flaky(self: TableService, table: Any, seat: str) -> Any:
        calls[0] += 1
        if calls[0] == 3:
            raise RuntimeError("a bot crashed")
        return real(self, table, seat)

    monkeypatch.setattr(TableService, "_bot_for", flaky)
    t = await svc.create_table({"game": "bourloto", "preset": "gr",
                                "seats": [{"kind": "bot"}] * 4})
    table = svc.tables[t["table_id"]]
    await _until(lambda: table.seq > 10)
    assert "the bots of table" in caplog.text and "restarting it" in caplog.text
    await svc.close()


HOLD_LOCK = """
import sqlite3, sys, time
c = sqlite3.connect(sys.argv[1], isolation_level=None)
c.execute("BEGIN EXCLUSIVE")
print("locked", flush=True)
time.sleep(float(sys.argv[2]))
c.execute("COMMIT")
"""


async def test_an_sqlite_lock_held_by_another_process_during_play(tmp_path: Path) -> None:
    db = tmp_path / "t.db"
    store = SqlStore(f"sqlite:///{db}")
    svc = TableService(store, bot_delay=0.01, fixed_seeds=True)
    await svc.start()
    t = await svc.create_table({"game": "bourloto", "preset": "gr", "seed": 5, "name": "Ann",
                                "seat": "P1", "seats": [{"kind": "human"}, *BOTS3]})
    bots = await svc.create_table({"game": "bourloto", "preset": "gr",
                                   "seats": [{"kind": "bot"}] * 4})
    ann = await connect(svc, t["table_id"], t["token"], unlimited=True)
    table, t_bots = svc.tables[t["table_id"]], svc.tables[bots["table_id"]]
    await _until(lambda: t_bots.seq > 3 and ann.state()["to_act"] == "P1")
    lock = subprocess.Popen([sys.executable, "-c", HOLD_LOCK, str(db), "1.5"],
                            stdout=subprocess.PIPE, text=True)
    assert lock.stdout is not None and lock.stdout.readline().strip() == "locked"
    seq = table.seq
    await act(svc, ann, ann.state()["legal"][0])  # waits for the lock, then goes in
    assert ann.errors() == [] and table.seq == seq + 1
    lock.wait(10)
    moved = t_bots.seq
    await _until(lambda: t_bots.seq > moved + 5)  # and the bots play on
    await settle(svc)
    logged = store.actions(t["table_id"])
    assert len(logged) >= table.seq and logged[seq][1] == "P1"
    assert json.dumps(ann.errors()) == "[]"
    await svc.close()
    store.close()


async def test_postgresql_down_for_seconds_then_the_tables_resume(
        caplog: pytest.LogCaptureFixture) -> None:
    from tests.web.services_pg import start_postgres

    caplog.set_level(logging.INFO, "trapoula.web")
    pg = start_postgres()
    # the tests' PostgreSQL runs with synchronous_commit=off (fast), so a crash loses the last
    # commits it acknowledged: this one must not
    pg.opts = pg.opts.replace("synchronous_commit=off", "synchronous_commit=on")
    await asyncio.to_thread(pg.pause)
    await asyncio.to_thread(pg.resume)
    store = SqlStore(pg.url)
    try:
        svc = TableService(store, bot_delay=0.01, fixed_seeds=True, db_patience=0.5)
        await svc.start()
        t = await svc.create_table({"game": "bourloto", "preset": "gr", "seed": 5,
                                    "name": "Ann", "seat": "P1",
                                    "seats": [{"kind": "human"}, *BOTS3]})
        bots = await svc.create_table({"game": "bourloto", "preset": "gr",
                                       "options": {"target": 5000},
                                       "seats": [{"kind": "bot"}] * 4})
        ann = await connect(svc, t["table_id"], t["token"], unlimited=True)
        table, t_bots = svc.tables[t["table_id"]], svc.tables[bots["table_id"]]
        await _until(lambda: t_bots.seq > 3 and ann.state()["to_act"] == "P1")
        await asyncio.to_thread(pg.pause)
        seq = table.seq
        await act(svc, ann, ann.state()["legal"][0])
        assert ann.errors() == ["unavailable"] and table.seq == seq
        await asyncio.sleep(2.0)
        stuck = t_bots.seq
        await asyncio.to_thread(pg.resume)
        await _until(lambda: t_bots.seq > stuck + 5, 20)  # the bots resume on their own
        await act(svc, ann, ann.state()["legal"][0])
        assert ann.errors() == ["unavailable"] and table.seq == seq + 1
        for tb in (table, t_bots):
            assert len(store.actions(tb.table_id)) >= tb.seq
        assert "the database failed" in caplog.text and "answers again" in caplog.text
        await svc.close()
    finally:
        store.close()
        pg.stop()
