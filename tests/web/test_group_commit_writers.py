"""Group commit with two loop writers (PostgreSQL: two connections): a batch goes out while the
other waits for its commit, each caller is answered after its own batch, and a
``(table_id, seq)`` in flight never goes out in the other batch at the same time."""

from __future__ import annotations

import asyncio

import pytest

from trapoula.web.group_commit import GroupCommit

pytestmark = pytest.mark.anyio

Row = tuple[str, int, str, str]


class SlowWriter:
    """A loop writer whose commits answer when the test says (``release``)."""

    needs_checkpoint = False

    def __init__(self, log: dict[tuple[str, int], str], flights: list[list[Row]]) -> None:
        self.log = log
        self.flights = flights  # every batch in flight right now (shared by both writers)
        self.gate = asyncio.Event()
        self.batches: list[list[Row]] = []

    async def write(self, rows: list[Row]) -> list[bool]:
        keys = {(t, q) for t, q, _, _ in rows}
        for other in self.flights:
            assert not keys & {(t, q) for t, q, _, _ in other}, "one key in two batches"
        self.flights.append(rows)
        self.batches.append(rows)
        await self.gate.wait()
        self.gate.clear()
        self.flights.remove(rows)
        return [self.log.setdefault((t, q), a) == a for t, q, _, a in rows]

    def checkpoint(self) -> None:  # pragma: no cover - not SQLite
        pass

    async def close(self) -> None:
        pass


async def _unused(fn: object, *args: object) -> object:  # pragma: no cover
    raise AssertionError("the worker thread is not used")


async def test_a_second_batch_goes_out_while_the_first_waits_for_its_commit() -> None:
    log: dict[tuple[str, int], str] = {}
    flights: list[list[Row]] = []
    a, b = SlowWriter(log, flights), SlowWriter(log, flights)
    commits = GroupCommit(object(), _unused, writer=a, more_writers=[b])
    first = asyncio.ensure_future(commits.append("t1", 1, "P1", "pass"))
    await asyncio.sleep(0.01)
    assert len(flights) == 1  # the first batch waits for its commit
    second = [asyncio.ensure_future(commits.append("t2", 1, "P1", "pass")),
              asyncio.ensure_future(commits.append("t1", 1, "P2", "bid")),  # t1/1 is in flight
              asyncio.ensure_future(commits.append("t3", 1, "P1", "pass"))]
    await asyncio.sleep(0.01)
    assert len(flights) == 2 and commits.concurrent == 2  # two batches in flight
    assert sorted(r[0] for r in flights[1]) == ["t2", "t3"]  # t1/1 waits for the first
    assert not first.done() and not any(f.done() for f in second)
    for w in (a, b):
        w.gate.set()
        await asyncio.sleep(0.01)
    for _ in range(3):  # the repeat of t1/1 goes out in a third batch, then answers False
        for w in (a, b):
            w.gate.set()
        await asyncio.sleep(0.01)
    assert first.result() is True
    assert [f.result() for f in second] == [True, False, True]
    assert log == {("t1", 1): "pass", ("t2", 1): "pass", ("t3", 1): "pass"}
    await commits.close()


async def test_one_writer_writes_one_batch_at_a_time() -> None:
    log: dict[tuple[str, int], str] = {}
    flights: list[list[Row]] = []
    a = SlowWriter(log, flights)
    commits = GroupCommit(object(), _unused, writer=a)
    futures = [asyncio.ensure_future(commits.append(f"t{i}", 1, "P1", "pass")) for i in range(3)]
    await asyncio.sleep(0.01)
    more = asyncio.ensure_future(commits.append("t9", 1, "P1", "pass"))
    await asyncio.sleep(0.01)
    assert len(flights) == 1 and len(flights[0]) == 3  # t9 waits for the next batch
    for _ in range(3):
        a.gate.set()
        await asyncio.sleep(0.01)
    assert [f.result() for f in futures] == [True] * 3 and more.result() is True
    assert [len(x) for x in a.batches] == [3, 1] and commits.concurrent == 1
    await commits.close()
