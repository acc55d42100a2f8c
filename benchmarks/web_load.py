"""Load benchmark of ``trapoula serve`` (issue 7): N concurrent bot-only Bourloto tables over
WebSockets on loopback.

    python benchmarks/web_load.py                      # 200 tables, 60 s, SQLite in a temp dir
    python benchmarks/web_load.py --tables 500 --seconds 30
    python benchmarks/web_load.py --database-url postgresql+psycopg://u:pw@127.0.0.1/db
    python benchmarks/web_load.py --url http://127.0.0.1:8000   # a server already running

It starts a server (a subprocess), creates the tables over HTTP (every seat an open human seat,
taken by the benchmark), and drives every seat with its own WebSocket client, which plays a random
action of the ``legal`` list it receives after a pause of ``--think`` seconds on average (0.5 by
default, the pace of the server's own bots, ``trapoula serve --bot-delay 0.5``; ``--think 0`` plays
as fast as the server answers). A table whose match ends is replaced by a new one. After
``--seconds`` it reports:

- actions/s (accepted actions in the measuring window, which opens when every table has played);
- action->broadcast latency p50/p90/p99: from sending ``act`` to receiving, on the acting client,
  the ``state`` that includes it (the first ``state`` with a higher ``seq``);
- the server's RSS over time (``/proc/<pid>/status`` every ``--sample`` seconds) and its CPU use,
  and the CPU use of the client processes (``--workers``; a client near 100 % of a core is itself
  the bottleneck, give it more workers).

With ``--think 0`` every table always has one action in flight, so the latency is the server's
queue: about tables / throughput (Little's law). ``--json FILE`` writes every figure.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import multiprocessing
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import trapoula

try:
    from websockets.asyncio.client import ClientConnection, connect
except ImportError:  # pragma: no cover
    sys.exit("web_load needs the web extra: pip install -e '.[web]'")

SERVER_MAIN = "import sys; from trapoula.cli.main import main; sys.exit(main(sys.argv[1:]))"


# -- the server ----------------------------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


# the benchmark is one client address: the per-address limits are off for its own servers
NO_ADDRESS_LIMITS = ["--tables-per-minute", "0", "--joins-per-minute", "0",
                     "--seats-per-address", "0", "--conns-per-address", "0", "--open-tables", "0"]


def has_limits(src: str | None) -> bool:
    """Whether the server in ``src`` (None: this one) has the per-address limits (issue 13)."""
    if src is None:
        return True
    limits = Path(src, "trapoula", "web", "limits.py")
    return limits.is_file() and "seats_per_address" in limits.read_text()


def start_server(database_url: str, log: Path, extra: list[str], src: str | None = None,
                 gc_stats: Path | None = None) -> tuple[subprocess.Popen[bytes], str]:
    """``trapoula serve`` (from ``src``, another version's ``src`` folder, when given);
    ``gc_stats``: where the server writes its collector pauses (web/diagnostics.py; a version
    without it ignores the variable)."""
    port = free_port()
    args = [sys.executable, "-c", SERVER_MAIN, "serve", "--host", "127.0.0.1", "--port", str(port),
            "--database-url", database_url, *extra]
    env = dict(os.environ)
    if gc_stats is not None:
        env["TRAPOULA_GC_STATS"] = str(gc_stats)
    if src:
        env["PYTHONPATH"] = src
        env["PYTHONDONTWRITEBYTECODE"] = "1"
    with log.open("wb") as out:
        proc = subprocess.Popen(args, stdout=out, stderr=subprocess.STDOUT, env=env)
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            sys.exit(f"the server exited with {proc.returncode}:\n{log.read_text()[-3000:]}")
        try:
            with urllib.request.urlopen(base + "/healthz", timeout=1) as resp:
                if resp.status == 200:
                    return proc, base
        except OSError:
            time.sleep(0.1)
    proc.kill()
    sys.exit(f"the server did not answer /healthz:\n{log.read_text()[-3000:]}")


def proc_status(pid: int) -> tuple[float, float]:
    """(RSS in MiB, CPU seconds used) of a process, from /proc."""
    rss = 0.0
    with contextlib.suppress(OSError):
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                rss = int(line.split()[1]) / 1024
    cpu = 0.0
    with contextlib.suppress(OSError, IndexError, ValueError):
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        cpu = (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return rss, cpu


# -- HTTP (setup only: standard library, in threads) -------------------------------------------


def post(url: str, body: dict[str, Any]) -> dict[str, Any]:
    req = urllib.request.Request(url, data=json.dumps(body).encode(), method="POST",
                                 headers={"Content-Type": "application/json"})
    for attempt in range(5):
        try:
            with urllib.request.urlopen(req, timeout=60) as resp:
                answer: dict[str, Any] = json.loads(resp.read())
                return answer
        except urllib.error.HTTPError as exc:
            raise RuntimeError(f"POST {url}: {exc.code} {exc.read()[:300]!r}") from exc
        except OSError:
            if attempt == 4:
                raise
            time.sleep(0.2 * (attempt + 1))
    raise AssertionError("unreachable")


# -- the client ----------------------------------------------------------------------------------


@dataclass
class Stats:
    latencies: list[float] = field(default_factory=list)  # seconds, measuring window only
    actions: int = 0          # accepted actions in the measuring window
    all_actions: int = 0      # accepted actions, whole run
    errors: Counter[str] = field(default_factory=Counter)
    matches: int = 0
    tables: int = 0
    recording: bool = False
    window: tuple[float, float] = (0.0, 0.0)
    cpu: float = 0.0


@dataclass
class Config:
    bases: list[str]
    game: str
    preset: str
    tables: int
    seconds: float
    think: float
    seed: int
    deflate: bool
    ramp: float
    spread: str = "seat"
    workers_total: int = 1
    options: dict[str, Any] = field(default_factory=dict)
    warmup: float = 0.0
    deltas: bool = True


class Driver:
    """Drives ``config.tables`` tables in this process until the measuring window closes."""

    def __init__(self, config: Config, worker: int) -> None:
        self.config = config
        self.worker = worker
        self.rng = random.Random(config.seed * 1000 + worker)
        self.stats = Stats()
        count = int(getattr(trapoula.make(config.game), "players", 4))
        self.players = [f"P{i + 1}" for i in range(count)]
        self.started = 0
        self.all_started = asyncio.Event()
        self.stop = asyncio.Event()
        self.connect_gate = asyncio.Semaphore(64)
        self.http_gate = asyncio.Semaphore(16)
        self.serial = 0

    async def create_table(self) -> tuple[str, dict[str, tuple[str, str]]]:
        """A new table with every seat human and taken: (table_id, {seat: (token, base url)})."""
        self.serial += 1
        name = f"load{self.worker}-{self.serial}"
        cfg = self.config
        body = {"game": cfg.game, "preset": cfg.preset, "options": cfg.options,
                "seats": [{"kind": "human"} for _ in self.players],
                "name": name + "-P1", "seat": self.players[0]}
        bases = cfg.bases
        k = self.serial * cfg.workers_total + self.worker
        home = bases[k % len(bases)]
        async with self.http_gate:
            first = await asyncio.to_thread(post, home + "/api/tables", body)
            seats = {first["seat"]: first["token"]}
            for seat in self.players[1:]:
                joined = await asyncio.to_thread(
                    post, f"{home}/api/tables/{first['code']}/join",
                    {"name": f"{name}-{seat}", "seat": seat})
                seats[joined["seat"]] = joined["token"]
        if cfg.spread == "table":  # the whole table on one server (a table-affine balancer)
            return first["table_id"], {s: (t, home) for s, t in seats.items()}
        # each table's seats spread over every server given (the worst case: every server
        # holds the table and sends every move to its own sockets)
        return first["table_id"], {s: (t, bases[(k + i) % len(bases)])
                                   for i, (s, t) in enumerate(sorted(seats.items()))}

    async def table_loop(self, index: int) -> None:
        await asyncio.sleep(self.config.ramp * index / max(1, self.config.tables))
        first = True
        while not self.stop.is_set():
            try:
                table_id, seats = await self.create_table()
            except Exception as exc:  # counted and reported
                self.stats.errors[f"create: {type(exc).__name__}: {exc}"[:120]] += 1
                await asyncio.sleep(1)
                continue
            self.stats.tables += 1
            played = asyncio.Event()
            tasks = [asyncio.create_task(self.seat_loop(table_id, seat, token, base, played))
                     for seat, (token, base) in seats.items()]
            if first:
                first = False
                waiters = [asyncio.create_task(played.wait()),
                           asyncio.create_task(self.stop.wait())]
                await asyncio.wait(waiters, return_when=asyncio.FIRST_COMPLETED)
                for waiter in waiters:
                    waiter.cancel()
                self.started += 1
                if self.started == self.config.tables:
                    self.all_started.set()
            everything: asyncio.Future[list[Any]] = asyncio.gather(*tasks,
                                                                   return_exceptions=True)
            stopper: asyncio.Future[Any] = asyncio.ensure_future(self.stop.wait())
            await asyncio.wait([everything, stopper], return_when=asyncio.FIRST_COMPLETED)
            stopper.cancel()
            if not everything.done():
                for task in tasks:
                    task.cancel()
            results = await everything
            for result in results:
                if isinstance(result, BaseException) and not isinstance(
                        result, asyncio.CancelledError):
                    self.stats.errors[f"seat: {type(result).__name__}"] += 1
            if any(r is True for r in results):
                self.stats.matches += 1

    async def seat_loop(self, table_id: str, seat: str, token: str, base: str,
                        played: asyncio.Event) -> bool:
        """One seat's client; True when the match ended."""
        url = base.replace("http://", "ws://", 1) + f"/ws/{table_id}?token={token}"
        if self.config.deltas:  # a server without deltas ignores it and sends full states
            url += "&deltas=1"
        async with self.connect_gate:
            ws = await connect(url, open_timeout=120, max_size=2**22,
                               compression="deflate" if self.config.deflate else None)
        try:
            return await self._play(ws, seat, played)
        finally:
            with contextlib.suppress(Exception):
                await ws.close()

    async def _play(self, ws: ClientConnection, seat: str, played: asyncio.Event) -> bool:
        stats, rng, think = self.stats, self.rng, self.config.think
        pending = -1          # the seq our in-flight act was sent at; -1: none
        sent_at = 0.0
        # what the seat needs of the last state: seq, legal, to_act, over (a server that sends
        # deltas, web/delta.py, sends a full state first and then what changed)
        last: dict[str, Any] | None = None
        idle = '{"type":"state","you":' + json.dumps(seat) + ',"legal":[],'
        async for raw in ws:
            if (pending < 0 and isinstance(raw, str) and raw.startswith(idle)
                    and not raw.endswith(',"deltas":true}')):
                # a state in which this seat has nothing to do (the server writes "type", "you"
                # and "legal" first): no need to parse it all (the client's CPU is the
                # machine's too); a state that deltas will follow is read whole (its seq)
                if '"over":true' in raw:
                    return True
                last = {}
                continue
            msg = json.loads(raw)
            kind = msg.get("type")
            if kind == "state" or kind == "delta":
                if kind == "delta":
                    if last is None or msg.get("base") != last.get("seq"):
                        stats.errors["delta_gap"] += 1
                        last = None
                        await ws.send('{"type":"resync"}')
                        continue
                    changed = msg.get("set") or {}
                    last = {**last, **{k: changed[k] for k in ("legal", "to_act", "over")
                                       if k in changed}, "seq": msg["seq"]}
                else:
                    last = msg
                seq = last["seq"]
                if pending >= 0 and seq > pending:
                    now = time.perf_counter()
                    stats.all_actions += 1
                    played.set()
                    if stats.recording:
                        stats.actions += 1
                        stats.latencies.append(now - sent_at)
                    pending = -1
                if last.get("over"):
                    return True
            elif kind == "error":
                stats.errors[str(msg.get("code"))] += 1
                if pending < 0 or last is None:
                    continue
                pending = -1     # rejected: try again from the last state we saw
                await asyncio.sleep(0.05 if msg.get("code") != "rate_limited" else 0.5)
            else:
                continue
            if last is None:
                continue
            legal = last.get("legal")
            if not legal or last.get("to_act") != seat or pending >= 0:
                continue
            if think > 0:
                await asyncio.sleep(rng.uniform(0.5 * think, 1.5 * think))
            pending = last["seq"]
            sent_at = time.perf_counter()
            await ws.send(json.dumps({"type": "act", "action": rng.choice(legal),
                                      "seq": pending}))
        return False

    async def run(self) -> Stats:
        cpu0 = time.process_time()
        loops = [asyncio.create_task(self.table_loop(i)) for i in range(self.config.tables)]
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self.all_started.wait(), 120 + self.config.ramp)
        await asyncio.sleep(self.config.warmup)
        self.stats.recording = True
        start = time.monotonic()
        cpu1 = time.process_time()
        await asyncio.sleep(self.config.seconds)
        self.stats.recording = False
        self.stats.window = (start, time.monotonic())
        self.stats.cpu = time.process_time() - cpu1
        self.stop.set()
        await asyncio.gather(*loops, return_exceptions=True)
        del cpu0
        return self.stats


