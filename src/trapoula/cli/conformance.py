"""``trapoula conformance FILE_OR_DIR...``: run scenario files (scenarios.md).

The runner itself is :func:`trapoula.core.conformance.run_paths`; it prints one line per
case and the closing line, and its return value is the exit code (2, with ``error: …`` and no
case run, for a path that does not exist or is not a scenario file).
"""

from __future__ import annotations

import argparse
from typing import Any

from trapoula.cli.common import Console

__all__ = ["add_parser", "run"]


def add_parser(sub: Any) -> None:
    p = sub.add_parser("conformance", help="run conformance scenario files",
                       description="Run trapoula-scenarios/1 files or folders of them.")
    p.add_argument("paths", nargs="+", metavar="FILE_OR_DIR")
    p.set_defaults(run=run)


def run(args: argparse.Namespace, con: Console) -> int:
    try:
        from trapoula.core.conformance import run_paths
    except ImportError as exc:
        con.error(f"error: the conformance runner is not available ({exc})")
        return 2
    return int(run_paths(list(args.paths), out=con.out, err=con.err))
