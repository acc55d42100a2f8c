"""The tables of ``benchmarks/speed_peers.py`` (a helper module)."""

from __future__ import annotations

import argparse
import os
import platform
from typing import Any

import peers


def _n(x: float | None, digits: int = 0) -> str:
    if x is None or x != x:
        return "-"
    return f"{x:,.{digits}f}"


def _r(a: float | None, b: float | None) -> str:
    if a is None or b is None or a != a or b != b or b == 0:
        return "-"
    return f"{a / b:.2f}x"


def print_report(args: argparse.Namespace, res: dict[str, Any], start: str,
                 rows: list[tuple[str, str, str | None, dict[str, Any], str]]) -> None:
    builds = list(res["builds"])
    (l0, l1) = res["load"]
    print(f"trapoula beside its peers: one run, {start}; CPU time, median of {args.rounds} "
          "round(s)")
    print(f"load average {l0[0]:.2f} {l0[1]:.2f} {l0[2]:.2f} at the start, "
          f"{l1[0]:.2f} {l1[1]:.2f} {l1[2]:.2f} at the end ({res['wall'] / 60:.1f} minutes "
          f"of wall clock, {os.cpu_count()} cores)")
    first = next(iter(res["builds"].values()))
    print(f"Python {platform.python_version()}, numpy {first['numpy']}")
    for b, info in res["builds"].items():
        what = (f"mypyc-compiled modules: {len(info['compiled'])} ({', '.join(info['compiled'])})"
                if info["compiled"] else "pure Python (no compiled module)")
        print(f"build {b}: {what}")
    pgx = peers.version("pgx")
    if peers.installed("pgx"):
        pgx += f" (jax {peers.version('jax')})"
    print(f"peers: open_spiel {peers.version('open_spiel')}, colver {peers.version('colver')}, "
          f"pgx {pgx}")
    if any(v is not None for v in res["checked"].values()):
        print("OpenSpiel observer tensors equal to the tensor methods' at "
              + ", ".join(f"{p}: {n} decisions" for p, n in res["checked"].items()))
    vec, pub, play, dd = res["vector"], res["public"], res["playouts"], res["dd"]
    missing_os = f"OpenSpiel not installed ({peers.INSTALL['open_spiel']})"

    print(f"\n1. Batched environments, N = {args.envs}: steps per CPU second (every step "
          "returns the observations and masks); ratio = trapoula / OpenSpiel's rate")
    head = f"{'game':<13}" + "".join(f"{'vector ' + b:>17}" for b in builds)
    head += f"  {'OpenSpiel observer loop':<25}" + "".join(f"{'ratio ' + b:>15}" for b in builds)
    head += f"  {'(extra) list loop':>18}{'ratio ' + builds[0]:>16}"
    print(head)
    for label, _, _, _, peer in rows:
        ob, li = vec.get(f"{peer} observer"), vec.get(f"{peer} list")
        line = f"{label:<13}" + "".join(f"{_n(vec[f'{label} {b}']):>17}" for b in builds)
        line += f"  {peer:<10}{_n(ob):>15}" if ob else f"  {'-':<25}"
        line += "".join(f"{_r(vec[f'{label} {b}'], ob):>15}" for b in builds)
        line += f"  {_n(li):>18}{_r(vec[f'{label} {builds[0]}'], li):>16}"
        print(line)
    if "hearts observer" not in vec:
        print(missing_os)
    if args.no_pgx:
        print("Pgx: skipped (--no-pgx)")
    elif res["pgx"] is None:
        print(f"Pgx: not installed ({peers.INSTALL['pgx']})")
    elif "error" in res["pgx"]:
        print(f"Pgx: did not run: {res['pgx']['error']}")
    else:
        print(f"Pgx on the CPU, N = {args.envs}, jit(vmap(auto_reset(step))), no comparable "
              "game (for scale): "
              + ", ".join(f"{k} {_n(v)} steps/s" for k, v in res["pgx"].items()))

    print("\n2. Random playouts: CPU microseconds per random deal (bidding and play); "
          "ratio = trapoula's time / colver's")
    col = play.get("colver")
    print(f"{'game':<13}" + "".join(f"{b:>12}" for b in builds)
          + f"  {'colver Belote (Rust)':>21}" + "".join(f"{'ratio ' + b:>15}" for b in builds))
    for preset in ("gr", "ru"):
        label = f"Bourloto {preset}"
        ts = [play[f"{label} {b}"] * 1e6 for b in builds]
        print(f"{label:<13}" + "".join(f"{_n(t, 2):>12}" for t in ts)
              + f"  {_n(col * 1e6 if col else None, 2):>21}"
              + "".join(f"{_r(t, col * 1e6 if col else None):>15}" for t in ts))
    if col is None:
        print(f"colver: not installed ({peers.INSTALL['colver']})")

    print(f"\n3. Double-dummy solver, {args.dd_deals} full deals from the first lead: median "
          "CPU milliseconds a deal; ratio = trapoula's time / colver's")
    c = dd.get("colver")
    for b in builds:
        t = dd[f"trapoula {b}"]
        print(f"trapoula {b:<9}{_n(t * 1e3, 1):>10} ms   colver "
              f"{_n(c * 1e3 if c else None, 1):>8} ms   {_r(t, c):>8}")
    if c is None:
        print(f"colver: not installed ({peers.INSTALL['colver']})")

    print("\n4. Single-deal public API: random deals through legal_actions() + apply "
          "(OpenSpiel: the same from Python); CPU microseconds a deal; ratio = trapoula's "
          "time / OpenSpiel's")
    print(f"{'game':<13}" + "".join(f"{b:>12}" for b in builds) + f"{'decisions':>11}"
          + f"  {'OpenSpiel':<10}{'us/deal':>10}{'decisions':>11}"
          + "".join(f"{'ratio ' + b:>15}" for b in builds))
    for label, _, _, _, peer in rows:
        ts = [pub[f"{label} {b}"][0] * 1e6 for b in builds]
        os_t, os_d = pub.get(peer, (None, None))
        print(f"{label:<13}" + "".join(f"{_n(t, 1):>12}" for t in ts)
              + f"{_n(pub[f'{label} {builds[0]}'][1], 1):>11}"
              + f"  {peer:<10}{_n(os_t * 1e6 if os_t else None, 1):>10}{_n(os_d, 1):>11}"
              + "".join(f"{_r(t, os_t * 1e6 if os_t else None):>15}" for t in ts))
    if not pub.get("hearts"):
        print(missing_os)