def worker_main(config: Config, worker: int, conn: Any) -> None:
    stats = asyncio.run(Driver(config, worker).run())
    conn.send(stats)
    conn.close()


def drive(config: Config, workers: int) -> list[Stats]:
    if workers == 1:
        return [asyncio.run(Driver(config, 0).run())]
    ctx = multiprocessing.get_context("spawn")
    per = [config.tables // workers + (1 if i < config.tables % workers else 0)
           for i in range(workers)]
    pipes, procs = [], []
    for i, n in enumerate(per):
        parent, child = ctx.Pipe(duplex=False)
        sub = Config(**{**config.__dict__, "tables": n})
        proc = ctx.Process(target=worker_main, args=(sub, i, child), daemon=True)
        proc.start()
        pipes.append(parent)
        procs.append(proc)
    results = [p.recv() for p in pipes]
    for proc in procs:
        proc.join()
    return results


# -- reporting -----------------------------------------------------------------------------------


def percentile(sorted_values: list[float], q: float) -> float:
    if not sorted_values:
        return float("nan")
    k = min(len(sorted_values) - 1, max(0, round(q / 100 * (len(sorted_values) - 1))))
    return sorted_values[k]


def sampler(pids: list[int], every: float, out: list[tuple[float, float, float]],
            stop: Any) -> None:
    """Every ``every`` seconds: (monotonic time, RSS MiB, CPU s), summed over the servers."""
    while not stop.wait(every if out else 0):
        figures = [proc_status(pid) for pid in pids]
        out.append((time.monotonic(), round(sum(f[0] for f in figures), 1),
                    sum(f[1] for f in figures)))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tables", type=int, default=200, help="concurrent tables (200)")
    parser.add_argument("--seconds", type=float, default=60, help="measuring window (60)")
    parser.add_argument("--think", type=float, default=0.5,
                        help="mean seconds a seat waits before acting, uniform in [0.5, 1.5] x "
                             "think (0.5: the pace of `serve`'s bots, --bot-delay 0.5; "
                             "0: at once, the server's saturation)")
    parser.add_argument("--database-url", help="the server's database (default: SQLite file in a "
                        "temporary directory)")
    parser.add_argument("--url", action="append", default=[],
                        help="drive a server already running at this base URL instead of "
                             "starting one; repeat it to spread each table's seats over several "
                             "processes")
    parser.add_argument("--pid", type=int, action="append", default=[],
                        help="with --url: a server's process id, to sample its RSS and CPU")
    parser.add_argument("--processes", type=int, default=1,
                        help="server processes to start (> 1 needs a PostgreSQL --database-url "
                             "and --redis-url); each table's seats are spread over them")
    parser.add_argument("--redis-url", help="the servers' Redis (for --processes > 1)")
    parser.add_argument("--spread", choices=("seat", "table"), default="seat",
                        help="with several servers: spread each table's seats over them (seat, "
                             "the default) or put each table on one server (table)")
    parser.add_argument("--server-arg", action="append", default=[],
                        help="extra argument for `trapoula serve` (repeatable)")
    parser.add_argument("--game", default="bourloto")
    parser.add_argument("--preset", default="ru")
    parser.add_argument("--workers", type=int, default=1, help="client processes (1)")
    parser.add_argument("--options", type=json.loads, default={},
                        help="rule options of the tables as JSON, e.g. '{\"target\": 300}' "
                             "(shorter matches: tables finish and are replaced within minutes)")
    parser.add_argument("--warmup", type=float, default=0.0,
                        help="seconds between the last table's first move and the measuring "
                             "window (0)")
    parser.add_argument("--ramp", type=float, default=5.0,
                        help="seconds over which the tables start (5)")
    parser.add_argument("--sample", type=float, default=3.0,
                        help="seconds between RSS samples (3)")
    parser.add_argument("--no-deflate", action="store_true",
                        help="do not offer permessage-deflate (browsers do offer it)")
    parser.add_argument("--no-deltas", action="store_true",
                        help="do not ask for delta messages (every move a full state, as "
                             "third-party clients get; servers before deltas send those anyway)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", help="write every figure to this file")
    parser.add_argument("--baseline-src", metavar="DIR",
                        help="first run the same load against the server in DIR (another "
                             "version's src folder, e.g. `git archive main src | tar -x -C /tmp/m`"
                             " then /tmp/m/src), then against this one: side by side in one run")
    args = parser.parse_args(argv)
    reports = []
    runs = [("baseline", args.baseline_src), ("current", None)] if args.baseline_src else [
        ("current", None)]
    for label, src in runs:
        report = run_once(args, parser, src, label)
        report["server"] = label if args.baseline_src else "current"
        reports.append(report)
        print(f"[{report['server']}]" if args.baseline_src else "", format_report(report))
    if args.json:
        Path(args.json).write_text(json.dumps(reports if args.baseline_src else reports[0],
                                              indent=1))
    return 0 if all(r["actions"] for r in reports) else 1


