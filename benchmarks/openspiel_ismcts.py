"""A trapoula bot against OpenSpiel's IS-MCTS on trapoula's OpenSpiel game (Bourloto), at
equal CPU time per move.

Duplicate deals: deal ``i``'s chance outcomes (the pack, dealt by the OpenSpiel game's chance
nodes from ``numpy.random.RandomState(seed + i)``) are played twice, our bot holding P1/P3 and
then P2/P4.  Our bot chooses from the engine view of its seat; its action goes to OpenSpiel
through the adapter's integer encoding.

The opponent is OpenSpiel's C++ ``pyspiel.ISMCTSBot`` (random-rollout leaves, a new world per
simulation from the state's ``resample_from_infostate``) through
:mod:`trapoula.envs.openspiel_cpp`, which supplies the two hooks pyspiel lacks for Python
games (``--impl python``: OpenSpiel's Python ``open_spiel.python.algorithms.ismcts``).
Equal time: unless ``--simulations`` is given, ``--calibrate`` deals (other seeds, not
counted) measure both sides' CPU time per deal and IS-MCTS gets the simulation count that
spends what our bot spends (one correction round); the figures of the counted deals are
printed (CPU ms per move of each side, and per deal).

    .venv/bin/python benchmarks/openspiel_ismcts.py --preset gr --bot hard --deals 300
"""

from __future__ import annotations

import argparse
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import numpy as np

from trapoula.bots import make_bot
from trapoula.core.evaluate import mean_ci
from trapoula.envs.openspiel import load


def _deal(game: Any, rng: np.random.RandomState) -> list[int]:
    s = game.new_initial_state()
    chance = []
    while s.is_chance_node():
        a, p = zip(*s.chance_outcomes(), strict=True)
        c = int(rng.choice(a, p=p))
        chance.append(c)
        s.apply_action(c)
    return chance


def _ismcts(game: Any, impl: str, sims: int, uct_c: float, seed: int) -> Any:
    if impl == "cpp":
        from trapoula.envs.openspiel_cpp import CppISMCTSBot

        return CppISMCTSBot(game, simulations=sims, seed=seed, uct_c=uct_c)
    from open_spiel.python.algorithms import ismcts, mcts

    ev = mcts.RandomRolloutEvaluator(1, np.random.RandomState(seed))
    return ismcts.ISMCTSBot(game, ev, uct_c, sims, random_state=np.random.RandomState(seed))


def play(game: Any, chance: list[int], ours: set[int], bot: Any, is_bot: Any,
         clock: dict[str, list[float]]) -> dict[str, int]:
    """One deal; appends each side's CPU seconds per move to ``clock``."""
    s = game.new_initial_state()
    for c in chance:
        s.apply_action(c)
    while not s.is_terminal():
        if s.is_chance_node():  # not reached: the deal's chance nodes all come first
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
    pay = s.engine.returns()  # a team's points, 0 when thrown in
    return {"A": int(pay["P1"]), "B": int(pay["P2"])}


def run(args: tuple[str, str, str, int, float, int, list[int]]
        ) -> tuple[list[float], dict[str, list[float]]]:
    """Deal pairs ``seeds``: (ours - IS-MCTS) per deal, and the CPU clock of each side."""
    preset, bot_name, impl, sims, uct_c, seed, seeds = args
    game = load("bourloto", preset)
    engine_game = game.new_initial_state().adapter.game
    diffs = []
    clock: dict[str, list[float]] = {"ours": [], "ismcts": []}
    for i in seeds:
        chance = _deal(game, np.random.RandomState(seed + i))
        total = 0.0
        for ours_team in "AB":
            ours = {0, 2} if ours_team == "A" else {1, 3}
            bot = make_bot(bot_name, engine_game, seed=seed + i)
            is_bot = _ismcts(game, impl, sims, uct_c, seed + 7 * i + (ours_team == "B"))
            sc = play(game, chance, ours, bot, is_bot, clock)
            other = "B" if ours_team == "A" else "A"
            total += sc[ours_team] - sc[other]
        diffs.append(total / 2)
    return diffs, clock


def _pool_run(workers: int, a: argparse.Namespace, sims: int, seeds: list[int]
              ) -> tuple[list[float], dict[str, list[float]]]:
    chunks = [seeds[k::workers] for k in range(workers)]
    jobs = [(a.preset, a.bot, a.impl, sims, a.uct_c, a.seed, c) for c in chunks if c]
    diffs: list[float] = []
    clock: dict[str, list[float]] = {"ours": [], "ismcts": []}
    if workers == 1:
        results = [run(j) for j in jobs]
    else:
        with ProcessPoolExecutor(workers) as ex:
            results = list(ex.map(run, jobs))
    for d, c in results:
        diffs += d
        for k in clock:
            clock[k] += c[k]
    return diffs, clock


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--preset", default="gr", choices=("ru", "gr"))
    ap.add_argument("--bot", default="hard")
    ap.add_argument("--impl", default="cpp", choices=("cpp", "python"))
    ap.add_argument("--simulations", type=int, default=None,
                    help="IS-MCTS simulations per move (default: calibrated to equal time)")
    ap.add_argument("--calibrate", type=int, default=6, help="deal pairs for the calibration")
    ap.add_argument("--uct-c", type=float, default=50.0,
                    help="exploration; returns are points, so OpenSpiel's usual 2 barely explores")
    ap.add_argument("--deals", type=int, default=50)
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--seed", type=int, default=2026)
    a = ap.parse_args(argv)
    sims = a.simulations
    if sims is None:  # equal CPU time per deal (so per move): two rounds of calibration
        sims = 20
        cal = list(range(10**6, 10**6 + a.calibrate))
        for _ in range(2):
            _, clock = _pool_run(a.workers, a, sims, cal)
            sims = max(1, round(sims * sum(clock["ours"]) / max(sum(clock["ismcts"]), 1e-9)))
    diffs, clock = _pool_run(a.workers, a, sims, list(range(a.deals)))
    n = len(diffs)
    ci = mean_ci(diffs)
    m, hw = ci.mean, ci.half_width
    ms = {k: 1000 * sum(v) / max(len(v), 1) for k, v in clock.items()}
    per_deal = {k: sum(v) / (2 * n) for k, v in clock.items()}
    name = "C++ ISMCTSBot" if a.impl == "cpp" else "Python IS-MCTS"
    print(f"bourloto {a.preset}: {a.bot} - OpenSpiel {name} ({sims} simulations, uct_c "
          f"{a.uct_c:g}): {m:+.2f} [{m - hw:+.2f}, {m + hw:+.2f}] points per deal over {n} "
          f"duplicate deals; CPU ms per move: {a.bot} {ms['ours']:.1f}, IS-MCTS "
          f"{ms['ismcts']:.1f}; CPU s per deal: {a.bot} {per_deal['ours']:.2f}, IS-MCTS "
          f"{per_deal['ismcts']:.2f}")
    ratio = per_deal["ismcts"] / max(per_deal["ours"], 1e-9)
    if abs(ratio - 1.0) > 0.1:
        print(f"warning: IS-MCTS spent {ratio:.2f}x our CPU time per deal; for equal time "
              f"rerun with --simulations {max(1, round(sims / ratio))}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
