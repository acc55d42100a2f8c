"""Opt-in diagnostics for a loaded server: the collector's pauses and tracemalloc snapshots.

Both are off unless an environment variable names a file or folder, so a production server
pays nothing.  ``benchmarks/web_load.py`` sets ``TRAPOULA_GC_STATS`` and prints the pauses.

- ``TRAPOULA_GC_STATS=PATH``: every collection's generation and length are timed
  (``gc.callbacks``) and a JSON summary is written to ``PATH`` every few seconds and at the
  end: per generation the count, total, longest and the 99th percentile pause in ms.
- ``TRAPOULA_TRACEMALLOC=DIR``: tracemalloc with 25 frames from start-up, a snapshot
  ``DIR/snap-NNNN.pickle`` every ``TRAPOULA_TRACEMALLOC_EVERY`` seconds (60); compare two with
  ``python -m trapoula.web.diagnostics DIR/snap-0001.pickle DIR/snap-0005.pickle``.

>>> stats = GcStats()
>>> stats.callback("start", {"generation": 0})
>>> stats.callback("stop", {"generation": 0, "collected": 0, "uncollectable": 0})
>>> stats.summary()["gen0"]["count"]
1
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import json
import os
import signal
import sys
import time
import tracemalloc
import types
from collections import Counter, deque
from pathlib import Path
from typing import Any

__all__ = ["GcStats", "start_from_env"]

_KEEP = 50_000  # pauses kept per generation for the percentiles (a bound, not a leak)


class GcStats:
    """Times every collection by generation (install with :meth:`install`)."""

    def __init__(self) -> None:
        self._started = 0.0
        self._cpu = 0.0
        self.cpu_totals = [0.0, 0.0, 0.0]  # the collector's own CPU time (the rest: preempted)
        self.cpu_longest = [0.0, 0.0, 0.0]
        self.pauses: tuple[deque[float], ...] = tuple(deque(maxlen=_KEEP) for _ in range(3))
        self.counts = [0, 0, 0]
        self.totals = [0.0, 0.0, 0.0]
        self.longest = [0.0, 0.0, 0.0]

    def callback(self, phase: str, info: dict[str, Any]) -> None:
        if phase == "start":
            self._started = time.perf_counter()
            self._cpu = time.thread_time()
            return
        ms = (time.perf_counter() - self._started) * 1000.0
        cpu = (time.thread_time() - self._cpu) * 1000.0
        g = int(info.get("generation", 0))
        self.cpu_totals[g] += cpu
        self.cpu_longest[g] = max(self.cpu_longest[g], cpu)
        self.pauses[g].append(ms)
        self.counts[g] += 1
        self.totals[g] += ms
        self.longest[g] = max(self.longest[g], ms)

    def install(self) -> None:
        gc.callbacks.append(self.callback)

    def summary(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        every: list[float] = []
        for g in range(3):
            values = sorted(self.pauses[g])
            every.extend(values)
            out[f"gen{g}"] = {
                "count": self.counts[g], "total_ms": round(self.totals[g], 1),
                "max_ms": round(self.longest[g], 2),
                "cpu_total_ms": round(self.cpu_totals[g], 1),
                "cpu_max_ms": round(self.cpu_longest[g], 2),
                "p99_ms": round(values[min(len(values) - 1, int(len(values) * 0.99))], 2)
                if values else 0.0}
        every.sort()
        out["over_20ms"] = sum(1 for v in every if v > 20.0)
        out["max_ms"] = round(every[-1], 2) if every else 0.0
        out["counts"] = list(gc.get_count())  # gc.get_objects(g) would cost a pause itself
        out["frozen"] = gc.get_freeze_count()
        out["full_ms"] = [round(v, 1) for v in list(self.pauses[2])[-100:]]  # each, in order
        out["collected"] = [g["collected"] for g in gc.get_stats()]
        out["memory"] = memory()
        return out


def memory() -> dict[str, int]:
    """Where the heap is: pymalloc's blocks in use, glibc's heap in use and free (bytes), the
    process's RssAnon (bytes) and, while tracing, what tracemalloc counts."""
    out = {"blocks": sys.getallocatedblocks()}
    try:
        for entry in Path("/proc/self/status").read_text().splitlines():
            if entry.startswith("RssAnon:"):
                out["rss_anon"] = int(entry.split()[1]) * 1024
    except OSError:  # pragma: no cover - not Linux
        pass
    info = _mallinfo()
    if info is not None:
        out.update(info)
    if tracemalloc.is_tracing():
        out["traced"] = tracemalloc.get_traced_memory()[0]
    return out


def _mallinfo() -> dict[str, int] | None:
    """glibc's ``mallinfo2`` (None elsewhere): arena (sbrk heap), in use, free, mmapped."""
    fn: Any = _MALLINFO.get("fn")
    if fn is None:
        try:
            import ctypes

            class _Info(ctypes.Structure):
                _fields_ = [(n, ctypes.c_size_t) for n in (
                    "arena", "ordblks", "smblks", "hblks", "hblkhd", "usmblks", "fsmblks",
                    "uordblks", "fordblks", "keepcost")]

            fn = ctypes.CDLL(None).mallinfo2
            fn.restype = _Info
        except (OSError, AttributeError):  # pragma: no cover - not glibc >= 2.33
            fn = False
        _MALLINFO["fn"] = fn  # made once: a ctypes class a call would be garbage in cycles
    if fn is False:
        return None
    i = fn()
    return {"malloc_arena": i.arena, "malloc_used": i.uordblks, "malloc_free": i.fordblks,
            "malloc_mmap": i.hblkhd}


