"""``trapoula analyse RECORD.json``: double-dummy analysis of every card played.

For each card a player chose in a Bourloto or Bourré deal (or each deal of a match): the
double-dummy value of every legal card (the side's points, or tricks in Bourré, from there on
with all hands known and best play), the card a search bot would have played from the
player's own view (``--bot``, default ``expert``; ``--bot none`` skips it), and what the
choice lost.  Closes with each player's points lost.  ``--json FILE`` writes it all.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from trapoula.cli.common import Console, check_writable
from trapoula.errors import ConfigError

__all__ = ["add_parser", "format_analysis", "run"]


def add_parser(sub: Any) -> None:
    p = sub.add_parser("analyse", help="double-dummy analysis of a recorded deal",
                       description="The double-dummy value of each legal card at every card "
                                   "played, a bot's choice, and the points each player lost.")
    p.add_argument("record", help="a trapoula-record JSON file (trapoula play --save)")
    p.add_argument("--bot", default="expert", help="bot whose choice is shown (or 'none')")
    p.add_argument("--seed", type=int, default=0, help="the bot's seed")
    p.add_argument("--json", metavar="FILE", help="also write the analysis as JSON")
    p.set_defaults(run=run)


def format_analysis(rows: Any, summ: dict[str, dict[str, float]]) -> str:
    """The analysis table and the per-player summary."""
    lines = []
    multi = len({r.deal for r in rows}) > 1
    for r in rows:
        vals = "  ".join(
            f"{c}{'*' if c in r.best else ''} {v:g}" for c, v in
            sorted(r.values.items(), key=lambda kv: (-kv[1], kv[0])))
        bot = f"  bot {r.bot_card}" if r.bot_card is not None else ""
        lost = f"  lost {r.lost:g}" if r.lost > 1e-9 else ""
        where = f"deal {r.deal} " if multi else ""
        lines.append(f"{where}trick {r.trick} {r.seat} played {r.played}: {vals}{bot}{lost}")
    unit = rows[0].unit if rows else "points"
    lines.append("")
    lines.append(f"{'player':>6} {'cards':>5} {'mistakes':>8} {unit + ' lost':>12} "
                 f"{'per card':>8} {'= bot':>7}")
    for seat, s in summ.items():
        agree = f"{int(s['agree_bot'])}/{int(s['bot_cards'])}" if s["bot_cards"] else "-"
        lines.append(f"{seat:>6} {int(s['cards']):>5} {int(s['mistakes']):>8} "
                     f"{s['lost']:>12g} {s['lost_per_card']:>8.2f} {agree:>7}")
    return "\n".join(lines)


def run(args: argparse.Namespace, con: Console) -> int:
    from trapoula.search.analysis import analyse_record, summary

    if args.json:  # tried now, not after the analysis
        why = check_writable(args.json)
        if why:
            raise ConfigError(f"--json {args.json}: cannot write there ({why}); choose another "
                              "path (nothing was analysed)")
    path = Path(args.record)
    try:
        record = json.loads(path.read_text(encoding="utf-8"))
    except json.JSONDecodeError as exc:
        raise ConfigError(f"{path}: not JSON ({exc})") from exc
    if record.get("game") not in ("bourloto", "bourre"):
        raise ConfigError(f"analyse handles bourloto and bourre records, not "
                          f"{record.get('game')!r}")
    from trapoula.bots import make_bot

    name, seed = args.bot, args.seed
    bot = None if name in ("none", "") else (lambda g: make_bot(name, g, seed=seed))
    rows = analyse_record(record, bot)
    summ = summary(rows)
    con.print(format_analysis(rows, summ))
    if args.json:
        Path(args.json).write_text(json.dumps(
            {"moves": [r.as_dict() for r in rows], "players": summ}, indent=1) + "\n",
            encoding="utf-8")
    return 0
