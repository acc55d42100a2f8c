"""The two hint guards of issue 15, measured with the arena against the bots before them:

* Bourré: the heuristic folds a weak hand (expected tricks < ``big_pot_tricks``) in a big pot
  (``big_pot`` antes or more) instead of drawing into it;
* Burraco: a discard that the opponents can add to their melds at once costs 100 instead of
  40 (more than any pair and neighbours the card has in hand).

    .venv/bin/python benchmarks/hint_guard_strength.py --deals 600

Each line: the arena's mean chips (Bourré) or points (Burraco) per deal of the new bot minus
the old one's, with the 95 % CI.  A single Bourré deal never has a big pot (only antes), so
Bourré is also measured over whole sessions, where an unwon pot carries and grows.
"""

from __future__ import annotations

import argparse
import math
import time

from trapoula.arena.run import ArenaSpec, run_arena
from trapoula.bots import burraco_heuristic
from trapoula.bots.base import BOTS
from trapoula.bots.bourre_heuristic import BourreHeuristicBot
from trapoula.bots.burraco_heuristic import BurracoHeuristicBot
from trapoula.core.evaluate import mean_ci


class OldBourreBot(BourreHeuristicBot):
    name = "heuristic-old"
    big_pot = math.inf


class OldBurracoBot(BurracoHeuristicBot):
    name = "heuristic-old"

    def _discard(self, *args, **kwargs):  # type: ignore[no-untyped-def]
        new = burraco_heuristic.FEEDS_OPPONENT
        burraco_heuristic.FEEDS_OPPONENT = 40.0
        try:
            return super()._discard(*args, **kwargs)
        finally:
            burraco_heuristic.FEEDS_OPPONENT = new


def bourre_sessions(sessions: int, seed: int, deals: int = 40) -> tuple[float, float, int]:
    """Sessions of four (new, old, new, old), each played twice with the seats swapped:
    the new bots' mean chips per session minus the old bots', a 95 % half-width, and how
    many decisions the guard changed (a deal's pot carries over, so pots do grow here)."""

    import trapoula
    from trapoula.core.game import derive_seed

    game = trapoula.make("bourre", players=4, max_deals=deals)
    diffs = []
    changed = 0
    for k in range(sessions):
        total = 0.0
        for swap in (0, 1):
            kinds = [BourreHeuristicBot, OldBourreBot] * 2
            if swap:
                kinds = kinds[1:] + kinds[:1]
            bots = {f"P{i + 1}": kinds[i](game, seed=derive_seed(seed, k, i)) for i in range(4)}
            s = game.new_match(seed=derive_seed(seed, "session", k))
            while not s.is_over:
                p = s.current_player
                view = s.view(p)
                a = bots[p].choose(view)
                if view.phase == "decide" and isinstance(bots[p], BourreHeuristicBot):
                    other = (OldBourreBot if type(bots[p]) is BourreHeuristicBot
                             else BourreHeuristicBot)(game, seed=0)
                    changed += other.choose(view) != a
                s = s.apply(a)
            stacks = s.result["stacks"]
            new = sum(v for q, v in stacks.items() if type(bots[q]) is BourreHeuristicBot)
            old = sum(v for q, v in stacks.items() if type(bots[q]) is OldBourreBot)
            total += (new - old) / 2
        diffs.append(total / 2)
    c = mean_ci(diffs)
    return c.mean, c.half_width, changed


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--deals", type=int, default=400)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--games", default="bourre,burraco")
    ap.add_argument("--sessions", type=int, default=100, help="Bourré sessions (40 deals)")
    args = ap.parse_args()
    BOTS["heuristic-old"] = {"bourre": f"{__name__}:OldBourreBot",
                             "burraco": f"{__name__}:OldBurracoBot"}
    if "bourre" in args.games:
        t0 = time.perf_counter()
        mean, half, changed = bourre_sessions(args.sessions, args.seed)
        print(f"bourre sessions: new - old {mean:+.2f} ± {half:.2f} chips per player and "
              f"session (95 % CI), {args.sessions} sessions of 40 deals, twice; the guard "
              f"changed {changed} decisions; {time.perf_counter() - t0:.0f} s", flush=True)
    for game in args.games.split(","):
        t0 = time.perf_counter()
        res = run_arena(ArenaSpec(game, None, {}, ("heuristic", "heuristic-old"),
                                  deals=args.deals, seed=args.seed))
        d = res["pairs"][0]["deals"]["diff"]
        print(f"{game}: new - old {d['mean']:+.2f} [{d['low']:+.2f}, {d['high']:+.2f}] "
              f"{res['unit']} per deal (95 % CI), {args.deals} duplicate deals, "
              f"{time.perf_counter() - t0:.0f} s", flush=True)


if __name__ == "__main__":
    main()
