"""The server's collector run by the clock (``trapoula.web.app.PacedCollections``): young
collections at every tick, the middle generation when asked, everything every so often, and
nothing once stopped."""

from __future__ import annotations

import asyncio
import gc

import pytest

from trapoula.web.app import PacedCollections, young_gc_interval


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
