"""Train sb3-contrib's MaskablePPO on trapoula.vector: seat P1 of Bourloto against random
opponents, N deals at once, then compare the trained policy with a random one.

Needs the ``rl-train`` extra (stable-baselines3, sb3-contrib, torch; a CPU build of torch
is enough and much smaller)::

    .venv/bin/pip install -e '.[rl-train]'
    .venv/bin/python docs/envs/vector_maskable_ppo.py --steps 200000 --envs 64
"""

from __future__ import annotations

import argparse

import numpy as np
from sb3_contrib import MaskablePPO

from trapoula.vector.sb3 import TrapoulaSB3VecEnv


def evaluate(policy: MaskablePPO | None, preset: str, deals: int, seed: int) -> float:
    """The learner seat's mean reward over ``deals`` finished deals (random play if no
    policy)."""
    env = TrapoulaSB3VecEnv("bourloto", preset, num_envs=32, seed=seed, reward_scale=0.01)
    rng = np.random.default_rng(seed)
    obs, total, done_deals = env.reset(), 0.0, 0
    while done_deals < deals:
        masks = env.action_masks()
        if policy is None:
            acts = (rng.random(masks.shape) * masks).argmax(1)
        else:
            acts, _ = policy.predict(obs, action_masks=masks, deterministic=True)
        obs, reward, done, _ = env.step(acts)
        total += float(reward[done].sum())
        done_deals += int(done.sum())
    return total / done_deals


def main(argv: list[str] | None = None) -> dict[str, float]:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--preset", default="gr")
    ap.add_argument("--steps", type=int, default=100_000)
    ap.add_argument("--envs", type=int, default=64)
    ap.add_argument("--eval-deals", type=int, default=500)
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args(argv)
    env = TrapoulaSB3VecEnv("bourloto", args.preset, num_envs=args.envs, seed=args.seed,
                            reward_scale=0.01)  # rewards are points: about -3 .. 3 scaled
    model = MaskablePPO("MlpPolicy", env, n_steps=64, batch_size=512, learning_rate=3e-4,
                        seed=args.seed, verbose=0)
    model.learn(args.steps)
    out = {"random": evaluate(None, args.preset, args.eval_deals, args.seed + 1),
           "trained": evaluate(model, args.preset, args.eval_deals, args.seed + 1)}
    print(f"mean reward per deal (points / 100) over {args.eval_deals} deals: "
          f"random {out['random']:+.3f}, MaskablePPO {out['trained']:+.3f}")
    return out


if __name__ == "__main__":
    main()
