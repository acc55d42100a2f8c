"""What a card player gains over the heuristic's card, per card decision, in double-dummy
points on the actual deal (docs/history/learned-runs.md, "double-dummy card targets").

Heuristic `gr` deals (seed ``--seed``, never the training generator's); at each card decision
with more than one legal card from ``--from-trick`` tricks done on, every legal card is valued
double dummy on the actual deal (the team's card points from the position on) and each player's
card is compared with the heuristic's: the oracle (the best card on the actual deal: the value
of seeing the hidden cards, not reachable), PIMC (``pimc_values``, the mean over ``--worlds``
deals sampled from the view as ``hard`` samples them, no node limit) and, with ``--weights``, a
weights file's card network, always and at ``improve`` margins.  An unbiased check of the card
values: the actual deal is a draw of the hidden cards given the view.

    .venv/bin/python benchmarks/card_gain_dd.py --deals 60 --worlds 32
    .venv/bin/python benchmarks/card_gain_dd.py --deals 200 --worlds 0 --weights card.npz
"""

from __future__ import annotations

import argparse
import random
import sys
import time

import numpy as np

import trapoula
from trapoula.bots.bourloto_heuristic import BourlotoHeuristicBot
from trapoula.bots.bourloto_pimc import pimc_values
from trapoula.learned.bourloto import LearnedBourlotoBot, load_qnet
from trapoula.search.bourloto_dd import BourlotoSolver, position_from_state
from trapoula.train.dd_targets import legal_cards


def _mean(xs: list[float]) -> str:
    if not xs:
        return "—"
    a = np.asarray(xs, float)
    return f"{a.mean():+.3f} ± {1.96 * a.std(ddof=1) / np.sqrt(len(a)):.3f}"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--deals", type=int, default=60)
    ap.add_argument("--seed", type=int, default=10_000)
    ap.add_argument("--worlds", type=int, default=32, help="PIMC's worlds (0: no PIMC)")
    ap.add_argument("--from-trick", type=int, default=2, help="tricks done, at least")
    ap.add_argument("--weights", default=None, help="a weights file with a card network")
    ap.add_argument("--margins", default="0,2,4,8", help="improve margins (card points)")
    a = ap.parse_args(argv)
    g = trapoula.make("bourloto", "gr")
    heur = BourlotoHeuristicBot(g, seed=0)
    solver = BourlotoSolver.for_game(g, max_entries=400_000)
    psolver = BourlotoSolver.for_game(g, max_entries=400_000)
    rng = random.Random(a.seed)
    margins = [float(m) for m in a.margins.split(",") if m]
    bots = {}
    if a.weights:
        net = load_qnet(a.weights)
        bots = {f"network m{m:g}": LearnedBourlotoBot(g, weights=net, bidding="heuristic",
                                                      play="improve", margin=(0.0, m))
                for m in margins}
    gains: dict[str, list[float]] = {"oracle": [], **{k: [] for k in bots}}
    if a.worlds:
        gains[f"pimc {a.worlds} worlds"] = []
    t0 = time.process_time()
    for d in range(a.deals):
        s = g.new_deal(seed=a.seed + d)
        while not s.is_over:
            v = s.view(s.current_player)
            cards = legal_cards(v) if s.phase == "play" else []
            if len(cards) > 1 and s.tricks_done >= a.from_trick:
                dd = {c.index: x for c, x in solver.move_values(position_from_state(s)).items()
                      if c.index in cards}
                h = heur.choose(v)
                base = dd[h.cards[0].index]
                gains["oracle"].append(max(dd.values()) - base)
                if a.worlds:
                    pv, _ = pimc_values(v, g.options, a.worlds, rng, psolver)
                    psolver.clear()
                    pv = {c: x for c, x in pv.items() if c in dd}
                    best = max(sorted(pv), key=pv.__getitem__)
                    gains[f"pimc {a.worlds} worlds"].append(dd[best] - base)
                for name, bot in bots.items():
                    gains[name].append(dd[bot.choose(v).cards[0].index] - base)
            s = s.apply(heur.choose(v))
        solver.clear()
    print(f"{a.deals} deals (seed {a.seed}), {len(gains['oracle'])} card decisions from "
          f"{a.from_trick} tricks done on, {time.process_time() - t0:.0f} s CPU; "
          "gain over the heuristic's card, DD card points a decision (95 % CI):")
    for name, xs in gains.items():
        print(f"  {name:22} {_mean(xs)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
