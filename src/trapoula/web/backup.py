"""A copy of the web store's database in a new SQLite file (``trapoula db backup``)."""

from __future__ import annotations

from pathlib import Path

from trapoula.web.store import SqlStore

__all__ = ["backup"]


def backup(url: str, path: str | Path) -> int:
    """Copy the database at ``url`` into a new SQLite file ``path``; the number of actions.

    SQLite is copied page by page by SQLite's online backup (safe while a server writes);
    another database (PostgreSQL) is copied row by row into a SQLite file of the same schema
    (every table of it: tables, seats, actions, chat, accounts, sessions...).
    Either way ``trapoula serve --database-url sqlite:///PATH`` serves the copy."""
    import sqlite3

    import sqlalchemy as sa

    target = Path(path)
    if target.exists():
        raise FileExistsError(f"{target} exists: a backup never overwrites a file")
    source = SqlStore(url)  # at HEAD
    try:
        if source.sqlite:
            raw = source.engine.raw_connection()
            try:
                dst = sqlite3.connect(target)
                with dst:
                    raw.driver_connection.backup(dst)  # type: ignore[union-attr]
                dst.execute("PRAGMA journal_mode=DELETE")
                dst.close()
            finally:
                raw.close()
        else:
            copy = SqlStore(f"sqlite:///{target}")
            try:
                # every table of the schema (the copy is at HEAD too), parents first
                md = sa.MetaData()
                md.reflect(copy.engine)
                with source.engine.connect() as src, copy.engine.begin() as dst:
                    for table in md.sorted_tables:
                        if table.name == "alembic_version":
                            continue
                        rows = [dict(r._mapping) for r in src.execute(sa.select(
                            sa.table(table.name, *(sa.column(c.name) for c in table.c))))]
                        if rows:
                            dst.execute(table.insert(), rows)
            finally:
                copy.close()
        check = sqlite3.connect(target)
        n = int(check.execute("SELECT count(*) FROM actions").fetchone()[0])
        check.close()
        return n
    finally:
        source.close()
