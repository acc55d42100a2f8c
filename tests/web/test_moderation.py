"""Moderation (web/people/moderation.py) over memory, SQLite and PostgreSQL, and
``trapoula admin reports | warn | suspend | ban | lift | dismiss`` (cli/admin_moderation.py)."""

from __future__ import annotations

import io
import json
import time
import uuid
from pathlib import Path
from typing import Any

import pytest

from trapoula.cli.main import main
from trapoula.web.people.auth import may_sign_in
from trapoula.web.people.moderation import (
    ModerationError,
    act,
    dismiss,
    effective_status,
    report_view,
    unseen_warnings,
)
from trapoula.web.people.rows import Account
from trapoula.web.people.social_rows import Report
from trapoula.web.people.store import people_of
from trapoula.web.store import SqlStore


def _accounts(people: Any, *names: str) -> list[Account]:
    out = []
    for n in names:
        a = Account(uuid.uuid4().hex, n + uuid.uuid4().hex[:6], "h", 1.0)
        people.add_account(a)
        out.append(a)
    return out


def _report(people: Any, reporter: Account, target: Account) -> Report:
    ctx = [{"name": target.name, "text": "rude words", "ts": 5.0, "reported": True}]
    r = Report(uuid.uuid4().hex, reporter.account_id, target.account_id, None,
               json.dumps(ctx), "he insulted me", time.time())
    people.add_report(r)
    return r


def test_a_suspension_resolves_the_report_and_ends_by_itself(store: Any) -> None:
    people = people_of(store)
    rep, bad, mod = _accounts(people, "Rep", "Bad", "Mod")
    r = _report(people, rep, bad)
    view = report_view(people, r)
    assert (view["reporter"], view["target"], view["target_status"]) == (rep.name, bad.name,
                                                                         "active")
    assert view["context"][0]["text"] == "rude words"
    now = time.time()
    done = act(people, bad.account_id, "suspend", by_id=mod.account_id, reason="insults",
               until=now + 3600, report_id=r.report_id, now=now)
    assert (done.status, done.status_until) == ("suspended", now + 3600)
    stored = people.get_account(bad.account_id)
    assert stored == done and may_sign_in(stored) is not None  # cannot sign in
    assert effective_status(stored, now + 3601) == "active"
    resolved = people.get_report(r.report_id)
    assert (resolved.status, resolved.resolved_by, resolved.resolution) == (
        "suspended", mod.account_id, "insults")
    [s] = people.sanctions_of(bad.account_id)
    assert (s.kind, s.by_id, s.reason, s.until) == ("suspend", mod.account_id, "insults",
                                                    now + 3600)
    lifted = act(people, bad.account_id, "lift", by_id=mod.account_id, reason="")
    assert (lifted.status, lifted.status_until) == ("active", None)


def test_a_warning_is_shown_once_and_a_ban_lasts(store: Any) -> None:
    people = people_of(store)
    bad, mod = _accounts(people, "Bad", "Mod")
    act(people, bad.account_id, "warn", by_id=mod.account_id, reason="be polite")
    assert people.get_account(bad.account_id).status == "active"
    assert [w["reason"] for w in unseen_warnings(people, bad.account_id)] == ["be polite"]
    assert unseen_warnings(people, bad.account_id) == []
    act(people, bad.account_id, "ban", by_id=mod.account_id, reason="again")
    banned = people.get_account(bad.account_id)
    assert effective_status(banned, time.time() + 10**9) == "banned"
    assert may_sign_in(banned) == "this account is banned"


def test_acts_that_cannot_be_done_say_why(store: Any) -> None:
    people = people_of(store)
    [bad] = _accounts(people, "Bad")
    with pytest.raises(ModerationError, match="its end"):
        act(people, bad.account_id, "suspend", by_id=None, reason="x")
    with pytest.raises(ModerationError, match="one of"):
        act(people, bad.account_id, "shout", by_id=None, reason="x")
    with pytest.raises(ModerationError, match="no account"):
        act(people, "nobody", "warn", by_id=None, reason="x")
    with pytest.raises(ModerationError, match="no report"):
        dismiss(people, "nothing", by_id=None)
    assert people.sanctions_of(bad.account_id) == []
    assert people.get_account(bad.account_id).status == "active"


def test_the_command_line_lists_reports_and_acts_on_them(tmp_path: Path,
                                                        capsys: pytest.CaptureFixture[str],
                                                        monkeypatch: pytest.MonkeyPatch
                                                        ) -> None:
    url = f"sqlite:///{tmp_path / 'room.db'}"
    store = SqlStore(url)
    people = people_of(store)
    rep, bad, other = _accounts(people, "Rep", "Bad", "Other")
    r1, r2 = _report(people, rep, bad), _report(people, rep, other)
    store.close()
    monkeypatch.setattr("sys.stdin", io.StringIO(""))

    def admin(*args: str) -> tuple[int, str, str]:
        code = main(["admin", *args, "--database-url", url])
        out = capsys.readouterr()
        return code, out.out, out.err

    code, out, _ = admin("reports")
    assert code == 0 and r1.report_id in out and r2.report_id in out
    assert "> " + bad.name + ": rude words" in out and "he insulted me" in out
    assert admin("suspend", bad.name, "48", "insults", "--report", r1.report_id)[0] == 0
    assert admin("dismiss", r2.report_id, "nothing wrong")[0] == 0
    code, out, _ = admin("reports")
    assert code == 0 and out.strip() == "no open reports"
    code, out, _ = admin("reports", "--all")
    assert "[suspended]" in out and "[dismissed]" in out and "nothing wrong" in out
    code, _, err = admin("suspend", bad.name, "0", "x")
    assert code == 1 and "HOURS" in err
    code, _, err = admin("warn", "nobody-at-all", "x")
    assert code == 1 and "no account" in err
    assert admin("ban", other.name, "spam")[0] == 0
    assert admin("lift", bad.name)[0] == 0
    store = SqlStore(url)
    people = people_of(store)
    assert people.get_account(bad.account_id).status == "active"
    assert people.get_account(other.account_id).status == "banned"
    assert [s.kind for s in people.sanctions_of(bad.account_id)] == ["lift", "suspend"]
    store.close()
