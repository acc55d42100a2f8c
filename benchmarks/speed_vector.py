"""trapoula.vector beside OpenSpiel's observer loop, in one run (CPU time, steps per second).

OpenSpiel: games written in C++ driven from Python the fastest way it offers, its observer
API (benchmarks/peers.py: ``observation.set_from(state, player)`` fills the numpy tensor
in place, the information-state tensor, gin_rummy's observation tensor) + the legal mask in
numpy + a random legal ``apply_action``; chance nodes are sampled and not counted.
``--list-loop`` also times the old, slow loop (the tensors and ``legal_actions_mask`` as
Python lists turned into numpy), labelled as such.  trapoula.vector: ``env.step`` of a
batch of ``N`` deals with random legal actions drawn in numpy from the returned masks
(every step returns the observations and masks of all ``N`` deals); one step of the batch
counts ``N`` steps.  Pairs: Bourloto gr and ru against hearts, Bourré against euchre,
Burraco against gin_rummy.  The figures are medians of interleaved rounds; on a shared,
loaded machine they are noisy.  ``benchmarks/speed_peers.py`` (``make bench-peers``) times
every game and table size, both builds and all the peers in one run; this script is the
quick before/after of one tree against another:

    .venv/bin/python benchmarks/speed_vector.py [--envs 1024] [--seconds 2] [--rounds 3]

``--baseline SRC`` (another tree's ``src``, e.g. ``git archive main src | tar -x -C
/tmp/base``) also times that tree's batches, each tree's in a fresh process of its own,
interleaved round by round with this tree's (also in fresh processes then) and OpenSpiel's:
a before/after in one run.  ``--games burraco,bourre`` keeps only those games.
``--engine`` also times Burraco's engine alone in the batch's pattern (the tables' moves
and steps, no observations and no masks): the bound of the batch while it plays them.

The first lines say which of each tree's modules were mypyc-compiled extensions
(``make compiled``; ``make bench`` builds them, and ``make pure`` removes them): the figures
depend on it.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from typing import Any

import numpy as np

PAIRS = [("bourloto", "gr", "hearts"), ("bourloto", "ru", "hearts"), ("bourre", "ru", "euchre"),
         ("burraco", "seed", "gin_rummy")]


def openspiel_rate(name: str, seconds: float, list_loop: bool = False) -> float:
    """OpenSpiel's ``name`` through its observer API (``list_loop``: the old list loop)."""
    import peers

    rate = (peers.openspiel_list_rate if list_loop else peers.openspiel_observer_rate)(
        name, seconds)
    if rate is None:
        raise SystemExit(f"OpenSpiel is not installed ({peers.INSTALL['open_spiel']})")
    return rate


