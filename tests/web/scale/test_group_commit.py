"""GroupCommit (web/group_commit.py) with SqlStore.append_actions on SQLite and PostgreSQL:
concurrent appends of many tables go out in few transactions, a taken ``(table_id, seq)`` loses,
and every winner is in the store when its caller hears about it."""

from __future__ import annotations

import asyncio
import time
from typing import Any

import anyio.to_thread
import pytest

from trapoula.web.group_commit import GroupCommit
from trapoula.web.store import SeatRow, SqlStore, TableRow


def test_concurrent_appends_batch_and_the_taken_seq_loses(store: SqlStore) -> None:
    stamp = str(time.monotonic_ns())[-8:]
    tables = [f"gc{stamp}{i}" for i in range(30)]
    for i, table_id in enumerate(tables):
        store.create_table(TableRow(table_id, f"G{stamp}{i}", "bourloto", "ru", {}, i, "playing",
                                    time.time(), [SeatRow("P1", "human")]))

    async def main() -> tuple[list[bool], GroupCommit]:
        async def in_thread(fn: Any, *args: Any) -> Any:
            return await anyio.to_thread.run_sync(fn, *args)

        commits = GroupCommit(store, in_thread)
        heard: list[bool] = []

        async def one(table_id: str, seq: int, action: str) -> bool:
            ok = await commits.append(table_id, seq, "P1", action)
            if ok:  # committed before the caller hears it: another connection sees it now
                assert (seq, "P1", action) in store.actions(table_id)
            heard.append(ok)
            return ok

        jobs = []
        for seq in (1, 2, 3):
            for table_id in tables:
                jobs.append(one(table_id, seq, f"play {seq}"))
                jobs.append(one(table_id, seq, "pass"))     # the same seq again: it loses
        results = list(await asyncio.gather(*jobs))
        return results, commits

    results, commits = asyncio.run(main())
    assert results == [True, False] * (3 * len(tables))
    assert commits.rows == len(results)
    assert commits.batches < len(results) / 4          # grouped, not one commit per action
    for table_id in tables:
        assert store.actions(table_id) == [(s, "P1", f"play {s}") for s in (1, 2, 3)]


def test_append_actions_answers_each_row(store: SqlStore) -> None:
    """The thread path's batch statement: a key taken before, a key twice in one call and a
    table that does not exist (row by row then) each get their own answer."""
    from trapoula.web.store import StoreUnavailable

    stamp = str(time.monotonic_ns())[-8:]
    table = f"aa{stamp}"
    store.create_table(TableRow(table, f"A{stamp}", "bourloto", "ru", {}, 1, "playing",
                                time.time(), [SeatRow("P1", "human")]))
    assert store.append_actions([(table, 1, "P1", "take")]) == [True]
    assert store.append_actions([(table, 1, "P1", "pass"), (table, 2, "P1", "pass"),
                                 (table, 3, "P1", "play 7H")]) == [False, True, True]
    assert store.append_actions([(table, 4, "P1", "a"), (table, 4, "P1", "b")]) == [True, False]
    with pytest.raises(StoreUnavailable):  # no such table: not "taken", a database error
        store.append_actions([(table, 5, "P1", "c"), ("nosuch" + stamp, 1, "P1", "d")])
    assert store.actions(table)[:4] == [(1, "P1", "take"), (2, "P1", "pass"),
                                        (3, "P1", "play 7H"), (4, "P1", "a")]
