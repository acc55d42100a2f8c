"""``trapoula arena GAME --bots a,b[,c...] --deals N``: a fair ranking of bots.

Every pair of entrants plays the same ``N`` duplicate deals (partnership games: each deal
twice, the seats swapped; Bourré: once per rotation of the table with the two bots
alternating round it), optionally ``--matches M`` duplicate matches to the target.  The
report gives each side's mean points (chips for Bourré) per deal, the difference with its
95 % confidence interval, match win rates, OpenSkill ratings (teams aware) and time per
move, and is written to ``--out`` (default ``results/arena-GAME-SEED.json``) as JSON, with
the table beside it (``.txt``).
``--workers K`` plays on K local processes and ``--ray ADDRESS`` on a Ray cluster; the
figures are the same for the same ``--seed`` whatever the backend.
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path
from typing import Any

from trapoula.arena.run import ArenaSpec, run_arena
from trapoula.cli.common import Console, check_writable, parse_options
from trapoula.errors import ConfigError

__all__ = ["add_parser", "format_table", "run"]


def add_parser(sub: Any) -> None:
    p = sub.add_parser("arena", help="rank bots over duplicate deals (CIs, ratings)",
                       description="Round robin of bots over duplicate deals: mean points "
                                   "per deal with 95% CIs, match win rates, OpenSkill "
                                   "ratings; local processes or a Ray cluster.")
    p.add_argument("game")
    p.add_argument("options", nargs="*", default=[], metavar="option=value")
    p.add_argument("--bots", required=True,
                   help="entrants, comma separated (a round robin of every pair); in "
                        "partnership games 'a+b' seats two bots as partners")
    p.add_argument("--deals", type=int, default=100, help="duplicate deals per pair")
    p.add_argument("--matches", type=int, default=0,
                   help="duplicate matches to the target per pair (partnership games)")
    p.add_argument("--seed", type=int, default=0, help="seed of the deals and bots")
    p.add_argument("--preset")
    p.add_argument("--players", type=int, metavar="N", help="option players=N")
    p.add_argument("--workers", type=int, default=1, help="local worker processes")
    p.add_argument("--ray", metavar="ADDRESS",
                   help="run on a Ray cluster: 'auto' joins a running one, 'local' starts one")
    p.add_argument("--out", metavar="FILE.json",
                   help="results file (default results/arena-GAME-SEED.json, the folder "
                        "made when missing); the table goes beside it as .txt")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    p.set_defaults(run=run)


def _fmt_ci(c: dict[str, Any], digits: int = 1) -> str:
    if c["half_width"] is None:
        return f"{c['mean']:+.{digits}f}"
    return f"{c['mean']:+.{digits}f} [{c['low']:+.{digits}f}, {c['high']:+.{digits}f}]"


def format_table(res: dict[str, Any]) -> str:
    """The report's text table.

    >>> from trapoula.arena import ArenaSpec, run_arena
    >>> print(format_table(run_arena(ArenaSpec("bourloto", "ru", deals=2))))  # doctest: +ELLIPSIS
    arena bourloto ru: 2 deals per pair, each deal twice, the partnerships' seats swapped; seed 0
    ...
    """
    spec = res["spec"]
    unit = res["unit"]
    lines = [f"arena {res['game']['name']} {res['game']['preset']}: {spec['deals']} deals per "
             f"pair, {res['duplicate']}; seed {spec['seed']}"]
    head = f"{'X':>14} {'Y':>14} {'X ' + unit + '/deal':>14} {'Y ' + unit + '/deal':>14} " \
           f"{'X - Y per deal (95% CI)':>30}"
    lines.append(head)
    for p in res["pairs"]:
        d = p["deals"]
        lines.append(f"{p['x']:>14} {p['y']:>14} {d['x']['mean']:>14.1f} {d['y']['mean']:>14.1f} "
                     f"{_fmt_ci(d['diff'], 2):>30}")
    if any("matches" in p for p in res["pairs"]):
        lines.append("matches to the target (each twice, seats swapped): X's win rate")
        for p in res["pairs"]:
            m = p.get("matches")
            if m:
                lines.append(f"{p['x']:>14} {p['y']:>14}   {m['rate']:.3f} "
                             f"[{m['low']:.3f}, {m['high']:.3f}] ({m['wins']} won, "
                             f"{m['draws']} drawn, {m['losses']} lost)")
    if res.get("ratings"):
        lines.append("OpenSkill (Plackett-Luce) ratings: mu, sigma, ordinal (mu - 3 sigma)")
        for name, r in res["ratings"].items():
            lines.append(f"{name:>14} {r['mu']:8.2f} {r['sigma']:7.2f} {r['ordinal']:8.2f}")
    elif res.get("ratings") is None:
        lines.append("ratings: install the openskill package (pip install trapoula[arena])")
    if res.get("thrown_in"):
        lines.append(f"thrown-in deals (counted 0-0): {res['thrown_in']}")
    lines.append("time per move: " + ", ".join(
        f"{k} {t['ms_per_move']:.1f} ms (max {t['slowest_ms']:.0f})"
        for k, t in res["timing"].items()))
    if "elapsed_s" in res:
        lines.append(f"{res['elapsed_s']:.1f} s on {res['backend']}")
    return "\n".join(lines)


def run(args: argparse.Namespace, con: Console) -> int:
    words = list(args.options)
    if args.players is not None:
        words.append(f"players={args.players}")
    options = parse_options(words)
    if args.deals < 0 or args.matches < 0 or args.deals + args.matches == 0:
        raise ConfigError("--deals (and --matches) must be positive")
    if args.workers < 1:
        raise ConfigError("--workers must be at least 1")
    out = Path(args.out or f"results/arena-{args.game}-{args.seed}.json")
    if not args.out:
        out.parent.mkdir(parents=True, exist_ok=True)
    for path in (out, out.with_suffix(".txt")):  # tried now, not after the whole run
        why = check_writable(path)
        if why:
            raise ConfigError(f"--out {path}: cannot write there ({why}); choose another path "
                              "(nothing was run)")
    bots = tuple(b.strip() for b in args.bots.split(",") if b.strip())
    spec = ArenaSpec(args.game, args.preset, options, bots, args.deals, args.seed,
                     args.matches)
    show = not args.quiet and _isatty(con.err)
    started = time.perf_counter()

    def progress(done: int, total: int) -> None:
        if not show:
            return
        width = 30
        filled = width * done // max(total, 1)
        rate = done / max(time.perf_counter() - started, 1e-9)
        eta = (total - done) / max(rate, 1e-9)
        con.err.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} units "
                      f"({rate:.1f}/s, {eta:.0f} s left)")
        con.err.flush()

    try:
        res = run_arena(spec, args.workers, args.ray, progress)
    except ValueError as exc:
        if isinstance(exc, ConfigError):
            raise
        raise ConfigError(str(exc)) from exc
    if show:
        con.err.write("\n")
    table = format_table(res)
    con.print(table)
    out.write_text(json.dumps(res, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    out.with_suffix(".txt").write_text(table + "\n", encoding="utf-8")
    con.print(f"results: {out} (table: {out.with_suffix('.txt')})")
    return 0


def _isatty(stream: Any) -> bool:
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError):
        return False