def random_actions(mask: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """A uniformly random legal integer of every row of ``mask`` (numpy, no Python loop:
    the legal integer with the largest uniform draw, in float32 as a policy's outputs)."""
    u = rng.random(mask.shape, dtype=np.float32)
    u *= mask
    out: np.ndarray = u.argmax(1)
    return out


def vector_rate(game: str, preset: str, envs: int, seconds: float, fast: bool = True) -> float:
    import trapoula.vector

    env = trapoula.vector.make(game, preset, num_envs=envs, seed=0, fast=fast)
    rng = np.random.default_rng(0)
    obs, mask, _ = env.reset()
    steps = 0
    t = time.process_time()
    while time.process_time() - t < seconds:
        obs, mask, _, _, _ = env.step(random_actions(mask, rng))
        steps += envs
    assert obs.shape[0] == envs
    return steps / (time.process_time() - t)


class BurracoEngineBatch:
    """Burraco's engine alone in the batch's pattern: ``envs`` tables played in place, each
    :meth:`step` one uniformly random move of ``table.moves()`` per table and ``table.step``
    (no observation, no mask, whole moves: a meld is one step), a finished deal replaced by
    the next: what the batch's steps cannot beat while they play the engine's tables."""

    def __init__(self, envs: int) -> None:
        import trapoula
        from trapoula.games.burraco.turn import OVER, Table
        from trapoula.vector.env import deal_seed

        game = trapoula.make("burraco")

        def deal(i: int, j: int) -> Table:
            table = Table.__new__(Table)
            game.new_deal(seed=deal_seed(0, i, j))._copy_table(table)
            return table

        self._deal, self._over = deal, OVER
        self.rng = random.Random(0)
        self.tables = [deal(i, 0) for i in range(envs)]
        self.dealt = [1] * envs

    def step(self) -> None:
        rng, tables, dealt = self.rng, self.tables, self.dealt
        for i, table in enumerate(tables):
            legal = table.moves()
            table.step(legal[int(rng.random() * len(legal))])
            if table._phase == self._over:
                tables[i] = self._deal(i, dealt[i])
                dealt[i] += 1


def burraco_engine_rate(envs: int, seconds: float) -> float:
    """Steps a CPU second of :class:`BurracoEngineBatch` (the collector paused, as
    ``env.step`` does)."""
    import gc

    batch = BurracoEngineBatch(envs)
    steps = 0
    enabled = gc.isenabled()
    gc.disable()  # (as env.step does)
    t = time.process_time()
    try:
        while time.process_time() - t < seconds:
            batch.step()
            steps += envs
        return steps / (time.process_time() - t)
    finally:
        if enabled:
            gc.enable()


def compiled_modules() -> list[str]:
    """The imported ``trapoula`` modules that are mypyc-compiled extensions (``make
    compiled``), short names (``games.burraco.legal``)."""
    import sys

    return sorted(name.removeprefix("trapoula.") for name, m in list(sys.modules.items())
                  if name.startswith("trapoula.")
                  and str(getattr(m, "__file__", "") or "").endswith(".so"))


COMPILED: dict[str, list[str]] = {}  # tree -> its compiled modules (as the runs found them)


def rate_in_process(src: str, game: str, preset: str, envs: int, seconds: float) -> float:
    """:func:`vector_rate` of the trapoula tree at ``src`` (its ``src`` folder), in a fresh
    Python process (its compiled modules go to ``COMPILED[src]``)."""
    import subprocess
    import sys
    from pathlib import Path

    here = str(Path(__file__).resolve().parent)
    code = (f"import sys; sys.path[:0] = [{src!r}, {here!r}]; import speed_vector as sv; "
            f"r = sv.vector_rate({game!r}, {preset!r}, {envs}, {seconds}); "
            f"print(','.join(sv.compiled_modules()) or '-', r)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True)
    names, rate = out.stdout.split()[-2:]
    found = COMPILED.setdefault(src, [])
    found += [n for n in names.split(",") if n != "-" and n not in found]
    return float(rate)


def say_compiled(trees: dict[str, list[str]]) -> None:
    """Print which modules of each tree ran compiled."""
    for tree, names in trees.items():
        print(f"compiled modules ({tree}): "
              + (", ".join(sorted(names)) if names else "none (pure Python)"))


def main(argv: list[str] | None = None) -> dict[str, Any]:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--envs", type=int, default=1024)
    ap.add_argument("--seconds", type=float, default=2.0)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--reference", action="store_true",
                    help="also time the reference encoder (observations from views)")
    ap.add_argument("--baseline", metavar="SRC",
                    help="another tree's src folder, timed beside this one (fresh processes)")
    ap.add_argument("--games", help="only these games (comma-separated)")
    ap.add_argument("--list-loop", action="store_true",
                    help="also time OpenSpiel's old list loop (tensors as Python lists)")
    ap.add_argument("--engine", action="store_true",
                    help="also time Burraco's engine alone in the batch's pattern (moves and "
                         "step of tables played in place: no observations, no masks)")
    args = ap.parse_args(argv)
    from pathlib import Path

    mine = str(Path(__file__).resolve().parents[1] / "src")
    pairs = [p for p in PAIRS if not args.games or p[0] in args.games.split(",")]
    rates: dict[str, list[float]] = {}
    for _ in range(args.rounds):
        for game, preset, other in pairs:
            rates.setdefault(other, []).append(openspiel_rate(other, args.seconds))
            if args.list_loop:
                rates.setdefault(other + " (list loop)", []).append(
                    openspiel_rate(other, args.seconds, list_loop=True))
            key = f"{game} {preset}"
            if args.baseline:
                rates.setdefault(key + " (baseline)", []).append(
                    rate_in_process(args.baseline, game, preset, args.envs, args.seconds))
                rates.setdefault(key, []).append(
                    rate_in_process(mine, game, preset, args.envs, args.seconds))
            else:
                rates.setdefault(key, []).append(
                    vector_rate(game, preset, args.envs, args.seconds))
            if args.engine and game == "burraco":
                rates.setdefault("burraco engine alone", []).append(
                    burraco_engine_rate(args.envs, args.seconds))
            if args.reference:
                rates.setdefault(key + " (reference)", []).append(
                    vector_rate(game, preset, args.envs, args.seconds, fast=False))
    med = {k: statistics.median(v) for k, v in rates.items()}
    if not args.baseline:
        COMPILED["this tree"] = compiled_modules()
    say_compiled({("this tree" if k == mine else "baseline" if k == args.baseline else k): v
                  for k, v in COMPILED.items()})
    print(f"steps per CPU second, median of {args.rounds} rounds, N = {args.envs}; "
          "OpenSpiel: its observer loop")
    for game, preset, other in pairs:
        for key in (f"{game} {preset} (baseline)", f"{game} {preset}",
                    f"{game} {preset} (reference)"):
            if key in med:
                print(f"{key:<28}{med[key]:>12,.0f}   OpenSpiel {other:<10}{med[other]:>10,.0f}"
                      f"   {med[key] / med[other]:>6.2f}x")
                lst = med.get(other + " (list loop)")
                if lst:
                    print(f"{'':<28}{'':>12}   (extra: OpenSpiel's list loop {lst:,.0f}, "
                          f"{med[key] / lst:.1f}x)")
        key = "burraco engine alone"
        if game == "burraco" and key in med:
            print(f"{key:<28}{med[key]:>12,.0f}   OpenSpiel {other:<10}{med[other]:>10,.0f}"
                  f"   {med[key] / med[other]:>6.1f}x   (no observations, no masks)")
    return med


if __name__ == "__main__":
    main()