def run_once(args: argparse.Namespace, parser: argparse.ArgumentParser,
             src: str | None, label: str = "current") -> dict[str, Any]:
    load_at_start = os.getloadavg()[0]
    tmp = tempfile.TemporaryDirectory(prefix="trapoula-load-")
    servers: list[subprocess.Popen[bytes]] = []
    if args.url:
        bases = [u.rstrip("/") for u in args.url]
        pids = list(args.pid)
    else:
        if args.processes > 1 and not (args.redis_url and args.database_url):
            parser.error("--processes > 1 needs --database-url (PostgreSQL) and --redis-url")
        # "{run}" in the URL: a database per run (baseline, current), e.g. .../{run}
        db = (args.database_url or f"sqlite:///{tmp.name}/load.db").replace("{run}", label)
        extra = list(args.server_arg) + (NO_ADDRESS_LIMITS if has_limits(src) else [])
        if args.redis_url:
            extra += ["--redis-url", args.redis_url]
        bases = []
        for i in range(args.processes):   # one after the other: the first creates the schema
            server, base = start_server(db, Path(tmp.name, f"server{i}.log"), extra, src,
                                        Path(tmp.name, f"gc{i}.json"))
            servers.append(server)
            bases.append(base)
        pids = [server.pid for server in servers]
    config = Config(bases=bases, game=args.game, preset=args.preset, tables=args.tables,
                    seconds=args.seconds, think=args.think, seed=args.seed,
                    deflate=not args.no_deflate, ramp=args.ramp, spread=args.spread,
                    options=args.options, warmup=args.warmup,
                    workers_total=args.workers, deltas=not args.no_deltas)
    samples: list[tuple[float, float, float]] = []
    stop_sampling = threading.Event()
    thread = None
    if pids:
        thread = threading.Thread(target=sampler, args=(pids, args.sample, samples, stop_sampling),
                                  daemon=True)
        thread.start()
    try:
        t0 = time.monotonic()
        results = drive(config, args.workers)
        wall = time.monotonic() - t0
    finally:
        stop_sampling.set()
        if thread is not None:
            thread.join()
        for server in servers:
            server.terminate()
        for server in servers:
            try:
                server.wait(10)
            except subprocess.TimeoutExpired:
                server.kill()
    report = summarise(args, results, samples, wall, load_at_start)
    report["server_gc"] = gc_report([Path(tmp.name, f"gc{i}.json") for i in range(len(servers))])
    if servers and report["actions"] == 0:
        print(Path(tmp.name, "server0.log").read_text()[-3000:])
    tmp.cleanup()
    return report


