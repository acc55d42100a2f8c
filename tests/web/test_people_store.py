"""The players' home's store (web/people/store.py) in memory, SQLite and PostgreSQL: accounts
with names unique without regard to case, sessions, and the seats an account holds."""

from __future__ import annotations

import uuid
from dataclasses import replace
from typing import Any

import pytest

from trapoula.web.people.rows import Account, NameTaken, Session
from trapoula.web.people.store import people_of
from trapoula.web.rows import SeatRow, TableRow


def _name() -> str:
    return "P" + uuid.uuid4().hex[:10]  # the PostgreSQL server is shared by the session


def test_an_account_is_found_by_its_name_without_regard_to_case(store: Any) -> None:
    people = people_of(store)
    name = _name()
    a = Account(uuid.uuid4().hex, name, "hash", 1.0, ("admin",), ("el", "en"))
    people.add_account(a)
    assert people.get_account(a.account_id) == a
    assert people.find_account(f"  {name.upper()} ") == a
    with pytest.raises(NameTaken):
        people.add_account(Account(uuid.uuid4().hex, name.lower(), "x", 2.0))
    assert people.find_account(_name()) is None


def test_a_renamed_account_frees_its_old_name_and_cannot_take_anothers(store: Any) -> None:
    people = people_of(store)
    a = Account(uuid.uuid4().hex, _name(), "h", 1.0)
    b = Account(uuid.uuid4().hex, _name(), "h", 1.0)
    people.add_account(a)
    people.add_account(b)
    with pytest.raises(NameTaken):
        people.put_account(replace(a, name=b.name.upper()))
    renamed = replace(a, name=_name(), status="suspended", status_until=9.0, password_hash=None)
    people.put_account(renamed)
    assert people.get_account(a.account_id) == renamed
    assert people.find_account(a.name) is None
    people.add_account(Account(uuid.uuid4().hex, a.name, "h", 3.0))  # the old name is free


def test_sessions_are_found_by_token_hash_and_dropped_one_or_all(store: Any) -> None:
    people = people_of(store)
    a = Account(uuid.uuid4().hex, _name(), "h", 1.0)
    people.add_account(a)
    s1, s2 = (Session(uuid.uuid4().hex, a.account_id, 1.0, 99.0) for _ in range(2))
    people.add_session(s1)
    people.add_session(s2)
    assert people.get_session(s1.token_hash) == s1
    assert people.drop_sessions(a.account_id, s1.token_hash) == 1
    assert people.get_session(s1.token_hash) is None
    assert people.get_session(s2.token_hash) == s2
    assert people.drop_sessions(a.account_id) == 1
    assert people.get_session(s2.token_hash) is None


def test_a_guest_claims_only_the_seats_whose_token_he_holds(store: Any) -> None:
    people = people_of(store)
    a = Account(uuid.uuid4().hex, _name(), "h", 1.0)
    people.add_account(a)
    tid = uuid.uuid4().hex[:16]
    store.create_table(TableRow(tid, tid[:6].upper(), "bourloto", "ru", {}, 7, "open", 5.0,
                                [SeatRow("P1", "human"), SeatRow("P2", "human"),
                                 SeatRow("P3", "bot", bot="heuristic"),
                                 SeatRow("P4", "human")]))
    assert store.set_seat(tid, "P1", "Guest", "tok1")
    assert store.set_seat(tid, "P2", "Other", "tok2")
    assert store.set_seat(tid, "P4", a.name, "tok4", account_id=a.account_id)
    assert people.claim_seats(a.account_id, [(tid, "P1", "tok1"), (tid, "P2", "wrong")]) == 1
    assert people.claim_seats(a.account_id, [(tid, "P1", "tok1")]) == 0  # claimed already
    seats = {s.seat: s.account_id for s in store.get_table(tid).seats}
    assert seats == {"P1": a.account_id, "P2": None, "P3": None, "P4": a.account_id}
    assert sorted(people.seats_of(a.account_id)) == [(tid, "P1"), (tid, "P4")]
