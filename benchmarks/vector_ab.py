"""Two trees' batches timed in alternating bursts: a before/after on a noisy machine.

On a shared machine a batch's rate moves by 10-30 % from one second to the next, so two
runs made one after the other (or side by side, sharing the caches and the memory bus)
rarely tell a 3 % change.  Here each tree runs in a long-lived worker process of its own
(its batch made and warmed once); the workers run one at a time, a burst each in turn
(the first of a pair alternating), and the figure is the median of the pairs' ratios:
load that changes slowly hits both halves of a pair alike.

    .venv/bin/python benchmarks/vector_ab.py /tmp/base/src src [--game burraco]
        [--pairs 40] [--burst 0.6] [--envs 1024]

``A`` and ``B`` are ``src`` folders (``git archive main src | tar -x -C /tmp/base`` for
main; ``make compiled`` in a tree, or mypyc in the archive, for compiled modules).  The
actions are drawn as ``speed_vector.py`` draws them.  Prints each tree's median rate and
the median, least and greatest of the ratios B/A.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
from pathlib import Path

WORKER = """
import sys, time
sys.path[:0] = [{src!r}, {here!r}]
import numpy as np
import trapoula.vector
from speed_vector import random_actions
env = trapoula.vector.make({game!r}, {preset!r}, num_envs={envs}, seed=0)
rng = np.random.default_rng(0)
obs, mask, _ = env.reset()
for _ in range(50):
    obs, mask, *_ = env.step(random_actions(mask, rng))
print("ready", flush=True)
for line in sys.stdin:
    seconds = float(line)
    t = time.process_time()
    steps = 0
    while time.process_time() - t < seconds:
        obs, mask, *_ = env.step(random_actions(mask, rng))
        steps += {envs}
    print(steps / (time.process_time() - t), flush=True)
"""


def main(argv: list[str] | None = None) -> tuple[float, float, float]:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("a", help="the first tree's src folder (the baseline)")
    ap.add_argument("b", help="the second tree's src folder")
    ap.add_argument("--game", default="burraco")
    ap.add_argument("--preset", default=None)
    ap.add_argument("--envs", type=int, default=1024)
    ap.add_argument("--pairs", type=int, default=40)
    ap.add_argument("--burst", type=float, default=0.6, help="CPU seconds a burst")
    args = ap.parse_args(argv)
    here = str(Path(__file__).resolve().parent)
    workers = []
    for src in (args.a, args.b):
        code = WORKER.format(src=str(Path(src).resolve()), here=here, game=args.game,
                             preset=args.preset, envs=args.envs)
        p = subprocess.Popen([sys.executable, "-c", code], stdin=subprocess.PIPE,
                             stdout=subprocess.PIPE, text=True)
        workers.append(p)
    for p in workers:
        assert p.stdout is not None and p.stdout.readline().strip() == "ready"
    rates: list[list[float]] = [[], []]
    for k in range(args.pairs):
        for w in ((0, 1) if k % 2 == 0 else (1, 0)):
            p = workers[w]
            assert p.stdin is not None and p.stdout is not None
            p.stdin.write(f"{args.burst}\n")
            p.stdin.flush()
            rates[w].append(float(p.stdout.readline()))
    for p in workers:
        assert p.stdin is not None
        p.stdin.close()
        p.wait()
    ratios = [b / a for a, b in zip(*rates, strict=True)]
    med = statistics.median(ratios)
    print(f"{args.game}, N = {args.envs}, {args.pairs} pairs of {args.burst} s bursts")
    print(f"A {statistics.median(rates[0]):>10,.0f} steps/s  ({args.a})")
    print(f"B {statistics.median(rates[1]):>10,.0f} steps/s  ({args.b})")
    print(f"B/A median {med:.3f} (least {min(ratios):.3f}, greatest {max(ratios):.3f})")
    return med, min(ratios), max(ratios)


if __name__ == "__main__":
    main()
