"""The agreement check of :mod:`trapoula.vector` against the adapters (rerun it after any
change to a game, a preset or an adapter).

Random legal actions drive a batch; at every step each deal's observation and mask must
equal what the adapter gives for the same position (``adapter.observe(state.view(seat),
pending)`` and ``Play.mask()``), and every finished deal's rewards must equal the adapter's
rewards of its record replayed (:func:`trapoula.core.record.replay`).  Every game and
preset, from the command line::

    .venv/bin/python -m trapoula.vector.check [--envs 16] [--steps 400]

>>> check("bourre", "ru", num_envs=3, steps=30)["steps"]
30
"""

from __future__ import annotations

import argparse
import random
from typing import Any

import numpy as np

from trapoula.core.record import replay
from trapoula.core.registry import game_class
from trapoula.vector.incremental import make

__all__ = ["check", "configs"]


def configs() -> list[tuple[str, str, dict[str, Any]]]:
    """Every game and preset, plus the other table sizes of the games that have them."""
    out: list[tuple[str, str, dict[str, Any]]] = []
    for name in ("bourloto", "bourre", "burraco"):
        for preset in game_class(name).presets:
            out.append((name, preset, {}))
    out += [("bourre", "ru", {"players": 2}), ("bourre", "ru", {"players": 7}),
            ("burraco", "seed", {"players": 2}), ("burraco", "seed", {"players": 3})]
    return out


def check(game: str, preset: str | None = None, *, num_envs: int = 8, steps: int = 200,
          seed: int = 0, fast: bool = True, layout: str = "own", sample: float = 1.0,
          **options: Any) -> dict[str, int]:
    """Drive ``num_envs`` deals ``steps`` steps with random legal actions; raise
    ``AssertionError`` at the first observation, mask or reward that differs from the
    adapter's.  ``sample`` < 1 compares each deal at a step with that probability only (the
    engine states are then asked for after several batched moves).  Returns counts (steps,
    positions compared, deals finished)."""
    env = make(game, preset, num_envs=num_envs, seed=seed, fast=fast, layout=layout,
               **options)
    twin = make(game, preset, num_envs=num_envs, seed=seed, fast=fast, layout=layout,
                **options)
    ad = env.adapter
    rng = random.Random(seed)
    obs, mask, to_act = env.reset()
    twin.reset()
    compared = finished = 0
    for step in range(steps):
        for i in range(num_envs):
            if sample < 1 and rng.random() >= sample:
                continue
            play = env.play(i)
            seat = play.state.current_player
            assert seat == ad.seats[int(to_act[i])], f"step {step} env {i}: seat to act"
            want = ad.observe(play.state.view(seat), play.pending)
            if not np.array_equal(obs[i], want):
                bad = np.flatnonzero(obs[i] != want)
                names = sorted({n for n, s in ad.obs_layout.slices.items()
                                for k in bad if s.start <= k < s.stop})
                raise AssertionError(f"{game} {preset} step {step} env {i} ({seat}): "
                                     f"observation differs in {names} at {bad[:8].tolist()}")
            assert np.array_equal(mask[i], play.mask()), f"step {step} env {i}: mask"
            compared += 1
        acts = [int(rng.choice(np.flatnonzero(m))) for m in mask]
        obs, mask, to_act, rewards, done = env.step(acts)
        t = twin.step(acts)
        assert all(np.array_equal(a, b) for a, b in zip((obs, mask, to_act, rewards, done), t,
                                                         strict=True)), "same seed, same batch"
        records = env.records()
        assert set(records) == set(np.flatnonzero(done).tolist())
        for i, rec in records.items():
            final = replay(rec)
            want_r = ad.rewards(final.view(ad.seats[0]))
            got = dict(zip(ad.seats, rewards[i].tolist(), strict=True))
            assert got == {s: float(np.float32(v)) for s, v in want_r.items()}, \
                f"env {i}: rewards {got} != {want_r}"
            finished += 1
    return {"steps": steps, "compared": compared, "finished": finished}


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description="trapoula.vector against the adapters")
    ap.add_argument("--envs", type=int, default=16)
    ap.add_argument("--steps", type=int, default=400)
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args(argv)
    for name, preset, options in configs():
        out = check(name, preset, num_envs=args.envs, steps=args.steps, seed=args.seed,
                    **options)
        label = f"{name} {preset} {options or ''}".strip()
        print(f"{label:<32} ok: {out['compared']} positions, {out['finished']} deals")


if __name__ == "__main__":
    main()
