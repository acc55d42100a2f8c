"""Burraco bot ladder on duplicate hands: X − Y hand points per deal with a 95 % CI.

Every deal (``derive_seed(seed, i)``, i = 0..deals-1) is played twice, X's partnership
sitting once as team A (P1, P3) and once as team B (P2, P4) against Y's; the figure is the
mean over deals of the two hands' (X team − Y team) points / 2, with a normal-approximation
95 % confidence interval over deals.  Per-move times are CPU seconds (``time.process_time``
in the worker), so they do not depend on what else shares the machine.

    .venv/bin/python benchmarks/burraco_strength.py                      # heuristic vs random
    .venv/bin/python benchmarks/burraco_strength.py --x hard --y heuristic --deals 600 --workers 2
    .venv/bin/python benchmarks/burraco_strength.py --ladder --workers 2    # the docs' table

The ladder (``--ladder``) runs the committed lines below with their committed deal counts
and seed (2026) on the presets ``seed`` and ``fibur``.
"""

from __future__ import annotations

import argparse
import time
from concurrent.futures import ProcessPoolExecutor

import trapoula
from trapoula.bots import make_bot
from trapoula.core.evaluate import mean_ci, play_out
from trapoula.core.game import derive_seed

SEED = 2026
# (X, Y, deals): the strength lines of docs/search.md
LADDER = (("heuristic", "random", 200), ("hard", "heuristic", 1000))


def duplicate(job: tuple[str, str, str, int, int]) -> tuple[float, list[float]]:
    """One duplicate deal: ((X − Y) / 2 over the two seatings, [X moves, X CPU s, X max s,
    Y moves, Y CPU s, Y max s])."""
    x, y, preset, seed, i = job
    game = trapoula.make("burraco", preset)
    deal_seed = derive_seed(seed, i)
    total = 0.0
    clock = [0.0] * 6
    seats = game.info.seats
    for hero in (0, 1):
        bots = {seats[s]: make_bot(x if s % 2 == hero else y, game,
                                   seed=derive_seed(seed, i, hero, s)) for s in range(4)}

        def tick(seat: str, dt: float, hero: int = hero) -> None:
            j = 0 if seats.index(seat) % 2 == hero else 3
            clock[j] += 1
            clock[j + 1] += dt
            clock[j + 2] = max(clock[j + 2], dt)

        pay = play_out(game.new_deal(seed=deal_seed), bots, tick, now=time.process_time)
        total += pay.returns()[seats[hero]] - pay.returns()[seats[1 - hero]]
    return total / 2, clock


def run(x: str, y: str, preset: str, deals: int, seed: int, workers: int) -> str:
    jobs = [(x, y, preset, seed, i) for i in range(deals)]
    t0 = time.time()
    if workers > 1:
        with ProcessPoolExecutor(workers) as pool:
            res = list(pool.map(duplicate, jobs, chunksize=4))
    else:
        res = [duplicate(j) for j in jobs]
    xs = [r[0] for r in res]
    n = len(xs)
    ci = mean_ci(xs)
    m, half = ci.mean, ci.half_width
    c = [sum(r[1][j] for r in res) for j in range(6)]
    xmax = max(r[1][2] for r in res)
    ymax = max(r[1][5] for r in res)
    return (f"burraco {preset}: {x} - {y} = {m:+.1f} [{m - half:+.1f}, {m + half:+.1f}] "
            f"points per deal ({n} duplicate deals, seed {seed}); CPU ms/move "
            f"{x} {1000 * c[1] / max(c[0], 1):.2f} (max {1000 * xmax:.0f}), "
            f"{y} {1000 * c[4] / max(c[3], 1):.2f} (max {1000 * ymax:.0f}); "
            f"{time.time() - t0:.0f} s")


def main() -> None:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--x", default="heuristic")
    ap.add_argument("--y", default="random")
    ap.add_argument("--deals", type=int, default=100)
    ap.add_argument("--seed", type=int, default=SEED)
    ap.add_argument("--preset", default="seed")
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--ladder", action="store_true", help="the committed lines, both presets")
    args = ap.parse_args()
    if args.ladder:
        for preset in ("seed", "fibur"):
            for x, y, deals in LADDER:
                print(run(x, y, preset, deals, SEED, args.workers), flush=True)
        return
    print(run(args.x, args.y, args.preset, args.deals, args.seed, args.workers))


if __name__ == "__main__":
    main()
