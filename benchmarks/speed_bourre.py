"""Bourré speed, side by side with OpenSpiel's euchre driven from Python.

In one run, interleaved round by round, the cost of one uniformly random deal:

- OpenSpiel ``euchre`` through ``pyspiel`` (chance nodes from ``chance_outcomes()``, decisions
  from ``legal_actions()`` / ``apply_action``, every choice from a Python ``random.Random``);
- Bourré with 2, 4, 6 and 7 players through the public API (``s = game.new_deal(rng=rng)``,
  then ``legal = s.legal_actions(); s = s.apply(legal[int(rng.random() * len(legal))])``
  until ``s.is_over``);
- Bourré through ``game.random_playouts`` (the fast path: the same deals, checked equal).

Prints µs per deal, µs per card played, deals/s and the ratio to euchre (per deal), each the
median of the rounds.  Times are CPU time of this process (``time.process_time``), so load
elsewhere on the machine skews the figures less; the ratios are what to compare.

    .venv/bin/python benchmarks/speed_bourre.py [--deals 2000] [--rounds 5] [--players 2 4 6 7]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

import trapoula
from trapoula.games.bourre import Bourre
from trapoula.games.bourre.fast import public_playouts, random_playouts

Timing = tuple[float, int]  # (seconds, cards played)


def bench_euchre(n: int, seed: int) -> Timing | None:
    """``n`` random euchre deals through pyspiel, or None without OpenSpiel."""
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError:
        return None
    game = pyspiel.load_game("euchre")
    rng = random.Random(seed)
    rand = rng.random
    cards = 0
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
        cards += s.num_cards_played()
    return time.process_time() - t, cards


def bench_public(game: Bourre, n: int, seed: int) -> Timing:
    """``n`` random Bourré deals through the public API (one Mersenne Twister for all)."""
    rng = random.Random(seed)
    rand = rng.random
    cards = 0
    t = time.process_time()
    for _ in range(n):
        s = game.new_deal(rng=rng)
        while not s.is_over:
            legal = s.legal_actions()
            s = s.apply(legal[int(rand() * len(legal))])
        cards += s.played.bit_count()
    return time.process_time() - t, cards


def cards_played(game: Bourre, n: int, seed: int) -> int:
    """Cards played in the ``n`` random deals of ``seed`` (counted on the public path)."""
    return bench_public(game, n, seed)[1]


def bench_fast(game: Bourre, n: int, seed: int, cards: int) -> Timing:
    """The same ``n`` deals through ``random_playouts`` (``cards`` counted beforehand)."""
    t = time.process_time()
    random_playouts(game, n, seed)
    return time.process_time() - t, cards


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", type=int, nargs="+", default=[2, 4, 6, 7])
    ap.add_argument("--deals", type=int, default=2000)
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    n = args.deals
    games: dict[int, Bourre] = {}
    for p in args.players:
        g = trapoula.make("bourre", players=p)
        assert isinstance(g, Bourre)
        games[p] = g
        # the fast path plays the very deals of the public path; warm the action tables
        check = max(50, n // 10)
        assert random_playouts(g, check, args.seed) == public_playouts(g, check, args.seed), (
            f"{p} players: random_playouts disagrees with the public path"
        )
        bench_public(g, n, args.seed)

    jobs: list[tuple[str, Callable[[int], Timing | None]]] = [
        ("OpenSpiel euchre (pyspiel, from Python)", lambda s: bench_euchre(n, s)),
    ]
    for p, g in games.items():
        jobs.append((f"bourre {p}p: public API", lambda s, g=g: bench_public(g, n, s)))
        jobs.append((
            f"bourre {p}p: random_playouts",
            lambda s, g=g: bench_fast(g, n, s, cards_played(g, n, s)),
        ))
    per_deal: dict[str, list[float]] = {name: [] for name, _ in jobs}
    per_card: dict[str, list[float]] = {name: [] for name, _ in jobs}
    for r in range(args.rounds):  # interleaved: every path once per round
        seed = args.seed + 1000 * r
        for name, fn in jobs:
            out = fn(seed)
            if out is None:
                continue
            dt, cards = out
            per_deal[name].append(1e6 * dt / n)
            per_card[name].append(1e6 * dt / max(cards, 1))

    ref_name = jobs[0][0]
    ref = statistics.median(per_deal[ref_name]) if per_deal[ref_name] else float("nan")
    print(f"{n} random deals per path and round, median of {args.rounds} interleaved rounds")
    print(f"{'path':42} {'us/deal':>9} {'us/card':>8} {'deals/s':>9} {'x euchre':>9}")
    for name, _ in jobs:
        if not per_deal[name]:
            print(f"{name:42} (pyspiel not installed)")
            continue
        us = statistics.median(per_deal[name])
        uc = statistics.median(per_card[name])
        print(f"{name:42} {us:9.1f} {uc:8.2f} {1e6 / us:9.0f} {us / ref:9.2f}")
    print("(us/card = time / cards played; deals where all but one fold play no card)")


if __name__ == "__main__":
    main()
