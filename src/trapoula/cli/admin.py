"""``trapoula admin``: the players' home from the command line (needs the ``web`` extra).

Every subcommand works on the database of ``--database-url`` (the one ``trapoula serve``
uses; its schema is brought to the newest first, as the server does), while a server runs or
not.  The subcommands are registered with :func:`admin_command` by the modules of
:data:`MODULES` (accounts: :mod:`trapoula.cli.admin_accounts`); a module that adds some (e.g.
moderation) registers itself there and lists itself in :data:`MODULES`.

>>> sorted(commands())[:3]
['accounts', 'reset-password', 'role']
"""

from __future__ import annotations

import argparse
import importlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from trapoula.cli.common import Console

if TYPE_CHECKING:
    from trapoula.web.people.rows import People

__all__ = ["MODULES", "AdminCommand", "AdminError", "add_parser", "admin_command", "commands",
           "run"]

_URL = "sqlite:///trapoula.db"
#: the modules whose import registers admin subcommands (in the order of ``--help``)
MODULES = ("trapoula.cli.admin_accounts",)

Run = Callable[[argparse.Namespace, Console, "People"], int]


class AdminError(Exception):
    """A subcommand cannot do what was asked; the message says why (exit code 1)."""


@dataclass(frozen=True)
class AdminCommand:
    """A ``trapoula admin NAME`` subcommand: its help, its arguments and what it does with
    the players' home (returns the exit code)."""

    name: str
    help: str
    arguments: Callable[[argparse.ArgumentParser], None]
    run: Run


_COMMANDS: dict[str, AdminCommand] = {}


def admin_command(name: str, help: str,
                  arguments: Callable[[argparse.ArgumentParser], None] | None = None
                  ) -> Callable[[Run], Run]:
    """Register the decorated ``run(args, console, people) -> exit code`` as
    ``trapoula admin NAME``; ``arguments(parser)`` adds its arguments."""
    def register(fn: Run) -> Run:
        _COMMANDS[name] = AdminCommand(name, help, arguments or (lambda p: None), fn)
        return fn
    return register


def commands() -> dict[str, AdminCommand]:
    """Every registered subcommand (the modules of :data:`MODULES` imported)."""
    for module in MODULES:
        importlib.import_module(module)
    return dict(_COMMANDS)


def add_parser(sub: Any) -> None:
    p = sub.add_parser("admin", help="the players' home: accounts, passwords, roles",
                       description="Administer the web room's accounts (the database of "
                                   "trapoula serve).")
    asub = p.add_subparsers(dest="admin_command", metavar="ACTION", required=True)
    for c in commands().values():
        sp = asub.add_parser(c.name, help=c.help, description=c.help)
        sp.add_argument("--database-url", default=_URL, help=f"SQLAlchemy URL ({_URL})")
        c.arguments(sp)
    p.set_defaults(run=run)


def run(args: argparse.Namespace, con: Console) -> int:
    try:
        import sqlalchemy  # noqa: F401

        from trapoula.web.people.store import people_of
        from trapoula.web.store import SqlStore, StoreUnavailable
    except ImportError:
        con.error("trapoula admin needs the web extra: pip install 'trapoula[web]'")
        return 1
    command = commands()[args.admin_command]
    try:
        store = SqlStore(args.database_url)
    except StoreUnavailable as exc:
        con.error(f"error: {exc}")
        return 2
    try:
        return command.run(args, con, people_of(store))
    except AdminError as exc:
        con.error(f"error: {exc}")
        return 1
    except StoreUnavailable as exc:
        con.error(f"error: {exc}")
        return 2
    finally:
        store.close()
