"""CPU per action of the server's action log (web/group_commit.py + web/log_writer.py), in-process.

    python benchmarks/web_store.py                          # SQLite in a temp dir + a throwaway
                                                            # PostgreSQL (tests/web/services_pg.py)
    python benchmarks/web_store.py --database-url postgresql+psycopg://u@127.0.0.1:5432/db
    python benchmarks/web_store.py --batches 1,10,100,500 --paced 1000 --seconds 10

Two measures, each for every writer of the database (``loop``: the log written on the event loop,
``thread``: every batch handed to the store's worker thread):

- *batch N*: N tables append one action each at the same moment, round after round, so that
  every batch holds N actions (N = 1 is the worst case: a batch per action);
- *paced R/s*: 500 tables, actions arriving at random moments at R per second overall, one in
  flight per table (as under a table's lock), which is what a server under load sees; also the
  latency of the append (what the move waits for before its broadcast).

Each figure is the process's CPU time (every thread) per stored action in µs; the database
server's own CPU (PostgreSQL's backend) is not in it.  A throwaway PostgreSQL runs with
``fsync`` and ``synchronous_commit`` on unless ``--pg-fast`` (the tests' settings: both off).
The figures are noisy on a loaded machine: compare the writers of one run.
"""

from __future__ import annotations

import argparse
import array
import asyncio
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import anyio.to_thread

from trapoula.web.group_commit import GroupCommit
from trapoula.web.log_writer import loop_writer
from trapoula.web.store import MemoryStore, SeatRow, SqlStore, TableRow, open_store


def make_tables(store: Any, n: int, tag: str) -> list[str]:
    ids = [f"{tag}{i}" for i in range(n)]
    for i, table_id in enumerate(ids):
        store.create_table(TableRow(table_id, f"{tag}{i}".upper()[:16], "bourloto", "ru", {}, i,
                                    "playing", time.time(), [SeatRow("P1", "human")]))
    return ids


def rss_mib() -> float:
    """This process's resident memory (Linux; NaN elsewhere)."""
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return float("nan")


def _stat(pid: int) -> list[str]:
    text = Path(f"/proc/{pid}/stat").read_text()
    return text[text.rindex(")") + 2:].split()  # fields from the 3rd (state) on


def db_cpu_probe(store: Any) -> Any:
    """A function giving the CPU seconds used so far by a PostgreSQL server on this machine (the
    postmaster and every process it started: backends, WAL writer, checkpointer), or None."""
    if getattr(store, "sqlite", True) or not Path("/proc").is_dir():
        return None
    try:
        with store.engine.connect() as c:
            backend = int(c.exec_driver_sql("SELECT pg_backend_pid()").scalar_one())
        postmaster = int(_stat(backend)[1])
    except Exception:  # another machine, or /proc unreadable
        return None
    tick = os.sysconf("SC_CLK_TCK")

    def cpu() -> float:
        total = 0
        for entry in Path("/proc").iterdir():
            if not entry.name.isdigit():
                continue
            try:
                f = _stat(int(entry.name))
            except (OSError, ValueError):
                continue
            if int(entry.name) == postmaster or int(f[1]) == postmaster:
                total += int(f[11]) + int(f[12])  # utime, stime
        return total / tick

    return cpu


def commits_for(store: Any, how: str) -> GroupCommit:
    async def in_thread(fn: Any, *args: Any) -> Any:
        return await anyio.to_thread.run_sync(fn, *args)

    async def inline(fn: Any, *args: Any) -> Any:
        return fn(*args)

    if how == "inline":  # the memory store: the benchmark's and GroupCommit's own cost
        return GroupCommit(store, inline)
    return GroupCommit(store, in_thread, writer=loop_writer(store) if how == "loop" else None)


