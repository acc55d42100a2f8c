"""The players' home benchmark (benchmarks/web_people.py) in tiny mode: it fills a database,
times the three answers and writes their figures."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

BENCH = Path(__file__).resolve().parents[2] / "benchmarks" / "web_people.py"


def test_the_people_benchmark_runs_tiny(tmp_path: Path) -> None:
    spec = importlib.util.spec_from_file_location("web_people_bench", BENCH)
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    out = tmp_path / "figures.json"
    assert mod.main(["--accounts", "40", "--matches", "120", "--samples", "5",
                     "--database-url", f"sqlite:///{tmp_path / 'b.db'}",
                     "--json", str(out)]) == 0
    (r,) = json.loads(out.read_text())
    assert (r["database"], r["accounts"], r["matches"]) == ("sqlite", 40, 120)
    for k in ("update", "profile", "leaderboard"):
        assert r[k]["n"] == 5 and 0 < r[k]["p50_ms"] <= r[k]["p99_ms"] <= r[k]["max_ms"]
