"""Which process runs a table (leases) and each seat's clock state, in the store.

When several ``trapoula serve`` processes share one database (docs/web.md, "Several server
processes"), each table has a **lease**: the process that holds it runs the table's clocks and
bots and applies its seat commands (``autoplay``, ``takeback``); it renews the lease every few
seconds, and when it stops (killed, cut off from the database) the lease runs out and another
process takes it (web/owners.py).  ``(table_id, seq)`` stays the only guard of the action log:
a lease decides who *drives* a table, never whose move counts.

A seat's clock state (``seats.clock``, JSON) is what a restart or another process needs to run
the seat as it was: ``auto`` (``"clock"``: its time ran out; ``"hand"``: its person handed it to
the bot), ``bank`` (seconds of time bank left, absent: the table's whole bank) and ``used``
(``[seq, seconds]``: how much of that turn's clock was used when the seat went auto).

:func:`leases_of` gives the store's :class:`SqlLeases` or :class:`MemoryLeases` (one per store,
so two services on one :class:`~trapoula.web.store.MemoryStore` share it, as processes share a
database).

>>> from trapoula.web.store import MemoryStore, TableRow, SeatRow
>>> st = MemoryStore()
>>> st.create_table(TableRow("t1", "ABCD", "bourloto", "ru", {}, 7, "playing", 0.0,
...                          [SeatRow("P1", "human")]))
>>> lz = leases_of(st)
>>> lz.claim("a", ["t1"], now=10.0, until=16.0)
{'t1': ('a', None, None)}
>>> lz.claim("b", ["t1"], now=12.0, until=18.0)      # a's lease runs until 16
{'t1': ('a', 'a', 16.0)}
>>> lz.claim("b", ["t1"], now=17.0, until=23.0), lz.orphans(now=24.0, limit=10)
({'t1': ('b', 'a', 16.0)}, ['t1'])
"""

from __future__ import annotations

import threading
from dataclasses import replace
from typing import Any, Protocol

from trapoula.web.store import OVER, MemoryStore, SqlStore, Store

__all__ = ["Leases", "MemoryLeases", "SqlLeases", "leases_of"]

Claimed = dict[str, tuple[str, str | None, float | None]]  # id: (owner now, owner before, until)
_CHUNK = 400


class Leases(Protocol):
    def claim(self, owner: str, ids: list[str], now: float, until: float) -> Claimed:
        """Renew ``owner``'s leases of ``ids`` and take those that ran out (or had none):
        each table's owner after that, its owner before and until when that one held it."""
        ...

    def orphans(self, now: float, limit: int, skip: frozenset[str] = frozenset()
                ) -> list[str]:
        """Unfinished tables that no live lease holds (but those in ``skip``)."""
        ...

    def release(self, owner: str, ids: list[str] | None = None) -> None:
        """``owner`` lets its leases go (of ``ids``, or all): others take them at once."""
        ...

    def latest(self, ids: list[str]) -> dict[str, int]:
        """The last seq in the log of each table (tables without actions are left out)."""
        ...

    def set_clock(self, table_id: str, seat: str, clock: str | None) -> None:
        """Store a seat's clock state (JSON, or None: not auto, the whole bank)."""
        ...


def leases_of(store: Store) -> Leases:
    """The leases and seat clocks of ``store`` (made once per store)."""
    found: Leases | None = getattr(store, "_leases", None)
    if found is None:
        if isinstance(store, SqlStore):
            found = SqlLeases(store)
        elif isinstance(store, MemoryStore):
            found = MemoryLeases(store)
        else:
            raise TypeError(f"no leases for a {type(store).__name__}")
        store._leases = found  # type: ignore[union-attr]
    return found


class MemoryLeases:
    """Leases of a :class:`MemoryStore` (tests: two services on one store)."""

    def __init__(self, store: MemoryStore) -> None:
        self.store = store
        self.rows: dict[str, tuple[str, float]] = {}
        self._lock = threading.Lock()

    def claim(self, owner: str, ids: list[str], now: float, until: float) -> Claimed:
        out: Claimed = {}
        with self._lock:
            for t in ids:
                before = self.rows.get(t)
                if before is None or before[0] == owner or before[1] < now:
                    self.rows[t] = (owner, until)
                out[t] = (self.rows[t][0], *before) if before else (owner, None, None)
        return out

    def orphans(self, now: float, limit: int, skip: frozenset[str] = frozenset()
                ) -> list[str]:
        with self._lock:
            return [t for t, row in self.store._tables.items()
                    if row.status not in OVER and t not in skip
                    and (t not in self.rows or self.rows[t][1] < now)][:limit]

    def release(self, owner: str, ids: list[str] | None = None) -> None:
        with self._lock:
            for t, (who, _) in list(self.rows.items()):
                if who == owner and (ids is None or t in ids):
                    self.rows[t] = (who, 0.0)

    def latest(self, ids: list[str]) -> dict[str, int]:
        out = {}
        for t in ids:
            log = self.store._actions.get(t)
            if log:
                out[t] = log[-1][0]
        return out

    def set_clock(self, table_id: str, seat: str, clock: str | None) -> None:
        st = self.store
        with st._lock:
            row = st._tables[table_id]
            seats = [replace(s, clock=clock) if s.seat == seat else s for s in row.seats]
            st._tables[table_id] = replace(row, seats=seats)


