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

A second table times the acting seat's observation tensor alone per step (``Play`` with
random integers, per engine action: a Burraco meld's sub-decisions are charged to it):
before = the seat's view plus the adapter's tensor of it, now = ``Play.observe``
(Bourloto: the rows kept up to date move by move, see ``trapoula/envs/bourloto_fast.py``;
Bourré: read from the state, ``bourre_fast.py``; Burraco: each seat's row brought up to
date from the state when asked, ``burraco_fast.py``), each as a multiple of the bare step.

Ratios: ``step/engine`` (``env.step`` against the bare engine step: the environment's own
per-step overhead), ``env/+view`` (a training step against a player's loop on the public
API: both build the acting seat's view once per decision, the environment adds the tensor,
the mask and the integer decoding) and ``env/engine``.  Each figure is the median of
interleaved rounds.

    .venv/bin/python benchmarks/speed_envs.py [--deals 200] [--rounds 5] [--tensors]
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


def tensor_loop(ad: Any, seeds: list[int], way: str) -> tuple[float, int]:
    """Random deals on ``Play``: ``way`` = "engine" (the step alone), "view+tensor" (plus the
    acting seat's view and the adapter's tensor of it, as before this change) or "tensor"
    (plus ``Play.observe`` of the acting seat: the rows kept up to date / read from the
    state)."""
    from trapoula.envs.base import Play

    rng = random.Random(1)
    actions = 0
    t = time.process_time()
    for seed in seeds:
        play = Play(ad, ad.game.new_deal(seed=seed), rows=way == "tensor")
        while not play.over:
            seat = play.seat
            assert seat is not None
            if way == "tensor":
                play.observe(seat)
            elif way == "view+tensor":
                ad.observe(play.state.view(seat))
            legal = play.legal_ints()
            play.step(legal[int(rng.random() * len(legal))])
            actions += not play.pending  # (Burraco: a meld's integers charged to it)
    return time.process_time() - t, actions


def tensor_costs(deals: int, rounds: int) -> None:
    """The acting seat's tensor per step, before (view + adapter tensor) and now, against
    the bare engine step and against the ``Play`` step it follows."""
    from trapoula.envs import adapter_for

    print("\nthe acting seat's observation tensor, CPU us per step (median of rounds); "
          "x = tensor / step")
    print(f"{'game':<16}{'engine':>8}{'Play':>7}{'view+tensor':>13}{'tensor':>8}"
          f"{'before/engine':>15}{'now/engine':>12}{'now/Play':>10}")
    for name, preset in (("bourloto", "ru"), ("bourloto", "gr"), ("bourre", "ru"),
                         ("burraco", "seed")):
        ad = adapter_for(name, preset)
        seeds = list(range(max(10, int(deals * DEALS[name]))))
        times: dict[str, list[float]] = {}
        for _ in range(rounds + 1):
            secs, n = engine(ad.game, seeds, False)
            times.setdefault("bare", []).append(secs / n)
            for way in ("engine", "view+tensor", "tensor"):
                secs, n = tensor_loop(ad, seeds, way)
                times.setdefault(way, []).append(secs / n)
        m = {k: statistics.median(v[1:]) * 1e6 for k, v in times.items()}
        bare, step = m["bare"], m["engine"]
        before, now = m["view+tensor"] - step, m["tensor"] - step
        print(f"{name + ' ' + preset:<16}{bare:>8.1f}{step:>7.1f}{before:>13.1f}{now:>8.1f}"
              f"{before / bare:>14.1f}x{now / bare:>11.1f}x{now / step:>9.1f}x")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=200, help="deals per round (Burraco: 15%%)")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--tensors", action="store_true", help="only the tensor table")
    args = ap.parse_args()
    if args.tensors:
        tensor_costs(max(10, args.deals // 2), args.rounds)
        return
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
    tensor_costs(max(10, args.deals // 2), args.rounds)


if __name__ == "__main__":
    main()
