"""Bourré random-deal speed: the public path (``state.apply``) and the fast path.

Both paths play the same random deals (``trapoula.games.bourre.fast``); the script checks
that their results agree and prints deals/s and µs per card played (CPU time of this
process, so that other load on the machine does not skew the figures).

    .venv/bin/python benchmarks/bourre_speed.py --deals 2000
"""

from __future__ import annotations

import argparse
import random
import time

import trapoula
from trapoula.games.bourre import Bourre
from trapoula.games.bourre.fast import public_playouts, random_playouts


def cards_played(game: Bourre, n: int, seed: int) -> int:
    """Cards played in the ``n`` random deals (counted on the public path)."""
    rng = random.Random(seed)
    total = 0
    for _ in range(n):
        s = game.new_deal(rng=rng)
        while not s.is_over:
            legal = s.legal_actions()
            a = legal[int(rng.random() * len(legal))]
            total += a.kind == "play"
            s = s.apply(a)
    return total


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", type=int, nargs="+", default=[2, 4, 7])
    ap.add_argument("--deals", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    for n in args.players:
        game = trapoula.make("bourre", players=n)
        assert isinstance(game, Bourre)
        cards = cards_played(game, args.deals, args.seed)
        t0 = time.process_time()
        slow = public_playouts(game, args.deals, args.seed)
        t1 = time.process_time()
        fast = random_playouts(game, args.deals, args.seed)
        t2 = time.process_time()
        assert slow == fast, "the fast path disagrees with the public path"
        pub, fst = t1 - t0, t2 - t1
        print(
            f"{n} players: public {args.deals / pub:8.0f} deals/s {1e6 * pub / cards:6.1f} µs/card"
            f" | fast {args.deals / fst:8.0f} deals/s {1e6 * fst / cards:6.2f} µs/card"
            f" | {cards / args.deals:.1f} cards/deal"
        )


if __name__ == "__main__":
    main()
