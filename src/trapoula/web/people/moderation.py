"""Moderation: reports listed with their context, and a moderator's acts on an account —
warn (shown to the player once, the next time his lobby asks), suspend until a time, ban,
lift (back to active) — and on a report (the act resolves it; dismiss closes it with none).

Every act is a :class:`~trapoula.web.people.social_rows.Sanction` row (by whom, why, when)
and sets the account's ``status`` / ``status_until`` (a suspension ends by itself at
``status_until``: :func:`effective_status`).  The functions here are plain (a store, no
request): the admin page (web/people/routes_social.py) and ``trapoula admin`` call them.

>>> from trapoula.web.store import MemoryStore
>>> from trapoula.web.people.store import people_of
>>> p = people_of(MemoryStore())
>>> p.add_account(Account("a1", "Nikos", "h", 0.0))
>>> act(p, "a1", "suspend", by_id=None, reason="spam", until=100.0, now=10.0).status
'suspended'
>>> effective_status(p.get_account("a1"), 50.0), effective_status(p.get_account("a1"), 100.0)
('suspended', 'active')
"""

from __future__ import annotations

import json
import time
import uuid
from dataclasses import replace
from typing import Any

from trapoula.web.people.rows import Account, People
from trapoula.web.people.social_rows import Report, Sanction

__all__ = ["ACTS", "ModerationError", "act", "dismiss", "effective_status", "is_moderator",
           "report_view", "unseen_warnings"]

ACTS = ("warn", "suspend", "ban", "lift")
_REPORT_STATUS = {"warn": "warned", "suspend": "suspended", "ban": "banned", "lift": "dismissed"}


class ModerationError(ValueError):
    """An act that cannot be done; the message says why and what can."""


def is_moderator(account: Account | None) -> bool:
    return account is not None and bool({"admin", "moderator"} & set(account.roles))


def effective_status(account: Account, now: float | None = None) -> str:
    """The account's status now: a suspension whose time is over counts as ``active``."""
    now = time.time() if now is None else now
    if (account.status == "suspended" and account.status_until is not None
            and account.status_until <= now):
        return "active"
    return account.status


def act(people: People, account_id: str, kind: str, *, by_id: str | None, reason: str,
        until: float | None = None, report_id: str | None = None,
        now: float | None = None) -> Account:
    """Warn, suspend (until ``until``), ban or lift an account; resolve ``report_id`` with it.
    The account as it is now."""
    now = time.time() if now is None else now
    if kind not in ACTS:
        raise ModerationError(f"an act is one of {', '.join(ACTS)}, not {kind!r}")
    account = people.get_account(account_id)
    if account is None:
        raise ModerationError(f"no account {account_id!r}")
    if account.status == "deleted":
        raise ModerationError(f"{account.name} deleted his account")
    if kind == "suspend" and (until is None or until <= now):
        raise ModerationError("a suspension needs its end, a time after now")
    reason = (reason or "").strip()[:500]
    people.add_sanction(Sanction(uuid.uuid4().hex, account_id, kind, by_id, reason, now,
                                 until if kind == "suspend" else None))
    status = {"suspend": "suspended", "ban": "banned", "lift": "active"}.get(kind)
    if status is not None:
        account = replace(account, status=status,
                          status_until=until if kind == "suspend" else None)
        people.put_account(account)
    if report_id is not None:
        people.resolve_report(report_id, _REPORT_STATUS[kind], reason, by_id, now)
    return account


def dismiss(people: People, report_id: str, *, by_id: str | None, reason: str = "",
            now: float | None = None) -> None:
    """Close a report without an act."""
    if people.get_report(report_id) is None:
        raise ModerationError(f"no report {report_id!r}")
    people.resolve_report(report_id, "dismissed", (reason or "").strip()[:500], by_id,
                          time.time() if now is None else now)


def _name(people: People, account_id: str | None) -> str | None:
    if account_id is None:
        return None
    a = people.get_account(account_id)
    return a.name if a is not None else account_id


def report_view(people: People, r: Report) -> dict[str, Any]:
    """A report as the admin page and ``trapoula admin reports`` show it."""
    target = people.get_account(r.target_id)
    try:
        context = json.loads(r.context)
    except ValueError:
        context = []
    return {"id": r.report_id, "reporter": _name(people, r.reporter_id),
            "target": target.name if target else r.target_id, "target_id": r.target_id,
            "target_status": effective_status(target) if target else None,
            "table_id": r.table_id, "context": context, "text": r.text, "created": r.created,
            "status": r.status, "resolution": r.resolution,
            "resolved_by": _name(people, r.resolved_by), "resolved_at": r.resolved_at}


def unseen_warnings(people: People, account_id: str) -> list[dict[str, Any]]:
    """The warnings the player has not seen yet — marked seen now (he sees each once)."""
    new = [s for s in people.sanctions_of(account_id) if s.kind == "warn" and not s.seen]
    people.mark_sanctions_seen(account_id, [s.sanction_id for s in new])
    return [{"reason": s.reason, "when": s.created} for s in new]
