"""The stores of the clubs' rows: :class:`SqlClubs` on the table store's database (SQLite or
PostgreSQL; migration ``0009``) and :class:`MemoryClubs` beside a memory store.

A score sheet saved by an account is its JSON (``trapoula.club.sheet``'s ``to_dict``); a club
night is its JSON (:mod:`trapoula.web.club.nights`), written with a version number: a write
names the version it read and is not written (``put_night`` answers False) when another
request, in this process or another, wrote first — the caller reads again and retries.  (A
store call that raises is a database failure to the service, hence the answers.)

>>> c = MemoryClubs()
>>> c.add_night(NightRow("n1", "ABC123", "a1", "Tuesday", "burraco", 0.0, None, 1, "{}"))
True
>>> c.night_by_code("abc123").night_id
'n1'
>>> c.put_night("n1", 1, "{}", 1.0), c.put_night("n1", 1, "{}", 2.0)
(True, False)
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, replace
from typing import Any, Protocol

from trapoula.web.rows import StoreUnavailable

__all__ = ["Clubs", "MemoryClubs", "NightRow", "SheetRow", "SqlClubs", "clubs_of"]


@dataclass(frozen=True)
class SheetRow:
    sheet_id: str
    account_id: str
    title: str
    updated: float
    data: str  # the sheet's JSON


@dataclass(frozen=True)
class NightRow:
    night_id: str
    code: str  # upper case letters and digits: the night's public page /night/{code}
    director: str  # account id
    title: str
    game: str
    created: float
    starts: float | None
    version: int
    data: str  # the night's JSON (web/club/nights.py)


class Clubs(Protocol):
    def put_sheet(self, row: SheetRow) -> None: ...
    def get_sheet(self, sheet_id: str) -> SheetRow | None: ...
    def sheets_of(self, account_id: str, limit: int = 100) -> list[SheetRow]: ...
    def drop_sheet(self, sheet_id: str, account_id: str) -> int: ...
    def add_night(self, row: NightRow) -> bool:
        """Store a new night; False when its code is taken."""
        ...

    def night_by_code(self, code: str) -> NightRow | None: ...
    def nights_of(self, director: str, limit: int = 100) -> list[NightRow]: ...
    def put_night(self, night_id: str, version: int, data: str, now: float) -> bool:
        """Write ``data`` as version ``version + 1`` if the stored one is ``version``
        (else False: another request wrote first)."""
        ...


class MemoryClubs:
    """The rows in memory (one process)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._sheets: dict[str, SheetRow] = {}
        self._nights: dict[str, NightRow] = {}

    def put_sheet(self, row: SheetRow) -> None:
        with self._lock:
            self._sheets[row.sheet_id] = row

    def get_sheet(self, sheet_id: str) -> SheetRow | None:
        return self._sheets.get(sheet_id)

    def sheets_of(self, account_id: str, limit: int = 100) -> list[SheetRow]:
        rows = [r for r in self._sheets.values() if r.account_id == account_id]
        return sorted(rows, key=lambda r: -r.updated)[:limit]

    def drop_sheet(self, sheet_id: str, account_id: str) -> int:
        with self._lock:
            row = self._sheets.get(sheet_id)
            if row is None or row.account_id != account_id:
                return 0
            del self._sheets[sheet_id]
            return 1

    def add_night(self, row: NightRow) -> bool:
        with self._lock:
            if any(n.code == row.code for n in self._nights.values()):
                return False
            self._nights[row.night_id] = row
            return True

    def night_by_code(self, code: str) -> NightRow | None:
        code = code.upper()
        return next((n for n in self._nights.values() if n.code == code), None)

    def nights_of(self, director: str, limit: int = 100) -> list[NightRow]:
        rows = [n for n in self._nights.values() if n.director == director]
        return sorted(rows, key=lambda r: -r.created)[:limit]

    def put_night(self, night_id: str, version: int, data: str, now: float) -> bool:
        with self._lock:
            row = self._nights[night_id]
            if row.version != version:
                return False
            self._nights[night_id] = replace(row, version=version + 1, data=data)
            return True


