"""Play a Burraco batch for a fixed number of steps, for instruction counts (callgrind).

Times on a shared machine are noisy; instructions are not.  Run it twice under callgrind,
without and with the measured steps, and divide the difference by steps x envs::

    for n in 0 30; do valgrind --tool=callgrind --callgrind-out-file=/dev/null \\
        .venv/bin/python benchmarks/burraco_vector_steps.py --steps $n 2>&1 | grep Collected
    done

``--src`` runs another tree's ``src`` (e.g. ``git archive main src | tar -x -C /tmp/base``)
instead of this one.  The actions are drawn as ``speed_vector.py`` draws them.

``--engine``: the engine alone in the batch's pattern instead (``--envs`` tables played in
place, one uniformly random move of ``table.moves()`` and ``table.step`` per table and
step, as ``speed_vector.py --engine`` times it).  ``--states``: the public API instead,
``--steps`` x 100 moves of ``state.legal_actions()`` and ``state.apply`` over successive
deals (the single-environment path's engine part).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--src", help="another tree's src folder")
    ap.add_argument("--envs", type=int, default=256)
    ap.add_argument("--warm", type=int, default=40, help="steps before the measured ones")
    ap.add_argument("--steps", type=int, default=30, help="measured steps")
    ap.add_argument("--engine", action="store_true", help="the engine alone (no obs/masks)")
    ap.add_argument("--states", action="store_true", help="state.apply over public states")
    args = ap.parse_args(argv)
    here = str(Path(__file__).resolve().parent)
    sys.path[:0] = [p for p in (args.src, here) if p]
    if args.engine:
        engine(args.envs, args.warm + args.steps)
        return
    if args.states:
        states(100 * args.steps)
        return
    import numpy as np
    from speed_vector import random_actions

    import trapoula.vector

    env = trapoula.vector.make("burraco", "seed", num_envs=args.envs, seed=0)
    rng = np.random.default_rng(0)
    obs, mask, _ = env.reset()
    for _ in range(args.warm + args.steps):
        obs, mask, _, _, _ = env.step(random_actions(mask, rng))


def engine(envs: int, steps: int) -> None:
    import gc

    from speed_vector import BurracoEngineBatch

    batch = BurracoEngineBatch(envs)
    gc.disable()  # (as env.step does)
    for _ in range(steps):
        batch.step()


def states(moves: int) -> None:
    import random

    import trapoula

    game = trapoula.make("burraco")
    rng = random.Random(0)
    done = d = 0
    while done < moves:
        s = game.new_deal(seed=d)
        d += 1
        while not s.is_over and done < moves:
            legal = s.legal_actions()
            s = s.apply(legal[int(rng.random() * len(legal))])
            done += 1


if __name__ == "__main__":
    main()
