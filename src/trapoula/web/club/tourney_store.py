"""The rows of online tournaments: :class:`SqlTourneys` on the table store's database (SQLite
or PostgreSQL; migration ``0010``) and :class:`MemoryTourneys` beside a memory store.

A tournament is its JSON (:mod:`trapoula.web.club.tourney`) written with a version number,
as a club night is: a write names the version it read and is not written (``put`` answers
False) when another request or process wrote first — the caller reads again and retries.
That is what makes a tournament advance exactly once when two processes see its tables
finish.

>>> t = MemoryTourneys()
>>> t.add(TourneyRow("t1", "a1", "Sunday", "bourloto", "registering", 0.0, None, 1, "{}"))
>>> t.put("t1", 1, "{}", "playing", 1.0), t.put("t1", 1, "{}", "playing", 2.0)
(True, False)
>>> t.link("tab1", "t1", 1); t.of_table("tab1")
('t1', 1)
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, replace
from typing import Any, Protocol

from trapoula.web.club.store import SqlRows

__all__ = ["MemoryTourneys", "SqlTourneys", "TourneyRow", "Tourneys", "tourneys_of"]


@dataclass(frozen=True)
class TourneyRow:
    tourney_id: str
    organiser: str  # account id
    title: str
    game: str
    status: str  # registering, playing, over
    created: float
    starts: float | None
    version: int
    data: str  # the tournament's JSON


class Tourneys(Protocol):
    def add(self, row: TourneyRow) -> None: ...
    def get(self, tourney_id: str) -> TourneyRow | None: ...
    def recent(self, limit: int = 100) -> list[TourneyRow]: ...
    def put(self, tourney_id: str, version: int, data: str, status: str, now: float) -> bool:
        """Write ``data`` as version ``version + 1`` if the stored one is ``version``."""
        ...

    def link(self, table_id: str, tourney_id: str, rnd: int) -> None: ...
    def of_table(self, table_id: str) -> tuple[str, int] | None: ...


class MemoryTourneys:
    """The rows in memory (one process)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._rows: dict[str, TourneyRow] = {}
        self._tables: dict[str, tuple[str, int]] = {}

    def add(self, row: TourneyRow) -> None:
        with self._lock:
            self._rows[row.tourney_id] = row

    def get(self, tourney_id: str) -> TourneyRow | None:
        return self._rows.get(tourney_id)

    def recent(self, limit: int = 100) -> list[TourneyRow]:
        return sorted(self._rows.values(), key=lambda r: -r.created)[:limit]

    def put(self, tourney_id: str, version: int, data: str, status: str, now: float) -> bool:
        with self._lock:
            row = self._rows[tourney_id]
            if row.version != version:
                return False
            self._rows[tourney_id] = replace(row, version=version + 1, data=data,
                                             status=status)
            return True

    def link(self, table_id: str, tourney_id: str, rnd: int) -> None:
        with self._lock:
            self._tables[table_id] = (tourney_id, rnd)

    def of_table(self, table_id: str) -> tuple[str, int] | None:
        return self._tables.get(table_id)


class SqlTourneys(SqlRows):
    """The rows in the tables' SQL database (migration 0010)."""

    def __init__(self, engine: Any) -> None:
        import sqlalchemy as sa

        super().__init__(engine)
        md = sa.MetaData()
        self.rows = sa.Table(
            "tournaments", md,
            sa.Column("tourney_id", sa.String(32), primary_key=True),
            sa.Column("organiser", sa.String(32), nullable=False),
            sa.Column("title", sa.String(80), nullable=False),
            sa.Column("game", sa.String(16), nullable=False),
            sa.Column("status", sa.String(16), nullable=False),
            sa.Column("created", sa.Float, nullable=False),
            sa.Column("starts", sa.Float),
            sa.Column("updated", sa.Float, nullable=False),
            sa.Column("version", sa.Integer, nullable=False),
            sa.Column("data", sa.Text, nullable=False),
        )
        self.tables = sa.Table(
            "tourney_tables", md,
            sa.Column("table_id", sa.String(32), primary_key=True),
            sa.Column("tourney_id", sa.String(32), nullable=False),
            sa.Column("round", sa.Integer, nullable=False),
        )

    @staticmethod
    def _row(r: Any) -> TourneyRow:
        return TourneyRow(r.tourney_id, r.organiser, r.title, r.game, r.status,
                          float(r.created), None if r.starts is None else float(r.starts),
                          int(r.version), r.data)

    def add(self, row: TourneyRow) -> None:
        def go() -> None:
            with self.engine.begin() as c:
                c.execute(self.rows.insert().values(
                    tourney_id=row.tourney_id, organiser=row.organiser, title=row.title,
                    game=row.game, status=row.status, created=row.created, starts=row.starts,
                    updated=row.created, version=row.version, data=row.data))
        self._run("adding a tournament", go)

    def get(self, tourney_id: str) -> TourneyRow | None:
        t = self.rows

        def go() -> TourneyRow | None:
            with self.engine.connect() as c:
                r = c.execute(self._sa.select(t).where(t.c.tourney_id == tourney_id)).first()
            return None if r is None else self._row(r)
        out: TourneyRow | None = self._run("reading a tournament", go)
        return out

    def recent(self, limit: int = 100) -> list[TourneyRow]:
        t = self.rows

        def go() -> list[TourneyRow]:
            with self.engine.connect() as c:
                return [self._row(r) for r in c.execute(
                    self._sa.select(t).order_by(t.c.created.desc()).limit(limit))]
        out: list[TourneyRow] = self._run("listing tournaments", go)
        return out

    def put(self, tourney_id: str, version: int, data: str, status: str, now: float) -> bool:
        t = self.rows

        def go() -> bool:
            with self.engine.begin() as c:
                return bool(c.execute(t.update().where(t.c.tourney_id == tourney_id,
                                                       t.c.version == version)
                                      .values(version=version + 1, data=data, status=status,
                                              updated=now)).rowcount)
        out: bool = self._run("writing a tournament", go)
        return out

    def link(self, table_id: str, tourney_id: str, rnd: int) -> None:
        def go() -> None:
            with self.engine.begin() as c:
                c.execute(self.tables.insert().values(table_id=table_id, tourney_id=tourney_id,
                                                      round=rnd))
        self._run("linking a table to its tournament", go)

    def of_table(self, table_id: str) -> tuple[str, int] | None:
        t = self.tables

        def go() -> tuple[str, int] | None:
            with self.engine.connect() as c:
                r = c.execute(self._sa.select(t).where(t.c.table_id == table_id)).first()
            return None if r is None else (r.tourney_id, int(r.round))
        out: tuple[str, int] | None = self._run("finding a table's tournament", go)
        return out


def tourneys_of(store: Any) -> Tourneys:
    """The tournaments' rows beside a table store: the same SQL database, or memory (kept on
    the memory store, so that every app over it sees the same rows)."""
    engine = getattr(store, "engine", None)
    if engine is not None:
        return SqlTourneys(engine)
    own: Tourneys | None = getattr(store, "tourneys", None)
    if own is None:
        own = store.tourneys = MemoryTourneys()
    return own
