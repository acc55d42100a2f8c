"""``trapoula verify RECORD``: check that every deal of a saved web table was fixed in advance.

A record saved from ``trapoula serve`` (``GET /api/tables/{id}/record``) lists every deal's
revealed pack, salt and commitment (``"fair"``) and, for tables since the seed's chain, the
chain (``"chain"``: the server's secret and commitment, each seat's commitment and value).  The
command checks the chain (H(secret) is the server's commitment, each value hashes to its
seat's commitment, the record's seed is hashed from them) and, deal by deal, that
SHA-256(pack + salt) is the commitment the seats were shown and that the pack is the deal the
engine deals from the record (docs/web.md, "Fair dealing").  A record saved before chains has
none and is checked deal by deal as before.  Exit code 0: everything checks.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from trapoula.cli.common import Console

__all__ = ["add_parser", "run"]


def add_parser(sub: Any) -> None:
    p = sub.add_parser("verify", help="check a web table's deals against their commitments",
                       description="Check a saved web record: each deal's SHA-256 commitment "
                                   "matches its revealed pack and salt, and the pack is the deal "
                                   "played.")
    p.add_argument("record", help="a record saved from trapoula serve (JSON)")
    p.set_defaults(run=run)


def run(args: argparse.Namespace, con: Console) -> int:
    from trapoula.web.fair import verify_record

    try:
        record = json.loads(Path(args.record).read_text(encoding="utf-8"))
        problems = verify_record(record)
    except (OSError, ValueError, KeyError, TypeError) as exc:
        con.error(f"cannot verify {args.record}: {exc}")
        return 1
    deals = len(record.get("fair") or [])
    if problems:
        for p in problems:
            con.print(f"NOT FAIR: {p}")
        return 1
    con.print(f"fair: {deals} deal(s) checked, every commitment matches its pack and salt, "
              "and every pack is the deal played")
    chain = record.get("chain")
    if isinstance(chain, dict):
        seats = len(chain.get("commits") or {})
        withheld = chain.get("withheld") or []
        con.print(f"seed: hashed from the server's committed secret and {seats} seat value(s)"
                  + (f" ({', '.join(withheld)} withheld: a public value stood for it)"
                     if withheld else "") + ", all checked")
        source = chain.get("source")
        if isinstance(source, dict):
            con.print(f"the seed of round {source.get('round')} of tournament "
                      f"{source.get('tourney')} (a duplicate round: every table of it dealt "
                      "from this seed; its values are the entrants', E1, E2, ...)")
    else:
        con.print("seed: the record has no chain (saved before chains, or a chosen seed): "
                  "only its deals are checked")
    return 0