def gc_report(paths: list[Path]) -> list[dict[str, Any]]:
    """The servers' collector pauses (web/diagnostics.py, written every 5 s; [] if none)."""
    out = []
    for path in paths:
        try:
            out.append(json.loads(path.read_text()))
        except (OSError, ValueError):
            continue
    return out


def slope(points: list[tuple[float, float]]) -> float | None:
    """Least-squares slope of (t, y) points, per minute (None for fewer than 3 points)."""
    if len(points) < 3:
        return None
    mt = statistics.fmean(t for t, _ in points)
    my = statistics.fmean(y for _, y in points)
    var = sum((t - mt) ** 2 for t, _ in points)
    return 60 * sum((t - mt) * (y - my) for t, y in points) / var if var else None


def summarise(args: argparse.Namespace, results: list[Stats],
              samples: list[tuple[float, float, float]], wall: float,
              load_at_start: float = 0.0) -> dict[str, Any]:
    lat = sorted(x * 1000 for s in results for x in s.latencies)
    actions = sum(s.actions for s in results)
    window = statistics.fmean(s.window[1] - s.window[0] for s in results) or 1.0
    errors: Counter[str] = Counter()
    for s in results:
        errors.update(s.errors)
    server_cpu = cpu_per_action = None
    begin = min(s.window[0] for s in results)
    end = max(s.window[1] for s in results)
    inside = [s for s in samples if begin - 0.5 <= s[0] <= end + 0.5]
    if len(inside) >= 2:
        # CPU share in the measuring window (about: sampled every few seconds), % of one core
        used = inside[-1][2] - inside[0][2]
        span = max(1e-9, inside[-1][0] - inside[0][0])
        server_cpu = round(100 * used / span, 1)
        if actions:
            cpu_per_action = round(1000 * used / (actions * span / window), 3)
    return {
        "tables": args.tables, "seconds": round(window, 1), "think": args.think,
        "spread": args.spread, "workers": args.workers,
        "processes": args.processes if not args.url else len(args.url),
        "game": args.game, "preset": args.preset, "options": args.options,
        "ramp": args.ramp, "warmup": args.warmup,
        "deflate": not args.no_deflate, "deltas": not args.no_deltas,
        "actions": actions, "actions_per_s": round(actions / window, 1),
        "latency_ms": {"n": len(lat), "p50": round(percentile(lat, 50), 2),
                       "p90": round(percentile(lat, 90), 2),
                       "p99": round(percentile(lat, 99), 2),
                       "max": round(lat[-1], 2) if lat else None},
        "matches_finished": sum(s.matches for s in results),
        "tables_created": sum(s.tables for s in results),
        "errors": dict(errors),
        "server_rss_mib": [(round(t - samples[0][0], 1), rss) for t, rss, _ in samples],
        # in the measuring window: how the server's memory moves (flat: about 0)
        "server_rss_mib_per_min": (lambda k: None if k is None else round(k, 2))(
            slope([(t, rss) for t, rss, _ in inside])),
        "server_cpu_pct": server_cpu,
        "server_cpu_ms_per_action": cpu_per_action,
        "server_rss_mib_window": ([inside[0][1], inside[-1][1]] if inside else None),
        "loadavg_1min": os.getloadavg()[0],
        "loadavg_1min_at_start": load_at_start,
        "cpus": os.cpu_count(),
        "client_cpu_pct": round(100 * sum(s.cpu for s in results) / window, 1),
        "wall_s": round(wall, 1),
    }


