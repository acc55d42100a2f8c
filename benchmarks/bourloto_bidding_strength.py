"""gr bidding at bot tables (issue 15): how often a table of bots throws the deal in, and
whether bidding more often costs strength.

Two figures, the new bidding (``heuristic``: round-2 thresholds that drop with each pass,
the last speaker naming down to ``last_name_threshold``) against the old one (the same bot
with ``name_relax = 0`` and ``last_name_threshold = name_threshold``):

1. **Thrown-in deals at a table of four bots of one kind**: the share of ``--table-deals``
   gr deals in which nobody took or named trump.
2. **Strength**: ``trapoula arena`` (``run_arena``) between the two over ``--deals``
   duplicate deals (each deal twice, the partnerships' seats swapped; a thrown-in deal
   counts 0-0): the new bidding's mean deal points minus the old's with a 95 % CI.

    .venv/bin/python benchmarks/bourloto_bidding_strength.py --deals 2000 --table-deals 1000

Runs in this process (the old bot is registered here); the figures are the same for the
same seeds on any machine.
"""

from __future__ import annotations

import argparse
import math
import time
from typing import Any

import trapoula
from trapoula.arena.run import ArenaSpec, run_arena
from trapoula.bots.base import BOTS
from trapoula.bots.bourloto_heuristic import BourlotoHeuristicBot


class OldBiddingBot(BourlotoHeuristicBot):
    """The heuristic bot with the bidding of before issue 15 (one threshold in round 2)."""

    name = "heuristic-oldbid"
    name_relax = 0.0
    last_name_threshold = math.inf  # min(threshold, inf): the plain name_threshold


def thrown_in_rate(cls: type[BourlotoHeuristicBot], deals: int, seed: int) -> float:
    game = trapoula.make("bourloto", "gr")
    bots = [cls(game, seed=seed * 4 + i) for i in range(4)]
    thrown = 0
    for d in range(deals):
        s: Any = game.new_deal(seed=seed * 1_000_003 + d)
        while not s.is_over:
            p = s.current_player
            s = s.apply(bots[int(p[1]) - 1].choose(s.view(p)))
        thrown += bool(s.result.get("thrown_in"))
    return thrown / deals


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--deals", type=int, default=1000, help="arena duplicate deals")
    ap.add_argument("--table-deals", type=int, default=400, help="deals per bot table")
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()
    BOTS[OldBiddingBot.name] = {"bourloto": f"{__name__}:OldBiddingBot"}
    for cls in (OldBiddingBot, BourlotoHeuristicBot):
        rate = thrown_in_rate(cls, args.table_deals, args.seed)
        print(f"{cls.name:>17}: thrown in at a table of four: {100 * rate:.1f} % "
              f"of {args.table_deals} deals")
    t0 = time.perf_counter()
    res = run_arena(ArenaSpec("bourloto", "gr", {}, ("heuristic", OldBiddingBot.name),
                              deals=args.deals, seed=args.seed))
    p = res["pairs"][0]
    d = p["deals"]
    print(f"arena gr, {args.deals} duplicate deals: {p['x']} {d['x']['mean']:.1f} vs "
          f"{p['y']} {d['y']['mean']:.1f} points per deal; difference "
          f"{d['diff']['mean']:+.2f} [{d['diff']['low']:+.2f}, {d['diff']['high']:+.2f}] "
          f"(95 % CI); thrown in: {res.get('thrown_in', 0)} playings; "
          f"{time.perf_counter() - t0:.0f} s")


if __name__ == "__main__":
    main()
