"""How strong is the heuristic Bourloto bot?  Duplicate deals against baselines.

Each deal (seed ``derive_seed(--seed, i)``) is played twice with the teams' bots swapped; the
figure per deal is the mean over both playings of the heuristic side's deal points minus the
other side's (a thrown-in deal counts 0).  Printed per preset and opponent: the mean with its
95 % confidence interval, the share of playings that were not thrown in, the mean per played
deal, and the heuristic's milliseconds per move (mean and slowest).

Opponents: ``random`` (uniform legal actions) and ``greedy`` (the heuristic's own bidding but
always the highest legal card: isolates the card play).

    .venv/bin/python benchmarks/bourloto_strength.py --deals 500 --preset both
"""

from __future__ import annotations

import argparse
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import trapoula
from trapoula.bots import make_bot
from trapoula.bots.base import Bot
from trapoula.bots.bourloto_heuristic import BourlotoHeuristicBot, GreedyBourlotoBot
from trapoula.bots.duplicate import DuplicateStats, duplicate


def _bot(game: Any, kind: str, seat: int, deal: int) -> Bot:
    seed = deal * 4 + seat
    if kind == "heuristic":
        return BourlotoHeuristicBot(game, seed=seed)
    if kind == "greedy":
        return GreedyBourlotoBot(game, seed=seed)
    return make_bot(kind, game, seed=seed)


def _run(args: tuple[str, str, str, int, int, int]) -> DuplicateStats:
    preset, x, y, start, deals, seed = args
    game = trapoula.make("bourloto", preset)
    return duplicate(
        game,
        lambda s, i: _bot(game, x, s, i),
        lambda s, i: _bot(game, y, s, i),
        deals=deals, seed=seed, start=start,
    )


def measure(
    preset: str, opponent: str, deals: int, seed: int = 2024, jobs: int = 1
) -> DuplicateStats:
    """Heuristic (X) against ``opponent`` (Y) over ``deals`` duplicate deals."""
    jobs = max(1, min(jobs, deals))
    chunks = [(deals * k // jobs, deals * (k + 1) // jobs) for k in range(jobs)]
    tasks = [(preset, "heuristic", opponent, a, b - a, seed) for a, b in chunks]
    if jobs == 1:
        return _run(tasks[0])
    with ProcessPoolExecutor(jobs) as pool:
        parts = list(pool.map(_run, tasks))
    total = parts[0]
    for p in parts[1:]:
        total = total.merge(p)
    return total


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--deals", type=int, default=300, help="duplicate deals per line")
    ap.add_argument("--preset", default="both", choices=("ru", "gr", "both"))
    ap.add_argument("--opponent", default="both", choices=("random", "greedy", "both"))
    ap.add_argument("--seed", type=int, default=2024)
    ap.add_argument("--jobs", type=int, default=1, help="worker processes")
    a = ap.parse_args(argv)
    presets = ("ru", "gr") if a.preset == "both" else (a.preset,)
    opponents = ("random", "greedy") if a.opponent == "both" else (a.opponent,)
    print(f"bourloto heuristic bot, {a.deals} duplicate deals per line (seed {a.seed})")
    print(f"{'preset':6} {'opponent':8} {'points/deal (95% CI)':>22} {'played':>7} "
          f"{'per played':>10} {'ms/move':>8} {'max ms':>7} {'secs':>6}")
    for preset in presets:
        for opp in opponents:
            t0 = time.perf_counter()
            st = measure(preset, opp, a.deals, a.seed, a.jobs)
            secs = time.perf_counter() - t0
            played = st.played / (2 * st.deals) if st.deals else 0.0
            per_played = st.mean / played if played else 0.0
            print(f"{preset:6} {opp:8} {st.mean:+10.1f} ± {st.half_width:<9.1f} "
                  f"{played:7.0%} {per_played:+10.1f} {st.ms_per_move('X'):8.3f} "
                  f"{1000 * st.slowest['X']:7.2f} {secs:6.1f}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
