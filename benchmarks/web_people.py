"""The players' home at scale: a rating update at a match's end, a profile and a leaderboard
page, with 10,000 accounts and 100,000 finished matches (issue 31, item 8).

    python benchmarks/web_people.py                      # SQLite in a temp dir
    python benchmarks/web_people.py --pg                 # and a throwaway PostgreSQL
    python benchmarks/web_people.py --database-url postgresql+psycopg://u@127.0.0.1:5432/db
    python benchmarks/web_people.py --accounts 100 --matches 500 --samples 20   # tiny

The database is filled in bulk (accounts; each match a ``results`` row, a ``rating_history``
row per player, the players' ``ratings``: four accounts a Bourloto match, over the three
presets), then timed, each ``--samples`` times:

- *update*: settling a new finished match of four accounts (``People.settle`` with the
  OpenSkill update, web/people/ratings.py): what the server does when a match ends;
- *profile*: ``GET /api/players/{name}`` of a random account, through the app in process;
- *leaderboard*: ``GET /api/leaderboard?game=bourloto&preset=…&offset=…`` of a random page.

Prints p50 and p99 in ms of each, of the wall time and of this process's CPU time (every
thread: the figure a loaded machine changes least); ``--json FILE`` writes them.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import tempfile
import time
import uuid
import warnings
from pathlib import Path
from typing import Any

import trapoula
from trapoula.web.people import routes_ratings
from trapoula.web.people.ratings import people_for, rate, settlement
from trapoula.web.people.standing import ordinal
from trapoula.web.rows import SeatRow, TableRow
from trapoula.web.store import SqlStore

PRESETS = ("ru", "gr", "pexevida")


def fill(store: SqlStore, accounts: int, matches: int, seed: int = 1) -> list[str]:
    """Bulk rows: ``accounts`` accounts and ``matches`` finished four-player matches; the
    account names."""
    import sqlalchemy as sa

    rng = random.Random(seed)
    people: Any = people_for(store)
    ratings, history, results = people._rating_tables()
    now = time.time() - matches * 60
    names = [f"bench{i:06d}" for i in range(accounts)]
    ids = [uuid.uuid4().hex for _ in range(accounts)]
    state: dict[tuple[str, str], list[float]] = {}
    with store.engine.begin() as c:
        c.execute(people.accounts.insert(), [
            {"account_id": a, "name": n, "name_key": n, "password_hash": None, "roles": "",
             "languages": "en", "created": now, "status": "active", "status_until": None}
            for a, n in zip(ids, names, strict=True)])
    batch_h: list[dict[str, Any]] = []
    batch_r: list[dict[str, Any]] = []

    def flush() -> None:
        with store.engine.begin() as c:
            if batch_r:
                c.execute(results.insert(), batch_r)
            if batch_h:
                c.execute(history.insert(), batch_h)
        batch_h.clear()
        batch_r.clear()

    for m in range(matches):
        preset = PRESETS[m % len(PRESETS)]
        players = rng.sample(ids, 4)
        ts = now + m * 60
        tid = f"b{m:09d}"
        seats = dict(zip(("P1", "P2", "P3", "P4"), players, strict=True))
        win = rng.random() < 0.5
        batch_r.append({"table_id": tid, "game": "bourloto", "preset": preset, "ts": ts,
                        "rated": True, "why": "", "places": json.dumps({"seats": seats})})
        for seat, a in seats.items():
            won = (seat in ("P1", "P3")) == win
            st = state.setdefault((a, preset), [25.0, 25 / 3, 0, 0, ts])
            st[0] += rng.uniform(0.2, 1.0) * (1 if won else -1)
            st[1] = max(1.5, st[1] * 0.97)
            st[2] += 1
            st[3] += int(won)
            st[4] = ts
            batch_h.append({"subject": a, "game": "bourloto", "preset": preset,
                            "table_id": tid, "seat": seat, "ts": ts, "rated": True,
                            "place": 1 if won else 2, "won": won, "mu": st[0], "sigma": st[1]})
        if len(batch_h) >= 20000:
            flush()
    flush()
    rows = [{"subject": a, "game": "bourloto", "preset": p, "mu": v[0], "sigma": v[1],
             "ordinal": ordinal(v[0], v[1]), "matches": v[2], "wins": v[3],
             "last_played": v[4]} for (a, p), v in state.items()]
    with store.engine.begin() as c:
        for k in range(0, len(rows), 20000):
            c.execute(ratings.insert(), rows[k:k + 20000])
    if store.engine.dialect.name == "postgresql":  # as autovacuum would, after a bulk load
        with store.engine.connect().execution_options(isolation_level="AUTOCOMMIT") as c:
            c.execute(sa.text("VACUUM ANALYZE"))
    return names


def pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


def measure(url: str, accounts: int, matches: int, samples: int) -> dict[str, Any]:
    from trapoula.web.service import TableService

    store = SqlStore(url)
    t0 = time.perf_counter()
    names = fill(store, accounts, matches)
    filled = time.perf_counter() - t0
    people: Any = people_for(store)
    some = random.Random(2).sample(names, min(50, len(names)))
    ids = [people.find_account(n).account_id for n in some]
    game = trapoula.make("bourloto", "ru")
    rng = random.Random(3)
    out: dict[str, Any] = {"database": store.engine.dialect.name, "accounts": accounts,
                           "matches": matches, "fill_s": round(filled, 1)}

    class _Outcome:
        returns = {"P1": 1010.0, "P3": 1010.0, "P2": 700.0, "P4": 700.0}
        winner = "A"

    times: list[float] = []
    cpus: list[float] = []
    for k in range(samples):
        four = rng.sample(ids, 4)
        row = TableRow(f"u{k}{uuid.uuid4().hex[:8]}", "X", "bourloto", "ru", {"_table": {}}, 1,
                       "finished", 0.0, [SeatRow(s, "human", token_hash="t", account_id=a)
                                         for s, a in zip(("P1", "P2", "P3", "P4"), four,
                                                         strict=True)],
                       fair={"phase": "fixed"})
        t, cpu = time.perf_counter(), time.process_time()
        result = settlement(row, game, _Outcome(), time.time())
        assert people.settle(result, rate(result, game.info.sides))
        times.append((time.perf_counter() - t) * 1000)
        cpus.append((time.process_time() - cpu) * 1000)
    out["update"], out["update_cpu"] = times, cpus

    svc = TableService(store)
    calls, routes_ratings.CALLS_PER_MINUTE = routes_ratings.CALLS_PER_MINUTE, 10**9
    try:  # one client asks them all (the limit's 429 is tested in tests/web)
        out.update(answers(svc, names, rng, accounts, samples))
    finally:
        routes_ratings.CALLS_PER_MINUTE = calls
    store.close()
    for k in ("update", "profile", "leaderboard"):
        xs, cs = out[k], out.pop(k + "_cpu")
        out[k] = {"p50_ms": round(statistics.median(xs), 2), "p99_ms": round(pct(xs, 0.99), 2),
                  "max_ms": round(max(xs), 2), "n": len(xs),
                  "cpu_p50_ms": round(statistics.median(cs), 2),
                  "cpu_p99_ms": round(pct(cs, 0.99), 2)}
    return out


def answers(svc: Any, names: list[str], rng: random.Random, accounts: int,
            samples: int) -> dict[str, list[float]]:
    """The times of the profile and leaderboard answers, in ms."""
    from trapoula.web.app import create_app

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from starlette.testclient import TestClient

    out: dict[str, list[float]] = {}
    times: list[float]
    cpus: list[float]
    with TestClient(create_app(svc)) as c:
        c.get("/api/leaderboard")  # warm
        times, cpus = [], []
        for _ in range(samples):
            name = rng.choice(names)
            t, cpu = time.perf_counter(), time.process_time()
            r = c.get(f"/api/players/{name}")
            times.append((time.perf_counter() - t) * 1000)
            cpus.append((time.process_time() - cpu) * 1000)
            assert r.status_code == 200, r.text
        out["profile"], out["profile_cpu"] = times, cpus
        times, cpus = [], []
        board = accounts  # about every account is on each preset's board
        for _ in range(samples):
            preset = rng.choice(PRESETS)
            offset = rng.randrange(0, max(1, board - 50))
            t, cpu = time.perf_counter(), time.process_time()
            r = c.get("/api/leaderboard", params={"game": "bourloto", "preset": preset,
                                                  "offset": offset, "limit": 50})
            times.append((time.perf_counter() - t) * 1000)
            cpus.append((time.process_time() - cpu) * 1000)
            assert r.status_code == 200 and r.json()["rows"], r.text
        out["leaderboard"], out["leaderboard_cpu"] = times, cpus
    return out


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--accounts", type=int, default=10_000)
    p.add_argument("--matches", type=int, default=100_000)
    p.add_argument("--samples", type=int, default=300)
    p.add_argument("--database-url", action="append", default=[],
                   help="a database to fill (default: SQLite in a temp dir)")
    p.add_argument("--pg", action="store_true", help="also a throwaway PostgreSQL")
    p.add_argument("--json", metavar="FILE")
    a = p.parse_args(argv)
    urls = list(a.database_url)
    tmp = tempfile.mkdtemp(prefix="trapoula-bench-people-")
    if not urls:
        urls.append(f"sqlite:///{Path(tmp) / 'people.db'}")
    server = None
    if a.pg:
        sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
        from tests.web.services_pg import start_postgres

        server = start_postgres()
        urls.append(server.url)
    results = []
    try:
        for url in urls:
            r = measure(url, a.accounts, a.matches, a.samples)
            results.append(r)
            print(f"{r['database']}: {r['accounts']} accounts, {r['matches']} matches "
                  f"(filled in {r['fill_s']} s)")
            for k in ("update", "profile", "leaderboard"):
                m = r[k]
                print(f"  {k:<12} p50 {m['p50_ms']:7.2f} ms   p99 {m['p99_ms']:7.2f} ms   "
                      f"max {m['max_ms']:7.2f} ms   CPU p50 {m['cpu_p50_ms']:6.2f} ms   "
                      f"p99 {m['cpu_p99_ms']:6.2f} ms   ({m['n']} samples)")
    finally:
        if server is not None:
            server.stop()
    if a.json:
        Path(a.json).write_text(json.dumps(results, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
