"""``trapoula admin`` (cli/admin.py, admin_accounts.py) on SQLite and PostgreSQL: list and
search accounts, reset a password (printed or read), add and remove roles; and
``trapoula db backup`` of a PostgreSQL database copies the accounts and sessions too."""

from __future__ import annotations

import io
import sqlite3
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa

from trapoula.cli.main import main
from trapoula.web.people.passwords import FAST, Passwords
from trapoula.web.people.rows import Account, Session
from trapoula.web.people.store import people_of
from trapoula.web.store import SqlStore


@pytest.fixture(params=["sqlite", "postgresql"])
def url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A database of the test's own (a fresh PostgreSQL database on the tests' server)."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'room.db'}"
        return
    server = request.getfixturevalue("postgres_url")
    name = f"acc_{uuid.uuid4().hex[:8]}"
    admin = sa.create_engine(server.rsplit("/", 1)[0] + "/postgres", isolation_level="AUTOCOMMIT")
    with admin.connect() as c:
        c.exec_driver_sql(f"CREATE DATABASE {name}")
    try:
        yield server.rsplit("/", 1)[0] + f"/{name}"
    finally:
        with admin.connect() as c:
            c.exec_driver_sql(f"DROP DATABASE {name} WITH (FORCE)")
        admin.dispose()


@pytest.fixture
def admin(url: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
          ) -> Callable[..., tuple[int, str, str]]:
    """``admin(*args, stdin="")``: ``trapoula admin ARGS --database-url URL``'s exit code,
    output and errors."""
    def run(*args: str, stdin: str = "") -> tuple[int, str, str]:
        monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
        code = main(["admin", *args, "--database-url", url])
        out = capsys.readouterr()
        return code, out.out, out.err
    return run


def _seed(url: str) -> list[Account]:
    store = SqlStore(url)
    people = people_of(store)
    fast = Passwords(FAST)
    accounts = [Account(uuid.uuid4().hex, name, fast.hash("old password"), 1e9 + k,
                        languages=("el",))
                for k, name in enumerate(["Eleni", "Nikos", "Elena_100%"])]
    for a in accounts:
        people.add_account(a)
    people.add_session(Session("h" * 64, accounts[0].account_id, 1.0, 9e9))
    store.close()
    return accounts


def test_admin_lists_and_searches_accounts(url: str, admin: Any) -> None:
    _seed(url)
    code, out, _ = admin("accounts")
    assert code == 0 and [line.split()[0] for line in out.splitlines()[1:]] == [
        "Eleni", "Nikos", "Elena_100%"]
    code, out, _ = admin("accounts", "ELE")
    assert [line.split()[0] for line in out.splitlines()[1:]] == ["Eleni", "Elena_100%"]
    code, out, _ = admin("accounts", "_1")  # LIKE's wildcards are plain text here
    assert [line.split()[0] for line in out.splitlines()[1:]] == ["Elena_100%"]
    code, out, _ = admin("accounts", "nobody")
    assert code == 0 and "no accounts" in out


def test_admin_resets_a_password_and_ends_the_sessions(url: str, admin: Any) -> None:
    eleni = _seed(url)[0]
    code, out, _ = admin("reset-password", "eleni")
    assert code == 0 and "1 session(s) ended" in out
    new = out.splitlines()[-1]
    store = SqlStore(url)
    people = people_of(store)
    stored = people.get_account(eleni.account_id)
    check = Passwords(FAST)  # verifies a hash of any parameters
    assert check.verify(stored.password_hash, new) and not check.verify(stored.password_hash,
                                                                        "old password")
    assert people.get_session("h" * 64) is None
    store.close()
    code, out, _ = admin("reset-password", "Nikos", "--password-stdin", stdin="typed secret 7\n")
    assert code == 0 and "typed secret" not in out
    store = SqlStore(url)
    assert check.verify(people_of(store).find_account("nikos").password_hash, "typed secret 7")
    store.close()
    code, _, err = admin("reset-password", "Nikos", "--password-stdin", stdin="short\n")
    assert code == 1 and "8 to 128" in err
    code, _, err = admin("reset-password", "Nobody")
    assert code == 1 and "no account named 'Nobody'" in err


def test_admin_adds_and_removes_roles(url: str, admin: Any) -> None:
    _seed(url)
    assert admin("role", "nikos", "add", "moderator")[0] == 0
    code, out, _ = admin("role", "nikos", "add", "admin")
    assert code == 0 and "roles admin, moderator" in out
    assert admin("role", "NIKOS", "remove", "moderator")[0] == 0
    store = SqlStore(url)
    assert people_of(store).find_account("Nikos").roles == ("admin",)
    store.close()
    assert admin("role", "nikos", "add", "emperor")[0] == 2  # not a role


def test_a_backup_copies_the_accounts_and_sessions(url: str, tmp_path: Path) -> None:
    accounts = _seed(url)
    copy = tmp_path / "backup.db"
    assert main(["db", "backup", str(copy), "--database-url", url]) == 0
    con = sqlite3.connect(copy)
    names = [r[0] for r in con.execute("SELECT name FROM accounts ORDER BY created")]
    assert names == [a.name for a in accounts]
    assert con.execute("SELECT account_id FROM sessions").fetchall() == [
        (accounts[0].account_id,)]
    con.close()
