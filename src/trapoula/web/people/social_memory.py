"""The social part of :class:`~trapoula.web.people.store.MemoryPeople` (the
:class:`~trapoula.web.people.social_rows.Social` protocol, in memory)."""

from __future__ import annotations

import threading
from dataclasses import dataclass, field, replace

from trapoula.web.people.social_rows import Friend, Invite, Presence, Report, Sanction

__all__ = ["MemorySocial"]


@dataclass
class _State:
    lock: threading.Lock = field(default_factory=threading.Lock)
    asks: dict[tuple[str, str], tuple[bool, float]] = field(default_factory=dict)  # accepted
    blocks: dict[tuple[str, str], float] = field(default_factory=dict)
    mutes: dict[tuple[str, str], float] = field(default_factory=dict)
    invites: dict[str, Invite] = field(default_factory=dict)
    reports: dict[str, Report] = field(default_factory=dict)
    sanctions: dict[str, Sanction] = field(default_factory=dict)
    presence: dict[str, Presence] = field(default_factory=dict)


class MemorySocial:
    """Friends, blocks, mutes, invites, reports, sanctions and presence in memory."""

    @property
    def _s(self) -> _State:
        s: _State | None = self.__dict__.get("_social_state")
        if s is None:
            s = self.__dict__.setdefault("_social_state", _State())
        return s

    # --- friends ------------------------------------------------------------------------------
    def ask_friend(self, me: str, other: str, now: float) -> str:
        s = self._s
        with s.lock:
            mine, his = s.asks.get((me, other)), s.asks.get((other, me))
            if (mine is not None and mine[0]) or (his is not None and his[0]):
                return "friends"
            if his is not None:
                s.asks[(other, me)] = (True, now)
                return "friends"
            s.asks[(me, other)] = (False, now)
            return "asked"

    def drop_friend(self, me: str, other: str) -> bool:
        s = self._s
        with s.lock:
            a = s.asks.pop((me, other), None)
            b = s.asks.pop((other, me), None)
            return a is not None or b is not None

    def friends_of(self, me: str) -> list[Friend]:
        out = []
        for (a, b), (accepted, when) in list(self._s.asks.items()):
            if me not in (a, b):
                continue
            other = b if a == me else a
            state = "friend" if accepted else "outgoing" if a == me else "incoming"
            out.append(Friend(other, state, when))
        return sorted(out, key=lambda f: (f.since, f.account_id))

    # --- blocks and mutes -------------------------------------------------------------------
    def set_block(self, me: str, other: str, on: bool, now: float) -> None:
        s = self._s
        with s.lock:
            if not on:
                s.blocks.pop((me, other), None)
                return
            s.blocks[(me, other)] = now
            s.asks.pop((me, other), None)
            s.asks.pop((other, me), None)
            for k in [k for k, v in s.invites.items() if v.from_id == other and v.to_id == me]:
                del s.invites[k]

    def blocked_by(self, me: str) -> set[str]:
        return {b for (a, b) in list(self._s.blocks) if a == me}

    def blockers_of(self, me: str) -> set[str]:
        return {a for (a, b) in list(self._s.blocks) if b == me}

    def set_mute(self, me: str, other: str, on: bool, now: float) -> None:
        s = self._s
        with s.lock:
            if on:
                s.mutes[(me, other)] = now
            else:
                s.mutes.pop((me, other), None)

    def muted_by(self, me: str) -> set[str]:
        return {b for (a, b) in list(self._s.mutes) if a == me}

    # --- invites ----------------------------------------------------------------------------
    def add_invite(self, invite: Invite) -> None:
        with self._s.lock:
            self._s.invites[invite.invite_id] = invite

    def invites_for(self, me: str, since: float = 0.0, limit: int = 20) -> list[Invite]:
        mine = [i for i in list(self._s.invites.values()) if i.to_id == me and i.created >= since]
        return sorted(mine, key=lambda i: i.created, reverse=True)[:limit]

    def mark_invites_seen(self, me: str, invite_ids: list[str]) -> int:
        s = self._s
        n = 0
        with s.lock:
            for k in invite_ids:
                i = s.invites.get(k)
                if i is not None and i.to_id == me and not i.seen:
                    s.invites[k] = replace(i, seen=True)
                    n += 1
        return n

    # --- reports and sanctions --------------------------------------------------------------
    def add_report(self, report: Report) -> None:
        with self._s.lock:
            self._s.reports[report.report_id] = report

    def get_report(self, report_id: str) -> Report | None:
        return self._s.reports.get(report_id)

    def reports(self, status: str | None = "open", limit: int = 100) -> list[Report]:
        rs = [r for r in list(self._s.reports.values()) if status is None or r.status == status]
        return sorted(rs, key=lambda r: r.created)[:limit]

    def resolve_report(self, report_id: str, status: str, resolution: str, by_id: str | None,
                       when: float) -> bool:
        s = self._s
        with s.lock:
            r = s.reports.get(report_id)
            if r is None:
                return False
            s.reports[report_id] = replace(r, status=status, resolution=resolution,
                                           resolved_by=by_id, resolved_at=when)
            return True

    def add_sanction(self, sanction: Sanction) -> None:
        with self._s.lock:
            self._s.sanctions[sanction.sanction_id] = sanction

    def sanctions_of(self, account_id: str, limit: int = 50) -> list[Sanction]:
        mine = [x for x in list(self._s.sanctions.values()) if x.account_id == account_id]
        return sorted(mine, key=lambda x: x.created, reverse=True)[:limit]

    def mark_sanctions_seen(self, account_id: str, sanction_ids: list[str]) -> int:
        s = self._s
        n = 0
        with s.lock:
            for k in sanction_ids:
                x = s.sanctions.get(k)
                if x is not None and x.account_id == account_id and not x.seen:
                    s.sanctions[k] = replace(x, seen=True)
                    n += 1
        return n

    # --- presence -----------------------------------------------------------------------------
    def touch_presence(self, seen: list[tuple[str, str | None]], now: float) -> None:
        s = self._s
        with s.lock:
            for account_id, table_id in seen:
                s.presence[account_id] = Presence(account_id, table_id, now)

    def presence_of(self, account_ids: list[str]) -> dict[str, Presence]:
        p = self._s.presence
        return {a: p[a] for a in account_ids if a in p}

    # --- a deleted account --------------------------------------------------------------------
    def forget_account(self, account_id: str) -> None:
        s = self._s
        with s.lock:
            for pairs in (s.asks, s.blocks, s.mutes):
                for key in [k for k in pairs if account_id in k]:
                    if pairs is s.asks or key[0] == account_id:
                        del pairs[key]
            for k in [k for k, v in s.invites.items() if account_id in (v.from_id, v.to_id)]:
                del s.invites[k]
            s.presence.pop(account_id, None)
