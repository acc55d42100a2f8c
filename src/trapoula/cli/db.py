"""``trapoula db``: the web store's database (needs the ``web`` extra).

``trapoula db upgrade`` brings a database to the newest schema (``trapoula serve`` does it
too when it starts); a database of trapoula b0301f4, which had no schema versions, is
recognised.  ``trapoula db backup FILE`` copies the database into a new SQLite file (SQLite's
online backup, safe while a server runs; PostgreSQL is copied row by row), which
``trapoula serve --database-url sqlite:///FILE`` serves.
"""

from __future__ import annotations

import argparse
from typing import Any

from trapoula.cli.common import Console

__all__ = ["add_parser", "run"]

_URL = "sqlite:///trapoula.db"


def add_parser(sub: Any) -> None:
    p = sub.add_parser("db", help="the web database: upgrade its schema, back it up",
                       description="The web store's database (tables, seats, actions, chat).")
    dsub = p.add_subparsers(dest="db_command", metavar="ACTION", required=True)
    up = dsub.add_parser("upgrade", help="bring the database to the newest schema")
    up.add_argument("--database-url", default=_URL, help=f"SQLAlchemy URL ({_URL})")
    bk = dsub.add_parser("backup", help="copy the database into a new SQLite file")
    bk.add_argument("file", help="the backup file to create (never overwritten)")
    bk.add_argument("--database-url", default=_URL, help=f"SQLAlchemy URL ({_URL})")
    p.set_defaults(run=run)


def run(args: argparse.Namespace, con: Console) -> int:
    try:
        import sqlalchemy  # noqa: F401

        from trapoula.web import backup, schema, store
    except ImportError:
        con.error("trapoula db needs the web extra: pip install 'trapoula[web]'")
        return 1
    url = args.database_url
    try:
        if args.db_command == "upgrade":
            before, after = schema.upgrade(url)
            if before == after:
                con.print(f"{url}: already at schema revision {after}")
            else:
                con.print(f"{url}: schema revision {before or 'empty'} -> {after}")
            return 0
        n = backup.backup(url, args.file)
        con.print(f"{url}: backed up into {args.file} ({n} actions)")
        return 0
    except store.StoreUnavailable as exc:
        con.error(f"error: {exc}")
        return 2
