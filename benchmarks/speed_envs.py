"""Per-step overhead of the PettingZoo environment over the engine's public API.

For every game and preset, whole random deals are played four ways; each time is CPU time
(``time.process_time``) divided by the number of **engine actions** made, so Burraco's meld
sub-decisions (several environment steps per engine action) are charged to the action
they build:

* ``engine``: ``state.legal_actions()`` + ``state.apply(action)``, the bare public API;
* ``engine+view``: the same plus ``state.view(seat)`` of the seat to act, i.e. a player's
  loop on the public API (a player decides from his view, which holds his legal actions);
* ``env.step``: ``env.step(i)`` with the legal integers of the deal (no observation);
* ``env``: ``env.last()`` (the acting agent's observation tensor and mask, built from his
  view) + ``env.step(i)``: a training loop.

Ratios: ``step/engine`` (``env.step`` against the bare engine step: the environment's own
per-step overhead), ``env/+view`` (a training step against a player's loop on the public
API: both build the acting seat's view once per decision, the environment adds the tensor,
the mask and the integer decoding) and ``env/engine``.  Each figure is the median of
interleaved rounds.

    .venv/bin/python benchmarks/speed_envs.py [--deals 200] [--rounds 5]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
import warnings
from collections.abc import Callable
from typing import Any

import trapoula

CONFIGS = [("bourloto", "ru", {}), ("bourloto", "gr", {}), ("bourre", "ru", {}),
           ("burraco", "seed", {}), ("burraco", "fibur", {})]
DEALS = {"bourloto": 1.0, "bourre": 1.0, "burraco": 0.15}


def engine(game: Any, seeds: list[int], with_view: bool) -> tuple[float, int]:
    rng = random.Random(1)
    actions = 0
    t = time.process_time()
    for seed in seeds:
        s = game.new_deal(seed=seed)
        while not s.is_over:
            if with_view:
                legal = s.view(s.current_player).legal_actions
            else:
                legal = s.legal_actions()
            s = s.apply(legal[int(rng.random() * len(legal))])
            actions += 1
    return time.process_time() - t, actions


def env_loop(env: Any, seeds: list[int], observe: bool) -> tuple[float, int]:
    rng = random.Random(1)
    actions = 0
    t = time.process_time()
    for seed in seeds:
        env.reset(seed=seed)
        while env.agents:
            agent = env.agent_selection
            if env.terminations[agent] or env.truncations[agent]:
                env.step(None)
                continue
            if observe:
                obs, _, _, _, _ = env.last()
                legal = obs["action_mask"].nonzero()[0]
            else:
                legal = env.play.legal_ints()
            env.step(int(legal[int(rng.random() * len(legal))]))
            actions += not env.play.pending
    return time.process_time() - t, actions


def measure(name: str, preset: str, options: dict[str, Any], deals: int, rounds: int
            ) -> dict[str, float]:
    from trapoula.envs.pettingzoo import env as make_env

    game = trapoula.make(name, preset, **options)
    env = make_env(name, preset, **options)
    seeds = list(range(deals))
    ways: dict[str, Callable[[], tuple[float, int]]] = {
        "engine": lambda: engine(game, seeds, False),
        "engine+view": lambda: engine(game, seeds, True),
        "env.step": lambda: env_loop(env, seeds, False),
        "env": lambda: env_loop(env, seeds, True),
    }
    for run in ways.values():  # warm the caches
        run()
    times: dict[str, list[float]] = {k: [] for k in ways}
    for _ in range(rounds):
        for k, run in ways.items():
            secs, n = run()
            times[k].append(secs / max(1, n))
    return {k: statistics.median(v) for k, v in times.items()}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=200, help="deals per round (Burraco: 15%%)")
    ap.add_argument("--rounds", type=int, default=5)
    args = ap.parse_args()
    warnings.simplefilter("ignore")
    print("CPU microseconds per engine action (median of rounds)")
    print(f"{'game':<16}{'engine':>8}{'+view':>8}{'env.step':>10}{'env':>8}"
          f"{'step/engine':>13}{'env/+view':>11}{'env/engine':>12}")
    worst_step = worst_env = 0.0
    for name, preset, options in CONFIGS:
        deals = max(10, int(args.deals * DEALS[name]))
        m = measure(name, preset, options, deals, args.rounds)
        us = {k: v * 1e6 for k, v in m.items()}
        step, env = m["env.step"] / m["engine"], m["env"] / m["engine+view"]
        worst_step, worst_env = max(worst_step, step), max(worst_env, env)
        print(f"{name + ' ' + preset:<16}{us['engine']:>8.1f}{us['engine+view']:>8.1f}"
              f"{us['env.step']:>10.1f}{us['env']:>8.1f}{step:>12.2f}x{env:>10.2f}x"
              f"{m['env'] / m['engine']:>11.2f}x")
    print(f"worst step/engine {worst_step:.2f}x, worst env/+view {worst_env:.2f}x "
          "(target <= 3x)")


if __name__ == "__main__":
    main()
