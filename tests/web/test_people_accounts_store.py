"""The players' home's store calls that accounts add (web/people/store.py) in memory, SQLite
and PostgreSQL: listing and searching accounts, forgetting ended sessions, renaming the seats
of a deleted account."""

from __future__ import annotations

import uuid
from typing import Any

from trapoula.web.people.rows import Account, Session
from trapoula.web.people.store import people_of
from trapoula.web.rows import SeatRow, TableRow


def test_accounts_are_listed_oldest_first_and_searched_by_a_part_of_the_name(store: Any) -> None:
    people = people_of(store)
    tag = uuid.uuid4().hex[:8]  # the PostgreSQL server is shared by the session
    names = [f"Zoe{tag}", f"zoé_{tag}%", f"Max{tag}"]
    for k, name in enumerate(names):
        people.add_account(Account(uuid.uuid4().hex, name, "h", 1e9 + k))
    assert [a.name for a in people.list_accounts(tag)] == names
    assert [a.name for a in people.list_accounts(f"ZOE{tag}")] == [names[0]]
    assert [a.name for a in people.list_accounts(f"_{tag}%")] == [names[1]]  # not wildcards
    assert [a.name for a in people.list_accounts(tag, limit=2)] == names[:2]
    assert people.list_accounts("no such " + tag) == []


def test_ended_sessions_are_forgotten(store: Any) -> None:
    people = people_of(store)
    a = Account(uuid.uuid4().hex, "S" + uuid.uuid4().hex[:10], "h", 1.0)
    people.add_account(a)
    old, live = Session(uuid.uuid4().hex, a.account_id, 1.0, 10.0), Session(
        uuid.uuid4().hex, a.account_id, 1.0, 1e12)
    people.add_session(old)
    people.add_session(live)
    assert people.purge_sessions(100.0) >= 1
    assert people.get_session(old.token_hash) is None
    assert people.get_session(live.token_hash) == live


def test_the_seats_of_an_account_are_renamed_and_no_other(store: Any) -> None:
    people = people_of(store)
    a = Account(uuid.uuid4().hex, "R" + uuid.uuid4().hex[:10], "h", 1.0)
    people.add_account(a)
    tid = uuid.uuid4().hex[:16]
    store.create_table(TableRow(tid, tid[:6].upper(), "bourloto", "ru", {}, 7, "open", 5.0,
                                [SeatRow("P1", "human"), SeatRow("P2", "human"),
                                 SeatRow("P3", "bot", "bot (hard)", bot="hard"),
                                 SeatRow("P4", "human")]))
    assert store.set_seat(tid, "P1", a.name, "t1", account_id=a.account_id)
    assert store.set_seat(tid, "P2", "Guest", "t2")
    assert store.set_seat(tid, "P4", a.name, "t4", account_id=a.account_id)
    assert people.rename_seats(a.account_id, "player-7f3a") == 2
    names = {s.seat: s.name for s in store.get_table(tid).seats}
    assert names == {"P1": "player-7f3a", "P2": "Guest", "P3": "bot (hard)",
                     "P4": "player-7f3a"}
