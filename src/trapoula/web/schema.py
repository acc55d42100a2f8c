"""Schema versions of the web store: Alembic migrations, upgrade, and backup.

The migrations live in ``trapoula/web/migrations/versions`` (shipped with the package):
``0001`` is the schema of trapoula b0301f4, ``0002`` adds each table's every option value,
dealing and engine versions, ``0003`` the commit-reveal chain of its seed, ``0004`` a seat's
clock state and the tables' leases, ``0005`` player accounts, their sessions and the account
that holds a seat, ``0006`` ratings, the matches each player played and each finished
table's result, ``0007`` friends, blocks, mutes, invites, reports, sanctions, presence and
the account that wrote a chat line, ``0009`` the score sheets accounts keep and the club
nights, ``0010`` the online tournaments and the tables made for them.  :func:`upgrade`
brings any database to :data:`HEAD`
(opening a :class:`~trapoula.web.store.SqlStore` does it); :func:`trapoula.web.backup.backup`
copies one into a SQLite file.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from trapoula.web.rows import StoreUnavailable

__all__ = ["HEAD", "MIGRATIONS", "current_revision", "upgrade"]

HEAD = "0010"  # the newest schema revision (web/migrations/versions)
MIGRATIONS = Path(__file__).with_name("migrations")
_B0301F4_TABLES = {"tables", "seats", "actions", "chat"}


def _alembic(conn: Any) -> Any:
    from alembic.config import Config

    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    cfg.attributes["connection"] = conn
    return cfg


def current_revision(engine: Any) -> str | None:
    """The schema revision of a database (None: empty; ``"b0301f4"``: the unversioned
    schema of trapoula b0301f4)."""
    import sqlalchemy as sa
    from alembic.runtime.migration import MigrationContext

    with engine.connect() as conn:
        rev = MigrationContext.configure(conn).get_current_revision()
        if rev is None and _B0301F4_TABLES <= set(sa.inspect(conn).get_table_names()):
            return "b0301f4"
        return rev


def upgrade(engine: Any) -> tuple[str | None, str | None]:
    """Bring a database to the newest schema (:data:`HEAD`); ``(revision before, after)``.

    An empty database gets every migration; one written by trapoula b0301f4 (its tables but
    no ``alembic_version``) is stamped as ``0001`` first; a revision newer than this trapoula
    knows is refused.  On PostgreSQL an advisory lock keeps two servers from migrating at
    once.  Accepts an engine or a URL."""
    import sqlalchemy as sa
    from alembic import command
    from alembic.script import ScriptDirectory

    if isinstance(engine, str):
        own = sa.create_engine(engine)
        try:
            return upgrade(own)
        finally:
            own.dispose()
    errors = (sa.exc.SQLAlchemyError, engine.dialect.loaded_dbapi.Error)
    try:
        before = current_revision(engine)
        known = {r.revision for r in ScriptDirectory(str(MIGRATIONS)).walk_revisions()}
        if before not in (None, "b0301f4") and before not in known:
            raise StoreUnavailable(
                f"the database has schema revision {before}, which this trapoula does not "
                f"know (newest: {HEAD}); it was written by a newer trapoula")
        with engine.begin() as conn:
            if conn.dialect.name == "postgresql":
                conn.exec_driver_sql("SELECT pg_advisory_xact_lock(7270012)")
            cfg = _alembic(conn)
            if current_revision_of(conn) is None and _B0301F4_TABLES <= set(
                    sa.inspect(conn).get_table_names()):
                command.stamp(cfg, "0001")
            command.upgrade(cfg, "head")
        return before, current_revision(engine)
    except errors as exc:
        raise StoreUnavailable(f"cannot upgrade the database: {type(exc).__name__}: {exc}") \
            from exc


def current_revision_of(conn: Any) -> str | None:
    from alembic.runtime.migration import MigrationContext

    rev: str | None = MigrationContext.configure(conn).get_current_revision()
    return rev
