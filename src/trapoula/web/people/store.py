"""The players' home's stores: :class:`SqlPeople` on the table store's database (SQLite or
PostgreSQL; the schema is migrations ``0005`` and ``0006``) and :class:`MemoryPeople` beside a
:class:`~trapoula.web.store_memory.MemoryStore`.  :func:`people_of` gives a table store's.

>>> from trapoula.web.store import MemoryStore
>>> p = people_of(MemoryStore())
>>> p.add_account(Account("a1", "Eleni", "h", 0.0))
>>> p.find_account(" ELENI ").account_id
'a1'
>>> p.add_account(Account("a2", "eleni", "h", 0.0))
Traceback (most recent call last):
...
trapoula.web.people.rows.NameTaken: the name 'eleni' is taken
"""

from __future__ import annotations

import threading
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from trapoula.web.people.ratings_store import MemoryRatings, SqlRatings
from trapoula.web.people.rows import Account, NameTaken, People, Session, name_key
from trapoula.web.people.social_memory import MemorySocial
from trapoula.web.people.social_sql import SqlSocial
from trapoula.web.rows import StoreUnavailable

if TYPE_CHECKING:
    from trapoula.web.rows import Store
    from trapoula.web.store_memory import MemoryStore

__all__ = ["MemoryPeople", "SqlPeople", "people_of"]


def _split(text: str | None) -> tuple[str, ...]:
    return tuple(x for x in (text or "").split(",") if x)


class MemoryPeople(MemorySocial, MemoryRatings):
    """The players' home in memory, beside a :class:`MemoryStore` (whose seats it reads)."""

    def __init__(self, tables: MemoryStore) -> None:
        self._lock = threading.Lock()
        self._tables = tables
        self._accounts: dict[str, Account] = {}
        self._names: dict[str, str] = {}
        self._sessions: dict[str, Session] = {}
        self._init_ratings()

    def add_account(self, account: Account) -> None:
        with self._lock:
            if account.key in self._names:
                raise NameTaken(f"the name {account.name!r} is taken")
            self._accounts[account.account_id] = account
            self._names[account.key] = account.account_id

    def get_account(self, account_id: str) -> Account | None:
        return self._accounts.get(account_id)

    def find_account(self, name: str) -> Account | None:
        found = self._names.get(name_key(name))
        return None if found is None else self._accounts[found]

    def put_account(self, account: Account) -> None:
        with self._lock:
            old = self._accounts[account.account_id]
            owner = self._names.get(account.key)
            if owner is not None and owner != account.account_id:
                raise NameTaken(f"the name {account.name!r} is taken")
            del self._names[old.key]
            self._names[account.key] = account.account_id
            self._accounts[account.account_id] = account

    def add_session(self, session: Session) -> None:
        self._sessions[session.token_hash] = session

    def get_session(self, token_hash: str) -> Session | None:
        return self._sessions.get(token_hash)

    def drop_sessions(self, account_id: str, token_hash: str | None = None) -> int:
        with self._lock:
            gone = [h for h, s in self._sessions.items() if s.account_id == account_id
                    and (token_hash is None or h == token_hash)]
            for h in gone:
                del self._sessions[h]
            return len(gone)

    def purge_sessions(self, now: float) -> int:
        with self._lock:
            gone = [h for h, s in self._sessions.items() if s.expires <= now]
            for h in gone:
                del self._sessions[h]
            return len(gone)

    def list_accounts(self, search: str = "", limit: int = 50) -> list[Account]:
        key = name_key(search)
        found = [a for a in self._accounts.values() if key in a.key]
        return sorted(found, key=lambda a: (a.created, a.account_id))[:limit]

    def rename_seats(self, account_id: str, name: str) -> int:
        n = 0
        for t in self._tables.list_tables(open_only=False, limit=1 << 62):
            for s in t.seats:
                if s.account_id == account_id:
                    self._tables.put_seat(t.table_id, replace(s, name=name))
                    n += 1
        return n

    def seats_of(self, account_id: str, limit: int = 100) -> list[tuple[str, str]]:
        out = [(t.table_id, s.seat)
               for t in self._tables.list_tables(open_only=False, limit=1 << 62)
               for s in t.seats if s.account_id == account_id]
        return out[:limit]

    def claim_seats(self, account_id: str, seats: list[tuple[str, str, str]]) -> int:
        n = 0
        for table_id, seat, token_hash in seats:
            row = self._tables.get_table(table_id)
            for s in row.seats if row is not None else ():
                if (s.seat == seat and s.token_hash == token_hash and s.account_id is None):
                    self._tables.put_seat(table_id, replace(s, account_id=account_id))
                    n += 1
        return n


