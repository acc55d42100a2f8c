"""The same store tests on MemoryStore, SQLite (a file, WAL) and a real PostgreSQL server."""

from __future__ import annotations

import asyncio
import json
import threading
import uuid
from dataclasses import replace
from pathlib import Path

import pytest

import trapoula
from tests.web.helpers import act, connect, handle
from trapoula.web.service import TableService
from trapoula.web.store import SeatRow, SqlStore, Store, TableRow


def _row(status: str = "open", created: float = 1.0) -> TableRow:
    tid = uuid.uuid4().hex[:16]
    return TableRow(tid, tid[:8].upper(), "bourloto", "gr", {"target": 500}, 2**61 + 5, status,
                    created, [SeatRow("P1", "human"), SeatRow("P2", "bot", "medium bot",
                                                              bot="medium", level="medium"),
                              SeatRow("P3", "human"), SeatRow("P4", "bot", bot="heuristic")])


def test_table_round_trip(store: Store) -> None:
    row = _row()
    store.create_table(row)
    got = store.get_table(row.table_id)
    assert got is not None and replace(got, rules=None, engine="") == row
    # every option value is kept (a later preset change cannot change the table)
    assert got.rules == trapoula.make("bourloto", "gr", target=500).options.to_dict()
    assert got.engine == trapoula.__version__ and got.dealing == 2
    assert store.find_code(row.code.lower()) == row.table_id
    assert store.find_code("nosuch") is None and store.get_table("nosuch") is None


def test_seats_are_taken_once(store: Store) -> None:
    row = _row()
    store.create_table(row)
    assert store.set_seat(row.table_id, "P1", "<b>Alice</b>", "h1")
    assert not store.set_seat(row.table_id, "P1", "Bob", "h2")  # taken
    assert not store.set_seat(row.table_id, "P2", "Bob", "h2")  # a bot's seat
    seats = store.get_table(row.table_id).seats  # type: ignore[union-attr]
    assert (seats[0].name, seats[0].token_hash) == ("<b>Alice</b>", "h1")
    assert not seats[2].taken and seats[1].taken


def test_action_log_is_unique_per_seq(store: Store) -> None:
    row = _row()
    store.create_table(row)
    assert store.append_action(row.table_id, 1, "P1", "take")
    assert not store.append_action(row.table_id, 1, "P2", "pass")  # the race is lost
    assert store.append_action(row.table_id, 2, "P1", "play 10H")
    assert store.actions(row.table_id) == [(1, "P1", "take"), (2, "P1", "play 10H")]
    assert store.actions(row.table_id, after=1) == [(2, "P1", "play 10H")]


def test_racing_threads_one_winner_per_seq(store: Store) -> None:
    row = _row()
    store.create_table(row)
    wins: list[str] = []

    def racer(name: str) -> None:
        for seq in range(1, 11):
            if store.append_action(row.table_id, seq, name, f"act {seq}"):
                wins.append(name)

    threads = [threading.Thread(target=racer, args=(f"P{i}",)) for i in range(1, 4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(wins) == 10
    assert [s for s, _, _ in store.actions(row.table_id)] == list(range(1, 11))


def test_status_and_listing(store: Store) -> None:
    a, b = _row(created=10.0), _row(created=20.0)
    store.create_table(a)
    store.create_table(b)
    store.set_status(a.table_id, "finished")
    mine = {a.table_id, b.table_id}
    listed = [r.table_id for r in store.list_tables(limit=1000) if r.table_id in mine]
    assert listed == [b.table_id]
    done = [r.table_id for r in store.list_tables(status="finished", limit=1000)
            if r.table_id in mine]
    assert done == [a.table_id]


def test_chat_is_kept_as_plain_text(store: Store) -> None:
    row = _row()
    store.create_table(row)
    for i in range(5):
        store.add_chat(row.table_id, "P1", "Alice", f"<script>alert({i})</script>")
    store.add_chat(row.table_id, None, "spectator", "hi")
    got = store.chat(row.table_id, limit=3)
    assert [c.text for c in got] == ["<script>alert(3)</script>", "<script>alert(4)</script>",
                                     "hi"]
    assert got[-1].seat is None


@pytest.mark.anyio
@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
async def test_service_on_a_database_resumes_a_table(
    backend: str, request: pytest.FixtureRequest, tmp_path: Path
) -> None:
    """A table played through the service, then a new service on the same database."""
    url = (f"sqlite:///{tmp_path / 's.db'}" if backend == "sqlite"
           else request.getfixturevalue("postgres_url"))
    svc = TableService(SqlStore(url), bot_delay=0, fixed_seeds=True)
    t = await svc.create_table({"game": "bourre", "options": {"players": 3}, "seed": 8,
                                "seats": [{"kind": "human"}, {"kind": "bot"}, {"kind": "bot"}],
                                "name": "Zoë"})
    p1 = await connect(svc, t["table_id"], t["token"])
    table = svc.tables[t["table_id"]]
    for _ in range(30):
        while table.state.current_player != "P1" or p1.state()["seq"] != table.seq:
            await asyncio.sleep(0.002)
        await act(svc, p1, p1.state()["legal"][0])
    await handle(svc, p1.conn, json.dumps({"type": "chat", "text": "gg"}))  # type: ignore[arg-type]
    while table.state.current_player != "P1":
        await asyncio.sleep(0.002)
    seq, view = table.seq, table.state.view("P1")
    await svc.close()
    again = TableService(SqlStore(url), bot_delay=0, fixed_seeds=True)
    await again.start()
    back = await connect(again, t["table_id"], t["token"])
    assert back.state()["seq"] == seq and again.tables[t["table_id"]].state.view("P1") == view
    assert [m["text"] for m in back.of("chat_history")[0]["messages"]] == ["gg"]
    await again.close()
