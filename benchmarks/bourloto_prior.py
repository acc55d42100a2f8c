"""Does the bid/declaration prior of the Bourloto sampler make ``hard`` stronger?

``hard`` against ``heuristic`` over the same duplicate deals (``trapoula.bots.duplicate``:
deal ``i`` played twice, teams swapped; bots seeded ``4 * i + seat``), once with the prior
(:mod:`trapoula.search.bourloto_prior`, the default) and once with the hard constraints only;
prints both results and the paired difference (prior minus none) with 95 % CIs.

    .venv/bin/python benchmarks/bourloto_prior.py --preset gr --deals 300 --workers 2
"""

from __future__ import annotations

import argparse
from concurrent.futures import ProcessPoolExecutor

import trapoula
from trapoula.bots import make_bot
from trapoula.bots.duplicate import duplicate
from trapoula.core.evaluate import mean_ci


def _job(args: tuple[str, bool, int, int, int, str]) -> tuple[list[float], float, int]:
    preset, prior, start, n, seed, bot = args
    import trapoula.search.bourloto_sampler as sampler

    if not prior:  # this worker samples with the hard constraints only
        sampler.bid_tilts = lambda *a, **k: None  # type: ignore[assignment]
        sampler.declaration_veto = lambda *a, **k: None  # type: ignore[assignment]
    g = trapoula.make("bourloto", preset)
    st = duplicate(g, lambda s, i: make_bot(bot, g, seed=i * 4 + s),
                   lambda s, i: make_bot("heuristic", g, seed=i * 4 + s), n, seed, start)
    return st.diffs, st.seconds["X"], st.moves["X"]


def _ci(xs: list[float]) -> str:
    c = mean_ci(xs)
    return f"{c.mean:+.2f} [{c.low:+.2f}, {c.high:+.2f}]"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--preset", default="gr", choices=("ru", "gr"))
    ap.add_argument("--bot", default="hard")
    ap.add_argument("--deals", type=int, default=100)
    ap.add_argument("--start", type=int, default=0)
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--seed", type=int, default=2026)
    a = ap.parse_args(argv)
    chunk = 10
    out: dict[bool, list[float]] = {}
    with ProcessPoolExecutor(a.workers) as ex:
        for prior in (True, False):
            jobs = [(a.preset, prior, k, min(chunk, a.start + a.deals - k), a.seed, a.bot)
                    for k in range(a.start, a.start + a.deals, chunk)]
            res = list(ex.map(_job, jobs))
            out[prior] = [d for r in res for d in r[0]]
            ms = 1000 * sum(r[1] for r in res) / max(sum(r[2] for r in res), 1)
            print(f"bourloto {a.preset} {a.bot} ({'with' if prior else 'without'} the prior) - "
                  f"heuristic: {_ci(out[prior])} points per deal over {len(out[prior])} "
                  f"duplicate deals; {ms:.1f} ms per move", flush=True)
    paired = [x - y for x, y in zip(out[True], out[False], strict=True)]
    print(f"paired, with - without the prior: {_ci(paired)} points per deal")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
