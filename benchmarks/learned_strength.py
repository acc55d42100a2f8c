"""The learned bot's strength table (issue 17): duplicate deals with committed seeds.

Each line plays ``deals`` duplicate deals (every deal twice, the partnerships' seats swapped:
:func:`trapoula.bots.duplicate.duplicate`) of team X against team Y and prints X's mean points
a deal over Y with the 95 % confidence interval, and X's and Y's mean and slowest time a move.
``learned`` is the shipped bot as it plays by default (the weights file names who decides in
each preset); ``learned/BIDDING/PLAY[@MB/MP]`` forces who decides before and in the play
phase (``learned``, ``heuristic`` or ``improve``, the last with its margins in points:
docs/learned.md), e.g. ``learned/learned/learned`` is every decision the network's.  The
seed of every line is 2026.

    .venv/bin/python benchmarks/learned_strength.py                   # 600 pairs vs heuristic
    .venv/bin/python benchmarks/learned_strength.py --only hard --deals 200 --workers 2
    .venv/bin/python benchmarks/learned_strength.py --weights runs/learned/main/latest.npz
    .venv/bin/python benchmarks/learned_strength.py --line gr:learned/improve/improve@10/20:hard

docs/learned.md holds the table this produced and how long it took.  ``--seed 99`` plays
other deals (where the shipped settings were chosen, so the committed seed's figures are not
inflated by the choice).
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

os.environ.setdefault("OMP_NUM_THREADS", "1")
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import trapoula  # noqa: E402
from trapoula.bots import make_bot  # noqa: E402
from trapoula.bots.base import Bot  # noqa: E402
from trapoula.bots.duplicate import DuplicateStats, duplicate  # noqa: E402

SEED = 2026
# (preset, X, Y, duplicate deals)
LINES: list[tuple[str, str, str, int]] = [
    ("gr", "learned", "heuristic", 600),
    ("ru", "learned", "heuristic", 600),
    ("gr", "learned/learned/learned", "heuristic", 600),
    ("ru", "learned/learned/learned", "heuristic", 600),
    ("gr", "learned/learned/heuristic", "heuristic", 600),
    ("ru", "learned/learned/heuristic", "heuristic", 600),
    ("gr", "learned/heuristic/learned", "heuristic", 600),
    ("ru", "learned/heuristic/learned", "heuristic", 600),
    ("gr", "learned/heuristic/improve@0/10", "heuristic", 600),
    ("ru", "learned/heuristic/improve@0/10", "heuristic", 600),
    ("gr", "learned", "hard", 600),
    ("ru", "learned", "hard", 600),
]


ALIASES = {"/hb": "/heuristic/learned", "/lb": "/learned/learned", "/hp": "/learned/heuristic"}


def learned_kwargs(name: str) -> dict[str, Any]:
    """``learned[/BIDDING/PLAY[@MB/MP]]`` as the bot's keywords (modes: learned, heuristic,
    improve; MB/MP the improve margins in points), or one of :data:`ALIASES`.

    >>> learned_kwargs("learned/improve/heuristic@5/10")
    {'bidding': 'improve', 'play': 'heuristic', 'margin': (5.0, 10.0)}
    """
    rest = ALIASES.get(name[7:], name[7:])
    if not rest:
        return {}
    modes, _, margins = rest.partition("@")
    bid, play = modes.strip("/").split("/")
    out: dict[str, Any] = {"bidding": bid, "play": play}
    if margins:
        mb, mp = margins.split("/")
        out["margin"] = (float(mb), float(mp))
    return out


def _bot(name: str, game: Any, seed: int, weights: str | None) -> Bot:
    if name.startswith("learned"):
        return make_bot("learned", game, seed=seed, weights=weights, **learned_kwargs(name))
    return make_bot(name, game, seed=seed)


def _chunk(args: tuple[str, str, str, int, int, str | None, int]) -> DuplicateStats:
    preset, x, y, start, deals, weights, seed = args
    g = trapoula.make("bourloto", preset)
    return duplicate(g, lambda s, i: _bot(x, g, i * 4 + s, weights),
                     lambda s, i: _bot(y, g, i * 4 + s + 2, weights),
                     deals=deals, seed=seed, start=start)


def run_line(preset: str, x: str, y: str, deals: int, workers: int,
             weights: str | None, seed: int = SEED) -> DuplicateStats:
    """The duplicate statistics of one line (deals 0..deals-1 split into chunks)."""
    size = max(1, min(25, deals // max(1, workers)))
    jobs = [(preset, x, y, k, min(size, deals - k), weights, seed)
            for k in range(0, deals, size)]
    total = DuplicateStats()
    if workers <= 1:
        for j in jobs:
            total = total.merge(_chunk(j))
        return total
    with ProcessPoolExecutor(workers) as pool:
        for st in pool.map(_chunk, jobs):
            total = total.merge(st)
    return total


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--deals", type=int, default=None,
                    help="duplicate deals per line (default: the committed counts)")
    ap.add_argument("--only", default="", help="only the lines whose text contains this")
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--seed", type=int, default=SEED,
                    help="the deals' seed (default: the committed 2026; choose settings on "
                         "another, e.g. 99)")
    ap.add_argument("--weights", default=None, help="a weights file (default: the shipped one)")
    ap.add_argument("--line", action="append", default=[], metavar="PRESET:X:Y",
                    help="play this line instead of the committed ones (repeatable), e.g. "
                         "gr:learned/improve/improve@5/10:heuristic")
    a = ap.parse_args(argv)
    lines = LINES
    if a.line:
        lines = [(p, x, y, 600) for p, x, y in (t.split(":") for t in a.line)]
    print(f"{'line':34} {'pairs':>5} {'X - Y points a deal (95% CI)':>30} "
          f"{'X ms/move':>10} {'X slowest':>10} {'Y ms/move':>10} {'s':>6}")
    for preset, x, y, deals in lines:
        line = f"bourloto {preset}: {x} vs {y}"
        if a.only and a.only not in line:
            continue
        n = deals if a.deals is None else a.deals
        t0 = time.perf_counter()
        st = run_line(preset, x, y, n, a.workers, a.weights, a.seed)
        ci = f"{st.mean:+.2f} [{st.mean - st.half_width:+.2f}, {st.mean + st.half_width:+.2f}]"
        print(f"{line:34} {st.deals:>5} {ci:>30} {st.ms_per_move('X'):>10.3f} "
              f"{1000 * st.slowest['X']:>10.1f} {st.ms_per_move('Y'):>10.3f} "
              f"{time.perf_counter() - t0:>6.0f}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
