"""The server's collector run by the clock (``trapoula.web.app.PacedCollections``): young
collections at every tick, the middle generation when asked, everything every so often, and
nothing once stopped."""

from __future__ import annotations

import asyncio
import gc

import pytest

from trapoula.web.app import (
    FREEZE_FULL_GC_EVERY,
    FULL_GC_EVERY,
    PacedCollections,
    full_gc_every,
    gc_freeze,
    young_gc_interval,
)


def test_paced_collections_walk_every_generation_and_stop(
        monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[int] = []
    monkeypatch.setattr(gc, "collect", lambda generation=2: seen.append(generation) or 0)

    async def main() -> int:
        paced = PacedCollections(0.001, middle_every=3, full_every=0.05)
        paced.start(asyncio.get_running_loop())
        for _ in range(2000):
            await asyncio.sleep(0.005)
            if {0, 1, 2} <= set(seen):
                break
        paced.stop()
        stopped_at = len(seen)
        await asyncio.sleep(0.02)
        return stopped_at

    stopped_at = asyncio.run(main())
    assert {0, 1, 2} <= set(seen), seen
    assert len(seen) == stopped_at  # no tick after stop()
    assert seen.count(2) < seen.count(0)  # full collections are the rare ones


def test_no_middle_collections_unless_asked(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[int] = []
    monkeypatch.setattr(gc, "collect", lambda generation=2: seen.append(generation) or 0)

    async def main() -> None:
        paced = PacedCollections(0.001)
        paced.start(asyncio.get_running_loop())
        for _ in range(2000):
            await asyncio.sleep(0.005)
            if len(seen) >= 30:
                break
        paced.stop()

    asyncio.run(main())
    assert len(seen) >= 30 and set(seen) == {0}


def test_the_interval_comes_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TRAPOULA_GC_YOUNG_MS", "250")
    assert young_gc_interval() == 0.25
    monkeypatch.setenv("TRAPOULA_GC_YOUNG_MS", "0")
    assert young_gc_interval() == 0.0  # CPython's own schedule
    paced = PacedCollections(young_gc_interval())
    loop = asyncio.new_event_loop()
    try:
        paced.start(loop)
        assert paced.ticks == 0 and paced._handle is None
    finally:
        loop.close()


def _ticks(monkeypatch: pytest.MonkeyPatch, freeze: bool) -> list[str]:
    seen: list[str] = []
    monkeypatch.setattr(gc, "collect", lambda generation=2: seen.append(f"collect{generation}")
                        or 0)
    monkeypatch.setattr(gc, "freeze", lambda: seen.append("freeze"))

    async def main() -> None:
        paced = PacedCollections(0.001, full_every=0.02, freeze=freeze)
        paced.start(asyncio.get_running_loop())
        for _ in range(2000):
            await asyncio.sleep(0.005)
            if seen.count("collect2") >= 2:
                break
        paced.stop()

    asyncio.run(main())
    return seen


def test_each_full_collection_is_followed_by_a_freeze(monkeypatch: pytest.MonkeyPatch) -> None:
    seen = _ticks(monkeypatch, freeze=True)
    assert seen.count("collect2") >= 2
    assert seen.count("freeze") == seen.count("collect2")
    for k, what in enumerate(seen):
        if what == "freeze":
            assert seen[k - 1] == "collect2"  # right after it, nothing in between


def test_no_freeze_when_turned_off(monkeypatch: pytest.MonkeyPatch) -> None:
    seen = _ticks(monkeypatch, freeze=False)
    assert seen.count("collect2") >= 2 and "freeze" not in seen


def test_a_frozen_heap_is_walked_no_more_by_a_full_collection() -> None:
    # what the freeze buys: a full collection after it visits only what was made since
    class Node:
        def __init__(self) -> None:
            self.other: object = None

    gc.collect()
    old = [Node() for _ in range(20000)]
    gc.collect()
    gc.freeze()
    try:
        frozen = gc.get_freeze_count()
        assert frozen >= 20000
        assert len(gc.get_objects()) < frozen  # the old nodes are out of the collector's reach
        a, b = Node(), Node()
        a.other, b.other = b, a  # a cycle made after the freeze is still collected
        del a, b
        assert gc.collect() >= 2
    finally:
        gc.unfreeze()
        del old


def test_the_full_interval_and_the_freeze_come_from_the_environment(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TRAPOULA_GC_FULL_S", "30")
    monkeypatch.setenv("TRAPOULA_GC_FREEZE", "1")
    assert full_gc_every() == 30.0 and gc_freeze() is True
    monkeypatch.delenv("TRAPOULA_GC_FULL_S")
    assert full_gc_every() == FREEZE_FULL_GC_EVERY
    monkeypatch.delenv("TRAPOULA_GC_FREEZE")
    assert full_gc_every() == FULL_GC_EVERY and gc_freeze() is False  # the default: no freeze