def markdown(args: argparse.Namespace, res: dict[str, Any], start: str,
             rows: list[tuple[str, str, str | None, dict[str, Any], str]]) -> str:
    """The run's tables in Markdown (``--markdown FILE``: what the docs show)."""
    builds = list(res["builds"])
    vec, pub, play, dd = res["vector"], res["public"], res["playouts"], res["dd"]
    l0, l1 = res["load"]
    out = [f"Run of {start}: median of {args.rounds} rounds of {args.seconds:g} CPU s, "
           f"{os.cpu_count()} cores, load average {l0[0]:.1f} at the start, {l1[0]:.1f} at the "
           f"end; Python {platform.python_version()}, numpy "
           f"{next(iter(res['builds'].values()))['numpy']}; builds: "
           + ", ".join(f"{b} ({len(i['compiled'])} mypyc modules)" for b, i in
                       res["builds"].items()) + "."]
    out += ["", f"| batch, N = {args.envs} | "
            + " | ".join(f"{b} steps/s" for b in builds)
            + " | OpenSpiel observer loop | " + " | ".join(f"ratio {b}" for b in builds)
            + " | (extra) OpenSpiel list loop, ratio " + builds[0] + " |",
            "|---" * (2 * len(builds) + 3) + "|"]
    for label, _, _, _, peer in rows:
        ob, li = vec.get(f"{peer} observer"), vec.get(f"{peer} list")
        mine = [vec[f"{label} {b}"] for b in builds]
        out.append(f"| {label} | " + " | ".join(_n(v) for v in mine)
                   + f" | {peer} {_n(ob)} | " + " | ".join(f"**{_r(v, ob)}**" for v in mine)
                   + f" | {_n(li)}, {_r(mine[0], li)} |")
    if res.get("pgx") and "error" not in res["pgx"]:
        out += ["", "Pgx on the CPU (no comparable game, for scale): " + ", ".join(
            f"{k} {_n(v)} steps/s" for k, v in res["pgx"].items()) + "."]
    col = play.get("colver")
    out += ["", "| random playouts, µs a deal | " + " | ".join(builds)
            + " | colver Belote (Rust) | " + " | ".join(f"ratio {b}" for b in builds) + " |",
            "|---" * (2 * len(builds) + 2) + "|"]
    for preset in ("gr", "ru"):
        ts = [play[f"Bourloto {preset} {b}"] * 1e6 for b in builds]
        c = col * 1e6 if col else None
        out.append(f"| Bourloto {preset} | " + " | ".join(_n(t, 2) for t in ts)
                   + f" | {_n(c, 2)} | " + " | ".join(f"**{_r(t, c)}**" for t in ts) + " |")
    c = dd.get("colver")
    out += ["", f"| double dummy, {args.dd_deals} deals, median ms | "
            + " | ".join(builds) + " | colver | " + " | ".join(f"ratio {b}" for b in builds)
            + " |", "|---" * (2 * len(builds) + 2) + "|",
            "| Bourloto (gr rules) / Belote | "
            + " | ".join(_n(dd[f"trapoula {b}"] * 1e3, 1) for b in builds)
            + f" | {_n(c * 1e3 if c else None, 1)} | "
            + " | ".join(f"**{_r(dd[f'trapoula {b}'], c)}**" for b in builds) + " |"]
    out += ["", "| public API, µs a random deal | " + " | ".join(builds)
            + " | decisions | OpenSpiel µs a deal (decisions) | "
            + " | ".join(f"ratio {b}" for b in builds) + " |",
            "|---" * (2 * len(builds) + 3) + "|"]
    for label, _, _, _, peer in rows:
        ts = [pub[f"{label} {b}"][0] * 1e6 for b in builds]
        os_t, os_d = pub.get(peer, (None, None))
        o = os_t * 1e6 if os_t else None
        out.append(f"| {label} | " + " | ".join(_n(t, 1) for t in ts)
                   + f" | {_n(pub[f'{label} {builds[0]}'][1], 1)} | {peer} {_n(o, 1)} "
                   f"({_n(os_d, 1)}) | " + " | ".join(f"**{_r(t, o)}**" for t in ts) + " |")
    return "\n".join(out) + "\n"
