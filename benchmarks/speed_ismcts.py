"""ISMCTS iterations per second at the first lead of a Bourloto deal (pure Python).

The deals are fixed: ``trapoula.make("bourloto", PRESET).new_deal(seed=s)`` for s = 0..9,
trump taken by P1 (gr) or agreed by all (ru), the seats passing on the exchange and the
declarations; the search runs from P1's view at the first lead.  Prints iterations per
second of CPU time (median over the deals) for one fresh draw of the hidden hands per
iteration (``reuse 1``) and for the bots' setting (one draw per 4 iterations).

    .venv/bin/python benchmarks/speed_ismcts.py [--iterations 5000] [--preset gr]

Target (issue 6): at least 25,000 iterations/s at the first lead.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import trapoula
from trapoula.search.bourloto_ismcts import ismcts_visits


def first_lead(game: trapoula.core.Game, seed: int) -> trapoula.core.GameState:
    s = game.new_deal(seed=seed)
    first = "take" if game.options.bidding == "take_name" else "agree"  # type: ignore[attr-defined]
    while s.phase != "play" or s.current_player is None:
        acts = s.legal_actions()
        pick = next((a for a in acts if a.kind == first), None)
        s = s.apply(pick if pick is not None else acts[-1] if s.phase != "declare" else acts[0])
    return s


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--iterations", type=int, default=5000)
    ap.add_argument("--preset", default="gr", choices=("ru", "gr"))
    ap.add_argument("--deals", type=int, default=10)
    a = ap.parse_args(argv)
    game = trapoula.make("bourloto", a.preset)
    print(f"bourloto {a.preset} ISMCTS at the first lead, {a.iterations} iterations, "
          f"{a.deals} fixed deals")
    for reuse in (1, 4):
        rates = []
        for seed in range(a.deals):
            s = first_lead(game, seed)
            view = s.view(s.current_player)
            t = time.process_time()
            ismcts_visits(view, game.options, a.iterations, random.Random(seed), reuse=reuse)
            rates.append(a.iterations / max(time.process_time() - t, 1e-9))
        print(f"  one draw per {reuse} iteration{'s' if reuse > 1 else ''}: "
              f"median {statistics.median(rates):,.0f} iterations/s "
              f"(min {min(rates):,.0f}, max {max(rates):,.0f})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