async def batch_run(store: Any, how: str, n: int, tag: str, actions: int) -> dict[str, float]:
    """N tables append together, round after round: µs of CPU per action."""
    tables = make_tables(store, n, tag)
    commits = commits_for(store, how)
    rounds = max(3, actions // n)
    seq = 0

    async def round_() -> None:
        nonlocal seq
        seq += 1
        oks = await asyncio.gather(*(commits.append(t, seq, "P1", f"play {seq}H")
                                     for t in tables))
        assert all(oks)

    for _ in range(2):  # warm up: connections open, statements prepared
        await round_()
    rows0 = commits.rows
    probe = db_cpu_probe(store)
    db0 = probe() if probe else 0.0
    cpu, wall = time.process_time(), time.perf_counter()
    for _ in range(rounds):
        await round_()
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    db = probe() - db0 if probe else float("nan")
    done = commits.rows - rows0
    batches = commits.batches
    await commits.close()
    return {"cpu_us": 1e6 * cpu / done, "wall_us": 1e6 * wall / done, "db_us": 1e6 * db / done,
            "rows_per_batch": commits.rows / max(1, batches), "threaded": commits.threaded}


async def paced_run(store: Any, how: str, rate: float, seconds: float, tag: str,
                    n: int = 500) -> dict[str, float]:
    """Actions at ``rate``/s over ``n`` tables, one in flight per table."""
    tables = make_tables(store, n, tag)
    commits = commits_for(store, how)
    rng = random.Random(1)
    seqs = dict.fromkeys(tables, 0)
    busy: set[str] = set()
    lat = array.array("d")  # 8 bytes a move: the driver's own memory in the RSS figures
    tasks: set[asyncio.Task[None]] = set()

    async def one(t: str) -> None:
        busy.add(t)
        seqs[t] += 1
        t0 = time.perf_counter()
        ok = await commits.append(t, seqs[t], "P1", f"play {seqs[t]}H")
        lat.append(time.perf_counter() - t0)
        assert ok
        busy.discard(t)

    for t in tables[:50]:  # warm up
        await one(t)
    del lat[:]
    rows0, batches0 = commits.rows, commits.batches
    loop = asyncio.get_running_loop()
    probe = db_cpu_probe(store)
    db0 = probe() if probe else 0.0
    rss0 = rss_mib()
    start = loop.time()
    cpu = time.process_time()
    due = start
    while True:
        due += rng.expovariate(rate)
        if due - start > seconds:
            break
        delay = due - loop.time()
        if delay > 0:
            await asyncio.sleep(delay)
        t = rng.choice(tables)
        if t in busy:
            continue
        task = asyncio.ensure_future(one(t))
        tasks.add(task)
        task.add_done_callback(tasks.discard)
    while tasks:
        await asyncio.gather(*tuple(tasks))
    cpu = time.process_time() - cpu
    wall = loop.time() - start
    db = probe() - db0 if probe else float("nan")
    rss1 = rss_mib()
    done = commits.rows - rows0
    lat = array.array("d", sorted(lat))
    batches = commits.batches - batches0
    await commits.close()
    return {"cpu_us": 1e6 * cpu / done, "actions_s": done / wall, "db_us": 1e6 * db / done,
            "rows_per_batch": done / max(1, batches),
            "p50_ms": 1e3 * statistics.median(lat), "p99_ms": 1e3 * lat[int(0.99 * len(lat))],
            "cpu_pct": 100 * cpu / wall, "threaded": commits.threaded, "rss0": rss0,
            "rss1": rss1}


async def service_run(store: Any, tables: int, seconds: float, delay: float,
                      bot: str) -> dict[str, float]:
    """The whole service in-process: ``tables`` all-bot tables (``bot``, playing after
    ``delay`` s), one fake spectator socket each; µs of CPU per move (the bots' own included:
    compare the stores)."""
    from trapoula.web.limits import Limits
    from trapoula.web.service import TableService

    svc = TableService(store, bot_delay=delay, limits=Limits(open_tables=0, tables_per_minute=0),
                       fixed_seeds=True)
    # no svc.start(): tables of earlier runs stay where they are

    async def send(text: str) -> None:
        pass

    async def close(code: int) -> None:
        pass

    ids = []
    for i in range(tables):
        t = await svc.create_table({"game": "bourloto", "preset": "ru", "seed": i,
                                    "seats": [{"kind": "bot", "bot": bot}] * 4})
        ids.append(t["table_id"])
        await svc.connect(t["table_id"], None, send, close, None)
    await asyncio.sleep(min(5.0, seconds / 3))  # every table under way
    rows0 = svc._commits.rows
    cpu, wall = time.process_time(), time.perf_counter()
    await asyncio.sleep(seconds)
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    done = svc._commits.rows - rows0
    batches = svc._commits.batches
    rows = svc._commits.rows
    await svc.close()
    return {"cpu_us": 1e6 * cpu / max(1, done), "actions_s": done / wall,
            "cpu_pct": 100 * cpu / wall, "rows_per_batch": rows / max(1, batches)}


def start_pg(fast: bool) -> Any:
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    from tests.web.services_pg import start_postgres

    server = start_postgres()
    if not fast:  # durable: each commit waits for its WAL fsync
        server.pause()
        server.opts = (server.opts.replace("-c fsync=off", "-c fsync=on")
                       .replace("-c synchronous_commit=off", "-c synchronous_commit=on")
                       .replace("-c full_page_writes=off", "-c full_page_writes=on"))
        server.resume()
    return server


def _db(r: dict[str, float]) -> str:
    return "" if r["db_us"] != r["db_us"] else f"PostgreSQL {r['db_us']:.0f} µs CPU/action, "


def run(coro: Any) -> Any:
    """On uvloop when it is installed (as ``trapoula serve`` through uvicorn)."""
    try:
        import uvloop
    except ImportError:  # pragma: no cover
        return asyncio.run(coro)
    return uvloop.run(coro)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--database-url", action="append",
                   help="a database to measure (repeatable; default: SQLite in a temp dir and a "
                        "throwaway PostgreSQL)")
    p.add_argument("--batches", default="1,10,100,500", help="batch sizes (tables appending "
                   "together)")
    p.add_argument("--actions", type=int, default=3000, help="actions per batch measure")
    p.add_argument("--paced", type=float, default=1000.0, help="actions/s of the paced measure "
                   "(0: skip it)")
    p.add_argument("--seconds", type=float, default=8.0, help="length of the paced measure")
    p.add_argument("--writers", default="loop,thread", help="writers to compare")
    p.add_argument("--service", type=int, default=0, metavar="TABLES",
                   help="also the whole service in-process with this many all-bot tables "
                        "(memory store as the baseline)")
    p.add_argument("--bot-delay", type=float, default=0.5, help="the service's bots' pause")
    p.add_argument("--bot", default="random", help="the service's bots")
    p.add_argument("--only-service", action="store_true", help="skip the log measures")
    p.add_argument("--pg-fast", action="store_true", help="the throwaway PostgreSQL without fsync "
                   "and synchronous_commit (the tests' settings)")
    args = p.parse_args(argv)
    server = None
    tmp = tempfile.mkdtemp(prefix="web-store-")
    urls = args.database_url
    if not urls:
        server = start_pg(args.pg_fast)
        urls = [f"sqlite:///{tmp}/bench.db", server.url]
    try:
        if args.service:
            for url in ["memory://", *urls]:
                st: Any = MemoryStore() if url == "memory://" else open_store(url)
                name = ("memory" if url == "memory://" else
                        "SQLite" if st.sqlite else "PostgreSQL")
                try:
                    r = run(service_run(st, args.service, args.seconds, args.bot_delay, args.bot))
                finally:
                    st.close()
                print(f"{name:10} service {args.service} tables: {r['cpu_us']:7.1f} µs CPU/move "
                      f"({r['cpu_pct']:.0f} % of a core), {r['actions_s']:.0f} moves/s, "
                      f"{r['rows_per_batch']:.2f} rows/batch", flush=True)
        for url in ["memory://", *urls] if not args.only_service else []:
            store: Any = MemoryStore() if url == "memory://" else SqlStore(url)
            name = ("memory" if url == "memory://" else
                    "SQLite" if store.sqlite else "PostgreSQL")
            try:
                for how in ["inline"] if name == "memory" else args.writers.split(","):
                    for n in (int(x) for x in args.batches.split(",") if x):
                        tag = f"b{how[0]}{n}x{time.monotonic_ns() % 10**6}"
                        r = run(batch_run(store, how, n, tag, args.actions))
                        print(f"{name:10} {how:6} batch {n:4}: {r['cpu_us']:7.1f} µs CPU/action, "
                              f"{r['wall_us']:7.1f} µs wall/action, "
                              f"{_db(r)}"
                              f"{r['rows_per_batch']:5.1f} rows/batch", flush=True)
                    if args.paced:
                        tag = f"p{how[0]}{time.monotonic_ns() % 10**6}"
                        r = run(paced_run(store, how, args.paced, args.seconds, tag))
                        print(f"{name:10} {how:6} paced {args.paced:.0f}/s: {r['cpu_us']:7.1f} µs "
                              f"CPU/action ({r['cpu_pct']:.0f} % of a core), {_db(r)}"
                              f"{r['actions_s']:.0f} actions/s, "
                              f"{r['rows_per_batch']:.2f} rows/batch, append p50/p99 "
                              f"{r['p50_ms']:.2f}/{r['p99_ms']:.2f} ms, RSS {r['rss0']:.1f} -> "
                              f"{r['rss1']:.1f} MiB", flush=True)
            finally:
                store.close()
    finally:
        if server is not None:
            server.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
