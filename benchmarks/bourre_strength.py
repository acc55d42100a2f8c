"""Bourré heuristic bot vs random: net chips per deal with a 95% confidence interval.

Every deal is played once per seat with the heuristic bot in that seat and random bots in
the others (all seats rotated, same cards), and once more with a random bot in that seat.
A seat's net for a deal is what it takes from the pot minus its ante, draw fees and bourré
payment.  The figure reported is the mean over deals and seats, and the paired difference
heuristic - random (same deal, same seat, same opponents' random stream).

    .venv/bin/python benchmarks/bourre_strength.py --players 4 --deals 500
"""

from __future__ import annotations

import argparse
import time

import trapoula
from trapoula.bots.base import Bot, RandomBot
from trapoula.bots.bourre_heuristic import BourreHeuristicBot
from trapoula.core.evaluate import mean_ci, play_out
from trapoula.core.game import derive_seed
from trapoula.games.bourre import Bourre


def net_for(game: Bourre, seed: int, seat: int, hero: str) -> float:
    deal = game.new_deal(seed=seed)
    n = game.options.players
    bots: list[Bot] = [RandomBot(game, seed=derive_seed(seed, "bot", s)) for s in range(n)]
    if hero == "heuristic":
        bots[seat] = BourreHeuristicBot(game, seed=seed)
    final = play_out(deal, dict(zip(game.info.seats, bots, strict=True)))
    return final.returns()[f"P{seat + 1}"]  # the chips of RULES.md §2.5


def ci(xs: list[float]) -> tuple[float, float]:
    c = mean_ci(xs)
    return c.mean, c.half_width


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", type=int, nargs="+", default=[2, 4, 7])
    ap.add_argument("--deals", type=int, default=300)
    ap.add_argument("--seed", type=int, default=2024)
    args = ap.parse_args()
    for n in args.players:
        game = trapoula.make("bourre", players=n)
        assert isinstance(game, Bourre)
        hero: list[float] = []
        base: list[float] = []
        t0 = time.perf_counter()
        for d in range(args.deals):
            seed = derive_seed(args.seed, n, d)
            for seat in range(n):
                hero.append(net_for(game, seed, seat, "heuristic"))
                base.append(net_for(game, seed, seat, "random"))
        dt = time.perf_counter() - t0
        mh, hh = ci(hero)
        mb, hb = ci(base)
        md, hd = ci([a - b for a, b in zip(hero, base, strict=True)])
        print(
            f"{n} players, {args.deals} deals x {n} seats: heuristic {mh:+.2f} ± {hh:.2f} "
            f"chips/deal, random {mb:+.2f} ± {hb:.2f}, difference {md:+.2f} ± {hd:.2f} "
            f"(ante 1; {dt:.1f}s)"
        )


if __name__ == "__main__":
    main()
