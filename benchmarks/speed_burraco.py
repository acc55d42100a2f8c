"""Burraco random-deal speed: the public path (``state.apply``) and the fast path.

Both paths play the same uniformly random deals (deal ``i`` is ``new_deal(seed=
derive_seed(seed, i))``, choices ``legal[int(rng.random() * len(legal))]``); the script checks
that their results agree and prints hands/s and µs per decision (legal-action generation +
apply), in CPU time of this process so that other load on the machine does not skew them.

    .venv/bin/python benchmarks/speed_burraco.py --deals 300
"""

from __future__ import annotations

import argparse
import random
import time
from typing import Any

import trapoula
from trapoula.core.game import derive_seed
from trapoula.games.burraco import Burraco
from trapoula.games.burraco.fast import playout
from trapoula.games.burraco.turn import Table


def public_playouts(game: Burraco, n: int, seed: int) -> tuple[list[dict[str, Any]], int]:
    out = []
    decisions = 0
    for i in range(n):
        s = game.new_deal(seed=derive_seed(seed, i))
        rng = random.Random(derive_seed(seed, i, "policy"))
        while not s.is_over:
            legal = s.legal_actions()
            s = s.apply(legal[int(rng.random() * len(legal))])
            decisions += 1
        out.append(s.result or {})
    return out, decisions


def fast_playouts(game: Burraco, n: int, seed: int) -> tuple[list[dict[str, Any]], int]:
    out = []
    decisions = 0
    for i in range(n):
        table = object.__new__(Table)
        game.new_deal(seed=derive_seed(seed, i))._copy_table(table)
        d, _ = playout(table, random.Random(derive_seed(seed, i, "policy")))
        decisions += d
        out.append({"scores": table.team_scores()})
    return out, decisions


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=300)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--preset", default="seed")
    args = ap.parse_args()
    game = trapoula.make("burraco", args.preset)
    assert isinstance(game, Burraco)
    t0 = time.process_time()
    slow, dec = public_playouts(game, args.deals, args.seed)
    t1 = time.process_time()
    fast, dec2 = fast_playouts(game, args.deals, args.seed)
    t2 = time.process_time()
    assert slow == fast and dec == dec2, "the fast path disagrees with the public path"
    per_hand = dec / args.deals
    print(f"burraco {args.preset}: {args.deals} random hands, {per_hand:.0f} decisions/hand")
    for name, dt in (("public", t1 - t0), ("fast", t2 - t1)):
        print(f"  {name:6s} {args.deals / dt:8.1f} hands/s  {dt / dec * 1e6:7.1f} µs/decision")


if __name__ == "__main__":
    main()
