"""trapoula beside the fastest loop each peer offers, in one run (`make bench-peers`).

One table per comparison, every figure in CPU time (``time.process_time``), the median of
``--rounds`` interleaved rounds, and the ratio trapoula / peer:

1. **Batched environments**: ``trapoula.vector`` at N = ``--envs`` (``env.step`` with the
   observations and masks of every deal, random legal actions drawn in numpy from the
   masks) for every game (Bourloto ru and gr, Bourré 2-7 players, Burraco 2-4 players)
   beside OpenSpiel's observer loop (benchmarks/peers.py: hearts, euchre, gin_rummy; its
   tensor checked equal to the tensor methods' first); OpenSpiel's old list loop as an extra
   column; Pgx's batched CPU steps for scale (no comparable game).
2. **Random playouts**, per deal: Bourloto's ``game.random_playouts`` beside colver's Rust
   ``Env.rollout`` (Belote, the same family of game: 32 cards, bidding, 8 tricks).
3. **Double dummy**, ``--dd-deals`` full deals from the first lead, median CPU time:
   ``trapoula.search``'s ``BourlotoSolver.solve`` (the deal's value) beside colver's
   ``solve_scores`` (every first card's value).
4. **Single-deal public API** (``perf-games``): random deals through ``legal_actions()`` +
   ``apply``, beside OpenSpiel's C++ games driven from Python the same way.

trapoula's figures come from one worker process per build: ``compiled`` (this tree with its
mypyc modules, when ``make compiled`` built them) and ``pure`` (a copy of ``src`` without
them), so the two builds and the peers are timed side by side in one run.  Peers that are
not installed are reported as such (``pip install ...``).

    .venv/bin/python benchmarks/speed_peers.py [--envs 1024] [--seconds 1] [--rounds 3]
        [--dd-deals 40] [--builds auto|current] [--markdown FILE] [--tiny]

``--tiny`` runs every row for a few steps (the smoke test, tests/test_benchmarks.py).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import peers

SRC = Path(__file__).resolve().parents[1] / "src"
# (label, game, preset, options, OpenSpiel peer)
ROWS: list[tuple[str, str, str | None, dict[str, Any], str]] = [
    ("Bourloto gr", "bourloto", "gr", {}, "hearts"),
    ("Bourloto ru", "bourloto", "ru", {}, "hearts"),
    *[(f"Bourré {p}p", "bourre", None, {"players": p}, "euchre") for p in range(2, 8)],
    *[(f"Burraco {p}p", "burraco", "seed", {"players": p}, "gin_rummy") for p in (2, 3, 4)],
]
PEERS = ("hearts", "euchre", "gin_rummy")


# ------------------------------------------------------- trapoula's side (worker processes)

_ENVS: dict[str, Any] = {}


def vector_rate(game: str, preset: str | None, options: dict[str, Any], envs: int,
                seconds: float) -> float:
    """Steps a CPU second of ``env.step`` (N deals a step), the batch kept across calls."""
    import numpy as np

    import trapoula.vector

    key = json.dumps([game, preset, options, envs])
    if key not in _ENVS:
        env = trapoula.vector.make(game, preset, num_envs=envs, seed=0, **options)
        rng = np.random.default_rng(0)
        obs, mask, _ = env.reset()
        for _ in range(20):  # warm: the first deals' caches and allocations
            obs, mask, *_ = env.step(random_actions(mask, rng))
        _ENVS[key] = [env, rng, mask]
    env, rng, mask = _ENVS[key]
    steps = 0
    t = time.process_time()
    while steps == 0 or time.process_time() - t < seconds:
        obs, mask, *_ = env.step(random_actions(mask, rng))
        steps += envs
    dt = time.process_time() - t
    _ENVS[key][2] = mask
    assert obs.shape[0] == envs and mask.any(1).all()
    return steps / dt


def random_actions(mask: Any, rng: Any) -> Any:
    """A uniformly random legal integer of every row of ``mask`` (numpy, float32 draws)."""
    u = rng.random(mask.shape, dtype="float32")
    u *= mask
    return u.argmax(1)


def playout_seconds(preset: str, seconds: float, seed: int = 0, chunk: int = 200) -> float:
    """CPU seconds per random Bourloto deal of ``game.random_playouts``."""
    import trapoula

    game = trapoula.make("bourloto", preset)
    game.random_playouts(chunk, seed=seed - 1)  # warm (imports, tables), not timed
    deals = 0
    t = time.process_time()
    while deals == 0 or time.process_time() - t < seconds:
        results = game.random_playouts(chunk, seed=seed + deals)
        deals += chunk
    assert len(results) == chunk
    return (time.process_time() - t) / deals


def dd_seconds(deals: int) -> list[float]:
    """CPU seconds of the Bourloto double-dummy solver (gr play rules, a fresh solver each)
    on the fixed full deals ``deal_hands(0..deals-1)``, from the first lead."""
    from trapoula.search.bourloto_dd import BourlotoSolver, DDPosition, deal_hands

    times = []
    for seed in range(deals):
        hands, trump = deal_hands(seed)
        solver = BourlotoSolver(overtrump=True)
        t = time.process_time()
        value = solver.solve(DDPosition(hands, trump, 0, (), 0))
        times.append(time.process_time() - t)
        assert 0 <= value <= 162
    return times


def public_deals(game: str, preset: str | None, options: dict[str, Any], seconds: float,
                 seed: int = 0) -> tuple[float, int, int]:
    """Random deals through the public API (``new_deal(rng=rng)``, then ``legal_actions()``
    + ``apply`` until ``is_over``, one Mersenne Twister for everything) for about
    ``seconds``: (CPU seconds, deals, decisions).  A game's first call first plays as long
    untimed (its caches filled, as in a long run)."""
    import random

    import trapoula

    g = trapoula.make(game, preset, **options)
    key = json.dumps([game, preset, options])
    if key not in _WARM:
        _WARM.add(key)
        public_deals(game, preset, options, seconds, seed - 1)
    rng = random.Random(seed)
    rand = rng.random
    deals = decisions = 0
    t = time.process_time()
    while deals == 0 or time.process_time() - t < seconds:
        s = g.new_deal(rng=rng)  # type: ignore[call-arg]
        while not s.is_over:
            legal = s.legal_actions()
            s = s.apply(legal[int(rand() * len(legal))])
            decisions += 1
        deals += 1
    return time.process_time() - t, deals, decisions


_WARM: set[str] = set()


def build_info() -> dict[str, Any]:
    """Where trapoula came from and which of its modules are mypyc-compiled."""
    import numpy

    import trapoula

    compiled = sorted(n.removeprefix("trapoula.") for n, m in list(sys.modules.items())
                      if n.startswith("trapoula.")
                      and str(getattr(m, "__file__", "") or "").endswith(".so"))
    return {"file": trapoula.__file__, "compiled": compiled, "numpy": numpy.__version__}


def worker(src: str) -> None:
    """Serve JSON calls ``[function, args]`` on stdin, one JSON result a line."""
    sys.path.insert(0, src)
    for line in sys.stdin:
        name, args = json.loads(line)
        print(json.dumps(globals()[name](*args)), flush=True)


class Worker:
    """A long-lived process timing trapoula from the ``src`` folder ``src``."""

    def __init__(self, src: Path) -> None:
        env = dict(os.environ, OPENBLAS_NUM_THREADS="1", OMP_NUM_THREADS="1")
        self.proc = subprocess.Popen(
            [sys.executable, __file__, "--worker", str(src)], stdin=subprocess.PIPE,
            stdout=subprocess.PIPE, text=True, env=env, cwd=str(Path(__file__).parent))

    def __call__(self, name: str, *args: Any) -> Any:
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write(json.dumps([name, list(args)]) + "\n")
        self.proc.stdin.flush()
        line = self.proc.stdout.readline()
        if not line:
            raise RuntimeError(f"the worker timing {name} stopped (see its error above)")
        return json.loads(line)

    def close(self) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.close()
        self.proc.wait()


def has_compiled(src: Path) -> bool:
    return any(p.suffix == ".so" for p in (src / "trapoula").rglob("*.so"))


def pure_copy(src: Path, into: Path) -> Path:
    """A copy of ``src`` without its compiled modules (``make pure``'s tree)."""
    dest = into / "src"
    shutil.copytree(src, dest, ignore=shutil.ignore_patterns("*.so", "__pycache__", "build"))
    return dest


# ----------------------------------------------------------------------- the one run

def median(xs: list[float]) -> float:
    return statistics.median(xs) if xs else float("nan")


def fmt(x: float | None, unit: str = "") -> str:
    if x is None or x != x:
        return "-"
    return f"{x:,.0f}{unit}" if abs(x) >= 100 else f"{x:.3g}{unit}"


def main(argv: list[str] | None = None) -> dict[str, Any]:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--envs", type=int, default=1024)
    ap.add_argument("--seconds", type=float, default=1.0, help="CPU seconds a timing")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--dd-deals", type=int, default=40)
    ap.add_argument("--builds", choices=("auto", "current"), default="auto",
                    help="auto: compiled and pure when make compiled built modules")
    ap.add_argument("--no-pgx", action="store_true", help="skip Pgx (its compile is slow)")
    ap.add_argument("--tiny", action="store_true", help="a few steps of every row (smoke)")
    ap.add_argument("--markdown", metavar="FILE", help="also write the tables in Markdown")
    ap.add_argument("--worker", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.worker:
        worker(args.worker)
        return {}
    if args.tiny:
        args.envs, args.seconds, args.rounds, args.dd_deals = 8, 0.02, 1, 2
    load = os.getloadavg()
    start, wall = time.strftime("%Y-%m-%d %H:%M %Z"), time.perf_counter()
    with tempfile.TemporaryDirectory() as tmp:
        builds = {"current": SRC}
        if has_compiled(SRC):
            builds = {"compiled": SRC}
            if args.builds == "auto":
                builds["pure"] = pure_copy(SRC, Path(tmp))
        else:
            builds = {"pure": SRC}
        workers = {b: Worker(src) for b, src in builds.items()}
        try:
            res = run(args, workers)
        finally:
            for w in workers.values():
                w.close()
    res["load"] = (load, os.getloadavg())
    res["wall"] = time.perf_counter() - wall
    report(args, res, start)
    return res


def run(args: argparse.Namespace, workers: dict[str, Worker]) -> dict[str, Any]:
    """Every timing, round by round (the peers and each build interleaved)."""
    res: dict[str, Any] = {}
    res["checked"] = {p: peers.openspiel_check_observer(p, 30 if args.tiny else 300)
                      for p in PEERS}
    vec: dict[str, list[float]] = {}
    pub: dict[str, list[tuple[float, int, int]]] = {}
    play: dict[str, list[float]] = {}
    sec = args.seconds
    for r in range(args.rounds):
        for p in PEERS:
            for kind, fn in (("observer", peers.openspiel_observer_rate),
                             ("list", peers.openspiel_list_rate)):
                rate = fn(p, sec, r)
                if rate is not None:
                    vec.setdefault(f"{p} {kind}", []).append(rate)
            out = peers.openspiel_deals(p, sec, r)
            if out is not None:
                pub.setdefault(p, []).append(out)
        for label, game, preset, options, _ in ROWS:
            for b, w in workers.items():
                vec.setdefault(f"{label} {b}", []).append(
                    w("vector_rate", game, preset, options, args.envs, sec))
                pub.setdefault(f"{label} {b}", []).append(
                    tuple(w("public_deals", game, preset, options, sec / 2, r)))
        c = peers.colver_playouts(sec, 1000 * r, chunk=100 if args.tiny else 1000)
        if c is not None:
            play.setdefault("colver", []).append(c)
        for preset in ("gr", "ru"):
            for b, w in workers.items():
                play.setdefault(f"Bourloto {preset} {b}", []).append(
                    w("playout_seconds", preset, sec, 1000 * r, 20 if args.tiny else 200))
    res["vector"] = {k: median(v) for k, v in vec.items()}
    res["public"] = {k: (median([dt / n for dt, n, _ in v]), median([d / n for _, n, d in v]))
                     for k, v in pub.items()}
    res["playouts"] = {k: median(v) for k, v in play.items()}
    dd = {"colver": peers.colver_dd(args.dd_deals)}
    for b, w in workers.items():
        dd[f"trapoula {b}"] = w("dd_seconds", args.dd_deals)
    res["dd"] = {k: median(v) for k, v in dd.items() if v is not None}
    res["pgx"] = None if args.no_pgx else pgx_in_process(args)
    # (asked last: the modules each build imported while it was timed)
    res["builds"] = {b: w("build_info") for b, w in workers.items()}
    return res


def pgx_in_process(args: argparse.Namespace) -> dict[str, float] | None:
    """:func:`peers.pgx_rates` in a process of its own (JAX's threads and memory stay there)."""
    if not peers.installed("pgx"):
        return None
    games = ("leduc_holdem",) if args.tiny else peers.PGX_GAMES
    code = (f"import json, peers; print(json.dumps(peers.pgx_rates({games!r}, {args.envs}, "
            f"{args.seconds}, {args.rounds})))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         cwd=str(Path(__file__).parent))
    if out.returncode != 0:
        return {"error": out.stderr.strip().splitlines()[-1:]}  # type: ignore[dict-item]
    result: dict[str, float] = json.loads(out.stdout.splitlines()[-1])
    return result


def report(args: argparse.Namespace, res: dict[str, Any], start: str) -> None:
    from peers_report import markdown, print_report

    print_report(args, res, start, ROWS)
    if args.markdown:
        Path(args.markdown).write_text(markdown(args, res, start, ROWS), encoding="utf-8")


if __name__ == "__main__":
    main()
