"""Train sb3-contrib's MaskablePPO on trapoula.vector: seat P1 of Bourloto, N deals at once,
then play the trained policy through the public API and compare it with a random one.

Needs the ``rl-train`` extra (stable-baselines3, sb3-contrib, torch; a CPU build of torch
is enough and much smaller)::

    .venv/bin/pip install -e '.[rl-train]'
    .venv/bin/python docs/envs/vector_maskable_ppo.py --steps 200000 --envs 64
    .venv/bin/python docs/envs/vector_maskable_ppo.py --setup margin   # the trap below

**Warning: per-deal margin rewards teach PPO never to take trump.**  With the learner
deciding everything (``--setup margin``: the reward is the deal's points margin) a policy
soon finds that passing is the safest bid: a taken contract that fails ("inside") costs far
more than a pass, and the early policy plays its cards too badly to make contracts, so the
gradient pushes the take probability to zero and the card play is never practised on
contracts of its own.  Measured (30,000 steps, 32 deals at a time, random opponents): 0
takes in 300 deals, +14 points a deal only from the random opponents' failed contracts;
docs/vector.md ("Opponents and the self-play league") has the check and its numbers.

The default ``--setup heuristic-bidding`` avoids it: the learner's seat bids with the
heuristic bot (``learn_phases=("play",)``, ``assist="heuristic"``: the wrapper plays the
seat's decisions before the play phase) and PPO learns the card play only, on the contracts
a sensible bidder takes.  ``--opponent heuristic`` trains against trapoula's heuristic bot
instead of random players (any bot name or weights file works, and a
``trapoula.vector.opponents.League``).
"""

from __future__ import annotations

import argparse
from typing import Any

import numpy as np
from sb3_contrib import MaskablePPO

import trapoula
from trapoula.bots import make_bot
from trapoula.envs import make_adapter
from trapoula.vector.sb3 import TrapoulaSB3VecEnv

SETUPS = {"heuristic-bidding": ("play",), "margin": None}


def evaluate(policy: MaskablePPO | None, preset: str, deals: int, seed: int, opponent: str,
             learn_phases: tuple[str, ...] | None) -> dict[str, float]:
    """Seat P1 over ``deals`` deals played with the public API (the policy from P1's view;
    random play if no policy): the mean points margin a deal and the share of deals P1
    took trump."""
    g = trapoula.make("bourloto", preset)
    ad = make_adapter(g)
    others = make_bot(opponent, g, seed=seed)
    helper = make_bot("heuristic", g, seed=seed)
    rng = np.random.default_rng(seed)
    total = takes = 0.0
    for k in range(deals):
        s: Any = g.new_deal(seed=seed * 1_000_003 + k)
        while not s.is_over:
            seat = s.current_player
            view = s.view(seat)
            if seat != "P1":
                action = others.choose(view)
            elif learn_phases is not None and s.phase not in learn_phases:
                action = helper.choose(view)
            else:
                table = ad.table(list(view.legal_actions))
                if policy is None:
                    i = sorted(table)[int(rng.integers(len(table)))]
                else:
                    mask = np.zeros(ad.num_actions, bool)
                    mask[list(table)] = True
                    act, _ = policy.predict(ad.observe(view)[None], action_masks=mask[None],
                                            deterministic=True)
                    i = int(act[0])
                action = ad.decode([i], view)
            s = s.apply(action)
        total += ad.state_rewards(s)["P1"]
        takes += any(a.startswith("P1 take") for a in s.record()["actions"])
    return {"margin": total / deals, "take_rate": takes / deals}


def main(argv: list[str] | None = None) -> dict[str, dict[str, float]]:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--preset", default="gr")
    ap.add_argument("--setup", choices=sorted(SETUPS), default="heuristic-bidding")
    ap.add_argument("--opponent", default="random", help="bot of the other seats")
    ap.add_argument("--steps", type=int, default=100_000)
    ap.add_argument("--envs", type=int, default=64)
    ap.add_argument("--eval-deals", type=int, default=300)
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args(argv)
    phases = SETUPS[args.setup]
    env = TrapoulaSB3VecEnv("bourloto", args.preset, num_envs=args.envs, seed=args.seed,
                            opponent=args.opponent, learn_phases=phases,
                            reward_scale=0.01)  # rewards are points: about -3 .. 3 scaled
    model = MaskablePPO("MlpPolicy", env, n_steps=64, batch_size=512, learning_rate=3e-4,
                        seed=args.seed, verbose=0)
    model.learn(args.steps)
    ev = dict(preset=args.preset, deals=args.eval_deals, seed=args.seed + 1,
              opponent=args.opponent, learn_phases=phases)
    out = {"random": evaluate(None, **ev), "trained": evaluate(model, **ev)}  # type: ignore[arg-type]
    for who, r in out.items():
        print(f"{args.setup}, {who:7}: {r['margin']:+7.2f} points a deal, P1 took trump in "
              f"{r['take_rate']:.0%} of {args.eval_deals} deals")
    return out


if __name__ == "__main__":
    main()