class SqlPeople(SqlSocial, SqlRatings):
    """The players' home in the tables' SQL database (an engine of a
    :class:`~trapoula.web.store.SqlStore`, whose schema is already at the newest)."""

    def __init__(self, engine: Any) -> None:
        import sqlalchemy as sa

        self.engine = engine
        md = sa.MetaData()
        self.accounts = sa.Table(
            "accounts", md,
            sa.Column("account_id", sa.String(32), primary_key=True),
            sa.Column("name", sa.String(64), nullable=False),
            sa.Column("name_key", sa.String(64), nullable=False, unique=True),
            sa.Column("password_hash", sa.Text),
            sa.Column("roles", sa.String(64), nullable=False),
            sa.Column("languages", sa.String(64), nullable=False),
            sa.Column("created", sa.Float, nullable=False),
            sa.Column("status", sa.String(16), nullable=False),
            sa.Column("status_until", sa.Float),
        )
        self.sessions = sa.Table(
            "sessions", md,
            sa.Column("token_hash", sa.String(128), primary_key=True),
            sa.Column("account_id", sa.String(32), nullable=False),
            sa.Column("created", sa.Float, nullable=False),
            sa.Column("expires", sa.Float, nullable=False),
        )
        self.seats = sa.Table(
            "seats", md,
            sa.Column("table_id", sa.String(32), primary_key=True),
            sa.Column("seat", sa.String(8), primary_key=True),
            sa.Column("name", sa.String(64)),
            sa.Column("token_hash", sa.String(128)),
            sa.Column("account_id", sa.String(32)),
        )
        self.tables = sa.Table(
            "tables", md,
            sa.Column("table_id", sa.String(32), primary_key=True),
            sa.Column("created", sa.Float, nullable=False),
        )
        self._sa = sa
        self._errors: tuple[type[BaseException], ...] = (
            sa.exc.SQLAlchemyError, engine.dialect.loaded_dbapi.Error)

    def _fail(self, what: str, exc: BaseException) -> StoreUnavailable:
        return StoreUnavailable(f"the database failed in {what}: {type(exc).__name__}: {exc}")

    @staticmethod
    def _values(a: Account) -> dict[str, Any]:
        return {"account_id": a.account_id, "name": a.name, "name_key": a.key,
                "password_hash": a.password_hash, "roles": ",".join(a.roles),
                "languages": ",".join(a.languages), "created": a.created, "status": a.status,
                "status_until": a.status_until}

    @staticmethod
    def _account(r: Any) -> Account:
        return Account(r.account_id, r.name, r.password_hash, float(r.created), _split(r.roles),
                       _split(r.languages), r.status, r.status_until)

    def add_account(self, account: Account) -> None:
        try:
            with self.engine.begin() as c:
                c.execute(self.accounts.insert().values(**self._values(account)))
        except self._sa.exc.IntegrityError:
            if self.find_account(account.name) is not None:
                raise NameTaken(f"the name {account.name!r} is taken") from None
            raise
        except self._errors as exc:
            raise self._fail("add_account", exc) from exc

    def _one(self, where: Any) -> Account | None:
        try:
            with self.engine.connect() as c:
                r = c.execute(self._sa.select(self.accounts).where(where)).first()
        except self._errors as exc:
            raise self._fail("reading an account", exc) from exc
        return None if r is None else self._account(r)

    def get_account(self, account_id: str) -> Account | None:
        return self._one(self.accounts.c.account_id == account_id)

    def find_account(self, name: str) -> Account | None:
        return self._one(self.accounts.c.name_key == name_key(name))

    def put_account(self, account: Account) -> None:
        a = self.accounts
        try:
            with self.engine.begin() as c:
                c.execute(a.update().where(a.c.account_id == account.account_id)
                          .values(**self._values(account)))
        except self._sa.exc.IntegrityError:
            raise NameTaken(f"the name {account.name!r} is taken") from None
        except self._errors as exc:
            raise self._fail("put_account", exc) from exc

    def add_session(self, session: Session) -> None:
        try:
            with self.engine.begin() as c:
                c.execute(self.sessions.insert().values(
                    token_hash=session.token_hash, account_id=session.account_id,
                    created=session.created, expires=session.expires))
        except self._errors as exc:
            raise self._fail("add_session", exc) from exc

    def get_session(self, token_hash: str) -> Session | None:
        s = self.sessions
        try:
            with self.engine.connect() as c:
                r = c.execute(self._sa.select(s).where(s.c.token_hash == token_hash)).first()
        except self._errors as exc:
            raise self._fail("get_session", exc) from exc
        return None if r is None else Session(r.token_hash, r.account_id, float(r.created),
                                              float(r.expires))

    def drop_sessions(self, account_id: str, token_hash: str | None = None) -> int:
        s = self.sessions
        q = s.delete().where(s.c.account_id == account_id)
        if token_hash is not None:
            q = q.where(s.c.token_hash == token_hash)
        try:
            with self.engine.begin() as c:
                return int(c.execute(q).rowcount)
        except self._errors as exc:
            raise self._fail("drop_sessions", exc) from exc

    def purge_sessions(self, now: float) -> int:
        s = self.sessions
        try:
            with self.engine.begin() as c:
                return int(c.execute(s.delete().where(s.c.expires <= now)).rowcount)
        except self._errors as exc:
            raise self._fail("purge_sessions", exc) from exc

    def list_accounts(self, search: str = "", limit: int = 50) -> list[Account]:
        a = self.accounts
        key = name_key(search).replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
        q = (self._sa.select(a).where(a.c.name_key.like(f"%{key}%", escape="\\"))
             .order_by(a.c.created, a.c.account_id).limit(limit))
        try:
            with self.engine.connect() as c:
                return [self._account(r) for r in c.execute(q)]
        except self._errors as exc:
            raise self._fail("list_accounts", exc) from exc

    def rename_seats(self, account_id: str, name: str) -> int:
        s = self.seats
        try:
            with self.engine.begin() as c:
                return int(c.execute(s.update().where(s.c.account_id == account_id)
                                     .values(name=name)).rowcount)
        except self._errors as exc:
            raise self._fail("rename_seats", exc) from exc

    def seats_of(self, account_id: str, limit: int = 100) -> list[tuple[str, str]]:
        s, t = self.seats, self.tables
        q = (self._sa.select(s.c.table_id, s.c.seat).join(t, t.c.table_id == s.c.table_id)
             .where(s.c.account_id == account_id).order_by(t.c.created.desc()).limit(limit))
        try:
            with self.engine.connect() as c:
                return [(r.table_id, r.seat) for r in c.execute(q)]
        except self._errors as exc:
            raise self._fail("seats_of", exc) from exc

    def claim_seats(self, account_id: str, seats: list[tuple[str, str, str]]) -> int:
        s = self.seats
        n = 0
        try:
            with self.engine.begin() as c:
                for table_id, seat, token_hash in seats:
                    n += int(c.execute(
                        s.update().where(s.c.table_id == table_id, s.c.seat == seat,
                                         s.c.token_hash == token_hash,
                                         s.c.account_id.is_(None))
                        .values(account_id=account_id)).rowcount)
        except self._errors as exc:
            raise self._fail("claim_seats", exc) from exc
        return n


def people_of(store: Store) -> People:
    """The players' home beside a table store: the same database for a
    :class:`~trapoula.web.store.SqlStore`, memory beside a
    :class:`~trapoula.web.store_memory.MemoryStore`."""
    own: People | None = getattr(store, "people", None)
    if own is not None:
        return own
    engine = getattr(store, "engine", None)
    if engine is None:
        raise TypeError(f"{type(store).__name__} has no players' home")
    return SqlPeople(engine)