_MALLINFO: dict[str, Any] = {}


async def _every(seconds: float, job: Any) -> None:
    while True:
        await asyncio.sleep(seconds)
        job()


def type_counts(top: int = 20) -> dict[str, int]:
    """The most common object types the collector tracks (slow: every object is visited)."""
    counts: Counter[str] = Counter(type(o).__qualname__ for o in gc.get_objects())
    return dict(counts.most_common(top))


def start_from_env(service: Any = None) -> list[asyncio.Task[None]]:
    """Start what the environment asks for (on the running loop); the tasks to cancel.
    ``service``: its tables and sockets are counted in the collector summary."""
    tasks: list[asyncio.Task[None]] = []
    gc_path = os.environ.get("TRAPOULA_GC_STATS")
    if gc_path:
        stats = GcStats()
        stats.install()

        samples: deque[dict[str, Any]] = deque(maxlen=1000)
        by_type: deque[dict[str, Any]] = deque(maxlen=100)
        t0 = time.monotonic()

        def write() -> None:
            summary = stats.summary()
            samples.append({"t": round(time.monotonic() - t0, 1), **summary["memory"]})
            if service is not None:
                tables = getattr(service, "tables", {})
                summary["tables"] = len(tables)
                summary["sockets"] = sum(len(t.conns) for t in tables.values())
            if os.environ.get("TRAPOULA_GC_TYPES") and int(time.monotonic() - t0) % 30 < 5:
                by_type.append({"t": round(time.monotonic() - t0, 1), **type_counts()})
            summary["types"] = list(by_type)
            summary["samples"] = list(samples)
            summary["forced"] = forced
            Path(gc_path).write_text(json.dumps(summary))

        forced: list[dict[str, Any]] = []

        def collect_now() -> None:  # SIGUSR1: what a full collection would free now
            before = sys.getallocatedblocks()
            t = time.perf_counter()
            found = gc.collect()
            forced.append({"t": round(time.monotonic() - t0, 1), "unreachable": found,
                           "blocks_before": before, "blocks_after": sys.getallocatedblocks(),
                           "ms": round((time.perf_counter() - t) * 1000, 1)})
            write()

        def garbage_now() -> None:  # SIGUSR2: what the cyclic garbage is made of
            # frozen objects too (what PacedCollections froze: garbage the collector can no
            # longer find, a leak), then frozen again
            frozen = gc.get_freeze_count()
            gc.unfreeze()
            gc.set_debug(gc.DEBUG_SAVEALL)
            try:
                gc.collect()
                found = list(gc.garbage)
                gc.garbage.clear()
            finally:
                gc.set_debug(0)
                if frozen:
                    gc.freeze()
            kinds: Counter[str] = Counter(type(o).__qualname__ for o in found)
            frames: Counter[str] = Counter(
                o.f_code.co_qualname for o in found if isinstance(o, types.FrameType))
            gens: Counter[str] = Counter(
                o.gi_code.co_qualname for o in found if isinstance(o, types.GeneratorType))
            forced.append({"t": round(time.monotonic() - t0, 1), "garbage": len(found),
                           "types": dict(kinds.most_common(30)),
                           "frames": dict(frames.most_common(30)),
                           "generators": dict(gens.most_common(10))})
            del found
            write()

        with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):
            asyncio.get_running_loop().add_signal_handler(signal.SIGUSR1, collect_now)
            asyncio.get_running_loop().add_signal_handler(signal.SIGUSR2, garbage_now)
        tasks.append(asyncio.ensure_future(_every(5.0, write)))
    snap_dir = os.environ.get("TRAPOULA_TRACEMALLOC")
    if snap_dir:
        if not tracemalloc.is_tracing():
            tracemalloc.start(25)
        folder = Path(snap_dir)
        folder.mkdir(parents=True, exist_ok=True)
        n = [0]

        def dump() -> None:
            gc.collect()
            n[0] += 1
            tracemalloc.take_snapshot().dump(str(folder / f"snap-{n[0]:04d}.pickle"))

        every = float(os.environ.get("TRAPOULA_TRACEMALLOC_EVERY", "60"))
        tasks.append(asyncio.ensure_future(_every(every, dump)))
    return tasks


def _compare(old: str, new: str, top: int = 25) -> None:  # pragma: no cover - a tool
    a = tracemalloc.Snapshot.load(old)
    b = tracemalloc.Snapshot.load(new)
    for stat in b.compare_to(a, "traceback")[:top]:
        print(f"{stat.size_diff / 1024:+.1f} KiB {stat.count_diff:+d} blocks")
        for line in stat.traceback.format()[-16:]:
            print("   ", line)


if __name__ == "__main__":  # pragma: no cover
    _compare(sys.argv[1], sys.argv[2], int(sys.argv[3]) if len(sys.argv) > 3 else 25)