class SqlLeases:
    """Leases of a :class:`SqlStore`: the ``leases`` table (one row per table: owner, until)
    and the ``seats.clock`` column (schema revision 0003)."""

    def __init__(self, store: SqlStore) -> None:
        import sqlalchemy as sa

        self.store = store
        self.sa = sa
        self.leases = sa.Table(
            "leases", sa.MetaData(),
            sa.Column("table_id", sa.String(32), primary_key=True),
            sa.Column("owner", sa.String(32), nullable=False),
            sa.Column("until", sa.Float, nullable=False),
        )

    def _insert(self) -> Any:
        if self.store.engine.dialect.name == "postgresql":
            from sqlalchemy.dialects.postgresql import insert
        else:
            from sqlalchemy.dialects.sqlite import insert
        return insert(self.leases)

    def claim(self, owner: str, ids: list[str], now: float, until: float) -> Claimed:
        sa, lz = self.sa, self.leases
        out: Claimed = {}
        with self.store.engine.begin() as c:
            for k in range(0, len(ids), _CHUNK):
                chunk = ids[k:k + _CHUNK]
                where = lz.c.table_id.in_(chunk)
                before = {r.table_id: (str(r.owner), float(r.until))
                          for r in c.execute(sa.select(lz).where(where))}
                # renew ours, take the ones that ran out (a row lock on PostgreSQL: of two
                # processes taking one lease, the second sees the first's and leaves it)
                c.execute(lz.update().where(where, sa.or_(lz.c.owner == owner, lz.c.until < now))
                          .values(owner=owner, until=until))
                missing = [t for t in chunk if t not in before]
                if missing:
                    c.execute(self._insert().values(
                        [{"table_id": t, "owner": owner, "until": until} for t in missing]
                    ).on_conflict_do_nothing())
                for r in c.execute(sa.select(lz.c.table_id, lz.c.owner).where(where)):
                    was = before.get(r.table_id)
                    out[r.table_id] = (str(r.owner), *was) if was else (str(r.owner), None, None)
        return out

    def orphans(self, now: float, limit: int, skip: frozenset[str] = frozenset()
                ) -> list[str]:
        sa, lz, t = self.sa, self.leases, self.store.tables
        q = (sa.select(t.c.table_id).select_from(t.outerjoin(lz, lz.c.table_id == t.c.table_id))
             .where(t.c.status.not_in(OVER), sa.or_(lz.c.table_id.is_(None), lz.c.until < now)))
        if skip:
            q = q.where(t.c.table_id.not_in(sorted(skip)))
        q = q.order_by(t.c.created.desc()).limit(limit)
        with self.store.engine.connect() as c:
            return [str(r[0]) for r in c.execute(q)]

    def release(self, owner: str, ids: list[str] | None = None) -> None:
        lz = self.leases
        q = lz.update().where(lz.c.owner == owner)
        if ids is not None:
            q = q.where(lz.c.table_id.in_(ids))
        with self.store.engine.begin() as c:
            c.execute(q.values(until=0.0))

    def latest(self, ids: list[str]) -> dict[str, int]:
        sa, a = self.sa, self.store.log
        out: dict[str, int] = {}
        with self.store.engine.connect() as c:
            for k in range(0, len(ids), _CHUNK):
                q = (sa.select(a.c.table_id, sa.func.max(a.c.seq))
                     .where(a.c.table_id.in_(ids[k:k + _CHUNK])).group_by(a.c.table_id))
                out.update({str(r[0]): int(r[1]) for r in c.execute(q)})
        return out

    def set_clock(self, table_id: str, seat: str, clock: str | None) -> None:
        s = self.store.seats
        with self.store.engine.begin() as c:
            c.execute(s.update().where(s.c.table_id == table_id, s.c.seat == seat)
                      .values(clock=clock))
