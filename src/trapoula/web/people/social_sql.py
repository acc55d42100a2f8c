"""The social part of :class:`~trapoula.web.people.store.SqlPeople` (the
:class:`~trapoula.web.people.social_rows.Social` protocol on SQLite or PostgreSQL; the schema
is migration ``0007``).  Every failure of the database is a
:class:`~trapoula.web.rows.StoreUnavailable`."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import asdict
from functools import cached_property
from typing import Any, TypeVar

from trapoula.web.people.social_rows import Friend, Invite, Presence, Report, Sanction
from trapoula.web.rows import StoreUnavailable

__all__ = ["SqlSocial"]

T = TypeVar("T")


class _Tables:
    def __init__(self, sa: Any) -> None:
        md = sa.MetaData()
        s32 = sa.String(32)
        self.asks = sa.Table(
            "friend_asks", md, sa.Column("from_id", s32, primary_key=True),
            sa.Column("to_id", s32, primary_key=True),
            sa.Column("accepted", sa.Boolean, nullable=False),
            sa.Column("since", sa.Float, nullable=False))
        self.blocks, self.mutes = (
            sa.Table(name, md, sa.Column("account_id", s32, primary_key=True),
                     sa.Column("target_id", s32, primary_key=True),
                     sa.Column("created", sa.Float, nullable=False))
            for name in ("blocks", "mutes"))
        self.invites = sa.Table(
            "invites", md, sa.Column("invite_id", s32, primary_key=True),
            sa.Column("from_id", s32), sa.Column("to_id", s32), sa.Column("table_id", s32),
            sa.Column("code", sa.String(16)), sa.Column("created", sa.Float),
            sa.Column("seen", sa.Boolean))
        self.reports = sa.Table(
            "reports", md, sa.Column("report_id", s32, primary_key=True),
            sa.Column("reporter_id", s32), sa.Column("target_id", s32),
            sa.Column("table_id", s32), sa.Column("context", sa.Text),
            sa.Column("text", sa.Text), sa.Column("created", sa.Float),
            sa.Column("status", sa.String(16)), sa.Column("resolution", sa.Text),
            sa.Column("resolved_by", s32), sa.Column("resolved_at", sa.Float))
        self.sanctions = sa.Table(
            "sanctions", md, sa.Column("sanction_id", s32, primary_key=True),
            sa.Column("account_id", s32), sa.Column("kind", sa.String(16)),
            sa.Column("by_id", s32), sa.Column("reason", sa.Text),
            sa.Column("created", sa.Float), sa.Column("until", sa.Float),
            sa.Column("seen", sa.Boolean))
        self.presence = sa.Table(
            "presence", md, sa.Column("account_id", s32, primary_key=True),
            sa.Column("table_id", s32), sa.Column("last_seen", sa.Float, nullable=False))


class SqlSocial:
    """Friends, blocks, mutes, invites, reports, sanctions and presence in SQL (a mixin of
    :class:`~trapoula.web.people.store.SqlPeople`: its ``engine``, ``_sa`` and ``_errors``)."""

    engine: Any
    _sa: Any
    _errors: tuple[type[BaseException], ...]

    @cached_property
    def _t(self) -> _Tables:
        return _Tables(self._sa)

    def _run(self, what: str, fn: Callable[[Any], T], write: bool = True) -> T:
        try:
            with (self.engine.begin() if write else self.engine.connect()) as c:
                return fn(c)
        except self._errors as exc:
            raise StoreUnavailable(f"the database failed in {what}: "
                                   f"{type(exc).__name__}: {exc}") from exc

    # --- friends ----------------------------------------------------------------------------
    def ask_friend(self, me: str, other: str, now: float) -> str:
        a = self._t.asks

        def go(c: Any) -> str:
            rows = {(r.from_id, bool(r.accepted)) for r in c.execute(
                self._sa.select(a.c.from_id, a.c.accepted).where(
                    ((a.c.from_id == me) & (a.c.to_id == other))
                    | ((a.c.from_id == other) & (a.c.to_id == me))))}
            if any(acc for _, acc in rows):
                return "friends"
            if (other, False) in rows:
                c.execute(a.update().where(a.c.from_id == other, a.c.to_id == me)
                          .values(accepted=True, since=now))
                return "friends"
            if (me, False) not in rows:
                c.execute(a.insert().values(from_id=me, to_id=other, accepted=False, since=now))
            return "asked"

        try:
            return self._run("ask_friend", go)
        except StoreUnavailable as exc:  # both asked at once: the other's row is there now
            if type(exc.__cause__).__name__ == "IntegrityError":
                return self._run("ask_friend", go)
            raise

    def drop_friend(self, me: str, other: str) -> bool:
        a = self._t.asks
        return self._run("drop_friend", lambda c: int(c.execute(a.delete().where(
            ((a.c.from_id == me) & (a.c.to_id == other))
            | ((a.c.from_id == other) & (a.c.to_id == me)))).rowcount) > 0)

    def friends_of(self, me: str) -> list[Friend]:
        a = self._t.asks
        q = (self._sa.select(a).where((a.c.from_id == me) | (a.c.to_id == me))
             .order_by(a.c.since, a.c.from_id))

        def go(c: Any) -> list[Friend]:
            out = []
            for r in c.execute(q):
                other = r.to_id if r.from_id == me else r.from_id
                state = ("friend" if r.accepted else "outgoing" if r.from_id == me
                         else "incoming")
                out.append(Friend(other, state, float(r.since)))
            return out

        return self._run("friends_of", go, write=False)

    # --- blocks and mutes -------------------------------------------------------------------
    def _set(self, table: Any, what: str, me: str, other: str, on: bool, now: float,
             more: Callable[[Any], None] | None = None) -> None:
        def go(c: Any) -> None:
            c.execute(table.delete().where(table.c.account_id == me,
                                           table.c.target_id == other))
            if on:
                c.execute(table.insert().values(account_id=me, target_id=other, created=now))
                if more is not None:
                    more(c)

        self._run(what, go)

    def set_block(self, me: str, other: str, on: bool, now: float) -> None:
        a, i = self._t.asks, self._t.invites

        def more(c: Any) -> None:
            c.execute(a.delete().where(((a.c.from_id == me) & (a.c.to_id == other))
                                       | ((a.c.from_id == other) & (a.c.to_id == me))))
            c.execute(i.delete().where(i.c.from_id == other, i.c.to_id == me))

        self._set(self._t.blocks, "set_block", me, other, on, now, more)

    def _ids(self, table: Any, what: str, col: str, where: Any) -> set[str]:
        q = self._sa.select(table.c[col]).where(where)
        return self._run(what, lambda c: {r[0] for r in c.execute(q)}, write=False)

    def blocked_by(self, me: str) -> set[str]:
        b = self._t.blocks
        return self._ids(b, "blocked_by", "target_id", b.c.account_id == me)

    def blockers_of(self, me: str) -> set[str]:
        b = self._t.blocks
        return self._ids(b, "blockers_of", "account_id", b.c.target_id == me)

    def set_mute(self, me: str, other: str, on: bool, now: float) -> None:
        self._set(self._t.mutes, "set_mute", me, other, on, now)

    def muted_by(self, me: str) -> set[str]:
        m = self._t.mutes
        return self._ids(m, "muted_by", "target_id", m.c.account_id == me)

    # --- invites ----------------------------------------------------------------------------
    def add_invite(self, invite: Invite) -> None:
        v = {k: getattr(invite, k) for k in ("invite_id", "from_id", "to_id", "table_id", "code",
                                             "created", "seen")}
        self._run("add_invite", lambda c: c.execute(self._t.invites.insert().values(**v)))

    def invites_for(self, me: str, since: float = 0.0, limit: int = 20) -> list[Invite]:
        i = self._t.invites
        q = (self._sa.select(i).where(i.c.to_id == me, i.c.created >= since)
             .order_by(i.c.created.desc()).limit(limit))
        return self._run("invites_for", lambda c: [
            Invite(r.invite_id, r.from_id, r.to_id, r.table_id, r.code, float(r.created),
                   bool(r.seen)) for r in c.execute(q)], write=False)

    def mark_invites_seen(self, me: str, invite_ids: list[str]) -> int:
        i = self._t.invites
        if not invite_ids:
            return 0
        return self._run("mark_invites_seen", lambda c: int(c.execute(
            i.update().where(i.c.to_id == me, i.c.invite_id.in_(invite_ids),
                             i.c.seen.is_(False)).values(seen=True)).rowcount))

    # --- reports and sanctions --------------------------------------------------------------
    @staticmethod
    def _report(r: Any) -> Report:
        return Report(r.report_id, r.reporter_id, r.target_id, r.table_id, r.context, r.text,
                      float(r.created), r.status, r.resolution or "", r.resolved_by,
                      None if r.resolved_at is None else float(r.resolved_at))

    def add_report(self, report: Report) -> None:
        v = asdict(report)
        self._run("add_report", lambda c: c.execute(self._t.reports.insert().values(**v)))

    def get_report(self, report_id: str) -> Report | None:
        r = self._t.reports
        q = self._sa.select(r).where(r.c.report_id == report_id)

        def go(c: Any) -> Report | None:
            row = c.execute(q).first()
            return None if row is None else self._report(row)

        return self._run("get_report", go, write=False)

    def reports(self, status: str | None = "open", limit: int = 100) -> list[Report]:
        r = self._t.reports
        q = self._sa.select(r).order_by(r.c.created).limit(limit)
        if status is not None:
            q = q.where(r.c.status == status)
        return self._run("reports", lambda c: [self._report(x) for x in c.execute(q)],
                         write=False)

    def resolve_report(self, report_id: str, status: str, resolution: str, by_id: str | None,
                       when: float) -> bool:
        r = self._t.reports
        return self._run("resolve_report", lambda c: int(c.execute(
            r.update().where(r.c.report_id == report_id).values(
                status=status, resolution=resolution, resolved_by=by_id,
                resolved_at=when)).rowcount) == 1)

    def add_sanction(self, sanction: Sanction) -> None:
        v = asdict(sanction)
        self._run("add_sanction", lambda c: c.execute(self._t.sanctions.insert().values(**v)))

    def sanctions_of(self, account_id: str, limit: int = 50) -> list[Sanction]:
        s = self._t.sanctions
        q = (self._sa.select(s).where(s.c.account_id == account_id)
             .order_by(s.c.created.desc()).limit(limit))
        return self._run("sanctions_of", lambda c: [
            Sanction(r.sanction_id, r.account_id, r.kind, r.by_id, r.reason, float(r.created),
                     None if r.until is None else float(r.until), bool(r.seen))
            for r in c.execute(q)], write=False)

    def mark_sanctions_seen(self, account_id: str, sanction_ids: list[str]) -> int:
        s = self._t.sanctions
        if not sanction_ids:
            return 0
        return self._run("mark_sanctions_seen", lambda c: int(c.execute(
            s.update().where(s.c.account_id == account_id, s.c.sanction_id.in_(sanction_ids),
                             s.c.seen.is_(False)).values(seen=True)).rowcount))

    # --- presence -----------------------------------------------------------------------------
    def touch_presence(self, seen: list[tuple[str, str | None]], now: float) -> None:
        """An update of each row, then an insert of the rows that were not there (a row
        inserted meanwhile by another process: its update is tried again once)."""
        p = self._t.presence
        latest = dict(seen)
        if not latest:
            return

        def go(c: Any) -> None:
            missing = []
            for account_id, table_id in latest.items():
                n = c.execute(p.update().where(p.c.account_id == account_id)
                              .values(table_id=table_id, last_seen=now)).rowcount
                if not n:
                    missing.append({"account_id": account_id, "table_id": table_id,
                                    "last_seen": now})
            if missing:
                c.execute(p.insert(), missing)

        try:
            self._run("touch_presence", go)
        except StoreUnavailable as exc:
            if type(exc.__cause__).__name__ != "IntegrityError":
                raise
            self._run("touch_presence", go)

    def presence_of(self, account_ids: list[str]) -> dict[str, Presence]:
        p = self._t.presence
        if not account_ids:
            return {}
        q = self._sa.select(p).where(p.c.account_id.in_(account_ids))
        return self._run("presence_of", lambda c: {
            r.account_id: Presence(r.account_id, r.table_id, float(r.last_seen))
            for r in c.execute(q)}, write=False)

    # --- a deleted account --------------------------------------------------------------------
    def forget_account(self, account_id: str) -> None:
        t = self._t

        def go(c: Any) -> None:
            c.execute(t.asks.delete().where((t.asks.c.from_id == account_id)
                                            | (t.asks.c.to_id == account_id)))
            c.execute(t.invites.delete().where((t.invites.c.from_id == account_id)
                                               | (t.invites.c.to_id == account_id)))
            for table in (t.blocks, t.mutes, t.presence):
                c.execute(table.delete().where(table.c.account_id == account_id))
        self._run("forgetting an account's friends", go)
