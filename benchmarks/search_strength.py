"""The search bots' strength table: arena lines with fixed seeds (issue 6).

Each line is one ``trapoula arena`` run (duplicate deals: partnership deals played twice with
the seats swapped, Bourré deals once per rotation of the table); the seed of every line is
2026.  The command behind each line is printed with it, so any figure can be reproduced
alone.  By default (``make bench``) each line plays 60 deals, which takes minutes; ``--full``
plays the committed counts (600 deals for most lines: about two hours on two cores, most of
it the ``expert`` line); ``--only TEXT`` keeps the lines whose command contains TEXT.

    .venv/bin/python benchmarks/search_strength.py [--full] [--workers 2] [--only bourre]

docs/search.md holds the table this produced and how long it took.
"""

from __future__ import annotations

import argparse
import json
import shlex
import subprocess
import sys
import tempfile
from pathlib import Path

SEED = 2026
# (arguments of `trapoula arena`, deals)
LINES: list[tuple[str, int]] = [
    ("bourloto --preset gr --bots heuristic,random", 600),
    ("bourloto --preset gr --bots hard,heuristic", 600),
    ("bourloto --preset gr --bots expert,heuristic", 200),
    ("bourloto --preset ru --bots heuristic,random", 600),
    ("bourloto --preset ru --bots hard,heuristic", 600),
    ("bourre --bots heuristic,random", 300),
    ("bourre --bots hard,heuristic", 600),
    ("bourre --bots expert,heuristic", 300),
    ("burraco --bots heuristic,random", 100),
    ("burraco --bots rollout,heuristic", 40),
]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--full", action="store_true", help="the committed deal counts")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--only", default="", help="only the lines containing this text")
    a = ap.parse_args(argv)
    exe = [sys.executable, "-c", "import sys; from trapoula.cli.main import main; "
                                 "sys.exit(main(sys.argv[1:]))"]
    print(f"{'line':52} {'deals':>5} {'X - Y per deal (95% CI)':>30} {'X ms/move':>10}")
    status = 0
    with tempfile.TemporaryDirectory() as tmp:
        for k, (line, deals) in enumerate(LINES):
            if a.only and a.only not in line:
                continue
            n = deals if a.full else min(deals, 60)
            out = Path(tmp) / f"line{k}.json"
            cmd = (f"arena {line} --deals {n} --seed {SEED} --workers {a.workers} --quiet "
                   f"--out {out}")
            r = subprocess.run([*exe, *shlex.split(cmd)], capture_output=True, text=True)
            if r.returncode != 0:
                print(f"{line:52} failed: {r.stderr.strip()[:200]}")
                status = 1
                continue
            res = json.loads(out.read_text())
            pair = res["pairs"][0]
            d = pair["deals"]["diff"]
            ms = res["timing"].get(pair["x"], {}).get("ms_per_move", 0.0)
            ci = f"{d['mean']:+.2f} [{d['low']:+.2f}, {d['high']:+.2f}] {res['unit']}"
            print(f"{line:52} {n:>5} {ci:>30} {ms:>10.1f}", flush=True)
            print(f"    trapoula {cmd.replace(str(out), 'RESULTS.json')}")
    return status


if __name__ == "__main__":
    raise SystemExit(main())
