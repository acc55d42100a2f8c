"""Burraco heuristic bot vs random: hand-score difference per hand, 95% confidence interval.

Every deal is played twice, the heuristic partnership sitting once as team A and once as
team B against random bots; the figure is the mean of (heuristic team - random team).

    .venv/bin/python benchmarks/burraco_strength.py --deals 100
"""

from __future__ import annotations

import argparse
import math
import time

import trapoula
from trapoula.bots.base import Bot, RandomBot
from trapoula.bots.burraco_heuristic import BurracoHeuristicBot
from trapoula.core.game import derive_seed


def diff(game: trapoula.core.game.Game, seed: int, hero: int) -> int:
    bots: list[Bot] = [
        BurracoHeuristicBot(game, seed=s) if s % 2 == hero
        else RandomBot(game, seed=derive_seed(seed, "bot", s))
        for s in range(4)
    ]
    state = game.new_deal(seed=seed)
    while not state.is_over:
        seat = state.current_player
        assert seat is not None
        state = state.apply(bots[int(seat[1:]) - 1].choose(state.view(seat)))
    scores = (state.result or {})["scores"]
    return int(scores["AB"[hero]] - scores["AB"[1 - hero]])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=100)
    ap.add_argument("--seed", type=int, default=2024)
    ap.add_argument("--preset", default="seed")
    args = ap.parse_args()
    game = trapoula.make("burraco", args.preset)
    t0 = time.process_time()
    xs = [float(diff(game, derive_seed(args.seed, i), hero))
          for i in range(args.deals) for hero in (0, 1)]
    m = sum(xs) / len(xs)
    half = 1.96 * math.sqrt(sum((x - m) ** 2 for x in xs) / (len(xs) - 1) / len(xs))
    print(f"burraco {args.preset}: heuristic - random = {m:+.1f} ± {half:.1f} points per hand "
          f"({len(xs)} hands, {time.process_time() - t0:.1f}s CPU)")


if __name__ == "__main__":
    main()
