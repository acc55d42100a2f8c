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

from trapoula.web.people.rows import name_key
from trapoula.web.rows import StoreUnavailable

__all__ = ["ROLES", "ClubRow", "Clubs", "Member", "MemoryClubs", "NightRow", "SheetRow",
           "SqlClubs", "clubs_of"]


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
    club_id: str | None = None  # the club whose calendar shows it


@dataclass(frozen=True)
class ClubRow:
    club_id: str
    name: str
    open: bool  # anyone may join; else by invitation or an approved request
    created: float
    owner: str  # the account that made it

    @property
    def key(self) -> str:
        return name_key(self.name)


ROLES = ("admin", "member", "invited", "requested")


@dataclass(frozen=True)
class Member:
    club_id: str
    account_id: str
    role: str  # one of ROLES: invited and requested are not members yet
    since: float


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
    def nights_of_club(self, club_id: str, limit: int = 200) -> list[NightRow]: ...
    def add_club(self, row: ClubRow) -> bool:
        """Store a new club; False when its name (regardless of case) is taken."""
        ...

    def get_club(self, club_id: str) -> ClubRow | None: ...
    def list_clubs(self, search: str = "", limit: int = 100) -> list[ClubRow]: ...
    def put_member(self, member: Member) -> None: ...
    def drop_member(self, club_id: str, account_id: str) -> int: ...
    def members(self, club_id: str, limit: int = 1000) -> list[Member]: ...
    def memberships(self, account_id: str, limit: int = 200) -> list[Member]: ...
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
        self._clubs: dict[str, ClubRow] = {}
        self._members: dict[tuple[str, str], Member] = {}

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

    def nights_of_club(self, club_id: str, limit: int = 200) -> list[NightRow]:
        rows = [n for n in self._nights.values() if n.club_id == club_id]
        return sorted(rows, key=lambda r: (r.starts or r.created, r.created))[:limit]

    def add_club(self, row: ClubRow) -> bool:
        with self._lock:
            if any(c.key == row.key for c in self._clubs.values()):
                return False
            self._clubs[row.club_id] = row
            return True

    def get_club(self, club_id: str) -> ClubRow | None:
        return self._clubs.get(club_id)

    def list_clubs(self, search: str = "", limit: int = 100) -> list[ClubRow]:
        key = name_key(search)
        rows = [c for c in self._clubs.values() if key in c.key]
        return sorted(rows, key=lambda c: c.key)[:limit]

    def put_member(self, member: Member) -> None:
        with self._lock:
            self._members[(member.club_id, member.account_id)] = member

    def drop_member(self, club_id: str, account_id: str) -> int:
        with self._lock:
            return 1 if self._members.pop((club_id, account_id), None) else 0

    def members(self, club_id: str, limit: int = 1000) -> list[Member]:
        rows = [m for m in self._members.values() if m.club_id == club_id]
        return sorted(rows, key=lambda m: (m.since, m.account_id))[:limit]

    def memberships(self, account_id: str, limit: int = 200) -> list[Member]:
        rows = [m for m in self._members.values() if m.account_id == account_id]
        return sorted(rows, key=lambda m: (m.since, m.club_id))[:limit]


class SqlRows:
    """What the club's SQL stores share: the tables' engine, and a database failure in a call
    answered as :class:`StoreUnavailable` (but the integrity errors a store's callers decide
    on, when ``passes_integrity``)."""

    passes_integrity = False

    def __init__(self, engine: Any) -> None:
        import sqlalchemy as sa

        self.engine = engine
        self._sa = sa
        self._errors: tuple[type[BaseException], ...] = (
            sa.exc.SQLAlchemyError, engine.dialect.loaded_dbapi.Error)

    def _run(self, what: str, fn: Any) -> Any:
        try:
            return fn()
        except self._errors as exc:
            if self.passes_integrity and isinstance(exc, self._sa.exc.IntegrityError):
                raise
            raise StoreUnavailable(f"the database failed in {what}: {type(exc).__name__}: "
                                   f"{exc}") from exc


