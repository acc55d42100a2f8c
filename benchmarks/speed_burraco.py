"""Burraco speed, side by side with OpenSpiel's gin_rummy driven from Python.

The judged figure is the cost of one random decision *with legal-action generation*:

* **OpenSpiel gin_rummy** through ``pyspiel``: chance nodes are resolved from
  ``chance_outcomes()``, decisions by ``legal_actions()`` + ``apply_action``, every pick by a
  Python ``random.Random``;
* **Burraco** through the public API: ``game.new_deal(seed)``, then ``legal_actions()`` +
  ``apply`` with the same kind of picks (``legal[int(rng.random() * len(legal))]``).

Both times cover whole games (dealing included) and are divided by the number of player
decisions (gin's chance nodes are not counted as decisions).  Each figure is the median of
several interleaved rounds of CPU time of this process (``time.process_time``), so other load
on the machine skews them less; the first Burraco round of the process is also shown on its
own ("cold": the legal-move caches start empty).  The script then times
``game.random_playouts`` (the fast path) and checks on a sample that it gives the public
path's results.

    .venv/bin/python benchmarks/speed_burraco.py [--hands 300] [--rounds 5] [--players 4]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

import trapoula
from trapoula.core.game import derive_seed
from trapoula.games.burraco import Burraco


def bench_gin(n: int, seed: int) -> tuple[float, int] | None:
    """``n`` random gin_rummy games through pyspiel: (CPU seconds, player decisions)."""
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError:
        return None
    game = pyspiel.load_game("gin_rummy")
    rng = random.Random(seed)
    rand = rng.random
    decisions = 0
    t = time.process_time()
    for _ in range(n):
        s = game.new_initial_state()
        while not s.is_terminal():
            if s.is_chance_node():
                outcomes = s.chance_outcomes()
                s.apply_action(outcomes[int(rand() * len(outcomes))][0])
            else:
                legal = s.legal_actions()
                s.apply_action(legal[int(rand() * len(legal))])
                decisions += 1
    return time.process_time() - t, decisions


def public_hands(game: Burraco, n: int, seed: int) -> tuple[list[dict[str, Any]], int]:
    """``n`` random hands through the public API (results, decisions); hand ``i`` is
    ``new_deal(seed=derive_seed(seed, i))`` with ``random.Random(derive_seed(seed, i,
    "policy"))`` picks, the contract of ``random_playouts``."""
    out = []
    decisions = 0
    for i in range(n):
        s = game.new_deal(seed=derive_seed(seed, i))
        rand = random.Random(derive_seed(seed, i, "policy")).random
        while not s.is_over:
            legal = s.legal_actions()
            s = s.apply(legal[int(rand() * len(legal))])
            decisions += 1
        out.append(s.result or {})
    return out, decisions


def bench_public(game: Burraco, n: int, seed: int) -> tuple[float, int]:
    t = time.process_time()
    _, decisions = public_hands(game, n, seed)
    return time.process_time() - t, decisions


def bench_fast(game: Burraco, n: int, seed: int) -> tuple[float, int]:
    from trapoula.games.burraco.fast import playout
    from trapoula.games.burraco.turn import Table

    decisions = 0
    t = time.process_time()
    for i in range(n):
        table = Table.__new__(Table)
        game.new_deal(seed=derive_seed(seed, i))._copy_table(table)
        d, _ = playout(table, random.Random(derive_seed(seed, i, "policy")))
        decisions += d
        table.team_scores()
    return time.process_time() - t, decisions


def median_us(fn: Callable[[int], tuple[float, int] | None], rounds: int,
              seed0: int) -> tuple[float, float, int]:
    """Median µs per decision, median seconds per round, decisions in the last round."""
    per_dec, per_round = [], []
    decisions = 0
    for r in range(rounds):
        out = fn(seed0 + r)
        if out is None:
            return float("nan"), float("nan"), 0
        dt, decisions = out
        per_dec.append(dt / max(decisions, 1) * 1e6)
        per_round.append(dt)
    return statistics.median(per_dec), statistics.median(per_round), decisions


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=300, help="Burraco hands per round")
    ap.add_argument("--games", type=int, default=300, help="gin_rummy games per round")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--preset", default="seed")
    ap.add_argument("--players", type=int, nargs="*", default=[4, 2, 3])
    args = ap.parse_args()
    games = {n: trapoula.make("burraco", args.preset, players=n) for n in args.players}
    for g in games.values():
        assert isinstance(g, Burraco)
    first = games[args.players[0]]
    dt, dec = bench_public(first, args.hands, 10_000)  # type: ignore[arg-type]
    cold = dt / dec * 1e6
    rows: list[tuple[str, float, float]] = []
    gin_us, gin_dt, gin_dec = median_us(lambda r: bench_gin(args.games, r), args.rounds, 0)
    if gin_us == gin_us:
        rows.append(("OpenSpiel gin_rummy (pyspiel, from Python)", gin_us,
                     args.games / gin_dt))
    for n, g in games.items():
        us, per, dec = median_us(lambda r, g=g: bench_public(g, args.hands, r),
                                 args.rounds, 100)
        rows.append((f"burraco {args.preset} {n}p: public API, random", us, args.hands / per))
        us, per, _ = median_us(lambda r, g=g: bench_fast(g, args.hands, r), args.rounds, 200)
        rows.append((f"burraco {args.preset} {n}p: random_playouts path", us, args.hands / per))
    # the fast path gives the public path's results
    for n, g in games.items():
        slow, _ = public_hands(g, 30, 7)  # type: ignore[arg-type]
        assert g.random_playouts(30, seed=7) == slow, f"{n}p: fast path disagrees"
    print(f"{'path':48} {'us/decision':>11} {'games/s':>9} {'x gin':>7}")
    for name, us, rate in rows:
        ratio = us / gin_us if gin_us == gin_us else float("nan")
        print(f"{name:48} {us:11.2f} {rate:9.1f} {ratio:7.2f}")
    print(f"(first {args.hands} Burraco hands of the process, cold caches: {cold:.2f} us/decision"
          f"{'' if gin_us != gin_us else f', x gin {cold / gin_us:.2f}'})")
    print("us/decision = CPU time of whole games (deal included) / player decisions; "
          "medians of interleaved rounds; gin_rummy chance nodes are not decisions.")


if __name__ == "__main__":
    main()
