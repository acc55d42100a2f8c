"""The ``trapoula`` command (argparse, standard library only).

>>> main(["--version"])
trapoula 0.1.0
0
>>> main(["rules", "nosuchgame"])  # the message goes to stderr
2
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

import trapoula
from trapoula.cli import (
    admin,
    analyse,
    arena,
    conformance,
    db,
    play,
    replay,
    rules,
    serve,
    simulate,
    train,
    verify,
)
from trapoula.cli.common import Console
from trapoula.errors import TrapoulaError

__all__ = ["build_parser", "main"]


class _Parser(argparse.ArgumentParser):
    """Usage errors go to the console's error stream and exit with code 2."""

    def exit(self, status: int = 0, message: str | None = None) -> None:  # type: ignore[override]
        if message:
            sys.stderr.write(message)
        raise _Exit(status)


class _Exit(Exception):
    def __init__(self, code: int) -> None:
        self.code = code


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="trapoula",
        description="Bourloto, Bourré and Burraco: play in the terminal, replay, simulate "
                    "bots, check rules.",
    )
    parser.add_argument("--version", action="store_true", help="print the version and exit")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    play.add_parser(sub)
    replay.add_parser(sub)
    simulate.add_parser(sub)
    arena.add_parser(sub)
    analyse.add_parser(sub)
    conformance.add_parser(sub)
    serve.add_parser(sub)
    verify.add_parser(sub)
    train.add_parser(sub)
    db.add_parser(sub)
    admin.add_parser(sub)
    rules.add_parsers(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit code (0 success, 1 failures, 2 usage error)."""
    con = Console()
    parser = build_parser()
    try:
        args, extra = parser.parse_known_args(list(sys.argv[1:] if argv is None else argv))
        if extra:
            # option=value words may come after --flags; anything else is a usage error
            if hasattr(args, "options") and all("=" in e and not e.startswith("-")
                                                for e in extra):
                args.options = list(args.options) + extra
            else:
                parser.error(f"unrecognized arguments: {' '.join(extra)}")
    except _Exit as exc:
        return exc.code
    if args.version:
        con.print(f"trapoula {trapoula.__version__}")
        return 0
    if not getattr(args, "command", None):
        parser.print_help(con.out)
        return 2
    try:
        return int(args.run(args, con))
    except TrapoulaError as exc:
        con.error(f"error: {exc}")
        return 2
    except BrokenPipeError:  # pragma: no cover - e.g. `trapoula rules bourloto | head`
        return 0
    except OSError as exc:
        con.error(f"error: {exc}")
        return 2
    except KeyboardInterrupt:
        con.error("")
        return 130