def format_report(r: dict[str, Any]) -> str:
    lat = r["latency_ms"]
    lines = [
        f"web_load: {r['tables']} {r['game']}/{r['preset']} tables, think {r['think']} s, "
        f"{r['processes']} server process(es) (spread by {r['spread']}), "
        f"{r['workers']} client process(es), "
        f"deflate {'on' if r['deflate'] else 'off'}, deltas {'on' if r['deltas'] else 'off'}, "
        f"options {json.dumps(r['options'])}, "
        f"ramp {r['ramp']:g} s, warmup {r['warmup']:g} s",
        f"  actions: {r['actions']} in {r['seconds']} s = {r['actions_per_s']} actions/s "
        f"({r['matches_finished']} matches finished, {r['tables_created']} tables created)",
        f"  action->broadcast latency ms: p50 {lat['p50']}  p90 {lat['p90']}  p99 {lat['p99']}  "
        f"max {lat['max']}  (n={lat['n']})",
        f"  CPU (% of one core): server {r['server_cpu_pct']}, client {r['client_cpu_pct']}; "
        f"server CPU per action {r['server_cpu_ms_per_action']} ms; "
        f"load average {r['loadavg_1min_at_start']:.1f} at the start, "
        f"{r['loadavg_1min']:.1f} at the end, on {r['cpus']} CPUs",
    ]
    if r["server_rss_mib"]:
        series = ", ".join(f"{t:g}s {m:.0f}" for t, m in r["server_rss_mib"])
        peak = max(m for _, m in r["server_rss_mib"])
        win = r["server_rss_mib_window"]
        lines.append(f"  server RSS MiB over time: {series}  (peak {peak:.0f}; in the window "
                     + (f"{win[0]:.0f} -> {win[1]:.0f}, " if win else "")
                     + f"{r['server_rss_mib_per_min']} MiB/min)")
    for g in r.get("server_gc", []):
        gens = "; ".join(
            f"gen{n} {g[f'gen{n}']['count']}x, p99 {g[f'gen{n}']['p99_ms']} max "
            f"{g[f'gen{n}']['max_ms']} ms" for n in range(3))
        mem = g.get("memory", {})
        if g.get("full_ms"):
            gens += " (full: " + ", ".join(f"{v:g}" for v in g["full_ms"][-30:]) + " ms)"
        lines.append(f"  server collector: {gens}; {g['over_20ms']} pauses > 20 ms; "
                     f"frozen objects {g['frozen']}; "
                     f"pymalloc blocks {mem.get('blocks')}, malloc in use "
                     f"{mem.get('malloc_used', 0) / 2**20:.0f} MiB, free "
                     f"{mem.get('malloc_free', 0) / 2**20:.0f} MiB")
    if r["errors"]:
        lines.append(f"  errors: {r['errors']}")
    return "\n".join(lines)


if __name__ == "__main__":
    sys.exit(main())
