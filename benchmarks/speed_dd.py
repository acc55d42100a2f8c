"""Double-dummy solve times for full 32-card Bourloto deals (pure Python).

The 50 deals are fixed: ``deal_hands(seed)`` for seeds 0..49 (four random 8-card hands and a
random trump), P1 leading; the gr play rules (overtrump required) unless ``--ru``.  Each deal
is solved from the first lead with a fresh solver (empty transposition table): the points
team A takes with best play on both sides.  Prints the median and the 90th percentile of the
solve times, the slowest deal and the number of trick-start nodes searched.

    .venv/bin/python benchmarks/speed_dd.py [--deals 50] [--ru]

Targets (issue 6): median <= 0.5 s, p90 <= 3 s.  The machine's load changes these figures:
run it on an otherwise idle machine (the load average is printed; CPU time, which other
processes disturb less, is printed beside wall time).
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

from trapoula.search.bourloto_dd import BourlotoSolver, DDPosition, deal_hands


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--deals", type=int, default=50)
    ap.add_argument("--ru", action="store_true", help="ru play rules (no overtrump duty)")
    a = ap.parse_args(argv)
    times: list[float] = []
    cpu: list[float] = []
    nodes = 0
    values = []
    for seed in range(a.deals):
        hands, trump = deal_hands(seed)
        solver = BourlotoSolver(overtrump=not a.ru)
        t, c = time.perf_counter(), time.process_time()
        values.append(solver.solve(DDPosition(hands, trump, 0, (), 0)))
        times.append(time.perf_counter() - t)
        cpu.append(time.process_time() - c)
        nodes += solver.nodes[0]
    times.sort()
    cpu.sort()
    k90 = min(len(times) - 1, int(0.9 * len(times)))
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"bourloto double-dummy, {a.deals} fixed deals ({'ru' if a.ru else 'gr'} play rules), "
          f"load average {load:.1f}")
    for name, xs in (("wall", times), ("cpu ", cpu)):
        print(f"  {name} median {statistics.median(xs):.3f} s   p90 {xs[k90]:.3f} s   "
              f"max {xs[-1]:.3f} s   mean {statistics.fmean(xs):.3f} s")
    print(f"  {nodes} trick nodes, {1e6 * sum(times) / max(nodes, 1):.1f} us per trick node; "
          f"mean value for team A {statistics.fmean(values):.1f} of 162")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