class SqlClubs(SqlRows):
    """The rows in the tables' SQL database (its schema at the newest: migration 0009)."""

    passes_integrity = True  # a taken code or name: the caller tries another

    def __init__(self, engine: Any) -> None:
        import sqlalchemy as sa

        super().__init__(engine)

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
            sa.Column("club_id", sa.String(32)),
        )
        self.clubs = sa.Table(
            "clubs", md,
            sa.Column("club_id", sa.String(32), primary_key=True),
            sa.Column("name", sa.String(80), nullable=False),
            sa.Column("name_key", sa.String(80), nullable=False, unique=True),
            sa.Column("open", sa.Boolean, nullable=False),
            sa.Column("created", sa.Float, nullable=False),
            sa.Column("owner", sa.String(32), nullable=False),
        )
        self.club_members = sa.Table(
            "club_members", md,
            sa.Column("club_id", sa.String(32), primary_key=True),
            sa.Column("account_id", sa.String(32), primary_key=True),
            sa.Column("role", sa.String(16), nullable=False),
            sa.Column("since", sa.Float, nullable=False),
        )


    @staticmethod
    def _sheet(r: Any) -> SheetRow:
        return SheetRow(r.sheet_id, r.account_id, r.title, float(r.updated), r.data)

    @staticmethod
    def _night(r: Any) -> NightRow:
        return NightRow(r.night_id, r.code, r.director, r.title, r.game, float(r.created),
                        None if r.starts is None else float(r.starts), int(r.version), r.data,
                        r.club_id)

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
                    updated=row.created, version=row.version, data=row.data,
                    club_id=row.club_id))
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

    def nights_of_club(self, club_id: str, limit: int = 200) -> list[NightRow]:
        n = self.nights
        when = self._sa.func.coalesce(n.c.starts, n.c.created)

        def go() -> list[NightRow]:
            with self.engine.connect() as c:
                return [self._night(r) for r in c.execute(
                    self._sa.select(n).where(n.c.club_id == club_id)
                    .order_by(when, n.c.created).limit(limit))]
        out: list[NightRow] = self._run("nights_of_club", go)
        return out

    @staticmethod
    def _club(r: Any) -> ClubRow:
        return ClubRow(r.club_id, r.name, bool(r.open), float(r.created), r.owner)

    def add_club(self, row: ClubRow) -> bool:
        def go() -> None:
            with self.engine.begin() as c:
                c.execute(self.clubs.insert().values(
                    club_id=row.club_id, name=row.name, name_key=row.key, open=row.open,
                    created=row.created, owner=row.owner))
        try:
            self._run("add_club", go)
        except self._sa.exc.IntegrityError:
            return False
        return True

    def get_club(self, club_id: str) -> ClubRow | None:
        k = self.clubs

        def go() -> ClubRow | None:
            with self.engine.connect() as c:
                r = c.execute(self._sa.select(k).where(k.c.club_id == club_id)).first()
            return None if r is None else self._club(r)
        out: ClubRow | None = self._run("get_club", go)
        return out

    def list_clubs(self, search: str = "", limit: int = 100) -> list[ClubRow]:
        k = self.clubs
        key = name_key(search).replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")

        def go() -> list[ClubRow]:
            with self.engine.connect() as c:
                return [self._club(r) for r in c.execute(
                    self._sa.select(k).where(k.c.name_key.like(f"%{key}%", escape="\\"))
                    .order_by(k.c.name_key).limit(limit))]
        out: list[ClubRow] = self._run("list_clubs", go)
        return out

    def put_member(self, member: Member) -> None:
        m = self.club_members

        def go() -> None:
            with self.engine.begin() as c:
                where = (m.c.club_id == member.club_id, m.c.account_id == member.account_id)
                if not c.execute(m.update().where(*where).values(
                        role=member.role, since=member.since)).rowcount:
                    c.execute(m.insert().values(club_id=member.club_id,
                                                account_id=member.account_id,
                                                role=member.role, since=member.since))
        self._run("put_member", go)

    def drop_member(self, club_id: str, account_id: str) -> int:
        m = self.club_members

        def go() -> int:
            with self.engine.begin() as c:
                return int(c.execute(m.delete().where(m.c.club_id == club_id,
                                                      m.c.account_id == account_id)).rowcount)
        out: int = self._run("drop_member", go)
        return out

    def _members(self, where: Any, order: Any, limit: int) -> list[Member]:
        m = self.club_members

        def go() -> list[Member]:
            with self.engine.connect() as c:
                return [Member(r.club_id, r.account_id, r.role, float(r.since))
                        for r in c.execute(self._sa.select(m).where(where)
                                           .order_by(m.c.since, order).limit(limit))]
        out: list[Member] = self._run("reading members", go)
        return out

    def members(self, club_id: str, limit: int = 1000) -> list[Member]:
        m = self.club_members
        return self._members(m.c.club_id == club_id, m.c.account_id, limit)

    def memberships(self, account_id: str, limit: int = 200) -> list[Member]:
        m = self.club_members
        return self._members(m.c.account_id == account_id, m.c.club_id, limit)


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
