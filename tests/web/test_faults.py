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


HOLD_UNTIL_STDIN = """
import sqlite3, sys
c = sqlite3.connect(sys.argv[1], isolation_level=None, timeout=10)
c.execute("BEGIN EXCLUSIVE")
c.execute("CREATE TABLE IF NOT EXISTS lock_probe (x)")
print("locked", flush=True)
sys.stdin.readline()
c.execute("ROLLBACK")
c.close()
"""


def test_s10_a_locked_sqlite_database_answers_503_at_once_and_logs_start_and_end(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    """Issue #30 item 10: while another process holds SQLite's write lock (and bots keep
    trying to store their moves), HTTP answers within a second or two -- 503 for a write, the
    list for a read (WAL lets reads through) -- and the log says when the fault began and when
    it really ended (a write went through), once each and in that order."""
    import time
    import warnings

    from trapoula.web.app import create_app

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from starlette.testclient import TestClient
    caplog.set_level(logging.WARNING, logger="trapoula.web")
    db = tmp_path / "t.db"
    body = {"game": "bourloto", "name": "Ann", "seat": "P1",
            "seats": [{"kind": "human"}, *BOTS3]}
    svc = TableService(SqlStore(f"sqlite:///{db}"), bot_delay=0.05, fixed_seeds=True)
    with TestClient(create_app(svc)) as client:
        assert client.post("/api/tables", json=body).status_code == 200
        bots = client.post("/api/tables", json={"game": "bourloto", "seats": [{"kind": "bot"}] * 4})
        table = svc.tables[bots.json()["table_id"]]
        while table.seq < 3:
            time.sleep(0.01)
        lock = subprocess.Popen([sys.executable, "-c", HOLD_UNTIL_STDIN, str(db)],
                                stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        assert lock.stdin is not None and lock.stdout is not None
        try:
            assert lock.stdout.readline().strip() == "locked"
            for _ in range(3):
                t0 = time.monotonic()
                posted = client.post("/api/tables", json=body)
                assert posted.status_code == 503, posted.text
                assert posted.json()["error"] == "unavailable"
                assert time.monotonic() - t0 < 2.5
                t0 = time.monotonic()
                listed = client.get("/api/tables")
                assert time.monotonic() - t0 < 2.5
                assert listed.status_code == 200, listed.text
            time.sleep(1.0)  # the log must not say "answers again" while it is locked
            assert "answers again" not in caplog.text
        finally:
            lock.stdin.write("\n")
            lock.stdin.flush()
            lock.wait(10)
        deadline = time.monotonic() + 10
        while "answers again" not in caplog.text:  # the probe sees the end by itself
            assert time.monotonic() < deadline, caplog.text
            time.sleep(0.05)
        assert client.post("/api/tables", json=body).status_code == 200
        assert client.get("/api/tables").status_code == 200
        moved = table.seq
        while table.seq < moved + 3:  # the bots play on
            assert time.monotonic() < deadline + 10
            time.sleep(0.01)
    lines = [r.getMessage() for r in caplog.records if r.name == "trapoula.web"]
    failed = [i for i, m in enumerate(lines) if m.startswith("the database failed")]
    again = [i for i, m in enumerate(lines) if m.startswith("the database answers again")]
    assert len(failed) == 1 and len(again) == 1 and failed[0] < again[0], lines
