"""Bourloto random playouts: the numpy engine beside the pure-Python fast path.

Prints, per preset, µs per card played and deals/s for ``python_playouts`` (pure Python) and
for the numpy engine (``trapoula.accel.bourloto_numpy``, which ``game.random_playouts`` uses
when numpy is installed), plus OpenSpiel's hearts driven from Python when ``pyspiel`` is
installed, for scale.  Both engines return the same results (checked on every round).  Each
figure is the median of several rounds; the CPU-time column is less disturbed by other
processes than wall-clock time.

    python benchmarks/speed_bourloto_numpy.py [--deals 40000] [--python-deals 3000] [--rounds 5]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

import trapoula
from trapoula.accel import bourloto_numpy
from trapoula.games.bourloto.fast import python_playouts

Run = Callable[[int], tuple[float, float, int]]  # seed -> (wall s, cpu s, cards played)


def timed(fn: Callable[[], list[dict[str, Any]]]) -> tuple[float, float, list[dict[str, Any]]]:
    w, c = time.perf_counter(), time.process_time()
    out = fn()
    return time.perf_counter() - w, time.process_time() - c, out


def cards(results: list[dict[str, Any]]) -> int:
    return 32 * sum(1 for r in results if not r.get("thrown_in"))


def hearts(n: int, seed: int) -> tuple[float, float, int] | None:
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError:
        return None
    game = pyspiel.load_game("hearts")
    rng = random.Random(seed)
    w, c = time.perf_counter(), time.process_time()
    for _ in range(n):
        s = game.new_initial_state()
        while not s.is_terminal():
            if s.is_chance_node():
                outcomes = s.chance_outcomes()
                s.apply_action(outcomes[int(rng.random() * len(outcomes))][0])
            else:
                legal = s.legal_actions()
                s.apply_action(legal[int(rng.random() * len(legal))])
    return time.perf_counter() - w, time.process_time() - c, 52 * n


def median_rates(fn: Callable[[int], tuple[float, float, int] | None], n: int,
                 rounds: int) -> tuple[float, float, float] | None:
    """Median µs per card (wall, cpu) and deals/s (wall) over rounds (seed = round)."""
    wall, cpu, rate = [], [], []
    for r in range(rounds):
        out = fn(r)
        if out is None:
            return None
        w, c, k = out
        wall.append(w / max(k, 1) * 1e6)
        cpu.append(c / max(k, 1) * 1e6)
        rate.append(n / w)
    return statistics.median(wall), statistics.median(cpu), statistics.median(rate)


def main() -> None:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--deals", type=int, default=40000, help="deals per numpy round")
    ap.add_argument("--python-deals", type=int, default=3000, help="deals per Python round")
    ap.add_argument("--hearts-deals", type=int, default=300)
    ap.add_argument("--rounds", type=int, default=5)
    args = ap.parse_args()
    rows: list[tuple[str, tuple[float, float, float]]] = []
    hs = median_rates(lambda r: hearts(args.hearts_deals, r), args.hearts_deals, args.rounds)
    if hs is not None:
        rows.append(("OpenSpiel hearts (pyspiel, from Python)", hs))
    for preset in ("ru", "gr"):
        g = trapoula.make("bourloto", preset)
        bourloto_numpy.random_playouts(g, 100, 0)  # tables built, code warm

        def run_python(r: int, g: Any = g) -> tuple[float, float, int]:
            w, c, out = timed(lambda: python_playouts(g, args.python_deals, r))
            return w, c, cards(out)

        def run_numpy(r: int, g: Any = g) -> tuple[float, float, int]:
            w, c, out = timed(lambda: bourloto_numpy.random_playouts(g, args.deals, r))
            check = min(300, args.deals)
            assert out[:check] == python_playouts(g, check, r), "engines disagree"
            return w, c, cards(out)

        py = median_rates(run_python, args.python_deals, args.rounds)
        nu = median_rates(run_numpy, args.deals, args.rounds)
        assert py is not None and nu is not None
        rows.append((f"bourloto {preset}: python_playouts", py))
        rows.append((f"bourloto {preset}: numpy engine", nu))
        rows.append((f"bourloto {preset}: numpy speed-up (wall)", (py[0] / nu[0], py[1] / nu[1],
                                                                  nu[2] / py[2])))
    ref = hs[0] if hs is not None else float("nan")
    print(f"{'path':44} {'us/card':>9} {'cpu us/card':>12} {'deals/s':>10} {'x hearts':>9}")
    for name, (wall, cpu, rate) in rows:
        if "speed-up" in name:
            print(f"{name:44} {wall:8.1f}x {cpu:11.1f}x {rate:9.1f}x")
            continue
        print(f"{name:44} {wall:9.3f} {cpu:12.3f} {rate:10.0f} {wall / ref:9.3f}")
    print("(us/card = time / cards played; thrown-in deals play no card but cost time)")


if __name__ == "__main__":
    main()