class SqlClubs:
    """The rows in the tables' SQL database (its schema at the newest: migration 0009)."""

    def __init__(self, engine: Any) -> None:
        import sqlalchemy as sa

        self.engine = engine
        md = sa.MetaData()
        self.sheets = sa.Table(
            "score_sheets", md,
            sa.Column("sheet_id", sa.String(32), primary_key=True),
            sa.Column("account_id", sa.String(32), nullable=False),
            sa.Column("title", sa.String(80), nullable=False),
            sa.Column("updated", sa.Float, nullable=False),
            sa.Column("data", sa.Text, nullable=False),
        )
        self.nights = sa.Table(
            "club_nights", md,
            sa.Column("night_id", sa.String(32), primary_key=True),
            sa.Column("code", sa.String(16), nullable=False, unique=True),
            sa.Column("director", sa.String(32), nullable=False),
            sa.Column("title", sa.String(80), nullable=False),
            sa.Column("game", sa.String(16), nullable=False),
            sa.Column("created", sa.Float, nullable=False),
            sa.Column("starts", sa.Float),
            sa.Column("updated", sa.Float, nullable=False),
            sa.Column("version", sa.Integer, nullable=False),
            sa.Column("data", sa.Text, nullable=False),
        )
        self._sa = sa
        self._errors: tuple[type[BaseException], ...] = (
            sa.exc.SQLAlchemyError, engine.dialect.loaded_dbapi.Error)

    def _run(self, what: str, fn: Any) -> Any:
        try:
            return fn()
        except self._sa.exc.IntegrityError:
            raise
        except self._errors as exc:
            raise StoreUnavailable(f"the database failed in {what}: {type(exc).__name__}: "
                                   f"{exc}") from exc

    @staticmethod
    def _sheet(r: Any) -> SheetRow:
        return SheetRow(r.sheet_id, r.account_id, r.title, float(r.updated), r.data)

    @staticmethod
    def _night(r: Any) -> NightRow:
        return NightRow(r.night_id, r.code, r.director, r.title, r.game, float(r.created),
                        None if r.starts is None else float(r.starts), int(r.version), r.data)

    def put_sheet(self, row: SheetRow) -> None:
        s = self.sheets
        values = {"account_id": row.account_id, "title": row.title, "updated": row.updated,
                  "data": row.data}

        def go() -> None:
            with self.engine.begin() as c:
                n = c.execute(s.update().where(s.c.sheet_id == row.sheet_id)
                              .values(**values)).rowcount
                if not n:
                    c.execute(s.insert().values(sheet_id=row.sheet_id, **values))
        self._run("put_sheet", go)

    def get_sheet(self, sheet_id: str) -> SheetRow | None:
        s = self.sheets

        def go() -> SheetRow | None:
            with self.engine.connect() as c:
                r = c.execute(self._sa.select(s).where(s.c.sheet_id == sheet_id)).first()
            return None if r is None else self._sheet(r)
        out: SheetRow | None = self._run("get_sheet", go)
        return out

    def sheets_of(self, account_id: str, limit: int = 100) -> list[SheetRow]:
        s = self.sheets

        def go() -> list[SheetRow]:
            with self.engine.connect() as c:
                return [self._sheet(r) for r in c.execute(
                    self._sa.select(s).where(s.c.account_id == account_id)
                    .order_by(s.c.updated.desc()).limit(limit))]
        out: list[SheetRow] = self._run("sheets_of", go)
        return out

    def drop_sheet(self, sheet_id: str, account_id: str) -> int:
        s = self.sheets

        def go() -> int:
            with self.engine.begin() as c:
                return int(c.execute(s.delete().where(s.c.sheet_id == sheet_id,
                                                      s.c.account_id == account_id)).rowcount)
        out: int = self._run("drop_sheet", go)
        return out

    def add_night(self, row: NightRow) -> bool:
        def go() -> None:
            with self.engine.begin() as c:
                c.execute(self.nights.insert().values(
                    night_id=row.night_id, code=row.code, director=row.director,
                    title=row.title, game=row.game, created=row.created, starts=row.starts,
                    updated=row.created, version=row.version, data=row.data))
        try:
            self._run("add_night", go)
        except self._sa.exc.IntegrityError:
            if self.night_by_code(row.code) is not None:
                return False
            raise
        return True

    def night_by_code(self, code: str) -> NightRow | None:
        n = self.nights

        def go() -> NightRow | None:
            with self.engine.connect() as c:
                r = c.execute(self._sa.select(n).where(n.c.code == code.upper())).first()
            return None if r is None else self._night(r)
        out: NightRow | None = self._run("night_by_code", go)
        return out

    def nights_of(self, director: str, limit: int = 100) -> list[NightRow]:
        n = self.nights

        def go() -> list[NightRow]:
            with self.engine.connect() as c:
                return [self._night(r) for r in c.execute(
                    self._sa.select(n).where(n.c.director == director)
                    .order_by(n.c.created.desc()).limit(limit))]
        out: list[NightRow] = self._run("nights_of", go)
        return out

    def put_night(self, night_id: str, version: int, data: str, now: float) -> bool:
        n = self.nights

        def go() -> bool:
            with self.engine.begin() as c:
                return bool(c.execute(n.update().where(n.c.night_id == night_id,
                                                       n.c.version == version)
                                      .values(version=version + 1, data=data, updated=now)
                                      ).rowcount)
        out: bool = self._run("put_night", go)
        return out


def clubs_of(store: Any) -> Clubs:
    """The clubs' rows beside a table store: the same SQL database, or memory (kept on the
    memory store, so that every app over it sees the same rows)."""
    engine = getattr(store, "engine", None)
    if engine is not None:
        return SqlClubs(engine)
    own: Clubs | None = getattr(store, "clubs", None)
    if own is None:
        own = store.clubs = MemoryClubs()
    return own
