"""A trapoula search bot against OpenSpiel's IS-MCTS on trapoula's OpenSpiel game (Bourloto).

Duplicate deals: deal ``i``'s chance outcomes (the pack, dealt by the OpenSpiel game's chance
nodes from ``numpy.random.RandomState(seed + i)``) are played twice, our bot holding P1/P3 and
then P2/P4.  Our bot chooses from the engine view of its seat; its action goes to OpenSpiel
through the adapter's integer encoding.  IS-MCTS is ``open_spiel.python.algorithms.ismcts``
with random-rollout leaves and ``--simulations`` per move (pick it so both sides spend about
the same time per move: both times are printed).  OpenSpiel's C++ ``pyspiel.ISMCTSBot``
crashes (segmentation fault) on Python-defined games, so the Python IS-MCTS is the reference.

    .venv/bin/python benchmarks/openspiel_ismcts.py --bot hard --simulations 35 --deals 100
"""

from __future__ import annotations

import argparse
import math
import time
from typing import Any

import numpy as np
from open_spiel.python.algorithms import ismcts, mcts

from trapoula.bots import make_bot
from trapoula.envs.openspiel import load


def _deal(game: Any, rng: np.random.RandomState) -> tuple[Any, list[int]]:
    s = game.new_initial_state()
    chance = []
    while s.is_chance_node():
        a, p = zip(*s.chance_outcomes(), strict=True)
        c = int(rng.choice(a, p=p))
        chance.append(c)
        s.apply_action(c)
    return s, chance


def play(game: Any, chance: list[int], ours: set[int], bot: Any, is_bot: Any,
         clock: dict[str, list[float]]) -> dict[str, int]:
    s = game.new_initial_state()
    for c in chance:
        s.apply_action(c)
    while not s.is_terminal():
        if s.is_chance_node():  # (ru re-turned upcards) from the recorded outcomes' stream
            a, p = zip(*s.chance_outcomes(), strict=True)
            s.apply_action(int(a[int(np.argmax(p))]))
            continue
        p = s.current_player()
        t = time.process_time()
        if p in ours:
            seat = f"P{p + 1}"
            view = s.engine.view(seat)
            ints = s.adapter.encode(bot.choose(view), view)
            clock["ours"].append(time.process_time() - t)
            for i in ints:
                s.apply_action(int(i))
        else:
            a = is_bot.step(s)
            clock["ismcts"].append(time.process_time() - t)
            s.apply_action(int(a))
    res = s.engine.result or {}
    if res.get("thrown_in"):
        return {"A": 0, "B": 0}
    return dict(res["scores"])


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--preset", default="gr", choices=("ru", "gr"))
    ap.add_argument("--bot", default="hard")
    ap.add_argument("--simulations", type=int, default=35)
    ap.add_argument("--deals", type=int, default=50)
    ap.add_argument("--seed", type=int, default=2026)
    a = ap.parse_args(argv)
    game = load("bourloto", a.preset)
    engine_game = game.new_initial_state().adapter.game
    diffs = []
    clock: dict[str, list[float]] = {"ours": [], "ismcts": []}
    for i in range(a.deals):
        _, chance = _deal(game, np.random.RandomState(a.seed + i))
        total = 0.0
        for ours_team in "AB":
            ours = {0, 2} if ours_team == "A" else {1, 3}
            bot = make_bot(a.bot, engine_game, seed=a.seed + i)
            ev = mcts.RandomRolloutEvaluator(1, np.random.RandomState(a.seed + i))
            is_bot = ismcts.ISMCTSBot(game, ev, 2.0, a.simulations,
                                      random_state=np.random.RandomState(a.seed + 7 * i))
            sc = play(game, chance, ours, bot, is_bot, clock)
            other = "B" if ours_team == "A" else "A"
            total += sc[ours_team] - sc[other]
        diffs.append(total / 2)
    n = len(diffs)
    m = sum(diffs) / n
    hw = 1.96 * math.sqrt(sum((d - m) ** 2 for d in diffs) / max(n - 1, 1) / n)
    ms = {k: 1000 * sum(v) / max(len(v), 1) for k, v in clock.items()}
    print(f"bourloto {a.preset}: {a.bot} - OpenSpiel IS-MCTS ({a.simulations} simulations): "
          f"{m:+.2f} [{m - hw:+.2f}, {m + hw:+.2f}] points per deal over {n} duplicate deals; "
          f"CPU ms per move: {a.bot} {ms['ours']:.1f}, IS-MCTS {ms['ismcts']:.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
