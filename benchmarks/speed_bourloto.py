"""Bourloto speed, side by side with OpenSpiel's hearts driven from Python.

Prints µs per card played and deals/s for: the public API (``legal_actions`` + ``apply``,
random choices), ``game.random_playouts`` (the fast path), and the heuristic bot, per preset;
and, in the same run, OpenSpiel hearts played at random through ``pyspiel`` (chance nodes,
passing and play, all from Python).  Each figure is the median of several rounds, in CPU time
(``time.process_time``), which other load on the machine disturbs much less than wall time.

    python benchmarks/speed_bourloto.py [--deals 2000] [--rounds 5]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

import trapoula
from trapoula.bots import make_bot


def bench_public(game: trapoula.core.Game, n: int, seed: int) -> tuple[float, int]:
    """Random deals through the public API (``legal_actions`` + ``apply``), one MT RNG."""
    rng = random.Random(seed)
    rand = rng.random
    cards = 0
    t = time.process_time()
    for _ in range(n):
        s = game.new_deal(rng=rng)  # type: ignore[call-arg]
        while not s.is_over:
            legal = s.legal_actions()
            s = s.apply(legal[int(rand() * len(legal))])
        if not (s.result or {}).get("thrown_in"):
            cards += 32
    return time.process_time() - t, cards


def bench_fast(game: trapoula.core.Game, n: int, seed: int) -> tuple[float, int]:
    t = time.process_time()
    results = game.random_playouts(n, seed=seed)
    dt = time.process_time() - t
    return dt, 32 * sum(1 for r in results if not r.get("thrown_in"))


def bench_heuristic(game: trapoula.core.Game, n: int, seed: int) -> tuple[float, int]:
    bots = [make_bot("heuristic", game, seed=seed + k) for k in range(4)]
    cards = 0
    t = time.process_time()
    for i in range(n):
        s = game.new_deal(seed=seed + i)
        while not s.is_over:
            seat = s.current_player
            assert seat is not None
            s = s.apply(bots[int(seat[1]) - 1].choose(s.view(seat)))
        if not (s.result or {}).get("thrown_in"):
            cards += 32
    return time.process_time() - t, cards


def bench_hearts(n: int, seed: int) -> tuple[float, int] | None:
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError:
        return None
    game = pyspiel.load_game("hearts")
    rng = random.Random(seed)
    t = time.process_time()
    for _ in range(n):
        s = game.new_initial_state()
        while not s.is_terminal():
            if s.is_chance_node():
                outcomes = s.chance_outcomes()
                s.apply_action(outcomes[int(rng.random() * len(outcomes))][0])
            else:
                legal = s.legal_actions()
                s.apply_action(legal[int(rng.random() * len(legal))])
    return time.process_time() - t, 52 * n


def median_rate(fn: Callable[[int], tuple[float, int] | None], rounds: int) -> tuple[float, float]:
    """Median µs per card and deals/s over rounds (fn gets the round number as seed)."""
    per_card, per_deal = [], []
    for r in range(rounds):
        out = fn(r)
        if out is None:
            return float("nan"), float("nan")
        dt, cards = out
        per_card.append(dt / max(cards, 1) * 1e6)
        per_deal.append(dt)
    return statistics.median(per_card), statistics.median(per_deal)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=2000)
    ap.add_argument("--rounds", type=int, default=5)
    args = ap.parse_args()
    n, rounds = args.deals, args.rounds
    hearts_us, hearts_dt = median_rate(lambda r: bench_hearts(n // 2, r), rounds)
    rows = []
    if hearts_us == hearts_us:
        rows.append(("OpenSpiel hearts (pyspiel, from Python)", hearts_us, (n // 2) / hearts_dt))
    for preset in ("ru", "gr"):
        g = trapoula.make("bourloto", preset)
        us, dt = median_rate(lambda r, g=g: bench_public(g, n, r), rounds)
        rows.append((f"bourloto {preset}: public API, random", us, n / dt))
        us, dt = median_rate(lambda r, g=g: bench_fast(g, n, r), rounds)
        rows.append((f"bourloto {preset}: random_playouts", us, n / dt))
        m = max(50, n // 20)
        us, dt = median_rate(lambda r, g=g, m=m: bench_heuristic(g, m, 1000 * r), 3)
        rows.append((f"bourloto {preset}: heuristic bots, public API", us, m / dt))
    print(f"{'path':48} {'us/card':>9} {'deals/s':>10} {'x hearts':>9}")
    for name, us, rate in rows:
        ratio = us / hearts_us if hearts_us == hearts_us else float("nan")
        print(f"{name:48} {us:9.2f} {rate:10.0f} {ratio:9.2f}")
    print("(us/card = time / cards played; thrown-in deals play no card but cost time)")


if __name__ == "__main__":
    main()
